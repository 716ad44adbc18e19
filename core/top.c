// SPDX-License-Identifier: MIT
/*
 * top.c - irqtop's arithmetic: snapshots of the counts, rates between
 * two of them, and the screen (see <genirq/top.h>).
 */
#include "internals.h"
#include <genirq/top.h>

GENIRQ_FEATURE_SOURCE(GENIRQ_COST, "COST");

void irq_top_snap_init(struct irq_top_snap *s, struct irq_top_line *lines, unsigned int max)
{
	*s = (struct irq_top_snap){ .lines = lines, .max = max };
}

/* The line's handler names, comma-separated, cut to fit. */
static void copy_names(char *dst, struct irq_desc *desc)
{
	struct irq_text t;
	const char *sep = "";
	struct irqaction *a = desc_action(desc);

	irq_text_init(&t, dst, IRQ_TOP_NAME);
	if (!a)
		irq_text_puts(&t, "(cascade)");
	for (; a; a = atomic_load_explicit(&a->next, memory_order_acquire)) {
		irq_text_printf(&t, "%s%s", sep, a->name ? a->name : "?");
		sep = ",";
	}
}

/* Record @desc into @l if it is in use and shown. Return: true if it was. */
static bool sample_line(struct irq_top_line *l, unsigned int irq, struct irq_desc *desc,
			unsigned int nr_cpus)
{
	unsigned long flags = desc_lock_irqsave(desc);
	/* The lines /proc/interrupts numbers: not one the port shows as a row. */
	bool used = (desc_action(desc) || (desc_state(desc) & IRQS_NOREQUEST)) && !desc->proc_hidden;

	if (used) {
		l->irq = irq;
		for (unsigned int cpu = 0; cpu < nr_cpus; cpu++)
			l->count[cpu] = atomic_load_explicit(&desc->kstat[cpu * IRQ_KSTAT_GROUP],
							     memory_order_relaxed);
		copy_names(l->name, desc);
	}
	desc_unlock_irqrestore(desc, flags);
	return used;
}

void irq_top_sample(struct irq_top_snap *s)
{
	unsigned int rd = desc_read_lock();
	struct irq_desc *desc;
	struct irq_top_line spare;
	unsigned int irq;

	s->nr = 0;
	s->missed = 0;
	s->nr_cpus = port_nr_cpus();
	s->time_ns = port_time_ns();
	for (irq = 0; irq_desc_iter(&irq, &desc); irq++) {
		struct irq_top_line *l = s->nr < s->max ? &s->lines[s->nr] : &spare;
		struct irq_cost c;

		if (!sample_line(l, irq, desc, s->nr_cpus))
			continue;
		if (l == &spare) {
			s->missed++;
			continue;
		}
		irq_get_cost(irq, &c);
		l->cost_on = c.enabled;
		l->cost_count = c.count;
		l->cost_cycles = c.total_cycles;
		l->cost_max = c.max_cycles;
		s->nr++;
	}
	desc_read_unlock(rd);
}

unsigned long irq_top_rate(unsigned long delta, uint64_t ns)
{
	uint64_t d = delta, r;	/* 64 bits even where a long has 32 */

	if (ns == 0)
		return 0;
	if (d <= UINT64_MAX / NSEC_PER_SEC)
		r = d * NSEC_PER_SEC / ns;
	else if (d / ns <= UINT64_MAX / NSEC_PER_SEC)
		r = d / ns * NSEC_PER_SEC;	/* a rate this high needs no last digits */
	else
		r = UINT64_MAX;
	return r > (unsigned long)-1 ? (unsigned long)-1 : (unsigned long)r;
}

unsigned long irq_top_cpu_delta(const struct irq_top_line *now,
				const struct irq_top_line *prev, unsigned int cpu)
{
	if (!prev || now->count[cpu] < prev->count[cpu])
		return now->count[cpu];
	return now->count[cpu] - prev->count[cpu];
}

/* The same line in @old (both are in number order), or NULL. */
static const struct irq_top_line *find_prev(const struct irq_top_snap *old, unsigned int irq)
{
	unsigned int lo = 0, hi = old ? old->nr : 0;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (old->lines[mid].irq == irq)
			return &old->lines[mid];
		if (old->lines[mid].irq < irq)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static uint64_t interval_mean(const struct irq_top_line *l, const struct irq_top_line *p)
{
	unsigned long n = l->cost_count;
	uint64_t cycles = l->cost_cycles;

	if (p && p->cost_count <= n && p->cost_cycles <= cycles) {
		n -= p->cost_count;
		cycles -= p->cost_cycles;
	}
	return n ? cycles / n : 0;
}

/* Busier first: rate, then total, then the lower number. */
static bool row_before(const struct irq_top_row *a, const struct irq_top_row *b)
{
	if (a->rate != b->rate)
		return a->rate > b->rate;
	if (a->total != b->total)
		return a->total > b->total;
	return a->line->irq < b->line->irq;
}

unsigned int irq_top_diff(const struct irq_top_snap *old, const struct irq_top_snap *now,
			  struct irq_top_row *rows, unsigned int max)
{
	uint64_t ns = old && now->time_ns > old->time_ns ? now->time_ns - old->time_ns : 0;
	unsigned int n = 0;

	for (unsigned int i = 0; i < now->nr && n < max; i++) {
		struct irq_top_row r = { .line = &now->lines[i] };
		unsigned int j;

		r.prev = find_prev(old, r.line->irq);
		for (unsigned int cpu = 0; cpu < now->nr_cpus; cpu++) {
			r.total += r.line->count[cpu];
			r.delta += irq_top_cpu_delta(r.line, r.prev, cpu);
		}
		r.rate = irq_top_rate(r.delta, ns);
		r.mean_cycles = interval_mean(r.line, r.prev);
		/* Insertion: a screen's worth of lines. */
		for (j = n; j > 0 && row_before(&r, &rows[j - 1]); j--)
			rows[j] = rows[j - 1];
		rows[j] = r;
		n++;
	}
	return n;
}

static void show_row(struct irq_text *t, const struct irq_top_row *r, uint64_t ns,
		     unsigned int nr_cpus, bool cost)
{
	irq_text_printf(t, "%4u %-15s %9lu %11lu", r->line->irq, r->line->name,
			r->rate, r->total);
	for (unsigned int cpu = 0; cpu < nr_cpus; cpu++)
		irq_text_printf(t, " %9lu", irq_top_rate(irq_top_cpu_delta(r->line, r->prev, cpu), ns));
	if (cost && r->line->cost_on)
		irq_text_printf(t, " %9llu %9llu", (unsigned long long)r->mean_cycles,
				(unsigned long long)r->line->cost_max);
	else if (cost)
		irq_text_printf(t, " %9s %9s", "-", "-");
	irq_text_puts(t, "\n");
}

int irq_top_show(const struct irq_top_snap *old, const struct irq_top_snap *now,
		 struct irq_top_row *rows, unsigned int max, char *buf, size_t size)
{
	uint64_t ns = old && now->time_ns > old->time_ns ? now->time_ns - old->time_ns : 0;
	unsigned int n = irq_top_diff(old, now, rows, max);
	bool cost = false;
	struct irq_text t;

	for (unsigned int i = 0; i < n; i++)
		cost |= rows[i].line->cost_on;
	irq_text_init(&t, buf, size);
	irq_text_printf(&t, "irqtop: %llu ms, %u CPUs, %u lines, busiest first\n",
			(unsigned long long)(ns / NSEC_PER_MSEC), now->nr_cpus, now->nr);
	irq_text_printf(&t, "%4s %-15s %9s %11s", "IRQ", "NAME", "RATE/s", "TOTAL");
	for (unsigned int cpu = 0; cpu < now->nr_cpus; cpu++) {
		char col[16];

		irq_snprintf(col, sizeof(col), "CPU%u/s", cpu);
		irq_text_printf(&t, " %9s", col);
	}
	if (cost)
		irq_text_printf(&t, " %9s %9s", "MEAN-CYC", "MAX-CYC");
	irq_text_puts(&t, "\n");
	for (unsigned int i = 0; i < n; i++)
		show_row(&t, &rows[i], ns, now->nr_cpus, cost);
	if (now->missed || n < now->nr)
		irq_text_printf(&t, "(%u more lines not shown)\n", now->missed + now->nr - n);
	return (int)t.len;
}

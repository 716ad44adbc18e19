// SPDX-License-Identifier: MIT
/*
 * x86_vector.c - the x86 vector domain (see <genirq/chip/x86_vector.h>):
 * a per-CPU vector matrix, lines that are one (CPU, vector) each, their
 * MSI message, and the two-vector move that loses no event.
 */
#include <genirq/chip/x86_vector.h>
#include <genirq/irqdomain.h>
#include <genirq/msi.h>
#include <genirq/port.h>
#include <genirq/proc.h>
#include <genirq/spinlock.h>

#define NR_VECTORS	256u
#define MAP_WORDS	(NR_VECTORS / 64u)
#define NO_CPU		(~0u)

/* One line at this level; a field of the instance's table, by hwirq. */
struct vector_line {
	bool		used;
	unsigned int	cpu, vector;		/* where the device sends now */
	/* A move not finished: the old target stays bound until cleanup. */
	bool		moving;
	bool		cleanup_sent;		/* the old CPU has been asked */
	unsigned int	prev_cpu, prev_vector;
};

struct x86_vector {
	const struct x86_vector_ops *ops;
	struct irq_domain	*domain;
	struct irq_spinlock	lock;		/* the matrix and every line's target */
	unsigned int		first, last;
	unsigned int		nr_lines;
	struct vector_line	*lines;
	uint64_t		map[GENIRQ_NR_CPUS][MAP_WORDS];	/* bit set: vector taken */
	unsigned int		avail[GENIRQ_NR_CPUS];
};

/* --- the matrix (Linux's kernel/irq/matrix.c idea, per CPU bitmaps) --- */

static bool matrix_taken(struct x86_vector *v, unsigned int cpu, unsigned int vec)
{
	return v->map[cpu][vec / 64u] >> (vec % 64u) & 1u;
}

static void matrix_put(struct x86_vector *v, unsigned int cpu, unsigned int vec)
{
	if (!matrix_taken(v, cpu, vec))
		return;
	v->map[cpu][vec / 64u] &= ~(1ull << (vec % 64u));
	v->avail[cpu]++;
}

/* The online CPU of @dest with the most free vectors (the lowest on a
 * tie): lines spread over CPUs as they are allocated. Or NO_CPU. */
static unsigned int matrix_best_cpu(struct x86_vector *v, const struct cpumask *dest)
{
	unsigned int best = NO_CPU;

	for (unsigned int cpu = 0; cpu < GENIRQ_NR_CPUS; cpu++) {
		if (!cpumask_test_cpu(cpu, dest) || !cpumask_test_cpu(cpu, irq_cpu_online_mask()))
			continue;
		if (v->avail[cpu] && (best == NO_CPU || v->avail[cpu] > v->avail[best]))
			best = cpu;
	}
	return best;
}

/* Take a vector on the best CPU of @dest. Caller holds v->lock. */
static int matrix_get(struct x86_vector *v, const struct cpumask *dest, unsigned int *cpu,
		      unsigned int *vec)
{
	unsigned int c = matrix_best_cpu(v, dest);

	if (c == NO_CPU)
		return -ENOSPC;
	for (unsigned int n = v->first; n <= v->last; n++) {
		if (!matrix_taken(v, c, n)) {
			v->map[c][n / 64u] |= 1ull << (n % 64u);
			v->avail[c]--;
			*cpu = c;
			*vec = n;
			return 0;
		}
	}
	return -ENOSPC;		/* avail said otherwise: cannot happen */
}

/* --- the chip: one line's level --- */

static struct vector_line *line_of(struct irq_data *d)
{
	struct x86_vector *v = d->chip_data;

	return &v->lines[d->hwirq];
}

/*
 * Start of an edge event: the local APIC's EOI (the message is latched,
 * the next one may come), and the first event on a moved line's new
 * vector proves the device writes the new message: the old CPU may now
 * let its vector go.
 */
static void vector_ack(struct irq_data *d)
{
	struct x86_vector *v = d->chip_data;
	struct vector_line *l = line_of(d);
	unsigned int old = NO_CPU;
	unsigned long flags;

	v->ops->local_eoi();
	if (!l->moving)
		return;
	flags = irq_spin_lock_irqsave(&v->lock);
	if (l->moving && !l->cleanup_sent && port_cpu_id() == l->cpu) {
		l->cleanup_sent = true;
		old = l->prev_cpu;
	}
	irq_spin_unlock_irqrestore(&v->lock, flags);
	/* Never this CPU: a move always leaves the line's CPU. */
	if (old != NO_CPU)
		v->ops->send_cleanup(old);
}

static int vector_set_affinity(struct irq_data *d, const struct cpumask *dest)
{
	struct x86_vector *v = d->chip_data;
	struct vector_line *l = line_of(d);
	unsigned int cpu = 0, vec = 0;
	unsigned long flags = irq_spin_lock_irqsave(&v->lock);
	int ret = 0;

	if (cpumask_test_cpu(l->cpu, dest)) {
		cpu = l->cpu;			/* already there: nothing moves */
		goto out_unlock;
	}
	if (l->moving) {
		ret = -EBUSY;			/* the previous move holds two vectors */
		goto out_unlock;
	}
	ret = matrix_get(v, dest, &cpu, &vec);
	if (ret)
		goto out_unlock;
	/* Bound before the device can send there; the old stays bound. */
	v->ops->bind(cpu, vec, v->domain, d->hwirq);
	l->prev_cpu = l->cpu;
	l->prev_vector = l->vector;
	l->cpu = cpu;
	l->vector = vec;
	l->moving = true;
	l->cleanup_sent = false;
out_unlock:
	irq_spin_unlock_irqrestore(&v->lock, flags);
	if (!ret)
		irq_data_update_effective_cpu(d, cpu);
	return ret;
}

static void vector_compose_msi_msg(struct irq_data *d, struct msi_msg *msg)
{
	struct x86_vector *v = d->chip_data;
	struct vector_line *l = line_of(d);
	unsigned long flags = irq_spin_lock_irqsave(&v->lock);

	msg->address_hi = 0;
	msg->address_lo = X86_MSI_ADDR_BASE | v->ops->cpu_apic_id(l->cpu) << X86_MSI_DEST_SHIFT;
	msg->data = l->vector;		/* fixed delivery, edge */
	irq_spin_unlock_irqrestore(&v->lock, flags);
}

static int vector_retrigger(struct irq_data *d)
{
	struct x86_vector *v = d->chip_data;
	struct vector_line *l = line_of(d);

	v->ops->send_vector(v->ops->cpu_apic_id(l->cpu), l->vector);
	return 1;
}

static const struct irq_chip vector_chip = {
	.name		= "VECTOR",
	.ack		= vector_ack,
	.set_affinity	= vector_set_affinity,
	.retrigger	= vector_retrigger,
	.compose_msi_msg = vector_compose_msi_msg,
};

void x86_vector_cleanup(struct x86_vector *v)
{
	unsigned int self = port_cpu_id();
	unsigned long flags = irq_spin_lock_irqsave(&v->lock);

	for (unsigned int hw = 0; hw < v->nr_lines; hw++) {
		struct vector_line *l = &v->lines[hw];

		if (!l->used || !l->moving || !l->cleanup_sent || l->prev_cpu != self)
			continue;
		if (v->ops->vector_pending(l->prev_vector)) {
			l->cleanup_sent = false;	/* still due here: ask again later */
			continue;
		}
		v->ops->bind(self, l->prev_vector, NULL, 0);
		matrix_put(v, self, l->prev_vector);
		l->moving = false;
	}
	irq_spin_unlock_irqrestore(&v->lock, flags);
}

/* --- the domain: lines and their first vector --- */

/* Release line @hw's vectors and slot. Caller holds v->lock. */
static void line_release(struct x86_vector *v, unsigned int hw)
{
	struct vector_line *l = &v->lines[hw];

	v->ops->bind(l->cpu, l->vector, NULL, 0);
	matrix_put(v, l->cpu, l->vector);
	/* Freed mid-move: the old vector goes too (the device is quiet now). */
	if (l->moving) {
		v->ops->bind(l->prev_cpu, l->prev_vector, NULL, 0);
		matrix_put(v, l->prev_cpu, l->prev_vector);
	}
	*l = (struct vector_line){ .used = false };
}

static void vector_domain_free(struct irq_domain *d, unsigned int virq, unsigned int nr)
{
	struct x86_vector *v = irq_domain_host_data(d);

	for (unsigned int i = 0; i < nr; i++) {
		struct irq_data *data = irq_domain_get_irq_data(d, virq + i);
		unsigned long flags;

		if (!data || data->chip_data != v)
			continue;
		flags = irq_spin_lock_irqsave(&v->lock);
		if (data->hwirq < v->nr_lines && v->lines[data->hwirq].used)
			line_release(v, (unsigned int)data->hwirq);
		irq_spin_unlock_irqrestore(&v->lock, flags);
		irq_domain_set_hwirq_and_chip(d, virq + i, 0, NULL, NULL);
	}
}

/* One line: a free slot and a vector on the online CPU with most room. */
static int line_take(struct x86_vector *v, unsigned int *hw)
{
	unsigned long flags = irq_spin_lock_irqsave(&v->lock);
	int ret = -ENOSPC;

	for (unsigned int i = 0; i < v->nr_lines; i++) {
		struct vector_line *l = &v->lines[i];

		if (l->used)
			continue;
		ret = matrix_get(v, irq_cpu_online_mask(), &l->cpu, &l->vector);
		if (ret)
			break;
		l->used = true;
		v->ops->bind(l->cpu, l->vector, v->domain, i);
		*hw = i;
		break;
	}
	irq_spin_unlock_irqrestore(&v->lock, flags);
	return ret;
}

static int vector_domain_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr,
			       void *arg)
{
	struct x86_vector *v = irq_domain_host_data(d);
	unsigned int i, hw = 0;
	int ret = 0;

	(void)arg;
	for (i = 0; i < nr && !ret; i++) {
		ret = line_take(v, &hw);
		if (!ret) {
			ret = irq_domain_set_hwirq_and_chip(d, virq + i, hw, &vector_chip, v);
			if (!ret)
				irq_data_update_effective_cpu(irq_domain_get_irq_data(d, virq + i),
							      v->lines[hw].cpu);
		}
	}
	if (ret)
		vector_domain_free(d, virq, i);	/* the failed one too, if it got a slot */
	return ret;
}

static const struct irq_domain_ops vector_domain_ops = {
	.alloc	= vector_domain_alloc,
	.free	= vector_domain_free,
};

struct x86_vector *x86_vector_create(unsigned int first, unsigned int last,
				     unsigned int nr_lines, const struct x86_vector_ops *ops)
{
	struct x86_vector *v;

	if (!ops || first > last || last >= NR_VECTORS || nr_lines == 0) {
		irq_log("vector domain: bad range 0x%x-0x%x or no ops", first, last);
		return NULL;
	}
	v = port_alloc(sizeof(*v));
	if (!v)
		return NULL;
	*v = (struct x86_vector){ .ops = ops, .first = first, .last = last, .nr_lines = nr_lines };
	irq_spin_init(&v->lock);
	for (unsigned int cpu = 0; cpu < GENIRQ_NR_CPUS; cpu++)
		v->avail[cpu] = last - first + 1;
	v->lines = port_alloc(sizeof(*v->lines) * nr_lines);
	if (v->lines) {
		for (unsigned int i = 0; i < nr_lines; i++)
			v->lines[i] = (struct vector_line){ .used = false };
		v->domain = irq_domain_create_hierarchy(NULL, "VECTOR", nr_lines,
							&vector_domain_ops, v);
	}
	if (!v->lines || !v->domain) {
		irq_log("vector domain: out of memory");
		return NULL;	/* boot-time memory is not given back */
	}
	return v;
}

struct irq_domain *x86_vector_domain(const struct x86_vector *v)
{
	return v->domain;
}

unsigned int x86_vector_free_count(struct x86_vector *v, unsigned int cpu)
{
	unsigned long flags;
	unsigned int n;

	if (cpu >= GENIRQ_NR_CPUS)
		return 0;
	flags = irq_spin_lock_irqsave(&v->lock);
	n = v->avail[cpu];
	irq_spin_unlock_irqrestore(&v->lock, flags);
	return n;
}

int x86_vector_target(struct x86_vector *v, unsigned int irq, unsigned int *cpu,
		      unsigned int *vector)
{
	struct irq_data *d = irq_domain_get_irq_data(v->domain, irq);
	unsigned long flags;

	if (!d || d->chip_data != v)
		return -EINVAL;
	flags = irq_spin_lock_irqsave(&v->lock);
	*cpu = v->lines[d->hwirq].cpu;
	*vector = v->lines[d->hwirq].vector;
	irq_spin_unlock_irqrestore(&v->lock, flags);
	return 0;
}

unsigned int x86_vector_moving(struct x86_vector *v)
{
	unsigned long flags = irq_spin_lock_irqsave(&v->lock);
	unsigned int n = 0;

	for (unsigned int i = 0; i < v->nr_lines; i++)
		n += v->lines[i].used && v->lines[i].moving;
	irq_spin_unlock_irqrestore(&v->lock, flags);
	return n;
}

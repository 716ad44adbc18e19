// SPDX-License-Identifier: MIT
/*
 * proc.c - the /proc views, as text in caller-provided buffers.
 */
#include "internals.h"
#include "prio.h"
#include <genirq/affinity.h>

GENIRQ_FEATURE_SOURCE(GENIRQ_TEXT_VIEWS, "TEXT_VIEWS");

/*
 * A line the port shows as a summary row of its own (LOC, CAL...), as
 * Linux hides IRQ_HIDDEN lines. A field of its own, not a state bit: the
 * lock-free dispatch path wants the state word exactly STARTED.
 */
int irq_set_proc_hidden(unsigned int irq, bool hidden)
{
	unsigned int rd = desc_read_lock();
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned long flags;

	if (desc) {
		flags = desc_lock_irqsave(desc);
		desc->proc_hidden = hidden;
		desc_unlock_irqrestore(desc, flags);
	}
	desc_read_unlock(rd);
	return desc ? 0 : -EINVAL;
}

static _Atomic bool show_level;		/* the trigger as "Level"/"Edge" */

void irq_proc_set_show_level(bool on)
{
	irq_atomic_store(&show_level, on, memory_order_relaxed);
}

/* "Level"/"Edge" in the layout of arm64, riscv and powerpc (@level_layout),
 * else x86's "level", "edge" or "percpu". */
static const char *trigger_name(struct irq_desc *desc, bool level_layout)
{
	if (level_layout)
		return desc_is_level(desc) ? "Level" : "Edge";
	if (desc_state(desc) & IRQS_PER_CPU)
		return "percpu";
	if (desc_is_level(desc))
		return "level";
	return "edge";
}

/*
 * Width of the first column, as Linux sizes it: the digits of the line
 * capacity, at least 3 (row names such as "SPU" are 3 wide).
 */
static int proc_prec(void)
{
	int prec = 3;

	for (unsigned long j = 1000; prec < 10 && j <= irq_nr_irqs(); j *= 10)
		prec++;
	return prec;
}

#define TEXT_ROW_SPU	1u

void irq_proc_show_spurious(struct irq_text *t)
{
	if (t->rows & TEXT_ROW_SPU)
		return;
	t->rows |= TEXT_ROW_SPU;
	irq_proc_row(t, "SPU", irq_spurious_count, "Spurious interrupts");
}

void irq_proc_row(struct irq_text *t, const char *name,
		  unsigned long (*count)(unsigned int cpu), const char *what)
{
	struct irq_cpumask online;
	unsigned int cpu;
	size_t at = t->len;
	int prec = proc_prec();

	irq_cpu_online_get(&online);
	/* A name wider than the column (IPI0) takes the colon's space, as
	 * Linux's IPIn rows do: the counts stay in their columns. */
	irq_text_printf(t, "%*s:", prec, name);
	if (t->len - at <= (size_t)prec + 1)
		irq_text_puts(t, " ");
	for_each_cpu(cpu, &online)
		irq_text_printf(t, "%10lu ", count(cpu));
	irq_text_printf(t, "  %s\n", what);
}

/*
 * One line as Linux prints it: number, per-CPU counts, controller name
 * right-aligned, hardware line and trigger, handlers.
 */
static void show_line(struct irq_text *t, unsigned int irq, struct irq_desc *desc,
		      const struct irq_cpumask *online)
{
	struct irqaction *a;
	unsigned long flags;
	unsigned int cpu;
	const char *sep = "  ";
	bool level_layout;

	flags = desc_lock_irqsave(desc);
	a = desc_action(desc);
	if (!a && !(desc_state(desc) & IRQS_NOREQUEST))
		goto out_unlock;		/* only lines in use */
	if (desc->proc_hidden)
		goto out_unlock;		/* the port's summary row shows it */
	irq_text_printf(t, "%*u: ", proc_prec(), irq);
	for_each_cpu(cpu, online)
		irq_text_printf(t, "%10lu ", irq_stat_cpu(irq, cpu));
	level_layout = atomic_load_explicit(&show_level, memory_order_relaxed);
	irq_text_printf(t, " %8s %*lu%c%-8s", desc->data.chip->name, proc_prec(), desc->data.hwirq,
			level_layout ? ' ' : '-', trigger_name(desc, level_layout));
	if (!a)
		irq_text_puts(t, "  (cascade)");
	/* As Linux: the action's name alone (the thread list shows threads). */
	for (; a; a = atomic_load_explicit(&a->next, memory_order_acquire)) {
		irq_text_printf(t, "%s%s", sep, a->name ? a->name : "?");
		sep = ", ";
	}
	irq_priority_note(t, desc);
	if (desc_state(desc) & IRQS_SPURIOUS_DISABLED)
		irq_text_puts(t, "  [disabled: nobody cared]");
	irq_text_puts(t, "\n");
out_unlock:
	desc_unlock_irqrestore(desc, flags);
}

static void show_interrupts(struct irq_text *t)
{
	struct irq_cpumask online_now;
	const struct irq_cpumask *online = &online_now;
	struct irq_desc *desc;
	unsigned int cpu, irq;

	irq_cpu_online_get(&online_now);
	/* The header names each online CPU over its column, as Linux does. */
	irq_text_printf(t, "%*s", proc_prec() + 8, "");
	for_each_cpu(cpu, online)
		irq_text_printf(t, "CPU%-8u", cpu);
	irq_text_puts(t, "\n");

	for (irq = 0; irq_desc_iter(&irq, &desc); irq++)
		show_line(t, irq, desc, online);

	port_show_interrupts(t);
	irq_proc_show_spurious(t);
	irq_text_printf(t, "%*s: %10lu\n", proc_prec(), "ERR", irq_error_count());
}

/* Parse the number "N" at *path: a line that has a descriptor. */
static struct irq_desc *parse_desc(const char **path, unsigned int *irq)
{
	const char *p = *path;
	unsigned long v = 0;
	struct irq_desc *desc;

	if (*p < '0' || *p > '9' || (p[0] == '0' && p[1] >= '0' && p[1] <= '9'))
		return NULL;
	while (*p >= '0' && *p <= '9') {
		v = v * 10 + (unsigned long)(*p++ - '0');
		if (v >= GENIRQ_MAX_IRQS)
			return NULL;
	}
	desc = irq_to_desc((unsigned int)v);
	if (!desc)
		return NULL;
	*irq = (unsigned int)v;
	*path = p;
	return desc;
}

/* Parse "N/" at *path: a line number that has a controller. */
static struct irq_desc *parse_line(const char **path, unsigned int *irq)
{
	const char *p = *path;
	struct irq_desc *desc = parse_desc(&p, irq);

	if (!desc || !irq_desc_has_chip_unlocked(desc))
		return NULL;
	*path = p;
	return desc;
}

static bool str_eq(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

/*
 * The debugfs directory of line dumps: what follows it in @path ("",
 * "/", "/N"), or NULL for a path outside it.
 */
static const char *debugfs_rest(const char *path)
{
	static const char dir[] = "sys/kernel/debug/irq/irqs";

	if (!path || path[0] != '/')
		return NULL;
	path++;
	for (size_t i = 0; i < sizeof(dir) - 1; i++)
		if (path[i] != dir[i])
			return NULL;
	path += sizeof(dir) - 1;
	return (*path == '\0' || *path == '/') ? path : NULL;
}

static bool is_dir_end(const char *p)
{
	return *p == '\0' || (p[0] == '/' && p[1] == '\0');
}

/* "/N" after the directory: a line that has a descriptor, or NULL. */
static struct irq_desc *debugfs_line(const char *rest, unsigned int *irq)
{
	struct irq_desc *desc;

	rest++;
	desc = parse_desc(&rest, irq);
	return desc && *rest == '\0' ? desc : NULL;
}

static int debugfs_read(struct irq_text *t, const char *rest)
{
	struct irq_desc *desc;
	unsigned int irq;

	if (is_dir_end(rest))
		return -EISDIR;
	desc = debugfs_line(rest, &irq);
	if (!desc)
		return -ENOENT;
	irq_debugfs_show(t, irq, desc);
	return 0;
}

static int debugfs_list(struct irq_text *t, const char *rest)
{
	struct irq_desc *desc;
	unsigned int irq;

	if (!is_dir_end(rest))
		return -ENOENT;
	for (irq = 0; irq_desc_iter(&irq, &desc); irq++)
		irq_text_printf(t, "%u\n", irq);
	return 0;
}

/* Strip "/proc" and "/": "irq/4/smp_affinity", "interrupts". */
static const char *canonical(const char *path)
{
	if (!path)
		return "";
	if (path[0] == '/' && path[1] == 'p' && path[2] == 'r' && path[3] == 'o' &&
	    path[4] == 'c' && (path[5] == '/' || path[5] == '\0'))
		path += 5;
	while (*path == '/')
		path++;
	return path;
}

enum line_file {
	F_NONE, F_AFFINITY, F_AFFINITY_LIST, F_EFFECTIVE, F_EFFECTIVE_LIST, F_SPURIOUS,
	F_COST, F_PRIORITY, F_THREADS, F_WAKEUP, F_HINT,
};

static const char *const line_files[] = {
	[F_AFFINITY]		= "smp_affinity",
	[F_AFFINITY_LIST]	= "smp_affinity_list",
	[F_EFFECTIVE]		= "effective_affinity",
	[F_EFFECTIVE_LIST]	= "effective_affinity_list",
	[F_SPURIOUS]		= "spurious",
	[F_COST]		= "cost",
	[F_PRIORITY]		= "priority",
	[F_THREADS]		= "threads",
	[F_WAKEUP]		= "wakeup",
	[F_HINT]		= "affinity_hint",
};

static enum line_file line_file(const char *name)
{
	for (unsigned int f = F_AFFINITY; f < GENIRQ_ARRAY_SIZE(line_files); f++)
		if (str_eq(name, line_files[f]))
			return (enum line_file)f;
	return F_NONE;
}

static bool is_handler_name(struct irq_desc *desc, const char *name)
{
	bool found = false;
	unsigned long flags = desc_lock_irqsave(desc);

	for (struct irqaction *a = desc_action(desc); a && !found;
	     a = atomic_load_explicit(&a->next, memory_order_acquire))
		found = a->name && str_eq(a->name, name);
	desc_unlock_irqrestore(desc, flags);
	return found;
}

static void show_mask(struct irq_text *t, const struct irq_cpumask *m, bool list)
{
	char tmp[GENIRQ_NR_CPUS * 4 + 8];

	if (list)
		cpumask_print_list(tmp, sizeof(tmp), m);
	else
		cpumask_print(tmp, sizeof(tmp), m, port_nr_cpus());
	irq_text_printf(t, "%s\n", tmp);
}

/* The line's counters and its state: normal, disabled (by a driver),
 * disabled-by-spurious-rule, throttled-storm, unused, shut-down-no-cpu. */
static void show_spurious(struct irq_text *t, struct irq_desc *desc)
{
	unsigned long flags = desc_lock_irqsave(desc);
	unsigned int count = desc->irq_count, unhandled = desc->irqs_unhandled;
	uint64_t last = desc->last_unhandled, until = desc->storm_until;
	unsigned int depth = desc->depth, throttles = desc->storm_throttles, window_ms;
	unsigned long limit;
	const char *state = irq_storm_state(desc, &limit, &window_ms);

	desc_unlock_irqrestore(desc, flags);
	irq_text_printf(t, "count %u\nunhandled %u\nlast_unhandled %llu ms\n", count,
			unhandled, (unsigned long long)(last / NSEC_PER_MSEC));
	irq_text_printf(t, "state %s\ndepth %u\n", state, depth);
	irq_text_printf(t, "storm_limit %lu/s over %u ms\nstorm_throttles %u\n", limit,
			window_ms, throttles);
	if (state[0] == 't')
		irq_text_printf(t, "throttled_until %llu ms\n",
				(unsigned long long)(until / NSEC_PER_MSEC));
}

/* Cost accounting: the figures, then the histogram as "from-cycles count". */
static void show_cost(struct irq_text *t, unsigned int irq)
{
	struct irq_cost c;

	if (irq_get_cost(irq, &c))	/* a build without cost accounting: all zero */
		c = (struct irq_cost){ .enabled = false };
	irq_text_printf(t, "accounting %s\ncount %lu\ntotal_cycles %llu\nmax_cycles %llu\n",
			c.enabled ? "on" : "off", c.count,
			(unsigned long long)c.total_cycles, (unsigned long long)c.max_cycles);
	irq_text_printf(t, "mean_cycles %llu\nhistogram\n", c.count ?
			(unsigned long long)(c.total_cycles / c.count) : 0ull);
	for (unsigned int b = 0; b < IRQ_COST_BUCKETS; b++)
		irq_text_printf(t, "%10llu %lu\n",
				b ? 1ull << (b + IRQ_COST_SHIFT - 1) : 0ull, c.hist[b]);
}

/* "1" or "0", with one optional newline. */
static int parse_switch(const char *text, size_t len, bool *on)
{
	if (len == 2 && text[1] == '\n')
		len = 1;
	if (len != 1 || (text[0] != '0' && text[0] != '1'))
		return -EINVAL;
	*on = text[0] == '1';
	return 0;
}

/* The threads view's head: its columns; ON is the CPU asked for at request time. */
static void show_threads_head(struct irq_text *t)
{
	irq_text_printf(t, "%-24s %10s %10s %4s %4s %-5s %-8s %s\n", "THREAD", "WAKEUPS", "RUNS",
			"CPU", "PRIO", "ON", "STATE", "FLAGS");
}

/* One row per threaded action of @desc. Caller is a reader (grace.c). */
static void show_line_threads(struct irq_text *t, struct irq_desc *desc)
{
	unsigned long flags = desc_lock_irqsave(desc);
	struct irqaction *a;

	for (a = desc_action(desc); a; a = atomic_load_explicit(&a->next, memory_order_relaxed)) {
		struct irq_thread *th = a->thread;
		unsigned int f;

		if (!th)
			continue;
		f = atomic_load(&th->flags);
		irq_text_printf(t, "%-24s %10lu %10lu %4u %4u ", th->name,
				atomic_load_explicit(&th->wakeups, memory_order_relaxed),
				atomic_load_explicit(&th->runs, memory_order_relaxed),
				atomic_load_explicit(&th->last_cpu, memory_order_relaxed),
				(unsigned int)th->prio);
		if (th->cpu == IRQ_THREAD_CPU_LINE)
			irq_text_printf(t, "%-5s ", "line");
		else
			irq_text_printf(t, "%-5d ", th->cpu);
		irq_text_printf(t, "%-8s %s\n",
				f & IRQTF_RUNNING ? "running" : f & IRQTF_RUNTHREAD ? "woken" : "sleeping",
				a->flags & IRQF_ONESHOT ? "oneshot" : "-");
	}
	desc_unlock_irqrestore(desc, flags);
}

static int read_line_file(struct irq_text *t, unsigned int irq, struct irq_desc *desc,
			  const char *name)
{
	struct irq_cpumask m;

	switch (line_file(name)) {
	case F_AFFINITY:
	case F_AFFINITY_LIST:
		irq_get_affinity(irq, &m);
		show_mask(t, &m, line_file(name) == F_AFFINITY_LIST);
		return 0;
	case F_EFFECTIVE:
	case F_EFFECTIVE_LIST:
		irq_get_effective_affinity(irq, &m);
		show_mask(t, &m, line_file(name) == F_EFFECTIVE_LIST);
		return 0;
	case F_SPURIOUS:
		show_spurious(t, desc);
		return 0;
	case F_COST:
		show_cost(t, irq);
		return 0;
	case F_PRIORITY:
		irq_priority_show(t, desc);
		return 0;
	case F_THREADS:
		show_threads_head(t);
		show_line_threads(t, desc);
		return 0;
	case F_WAKEUP:
		irq_pm_show_wakeup(t, desc);
		return 0;
	case F_HINT:
		/* As Linux: the driver's hint, or no CPU when it gave none. */
		if (!irq_affinity_hint_get(irq, &m))
			cpumask_clear(&m);
		show_mask(t, &m, false);
		return 0;
	case F_NONE:
		break;
	}
	return is_handler_name(desc, name) ? -EISDIR : -ENOENT;
}

static int proc_read(const char *path, char *buf, size_t size)
{
	const char *p = canonical(path);
	struct irq_desc *desc;
	struct irq_text t;
	unsigned int irq;
	int ret = 0;

	irq_text_init(&t, buf, size);
	if (debugfs_rest(path)) {
		ret = debugfs_read(&t, debugfs_rest(path));
	} else if (str_eq(p, "interrupts")) {
		show_interrupts(&t);
	} else if (str_eq(p, "sys/power/wakeup_reason")) {
		irq_pm_reason_show(&t);
	} else if (str_eq(p, "sys/kernel/debug/irq/domains")) {
		irq_debugfs_domains(&t);
	} else if (str_eq(p, "irq/prof_cpu_mask")) {
		struct irq_cpumask m;

		irq_get_prof_cpu_mask(&m);
		show_mask(&t, &m, false);
	} else if (p[0] == 'i' && p[1] == 'r' && p[2] == 'q' && p[3] == '/') {
		p += 4;
		desc = parse_line(&p, &irq);
		if (!desc)
			return -ENOENT;
		if (*p == '\0' || (p[0] == '/' && p[1] == '\0'))
			return -EISDIR;
		if (*p != '/')
			return -ENOENT;
		ret = read_line_file(&t, irq, desc, p + 1);
	} else if (str_eq(p, "irq") || str_eq(p, "irq/") || *p == '\0') {
		return -EISDIR;
	} else {
		return -ENOENT;
	}
	return ret ? ret : (int)t.len;
}

static int proc_write(const char *path, const char *text, size_t len)
{
	const char *p = canonical(path);
	struct irq_desc *desc;
	struct irq_cpumask m;
	unsigned int irq;
	int ret;

	if (debugfs_rest(path)) {
		if (is_dir_end(debugfs_rest(path)))
			return -EISDIR;
		return debugfs_line(debugfs_rest(path), &irq) ? -EACCES : -ENOENT;
	}
	if (str_eq(p, "irq/prof_cpu_mask")) {
		ret = cpumask_parse(text, len, &m);
		if (ret == 0)
			irq_set_prof_cpu_mask(&m);
		return ret;
	}
	if (!(p[0] == 'i' && p[1] == 'r' && p[2] == 'q' && p[3] == '/'))
		return str_eq(p, "interrupts") ? -EACCES : -ENOENT;
	p += 4;
	desc = parse_line(&p, &irq);
	if (!desc || *p != '/')
		return -ENOENT;
	/* As Linux, before the mask is read: a managed line is not the user's to move. */
	if ((line_file(p + 1) == F_AFFINITY || line_file(p + 1) == F_AFFINITY_LIST) &&
	    irq_affinity_is_managed(irq)) {
		irq_log("irq %u: affinity is managed (spread over the CPUs when its vectors were "
			"allocated): smp_affinity not written", irq);
		return -EIO;
	}
	switch (line_file(p + 1)) {
	case F_AFFINITY:
		ret = cpumask_parse(text, len, &m);
		break;
	case F_AFFINITY_LIST:
		ret = cpumask_parselist(text, len, &m);
		break;
	case F_COST: {
		bool on;

		ret = parse_switch(text, len, &on);
		return ret ? ret : irq_set_cost_accounting(irq, on);
	}
	case F_PRIORITY:
		return irq_priority_write(irq, text, len);
	case F_NONE:
		return is_handler_name(desc, p + 1) ? -EISDIR : -ENOENT;
	default:
		return -EACCES;
	}
	if (ret)
		return ret;
	/*
	 * irq_set_affinity() refuses a mask of no CPU the machine has
	 * (-EINVAL), then a line that can't be routed (-EIO: its
	 * controller, or a level of its hierarchy, cannot), then a mask of
	 * no online CPU.
	 */
	return irq_set_affinity(irq, &m);
}

static void list_line(struct irq_text *t, struct irq_desc *desc)
{
	unsigned long flags;

	for (unsigned int f = F_AFFINITY; f < GENIRQ_ARRAY_SIZE(line_files); f++)
		irq_text_printf(t, "%s\n", line_files[f]);
	flags = desc_lock_irqsave(desc);
	for (struct irqaction *a = desc_action(desc); a;
	     a = atomic_load_explicit(&a->next, memory_order_acquire))
		if (a->name)
			irq_text_printf(t, "%s/\n", a->name);
	desc_unlock_irqrestore(desc, flags);
}

static int proc_list(const char *path, char *buf, size_t size)
{
	const char *p = canonical(path);
	struct irq_desc *desc;
	struct irq_text t;
	unsigned int irq;

	irq_text_init(&t, buf, size);
	if (debugfs_rest(path)) {
		int ret = debugfs_list(&t, debugfs_rest(path));

		return ret ? ret : (int)t.len;
	}
	if (str_eq(p, "irq") || str_eq(p, "irq/")) {
		irq_text_puts(&t, "prof_cpu_mask\n");
		for (irq = 0; irq_desc_iter(&irq, &desc); irq++)
			if (irq_desc_has_chip_unlocked(desc))
				irq_text_printf(&t, "%u/\n", irq);
		return (int)t.len;
	}
	if (!(p[0] == 'i' && p[1] == 'r' && p[2] == 'q' && p[3] == '/'))
		return str_eq(p, "") ? (irq_text_puts(&t, "interrupts\nirq/\n"), (int)t.len) :
		       -ENOENT;
	p += 4;
	desc = parse_line(&p, &irq);
	if (!desc)
		return -ENOENT;
	if (!(*p == '\0' || (p[0] == '/' && p[1] == '\0')))
		return -ENOENT;
	list_line(&t, desc);
	return (int)t.len;
}

int irq_proc_read(const char *path, char *buf, size_t size)
{
	unsigned int rd = desc_read_lock();	/* lines stay while we look */
	int ret = proc_read(path, buf, size);

	desc_read_unlock(rd);
	return ret;
}

int irq_proc_write(const char *path, const char *text, size_t len)
{
	unsigned int rd = desc_read_lock();	/* lines stay while we look */
	int ret = proc_write(path, text, len);

	desc_read_unlock(rd);
	return ret;
}

int irq_proc_list(const char *path, char *buf, size_t size)
{
	unsigned int rd = desc_read_lock();	/* lines stay while we look */
	int ret = proc_list(path, buf, size);

	desc_read_unlock(rd);
	return ret;
}

int irq_show_threads(char *buf, size_t size)
{
	unsigned int rd = desc_read_lock();
	unsigned int irq;
	struct irq_desc *desc;
	struct irq_text t;

	irq_text_init(&t, buf, size);
	show_threads_head(&t);
	for (irq = 0; irq_desc_iter(&irq, &desc); irq++)
		show_line_threads(&t, desc);
	desc_read_unlock(rd);
	return (int)t.len;
}

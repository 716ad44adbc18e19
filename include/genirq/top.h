/* SPDX-License-Identifier: MIT */
/*
 * top.h - irqtop: each line's rate between two snapshots of the counts.
 *
 * irq_top_sample() copies, for every line in use, its per-CPU counts and
 * cost figures (<genirq/irq.h>, irq_set_cost_accounting()) and the time
 * (port_time_ns()); irq_top_diff() turns two snapshots into rows sorted
 * busiest first; irq_top_show() prints them as one screen. All memory is
 * the caller's: a shell keeps two snapshots and alternates, a test builds
 * them at virtual times of its choosing. Nothing here touches a line's
 * dispatch path: the counts are the ones /proc/interrupts shows.
 */
#ifndef GENIRQ_TOP_H
#define GENIRQ_TOP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/compiler.h>
#include <genirq/errno.h>

GENIRQ_BEGIN_DECLS

#define IRQ_TOP_NAME	16	/* handler names kept per line, with the NUL */

/* One line at the time of a snapshot. */
struct irq_top_line {
	unsigned int	irq;
	unsigned long	count[GENIRQ_NR_CPUS];	/* events taken by each CPU */
	bool		cost_on;		/* cost accounting on */
	unsigned long	cost_count;		/* events timed, since first on */
	uint64_t	cost_cycles;		/* their cycles, added up */
	uint64_t	cost_max;		/* the longest one */
	char		name[IRQ_TOP_NAME];	/* handlers, comma-separated, cut */
};

struct irq_top_snap {
	uint64_t		time_ns;	/* port_time_ns() when taken */
	unsigned int		nr_cpus;	/* count[] holds CPUs 0..nr_cpus-1 */
	unsigned int		nr;		/* lines recorded, by number */
	unsigned int		missed;		/* lines in use that did not fit */
	unsigned int		max;
	struct irq_top_line	*lines;
};

/* One line between two snapshots. */
struct irq_top_row {
	const struct irq_top_line *line;	/* in the newer snapshot */
	const struct irq_top_line *prev;	/* in the older; NULL: new line */
	unsigned long	total;			/* events since the line began */
	unsigned long	delta;			/* events in the interval */
	unsigned long	rate;			/* of them, per second */
	uint64_t	mean_cycles;		/* of the interval's timed events */
};

#if GENIRQ_COST	/* the stubs of a build without it follow the verbs */
/* Give @s the caller's room for @max lines; it holds none yet. */
void irq_top_snap_init(struct irq_top_snap *s, struct irq_top_line *lines, unsigned int max);

/**
 * irq_top_sample - record every line in use (handlers, or a cascade) now
 *
 * Lines shown in a port's summary row (irq_set_proc_hidden()) are
 * recorded too: a local timer's rate is worth seeing. Lines beyond
 * @s->max are counted in @s->missed. Context: process context, not under
 * a descriptor lock.
 */
void irq_top_sample(struct irq_top_snap *s);

/*
 * @delta events in @ns nanoseconds, per second, rounded down; 0 when no
 * time passed; ULONG_MAX when it does not fit.
 */
unsigned long irq_top_rate(unsigned long delta, uint64_t ns);

/*
 * Events of @now's line since @prev (the same line in an older snapshot,
 * or NULL) on CPU @cpu; a count lower than before (the number was freed
 * and reused meanwhile) counts from zero.
 */
unsigned long irq_top_cpu_delta(const struct irq_top_line *now,
				const struct irq_top_line *prev, unsigned int cpu);

/**
 * irq_top_diff - the rows of @now against @old, busiest first
 *
 * Sorted by rate, then total, then number. A line missing from @old is
 * new: all its events fall in the interval. The mean handler time is
 * over the events timed in the interval (over all timed events for a new
 * line), 0 when none was.
 * Return: rows written to @rows (at most @max).
 */
unsigned int irq_top_diff(const struct irq_top_snap *old, const struct irq_top_snap *now,
			  struct irq_top_row *rows, unsigned int max);

/**
 * irq_top_show - one irqtop screen: a header (interval, CPUs, lines),
 * then a row per line: number, handlers, rate per second, total, the
 * rate on each CPU, and, when any line has cost accounting on, the mean
 * and the worst handler time in cycles ("-" for the lines without)
 * @rows, @max: room for irq_top_diff()
 *
 * Return: the length of the whole text (>= @size: it was cut).
 */
int irq_top_show(const struct irq_top_snap *old, const struct irq_top_snap *now,
		 struct irq_top_row *rows, unsigned int max, char *buf, size_t size);
#else
/*
 * A build without cost accounting and irqtop (GENIRQ_COST 0): a snapshot
 * holds no line, so there is no row; irq_top_show() is -ENOSYS.
 */
static inline void irq_top_snap_init(struct irq_top_snap *s, struct irq_top_line *lines,
				     unsigned int max)
{
	s->time_ns = 0;
	s->nr_cpus = 0;
	s->nr = 0;
	s->missed = 0;
	s->max = max;
	s->lines = lines;
}
static inline void irq_top_sample(struct irq_top_snap *s)
{
	s->nr = 0;
	s->missed = 0;
}
static inline unsigned long irq_top_rate(unsigned long delta, uint64_t ns)
{
	(void)delta;
	(void)ns;
	return 0;
}
static inline unsigned long irq_top_cpu_delta(const struct irq_top_line *now,
					      const struct irq_top_line *prev, unsigned int cpu)
{
	(void)now;
	(void)prev;
	(void)cpu;
	return 0;
}
static inline unsigned int irq_top_diff(const struct irq_top_snap *old,
					const struct irq_top_snap *now,
					struct irq_top_row *rows, unsigned int max)
{
	(void)old;
	(void)now;
	(void)rows;
	(void)max;
	return 0;
}
static inline int irq_top_show(const struct irq_top_snap *old, const struct irq_top_snap *now,
			       struct irq_top_row *rows, unsigned int max, char *buf, size_t size)
{
	(void)old;
	(void)now;
	(void)rows;
	(void)max;
	(void)buf;
	(void)size;
	return -GENIRQ_ENOSYS;
}
#endif

GENIRQ_END_DECLS

#endif /* GENIRQ_TOP_H */

/* SPDX-License-Identifier: MIT */
/*
 * proc.h - the /proc views as core functions over bounded buffers, and
 * the core's formatting and logging.
 *
 * Nothing here needs a file system: a shell or a test asks for a view by
 * its /proc name. Every writer of text takes the buffer's size and never
 * writes past it; the return value says how long the whole text is, so a
 * caller sees truncation (return >= size) and can retry with more room.
 */
#ifndef GENIRQ_PROC_H
#define GENIRQ_PROC_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <genirq/compiler.h>
#include <genirq/cpumask.h>
#include <genirq/errno.h>

GENIRQ_BEGIN_DECLS


/* A bounded text being built; len counts what did not fit, too. */
struct irq_text {
	char		*buf;
	size_t		size;
	size_t		len;
	unsigned int	rows;	/* the core's summary rows written (irq_proc_show_spurious()) */
};

/* An empty text over @buf (@size bytes; "" written when it has room). */
static inline void irq_text_init(struct irq_text *t, char *buf, size_t size)
{
	t->buf = buf;
	t->size = size;
	t->len = 0;
	t->rows = 0;
	if (size)
		buf[0] = '\0';
}

#if GENIRQ_REPORTS	/* the formatter's stubs follow irq_log() */
void irq_text_printf(struct irq_text *t, const char *fmt, ...) __irq_printf(2, 3);
void irq_text_puts(struct irq_text *t, const char *s);
#endif

#if GENIRQ_TEXT_VIEWS	/* the stubs of a build without the views follow the verbs */
/*
 * A summary row of /proc/interrupts (NMI, LOC, IPI...), laid out as the
 * core lays its own: @name in the first column, @count(cpu) for each
 * online CPU, then @what. For port_show_interrupts().
 */
void irq_proc_row(struct irq_text *t, const char *name,
		  unsigned long (*count)(unsigned int cpu), const char *what);

/*
 * The core's SPU row (spurious interrupts), for a port_show_interrupts()
 * whose architecture places it among its own rows (x86: NMI, LOC, SPU,
 * ..., CAL). When the port does not write it, the core writes it after
 * the port's rows; either way it appears once, before ERR.
 */
void irq_proc_show_spurious(struct irq_text *t);

/**
 * irq_set_proc_hidden - keep a line out of the numbered list of /proc/interrupts
 * @irq: a line the port counts in a summary row of its own (a per-CPU
 *       local timer or IPI, which Linux keeps outside the irq numbers)
 * @hidden: true to hide it, false to show it again
 *
 * Only the display changes: the line is requested, counted (irq_stat_cpu())
 * and reachable under /proc/irq/N as before. A freed descriptor forgets it.
 * Context: process context, not under a descriptor lock.
 * Return: 0, or -EINVAL for a number without a descriptor.
 */
int irq_set_proc_hidden(unsigned int irq, bool hidden);

/**
 * irq_proc_set_show_level - lay out /proc/interrupts' trigger column as
 * arm64, riscv and powerpc Linux do (GENERIC_IRQ_SHOW_LEVEL)
 * @on: true: the hardware line, then "Level" or "Edge" ("33 Level");
 *      false (the default): x86's hardware line and flow ("4-edge")
 *
 * The layout is the architecture's, so a port sets it once, at boot.
 * Context: any; the next view reads it.
 */
void irq_proc_set_show_level(bool on);
#else
/* Without the text views (GENIRQ_TEXT_VIEWS 0) there is no row to add nor line to hide: 0. */
static inline void irq_proc_row(struct irq_text *t, const char *name,
				unsigned long (*count)(unsigned int cpu), const char *what)
{
	(void)t;
	(void)name;
	(void)count;
	(void)what;
}
static inline int irq_set_proc_hidden(unsigned int irq, bool hidden)
{
	(void)irq;
	(void)hidden;
	return 0;
}
static inline void irq_proc_set_show_level(bool on)
{
	(void)on;
}
static inline void irq_proc_show_spurious(struct irq_text *t)
{
	(void)t;
}
#endif

#if GENIRQ_REPORTS
/*
 * snprintf for a freestanding core: %d %i %u %x %X %s %c %p %%, with
 * flags '-' '0', a width (or *), and the l, ll and z length modifiers.
 * Return: the length of the whole text; @buf holds what fits, NUL-ended.
 */
int irq_snprintf(char *buf, size_t size, const char *fmt, ...) __irq_printf(3, 4);
int irq_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);

/* The core's log: one line through port_console_write(), "genirq: "
 * first. Lines longer than 256 bytes are cut and end in "...". */
void irq_log(const char *fmt, ...) __irq_printf(1, 2);
#else
/*
 * Without console text (GENIRQ_REPORTS 0) nothing is formatted: a text
 * is empty and irq_snprintf() is -ENOSYS (@buf "" when it has room), the
 * log writes nothing. The arguments are still checked against the format,
 * and a call compiles to nothing, its strings with it.
 */
static inline int irq_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	(void)fmt;
	(void)ap;
	if (size)
		buf[0] = '\0';
	return -GENIRQ_ENOSYS;
}
static inline __irq_printf(3, 4) int irq_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	(void)fmt;
	if (size)
		buf[0] = '\0';
	return -GENIRQ_ENOSYS;
}
static inline __irq_printf(1, 2) void irq_log(const char *fmt, ...)
{
	(void)fmt;
}
static inline __irq_printf(2, 3) void irq_text_printf(struct irq_text *t, const char *fmt, ...)
{
	(void)t;
	(void)fmt;
}
static inline void irq_text_puts(struct irq_text *t, const char *s)
{
	(void)t;
	(void)s;
}
#endif

/**
 * cpumask_parse - read a mask in /proc hex form ("3", "ff,ffffffff")
 * @text: up to @len bytes, not necessarily NUL-ended; one trailing
 *        newline is allowed
 * Return: 0; -EINVAL for anything but hex digits in comma-separated groups
 * of at most 8; -EOVERFLOW for a CPU at or above GENIRQ_NR_CPUS; -ENOSYS
 * without console text (GENIRQ_REPORTS 0). @out is written only on
 * success.
 */
int irq_cpumask_parse(const char *text, size_t len, struct irq_cpumask *out);
/* As cpumask_parse() for the list form "0-3,5" (empty text: no CPU). */
int irq_cpumask_parselist(const char *text, size_t len, struct irq_cpumask *out);
/* Print @m over @nbits CPUs in hex groups / list form. Return: length;
 * -ENOSYS without console text (GENIRQ_REPORTS 0). */
int irq_cpumask_print(char *buf, size_t size, const struct irq_cpumask *m, unsigned int nbits);
int irq_cpumask_print_list(char *buf, size_t size, const struct irq_cpumask *m);

#if GENIRQ_TEXT_VIEWS
/**
 * irq_proc_read - the text of a /proc view
 * @path: "/proc/interrupts", "/proc/irq/prof_cpu_mask",
 *        "/proc/irq/N/{smp_affinity,smp_affinity_list,effective_affinity,
 *        effective_affinity_list,spurious,cost,priority,wakeup}" (the
 *        leading "/proc" may go; wakeup: "enabled" or "disabled", the wake
 *        requests held, and armed, suspended or live, <genirq/pm.h>);
 *        "/sys/power/wakeup_reason": irq_pm_wakeup_reason()'s text;
 *        "/sys/kernel/debug/irq/irqs/N": the whole state of line N, as
 *        Linux's debugfs shows it (flow, actions, state bits by name,
 *        depth, trigger, affinity, counts, spurious and storm figures,
 *        threads, cost, then domain, hwirq and chip of every level of
 *        its hierarchy); any number that has a descriptor
 *
 * Return: the length of the whole view (>= @size means it was cut);
 * -ENOENT for a path that names nothing; -EISDIR for a directory.
 */
int irq_proc_read(const char *path, char *buf, size_t size);

/**
 * irq_proc_write - write a /proc view (smp_affinity, smp_affinity_list,
 *                  prof_cpu_mask; cost: "1" or "0" switches accounting)
 * Return: 0; -ENOENT; -EACCES for a read-only view (the debugfs dumps
 * too); -EISDIR for a directory; the errors of
 * cpumask_parse() and irq_set_affinity() (-EIO for a line that cannot
 * be routed, its hierarchy's levels included). Nothing changes on error.
 */
int irq_proc_write(const char *path, const char *text, size_t len);

/**
 * irq_proc_list - the names in a /proc directory, one per line
 * @path: "/proc/irq" (prof_cpu_mask and a number per line in use) or
 *        "/proc/irq/N" (its files, then one name per named handler),
 *        "/sys/kernel/debug/irq/irqs" (every number with a descriptor)
 * Return: as irq_proc_read().
 */
int irq_proc_list(const char *path, char *buf, size_t size);

/**
 * irq_show_threads - the threads of threaded handlers, one row each:
 * name (irq/N-name), wake-ups that started a run, runs, the CPU it ran on
 * last, sleeping/woken/running, and whether its line is ONESHOT
 * Return: as irq_proc_read().
 */
int irq_show_threads(char *buf, size_t size);
#else
/* Without the text views (GENIRQ_TEXT_VIEWS 0): no view, -ENOSYS, @buf untouched. */
static inline int irq_proc_read(const char *path, char *buf, size_t size)
{
	(void)path;
	(void)buf;
	(void)size;
	return -GENIRQ_ENOSYS;
}
static inline int irq_proc_write(const char *path, const char *text, size_t len)
{
	(void)path;
	(void)text;
	(void)len;
	return -GENIRQ_ENOSYS;
}
static inline int irq_proc_list(const char *path, char *buf, size_t size)
{
	(void)path;
	(void)buf;
	(void)size;
	return -GENIRQ_ENOSYS;
}
static inline int irq_show_threads(char *buf, size_t size)
{
	(void)buf;
	(void)size;
	return -GENIRQ_ENOSYS;
}
#endif

/* The /proc/irq/prof_cpu_mask value (profiling CPUs; not checked). */
void irq_get_prof_cpu_mask(struct irq_cpumask *m);

GENIRQ_END_DECLS

#endif /* GENIRQ_PROC_H */

/* SPDX-License-Identifier: MIT */
/*
 * priority.h - per-line priorities, and zero-latency lines.
 *
 * A line may have a priority, 0 (most urgent) to IRQ_PRIO_MAX, the
 * convention of the NVIC, GIC and most priority controllers. The core
 * keeps it (irq_data.priority) and hands it to the line's controller
 * (irq_chip.set_priority), which decides what it means: which pending line
 * a CPU takes first, and on a controller that nests by priority (the
 * NVIC) which line preempts which. A line without one keeps the
 * controller's default. /proc/irq/N/priority reads and writes it, and
 * /proc/interrupts shows it after the handlers ("[prio 3]").
 *
 * Zero-latency lines. A port whose "local interrupts off" masks only the
 * lines at or below a kernel level (Cortex-M's BASEPRI) says so with
 * irq_set_kernel_priority(); a line more urgent than that level (a
 * priority value below it) then preempts the core's every critical
 * section, so the core must never run for it: it is dispatched by the
 * port straight to its one handler, outside genirq's flows and locks.
 * Such a line takes a restricted API: one handler, not shared
 * (IRQF_SHARED is refused), no thread function, and its handler calls
 * no genirq verb (it may run inside any of them). A request that breaks
 * this is refused with -EINVAL and a message; a priority that would make
 * a line with a shared or threaded handler zero-latency, with -EBUSY.
 */
#ifndef GENIRQ_PRIORITY_H
#define GENIRQ_PRIORITY_H

#include <stdbool.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

#define IRQ_PRIO_MAX	255u	/* the least urgent priority */

#if GENIRQ_PRIORITY
/**
 * irq_set_priority - give a line a priority
 * @irq: the line
 * @prio: 0 (most urgent) .. IRQ_PRIO_MAX
 *
 * Context: process context.
 * Return: 0; -EINVAL for an unknown line or @prio above IRQ_PRIO_MAX;
 * -ENOSYS when the line's controller has no priorities; -EBUSY when
 * @prio would make a line with a shared or threaded handler zero-latency;
 * the controller's error (nothing changed then).
 */
int irq_set_priority(unsigned int irq, unsigned int prio);

/* The line's priority; -ENOENT when none was set, -EINVAL for no line. */
int irq_get_priority(unsigned int irq);

/**
 * irq_set_kernel_priority - the level the port's "interrupts off" masks
 * @level: lines with a priority below @level are zero-latency; 0 (the
 *	default): none is, as on a port whose interrupts-off masks all
 *
 * Context: the port, at boot, before lines are requested.
 */
void irq_set_kernel_priority(unsigned int level);
unsigned int irq_kernel_priority(void);

/* Whether @irq has a priority more urgent than the kernel level. */
bool irq_is_zero_latency(unsigned int irq);
#else
/*
 * Without priorities (GENIRQ_PRIORITY 0) every line keeps its controller's
 * default: setting one is -ENOSYS and says so on the console, no line has
 * one (-ENOENT) or is zero-latency, and the kernel level is 0.
 */
static inline int irq_set_priority(unsigned int irq, unsigned int prio)
{
	(void)prio;
	return irq_not_built(irq, "a priority", "GENIRQ_PRIORITY");
}
static inline int irq_get_priority(unsigned int irq)
{
	(void)irq;
	return -GENIRQ_ENOENT;
}
static inline void irq_set_kernel_priority(unsigned int level) { (void)level; }
static inline unsigned int irq_kernel_priority(void) { return 0; }
static inline bool irq_is_zero_latency(unsigned int irq) { (void)irq; return false; }
#endif

GENIRQ_END_DECLS

#endif /* GENIRQ_PRIORITY_H */

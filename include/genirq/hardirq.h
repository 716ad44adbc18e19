/* SPDX-License-Identifier: MIT */
/*
 * hardirq.h - interrupt context accounting.
 *
 * Each CPU has one count whose fields say what it is doing, in Linux 2.6.9's
 * layout: bits 0-7 preemption depth, 8-15 softirq depth, 16-27 hardirq
 * nesting, and (beyond Linux 2.6.9) bits 28-31 NMI nesting. Every name
 * here is prefixed; <genirq/compat.h> gives Linux's (in_irq(),
 * in_interrupt(), HARDIRQ_MASK, preempt_disable(), ...) to code that asks.
 */
#ifndef GENIRQ_HARDIRQ_H
#define GENIRQ_HARDIRQ_H

#include <stdbool.h>
#include <genirq/compiler.h>

GENIRQ_BEGIN_DECLS

#define GENIRQ_PREEMPT_BITS	8
#define GENIRQ_SOFTIRQ_BITS	8
#define GENIRQ_HARDIRQ_BITS	12
#define GENIRQ_NMI_BITS	4

#define GENIRQ_PREEMPT_SHIFT	0
#define GENIRQ_SOFTIRQ_SHIFT	(GENIRQ_PREEMPT_SHIFT + GENIRQ_PREEMPT_BITS)
#define GENIRQ_HARDIRQ_SHIFT	(GENIRQ_SOFTIRQ_SHIFT + GENIRQ_SOFTIRQ_BITS)
#define GENIRQ_NMI_SHIFT	(GENIRQ_HARDIRQ_SHIFT + GENIRQ_HARDIRQ_BITS)

#define GENIRQ_COUNT_FIELD(bits, shift)	(((1u << (bits)) - 1u) << (shift))
#define GENIRQ_PREEMPT_MASK	GENIRQ_COUNT_FIELD(GENIRQ_PREEMPT_BITS, GENIRQ_PREEMPT_SHIFT)	/* 0x000000ff */
#define GENIRQ_SOFTIRQ_MASK	GENIRQ_COUNT_FIELD(GENIRQ_SOFTIRQ_BITS, GENIRQ_SOFTIRQ_SHIFT)	/* 0x0000ff00 */
#define GENIRQ_HARDIRQ_MASK	GENIRQ_COUNT_FIELD(GENIRQ_HARDIRQ_BITS, GENIRQ_HARDIRQ_SHIFT)	/* 0x0fff0000 */
#define GENIRQ_NMI_MASK	GENIRQ_COUNT_FIELD(GENIRQ_NMI_BITS, GENIRQ_NMI_SHIFT)		/* 0xf0000000 */

#define GENIRQ_PREEMPT_OFFSET	(1u << GENIRQ_PREEMPT_SHIFT)
#define GENIRQ_SOFTIRQ_OFFSET	(1u << GENIRQ_SOFTIRQ_SHIFT)
#define GENIRQ_HARDIRQ_OFFSET	(1u << GENIRQ_HARDIRQ_SHIFT)
#define GENIRQ_NMI_OFFSET	(1u << GENIRQ_NMI_SHIFT)

/* The calling CPU's count. */
unsigned int irq_preempt_count(void);
/*
 * The same count for CPU @cpu, as last written by that CPU: 0 means it is
 * in process context. For a port's scheduler, deciding whether it may
 * switch the task a CPU runs. Context: any.
 */
unsigned int irq_cpu_preempt_count(unsigned int cpu);

#define irq_hardirq_count()	(irq_preempt_count() & GENIRQ_HARDIRQ_MASK)
#define irq_softirq_count()	(irq_preempt_count() & GENIRQ_SOFTIRQ_MASK)
#define irq_count()		(irq_preempt_count() & \
				 (GENIRQ_HARDIRQ_MASK | GENIRQ_SOFTIRQ_MASK | GENIRQ_NMI_MASK))

/* In hardirq context, softirq context, an NMI, any of them. */
#define irq_in_hardirq()	(irq_hardirq_count() != 0)
#define irq_in_softirq()	(irq_softirq_count() != 0)
#define irq_in_nmi()		((irq_preempt_count() & GENIRQ_NMI_MASK) != 0)
#define irq_in_interrupt()	(irq_count() != 0)

/*
 * irq_enter / irq_exit bracket a hardware interrupt on this CPU, with
 * local interrupts off. irq_exit() runs pending softirqs when it leaves
 * the outermost interrupt and no softirq is already running here.
 * Ports that use irq_handle_entry() get both for free.
 */
void irq_enter(void);
void irq_exit(void);

/* Bracket an NMI handler. Softirqs never run from nmi_exit(). */
void nmi_enter(void);
void nmi_exit(void);

/* Preemption depth, for embedders whose scheduler honours it. */
void irq_preempt_disable(void);
void irq_preempt_enable(void);

/* Softirq-off sections (raise is allowed, running waits for the end). */
void local_bh_disable(void);
void local_bh_enable(void);

GENIRQ_END_DECLS

#endif /* GENIRQ_HARDIRQ_H */

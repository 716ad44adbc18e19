/* SPDX-License-Identifier: MIT */
/*
 * hardirq.h - interrupt context accounting.
 *
 * Each CPU has one count whose fields say what it is doing, in Linux 2.6.9's
 * layout: bits 0-7 preemption depth, 8-15 softirq depth, 16-27 hardirq
 * nesting, and (beyond Linux 2.6.9) bits 28-31 NMI nesting.
 */
#ifndef GENIRQ_HARDIRQ_H
#define GENIRQ_HARDIRQ_H

#include <stdbool.h>
#include <genirq/compiler.h>

GENIRQ_BEGIN_DECLS

#define PREEMPT_BITS	8
#define SOFTIRQ_BITS	8
#define HARDIRQ_BITS	12
#define NMI_BITS	4

#define PREEMPT_SHIFT	0
#define SOFTIRQ_SHIFT	(PREEMPT_SHIFT + PREEMPT_BITS)
#define HARDIRQ_SHIFT	(SOFTIRQ_SHIFT + SOFTIRQ_BITS)
#define NMI_SHIFT	(HARDIRQ_SHIFT + HARDIRQ_BITS)

#define IRQ_COUNT_FIELD(bits, shift)	(((1u << (bits)) - 1u) << (shift))
#define PREEMPT_MASK	IRQ_COUNT_FIELD(PREEMPT_BITS, PREEMPT_SHIFT)	/* 0x000000ff */
#define SOFTIRQ_MASK	IRQ_COUNT_FIELD(SOFTIRQ_BITS, SOFTIRQ_SHIFT)	/* 0x0000ff00 */
#define HARDIRQ_MASK	IRQ_COUNT_FIELD(HARDIRQ_BITS, HARDIRQ_SHIFT)	/* 0x0fff0000 */
#define NMI_MASK	IRQ_COUNT_FIELD(NMI_BITS, NMI_SHIFT)		/* 0xf0000000 */

#define PREEMPT_OFFSET	(1u << PREEMPT_SHIFT)
#define SOFTIRQ_OFFSET	(1u << SOFTIRQ_SHIFT)
#define HARDIRQ_OFFSET	(1u << HARDIRQ_SHIFT)
#define NMI_OFFSET	(1u << NMI_SHIFT)

/* The calling CPU's count. */
unsigned int irq_preempt_count(void);
/*
 * The same count for CPU @cpu, as last written by that CPU: 0 means it is
 * in process context. For a port's scheduler, deciding whether it may
 * switch the task a CPU runs. Context: any.
 */
unsigned int irq_cpu_preempt_count(unsigned int cpu);

#define hardirq_count()	(irq_preempt_count() & HARDIRQ_MASK)
#define softirq_count()	(irq_preempt_count() & SOFTIRQ_MASK)
#define irq_count()	(irq_preempt_count() & (HARDIRQ_MASK | SOFTIRQ_MASK | NMI_MASK))

#define in_irq()	(hardirq_count() != 0)
#define in_softirq()	(softirq_count() != 0)
#define in_nmi()	((irq_preempt_count() & NMI_MASK) != 0)
#define in_interrupt()	(irq_count() != 0)

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
void preempt_disable(void);
void preempt_enable(void);

/* Softirq-off sections (raise is allowed, running waits for the end). */
void local_bh_disable(void);
void local_bh_enable(void);

GENIRQ_END_DECLS

#endif /* GENIRQ_HARDIRQ_H */

// SPDX-License-Identifier: MIT
/*
 * resend.c - replay of an edge that arrived while its line was disabled.
 *
 * The last enable_irq() of a line with an event PENDING sends it again,
 * once (REPLAY guards against a second send until an event is taken):
 * through the controller's retrigger when it has one, else in software
 * from IRQ_RESEND_SOFTIRQ, never with the caller's locks held. Level
 * lines are never replayed: while the device still asserts its line, the
 * controller delivers it again by itself after the unmask.
 */
#include "internals.h"
#include "trace_points.h"

#define BITS_PER_UL	(8u * (unsigned int)sizeof(unsigned long))

static unsigned long resend_set[(GENIRQ_MAX_IRQS + BITS_PER_UL - 1) / BITS_PER_UL];
static unsigned int resend_nr;	/* bits set in resend_set, so an empty scan is free */
static struct irq_spinlock resend_lock = IRQ_SPINLOCK_INIT;

/* Caller holds desc->lock with interrupts off. */
void irq_resend(struct irq_desc *desc)
{
	unsigned int st = desc_state(desc);
	unsigned int irq = desc->data.irq;

	desc_assert_locked(desc);
	irq_assert(port_irqs_disabled());
	if (!(st & IRQS_PENDING))
		return;
	if (desc_is_level(desc)) {
		desc_set_state(desc, st & ~IRQS_PENDING);
		return;
	}
	/* One test for both: an untraced line pays nothing for the trace point. */
	if (irq_unlikely(st & (IRQS_REPLAY | IRQS_TRACED))) {
		if (st & IRQS_REPLAY)
			return;
		irq_trace_desc_event(desc, IRQ_TRACE_REPLAY, 0, NULL);
	}
	desc_set_state(desc, st | IRQS_REPLAY);
	if (irq_desc_retrigger(desc))
		return;

	irq_spin_lock(&resend_lock);
	if (!(resend_set[irq / BITS_PER_UL] & (1UL << (irq % BITS_PER_UL)))) {
		resend_set[irq / BITS_PER_UL] |= 1UL << (irq % BITS_PER_UL);
		resend_nr++;
	}
	irq_spin_unlock(&resend_lock);
	raise_softirq_irqoff(IRQ_RESEND_SOFTIRQ);
}

static bool take_next(unsigned int *irq)
{
	bool found = false;
	unsigned long flags = irq_spin_lock_irqsave(&resend_lock);

	for (unsigned int w = 0; resend_nr && w < GENIRQ_ARRAY_SIZE(resend_set); w++) {
		if (!resend_set[w])
			continue;
		for (unsigned int b = 0; b < BITS_PER_UL; b++) {
			if (resend_set[w] & (1UL << b)) {
				resend_set[w] &= ~(1UL << b);
				resend_nr--;
				*irq = w * BITS_PER_UL + b;
				found = true;
				goto out_unlock;
			}
		}
	}
out_unlock:
	irq_spin_unlock_irqrestore(&resend_lock, flags);
	return found;
}

/*
 * The controller delivered this event once and its flow already ended it
 * (ack or eoi) when it marked the line PENDING; a software replay must not
 * end it again (an eoi with nothing in service may end another line's
 * event). The standard flows' replay is therefore the simple flow: the
 * handlers and the pending loop, no controller calls. Other flows
 * (chained demultiplexers) run their own.
 */
static void replay(struct irq_desc *desc)
{
	unsigned int kind = desc->flow_kind;

	desc_kstat_inc(desc, port_cpu_id_fast());
	if (kind == IRQ_FLOW_EDGE || kind == IRQ_FLOW_FASTEOI)
		handle_simple_irq(desc);
	else
		atomic_load_explicit(&desc->flow, memory_order_relaxed)(desc);
}

static void resend_softirq(void)
{
	unsigned int irq, rd = desc_read_lock();

	while (take_next(&irq)) {
		struct irq_desc *desc = irq_to_desc(irq);
		unsigned long flags;

		if (!desc)
			continue;
		flags = port_irq_save();
		/* A real event taken meanwhile cleared REPLAY: nothing to send. */
		if ((desc_state(desc) & (IRQS_REPLAY | IRQS_PENDING)) ==
		    (IRQS_REPLAY | IRQS_PENDING)) {
			irq_enter();
			replay(desc);
			irq_exit();
		}
		port_irq_restore(flags);
	}
	desc_read_unlock(rd);
}

void irq_resend_init(void)
{
	for (unsigned int w = 0; w < GENIRQ_ARRAY_SIZE(resend_set); w++)
		resend_set[w] = 0;
	resend_nr = 0;
	open_softirq(IRQ_RESEND_SOFTIRQ, resend_softirq);
}

// SPDX-License-Identifier: MIT
/*
 * nested.c - nested threaded interrupts: the lines of a controller behind
 * a slow bus, whose handlers run in the thread of the parent line that
 * demultiplexes them (handle_nested_irq()).
 */
#include "internals.h"

GENIRQ_FEATURE_SOURCE(GENIRQ_THREADS, "THREADS");

int irq_set_nested_thread(unsigned int irq, bool nest)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(irq, &rd);
	unsigned long flags;
	int ret = 0;

	if (!desc)
		return -EINVAL;
	flags = desc_lock_irqsave(desc);
	if (desc_action(desc)) {
		irq_log("irq %u: irq_set_nested_thread with handlers installed refused", irq);
		ret = -EBUSY;
	} else if (nest) {
		desc_set_state(desc, desc_state(desc) | IRQS_NESTED);
	} else {
		desc_set_state(desc, desc_state(desc) & ~IRQS_NESTED);
	}
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	return ret;
}

/* A nested line's flow ran: its events come from the parent's thread only. */
irqreturn_t irq_nested_primary(int irq, void *action)
{
	(void)action;
	if (irq_take_report())
		irq_log("irq %d: primary handler called on a nested line", irq);
	return IRQ_NONE;
}

/*
 * Take a run of @desc's handlers: counted in threads_active (what the
 * waits of synchronize_irq() and free_irq() look at), the line pinned so
 * the caller can leave its read section. Return: the first action, or
 * NULL when the run must not happen (marked pending). Takes desc->lock.
 */
static struct irqaction *nested_begin(struct irq_desc *desc)
{
	unsigned long flags = desc_lock_irqsave(desc);
	struct irqaction *action = desc_action(desc);

	if (!action || (desc_state(desc) & IRQS_DISABLED) || !irq_desc_pin_locked(desc)) {
		desc_set_state(desc, desc_state(desc) | IRQS_PENDING);
		action = NULL;
	} else {
		desc_set_state(desc, desc_state(desc) & ~IRQS_PENDING);
		desc_kstat_inc(desc, port_cpu_id());
		atomic_fetch_add(&desc->threads_active, 1u);
	}
	desc_unlock_irqrestore(desc, flags);
	return action;
}

void handle_nested_irq(unsigned int irq)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(irq, &rd);
	struct irqaction *action;
	irqreturn_t ret = IRQ_NONE;
	unsigned long flags;

	if (!desc)
		return;
	if (in_interrupt()) {
		irq_log("irq %u: handle_nested_irq in interrupt context: nothing run", irq);
		irq_desc_put(rd);
		return;
	}
	action = nested_begin(desc);
	/* A thread function may free descriptors: no read section held while it runs. */
	irq_desc_put(rd);
	if (!action)
		return;
	/* free_irq() waits for this run before it frees an action it unlinked. */
	for (; action; action = atomic_load_explicit(&action->next, memory_order_acquire))
		if (action->thread_fn((int)irq, action->dev_id) == IRQ_HANDLED)
			ret = IRQ_HANDLED;
	flags = desc_lock_irqsave(desc);
	note_interrupt(desc, ret);
	desc_unlock_irqrestore(desc, flags);
	atomic_fetch_sub_explicit(&desc->threads_active, 1u, memory_order_release);
	irq_desc_unpin(desc);
}

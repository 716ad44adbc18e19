// SPDX-License-Identifier: MIT
/*
 * nested.c - nested threaded interrupts: the lines of a controller behind
 * a slow bus, whose handlers run in the thread of the parent line that
 * demultiplexes them (handle_nested_irq()); an event found disabled runs
 * at the enable, in the thread that read it, and the stuck-line and
 * storm rules' releases, due in the tick, are made there too, under the
 * controller's bus lock.
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
		*irq_desc_nested_parent(desc) = 0;
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
 * A nested line's state while its pending event waits in the thread of
 * the line that read it: PENDING and REPLAY both set (irq_resend()).
 */
#define NESTED_REPLAY_DUE	(IRQS_NESTED | IRQS_PENDING | IRQS_REPLAY)

/*
 * Take a run of @desc's handlers: counted in threads_active (what the
 * waits of synchronize_irq() and free_irq() look at), the line pinned so
 * the caller can leave its read section. For an event (@replay_from 0)
 * on a line that is disabled or has no handler, the event is marked
 * pending instead, with the line whose thread read it (the thread it is
 * replayed in at the enable). For a replay in the thread of line
 * @replay_from - 1: the replay is taken (REPLAY cleared: the next enable
 * sends a pending event again), and runs unless an event ran meanwhile
 * (PENDING cleared) or the line is disabled again or freed.
 * Return: the first action, or NULL when nothing runs. Takes desc->lock.
 */
static struct irqaction *nested_begin(struct irq_desc *desc, unsigned int replay_from)
{
	unsigned long flags = desc_lock_irqsave(desc);
	struct irqaction *action = desc_action(desc);
	unsigned int st = desc_state(desc);

	if (replay_from) {
		if ((st & NESTED_REPLAY_DUE) != NESTED_REPLAY_DUE ||
		    *irq_desc_nested_parent(desc) != replay_from) {
			action = NULL;
			goto out_unlock;
		}
		st &= ~IRQS_REPLAY;
	}
	if (!action || (st & IRQS_DISABLED) || !irq_desc_pin_locked(desc)) {
		struct irq_thread *reader = irq_thread_running();

		if (!replay_from)
			*irq_desc_nested_parent(desc) = reader ? reader->desc->data.irq + 1 : 0;
		st |= IRQS_PENDING;
		action = NULL;
	} else {
		struct irq_thread *reader = irq_thread_running();

		/* The thread a rule's release is handed to (irq_nested_release_later()). */
		if (!replay_from)
			*irq_desc_nested_parent(desc) = reader ? reader->desc->data.irq + 1 : 0;
		st &= ~(IRQS_PENDING | IRQS_REPLAY);
		desc_kstat_inc(desc, port_cpu_id());
		atomic_fetch_add(&desc->threads_active, 1u);
	}
	desc_set_state(desc, st);
out_unlock:
	desc_unlock_irqrestore(desc, flags);
	return action;
}

/*
 * Run the handlers nested_begin() took, in the caller's thread; then
 * judge and let go. The stuck-line and storm rules may disable the line
 * as they judge: behind a slow bus that is done under the controller's
 * bus lock, which this thread may take, so that the mask is written to
 * the controller now rather than at some later bus sync.
 */
static void nested_run(struct irq_desc *desc, struct irqaction *action)
{
	const struct irq_chip *bus;
	irqreturn_t ret = IRQ_NONE;
	unsigned long flags;

	/* free_irq() waits for this run before it frees an action it unlinked. */
	for (; action; action = atomic_load_explicit(&action->next, memory_order_acquire))
		if (action->thread_fn((int)desc->data.irq, action->dev_id) == IRQ_HANDLED)
			ret = IRQ_HANDLED;
	(void)irq_desc_bus_lock(desc, "handle_nested_irq", &bus);	/* in a thread: taken */
	flags = desc_lock_irqsave(desc);
	note_interrupt(desc, ret);
	desc_unlock_irqrestore(desc, flags);
	irq_desc_bus_sync_unlock(desc, bus);
	atomic_fetch_sub_explicit(&desc->threads_active, 1u, memory_order_release);
	irq_desc_unpin(desc);
}

void handle_nested_irq(unsigned int irq)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(irq, &rd);
	struct irqaction *action;

	if (!desc)
		return;
	if (in_interrupt()) {
		irq_log("irq %u: handle_nested_irq in interrupt context: nothing run", irq);
		irq_desc_put(rd);
		return;
	}
	action = nested_begin(desc, 0);
	/* A thread function may free descriptors: no read section held while it runs. */
	irq_desc_put(rd);
	if (action)
		nested_run(desc, action);
}

/*
 * Neither the line's flow (a nested line has no primary) nor the parent's
 * controller (its status register, read to clear, no longer holds the
 * event) can send it again: the line's thread functions run in the
 * thread that read it, as they would have, when that thread is woken
 * for it (irq_nested_replay()). Lost, and reported, when that was no
 * interrupt thread or it is gone. Caller is a reader (grace.c), with
 * local interrupts off.
 */
/* Wake the thread of the line whose thread last read @desc, for irq_nested_replay(). */
static bool wake_parent(struct irq_desc *desc)
{
	unsigned long flags = desc_lock_irqsave(desc);
	unsigned int from = *irq_desc_nested_parent(desc);
	struct irq_desc *parent;
	struct irqaction *a = NULL;

	desc_unlock_irqrestore(desc, flags);
	parent = from ? irq_to_desc(from - 1) : NULL;
	if (parent) {
		flags = desc_lock_irqsave(parent);
		for (a = desc_action(parent); a && !a->thread;
		     a = atomic_load_explicit(&a->next, memory_order_relaxed))
			;
		if (a)
			irq_thread_wake_nested(a);
		desc_unlock_irqrestore(parent, flags);
	}
	return a != NULL;
}

void irq_nested_resend(struct irq_desc *desc)
{
	unsigned long flags;

	if (wake_parent(desc))
		return;
	flags = desc_lock_irqsave(desc);
	desc_set_state(desc, desc_state(desc) & ~(IRQS_PENDING | IRQS_REPLAY));
	desc_unlock_irqrestore(desc, flags);
	if (irq_take_report())
		irq_log("irq %u: event pending at enable_irq lost: the thread that read it is "
			"gone or was no interrupt thread", desc->data.irq);
}

bool irq_nested_release_deferred(struct irq_desc *desc, bool *wake)
{
	unsigned int st = desc_state(desc);

	desc_assert_locked(desc);
	if ((st & (IRQS_NESTED | IRQS_BUS_LOCK)) != (IRQS_NESTED | IRQS_BUS_LOCK))
		return false;
	*wake = !(st & IRQS_BUS_RELEASE);	/* handed over once */
	desc_set_state(desc, st | IRQS_BUS_RELEASE);
	return true;
}

/* Take the release handed over, if it still is: the rules release what ran out. */
static void release_taken(struct irq_desc *desc)
{
	unsigned long flags = desc_lock_irqsave(desc);
	unsigned int st = desc_state(desc);

	if (st & IRQS_BUS_RELEASE) {
		desc_set_state(desc, st & ~IRQS_BUS_RELEASE);
		irq_rules_release_due(desc);
	}
	desc_unlock_irqrestore(desc, flags);
}

void irq_nested_release_later(struct irq_desc *desc)
{
	/* No thread to hand it to: released here, and the controller sees
	 * it at its next bus sync. */
	if (!wake_parent(desc))
		release_taken(desc);
}

#define NESTED_RELEASE_DUE	(IRQS_NESTED | IRQS_BUS_RELEASE)

/* Is a rule's release of @desc handed to the thread of line @from - 1? Then pinned. */
static bool release_due(struct irq_desc *desc, unsigned int from)
{
	unsigned long flags;
	bool due = false;

	if ((desc_state(desc) & NESTED_RELEASE_DUE) != NESTED_RELEASE_DUE)
		return false;
	flags = desc_lock_irqsave(desc);
	if ((desc_state(desc) & NESTED_RELEASE_DUE) == NESTED_RELEASE_DUE &&
	    *irq_desc_nested_parent(desc) == from)
		due = irq_desc_pin_locked(desc);
	desc_unlock_irqrestore(desc, flags);
	return due;
}

/* The release, in the parent's thread: under the bus lock, so the unmask reaches the controller. */
static void release_under_bus(struct irq_desc *desc)
{
	const struct irq_chip *bus;

	(void)irq_desc_bus_lock(desc, "the rules' release", &bus);	/* in a thread: taken */
	release_taken(desc);
	irq_desc_bus_sync_unlock(desc, bus);
	irq_desc_unpin(desc);
}

/*
 * In a thread of @parent: run the replays handed to it. Replays are
 * rare (an event read while its line was disabled), so they are found by
 * looking at every line rather than kept in a list.
 */
void irq_nested_replay(struct irq_desc *parent)
{
	unsigned int from = parent->data.irq + 1;
	unsigned int rd = desc_read_lock();
	struct irq_desc *desc;

	for (unsigned int irq = 0; irq_desc_iter(&irq, &desc); irq++) {
		struct irqaction *action;

		if (release_due(desc, from)) {
			desc_read_unlock(rd);
			release_under_bus(desc);
			rd = desc_read_lock();
			if (!irq_desc_iter(&irq, &desc))	/* the line again, in this section */
				break;
		}
		if ((desc_state(desc) & NESTED_REPLAY_DUE) != NESTED_REPLAY_DUE)
			continue;
		action = nested_begin(desc, from);
		if (!action)
			continue;
		desc_read_unlock(rd);
		nested_run(desc, action);
		rd = desc_read_lock();
	}
	desc_read_unlock(rd);
}

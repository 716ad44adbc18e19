// SPDX-License-Identifier: MIT
/*
 * flow.c - the flows: how one event on a line is taken from the
 * controller, through the handlers, back to the controller.
 *
 * The rules every flow keeps (from the seed's __do_IRQ, with the holes
 * Linux later closed):
 *  - an event on a line that is disabled, has no handler, or is already
 *    being handled on another CPU is marked PENDING and not run here;
 *  - the CPU that runs a line's handlers runs them again while PENDING is
 *    set, however many events came meanwhile, so no edge is lost;
 *  - handlers run without the descriptor lock; the chain is read through
 *    atomic pointers, so free_irq() can unlink while it is walked;
 *  - the controller's end of event (eoi) runs exactly once per delivery.
 */
#include "internals.h"

static atomic_uintptr_t entropy_hook;

void irq_set_entropy_hook(irq_entropy_hook_t hook)
{
	atomic_store(&entropy_hook, (uintptr_t)hook);
}

static __irq_noinline void feed_entropy(unsigned int irq)
{
	irq_entropy_hook_t hook = (irq_entropy_hook_t)atomic_load(&entropy_hook);

	if (hook)
		hook(irq, port_cycles() ^ port_time_ns());
}

/*
 * The rest of a chain, after its first handler returned @ret (see
 * run_handlers()). Each handler gets local interrupts as it asked (on
 * without IRQF_DISABLED: turning them on or off when they already are is
 * no change); they are off on return. Return: all results ORed.
 */
static __irq_noinline irqreturn_t run_chain(struct irq_desc *desc, struct irqaction *action,
					    unsigned long first_flags, irqreturn_t ret)
{
	unsigned long claimed = ret == IRQ_HANDLED ? first_flags : 0;
	unsigned int ret_all = (unsigned int)ret;

	do {
		if (!(action->flags & IRQF_DISABLED))
			port_irq_enable_fast();
		else
			port_irq_disable_fast();
		ret = action->handler((int)desc->data.irq, action->dev_id);
		claimed |= ret == IRQ_HANDLED ? action->flags : 0;
		ret_all |= (unsigned int)ret;
		action = atomic_load_explicit(&action->next, memory_order_acquire);
	} while (action);
	port_irq_disable_fast();
	if (irq_unlikely(claimed & IRQF_SAMPLE_RANDOM))
		feed_entropy(desc->data.irq);
	return (irqreturn_t)ret_all;
}

/*
 * Run the chain. Handlers without IRQF_DISABLED run with local interrupts
 * on (each handler gets what it asked for, unlike the seed, which looked
 * at the first handler only). Inlined into each flow for the first
 * handler, so a line with one handler makes no call of its own between
 * the flow and the handler; the rest of a shared chain is run_chain().
 * Return: the handlers' results ORed.
 */
static __irq_always_inline irqreturn_t run_handlers(struct irq_desc *desc,
						    struct irqaction *action)
{
	struct irqaction *next;
	irqreturn_t ret;

	if (!(action->flags & IRQF_DISABLED))
		port_irq_enable_fast();
	ret = action->handler((int)desc->data.irq, action->dev_id);
	next = atomic_load_explicit(&action->next, memory_order_acquire);
	if (irq_unlikely(next))
		return run_chain(desc, next, action->flags, ret);
	/*
	 * Off again whatever the handler asked for: already off is no
	 * change, and nothing but the action stays live across the call.
	 */
	port_irq_disable_fast();
	/* The rare flag first: a claimed event then costs no extra branch. */
	if (irq_unlikely(action->flags & IRQF_SAMPLE_RANDOM) && ret == IRQ_HANDLED)
		feed_entropy(desc->data.irq);
	return ret;
}

irqreturn_t irq_run_handlers(struct irq_desc *desc, struct irqaction *action)
{
	return run_handlers(desc, action);
}

/*
 * Handle the events of a line whose INPROGRESS we own, until none is
 * pending. Called and returns with desc->lock held; @st is the state to
 * publish first; @runs: handler runs already made for this event. Return:
 * the state at the end, INPROGRESS still set.
 */
static __irq_noinline unsigned int run_pending_loop(struct irq_desc *desc, unsigned int st,
						    struct irqaction *action, unsigned int runs)
{
	do {
		irqreturn_t ret;

		if (irq_unlikely((st & (IRQS_PENDING | IRQS_MASKED | IRQS_DISABLED)) ==
				 (IRQS_PENDING | IRQS_MASKED))) {
			/* Masked by an event that came while we ran: reopen. */
			desc->unmask(&desc->data);
			st &= ~IRQS_MASKED;
		}
		desc_set_state(desc, st & ~IRQS_PENDING);
		irq_spin_unlock(&desc->lock);

		ret = run_handlers(desc, action);

		irq_spin_lock(&desc->lock);
		note_interrupt(desc, ret);
		st = desc_state(desc);
		action = desc_action(desc);
		runs++;
	} while (irq_unlikely((st & (IRQS_PENDING | IRQS_DISABLED)) == IRQS_PENDING && action));
	if (runs > 1)
		irq_note_pending_loop(runs);	/* the longest loop: make stress reports it */
	return st;
}

/* Events came while the handlers ran: go on with them (caller holds the lock). */
static __irq_noinline unsigned int run_pending_more(struct irq_desc *desc, unsigned int st)
{
	struct irqaction *action = desc_action(desc);

	if ((st & (IRQS_PENDING | IRQS_DISABLED)) == IRQS_PENDING && action)
		st = run_pending_loop(desc, st, action, 1);
	return st;
}

/*
 * run_pending_loop() for the common case, inlined into the flows: a line
 * with nothing pending and nothing masked makes one pass here, the lock
 * dropped once around the handlers; anything else takes the loop.
 */
static __irq_always_inline unsigned int run_events(struct irq_desc *desc, unsigned int st,
						   struct irqaction *action)
{
	irqreturn_t ret;

	if (irq_unlikely(st & (IRQS_PENDING | IRQS_MASKED)))
		return run_pending_loop(desc, st, action, 0);
	desc_set_state(desc, st);
	irq_spin_unlock(&desc->lock);

	ret = run_handlers(desc, action);

	irq_spin_lock(&desc->lock);
	note_interrupt(desc, ret);
	st = desc_state(desc);
	if (irq_unlikely(st & IRQS_PENDING))
		st = run_pending_more(desc, st);
	return st;
}

/* Level lines: masked while handled, so the device can't re-assert into us. */
void handle_level_irq(struct irq_desc *desc)
{
	struct irqaction *action;
	irqreturn_t ret;
	unsigned int st;

	desc_kstat_inc(desc, port_cpu_id_fast());
	irq_spin_lock(&desc->lock);
	desc->mask(&desc->data);
	desc->ack(&desc->data);
	st = (desc_state(desc) & ~(IRQS_REPLAY | IRQS_WAITING)) | IRQS_MASKED;
	action = desc_action(desc);
	if (irq_unlikely(!action || (st & (IRQS_DISABLED | IRQS_INPROGRESS)))) {
		/* Stays masked: enable_irq() or the running CPU reopens it. */
		desc_set_state(desc, st | IRQS_PENDING);
		goto out_unlock;
	}
	desc_set_state(desc, st | IRQS_INPROGRESS);
	irq_spin_unlock(&desc->lock);

	ret = run_handlers(desc, action);

	irq_spin_lock(&desc->lock);
	note_interrupt(desc, ret);
	st = desc_state(desc) & ~(IRQS_INPROGRESS | IRQS_PENDING);
	if (!(st & IRQS_DISABLED)) {
		desc->unmask(&desc->data);
		st &= ~IRQS_MASKED;
	}
	desc_set_state(desc, st);
out_unlock:
	irq_spin_unlock(&desc->lock);
}

/* Edge lines: acked at once so a new edge latches while we run. */
void handle_edge_irq(struct irq_desc *desc)
{
	struct irqaction *action;
	unsigned int st;

	desc_kstat_inc(desc, port_cpu_id_fast());
	irq_spin_lock(&desc->lock);
	st = desc_state(desc) & ~(IRQS_REPLAY | IRQS_WAITING);
	action = desc_action(desc);
	if (irq_unlikely(!action || (st & (IRQS_DISABLED | IRQS_INPROGRESS)))) {
		st |= IRQS_PENDING | IRQS_MASKED;
		desc->mask(&desc->data);
		desc->ack(&desc->data);
		desc_set_state(desc, st);
		goto out_unlock;
	}
	desc->ack(&desc->data);
	st = run_events(desc, st | IRQS_INPROGRESS, action);
	if (irq_unlikely(!desc_action(desc) && !(st & IRQS_MASKED))) {
		desc->mask(&desc->data);
		st |= IRQS_MASKED;
	}
	desc_set_state(desc, st & ~IRQS_INPROGRESS);
out_unlock:
	irq_spin_unlock(&desc->lock);
}

/* Controllers that need one end-of-interrupt per delivery (APIC, MPIC, XICS). */
void handle_fasteoi_irq(struct irq_desc *desc)
{
	struct irqaction *action;
	unsigned int st;

	desc_kstat_inc(desc, port_cpu_id_fast());
	irq_spin_lock(&desc->lock);
	st = desc_state(desc) & ~(IRQS_REPLAY | IRQS_WAITING);
	action = desc_action(desc);
	if (irq_unlikely(!action || (st & (IRQS_DISABLED | IRQS_INPROGRESS)))) {
		/*
		 * Masked in every case: a level line still asserted would
		 * otherwise come straight back after our eoi and keep this CPU
		 * busy while the CPU that runs the handlers starves. The
		 * PENDING bit keeps the event; the running CPU (or the last
		 * enable_irq) unmasks and runs it.
		 */
		desc->mask(&desc->data);
		desc_set_state(desc, st | IRQS_PENDING | IRQS_MASKED);
		goto out_eoi;
	}
	st = run_events(desc, st | IRQS_INPROGRESS, action);
	desc_set_state(desc, st & ~IRQS_INPROGRESS);
out_eoi:
	desc->eoi(&desc->data);
	irq_spin_unlock(&desc->lock);
}

/* Lines that only demultiplexed events reach: no controller calls. */
void handle_simple_irq(struct irq_desc *desc)
{
	struct irqaction *action;
	unsigned int st;

	desc_kstat_inc(desc, port_cpu_id_fast());
	irq_spin_lock(&desc->lock);
	st = desc_state(desc) & ~(IRQS_REPLAY | IRQS_WAITING);
	action = desc_action(desc);
	if (irq_unlikely(!action || (st & (IRQS_DISABLED | IRQS_INPROGRESS)))) {
		desc_set_state(desc, st | IRQS_PENDING);
		goto out_unlock;
	}
	st = run_events(desc, st | IRQS_INPROGRESS, action);
	desc_set_state(desc, st & ~IRQS_INPROGRESS);
out_unlock:
	irq_spin_unlock(&desc->lock);
}

/*
 * Per-CPU lines (IPIs, local timers) can't race with themselves across
 * CPUs, so they take no lock. The CPU's sequence count is odd while the
 * handler runs, which is what free_irq() waits on (see irq_wait_idle()).
 */
void handle_percpu_irq(struct irq_desc *desc)
{
	unsigned int cpu = port_cpu_id_fast();
	struct irq_cpu *c = &irq_cpus[cpu];
	atomic_uint *seq = &c->percpu_seq;
	struct irqaction *action;

	desc_kstat_inc(desc, cpu);
	desc->ack(&desc->data);
	/* Only this CPU writes its count: a plain load and a store bump it. */
	atomic_store_explicit(seq, atomic_load_explicit(seq, memory_order_relaxed) + 1,
			      memory_order_seq_cst);
	action = atomic_load_explicit(&desc->action, memory_order_seq_cst);
	if (irq_likely(action)) {
		irqreturn_t ret = run_handlers(desc, action);

		if (irq_unlikely((unsigned int)ret & ~(unsigned int)IRQ_HANDLED))
			irq_report_bad(desc, ret);
	}
	atomic_store_explicit(seq, atomic_load_explicit(seq, memory_order_relaxed) + 1,
			      memory_order_release);
	desc->eoi(&desc->data);
}

/* A line with no controller: count, report, let the port acknowledge. */
void handle_bad_irq(struct irq_desc *desc)
{
	desc_kstat_inc(desc, port_cpu_id_fast());
	irq_error_event();
	irq_report_bad(desc, IRQ_NONE);
	desc->ack(&desc->data);
}

void generic_handle_irq_desc(struct irq_desc *desc)
{
	desc->handle_irq(desc);
}

int generic_handle_irq(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	if (irq_unlikely(!desc)) {
		irq_error_event();
		port_ack_bad_irq(irq);
		return -EINVAL;
	}
	desc->handle_irq(desc);
	return 0;
}

void irq_handle_entry(struct irq_desc *desc, void *regs)
{
	irq_entry_run(desc, regs);
}

// SPDX-License-Identifier: MIT
/*
 * flow.c - the flows: how one event on a line is taken from the
 * controller, through the handlers, back to the controller.
 *
 * The rules every flow keeps (from Linux 2.6.9's __do_IRQ, with the holes
 * Linux later closed):
 *  - an event on a line that is disabled, has no handler, or is already
 *    being handled on another CPU is marked PENDING and not run here;
 *  - the CPU that runs a line's handlers runs them again while PENDING is
 *    set, however many events came meanwhile, so no edge is lost;
 *  - handlers run without the descriptor lock; the chain is read through
 *    atomic pointers, so free_irq() can unlink while it is walked;
 *  - the controller's end of event (eoi) runs exactly once per delivery.
 *
 * An event on a quiet line (started, enabled, unmasked, nothing pending,
 * nobody running it, the lock free) takes no lock: one compare-and-swap
 * of the line state takes IRQS_INPROGRESS, another gives it back. The
 * lock is part of the state word, so neither succeeds while anyone holds
 * the lock, and whoever changes the state meanwhile (an event on another
 * CPU marking PENDING, disable_irq(), free_irq()) makes the second one
 * fail: the owner then finishes under the lock, as the locked flows do.
 * The line's other flows and anything unusual take the lock from the start;
 * so does every event of a line whose move waits for it (IRQS_MOVE_PENDING,
 * affinity.c), which the locked end of the edge and fasteoi flows carries
 * out once the handlers ran.
 *
 * A line with one plain action has the solo entry of its flow instead
 * (irq_flow_entry()): the same claim and release, but the handler is
 * called through the descriptor's solo pair, read after the claim, so the
 * event reads no action. manage.c writes the pair only while no owner can
 * be between its claim and its read of it (struct irq_desc).
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
 * The general chain: each handler gets local interrupts as the build's
 * rule gives them (action_irqs_on(): under the 2004 rule on without
 * IRQF_DISABLED, unlike Linux 2.6.9, which looked at the first handler
 * only; else off), and claims feed entropy for IRQF_SAMPLE_RANDOM. Local
 * interrupts change only between handlers that ask differently (@on: on
 * now), as a handler returns with them as it found them; they are off
 * again on return whatever it did. @ret: the results of the handlers
 * that ran before @action. Return: all results ORed.
 */
static __irq_noinline irqreturn_t run_chain(struct irq_desc *desc, struct irqaction *action,
					    unsigned int ret, bool on)
{
	unsigned int irq = desc->data.irq;
	unsigned long claimed = 0;

	do {
		unsigned long flags = action->flags;
		irqreturn_t r;

		if (action_irqs_on(flags)) {
			if (!on)
				port_irq_enable_fast();
			on = true;
		} else if (on) {
			port_irq_disable_fast();
			on = false;
		}
		r = action->call((int)irq, action->call_arg);
		if (r == IRQ_HANDLED)
			claimed |= flags;
		ret |= (unsigned int)r;
		action = atomic_load_explicit(&action->next, memory_order_acquire);
	} while (action);
	port_irq_disable_fast();
	if (irq_unlikely(claimed & IRQF_SAMPLE_RANDOM))
		feed_entropy(irq);
	return (irqreturn_t)ret;
}

/*
 * Run the chain, inlined into each flow for the common chains: handlers
 * whose flags take none of IRQF_SLOW_PATH (under the 2004 rule local
 * interrupts go on once for all of them, off at the end; no claim feeds
 * entropy, so only the ORed result is kept), and a single IRQF_DISABLED
 * handler under that rule. From the first handler that asks for
 * something else on, run_chain() takes over. Return: the handlers'
 * results ORed.
 */
static __irq_always_inline irqreturn_t run_handlers(struct irq_desc *desc,
						    struct irqaction *action)
{
	struct irqaction *next = atomic_load_explicit(&action->next, memory_order_acquire);
	unsigned int ret;

	if (irq_unlikely(action->flags & IRQF_SLOW_PATH)) {
		/* One handler that wants interrupts off is common enough too. */
		irq_barrier();	/* the test above reads the flags from memory */
		if ((action->flags & IRQF_SAMPLE_RANDOM) || next)
			return run_chain(desc, action, 0, false);
		ret = (unsigned int)action->call((int)desc->data.irq, action->call_arg);
		port_irq_disable_fast();
		return (irqreturn_t)ret;
	}
	if (GENIRQ_HANDLERS_IRQS_ON)
		port_irq_enable_fast();
	ret = (unsigned int)action->call((int)desc->data.irq, action->call_arg);
	for (action = next; irq_unlikely(action != NULL);
	     action = atomic_load_explicit(&action->next, memory_order_acquire)) {
		if (irq_unlikely(action->flags & IRQF_SLOW_PATH))
			return run_chain(desc, action, ret, GENIRQ_HANDLERS_IRQS_ON);
		ret |= (unsigned int)action->call((int)desc->data.irq, action->call_arg);
	}
	port_irq_disable_fast();	/* also after a handler that turned them on */
	return (irqreturn_t)ret;
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
	desc_assert_locked(desc);

	do {
		irqreturn_t ret;

		if (irq_unlikely((st & (IRQS_PENDING | IRQS_MASKED | IRQS_DISABLED)) ==
				 (IRQS_PENDING | IRQS_MASKED)) && !desc_flow_holds_oneshot(desc, st)) {
			/*
			 * Masked by an event that came while we ran: reopen,
			 * unless the flow holds it masked for its threads.
			 */
			desc->unmask(&desc->data);
			st &= ~IRQS_MASKED;
		}
		desc_set_state_unlock(desc, st & ~IRQS_PENDING);

		ret = run_handlers(desc, action);

		desc_lock(desc);
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
	desc_set_state_unlock(desc, st);

	ret = run_handlers(desc, action);

	desc_lock(desc);
	note_interrupt(desc, ret);
	st = desc_state(desc);
	if (irq_unlikely(st & IRQS_PENDING))
		st = run_pending_more(desc, st);
	return st;
}

/*
 * The end of a flow on a ONESHOT line, under the lock: the line reopens
 * only when no thread it woke is still to return (else the last thread
 * reopens it, irq_oneshot_unmask()). Return: the state to publish.
 */
static __irq_noinline unsigned int oneshot_end(struct irq_desc *desc, unsigned int st)
{
	if (!(st & IRQS_ONESHOT))
		return st;
	desc_set_state(desc, st);
	irq_oneshot_unmask(desc);
	return desc_state(desc);
}

/*
 * A ONESHOT line the flow holds masked for its threads: masked before its
 * primaries run, left masked by the pending loop. Caller holds the lock
 * and ends the flow with oneshot_end(). Return: the state, not INPROGRESS.
 */
static __irq_noinline unsigned int run_oneshot(struct irq_desc *desc, unsigned int st,
					       struct irqaction *action)
{
	if (!(st & IRQS_MASKED))
		desc->mask(&desc->data);
	st |= IRQS_MASKED | IRQS_INPROGRESS;
	return run_events(desc, st, action) & ~IRQS_INPROGRESS;
}

/*
 * A move waiting for the line's event (irq_data_set_move_at_event()) is
 * carried out at the end of the next event of the edge or fasteoi flow
 * that runs the handlers, under the lock. Return: the state to publish.
 */
static __irq_always_inline unsigned int move_if_pending(struct irq_desc *desc, unsigned int st)
{
	if (irq_unlikely(st & IRQS_MOVE_PENDING))
		st = irq_move_at_event(desc, st);
	return st;
}

/* The edge flow's locked end, for a ONESHOT line or a move waiting. */
static __irq_noinline unsigned int edge_end_slow(struct irq_desc *desc, unsigned int st)
{
	return move_if_pending(desc, oneshot_end(desc, st));
}

/* Level lines: masked while handled, so the device can't re-assert into us. */
void handle_level_irq(struct irq_desc *desc)
{
	struct irqaction *action;
	irqreturn_t ret;
	unsigned int st;

	desc_lock(desc);
	desc->mask(&desc->data);
	desc->ack(&desc->data);
	st = (desc_state(desc) & ~(IRQS_REPLAY | IRQS_WAITING)) | IRQS_MASKED;
	action = desc_action(desc);
	if (irq_unlikely(!action || (st & (IRQS_DISABLED | IRQS_INPROGRESS)))) {
		/* Stays masked: enable_irq() or the running CPU reopens it. */
		desc_set_state_unlock(desc, st | IRQS_PENDING);
		return;
	}
	desc_set_state_unlock(desc, st | IRQS_INPROGRESS);

	ret = run_handlers(desc, action);

	desc_lock(desc);
	note_interrupt(desc, ret);
	st = desc_state(desc) & ~(IRQS_INPROGRESS | IRQS_PENDING);
	if (irq_likely(!(st & (IRQS_DISABLED | IRQS_ONESHOT)))) {
		desc->unmask(&desc->data);
		st &= ~IRQS_MASKED;
	} else {
		st = oneshot_end(desc, st);	/* disabled: stays masked */
	}
	desc_set_state_unlock(desc, st);
}

/*
 * The lock-free path (see the top of this file). A quiet line's state is
 * exactly IRQS_STARTED: claim_quiet() takes it to STARTED | INPROGRESS,
 * release_quiet() back, each only if nobody changed it meanwhile.
 */
static __irq_always_inline bool claim_quiet(struct irq_desc *desc)
{
	unsigned int st = IRQS_STARTED;

	return atomic_compare_exchange_strong_explicit(&desc->istate, &st,
						       IRQS_STARTED | IRQS_INPROGRESS,
						       memory_order_acquire,
						       memory_order_relaxed);
}

static __irq_always_inline bool release_quiet(struct irq_desc *desc)
{
	unsigned int st = IRQS_STARTED | IRQS_INPROGRESS;

	return atomic_compare_exchange_strong_explicit(&desc->istate, &st, IRQS_STARTED,
						       memory_order_release,
						       memory_order_relaxed);
}

/* The edge flow's locked end: a line left without handlers is masked. */
static unsigned int edge_tail(struct irq_desc *desc, unsigned int st)
{
	if (irq_unlikely(!desc_action(desc) && !(st & IRQS_MASKED))) {
		desc->mask(&desc->data);
		st |= IRQS_MASKED;
	}
	return st & ~IRQS_INPROGRESS;
}

/* Edge lines, under the lock: anything but an event on a quiet line. */
static __irq_noinline void edge_locked(struct irq_desc *desc)
{
	struct irqaction *action;
	unsigned int st;

	desc_lock(desc);
	st = desc_state(desc) & ~(IRQS_REPLAY | IRQS_WAITING);
	action = desc_action(desc);
	if (irq_unlikely(!action || (st & (IRQS_DISABLED | IRQS_INPROGRESS)))) {
		st |= IRQS_PENDING | IRQS_MASKED;
		desc->mask(&desc->data);
		desc->ack(&desc->data);
		desc_set_state_unlock(desc, st);
		return;
	}
	desc->ack(&desc->data);
	st = edge_tail(desc, run_events(desc, st | IRQS_INPROGRESS, action));
	if (irq_unlikely(st & (IRQS_ONESHOT | IRQS_MOVE_PENDING)))
		st = edge_end_slow(desc, st);
	desc_set_state_unlock(desc, st);
}

/* The fasteoi flow under the lock: anything but an event on a quiet line. */
static __irq_noinline void fasteoi_locked(struct irq_desc *desc)
{
	struct irqaction *action;
	unsigned int st;

	desc_lock(desc);
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
		st |= IRQS_PENDING | IRQS_MASKED;
	} else if (irq_unlikely(st & IRQS_ONESHOT)) {
		/* Masked from the primary until the threads it woke return. */
		st = run_oneshot(desc, st, action);
		desc->eoi(&desc->data);
		desc_set_state_unlock(desc, move_if_pending(desc, oneshot_end(desc, st)));
		return;
	} else {
		st = run_events(desc, st | IRQS_INPROGRESS, action) & ~IRQS_INPROGRESS;
		desc->eoi(&desc->data);
		desc_set_state_unlock(desc, move_if_pending(desc, st));
		return;
	}
	desc->eoi(&desc->data);
	desc_set_state_unlock(desc, st);
}

/* The simple flow under the lock: anything but an event on a quiet line. */
static __irq_noinline void simple_locked(struct irq_desc *desc)
{
	struct irqaction *action;
	unsigned int st;

	desc_lock(desc);
	st = desc_state(desc) & ~(IRQS_REPLAY | IRQS_WAITING);
	action = desc_action(desc);
	if (irq_unlikely(!action || (st & (IRQS_DISABLED | IRQS_INPROGRESS))))
		st |= IRQS_PENDING;
	else if (irq_unlikely(desc_flow_holds_oneshot(desc, st)))
		/* A fasteoi line's software replay (resend.c) keeps its flow's mask. */
		st = oneshot_end(desc, run_oneshot(desc, st, action));
	else
		/* The simple flow never masks: a ONESHOT line has nothing to reopen. */
		st = run_events(desc, st | IRQS_INPROGRESS, action) & ~IRQS_INPROGRESS;
	desc_set_state_unlock(desc, st);
}

/* The flows with a lock-free path, for run_claimed(). */
enum claimed_flow { CLAIMED_EDGE, CLAIMED_FASTEOI, CLAIMED_SIMPLE };

/*
 * The owner of a claimed line could not give it back lock-free: the
 * event needs irq_note_slow() (@noted false), or the state changed while
 * the handlers ran. Take the lock, go on as the locked flows do, end the
 * flow @kind's way.
 */
static __irq_noinline void finish_locked(struct irq_desc *desc, irqreturn_t ret, bool noted,
					 enum claimed_flow kind)
{
	unsigned int st;

	desc_lock(desc);
	if (!noted)
		irq_note_slow(desc, ret);
	st = desc_state(desc);
	if (irq_unlikely(st & IRQS_PENDING))
		st = run_pending_more(desc, st);
	if (kind == CLAIMED_EDGE) {
		st = edge_tail(desc, st);
	} else {
		st &= ~IRQS_INPROGRESS;
		if (kind == CLAIMED_FASTEOI)
			desc->eoi(&desc->data);
	}
	if (kind != CLAIMED_SIMPLE)
		st = move_if_pending(desc, st);
	desc_set_state_unlock(desc, st);
}

/*
 * A claimed line had no handler after all (free_irq() won): give it back
 * and run @locked, the flow's locked path, which sees to the event.
 */
static __irq_noinline void unclaim(struct irq_desc *desc, void (*locked)(struct irq_desc *desc))
{
	desc_lock(desc);
	desc_set_state_unlock(desc, desc_state(desc) & ~IRQS_INPROGRESS);
	locked(desc);
}

/*
 * The lock-free path of flow @kind, on a line this CPU claimed:
 * handlers, the handled-event count, the release; the locked path
 * (@locked) or finish_locked() for anything else.
 */
static __irq_always_inline void claimed_end(struct irq_desc *desc, irqreturn_t ret,
					    enum claimed_flow kind)
{
	if (irq_unlikely(!note_fast(desc, ret)))
		finish_locked(desc, ret, false, kind);
	else if (irq_unlikely(!release_quiet(desc)))
		finish_locked(desc, ret, true, kind);
	else if (kind == CLAIMED_FASTEOI)
		desc->quiet_op(&desc->data);
}

static __irq_always_inline void run_claimed(struct irq_desc *desc, enum claimed_flow kind,
					    void (*locked)(struct irq_desc *desc))
{
	struct irqaction *action = desc_action(desc);

	if (irq_unlikely(!action)) {
		unclaim(desc, locked);
		return;
	}
	if (kind == CLAIMED_EDGE)
		desc->quiet_op(&desc->data);
	claimed_end(desc, run_handlers(desc, action), kind);
}

/*
 * The lock-free path of flow @kind through the line's solo pair: no
 * action read. A line that lost its pair since its entry was chosen
 * takes @chain, the flow's path through the actions, instead.
 */
static __irq_always_inline void run_solo(struct irq_desc *desc, enum claimed_flow kind,
					 void (*chain)(struct irq_desc *desc))
{
	irq_handler_t solo = atomic_load_explicit(&desc->solo_call, memory_order_relaxed);
	irqreturn_t ret;

	if (irq_unlikely(!solo)) {
		chain(desc);
		return;
	}
	if (kind == CLAIMED_EDGE)
		desc->quiet_op(&desc->data);
	if (GENIRQ_HANDLERS_IRQS_ON)
		port_irq_enable_fast();
	ret = solo((int)desc->data.irq, desc->solo_arg);
	port_irq_disable_fast();
	claimed_end(desc, ret, kind);
}

static __irq_noinline void edge_claimed(struct irq_desc *desc)
{
	run_claimed(desc, CLAIMED_EDGE, edge_locked);
}

static __irq_noinline void fasteoi_claimed(struct irq_desc *desc)
{
	run_claimed(desc, CLAIMED_FASTEOI, fasteoi_locked);
}

static __irq_noinline void simple_claimed(struct irq_desc *desc)
{
	run_claimed(desc, CLAIMED_SIMPLE, simple_locked);
}

static __irq_noinline void edge_solo(struct irq_desc *desc)
{
	run_solo(desc, CLAIMED_EDGE, edge_claimed);
}

static __irq_noinline void fasteoi_solo(struct irq_desc *desc)
{
	run_solo(desc, CLAIMED_FASTEOI, fasteoi_claimed);
}

static __irq_noinline void simple_solo(struct irq_desc *desc)
{
	run_solo(desc, CLAIMED_SIMPLE, simple_claimed);
}

/*
 * The flows. Each one's entry is only the claim, so neither path pays
 * for the other's register saves.
 */

/* Edge lines: acked at once so a new edge latches while we run. */
void handle_edge_irq(struct irq_desc *desc)
{
	if (irq_likely(claim_quiet(desc)))
		edge_claimed(desc);
	else
		edge_locked(desc);
}

/* Controllers that need one end-of-interrupt per delivery (APIC, MPIC, XICS). */
void handle_fasteoi_irq(struct irq_desc *desc)
{
	if (irq_likely(claim_quiet(desc)))
		fasteoi_claimed(desc);
	else
		fasteoi_locked(desc);
}

/* Lines that only demultiplexed events reach: no controller calls. */
void handle_simple_irq(struct irq_desc *desc)
{
	if (irq_likely(claim_quiet(desc)))
		simple_claimed(desc);
	else
		simple_locked(desc);
}

/*
 * The entries of the same flows for a line with a solo pair (struct
 * irq_desc): only the lock-free path differs. irq_flow_entry() chooses.
 */
static void handle_edge_solo(struct irq_desc *desc)
{
	if (irq_likely(claim_quiet(desc)))
		edge_solo(desc);
	else
		edge_locked(desc);
}

static void handle_fasteoi_solo(struct irq_desc *desc)
{
	if (irq_likely(claim_quiet(desc)))
		fasteoi_solo(desc);
	else
		fasteoi_locked(desc);
}

static void handle_simple_solo(struct irq_desc *desc)
{
	if (irq_likely(claim_quiet(desc)))
		simple_solo(desc);
	else
		simple_locked(desc);
}

irq_flow_handler_t irq_flow_entry(struct irq_desc *desc)
{
	if (desc->solo_entry) {
		switch (desc->flow_kind) {
		case IRQ_FLOW_EDGE:
			return handle_edge_solo;
		case IRQ_FLOW_FASTEOI:
			return handle_fasteoi_solo;
		case IRQ_FLOW_SIMPLE:
			return handle_simple_solo;
		default:
			break;
		}
	}
	return atomic_load_explicit(&desc->flow, memory_order_relaxed);
}

/*
 * Per-CPU lines (IPIs, local timers) can't race with themselves across
 * CPUs, so they take no lock. The CPU counts the per-CPU handlers it is
 * running (they run with interrupts on, so one may nest in another);
 * free_irq() waits until it sees each CPU's count at 0 (irq_wait_idle()),
 * which no nesting can fake: a nested entry puts back the count it found.
 */
void handle_percpu_irq(struct irq_desc *desc)
{
	atomic_uint *depth;
	struct irqaction *action;
	unsigned int n;

	desc->ack(&desc->data);
	/* Only this CPU writes its count: a plain load and a store bump it. */
	depth = &irq_this_cpu()->percpu_depth;
	n = atomic_load_explicit(depth, memory_order_relaxed);
	atomic_store_explicit(depth, n + 1, memory_order_seq_cst);
	action = atomic_load_explicit(&desc->action, memory_order_seq_cst);
	if (irq_likely(action)) {
		irqreturn_t ret = run_handlers(desc, action);

		if (irq_unlikely((unsigned int)ret & ~(unsigned int)IRQ_HANDLED))
			irq_report_bad(desc, ret);
	}
	atomic_store_explicit(depth, n, memory_order_release);
	irq_opaque(desc);
	desc->eoi(&desc->data);
}

/* A line with no controller: count, report, let the port acknowledge. */
void handle_bad_irq(struct irq_desc *desc)
{
	irq_error_event();
	irq_report_bad(desc, IRQ_NONE);
	desc->ack(&desc->data);
}

void generic_handle_irq_desc(struct irq_desc *desc)
{
	desc_handle(desc);
}

int generic_handle_irq(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	if (irq_unlikely(!desc)) {
		irq_error_event();
		port_ack_bad_irq(irq);
		return -EINVAL;
	}
	desc_handle(desc);
	return 0;
}

void irq_handle_entry(struct irq_desc *desc, void *regs)
{
	irq_entry_run(desc, regs);
}

/*
 * The last thread of a ONESHOT line returned: unmask the line if nothing
 * else holds it masked. Caller holds desc->lock; no flow runs the line.
 */
void irq_oneshot_unmask(struct irq_desc *desc)
{
	unsigned int st = desc_state(desc);

	desc_assert_locked(desc);
	if ((st & (IRQS_MASKED | IRQS_STARTED | IRQS_DISABLED | IRQS_CPU_SHUTDOWN |
		   IRQS_INPROGRESS)) != (IRQS_MASKED | IRQS_STARTED))
		return;
	if (atomic_load(&desc->threads_oneshot))
		return;
	desc->unmask(&desc->data);
	desc_set_state(desc, st & ~IRQS_MASKED);
}

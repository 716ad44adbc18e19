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
 * The flows are written once (flow_body() below: the edge, fasteoi and
 * simple flows differ in four steps, each chosen by the flow's kind),
 * run by their entries (FLOW_ENTRY()) on a claimed line or a locked one;
 * both paths run the same lines of the flow. How the compiler makes
 * them follows GENIRQ_FLOW_PATHS (config.h): each flow's paths apart,
 * for speed, or one body for the three flows, for size (the figures are
 * at FLOW_ENTRY()). A line with one plain action is run through the
 * descriptor's solo pair, its call and argument, read after the claim,
 * so that the event reads no action. manage.c writes the pair only while
 * no owner can be between its claim and its read of it (struct irq_desc).
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
static __irq_always_inline irqreturn_t run_handlers_inline(struct irq_desc *desc,
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
	return run_handlers_inline(desc, action);
}

/*
 * The chain as the flows run it: inlined into each where the flows are
 * compiled as paths (GENIRQ_FLOW_PATHS), else the one copy above.
 */
static __irq_always_inline irqreturn_t run_handlers(struct irq_desc *desc,
						    struct irqaction *action)
{
	if (GENIRQ_FLOW_PATHS)
		return run_handlers_inline(desc, action);
	return irq_run_handlers(desc, action);
}

/*
 * desc_lock() as the flows take it: inlined into each where the flows are
 * compiled as paths (GENIRQ_FLOW_PATHS), else one copy (desc_lock_call()).
 */
static __irq_noinline void desc_lock_call(struct irq_desc *desc)
{
	desc_lock(desc);
}

static __irq_always_inline void flow_desc_lock(struct irq_desc *desc)
{
	if (GENIRQ_FLOW_PATHS)
		desc_lock(desc);
	else
		desc_lock_call(desc);
}

/*
 * One run of the handlers of a line whose INPROGRESS we own: publish @st
 * and drop the lock around them, then note their result under it again.
 * Return: the state then.
 */
static __irq_always_inline unsigned int run_pass(struct irq_desc *desc, unsigned int st,
						 struct irqaction *action)
{
	irqreturn_t ret;

	desc_set_state_unlock(desc, st);

	ret = run_handlers(desc, action);

	flow_desc_lock(desc);
	/* note_interrupt() written out: no out-of-line copy of it in the size form */
	if (irq_unlikely(!note_fast(desc, ret)))
		irq_note_slow(desc, ret);
	return desc_state(desc);
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
		if (irq_unlikely((st & (IRQS_PENDING | IRQS_MASKED | IRQS_DISABLED)) ==
				 (IRQS_PENDING | IRQS_MASKED)) && !desc_flow_holds_oneshot(desc, st)) {
			/*
			 * Masked by an event that came while we ran: reopen,
			 * unless the flow holds it masked for its threads.
			 */
			desc->unmask(&desc->data);
			st &= ~IRQS_MASKED;
		}
		st = run_pass(desc, st & ~IRQS_PENDING, action);
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
 * dropped once around the handlers; anything else takes the loop. (The
 * one-body form takes the loop for every event: the same steps.)
 */
static __irq_always_inline unsigned int run_events(struct irq_desc *desc, unsigned int st,
						   struct irqaction *action)
{
	if (!GENIRQ_FLOW_PATHS || irq_unlikely(st & (IRQS_PENDING | IRQS_MASKED)))
		return run_pending_loop(desc, st, action, 0);
	st = run_pass(desc, st, action);
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
 * primaries run, left masked by the pending loop, reopened by
 * oneshot_end() or its last thread. Caller holds the lock. Return: the state.
 */
static __irq_always_inline unsigned int oneshot_hold(struct irq_desc *desc, unsigned int st)
{
	if (!(st & IRQS_MASKED))
		desc->mask(&desc->data);
	return st | IRQS_MASKED;
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

/*
 * What a flow runs: its chain from @action, or without one (a claimed
 * line with a solo pair, struct irq_desc) the pair's call @solo.
 */
struct flow_handlers {
	irq_handler_t		solo;
	struct irqaction	*action;
};

/*
 * Begin an event under the lock. Return: the line state, in which
 * IRQS_LOCKED says so (a claimed line's state is STARTED | INPROGRESS).
 */
static __irq_always_inline unsigned int flow_lock(struct irq_desc *desc, struct flow_handlers *h)
{
	flow_desc_lock(desc);
	h->solo = NULL;
	h->action = desc_action(desc);
	return (desc_state(desc) | IRQS_LOCKED) & ~(IRQS_REPLAY | IRQS_WAITING);
}

/*
 * Give a claimed line back under the lock: free_irq() took its last
 * action meanwhile, so the event goes on as a locked one.
 */
static __irq_always_inline void flow_unclaim(struct irq_desc *desc)
{
	flow_desc_lock(desc);
	desc_set_state_unlock(desc, desc_state(desc) & ~IRQS_INPROGRESS);
}

/*
 * Whether the event runs the handlers: a claimed line does; under the
 * lock, a line with a handler, enabled, that no other CPU is running.
 */
static __irq_always_inline bool flow_may_run(unsigned int st, const struct flow_handlers *h)
{
	return !(st & IRQS_LOCKED) ||
	       (h->action && !(st & (IRQS_DISABLED | IRQS_INPROGRESS)));
}

/* The solo pair's call: the one plain action, without reading it. */
static __irq_always_inline irqreturn_t run_solo(struct irq_desc *desc, irq_handler_t solo)
{
	irqreturn_t ret;

	if (GENIRQ_HANDLERS_IRQS_ON)
		port_irq_enable_fast();
	ret = solo((int)desc->data.irq, desc->solo_arg);
	port_irq_disable_fast();
	return ret;
}

/*
 * The owner of a claimed line could not give it back lock-free: the
 * event needs irq_note_slow() (@noted false), or the state changed while
 * the handlers ran. Take the lock and go on as under it. Return: the
 * state, lock held, INPROGRESS set.
 */
static __irq_noinline unsigned int claimed_finish(struct irq_desc *desc, irqreturn_t ret,
						  bool noted)
{
	unsigned int st;

	flow_desc_lock(desc);
	if (!noted)
		irq_note_slow(desc, ret);
	st = desc_state(desc);
	if (irq_unlikely(st & IRQS_PENDING))
		st = run_pending_more(desc, st);
	return st;
}

/*
 * Run the handlers of a line whose INPROGRESS this CPU owns, then every
 * event that came meanwhile. Return: 0 when a claimed line was given back
 * lock-free (its event is over but for the flow's controller call);
 * else the state, with the lock held and INPROGRESS still set.
 */
static __irq_always_inline unsigned int flow_handle(struct irq_desc *desc, unsigned int st,
						    const struct flow_handlers *h)
{
	irqreturn_t ret;

	if (st & IRQS_LOCKED)
		return run_events(desc, st | IRQS_INPROGRESS, h->action);
	ret = h->action ? run_handlers(desc, h->action) : run_solo(desc, h->solo);
	if (irq_unlikely(!note_fast(desc, ret)))
		return claimed_finish(desc, ret, false);
	if (irq_unlikely(!release_quiet(desc)))
		return claimed_finish(desc, ret, true);
	return 0;
}

/* Level lines: masked while handled, so the device can't re-assert into us. */
void handle_level_irq(struct irq_desc *desc)
{
	struct irqaction *action;
	unsigned int st;

	flow_desc_lock(desc);
	desc->mask(&desc->data);
	desc->ack(&desc->data);
	st = (desc_state(desc) & ~(IRQS_REPLAY | IRQS_WAITING)) | IRQS_MASKED;
	action = desc_action(desc);
	if (irq_unlikely(!action || (st & (IRQS_DISABLED | IRQS_INPROGRESS)))) {
		/* Stays masked: enable_irq() or the running CPU reopens it. */
		desc_set_state_unlock(desc, st | IRQS_PENDING);
		return;
	}
	st = run_pass(desc, st | IRQS_INPROGRESS, action) & ~(IRQS_INPROGRESS | IRQS_PENDING);
	if (irq_likely(!(st & (IRQS_DISABLED | IRQS_ONESHOT)))) {
		desc->unmask(&desc->data);
		st &= ~IRQS_MASKED;
	} else {
		st = oneshot_end(desc, st);	/* disabled: stays masked */
	}
	desc_set_state_unlock(desc, st);
}

/*
 * The end of the edge and fasteoi flows under the lock: a ONESHOT line's
 * reopening, a move waiting for the line's event. Publishes @st and
 * drops the lock.
 */
static __irq_always_inline void flow_end(struct irq_desc *desc, unsigned int st)
{
	st &= ~IRQS_INPROGRESS;
	if (irq_unlikely(st & (IRQS_ONESHOT | IRQS_MOVE_PENDING)))
		st = move_if_pending(desc, oneshot_end(desc, st));
	desc_set_state_unlock(desc, st);
}

/*
 * The ends under the lock, out of line so that a claimed line's path
 * saves no register for them. The edge flow masks a line left without
 * handlers; the fasteoi flow ends the delivery (eoi) before the state is
 * published; the simple flow reopens a ONESHOT line it held (@held).
 */
static __irq_noinline void edge_end(struct irq_desc *desc, unsigned int st)
{
	if (irq_unlikely(!desc_action(desc) && !(st & IRQS_MASKED))) {
		desc->mask(&desc->data);
		st |= IRQS_MASKED;
	}
	flow_end(desc, st);
}

static __irq_noinline void fasteoi_end(struct irq_desc *desc, unsigned int st)
{
	desc->eoi(&desc->data);
	flow_end(desc, st);
}

static __irq_noinline void simple_end(struct irq_desc *desc, unsigned int st, bool held)
{
	st &= ~IRQS_INPROGRESS;
	if (irq_unlikely(held))
		st = oneshot_end(desc, st);
	desc_set_state_unlock(desc, st);
}

/*
 * The four steps in which the flows differ, each chosen by the flow's
 * @kind (IRQ_FLOW_EDGE, IRQ_FLOW_FASTEOI or IRQ_FLOW_SIMPLE):
 *  - edge lines are acked at once, so a new edge latches while we run;
 *  - controllers that need one end-of-interrupt per delivery (APIC, MPIC,
 *    XICS) get it exactly once, after the handlers; a ONESHOT line stays
 *    masked for its threads;
 *  - lines that only demultiplexed events reach (simple) have no
 *    controller calls.
 *
 * flow_defer(): an event the flow can't run now (no handler, disabled,
 * running on another CPU), under the lock: PENDING keeps it; the CPU
 * running the handlers, or the last enable_irq(), runs it. The edge and
 * fasteoi flows mask the line and end the event at the controller (ack
 * or eoi): masked in every case, since a level line on a fasteoi
 * controller still asserted would otherwise come straight back after the
 * eoi and keep this CPU busy while the CPU that runs the handlers starves.
 */
static __irq_always_inline void flow_defer(struct irq_desc *desc, enum irq_flow_kind kind,
					   unsigned int st)
{
	if (kind == IRQ_FLOW_SIMPLE) {
		desc_set_state_unlock(desc, st | IRQS_PENDING);
		return;
	}
	desc->mask(&desc->data);
	desc->quiet_op(&desc->data);
	desc_set_state_unlock(desc, st | IRQS_PENDING | IRQS_MASKED);
}

/*
 * Whether the flow holds a ONESHOT line masked while its handlers run:
 * the fasteoi flow does; the simple flow never masks, but a fasteoi
 * line's software replay (resend.c) keeps its own flow's ONESHOT mask.
 */
static __irq_always_inline bool flow_holds(struct irq_desc *desc, enum irq_flow_kind kind,
					   unsigned int st)
{
	if (kind == IRQ_FLOW_FASTEOI)
		return st & IRQS_ONESHOT;
	if (kind == IRQ_FLOW_SIMPLE)
		return desc_flow_holds_oneshot(desc, st);
	return false;
}

/* The end under the lock (@st from flow_handle()), by the flow's kind. */
static __irq_always_inline void flow_end_locked(struct irq_desc *desc, enum irq_flow_kind kind,
						unsigned int st, bool held)
{
	if (kind == IRQ_FLOW_EDGE)
		edge_end(desc, st);
	else if (kind == IRQ_FLOW_FASTEOI)
		fasteoi_end(desc, st);
	else
		simple_end(desc, st, held);
}

/*
 * The edge, fasteoi and simple flows, written once: an event on a
 * claimed line or a locked one (@st, @h: flow_lock()), which
 * flow_handle() runs; what is left is done under the lock.
 */
static __irq_always_inline void flow_body(struct irq_desc *desc, enum irq_flow_kind kind,
					  unsigned int st, const struct flow_handlers *h)
{
	bool held;

	if (irq_unlikely(!flow_may_run(st, h))) {
		flow_defer(desc, kind, st);
		return;
	}
	if (kind == IRQ_FLOW_EDGE)
		desc->quiet_op(&desc->data);	/* ack */
	held = flow_holds(desc, kind, st);
	if (irq_unlikely(held))
		st = oneshot_hold(desc, st);
	st = flow_handle(desc, st, h);
	if (irq_unlikely(st))
		flow_end_locked(desc, kind, st, held);
	else if (kind == IRQ_FLOW_FASTEOI)
		desc->quiet_op(&desc->data);	/* eoi, exactly once, after the handlers */
}

/*
 * The one-body form (GENIRQ_FLOW_PATHS 0): the three flows are this one
 * function, which claims or locks the line and runs flow_body() twice
 * over, once for a claimed line (the solo call or the chain) and once
 * under the lock, with @kind chosen at run time. (Once for both: 12 bytes
 * less on aarch64, 13 to 19 instructions more an event.) A claimed line
 * that free_irq() left without an action is locked; its claim goes back
 * with the state the locked event publishes.
 */
static __irq_noinline void flow_one(struct irq_desc *desc, enum irq_flow_kind kind)
{
	struct flow_handlers h = { .solo = NULL, .action = NULL };
	bool claimed = claim_quiet(desc);
	unsigned int st = IRQS_STARTED | IRQS_INPROGRESS;

	if (irq_likely(claimed)) {
		h.solo = atomic_load_explicit(&desc->solo_call, memory_order_relaxed);
		h.action = h.solo ? NULL : desc_action(desc);
	}
	if (irq_likely(h.solo || h.action)) {
		flow_body(desc, kind, st, &h);
		return;
	}
	st = flow_lock(desc, &h) & ~(claimed ? IRQS_INPROGRESS : 0u);
	flow_body(desc, kind, st, &h);
}

/*
 * A flow's entry. Where the flows are compiled as paths
 * (GENIRQ_FLOW_PATHS 1), the compiler makes each from flow_body(), each
 * without the others' code and registers: a claimed line runs its solo
 * pair's call (name##_solo()) or its chain (name##_chain(), which gives
 * the line back and takes the lock if free_irq() took the last action
 * meanwhile); anything else runs under the lock (name##_locked()). The
 * entry itself only claims and chooses, so that it saves no register.
 * Else the entry calls flow_one().
 *
 * What the one-body form earns (make size's minimal row, -Os): flow.o
 * 4,536 -> 1,974 bytes of text on riscv64, 5,080 -> 2,188 on aarch64,
 * 3,388 -> 1,368 on armv7m (the whole core -2.6 KB, -2.9 KB, -2.0 KB).
 * What it cost, in instructions an event, when it came (the flows have
 * changed since): make bench-armv7m's round trip (fasteoi, solo) 131 ->
 * 137; the host bench of the minimal core
 * built at -Os, edge 117 -> 127, fasteoi 117 -> 126, level 179 -> 178,
 * per-CPU 118 -> 127 (one copy of the chain, irq_run_handlers(), for
 * all flows), two shared handlers 140 -> 163. (One body for each flow
 * instead: riscv64 flow.o 2,760 bytes, the round trip 129; one body
 * each that the entry calls with the claimed state and handlers: 2,272
 * bytes, 161. Without the lock-free claim, some 450 bytes less on
 * riscv64, but 50 to 100 instructions more an edge event, the lock taken
 * twice: the claim earns its place in both forms.)
 */
#define FLOW_ENTRY(name, kind)								\
static __irq_noinline void name##_locked(struct irq_desc *desc)			\
{											\
	struct flow_handlers h;								\
	unsigned int st = flow_lock(desc, &h);						\
											\
	flow_body(desc, kind, st, &h);							\
}											\
											\
static __irq_noinline void name##_chain(struct irq_desc *desc)				\
{											\
	struct flow_handlers h = { .solo = NULL, .action = desc_action(desc) };	\
											\
	if (irq_unlikely(!h.action)) {							\
		flow_unclaim(desc);							\
		name##_locked(desc);							\
		return;									\
	}										\
	flow_body(desc, kind, IRQS_STARTED | IRQS_INPROGRESS, &h);			\
}											\
											\
static __irq_noinline void name##_solo(struct irq_desc *desc, irq_handler_t solo)	\
{											\
	struct flow_handlers h = { .solo = solo, .action = NULL };			\
											\
	flow_body(desc, kind, IRQS_STARTED | IRQS_INPROGRESS, &h);			\
}											\
											\
void handle_##name##_irq(struct irq_desc *desc)						\
{											\
	irq_handler_t solo;								\
											\
	if (!GENIRQ_FLOW_PATHS)								\
		flow_one(desc, kind);							\
	else if (irq_unlikely(!claim_quiet(desc)))					\
		name##_locked(desc);							\
	else if (irq_likely((solo = atomic_load_explicit(&desc->solo_call,		\
							 memory_order_relaxed)) != NULL))	\
		name##_solo(desc, solo);						\
	else										\
		name##_chain(desc);							\
}

FLOW_ENTRY(edge, IRQ_FLOW_EDGE)
FLOW_ENTRY(fasteoi, IRQ_FLOW_FASTEOI)
FLOW_ENTRY(simple, IRQ_FLOW_SIMPLE)

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
	/* (Kept in a register: GCC 12 on RISC-V made it again for the last store, +4 an event.) */
	irq_opaque(depth);
	n = atomic_load_explicit(depth, memory_order_relaxed);
	reader_mark(depth, n + 1);
	action = atomic_load_explicit(&desc->action, memory_order_seq_cst);
	if (irq_likely(action)) {
		irqreturn_t ret = run_handlers(desc, action);

		if (irq_unlikely((unsigned int)ret & ~(unsigned int)IRQ_HANDLED))
			irq_report_bad(desc, ret);
	}
	irq_atomic_store(depth, n, memory_order_release);
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

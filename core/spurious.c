// SPDX-License-Identifier: MIT
/*
 * spurious.c - unhandled events, stuck lines, and their recovery; and the
 * per-event countdown both this rule and the storm rule (storm.c) run on.
 *
 * Linux 2.6.9's rule: if more than 99,900 of 100,000 events on a line were
 * unhandled, the line is stuck; report it with its handlers and disable
 * it. genirq keeps the rule with three changes:
 *  - the disable goes through the depth count, so enable_irq() undoes it;
 *  - the count decays: an unhandled event more than 100 ms after the last
 *    one starts a new window, so rare misses on a healthy line never add
 *    up to a disable;
 *  - a disabled line is retried by irq_spurious_poll(): its handlers are
 *    polled, and it is re-enabled when one claims an event or when its
 *    back-off (100 ms, doubling to 60 s) runs out.
 * A window opens at the first unhandled event, so a line whose events are
 * all handled pays two compares per event (note_interrupt()).
 */
#include "internals.h"
#include "trace_points.h"

atomic_bool irq_noirqdebug;
atomic_int irq_reports_left = IRQ_REPORT_LIMIT;
static atomic_uint lines_disabled;
static atomic_ulong error_count;
/* Guards next_poll and serializes polls; taken before any desc->lock. */
static struct irq_spinlock poll_lock = IRQ_SPINLOCK_INIT;
static uint64_t next_poll;

void irq_misc_reset(void)
{
	atomic_store(&irq_noirqdebug, false);
	atomic_store(&irq_reports_left, IRQ_REPORT_LIMIT);
	atomic_store(&lines_disabled, 0u);
	atomic_store(&error_count, 0UL);
	next_poll = 0;
	irq_storm_reset();
}

void irq_set_noirqdebug(bool off)
{
	atomic_store(&irq_noirqdebug, off);
	if (off)
		irq_log("IRQ lockup detection disabled");
}

void irq_spurious_vector(void)
{
	atomic_ulong *n = &irq_this_cpu()->spurious;

	atomic_store_explicit(n, atomic_load_explicit(n, memory_order_relaxed) + 1,
			      memory_order_relaxed);
}

unsigned long irq_spurious_count(unsigned int cpu)
{
	if (cpu >= GENIRQ_NR_CPUS)
		return 0;
	return atomic_load_explicit(&irq_cpus[cpu].spurious, memory_order_relaxed);
}

void irq_error_event(void)
{
	atomic_fetch_add_explicit(&error_count, 1UL, memory_order_relaxed);
}

unsigned long irq_error_count(void)
{
	return atomic_load_explicit(&error_count, memory_order_relaxed);
}

/* One report from the budget; at 0 it stays 0, however many events follow. */
bool irq_take_report(void)
{
	int left = atomic_load_explicit(&irq_reports_left, memory_order_relaxed);

	while (left > 0)
		if (atomic_compare_exchange_weak_explicit(&irq_reports_left, &left, left - 1,
							  memory_order_relaxed,
							  memory_order_relaxed))
			return true;
	return false;
}

/* Name every handler on the line: the report must say who is at fault. */
void irq_log_handlers(struct irq_desc *desc)
{
	struct irqaction *a = desc_action(desc);

	if (!GENIRQ_REPORTS)
		return;		/* no console text: nothing to name them in */
	if (!a) {
		irq_log("  no handlers");
		return;
	}
	irq_log("handlers:");
	for (; a; a = atomic_load_explicit(&a->next, memory_order_acquire))
		irq_log("  [<%p>] \"%s\" dev_id %p", (void *)(uintptr_t)a->handler,
			a->name ? a->name : "?", a->dev_id);
}

static void report_bad(struct irq_desc *desc, irqreturn_t ret)
{
	unsigned int irq = desc->data.irq;

	if (ret != IRQ_NONE && ret != IRQ_HANDLED)
		irq_log("irq event %u: bogus return value %x", irq, (unsigned int)ret);
	else if (!irq_desc_has_chip(desc))
		irq_log("irq %u: event on a line with no controller", irq);
	else
		irq_log("irq %u: nobody cared", irq);
	irq_log_handlers(desc);
}

void irq_report_bad(struct irq_desc *desc, irqreturn_t ret)
{
	if (irq_take_report())
		report_bad(desc, ret);
}

/*
 * The back-off doubles from IRQ_POLL_BACKOFF_MS with each disable up to
 * the cap, so the descriptor keeps only the count of disables, saturated
 * at the first that reaches the cap.
 */
#define BACKOFF_STEPS	11u
_Static_assert((IRQ_POLL_BACKOFF_MS << (BACKOFF_STEPS - 2)) < IRQ_POLL_BACKOFF_MAX_MS &&
	       (IRQ_POLL_BACKOFF_MS << (BACKOFF_STEPS - 1)) >= IRQ_POLL_BACKOFF_MAX_MS,
	       "BACKOFF_STEPS: the first step at the cap");

unsigned int irq_spurious_backoff_ms(const struct irq_desc *desc)
{
	unsigned int ms;

	if (desc->backoffs == 0)
		return 0;
	ms = IRQ_POLL_BACKOFF_MS << (desc->backoffs - 1u);
	return ms < IRQ_POLL_BACKOFF_MAX_MS ? ms : IRQ_POLL_BACKOFF_MAX_MS;
}

static void disable_stuck_line(struct irq_desc *desc, irqreturn_t ret)
{
	uint64_t now = port_time_ns();

	report_bad(desc, ret);
	irq_log("Disabling IRQ #%u (%u of %u events unhandled)", desc->data.irq,
		desc->irqs_unhandled, desc->irq_count);
	if (desc->backoffs < BACKOFF_STEPS)
		desc->backoffs++;
	*irq_desc_retry_at(desc) = now + irq_spurious_backoff_ms(desc) * NSEC_PER_MSEC;
	desc_set_state(desc, desc_state(desc) | IRQS_SPURIOUS_DISABLED);
	trace_irq(desc, SPURIOUS, desc->irqs_unhandled, NULL);
	irq_disable_locked(desc);
	atomic_fetch_add(&lines_disabled, 1u);
}

/* threads_handled_last: the count seen last, and "a wake-up is being judged". */
#define THREADS_DEFERRED	0x80000000u

/*
 * A primary that only woke threads (IRQ_WAKE_THREAD) is judged by what
 * the threads did, one event later, as Linux does: the event counts as
 * handled when some thread returned IRQ_HANDLED since the event before,
 * else as unhandled. So a thread that returns IRQ_NONE, or one that
 * never finishes while its line keeps firing, adds up to a stuck line.
 * The first wake-up notes the count it has nothing to judge by (Linux
 * keeps an older one, so a claim before the event before could count).
 * Return: false when there is nothing to count yet (the first wake-up).
 */
static bool judge_threaded(struct irq_desc *desc, irqreturn_t *ret)
{
	unsigned int handled;

	if (*ret != IRQ_WAKE_THREAD) {
		/* A handler claimed the event in hardirq context as well. */
		desc->threads_handled_last &= ~THREADS_DEFERRED;
		*ret = IRQ_HANDLED;
		return true;
	}
	handled = atomic_load_explicit(&desc->threads_handled, memory_order_relaxed) |
		  THREADS_DEFERRED;
	if (!(desc->threads_handled_last & THREADS_DEFERRED)) {
		/* What threads claimed before this event is not for the next. */
		desc->threads_handled_last = handled;
		return false;
	}
	if (handled != desc->threads_handled_last) {
		desc->threads_handled_last = handled;
		*ret = IRQ_HANDLED;
	} else {
		*ret = IRQ_NONE;
	}
	return true;
}

/*
 * The countdown ran out, or an event was unhandled or woke a thread, or a
 * window is open. Caller holds desc->lock.
 */
void irq_note_slow(struct irq_desc *desc, irqreturn_t ret)
{
	desc_assert_locked(desc);

	if (atomic_load_explicit(&irq_noirqdebug, memory_order_relaxed)) {
		storm_left_set(desc, IRQ_STORM_IDLE);	/* both rules off: back here rarely */
		return;
	}
	if ((unsigned int)ret & IRQ_WAKE_THREAD &&
	    (unsigned int)ret <= (IRQ_HANDLED | IRQ_WAKE_THREAD)) {
		if (!judge_threaded(desc, &ret))
			return;
		if (ret == IRQ_HANDLED && note_fast(desc, ret))
			return;		/* counted down, as a handled event is */
	}
	if (ret == IRQ_HANDLED && desc->irqs_unhandled == 0) {
		if (desc->storm_stash) {
			/* irq_spurious_forget() closed the window: count on. */
			storm_left_set(desc, desc->storm_stash);
			desc->storm_stash = 0;
			return;
		}
		storm_left_set(desc, irq_storm_check(desc));	/* a window's budget used up */
		return;
	}
	if (ret != IRQ_HANDLED) {
		uint64_t now = port_time_ns();
		bool open = desc->irqs_unhandled != 0;

		if (ret != IRQ_NONE)
			irq_report_bad(desc, ret);
		if (open && now - desc->last_unhandled > IRQ_SPURIOUS_DECAY_NS) {
			desc->irqs_unhandled = 0;	/* old misses: start over */
			desc->irq_count = 0;
		}
		if (!open && !desc->storm_stash) {
			/* A window opens: every event comes here until it closes. */
			desc->storm_stash = storm_left_get(desc);
			storm_left_set(desc, 1);
		}
		desc->irqs_unhandled++;
		desc->last_unhandled = now;
	} else {
		storm_left_set(desc, 1);
		if (--desc->storm_stash == 0)
			desc->storm_stash = irq_storm_check(desc);
	}
	if (++desc->irq_count < IRQ_SPURIOUS_WINDOW)
		return;
	if (desc->irqs_unhandled > IRQ_SPURIOUS_LIMIT)
		disable_stuck_line(desc, ret);
	desc->irq_count = 0;
	desc->irqs_unhandled = 0;
	storm_left_set(desc, desc->storm_stash);	/* the window closes: count on */
	desc->storm_stash = 0;
}

/*
 * A new storm budget for the countdown in force: the stash while a
 * stuck-line window is open, else the countdown itself. This file is the
 * only one that moves the countdown between the two. Caller holds
 * desc->lock.
 */
void irq_note_countdown_set(struct irq_desc *desc, unsigned int n)
{
	desc_assert_locked(desc);
	if (desc->storm_stash)
		desc->storm_stash = n;
	else
		storm_left_set(desc, n);
}

/* The line was disabled by this rule or throttled by storm.c. */
static __irq_noinline void forget_disabled(struct irq_desc *desc, unsigned int st)
{
	irq_storm_forget(desc);
	if (st & IRQS_SPURIOUS_DISABLED) {
		desc_set_state(desc, desc_state(desc) & ~IRQS_SPURIOUS_DISABLED);
		atomic_fetch_sub(&lines_disabled, 1u);
	}
}

/*
 * The line leaves the disabled-by-the-rule state (enabled again, or its
 * handlers changed). Caller holds desc->lock.
 */
void irq_spurious_forget(struct irq_desc *desc)
{
	unsigned int st = desc_state(desc);

	desc_assert_locked(desc);
	desc->irq_count = 0;
	desc->irqs_unhandled = 0;	/* storm countdown: restored by irq_note_slow() */
	if (st & (IRQS_SPURIOUS_DISABLED | IRQS_STORM))
		forget_disabled(desc, st);
}

/*
 * The poller ran the handlers of a line while it held INPROGRESS. An
 * enable_irq() meanwhile left a level line masked for the end of the run
 * (as for the level flow): reopen it now if its depth says enabled.
 * Caller holds desc->lock.
 */
static void poll_run_done(struct irq_desc *desc)
{
	unsigned int st = desc_state(desc) & ~IRQS_INPROGRESS;

	if ((st & (IRQS_MASKED | IRQS_STARTED | IRQS_DISABLED | IRQS_CPU_SHUTDOWN)) ==
	    (IRQS_MASKED | IRQS_STARTED)) {
		desc->unmask(&desc->data);
		st &= ~IRQS_MASKED;
	}
	desc_set_state(desc, st);
}

/*
 * Undo the rule's disable, exactly once: its flag goes and its one count
 * of the depth with it; a driver's disable (the rest of the depth) holds.
 * Caller holds desc->lock.
 */
static void release_line(struct irq_desc *desc)
{
	desc_set_state(desc, desc_state(desc) & ~IRQS_SPURIOUS_DISABLED);
	atomic_fetch_sub(&lines_disabled, 1u);
	irq_enable_locked(desc);
}

/*
 * Retry one disabled line. Its handlers are polled with the line masked
 * (as if it had fired); a claim means the device is served again. A line
 * its driver disabled too is not polled: it is let go at its back-off.
 */
static void poll_line(struct irq_desc *desc, uint64_t now)
{
	struct irqaction *action;
	irqreturn_t ret = IRQ_NONE;
	unsigned long flags;
	unsigned int st;
	bool due, later = false;

	flags = desc_lock_irqsave(desc);
	st = desc_state(desc);
	action = desc_action(desc);
	if (!(st & IRQS_SPURIOUS_DISABLED) || (st & IRQS_INPROGRESS))
		goto out_unlock;
	/* A nested line's handlers are thread functions: never polled (as Linux). */
	if (action && desc->depth == 1 && !(st & IRQS_NESTED)) {
		desc_set_state_unlock(desc, st | IRQS_INPROGRESS);
		irq_enter();
		ret = irq_run_handlers(desc, action);
		irq_exit();
		desc_lock(desc);
		poll_run_done(desc);
		if (!(desc_state(desc) & IRQS_SPURIOUS_DISABLED))
			goto out_unlock;	/* an enable_irq() let it go meanwhile */
	}
	due = now >= *irq_desc_retry_at(desc);
	trace_irq(desc, POLL, ret | (ret == IRQ_HANDLED || due) << 8, NULL);
	/* Behind a slow bus, released in its parent's thread (nested.c). */
	if ((ret == IRQ_HANDLED || due) && !irq_nested_release_deferred(desc, &later)) {
		irq_log("irq %u: re-enabled after %s", desc->data.irq,
			ret == IRQ_HANDLED ? "a handler claimed a polled event" : "back-off");
		release_line(desc);
	}
out_unlock:
	desc_unlock_irqrestore(desc, flags);
	if (later)
		irq_nested_release_later(desc);
}

#if GENIRQ_THREADS	/* only a nested line's release comes here (nested.c) */
void irq_rules_release_due(struct irq_desc *desc)
{
	uint64_t now = port_time_ns();

	desc_assert_locked(desc);
	if ((desc_state(desc) & IRQS_SPURIOUS_DISABLED) && now >= *irq_desc_retry_at(desc)) {
		irq_log("irq %u: re-enabled after back-off", desc->data.irq);
		release_line(desc);
	}
	irq_storm_lift_due(desc, now);
}
#endif

void irq_spurious_poll(void)
{
	unsigned int irq = 0;
	struct irq_desc *desc;
	uint64_t now;

	irq_storm_poll(port_time_ns());
	if (atomic_load_explicit(&lines_disabled, memory_order_relaxed) == 0)
		return;
	/* One poller at a time; a CPU that finds it busy has nothing to add. */
	if (!irq_spin_trylock(&poll_lock))
		return;
	now = port_time_ns();
	if (now >= next_poll) {
		unsigned int rd = desc_read_lock();

		next_poll = now + IRQ_POLL_INTERVAL_NS;
		for (; irq_desc_iter(&irq, &desc); irq++)
			if (desc_state(desc) & IRQS_SPURIOUS_DISABLED)
				poll_line(desc, now);
		desc_read_unlock(rd);
	}
	irq_spin_unlock(&poll_lock);
}

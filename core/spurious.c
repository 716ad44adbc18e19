// SPDX-License-Identifier: MIT
/*
 * spurious.c - the stuck-line rule (GENIRQ_SPURIOUS): unhandled events,
 * stuck lines, and their recovery; and the per-event countdown both this
 * rule and the storm rule (storm.c) run on while a window is open.
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
 * all handled pays two compares per event (note_interrupt()). A build
 * without the rule judges no event and disables no line: its note and
 * poll (note.c) keep the storm rule's countdown and throttle lifts, and
 * the reports of bogus returns.
 */
#include "internals.h"
#include "trace_points.h"

GENIRQ_FEATURE_SOURCE(GENIRQ_SPURIOUS, "SPURIOUS");

/* irq_spurious_poll()'s state: the lines the rule holds disabled (0: nothing to poll). */
static struct {
	/* Guards next_poll and serializes polls; taken before any desc->lock. */
	struct irq_spinlock	lock;
	atomic_uint		lines_disabled;
	uint64_t		next_poll;
} poller = { .lock = IRQ_SPINLOCK_INIT };

void irq_rules_reset(void)
{
	atomic_store(&poller.lines_disabled, 0u);
	poller.next_poll = 0;
	irq_storm_reset();
}

static void disable_stuck_line(struct irq_desc *desc, irqreturn_t ret)
{
	uint64_t now = port_time_ns();

	irq_report_event(desc, ret);
	irq_log("Disabling IRQ #%u (%u of %u events unhandled)", desc->data.irq,
		desc->irqs_unhandled, desc->irq_count);
	if (desc->backoffs < IRQ_POLL_BACKOFF_STEPS)
		desc->backoffs++;
	*irq_desc_retry_at(desc) = now + irq_spurious_backoff_ms(desc) * NSEC_PER_MSEC;
	desc_set_state(desc, desc_state(desc) | IRQS_SPURIOUS_DISABLED);
	trace_irq(desc, SPURIOUS, desc->irqs_unhandled, NULL);
	irq_disable_locked(desc);
	atomic_fetch_add(&poller.lines_disabled, 1u);
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

	if (note_rules_off(desc))
		return;
	if (note_woke_threads(ret)) {
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

/* The line was disabled by this rule or throttled by storm.c. */
static __irq_noinline void forget_disabled(struct irq_desc *desc, unsigned int st)
{
	irq_storm_forget(desc);
	if (st & IRQS_SPURIOUS_DISABLED) {
		desc_set_state(desc, desc_state(desc) & ~IRQS_SPURIOUS_DISABLED);
		atomic_fetch_sub(&poller.lines_disabled, 1u);
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
 * Undo the rule's disable, exactly once, saying @why: its flag goes and
 * its one count of the depth with it; a driver's disable (the rest of the
 * depth) holds. Caller holds desc->lock.
 */
static inline void release_line(struct irq_desc *desc, const char *why)
{
	irq_log("irq %u: re-enabled after %s", desc->data.irq, why);
	desc_set_state(desc, desc_state(desc) & ~IRQS_SPURIOUS_DISABLED);
	atomic_fetch_sub(&poller.lines_disabled, 1u);
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
	if ((ret == IRQ_HANDLED || due) && !irq_nested_release_deferred(desc, &later))
		release_line(desc, ret == IRQ_HANDLED ? "a handler claimed a polled event" :
				   "back-off");
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
	if ((desc_state(desc) & IRQS_SPURIOUS_DISABLED) && now >= *irq_desc_retry_at(desc))
		release_line(desc, "back-off");
	irq_storm_lift_due(desc, now);
}
#endif

void irq_spurious_poll(void)
{
	unsigned int irq = 0;
	struct irq_desc *desc;
	uint64_t now;

	irq_storm_poll(port_time_ns());
	if (atomic_load_explicit(&poller.lines_disabled, memory_order_relaxed) == 0)
		return;
	/* One poller at a time; a CPU that finds it busy has nothing to add. */
	if (!irq_spin_trylock(&poller.lock))
		return;
	now = port_time_ns();
	if (now >= poller.next_poll) {
		unsigned int rd = desc_read_lock();

		poller.next_poll = now + IRQ_POLL_INTERVAL_NS;
		for (; irq_desc_iter(&irq, &desc); irq++)
			if (desc_state(desc) & IRQS_SPURIOUS_DISABLED)
				poll_line(desc, now);
		desc_read_unlock(rd);
	}
	irq_spin_unlock(&poller.lock);
}

// SPDX-License-Identifier: MIT
/*
 * storm.c - the handled-storm rule: a line whose handlers claim events
 * faster than a limit, for a whole window, is throttled, not killed.
 *
 * The stuck-line rule (spurious.c) catches lines nobody serves. A line
 * whose handler does claim every event can still take a CPU away from
 * everything else: a level line a device never drops, a device in a loop.
 * Such a line is disabled through the depth count (so drivers' own
 * disables nest with it), reported with its handlers and rate, and
 * re-enabled by irq_spurious_poll() after a back-off that doubles while
 * the storm goes on (100 ms to 3.2 s) and starts over after a clean
 * window. Nothing is disabled for good, and /proc/irq/N/spurious says
 * "throttled-storm" while it lasts.
 *
 * Cost on the handled path: note_interrupt() counts the line's window
 * budget (the events one window may hold at the limit) down and tests it,
 * one decrement and one test, which replaced the stuck-line rule's own
 * test there; only the event that uses the budget up reads the clock
 * here. A line slower than the limit uses it up after more than a window:
 * the window starts over. The default, 500,000 events/s over 100 ms (a budget of
 * 50,000), is five times what a fast healthy device (100k/s) sends.
 */
#include "internals.h"
#include "trace_points.h"

GENIRQ_FEATURE_SOURCE(GENIRQ_STORM, "STORM");

#define STORM_DEFAULT_RATE	500000ul	/* handled events per second */
#define STORM_DEFAULT_WINDOW_MS	100u
#define STORM_BACKOFF_MS	100u
#define STORM_BACKOFF_MAX_MS	3200u
#define STORM_MAX_BUDGET	IRQ_STORM_IDLE

/* The default limit, a pair read and written together under default_lock. */
static unsigned long default_rate = STORM_DEFAULT_RATE;
static unsigned int default_window_ms = STORM_DEFAULT_WINDOW_MS;
static struct irq_spinlock default_lock = IRQ_SPINLOCK_INIT;
static atomic_uint lines_throttled;
static atomic_uint longest_pending_loop;

/*
 * A flow ran a line's handlers @runs times in one pending loop (events
 * kept coming while they ran). Only the rerun path gets here.
 */
void irq_note_pending_loop(unsigned int runs)
{
	unsigned int old = atomic_load_explicit(&longest_pending_loop, memory_order_relaxed);

	while (runs > old &&
	       !atomic_compare_exchange_weak_explicit(&longest_pending_loop, &old, runs,
						      memory_order_relaxed,
						      memory_order_relaxed))
		;
}

unsigned int irq_pending_loop_max(void)
{
	return atomic_load_explicit(&longest_pending_loop, memory_order_relaxed);
}

void irq_storm_reset(void)
{
	atomic_store(&longest_pending_loop, 0u);
	irq_set_storm_default(STORM_DEFAULT_RATE, STORM_DEFAULT_WINDOW_MS);
	atomic_store(&lines_throttled, 0u);
}

/* The default pair, as one. */
static void get_default(unsigned long *rate, unsigned int *window_ms)
{
	unsigned long flags = irq_spin_lock_irqsave(&default_lock);

	*rate = default_rate;
	*window_ms = default_window_ms;
	irq_spin_unlock_irqrestore(&default_lock, flags);
}

/* Events a window of @window_ms may hold at @rate a second, saturated. */
static uint64_t window_budget(unsigned long rate, unsigned int window_ms)
{
	if (window_ms && (uint64_t)rate > UINT64_MAX / window_ms)
		return UINT64_MAX;
	return (uint64_t)rate * window_ms / MSEC_PER_SEC;
}

static unsigned int set_limit(struct irq_desc *desc, unsigned long rate, unsigned int window_ms)
{
	uint64_t budget = window_budget(rate, window_ms);

	desc->storm_start = port_time_ns();
	if (rate == 0 || window_ms == 0) {
		desc->storm_window_ms = 0;
		desc->storm_budget = IRQ_STORM_IDLE;
		return IRQ_STORM_IDLE;
	}
	desc->storm_window_ms = window_ms;
	desc->storm_budget = budget < 1 ? 1 : budget > STORM_MAX_BUDGET ? STORM_MAX_BUDGET :
			     (unsigned int)budget;
	return desc->storm_budget;
}

void irq_set_storm_default(unsigned long events_per_sec, unsigned int window_ms)
{
	unsigned long flags = irq_spin_lock_irqsave(&default_lock);

	default_rate = events_per_sec;
	default_window_ms = window_ms;
	irq_spin_unlock_irqrestore(&default_lock, flags);
}

int irq_set_storm_limit(unsigned int irq, unsigned long events_per_sec, unsigned int window_ms)
{
	struct irq_desc *desc;
	unsigned long flags;
	unsigned int rd;

	if (!(desc = irq_desc_get(irq, &rd)))
		return -EINVAL;
	flags = desc_lock_irqsave(desc);
	irq_note_countdown_set(desc, set_limit(desc, events_per_sec, window_ms));
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	return 0;
}

static void throttle(struct irq_desc *desc, uint64_t now)
{
	uint64_t elapsed = now - desc->storm_start;
	uint64_t limit = (uint64_t)desc->storm_budget * MSEC_PER_SEC / desc->storm_window_ms;
	uint64_t rate = elapsed ? (uint64_t)desc->storm_budget * NSEC_PER_SEC / elapsed : 0;
	unsigned int backoff_ms = desc->storm_backoff_ms ? desc->storm_backoff_ms * 2u :
				  STORM_BACKOFF_MS;

	if (backoff_ms > STORM_BACKOFF_MAX_MS)
		backoff_ms = STORM_BACKOFF_MAX_MS;
	desc->storm_backoff_ms = (uint16_t)backoff_ms;
	desc->storm_until = now + backoff_ms * NSEC_PER_MSEC;
	desc->storm_throttles++;
	if (rate)
		irq_log("irq %u: handled storm: %u events in %llu us (%llu/s, limit %llu/s); "
			"throttled for %llu ms", desc->data.irq, desc->storm_budget,
			(unsigned long long)(elapsed / NSEC_PER_USEC), (unsigned long long)rate,
			(unsigned long long)limit,
			(unsigned long long)desc->storm_backoff_ms);
	else
		irq_log("irq %u: handled storm: %u events in no measurable time "
			"(limit %llu/s); throttled for %llu ms", desc->data.irq, desc->storm_budget,
			(unsigned long long)limit,
			(unsigned long long)desc->storm_backoff_ms);
	irq_log_handlers(desc);
	desc_set_state(desc, desc_state(desc) | IRQS_STORM);
	trace_irq(desc, STORM_THROTTLE, desc->storm_budget, NULL);
	atomic_fetch_add(&lines_throttled, 1u);
	irq_disable_locked(desc);
}

/*
 * The line's handlers claimed a window's budget of events. Caller holds
 * desc->lock. Return: the next countdown.
 */
unsigned int irq_storm_check(struct irq_desc *desc)
{
	uint64_t now;

	desc_assert_locked(desc);
	if (desc->storm_budget == 0) {		/* first time: the defaults */
		unsigned long rate;
		unsigned int window_ms;

		get_default(&rate, &window_ms);
		return set_limit(desc, rate, window_ms);
	}
	if (desc->storm_window_ms == 0)
		return IRQ_STORM_IDLE;
	now = port_time_ns();
	if (now - desc->storm_start >= (uint64_t)desc->storm_window_ms * NSEC_PER_MSEC) {
		/* Slower than the limit: a clean window, the back-off starts over. */
		desc->storm_backoff_ms = 0;
	} else if (!(desc_state(desc) & IRQS_STORM)) {
		throttle(desc, now);
	}
	desc->storm_start = now;
	return desc->storm_budget;
}

/*
 * The line is enabled again or changes hands while throttled (from
 * irq_spurious_forget()). Caller holds desc->lock.
 */
void irq_storm_forget(struct irq_desc *desc)
{
	unsigned int st = desc_state(desc);

	desc_assert_locked(desc);
	if (st & IRQS_STORM) {
		desc_set_state(desc, st & ~IRQS_STORM);
		atomic_fetch_sub(&lines_throttled, 1u);
	}
}

/* Lift throttles whose back-off ran out (from irq_spurious_poll()). */
bool irq_storm_lift_due(struct irq_desc *desc, uint64_t now)
{
	desc_assert_locked(desc);
	if (!(desc_state(desc) & IRQS_STORM) || now < desc->storm_until)
		return false;
	irq_log("irq %u: storm throttle lifted after %llu ms", desc->data.irq,
		(unsigned long long)desc->storm_backoff_ms);
	irq_storm_forget(desc);
	trace_irq(desc, STORM_RELEASE, 0, NULL);
	desc->storm_start = now;	/* a new window from here */
	irq_enable_locked(desc);
	return true;
}

void irq_storm_poll(uint64_t now)
{
	struct irq_desc *desc;
	unsigned int irq, rd;

	if (atomic_load_explicit(&lines_throttled, memory_order_relaxed) == 0)
		return;
	rd = desc_read_lock();
	for (irq = 0; irq_desc_iter(&irq, &desc); irq++) {
		unsigned long flags;
		bool later = false;

		if (!(desc_state(desc) & IRQS_STORM))
			continue;
		flags = desc_lock_irqsave(desc);
		/* Behind a slow bus, lifted in its parent's thread (nested.c). */
		if ((desc_state(desc) & IRQS_STORM) && now >= desc->storm_until &&
		    !irq_nested_release_deferred(desc, &later))
			irq_storm_lift_due(desc, now);
		desc_unlock_irqrestore(desc, flags);
		if (later)
			irq_nested_release_later(desc);
	}
	desc_read_unlock(rd);
}

/* For /proc/irq/N/spurious. Caller holds desc->lock. */
const char *irq_storm_state(struct irq_desc *desc, unsigned long *limit, unsigned int *window_ms)
{
	unsigned int st = desc_state(desc);

	desc_assert_locked(desc);
	if (desc->storm_budget == 0) {
		get_default(limit, window_ms);
	} else if (desc->storm_window_ms == 0) {
		*limit = 0;
		*window_ms = 0;
	} else {
		*window_ms = desc->storm_window_ms;
		*limit = (unsigned long)((uint64_t)desc->storm_budget * MSEC_PER_SEC / *window_ms);
	}
	if (st & IRQS_SPURIOUS_DISABLED)
		return "disabled-by-spurious-rule";
	if (st & IRQS_STORM)
		return "throttled-storm";
	if (!desc_action(desc))
		return "unused";
	if (st & IRQS_CPU_SHUTDOWN)
		return "shut-down-no-cpu";
	if (st & IRQS_DISABLED)
		return "disabled";
	return "normal";
}

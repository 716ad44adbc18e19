// SPDX-License-Identifier: MIT
/*
 * note.c - what every build notes besides a line's count: deliveries
 * with nothing behind them (the SPU row), error events (ERR), handlers'
 * bogus returns (reported from a budget of IRQ_REPORT_LIMIT), and the
 * noirqdebug switch. A build without the stuck-line rule (spurious.c,
 * GENIRQ_SPURIOUS 0) takes its event note and its poll from here: what
 * is left of them is the storm rule's (storm.c) countdown and throttle
 * lifts, and the bogus returns' reports.
 */
#include "internals.h"

atomic_bool irq_lockup_detection = true;
atomic_int irq_reports_left = IRQ_REPORT_LIMIT;
static atomic_ulong error_count;

void irq_misc_reset(void)
{
	atomic_store(&irq_lockup_detection, true);
	atomic_store(&irq_reports_left, IRQ_REPORT_LIMIT);
	atomic_store(&error_count, 0UL);
	irq_rules_reset();
}

void irq_set_noirqdebug(bool off)
{
	atomic_store(&irq_lockup_detection, !off);
	if (off)
		irq_log("IRQ lockup detection disabled");
}

void irq_spurious_vector(void)
{
	atomic_ulong *n = &irq_this_cpu()->spurious;

	irq_atomic_store(n, atomic_load_explicit(n, memory_order_relaxed) + 1,
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
	struct irqaction *a;

	if (!GENIRQ_REPORTS)
		return;		/* no console text: nothing to name them in */
	a = desc_action(desc);
	if (!a) {
		irq_log("  no handlers");
		return;
	}
	irq_log("handlers:");
	for (; a; a = atomic_load_explicit(&a->next, memory_order_acquire))
		irq_log("  [<%p>] \"%s\" dev_id %p", (void *)(uintptr_t)a->handler,
			a->name ? a->name : "?", a->dev_id);
}

void irq_report_event(struct irq_desc *desc, irqreturn_t ret)
{
	unsigned int irq = desc->data.irq;

	if (!GENIRQ_REPORTS)
		return;		/* the report is console text */
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
		irq_report_event(desc, ret);
}

#if !GENIRQ_SPURIOUS	/* the stuck-line rule's own forms are in spurious.c */
/*
 * The storm countdown ran out, or an event was unhandled, bogus or woke
 * a thread. No event is judged: an unhandled one is only counted with
 * the line's others, however many follow (nothing disables the line); a
 * bogus return is reported; a wake-up claimed its event, so the storm
 * rule counts it as handled. Caller holds desc->lock.
 */
void irq_note_slow(struct irq_desc *desc, irqreturn_t ret)
{
	desc_assert_locked(desc);

	if (note_rules_off(desc))
		return;
	if (note_woke_threads(ret)) {
		if (note_fast(desc, IRQ_HANDLED))
			return;
		ret = IRQ_HANDLED;
	}
	if (ret == IRQ_HANDLED)
		storm_left_set(desc, irq_storm_check(desc));	/* a window's budget used up */
	else if (ret != IRQ_NONE)
		irq_report_bad(desc, ret);
}

/* No line is disabled as stuck: only the storm rule's throttles are lifted. */
void irq_spurious_poll(void)
{
	if (GENIRQ_STORM)
		irq_storm_poll(port_time_ns());
}
#endif

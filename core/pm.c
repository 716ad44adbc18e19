// SPDX-License-Identifier: MIT
/*
 * pm.c - wake lines, and the suspend and resume of lines around a sleep
 * (<genirq/pm.h>), with the meaning Linux gives them.
 *
 * A line's sleep state is one word kept with its group (irq_desc_pm()),
 * under its lock: the wake requests held and two flags. An armed wake
 * line (IRQS_WAKE_ARMED, set by suspend_device_irqs()) enters through
 * irq_pm_handle_wake() (entry.c), which turns its first event into a
 * disabled line with the event pending and a recorded wakeup.
 */
#include "internals.h"
#include <genirq/irqdomain.h>
#include <genirq/pm.h>

GENIRQ_FEATURE_SOURCE(GENIRQ_PM, "PM");

enum {
	PM_WAKE_DEPTH	= 0xffffu,	/* enable_irq_wake() calls held */
	PM_SUSPENDED	= 1u << 16,	/* disabled by suspend_device_irqs() or its wake */
	PM_NOWAKE_SAID	= 1u << 17,	/* "cannot wake" reported once */
	PM_MIXED_SAID	= 1u << 18,	/* NO_SUSPEND shared with others reported once */
};

_Static_assert(IRQ_WAKE_DEPTH_MAX == PM_WAKE_DEPTH, "the depth fits its field");

/* The last sleep's wakeup: the first wake line, -1 for none; wakeups since it began. */
static atomic_int wakeup_irq = -1;
static atomic_uint wakeups;

/*
 * Ask the line's controller: its own level's set_wake, else the first
 * parent level's (a hierarchy). -ENXIO: no level can.
 */
static int set_wake_real(struct irq_desc *desc, bool on)
{
	const struct irq_chip *chip = desc->data.chip;

	if (chip->set_wake)
		return chip->set_wake(&desc->data, on);
	return irq_chip_set_wake_parent(&desc->data, on);
}

int irq_set_irq_wake(unsigned int irq, bool on)
{
	const char *why = NULL;
	struct irq_desc *desc;
	unsigned long flags;
	unsigned int rd;
	uint32_t *pm, depth;
	int ret = 0;

	desc = irq_desc_get(irq, &rd);
	if (!desc)
		return -EINVAL;
	flags = desc_lock_irqsave(desc);
	pm = irq_desc_pm(desc);
	depth = *pm & PM_WAKE_DEPTH;
	if (on ? depth == PM_WAKE_DEPTH : depth == 0) {
		ret = -EINVAL;
		why = on ? "enable_irq_wake past its limit" : "unbalanced disable_irq_wake";
	} else if (depth == (on ? 0u : 1u)) {
		ret = set_wake_real(desc, on);	/* the first request, or the last release */
	}
	if (ret == 0) {
		*pm = (*pm & ~(uint32_t)PM_WAKE_DEPTH) | (on ? depth + 1 : depth - 1);
	} else if (ret == -ENXIO && !(*pm & PM_NOWAKE_SAID)) {
		*pm |= PM_NOWAKE_SAID;
		why = "no level of its controller can wake the machine";
	}
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	if (why)
		irq_log("irq %u: %s (%u held): refused", irq, why, (unsigned int)depth);
	return ret;
}

unsigned int irq_pm_wake_depth(struct irq_desc *desc)
{
	return *irq_desc_pm(desc) & PM_WAKE_DEPTH;
}

int irq_get_wake_depth(unsigned int irq)
{
	struct irq_desc *desc;
	unsigned long flags;
	unsigned int rd;
	int depth;

	desc = irq_desc_get(irq, &rd);
	if (!desc)
		return -EINVAL;
	flags = desc_lock_irqsave(desc);
	depth = (int)irq_pm_wake_depth(desc);
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	return depth;
}

/*
 * Whether a handler of the line asked IRQF_NO_SUSPEND. Linux's rule for
 * the others: they must too, or accept it (IRQF_COND_SUSPEND); a line
 * that mixes is reported once and stays live. Caller holds desc->lock.
 */
static bool line_no_suspend(struct irq_desc *desc)
{
	unsigned long all = 0, some = 0;
	uint32_t *pm = irq_desc_pm(desc);

	for (struct irqaction *a = desc_action(desc); a;
	     a = atomic_load_explicit(&a->next, memory_order_acquire)) {
		some |= a->flags & IRQF_NO_SUSPEND;
		all += !(a->flags & (IRQF_NO_SUSPEND | IRQF_COND_SUSPEND));
	}
	if (some && all && !(*pm & PM_MIXED_SAID)) {
		*pm |= PM_MIXED_SAID;
		irq_log("irq %u: IRQF_NO_SUSPEND shared with handlers that did not ask "
			"(nor IRQF_COND_SUSPEND): the line stays live while suspended",
			desc->data.irq);
	}
	return some != 0;
}

/* Whether the line is the kernel's own (per-CPU, chained) or unused: left alone. */
static bool line_not_suspended(struct irq_desc *desc)
{
	return !desc_action(desc) || (desc_state(desc) & (IRQS_PER_CPU | IRQS_NOREQUEST)) ||
	       line_no_suspend(desc);
}

/* Arm a wake line, disable any other. Caller holds desc->lock. Return:
 * whether the line's running handlers must be waited for. */
static bool suspend_line(struct irq_desc *desc, bool unused)
{
	uint32_t *pm = irq_desc_pm(desc);

	(void)unused;
	if ((*pm & PM_SUSPENDED) || line_not_suspended(desc))
		return false;			/* suspended already: a second suspend */
	if (*pm & PM_WAKE_DEPTH) {
		desc_set_state(desc, desc_state(desc) | IRQS_WAKE_ARMED);
		irq_desc_update_entry(desc);
		return true;
	}
	*pm |= PM_SUSPENDED;
	irq_disable_locked(desc);
	return true;
}

/* Disarm, and enable what suspend disabled (@early_only: only lines
 * whose first handler asked IRQF_EARLY_RESUME). Caller holds desc->lock.
 * Return: false, nothing to wait for. */
static bool resume_line(struct irq_desc *desc, bool early_only)
{
	struct irqaction *first = desc_action(desc);
	unsigned int st = desc_state(desc);
	uint32_t *pm = irq_desc_pm(desc);

	if (early_only && !(first && (first->flags & IRQF_EARLY_RESUME)))
		return false;
	if (st & IRQS_WAKE_ARMED) {
		desc_set_state(desc, st & ~IRQS_WAKE_ARMED);
		irq_desc_update_entry(desc);
	}
	if (!(*pm & PM_SUSPENDED))
		return false;
	*pm &= ~(uint32_t)PM_SUSPENDED;
	irq_enable_locked(desc);
	return false;
}

/*
 * Run @fn on every line under its lock, one read section a line, so that
 * what follows (synchronize_irq(), which may run threads that free
 * lines) is outside any section. @fn's result: wait for the line's
 * handlers. @arg: passed to @fn.
 */
static void for_each_line(bool (*fn)(struct irq_desc *desc, bool arg), bool arg)
{
	for (unsigned int irq = 0;; irq++) {
		unsigned int rd = desc_read_lock();
		struct irq_desc *desc;
		bool found = irq_desc_iter(&irq, &desc), wait = false;

		if (found) {
			unsigned long flags = desc_lock_irqsave(desc);

			wait = fn(desc, arg);
			desc_unlock_irqrestore(desc, flags);
		}
		desc_read_unlock(rd);
		if (!found)
			break;
		if (wait)
			synchronize_irq(irq);
	}
}

void suspend_device_irqs(void)
{
	atomic_store(&wakeup_irq, -1);
	atomic_store(&wakeups, 0u);
	for_each_line(suspend_line, false);
}

/* A replay a resume queued runs now, as enable_irq()'s does. */
static void run_replays(void)
{
	if (!in_interrupt() && !port_irqs_disabled())
		do_softirq();
}

void irq_pm_syscore_resume(void)
{
	for_each_line(resume_line, true);
	run_replays();
}

void resume_device_irqs(void)
{
	for_each_line(resume_line, false);
	run_replays();
}

/*
 * An armed wake line's event (Linux's irq_pm_check_wakeup()): disarmed,
 * disabled with the event kept (the flow, which runs next, sees the line
 * disabled: it masks and ends the event at the controller and marks it
 * pending), recorded as the wakeup. Hardirq context.
 */
void irq_pm_handle_wake(struct irq_desc *desc)
{
	unsigned int st;
	bool woke = false;

	desc_lock(desc);
	st = desc_state(desc);
	if (st & IRQS_WAKE_ARMED) {
		desc_set_state(desc, st & ~IRQS_WAKE_ARMED);
		irq_desc_update_entry(desc);
		*irq_desc_pm(desc) |= PM_SUSPENDED;
		irq_disable_locked(desc);
		woke = true;
	}
	desc_unlock(desc);
	if (woke)
		pm_system_irq_wakeup(desc->data.irq);
	atomic_load_explicit(&desc->handle_irq, memory_order_acquire)(desc);
}

void pm_system_wakeup(void)
{
	atomic_fetch_add(&wakeups, 1u);
}

void pm_system_irq_wakeup(unsigned int irq)
{
	int none = -1;

	atomic_compare_exchange_strong(&wakeup_irq, &none, (int)irq);
	pm_system_wakeup();
}

bool pm_wakeup_pending(void)
{
	return atomic_load(&wakeups) != 0;
}

int irq_pm_wakeup_irq(void)
{
	int irq = atomic_load(&wakeup_irq);

	return irq >= 0 ? irq : -ENOENT;
}

/* The wakeup_reason text. Caller is a reader (grace.c). */
void irq_pm_reason_show(struct irq_text *t)
{
	int irq = atomic_load(&wakeup_irq);
	struct irq_desc *desc = irq >= 0 ? irq_to_desc((unsigned int)irq) : NULL;
	const char *name = NULL;

	if (desc) {
		unsigned long flags = desc_lock_irqsave(desc);
		struct irqaction *a = desc_action(desc);

		name = a && a->name ? a->name : NULL;
		desc_unlock_irqrestore(desc, flags);
	}
	if (irq >= 0)
		irq_text_printf(t, "%d %s\n", irq, name ? name : "(no handler)");
	else
		irq_text_puts(t, atomic_load(&wakeups) ? "software\n" : "none\n");
}

int irq_pm_wakeup_reason(char *buf, size_t size)
{
	unsigned int rd = desc_read_lock();
	struct irq_text t;

	irq_text_init(&t, buf, size);
	irq_pm_reason_show(&t);
	desc_read_unlock(rd);
	return (int)t.len;
}

/* /proc/irq/N/wakeup: enabled or disabled, the requests, the sleep state. */
void irq_pm_show_wakeup(struct irq_text *t, struct irq_desc *desc)
{
	unsigned long flags = desc_lock_irqsave(desc);
	uint32_t pm = *irq_desc_pm(desc);
	unsigned int st = desc_state(desc);

	desc_unlock_irqrestore(desc, flags);
	irq_text_printf(t, "%s\ndepth %u\nstate %s\n", pm & PM_WAKE_DEPTH ? "enabled" : "disabled",
			(unsigned int)(pm & PM_WAKE_DEPTH),
			st & IRQS_WAKE_ARMED ? "armed" : pm & PM_SUSPENDED ? "suspended" : "live");
}

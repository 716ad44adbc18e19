/* SPDX-License-Identifier: MIT */
/*
 * pm.h - wake lines and the suspend and resume of device lines, for
 * drivers (enable_irq_wake()) and for the kernel's sleep code
 * (suspend_device_irqs(), resume_device_irqs()), with Linux's meaning.
 *
 * A sleep, as the kernel runs it:
 *
 *	suspend_device_irqs();		lines quiet but wake and NO_SUSPEND ones
 *	while (!pm_wakeup_pending())	a wake line that fired already aborts
 *		the CPU waits (wfi, hlt...);	...and one that fires now wakes it
 *	irq_pm_syscore_resume();	optional: IRQF_EARLY_RESUME lines first
 *	resume_device_irqs();		every line back, its kept events replayed
 *
 * A wake line that fires while its line is suspended (armed) does what
 * Linux's irq_pm_check_wakeup() does: its handlers do not run then; the
 * line is disabled with the event kept pending, the line is recorded as
 * the wake reason, and pm_system_wakeup() is called, which both aborts a
 * suspend not yet asleep (pm_wakeup_pending() becomes true) and ends one
 * that is (the interrupt itself woke the CPU). resume_device_irqs()
 * replays the kept event, so the wake line's handlers run once resumed.
 *
 * Built with GENIRQ_PM (<genirq/config.h>); without it the verbs below
 * are stubs: a wake request is -ENOSYS, suspend and resume do nothing,
 * no wakeup is ever pending.
 */
#ifndef GENIRQ_PM_H
#define GENIRQ_PM_H

#include <stdbool.h>
#include <stddef.h>
#include <genirq/compiler.h>
#include <genirq/config.h>
#include <genirq/errno.h>

GENIRQ_BEGIN_DECLS

/* The most nested enable_irq_wake() calls one line takes. */
#define IRQ_WAKE_DEPTH_MAX	0xffffu

#if GENIRQ_PM
/**
 * irq_set_irq_wake - count one more (@on) or one less wake request of @irq
 *
 * Reference-counted as Linux's: the first request asks the line's
 * controller to let it wake the machine (struct irq_chip.set_wake, the
 * first level of a hierarchy, from the line's own down, that has one),
 * the last release asks it to stop. A line no level of which can wake
 * is -ENXIO, and the line is named once on the console.
 *
 * Context: process context, not from a handler; takes the line's lock.
 * Return: 0; -EINVAL for an unknown line, an unbalanced release (none
 * held) or a request past IRQ_WAKE_DEPTH_MAX, each reported on the
 * console with the count unchanged; -ENXIO (above); the controller's
 * -errno. On any error nothing changed.
 */
int irq_set_irq_wake(unsigned int irq, bool on);

/* Wake requests held on @irq (0: not a wake line); -EINVAL for an unknown line. */
int irq_get_wake_depth(unsigned int irq);

/**
 * suspend_device_irqs - quiet every device line before a sleep
 *
 * Each line with handlers is disabled lazily (its depth, as
 * disable_irq(): an edge that comes is kept pending and replayed on
 * resume) except per-CPU lines, chained lines, lines of which a handler
 * asked IRQF_NO_SUSPEND, and wake lines, which are armed instead (see
 * above). Then waits for handlers still running on the lines it
 * disabled. Clears the last wake reason and pm_wakeup_pending().
 *
 * A line shared by IRQF_NO_SUSPEND and other handlers stays live; that
 * is reported once unless the others asked IRQF_COND_SUSPEND (they
 * accept to run during the sleep; a driver whose device should wake the
 * machine then calls pm_system_wakeup() from its handler).
 *
 * Context: process context, local interrupts on; may wait.
 */
void suspend_device_irqs(void);

/**
 * resume_device_irqs - undo suspend_device_irqs() for every line
 *
 * Disarms the wake lines and enables each line suspend_device_irqs()
 * disabled (a wake line that fired too), replaying an edge that came
 * meanwhile. Lines already resumed by irq_pm_syscore_resume() are left.
 * Context: as suspend_device_irqs().
 */
void resume_device_irqs(void);

/*
 * Resume only the lines whose first handler asked IRQF_EARLY_RESUME, as
 * Linux's syscore resume does, before the rest of the kernel wakes (the
 * timer, an interrupt controller's own line). Context: any, not under a
 * line's lock; may run with local interrupts off.
 */
void irq_pm_syscore_resume(void);

/*
 * A wakeup: aborts a suspend under way (pm_wakeup_pending() true until
 * the next suspend_device_irqs()). pm_system_irq_wakeup() also records
 * @irq as the reason when none is yet. Context: any, handlers included.
 */
void pm_system_wakeup(void);
void pm_system_irq_wakeup(unsigned int irq);

/* Whether a wakeup came since suspend_device_irqs(). Context: any. */
bool pm_wakeup_pending(void);

/*
 * The wake line that ended the last sleep: its number, or -ENOENT when
 * none did (no sleep yet, or ended by pm_system_wakeup() alone).
 */
int irq_pm_wakeup_irq(void);

/*
 * The last wake reason as text, as Android's wakeup_reason: "N name\n"
 * (the line, its first handler's name), "software\n" (pm_system_wakeup()),
 * or "none\n". Return: as irq_proc_read() (the whole length).
 */
int irq_pm_wakeup_reason(char *buf, size_t size);
#else
/* Without GENIRQ_PM: no line can be a wake line, suspend does nothing. */
static inline int irq_set_irq_wake(unsigned int irq, bool on)
{
	(void)irq;
	(void)on;
	return -GENIRQ_ENOSYS;
}
static inline int irq_get_wake_depth(unsigned int irq)
{
	(void)irq;
	return -GENIRQ_ENOSYS;
}
static inline void suspend_device_irqs(void) { }
static inline void resume_device_irqs(void) { }
static inline void irq_pm_syscore_resume(void) { }
static inline void pm_system_wakeup(void) { }
static inline void pm_system_irq_wakeup(unsigned int irq) { (void)irq; }
static inline bool pm_wakeup_pending(void) { return false; }
static inline int irq_pm_wakeup_irq(void) { return -GENIRQ_ENOSYS; }
static inline int irq_pm_wakeup_reason(char *buf, size_t size)
{
	(void)buf;
	(void)size;
	return -GENIRQ_ENOSYS;
}
#endif

/* Linux's two names for irq_set_irq_wake(). */
static inline int enable_irq_wake(unsigned int irq)
{
	return irq_set_irq_wake(irq, true);
}

static inline int disable_irq_wake(unsigned int irq)
{
	return irq_set_irq_wake(irq, false);
}

GENIRQ_END_DECLS

#endif /* GENIRQ_PM_H */

// SPDX-License-Identifier: MIT
/*
 * pm_cmd.c - the shell's `raise` and `suspend` commands (pm_cmd.h).
 */
#include <genirq/compat.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/pm.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "pm_cmd.h"
#include "shell.h"

/* How long `raise` watches for its event: 1,000 x 10 us. */
#define RAISE_POLLS		1000u
#define RAISE_POLL_US		10u

static int line_of(struct shell *sh, int argc, char **argv, unsigned int *irq)
{
	unsigned long v;

	if (argc != 2 || shell_parse_uint(argv[1], irq_nr_irqs(), &v))
		return -EINVAL;
	if (!irq_to_desc((unsigned int)v)) {
		shell_set_why(sh, "no line %lu", v);
		return -ENOENT;
	}
	*irq = (unsigned int)v;
	return 0;
}

int pm_raise(unsigned int irq, unsigned long *before, unsigned long *after)
{
	unsigned int i;
	int err;

	*before = irq_stat_total(irq);
	err = irq_set_irqchip_state(irq, IRQCHIP_STATE_PENDING, true);
	if (err)
		return err;
	for (i = 0; i < RAISE_POLLS && irq_stat_total(irq) == *before; i++)
		port_delay_us(RAISE_POLL_US);
	*after = irq_stat_total(irq);
	return 0;
}

int shell_cmd_raise(struct shell *sh, int argc, char **argv)
{
	unsigned long before, after;
	unsigned int irq;
	int err = line_of(sh, argc, argv, &irq);

	if (err)
		return err;
	err = pm_raise(irq, &before, &after);
	if (err) {
		shell_set_why(sh, "its controller cannot make line %u pending", irq);
		return err;
	}
	shell_printf(sh, "irq %u raised at its controller: events %lu -> %lu (+%lu)\n", irq,
		     before, after, after - before);
	return 0;
}

static const struct pm_wake_timer *wake_timer;
static int wake_timer_irq = -ENODEV;	/* its line once set up */
static bool wake_by_timer;		/* wake=timer: `suspend` is `suspend timer` */

void pm_set_wake_by_timer(bool on)
{
	wake_by_timer = on;
}

void pm_set_wake_timer(const struct pm_wake_timer *timer)
{
	wake_timer = timer;
	wake_timer_irq = -ENODEV;
}

/* Lines whose counts `suspend` compares; those above are not watched. */
#define SUSPEND_LINES		256u

/* What suspend_device_irqs() made of a line. */
enum line_kind { LINE_LIVE, LINE_WAKE, LINE_SUSPENDED, LINE_KINDS };

static unsigned long counts[SUSPEND_LINES];
static int depths[SUSPEND_LINES];
static unsigned char kinds[SUSPEND_LINES];
static struct pm_sleep last_sleep;

const struct pm_sleep *pm_last_sleep(void)
{
	return &last_sleep;
}

static unsigned int watched(void)
{
	return irq_nr_irqs() < SUSPEND_LINES ? irq_nr_irqs() : SUSPEND_LINES;
}

static bool any_wake_line(void)
{
	for (unsigned int irq = 0; irq < irq_nr_irqs(); irq++)
		if (irq_get_wake_depth(irq) > 0)
			return true;
	return false;
}

/* Before the sleep: each line's count and depth. */
static void take_counts(void)
{
	for (unsigned int irq = 0; irq < watched(); irq++) {
		counts[irq] = irq_stat_total(irq);
		depths[irq] = irq_get_depth(irq);
	}
}

/* Once suspended: a line whose depth grew was suspended; a wake line is armed. */
static void classify(void)
{
	for (unsigned int irq = 0; irq < watched(); irq++)
		kinds[irq] = irq_get_depth(irq) > depths[irq] ? LINE_SUSPENDED
			     : irq_get_wake_depth(irq) > 0   ? LINE_WAKE : LINE_LIVE;
}

/*
 * The events of each kind of line while asleep, "N+k" a line: the wake
 * line's that woke, the live lines' (NO_SUSPEND, per-CPU: the timers),
 * and the suspended ones', at most one each (the event that masked a
 * line disabled lazily, kept for the resume; its handler did not run).
 */
static void show_events(struct shell *sh)
{
	static const char *const names[LINE_KINDS] = { "live", "wake", "suspended" };

	shell_printf(sh, "events while suspended:");
	for (unsigned int k = 0; k < LINE_KINDS; k++) {
		unsigned int n = 0;

		shell_printf(sh, "%s %s", k ? ";" : "", names[k]);
		for (unsigned int irq = 0; irq < watched(); irq++) {
			unsigned long now = irq_stat_total(irq);

			if (kinds[irq] == k && now != counts[irq]) {
				shell_printf(sh, " %u+%lu", irq, now - counts[irq]);
				n++;
				if (k == LINE_WAKE)
					last_sleep.wake_events += now - counts[irq];
				if (k == LINE_SUSPENDED && now - counts[irq] > last_sleep.suspended_max) {
					last_sleep.suspended_max = now - counts[irq];
					last_sleep.suspended_line = irq;
				}
			}
		}
		if (!n)
			shell_printf(sh, " none");
	}
	shell_printf(sh, "\n");
}

/*
 * After the resume: the suspended lines' events since they were
 * suspended, the first of each the one the controller held for the resume.
 */
static void show_held(struct shell *sh)
{
	unsigned int n = 0;

	sh->machine->idle();		/* a moment for what the resume let in */
	shell_printf(sh, "suspended lines after the resume:");
	for (unsigned int irq = 0; irq < watched(); irq++) {
		unsigned long now = irq_stat_total(irq);

		if (kinds[irq] == LINE_SUSPENDED && now != counts[irq]) {
			shell_printf(sh, " %u+%lu", irq, now - counts[irq]);
			n++;
		}
	}
	shell_printf(sh, "%s\n", n ? "" : " none");
}

/* The wake line of `suspend ARG`: line N, or the machine's wake timer. */
static int wake_line_of(struct shell *sh, int argc, char **argv, unsigned int *wake)
{
	if (!shell_str_eq(argv[1], "timer"))
		return line_of(sh, argc, argv, wake);
	if (!wake_timer) {
		shell_set_why(sh, "this machine has no timer line to wake it");
		return -ENODEV;
	}
	if (wake_timer_irq < 0)
		wake_timer_irq = wake_timer->setup();
	if (wake_timer_irq < 0) {
		shell_set_why(sh, "its wake timer %s has no line (%d)", wake_timer->name,
			      wake_timer_irq);
		return wake_timer_irq;
	}
	*wake = (unsigned int)wake_timer_irq;
	return 0;
}

int shell_cmd_suspend(struct shell *sh, int argc, char **argv)
{
	static char timer_arg[] = "timer";
	char *by_timer[] = { argv[0], timer_arg };
	unsigned int wake = 0;
	bool timer = false;
	int err = 0;

	if (argc > 2)
		return -EINVAL;
	if (argc == 1 && wake_by_timer) {	/* booted with wake=timer */
		argc = 2;
		argv = by_timer;
	}
	if (!sh->machine || !sh->machine->idle) {
		shell_set_why(sh, "this machine has no wait for an interrupt");
		return -ENODEV;
	}
	if (argc == 2) {
		timer = shell_str_eq(argv[1], "timer");
		err = wake_line_of(sh, argc, argv, &wake);
		if (!err)
			err = enable_irq_wake(wake);
		if (err) {
			if (!sh->why[0])
				shell_set_why(sh, "line %s cannot be a wake line", argv[1]);
			return err;
		}
	} else if (!any_wake_line()) {
		shell_set_why(sh, "no wake line (suspend N makes line N one)");
		return -EINVAL;
	}
	last_sleep = (struct pm_sleep){ .wake = wake, .timer = timer ? wake_timer->name : NULL };
	take_counts();
	suspend_device_irqs();
	classify();
	if (timer) {
		shell_printf(sh, "wake timer: %s, irq %u, fires %u ms or later from now; the console is no wake line\n",
			     wake_timer->name, wake, PM_WAKE_TIMER_MS);
		wake_timer->arm(PM_WAKE_TIMER_MS);
	}
	shell_printf(sh, "suspended: waiting for a wake line\n");
	while (!pm_wakeup_pending())
		sh->machine->idle();
	show_events(sh);
	resume_device_irqs();
	if (argc == 2)
		disable_irq_wake(wake);
	if (timer)
		show_held(sh);
	irq_pm_wakeup_reason(last_sleep.reason, sizeof(last_sleep.reason));
	last_sleep.done = true;
	shell_printf(sh, "resumed, wakeup_reason %s", last_sleep.reason);
	return 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * pm_cmd.h - the shell's commands over <genirq/pm.h> and the controller
 * state, shared by every demo kernel:
 *
 *   raise N      make line N pending at its controller
 *                (irq_set_irqchip_state()): the hardware delivers it as
 *                if its device had; says how its count moved
 *   suspend [N]  suspend_device_irqs(), the CPU waits in the machine's
 *                idle (its wait instruction) until a wake line fires,
 *                then resume_device_irqs(); N: line N is a wake line for
 *                this sleep. Prints each line's events meanwhile (a
 *                suspended line's at most one, kept for the resume) and
 *                the wakeup reason
 *   suspend timer  the same with the machine's wake timer
 *                (pm_set_wake_timer()) as the only wake line, armed to
 *                fire PM_WAKE_TIMER_MS after the sleep begins: the
 *                console is not a wake line, so a key typed meanwhile
 *                does not wake it (its line is suspended; what it held is
 *                shown delivered at the resume). Refused, with the reason,
 *                on a machine without one
 *
 * The QEMU checks that type them (check-<isa>-pm, check-<isa>-pm-timer)
 * run after the boot's SCENARIO rows and their summary, and print none of
 * their own: each is judged by its expect file (demo/<machine>/expect/
 * <isa>-pm.txt, <isa>-pm-timer.txt), one regex a line. The boot's raise
 * and suspend rows (pm_scenario.h) run the same code: pm_raise() and
 * `suspend timer`, judged by pm_last_sleep().
 */
#ifndef GENIRQ_DEMO_PM_CMD_H
#define GENIRQ_DEMO_PM_CMD_H

#include <stdbool.h>

struct shell;

/* How long after `suspend timer` starts its sleep the wake timer fires. */
#define PM_WAKE_TIMER_MS	600u

/* A one-shot device timer with an interrupt line of its own. */
struct pm_wake_timer {
	const char	*name;		/* the line's action name */
	/* Map and request its line (at the first `suspend timer`, so after
	 * the boot's lines: their numbers stay). Return: the line, or -errno. */
	int		(*setup)(void);
	/* One event @ms from now, or later where the timer counts coarser
	 * (its handler stops the timer). */
	void		(*arm)(unsigned int ms);
};

/* The machine's wake timer for `suspend timer` (kept, not copied). */
void pm_set_wake_timer(const struct pm_wake_timer *timer);
/*
 * The kernel argument wake=timer (each port passes whether it was given):
 * a plain `suspend` then sleeps as `suspend timer` does, the machine's
 * wake timer the only wake line and the console none.
 */
void pm_set_wake_by_timer(bool on);

/*
 * Make line @irq pending at its controller and watch its count, at most
 * 10 ms, until it moves. Return: 0 (*@before, *@after: its counts), or
 * the controller's -errno (-EINVAL: it cannot make @irq pending).
 */
int pm_raise(unsigned int irq, unsigned long *before, unsigned long *after);

/* What the last `suspend` saw (done: it resumed). */
struct pm_sleep {
	bool		done;
	unsigned int	wake;			/* its wake line (0 for `suspend`) */
	const char	*timer;			/* `suspend timer`: the timer's name */
	unsigned long	wake_events;		/* the wake lines' events while asleep */
	unsigned long	suspended_max;		/* the most events of one suspended line */
	unsigned int	suspended_line;		/* that line */
	char		reason[64];		/* irq_pm_wakeup_reason() */
};
const struct pm_sleep *pm_last_sleep(void);

int shell_cmd_raise(struct shell *sh, int argc, char **argv);
int shell_cmd_suspend(struct shell *sh, int argc, char **argv);

#endif /* GENIRQ_DEMO_PM_CMD_H */

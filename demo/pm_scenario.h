/* SPDX-License-Identifier: MIT */
/*
 * pm_scenario.h - the boot rows of the shell's `raise` and `suspend
 * timer` (pm_cmd.h), one each, in every demo kernel's list:
 *
 *   raise     line @irq made pending at its controller (pm_raise()):
 *             its count +1 and its handler run once (the trace ring's
 *             handler entries); SKIP @why where no line can be made
 *             pending
 *   suspend   `suspend timer` on a shell of @machine: the CPU waits in
 *             its idle instruction, the wake timer's one event wakes it,
 *             no suspended line's handler ran meanwhile, wakeup_reason
 *             names the timer; SKIP @why without a wake timer
 */
#ifndef GENIRQ_DEMO_PM_SCENARIO_H
#define GENIRQ_DEMO_PM_SCENARIO_H

struct scenario_tally;
struct shell_machine;

/* @irq < 0: SKIP with @why. */
void pm_scenario_raise(struct scenario_tally *t, int irq, const char *why);
/* @why non-NULL: SKIP with it. */
void pm_scenario_suspend(struct scenario_tally *t, const struct shell_machine *machine,
			 const char *why);

#endif /* GENIRQ_DEMO_PM_SCENARIO_H */

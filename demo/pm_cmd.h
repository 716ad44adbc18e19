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
 */
#ifndef GENIRQ_DEMO_PM_CMD_H
#define GENIRQ_DEMO_PM_CMD_H

struct shell;

int shell_cmd_raise(struct shell *sh, int argc, char **argv);
int shell_cmd_suspend(struct shell *sh, int argc, char **argv);

#endif /* GENIRQ_DEMO_PM_CMD_H */

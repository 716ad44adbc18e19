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

int shell_cmd_raise(struct shell *sh, int argc, char **argv)
{
	unsigned long before, after;
	unsigned int irq, i;
	int err = line_of(sh, argc, argv, &irq);

	if (err)
		return err;
	before = irq_stat_total(irq);
	err = irq_set_irqchip_state(irq, IRQCHIP_STATE_PENDING, true);
	if (err) {
		shell_set_why(sh, "its controller cannot make line %u pending", irq);
		return err;
	}
	for (i = 0; i < RAISE_POLLS && irq_stat_total(irq) == before; i++)
		port_delay_us(RAISE_POLL_US);
	after = irq_stat_total(irq);
	shell_printf(sh, "irq %u raised at its controller: events %lu -> %lu\n", irq, before,
		     after);
	return 0;
}

/* Lines whose counts `suspend` compares; those above are not watched. */
#define SUSPEND_LINES		256u

static unsigned long counts[SUSPEND_LINES];

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

/*
 * The lines delivered since counts[] was taken, one "N+k" each: a
 * suspended line at most once (the event that masked it, kept for the
 * resume), the wake line once, the live lines (NO_SUSPEND, per-CPU) as
 * often as they fired.
 */
static void show_ran(struct shell *sh)
{
	unsigned int n = 0;

	shell_printf(sh, "events while suspended:");
	for (unsigned int irq = 0; irq < watched(); irq++) {
		unsigned long now = irq_stat_total(irq);

		if (now != counts[irq]) {
			shell_printf(sh, " %u+%lu", irq, now - counts[irq]);
			n++;
		}
	}
	shell_printf(sh, n ? "\n" : " none\n");
}

int shell_cmd_suspend(struct shell *sh, int argc, char **argv)
{
	unsigned int wake = 0;
	char reason[64];
	int err = 0;

	if (argc > 2)
		return -EINVAL;
	if (!sh->machine || !sh->machine->idle) {
		shell_set_why(sh, "this machine has no wait for an interrupt");
		return -ENODEV;
	}
	if (argc == 2) {
		err = line_of(sh, argc, argv, &wake);
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
	for (unsigned int irq = 0; irq < watched(); irq++)
		counts[irq] = irq_stat_total(irq);
	suspend_device_irqs();
	while (!pm_wakeup_pending())
		sh->machine->idle();
	show_ran(sh);
	resume_device_irqs();
	if (argc == 2)
		disable_irq_wake(wake);
	irq_pm_wakeup_reason(reason, sizeof(reason));
	shell_printf(sh, "resumed, wakeup_reason %s", reason);
	return 0;
}

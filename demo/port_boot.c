// SPDX-License-Identifier: MIT
/*
 * port_boot.c - the boot after interrupt set-up on the pseries, virt and
 * virt-riscv kernels (see port_boot.h).
 */
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>
#include <genirq/trace.h>

#include "bootlog.h"
#include "port_boot.h"
#include "port_selftest.h"
#include "rxring.h"
#include "shell_garbage.h"
#include "traced.h"

static struct shell shell;
static bool summary_ok;
static struct rx_ring *rx;

static bool rx_any(void)
{
	return !rx_ring_empty(rx);
}

static void self_tests(const struct port_boot *b)
{
	struct scenario_tally *t = b->tally;

	if (scenario_contains(b->bootargs, "trace")) {
		traced_run_line(t, b->untraced, b->nr_untraced, b->line_scenarios,
				port_selftest_stacks);
	} else {
		port_selftest_timer();
		port_selftest_stacks();
		shell_garbage_scenario(t);
		b->scenarios();
	}
	if (b->mustfail && scenario_contains(b->bootargs, "mustfail"))
		scenario_fail(t, "must-fail", "failed on purpose (kernel argument mustfail): "
			      "the harness must refuse this run");
	if (t->quiet) {
		for (unsigned int i = 0; i < b->nr_waits; i++)
			scenario_skip(t, b->waits[i], "%s", b->no_harness);
	} else {
		b->harness_scenarios();
	}
	if (irq_trace_enabled())
		irq_trace_enable(false);	/* "trace": the scenarios are in the rings */
}

void port_boot_run(const struct port_boot *b)
{
	struct scenario_tally *t = b->tally;
	struct shell_port *sp = b->shell;

	/* The shell's printf writes the boot's own lines too. */
	shell_init(&shell, t->write, b->cmds, b->nr_cmds);
	if (scenario_contains(b->bootargs, "bench")) {
		b->bench(t);
		if (scenario_summary(t) != 0)
			sp->fail("bench scenarios failed");
		shell_printf(&shell, "genirq: power-off\n");
		sp->power_off();
	}
	sp->summary_ok = &summary_ok;
	shell_port_init(sp);		/* the suspend row's shell_port_machine */
	self_tests(b);
	bootlog_end();
	summary_ok = scenario_summary(t) == 0;
	if (!t->quiet)
		shell_printf(&shell, "genirq: verdict at %lu ms of %s%s\n",
			     (unsigned long)(port_time_ns() / 1000000u), sp->clock, b->verdict_note);
	if (b->fatal_verdict && !summary_ok && !t->quiet)
		sp->fail("self-tests failed");
	guard_smash(b->bootargs, b->smash);

	shell.machine = &shell_port_machine;
	shell_prompt(&shell);
	rx = b->rx;
	shell.rx = rx;
	for (;;) {
		shell_feed(&shell);
		sp->idle(rx_any);
	}
}

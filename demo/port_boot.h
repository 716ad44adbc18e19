/* SPDX-License-Identifier: MIT */
/*
 * port_boot.h - what the pseries, virt and virt-riscv kernels do once
 * their interrupts are up and the boot scenario has run: the kernel
 * arguments' dispatch, the self-tests, the verdict, then the shell.
 *
 * Kernel arguments (-append): "harness" (make check: every verdict line
 * and the scenarios the harness drives, the port sets tally->quiet from
 * it), "bench" (make bench-<isa>: the dispatch figures, then power-off),
 * "trace" (make trace: the line scenarios traced, traced.h),
 * "smash-irq-guard" or "smash-softirq-guard" (after the verdict, a stack
 * guard word overwritten: guard_smash.h); none (make run): a summary
 * line, then the shell.
 */
#ifndef GENIRQ_DEMO_PORT_BOOT_H
#define GENIRQ_DEMO_PORT_BOOT_H

#include <stdbool.h>

#include "guard_smash.h"
#include "scenario.h"
#include "shell_port.h"

struct rx_ring;

struct port_boot {
	struct scenario_tally	*tally;
	const char		*bootargs;
	void			(*bench)(struct scenario_tally *t);
	/* make trace: the lines left untraced (the timer's), the line scenarios. */
	const int		*untraced;
	unsigned int		nr_untraced;
	void			(*line_scenarios)(struct scenario_tally *t);
	/* The port's boot scenarios, after timer-ticks, irq-stack, softirq
	 * and shell-garbage (port_selftest.h, shell_garbage.h). */
	void			(*scenarios)(void);
	/* The scenarios the harness drives; without it, @waits are skipped
	 * for @no_harness. */
	void			(*harness_scenarios)(void);
	const char *const	*waits;
	unsigned int		nr_waits;
	const char		*no_harness;
	bool			mustfail;	/* the kernel argument "mustfail" fails one */
	bool			fatal_verdict;	/* a failed verdict under the harness ends the run */
	const char		*verdict_note;	/* after "ms of <clock>": "" or " (...)" */
	const struct guard_smash *smash;
	/* The shell: its port (summary_ok is set here), its commands, its input. */
	struct shell_port	*shell;
	const struct shell_cmd	*cmds;
	unsigned int		nr_cmds;
	struct rx_ring		*rx;
};

/* Run @b (kept, not copied) to the end: power-off, a fatal exit or the shell. */
__attribute__((noreturn)) void port_boot_run(const struct port_boot *b);

#endif /* GENIRQ_DEMO_PORT_BOOT_H */

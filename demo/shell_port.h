/* SPDX-License-Identifier: MIT */
/*
 * shell_port.h - the shell commands the pseries, virt, virt-riscv and
 * mps2 kernels share: ticks, probe, stacks, poweroff and irqtop's idle (a
 * struct shell_machine) and the harness's `ipi CPU` and `trap`. A port
 * passes in only what differs: its tick counter and clock, its edu
 * autoprobe, its stacks' rows, its IPI, its idle, its faulting
 * instruction and its exits.
 */
#ifndef GENIRQ_DEMO_SHELL_PORT_H
#define GENIRQ_DEMO_SHELL_PORT_H

#include <stdbool.h>
#include <genirq/compat.h>

#include "shell.h"

struct shell_port {
	unsigned int	hz;			/* the tick rate */
	const char	*clock;			/* ticks' "ms of ...": "the counter" */
	unsigned long	(*ticks)(unsigned int cpu);
	int		(*autoprobe)(unsigned int dev);	/* the line, or -ENODEV */
	void		(*stacks)(struct irq_text *t);	/* the interrupt stacks' rows */
	void		(*send_ipi)(unsigned int cpu);
	_Atomic unsigned long *ipis;		/* the IPI handler's count */
	unsigned int	nr_cpus;
	const bool	*summary_ok;		/* poweroff: the self-tests passed */
	void		(*idle)(bool (*busy)(void));
	void		(*trap)(void);		/* an instruction that faults; NULL: none */
	__attribute__((noreturn)) void (*fail)(const char *why);
	__attribute__((noreturn)) void (*power_off)(void);
};

/* The machine's commands, after shell_port_init(); set sh->machine to it. */
extern const struct shell_machine shell_port_machine;

/* Use @port (kept, not copied) for shell_port_machine and shell_port_ipi. */
void shell_port_init(const struct shell_port *port);

/* ipi CPU: one IPI to an online CPU; the count its handler ran, once it did
 * (at most SCENARIO_WAIT_MS). */
int shell_port_ipi(struct shell *sh, int argc, char **argv);

/* trap: the port's faulting instruction (its register dump, its failure exit). */
int shell_port_trap(struct shell *sh, int argc, char **argv);

#endif

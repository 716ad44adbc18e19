/* SPDX-License-Identifier: MIT */
/*
 * nmi_cmd.h - the shell's `nmi` command (<genirq/nmi.h>), for a kernel
 * whose machine has NMI lines:
 *
 *   nmi   the hard-lockup detector's pattern: a per-CPU watchdog NMI
 *         (request_percpu_nmi(), prepared and enabled on the shell's CPU)
 *         fires every NMI_PERIOD_MS; the CPU spins with local interrupts
 *         off, so its timer ticks stop; the NMI still comes, sees no tick
 *         for NMI_LOCKUP_NMIS periods in a row and records where the CPU
 *         was (the interrupted pc). The watchdog stays requested (its
 *         row of /proc/interrupts counts it) and is armed only meanwhile.
 *
 * The port gives the watchdog's source and how its NMIs come.
 */
#ifndef GENIRQ_DEMO_NMI_CMD_H
#define GENIRQ_DEMO_NMI_CMD_H

#include <stdint.h>

struct shell;

struct nmi_port {
	/* How this machine's NMIs come, for the first line of the output. */
	const char	*how;
	/* Make NMIs possible (a priority mask, ...) and map the watchdog's
	 * per-CPU line: its number, or -errno. Called once. */
	int		(*line)(void);
	/* Start the watchdog's source on this CPU (an event each @period_us),
	 * take its event (in the NMI), stop it. */
	void		(*arm)(unsigned int period_us);
	void		(*rearm)(void);
	void		(*disarm)(void);
	/* Where the CPU was: the pc of the interrupted state. */
	uintptr_t	(*pc)(const void *regs);
	/* This CPU's timer ticks so far. */
	unsigned long	(*ticks)(unsigned int cpu);
};

/* Use @port (kept, not copied) for the command. */
void nmi_cmd_init(const struct nmi_port *port);

int shell_cmd_nmi(struct shell *sh, int argc, char **argv);

#endif /* GENIRQ_DEMO_NMI_CMD_H */

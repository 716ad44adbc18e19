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
 *   nmi irq  the same spin inside an interrupt handler (the port's
 *         run_in_handler(), e.g. a self-IPI's): the NMI must interrupt the
 *         running handler (it counts the handler's hardirq level and its
 *         own), while the CPU's ordinary interrupts, its ticks included,
 *         wait for the handler to end.
 *
 * The port gives the watchdog's source and how its NMIs come. A port
 * whose NMIs are no genirq line (x86's NMI vector) runs the same watch
 * with the nmi_watch_*() below.
 */
#ifndef GENIRQ_DEMO_NMI_CMD_H
#define GENIRQ_DEMO_NMI_CMD_H

#include <stdbool.h>
#include <stdint.h>

struct shell;

/* The watchdog's period: several ticks (HZ 100), so a CPU that takes
 * interrupts always ticks between two NMIs. */
#define NMI_PERIOD_MS		50u
/* NMIs in a row without a tick that make a hard lockup (Linux: one
 * period of its hrtimer, seen missed by the perf NMI). */
#define NMI_LOCKUP_NMIS		3u
/* The longest spin: the watchdog must have seen it long before. */
#define NMI_SPIN_MAX_MS		(20u * NMI_PERIOD_MS)

/* One CPU's watch, written in its NMIs. */
struct nmi_watch {
	unsigned long	nmis;
	unsigned long	ticks_seen;	/* the tick count at the last NMI */
	unsigned int	stuck;		/* NMIs in a row that saw no new tick */
	unsigned int	preempt;	/* the count the lockup's NMI ran with */
	uintptr_t	pc;		/* where the lockup's NMI found the CPU */
	volatile bool	lockup;
};

/* Watch from now on, the CPU's ticks at @ticks. */
void nmi_watch_start(struct nmi_watch *w, unsigned long ticks);
/* In the NMI: the CPU's ticks now, where it was. */
void nmi_watch_step(struct nmi_watch *w, unsigned long ticks, uintptr_t pc);
/* Spin until @w sees a lockup or NMI_SPIN_MAX_MS passed, reading only its
 * flag and a counter (an NMI finds the CPU in here). Return: ns spun. */
uint64_t nmi_spin(struct nmi_watch *w);
/* Print where the lockup was seen on @cpu. Return: 0, or -ENXIO (said
 * why) when no NMI saw one. */
int nmi_watch_report(struct shell *sh, const struct nmi_watch *w, unsigned int cpu);

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
	/* Run @fn in one of this CPU's interrupt handlers, return once it
	 * ran (`nmi irq`); NULL: the machine does not. */
	void		(*run_in_handler)(void (*fn)(void));
};

/* Use @port (kept, not copied) for the command. */
void nmi_cmd_init(const struct nmi_port *port);

int shell_cmd_nmi(struct shell *sh, int argc, char **argv);

struct scenario_tally;
/*
 * The nmi row: the port's `nmi` command @cmd run on a silent shell; PASS
 * when a watchdog NMI found the spinning CPU in nmi_spin(), in NMI
 * context (nmi_watch_report() saw it). @why non-NULL: SKIP with it.
 */
void nmi_scenario(struct scenario_tally *t, int (*cmd)(struct shell *sh, int argc, char **argv),
		  const char *why);

#endif /* GENIRQ_DEMO_NMI_CMD_H */

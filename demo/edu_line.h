/* SPDX-License-Identifier: MIT */
/*
 * edu_line.h - the scenarios of SCENARIOS.md that two QEMU edu devices on
 * one level line drive (demo/edu_line.c): autoprobe, shared-line,
 * affinity-move, free-vs-running (SMP) and screaming-line. A machine
 * finds its two edus, maps their common line, says how to reach the
 * devices and what its controller does differently, and calls
 * edu_line_scenarios(); its own scenarios on the same line use the
 * helpers below. See docs/edu.md for the device.
 */
#ifndef GENIRQ_DEMO_EDU_LINE_H
#define GENIRQ_DEMO_EDU_LINE_H

#include <stdbool.h>
#include <genirq/compat.h>
#include <stdint.h>

#include "scenario.h"

#define EDU_LINE_DEVS	2
#define EDU_BIT_A	0x1u	/* what each scenario raises on the devices */
#define EDU_BIT_B	0x2u

struct edu;	/* the machine's: these scenarios only pass it back */

struct edu_line_env {
	/* The two devices, and the machine's calls that assert @bits on one
	 * (edu 0x60), withdraw them (0x64), read the raised ones (0x24). */
	const struct edu	*dev[EDU_LINE_DEVS];
	void		(*raise)(const struct edu *e, uint32_t bits);
	void		(*ack)(const struct edu *e, uint32_t bits);
	uint32_t	(*status)(const struct edu *e);
	/* For the verdicts: the devices' PCI slots, the line ("XICS LSI
	 * 0x1201"), what a move to CPU1 programs ("ibm,set-xive to server 1"). */
	unsigned int	slot[EDU_LINE_DEVS];
	const char	*line_name;
	const char	*route_cpu1;
	/* The machine's timer ticks on @cpu (screaming-line: it keeps ticking). */
	unsigned long	(*ticks)(unsigned int cpu);
	/*
	 * What the machine does differently; zero for none of it.
	 * @no_autoprobe: its own autoprobe scenario probes the line
	 * (edu_line_autoprobe()), so autoprobe is not run here.
	 * @relatched_max: unhandled events shared-line accepts: a controller
	 * that latches a request each time the line is driven high takes
	 * A's ack, which leaves B asserting, as one more request, found
	 * with nothing to do.
	 * @after_shared: the machine's own scenario on the line (the two
	 * drivers requested), run right after shared-line.
	 * @up_skips_free_running: on one CPU free-vs-running is reported as
	 * SKIP (else it is left out).
	 * @no_storm: why screaming-line cannot be provoked (a controller that
	 * never delivers a level still asserted again): it is a SKIP.
	 * @plain_drivers: after threaded-oneshot the two drivers come back
	 * as plain handlers, not as threaded ONESHOT ones.
	 * @poll_in_tick: the stuck-line poll runs inside the timer's own
	 * handler, whose interrupt cannot come again before its end (a GIC
	 * PPI stays active until its EOI): screaming-line does not wait for
	 * a tick nested in the polled handler.
	 */
	bool		no_autoprobe;
	unsigned int	relatched_max;
	void		(*after_shared)(struct scenario_tally *t);
	bool		up_skips_free_running;
	const char	*no_storm;
	bool		plain_drivers;
	bool		poll_in_tick;
};

/* Run the scenarios on @irq (the mapped level line of both devices); the
 * line keeps the two claiming handlers "edu-a" and "edu-b" afterwards
 * (edu_line_irq() is then the line, else -1). @env must outlive the kernel. */
void edu_line_scenarios(struct scenario_tally *t, const struct edu_line_env *env, int irq);
/* No two edus on one line: each of the @n scenarios @names is a SKIP
 * that says so. */
void edu_line_skip(struct scenario_tally *t, const char *const names[], unsigned int n);
/* The shell's probe: device @which (1, 2) asserts; the handlers step
 * aside meanwhile. Return: the irq probe_irq_off() found, or -ENODEV. */
int edu_line_autoprobe(unsigned int which);
/* The line, or -1 before edu_line_scenarios() made it work. */
int edu_line_irq(void);
/* Events device @i's handler claimed so far. */
unsigned long edu_line_claims(unsigned int i);
/* Wait up to a second until device @i's handler claimed @want events in
 * all. Return: whether it did. */
bool edu_line_wait_claims(unsigned int i, unsigned long want);
/* The line's unhandled count (/proc/irq/N/spurious). */
unsigned int edu_line_unhandled(void);
/* Free the two handlers, and request them again. */
void edu_line_release(void);
void edu_line_restore(void);
/*
 * threaded-oneshot (demo/oneshot.c) on the line, edu A alone: @idle is the
 * machine's wait step (runs woken threads), @chip_masked and @chip the
 * controller's own mask bit and name, or NULL. The two drivers come back
 * as threaded ONESHOT ones, so the shell's `threads` lists them (plain
 * ones with the env's @plain_drivers).
 */
void edu_line_threaded_oneshot(struct scenario_tally *t, void (*idle)(void),
			       int (*chip_masked)(unsigned int irq), const char *chip);

#endif /* GENIRQ_DEMO_EDU_LINE_H */

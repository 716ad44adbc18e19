/* SPDX-License-Identifier: MIT */
/*
 * port_selftest.h - the boot self-tests on the tick and the IPI that the
 * pseries, virt and virt-riscv kernels share: timer-ticks, irq-stack and
 * softirq, with the IPI handler that probes the stacks; the window of
 * replay-after-enable on the console's line and uart-rx-echo after it. A
 * port passes in only what differs: its clock, its tick counter, its
 * stacks, its IPI, its input ring and its wait.
 */
#ifndef GENIRQ_DEMO_PORT_SELFTEST_H
#define GENIRQ_DEMO_PORT_SELFTEST_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <genirq/interrupt.h>

#include "scenario.h"

struct rx_ring;

struct port_selftest {
	struct scenario_tally	*tally;
	/* The clock: now() in its counts, counts() in @ms of it, its name
	 * in the lines ("timebase", "the counter"). */
	uint64_t	(*now)(void);
	uint64_t	(*counts)(unsigned int ms);
	const char	*clock;
	unsigned int	hz;			/* the tick rate */
	unsigned long	(*ticks)(unsigned int cpu);
	/* timer-ticks' "N <these>": the FAIL line's ("timer ticks"), the PASS line's. */
	const char	*tick_fail, *tick_pass;
	const char	*nested_tick;		/* irq-stack's "nested <this> tick" */
	/* The stacks: this CPU's sp, where a nested tick found it, the checks. */
	uintptr_t	(*sp)(void);
	const uintptr_t	*nested_tick_sp;
	bool		(*on_irq_stack)(unsigned int cpu, uintptr_t sp);
	bool		(*on_softirq_stack)(unsigned int cpu, uintptr_t sp);
	bool		(*guards_ok)(unsigned int cpu);
	/* The IPI: send it; smp_ipi() true when the SMP scenarios took it. */
	void		(*send_ipi)(unsigned int cpu);
	bool		(*smp_ipi)(void);
	/* The console's input ring; the port's wait: true once @done(),
	 * false after @ms. */
	struct rx_ring	*rx;
	bool		(*wait_for)(bool (*done)(void), unsigned int ms);
	/* Optional: does the console's device hold input? (reads none) */
	bool		(*rx_held)(void);
};

#define PORT_SELFTEST_LINE	"hello genirq"	/* what the harness types first */
#define PORT_SELFTEST_REPLAY_MS	1000		/* input has arrived by then, line disabled */

/* Events on the console's line: at the marker, while disabled, in enable_irq. */
struct port_replay {
	unsigned long	before, during, after;
};

/* IPIs port_selftest_ipi() probed and counted (the shell's `ipi`). */
extern _Atomic unsigned long port_selftest_ipis;

/* Use @p (kept, not copied); opens the softirq the IPI handler raises. */
void port_selftest_init(const struct port_selftest *p);

/* The IPI's handler: the SMP scenarios' events, else the stack probe. */
irqreturn_t port_selftest_ipi(int irq, void *dev);

/* An IPI to this CPU, returned once its handler has run. */
void port_selftest_self_ipi(void);

/* The same, its handler calling @in_handler (if not NULL) on the hardirq
 * stack with interrupts on (the irq-stack probe, guard_smash.h). */
void port_selftest_self_ipi_run(void (*in_handler)(void));

/* Wait on this CPU until a tick has come in, at most @ms: the ticks counted. */
unsigned long port_selftest_wait_tick(unsigned int ms);

/* timer-ticks: the ticks of one span of the clock, against hz. */
void port_selftest_timer(void);

/* irq-stack and softirq, through a self-IPI a tick nests in. */
void port_selftest_stacks(void);

/*
 * replay-after-enable's window on the console's line @irq: disabled, the
 * marker "genirq: ready for input" (the harness types), then
 * PORT_SELFTEST_REPLAY_MS later - or, with rx_held(), once the device
 * holds input too, at most SCENARIO_WAIT_MS more (a loaded host may run
 * the harness or QEMU's main thread late) - enable_irq with interrupts
 * off, so that the held-back event is taken at the restore. The verdict
 * is the port's.
 */
void port_selftest_replay(unsigned int irq, struct port_replay *r);

/* uart-rx-echo after it: the typed line on @irq since @before, @via. */
void port_selftest_rx_echo(const char *via, unsigned int irq, unsigned long before);

#endif /* GENIRQ_DEMO_PORT_SELFTEST_H */

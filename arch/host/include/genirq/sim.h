/* SPDX-License-Identifier: MIT */
/*
 * sim.h - the hosted port: genirq as an ordinary Linux process.
 *
 * Simulated CPUs have their own local-interrupt state and per-CPU data
 * and take interrupts from one simulated controller (<genirq/chip/simpic.h>),
 * at the points where real CPUs could: when they turn interrupts on, when
 * they spin, and when told to run. Two ways to drive it:
 *
 *  - deterministic: one thread plays every CPU in turn (sim_cpu_switch(),
 *    sim_run()); time moves only when told (sim_time_advance(),
 *    port_delay_us()); same calls, same schedule, every run;
 *  - concurrent: sim_thread_start() runs a function as CPU k on its own
 *    thread, for stress tests under ThreadSanitizer.
 */
#ifndef GENIRQ_SIM_H
#define GENIRQ_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/irq.h>
#include <genirq/chip/simpic.h>

GENIRQ_BEGIN_DECLS

/* The interrupted state a simulated interrupt hands to get_irq_regs(). */
struct sim_regs {
	unsigned int	cpu;
	irq_hw_number_t	hwirq;
	unsigned long	seq;	/* how many interrupts this CPU took before */
};

/**
 * sim_init - boot a simulated machine
 * @nr_cpus: CPUs (1..GENIRQ_NR_CPUS), all online, CPU 0 current
 * @nr_irqs: capacity for irq_core_init()
 *
 * Return: 0, or -EINVAL for counts out of range.
 */
int sim_init(unsigned int nr_cpus, unsigned int nr_irqs);

/* Attach the controller CPUs take interrupts from (one root per machine). */
void sim_attach(struct simpic *root);

/* Deterministic mode: act as CPU @cpu from now on (this thread only). */
void sim_cpu_switch(unsigned int cpu);
/* Let CPU @cpu take every pending interrupt (if its interrupts are on).
 * Return: how many it took. */
unsigned int sim_run(unsigned int cpu);
/* Take pending interrupts on the current CPU if its interrupts are on. */
unsigned int sim_poll(void);

/* Virtual time (port_time_ns()). */
uint64_t sim_time_ns(void);
void sim_time_advance(uint64_t ns);

/* Called from port_delay_us() after time moved, e.g. to fire a device
 * while autoprobe waits. NULL removes it. */
void sim_set_delay_hook(void (*hook)(unsigned long us, void *ctx), void *ctx);

/* Allocation failure injection: the @k-th allocation from now (1 = the
 * next) fails; 0 turns it off. sim_alloc_count(): allocations so far. */
void sim_alloc_fail_at(unsigned long k);
unsigned long sim_alloc_count(void);
long sim_alloc_live(void);	/* allocations not yet freed */

/* Console: what genirq printed since the last clear; echo to stderr too. */
const char *sim_console(void);
void sim_console_clear(void);
void sim_console_echo(bool on);
bool sim_console_contains(const char *needle);

/*
 * Debug assertions of a core built with GENIRQ_DEBUG: a broken rule
 * aborts the process, unless a test said it expects one (then it is only
 * counted, and the core goes on).
 */
void sim_expect_assert(bool on);
unsigned long sim_asserts(void);

/* port_ack_bad_irq() calls seen. */
unsigned long sim_bad_irq_acks(void);

/* port_membarrier() calls made (the freers' side of descriptor lifetime). */
unsigned long sim_membarriers(void);

/*
 * Threaded handlers: by default each threaded action gets a thread of its
 * own (port_irq_thread_create()), which runs on the CPU it was woken on
 * when that CPU's owner waits (see host.c). Off: the core's runner, which
 * runs woken threads from irq_threads_run() (tests call it as an idle
 * loop would). Applies to actions requested from then on.
 */
void sim_irq_threads_native(bool on);
/* Let every woken thread of threaded handlers run until all sleep again. */
void sim_irq_threads_settle(void);
/* The priority port_irq_thread_create() was given for the last thread it made. */
int sim_irq_thread_last_prio(void);

/*
 * Concurrent mode: run @fn(@arg) as CPU @cpu on a new thread, which owns
 * the CPU until it returns (the caller plays it again after
 * sim_thread_join_all()).
 */
int sim_thread_start(unsigned int cpu, void (*fn)(void *arg), void *arg);
void sim_thread_join_all(void);

GENIRQ_END_DECLS

#endif /* GENIRQ_SIM_H */

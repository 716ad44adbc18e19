// SPDX-License-Identifier: MIT
/*
 * ipi_scenarios.c - the SMP scenarios that the IPI alone can drive (see
 * ipi_scenarios.h): ipi-pingpong, and free-vs-running when the machine
 * has no edu pair for it. Time is port_time_ns().
 */
#include <stdatomic.h>
#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/interrupt.h>
#include <genirq/ipi.h>
#include <genirq/irq.h>

#include <genirq/port.h>

#include "ipi_scenarios.h"

#define PINGPONG_ROUNDS		100
#define SLOW_HANDLER_MS		50	/* free-vs-running: handler duration */

enum ipi_mode { IPI_PLAIN, IPI_PINGPONG, IPI_SLOW };
static _Atomic int ipi_mode = IPI_PLAIN;
static _Atomic unsigned long ipi_seen[GENIRQ_NR_CPUS];
static void (*port_send)(unsigned int cpu);
static unsigned int ipi_virq;	/* the IPI line, or the generic API's reservation */

static void send_ipi(unsigned int cpu)
{
	if (port_send)
		port_send(cpu);
	else
		ipi_send_single(ipi_virq, cpu);
}

/* The line @cpu's IPIs are counted on. */
static unsigned int line_of(unsigned int cpu)
{
	int irq = port_send ? -1 : ipi_get_irq(ipi_virq, cpu);

	return irq >= 0 ? (unsigned int)irq : ipi_virq;
}
static struct scenario_slow slow;

/* Called first by the IPI handler; true when the event was a test's. */
bool ipi_scenario_claim(void)
{
	unsigned int cpu = port_cpu_id();
	atomic_fetch_add(&ipi_seen[cpu], 1);
	switch (atomic_load(&ipi_mode)) {
	case IPI_PINGPONG:
		if (cpu != 0)
			send_ipi(0);	/* pong */
		return true;
	case IPI_SLOW:
		scenario_slow_run(&slow, SLOW_HANDLER_MS);
		return true;
	default:
		return false;
	}
}

static void scenario_pingpong(struct scenario_tally *t, const char *how)
{
	unsigned long s0 = atomic_load(&ipi_seen[0]), s1 = atomic_load(&ipi_seen[1]);
	unsigned long k0 = irq_stat_cpu(line_of(0), 0);
	unsigned long k1 = irq_stat_cpu(line_of(1), 1);
	unsigned int i;

	atomic_store(&ipi_mode, IPI_PINGPONG);
	for (i = 0; i < PINGPONG_ROUNDS; i++) {
		send_ipi(1);
		if (!scenario_wait_count(&ipi_seen[0], s0 + i + 1))
			break;
	}
	atomic_store(&ipi_mode, IPI_PLAIN);
	s0 = atomic_load(&ipi_seen[0]) - s0;
	s1 = atomic_load(&ipi_seen[1]) - s1;
	k0 = irq_stat_cpu(line_of(0), 0) - k0;
	k1 = irq_stat_cpu(line_of(1), 1) - k1;
	if (i != PINGPONG_ROUNDS || s0 != PINGPONG_ROUNDS || s1 != PINGPONG_ROUNDS ||
	    k0 != PINGPONG_ROUNDS || k1 != PINGPONG_ROUNDS)
		scenario_fail(t, "ipi-pingpong", "%u rounds; handled cpu0 %lu cpu1 %lu; "
			      "counted cpu0 %lu cpu1 %lu", i, s0, s1, k0, k1);
	else
		scenario_pass(t, "ipi-pingpong", "%u IPIs cpu0->cpu1 and %u cpu1->cpu0 (%s), "
			      "per-CPU counts exact", PINGPONG_ROUNDS, PINGPONG_ROUNDS, how);
}

/* free_irq on cpu0 while the IPI handler runs on cpu1: it must wait. */
static void scenario_free_running(struct scenario_tally *t, irq_handler_t handler, void *dev)
{
	unsigned int ipi_irq = line_of(1);	/* cpu1's line */

	bool running, done_at_return;
	int err;

	scenario_slow_reset(&slow);
	atomic_store(&ipi_mode, IPI_SLOW);
	send_ipi(1);
	running = scenario_slow_freeing(&slow);
	free_irq(ipi_irq, dev);
	done_at_return = scenario_slow_done(&slow);
	atomic_store(&ipi_mode, IPI_PLAIN);
	err = request_irq(ipi_irq, handler, IRQF_PERCPU, "IPI", dev);
	if (!running || !done_at_return || err)
		scenario_fail(t, "free-vs-running", "handler running at free_irq: %d, finished "
			      "when free_irq returned: %d, request again: %d", running,
			      done_at_return, err);
	else
		scenario_pass(t, "free-vs-running", "free_irq on cpu0 returned only after the "
			      "%u ms IPI handler on cpu1 finished", SLOW_HANDLER_MS);
}

void ipi_scenarios(struct scenario_tally *t, const struct ipi_scenario_env *env, int ipi_irq,
		   irq_handler_t handler, void *dev)
{
	if (cpumask_weight(irq_cpu_online_mask()) < 2) {
		const char *why = port_nr_cpus() < 2 ? "uniprocessor machine (-smp 1)"
						     : "cpu1 did not come up";

		scenario_skip(t, "ipi-pingpong", "%s", why);
		scenario_skip(t, "free-vs-running", "%s", why);	/* the edu one needs SMP too */
		return;
	}
	port_send = env->send_ipi;
	ipi_virq = (unsigned int)ipi_irq;
	scenario_pingpong(t, env->how);
	if (env->free_vs_running)
		scenario_free_running(t, handler, dev);
}

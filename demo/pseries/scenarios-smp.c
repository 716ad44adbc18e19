// SPDX-License-Identifier: MIT
/*
 * scenarios-smp.c - the SMP scenarios that the IPI alone can drive:
 * ipi-pingpong, and free-vs-running when there is no edu pair.
 */
#include <stdatomic.h>
#include <genirq/hardirq.h>
#include <genirq/interrupt.h>
#include <genirq/ipi.h>
#include <genirq/irq.h>

#include "scenario.h"
#include "demo.h"

#define PINGPONG_ROUNDS		100
#define SLOW_HANDLER_MS		50	/* free-vs-running: handler duration */

enum ipi_mode { IPI_PLAIN, IPI_PINGPONG, IPI_SLOW };
static _Atomic int ipi_mode = IPI_PLAIN;
static _Atomic unsigned long ipi_seen[MAX_CPUS];
static _Atomic bool slow_running, slow_done;
static unsigned int ipi_base;	/* the IPI reservation (irq_reserve_ipi()) */

/* Called first by the IPI handler; true when the event was a test's. */
bool ppc64_smp_ipi(void)
{
	unsigned int cpu = port_cpu_id();
	uint64_t end;

	atomic_fetch_add(&ipi_seen[cpu], 1);
	switch (atomic_load(&ipi_mode)) {
	case IPI_PINGPONG:
		if (cpu != 0)
			ipi_send_single(ipi_base, 0);	/* pong */
		return true;
	case IPI_SLOW:
		atomic_store(&slow_running, true);
		end = mftb() + ms_to_tb(SLOW_HANDLER_MS);
		while (mftb() < end)
			port_cpu_relax();
		atomic_store(&slow_done, true);
		return true;
	default:
		return false;
	}
}

static bool wait_count(_Atomic unsigned long *v, unsigned long want, unsigned int ms)
{
	uint64_t end = mftb() + ms_to_tb(ms);

	while (atomic_load(v) < want)
		if (mftb() >= end)
			return false;
	return true;
}

static void scenario_pingpong(struct scenario_tally *t)
{
	unsigned int l0 = (unsigned int)ipi_get_irq(ipi_base, 0);
	unsigned int l1 = (unsigned int)ipi_get_irq(ipi_base, 1);
	unsigned long s0 = atomic_load(&ipi_seen[0]), s1 = atomic_load(&ipi_seen[1]);
	unsigned long k0 = irq_stat_cpu(l0, 0);
	unsigned long k1 = irq_stat_cpu(l1, 1);
	unsigned int i;

	atomic_store(&ipi_mode, IPI_PINGPONG);
	for (i = 0; i < PINGPONG_ROUNDS; i++) {
		ipi_send_single(ipi_base, 1);
		if (!wait_count(&ipi_seen[0], s0 + i + 1, 1000))
			break;
	}
	atomic_store(&ipi_mode, IPI_PLAIN);
	s0 = atomic_load(&ipi_seen[0]) - s0;
	s1 = atomic_load(&ipi_seen[1]) - s1;
	k0 = irq_stat_cpu(l0, 0) - k0;
	k1 = irq_stat_cpu(l1, 1) - k1;
	if (i != PINGPONG_ROUNDS || s0 != PINGPONG_ROUNDS || s1 != PINGPONG_ROUNDS ||
	    k0 != PINGPONG_ROUNDS || k1 != PINGPONG_ROUNDS)
		scenario_fail(t, "ipi-pingpong", "%u rounds; handled cpu0 %lu cpu1 %lu; "
			      "counted cpu0 %lu cpu1 %lu", i, s0, s1, k0, k1);
	else
		scenario_pass(t, "ipi-pingpong", "%u IPIs cpu0->cpu1 and %u cpu1->cpu0 through "
			      "ipi_send_single() (irq_reserve_ipi lines %u-%u, XICS-IPI: H_IPI), "
			      "per-CPU counts exact", PINGPONG_ROUNDS, PINGPONG_ROUNDS, l0, l1);
}

/* free_irq on cpu0 while the IPI handler runs on cpu1: it must wait. */
static void scenario_free_running(struct scenario_tally *t, irq_handler_t handler, void *dev)
{
	unsigned int ipi_irq = (unsigned int)ipi_get_irq(ipi_base, 1);	/* cpu1's line */
	bool running, done_at_return;
	int err;

	atomic_store(&slow_running, false);
	atomic_store(&slow_done, false);
	atomic_store(&ipi_mode, IPI_SLOW);
	ipi_send_single(ipi_base, 1);
	while (!atomic_load(&slow_running))
		port_cpu_relax();
	running = !atomic_load(&slow_done);
	free_irq(ipi_irq, dev);
	done_at_return = atomic_load(&slow_done);
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

void ppc64_smp_scenarios(struct scenario_tally *t, int ipi_irq, irq_handler_t handler,
			 void *dev)
{
	if (cpumask_weight(irq_cpu_online_mask()) < 2) {
		const char *why = machine.nr_cpus < 2 ? "uniprocessor machine (-smp 1)"
						      : "cpu1 did not come up";

		scenario_skip(t, "ipi-pingpong", "%s", why);
		scenario_skip(t, "free-vs-running", "%s", why);	/* scenarios.c needs SMP too */
		return;
	}
	ipi_base = (unsigned int)ipi_irq;
	scenario_pingpong(t);
	if (!ppc64_have_edu_pair())	/* else run on the edu line (scenarios.c) */
		scenario_free_running(t, handler, dev);
}

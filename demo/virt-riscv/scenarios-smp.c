// SPDX-License-Identifier: MIT
/*
 * scenarios-smp.c - ipi-pingpong: the IPI (an SBI send_ipi, taken as the
 * supervisor software interrupt) back and forth between two harts.
 */
#include <stdatomic.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>

#include "scenario.h"
#include "demo.h"

#define PINGPONG_ROUNDS		100

static _Atomic bool pingpong;
static _Atomic unsigned long seen[MAX_CPUS];

bool virt_smp_ipi(void)
{
	unsigned int cpu = port_cpu_id();

	atomic_fetch_add(&seen[cpu], 1);
	if (!atomic_load(&pingpong))
		return false;
	if (cpu != 0)
		sbi_send_ipi(0);	/* pong */
	return true;
}

void virt_smp_scenarios(struct scenario_tally *t, int ipi_irq)
{
	unsigned long s0 = atomic_load(&seen[0]), s1 = atomic_load(&seen[1]);
	unsigned long k0 = irq_stat_cpu((unsigned int)ipi_irq, 0);
	unsigned long k1 = irq_stat_cpu((unsigned int)ipi_irq, 1);
	unsigned int i;

	if (cpumask_weight(irq_cpu_online_mask()) < 2) {
		scenario_skip(t, "ipi-pingpong", "%s", machine.nr_cpus < 2 ?
			      "uniprocessor machine (-smp 1)" : "cpu1 did not come up");
		return;
	}
	atomic_store(&pingpong, true);
	for (i = 0; i < PINGPONG_ROUNDS; i++) {
		sbi_send_ipi(1);
		if (!scenario_wait_count(&seen[0], s0 + i + 1))
			break;
	}
	atomic_store(&pingpong, false);
	s0 = atomic_load(&seen[0]) - s0;
	s1 = atomic_load(&seen[1]) - s1;
	k0 = irq_stat_cpu((unsigned int)ipi_irq, 0) - k0;
	k1 = irq_stat_cpu((unsigned int)ipi_irq, 1) - k1;
	if (i != PINGPONG_ROUNDS || s0 != PINGPONG_ROUNDS || s1 != PINGPONG_ROUNDS ||
	    k0 != PINGPONG_ROUNDS || k1 != PINGPONG_ROUNDS)
		scenario_fail(t, "ipi-pingpong", "%u rounds; handled cpu0 %lu cpu1 %lu; "
			      "counted cpu0 %lu cpu1 %lu", i, s0, s1, k0, k1);
	else
		scenario_pass(t, "ipi-pingpong", "%u IPIs cpu0->cpu1 and %u cpu1->cpu0 (SBI "
			      "send_ipi, supervisor software interrupt), per-CPU counts exact",
			      PINGPONG_ROUNDS, PINGPONG_ROUNDS);
}

// SPDX-License-Identifier: MIT
/*
 * smp.c - secondary CPUs through PSCI CPU_ON (the call and the conduit,
 * hvc or smc, from the device tree's /psci), and the idle loop.
 */
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>

#include "virt.h"

#define SECONDARY_STACK		16384
#define START_WAIT_MS		10000	/* a CPU that never starts, not one the host runs late */
#define PSCI_SUCCESS		0

static uint64_t secondary_stack[MAX_CPUS][SECONDARY_STACK / 8] __attribute__((aligned(16)));

void aarch64_secondary_start(void)
{
	unsigned int cpu = port_cpu_id();

	aarch64_irq_init_cpu();
	aarch64_timer_start_cpu();
	irq_cpu_set_online(cpu, true);
	for (;;)
		aarch64_idle(NULL);
}

/* Sleep until an interrupt unless @busy() says there is work or a
 * threaded handler was woken; then run the woken thread functions (the
 * port has no threads: the core's runner). wfi wakes on a pending
 * interrupt even while PSTATE.I masks it, so the check and the sleep
 * cannot race: the interrupt is taken once I is clear again. */
void aarch64_idle(bool (*busy)(void))
{
	aarch64_irq_daif_off();		/* PSTATE.I even under priority masking */
	if ((!busy || !busy()) && !irq_threads_pending())
		__asm__ __volatile__("wfi" ::: "memory");
	port_irq_enable_fast();
	irq_threads_run();
}

unsigned int aarch64_start_secondaries(void)
{
	unsigned int up = 1;

	for (unsigned int cpu = 1; cpu < machine.nr_cpus; cpu++) {
		unsigned long ret = aarch64_psci(machine.psci_cpu_on, machine.mpidr[cpu],
						 (uintptr_t)aarch64_secondary_entry,
						 (uintptr_t)secondary_stack[cpu] + SECONDARY_STACK,
						 machine.psci_smc);
		uint64_t end;

		if (ret != PSCI_SUCCESS) {
			aarch64_printf("genirq: PSCI CPU_ON cpu%u (mpidr 0x%lx): %ld\n", cpu,
				       (unsigned long)machine.mpidr[cpu], (long)ret);
			continue;
		}
		end = aarch64_cntvct() + aarch64_ms_to_cnt(START_WAIT_MS);
		while (!cpumask_test_cpu(cpu, irq_cpu_online_mask()) && aarch64_cntvct() < end)
			port_cpu_relax();
		if (cpumask_test_cpu(cpu, irq_cpu_online_mask()))
			up++;
	}
	return up;
}

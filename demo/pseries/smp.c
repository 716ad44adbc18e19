// SPDX-License-Identifier: MIT
/*
 * smp.c - secondary CPUs (RTAS start-cpu), their idle (H_CEDE) and
 * wake-up (H_PROD).
 *
 * PIR reads 0 on every vCPU in QEMU's pseries, so a CPU learns its number
 * from the boot stack it was given, and keeps it in SPRG2.
 */
#include <stdatomic.h>
#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/chip/xics.h>

#include "pseries.h"

#define H_CEDE			0xe0
#define H_PROD			0xe4
#define SECONDARY_STACK		16384
#define CPU_STOPPED		0	/* query-cpu-stopped-state */
#define START_WAIT_MS		10000	/* a CPU that never starts, not one the host runs late */

static uint64_t secondary_stack[MAX_CPUS][SECONDARY_STACK / 8] __attribute__((aligned(16)));

void ppc64_secondary_start(void)
{
	uintptr_t sp = ppc64_sp();
	unsigned int cpu = 1;

	while (cpu < MAX_CPUS - 1 && !(sp > (uintptr_t)secondary_stack[cpu] &&
				       sp <= (uintptr_t)secondary_stack[cpu + 1]))
		cpu++;
	ppc64_set_cpu_id(cpu);
	ppc64_irq_cpu_up(cpu);
	ppc64_timer_start();
	irq_cpu_set_online(cpu, true);
	for (;;)
		ppc64_idle(NULL);
}

/* Run this CPU's woken interrupt threads, then sleep until an interrupt
 * unless one is pending again or @busy() says there is work. H_CEDE
 * turns MSR[EE] on itself, so the check and the sleep cannot race. */
void ppc64_idle(bool (*busy)(void))
{
	irq_threads_run();
	port_irq_disable();
	if (!irq_threads_pending() && (!busy || !busy()))
		hcall(H_CEDE, 0, 0, 0, 0, NULL);
	port_irq_enable();
}

/* End @cpu's H_CEDE, or its next one: PAPR latches a prod that finds the
 * CPU awake, so a wake-up between its idle check and its cede is kept. */
void ppc64_wake_cpu(unsigned int cpu)
{
	hcall(H_PROD, machine.server[cpu], 0, 0, 0, NULL);
}

unsigned int ppc64_start_secondaries(void)
{
	unsigned int up = 1;

	for (unsigned int cpu = 1; cpu < machine.nr_cpus; cpu++) {
		unsigned int args[3] = { machine.server[cpu] }, ret[2] = { 1, 1 };
		uint64_t end;

		if (rtas_call(machine.tok_query_cpu, 1, args, 2, ret) != 0 || ret[1] != CPU_STOPPED) {
			ppc64_printf("genirq: cpu%u (server %u) is not stopped (%u/%u)\n", cpu,
				     machine.server[cpu], ret[0], ret[1]);
			continue;
		}
		args[1] = (unsigned int)(uintptr_t)ppc64_secondary_entry;	/* below 4 GiB */
		args[2] = (unsigned int)(uintptr_t)secondary_stack[cpu + 1];
		if (rtas_call(machine.tok_start_cpu, 3, args, 1, ret) != 0) {
			ppc64_printf("genirq: start-cpu %u failed: %d\n", cpu, (int)ret[0]);
			continue;
		}
		end = ppc64_mftb() + ppc64_ms_to_tb(START_WAIT_MS);
		while (!cpumask_test_cpu(cpu, irq_cpu_online_mask()) && ppc64_mftb() < end)
			port_cpu_relax();
		if (cpumask_test_cpu(cpu, irq_cpu_online_mask()))
			up++;
	}
	return up;
}

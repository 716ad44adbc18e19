// SPDX-License-Identifier: MIT
/*
 * smp.c - secondary CPUs (RTAS start-cpu) and the SMP scenarios that the
 * IPI alone can drive: ipi-pingpong and free-vs-running.
 *
 * PIR reads 0 on every vCPU in QEMU's pseries, so a CPU learns its number
 * from the boot stack it was given, and keeps it in SPRG2.
 */
#include <stdatomic.h>
#include <genirq/hardirq.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/xics.h>

#include "scenario.h"
#include "ppc64.h"

#define H_CEDE			0xe0
#define H_PROD			0xe4
#define SECONDARY_STACK		16384
#define CPU_STOPPED		0	/* query-cpu-stopped-state */
#define START_WAIT_MS		1000
#define PINGPONG_ROUNDS		100
#define SLOW_HANDLER_MS		50	/* free-vs-running: handler duration */

static uint64_t secondary_stack[MAX_CPUS][SECONDARY_STACK / 8] __attribute__((aligned(16)));

enum ipi_mode { IPI_PLAIN, IPI_PINGPONG, IPI_SLOW };
static _Atomic int ipi_mode = IPI_PLAIN;
static _Atomic unsigned long ipi_seen[MAX_CPUS];
static _Atomic bool slow_running, slow_done;

void ppc64_secondary_start(void)
{
	uintptr_t sp = ppc64_sp();
	unsigned int cpu = 1;

	while (cpu < MAX_CPUS - 1 && !(sp > (uintptr_t)secondary_stack[cpu] &&
				       sp <= (uintptr_t)secondary_stack[cpu + 1]))
		cpu++;
	ppc64_set_cpu_id(cpu);
	ppc64_irq_init_cpu(cpu);
	ppc64_timer_start();
	irq_cpu_set_online(cpu, true);
	for (;;)
		ppc64_idle(NULL);
}

/* Sleep until an interrupt unless @busy() says there is work. H_CEDE
 * turns MSR[EE] on itself, so the check and the sleep cannot race. */
void ppc64_idle(bool (*busy)(void))
{
	port_irq_disable();
	if (!busy || !busy())
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
		end = mftb() + ms_to_tb(START_WAIT_MS);
		while (!cpumask_test_cpu(cpu, irq_cpu_online_mask()) && mftb() < end)
			port_cpu_relax();
		if (cpumask_test_cpu(cpu, irq_cpu_online_mask()))
			up++;
	}
	return up;
}

/* Called first by the IPI handler; true when the event was a test's. */
bool ppc64_smp_ipi(void)
{
	unsigned int cpu = port_cpu_id();
	uint64_t end;

	atomic_fetch_add(&ipi_seen[cpu], 1);
	switch (atomic_load(&ipi_mode)) {
	case IPI_PINGPONG:
		if (cpu != 0)
			xics_send_ipi(ppc64_xics, 0);	/* pong */
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

static void scenario_pingpong(struct scenario_tally *t, int ipi_irq)
{
	unsigned long s0 = atomic_load(&ipi_seen[0]), s1 = atomic_load(&ipi_seen[1]);
	unsigned long k0 = irq_stat_cpu((unsigned int)ipi_irq, 0);
	unsigned long k1 = irq_stat_cpu((unsigned int)ipi_irq, 1);
	unsigned int i;

	atomic_store(&ipi_mode, IPI_PINGPONG);
	for (i = 0; i < PINGPONG_ROUNDS; i++) {
		xics_send_ipi(ppc64_xics, 1);
		if (!wait_count(&ipi_seen[0], s0 + i + 1, 1000))
			break;
	}
	atomic_store(&ipi_mode, IPI_PLAIN);
	s0 = atomic_load(&ipi_seen[0]) - s0;
	s1 = atomic_load(&ipi_seen[1]) - s1;
	k0 = irq_stat_cpu((unsigned int)ipi_irq, 0) - k0;
	k1 = irq_stat_cpu((unsigned int)ipi_irq, 1) - k1;
	if (i != PINGPONG_ROUNDS || s0 != PINGPONG_ROUNDS || s1 != PINGPONG_ROUNDS ||
	    k0 != PINGPONG_ROUNDS || k1 != PINGPONG_ROUNDS)
		scenario_fail(t, "ipi-pingpong", "%u rounds; handled cpu0 %lu cpu1 %lu; "
			      "counted cpu0 %lu cpu1 %lu", i, s0, s1, k0, k1);
	else
		scenario_pass(t, "ipi-pingpong", "%u IPIs cpu0->cpu1 and %u cpu1->cpu0 (H_IPI), "
			      "per-CPU counts exact", PINGPONG_ROUNDS, PINGPONG_ROUNDS);
}

/* free_irq on cpu0 while the IPI handler runs on cpu1: it must wait. */
static void scenario_free_running(struct scenario_tally *t, int ipi_irq,
				  irq_handler_t handler, void *dev)
{
	bool running, done_at_return;
	int err;

	atomic_store(&slow_running, false);
	atomic_store(&slow_done, false);
	atomic_store(&ipi_mode, IPI_SLOW);
	xics_send_ipi(ppc64_xics, 1);
	while (!atomic_load(&slow_running))
		port_cpu_relax();
	running = !atomic_load(&slow_done);
	free_irq((unsigned int)ipi_irq, dev);
	done_at_return = atomic_load(&slow_done);
	atomic_store(&ipi_mode, IPI_PLAIN);
	err = request_irq((unsigned int)ipi_irq, handler, IRQF_PERCPU, "IPI", dev);
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
		scenario_skip(t, "free-vs-running", "%s", why);	/* lines.c needs SMP too */
		return;
	}
	scenario_pingpong(t, ipi_irq);
	if (!ppc64_have_edu_pair())	/* else run on the edu line (lines.c) */
		scenario_free_running(t, ipi_irq, handler, dev);
}

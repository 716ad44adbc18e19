// SPDX-License-Identifier: MIT
/*
 * smp.c - secondary harts (SBI HSM hart_start), their idle (wfi) and
 * wake-up (an IPI).
 */
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>

#include "asm.h"
#include "virt.h"

#define SECONDARY_STACK		16384
#define START_WAIT_MS		10000	/* a CPU that never starts, not one the host runs late */

static uint64_t secondary_stack[MAX_CPUS][SECONDARY_STACK / 8] __attribute__((aligned(16)));
uintptr_t riscv64_secondary_sp[MAX_CPUS];	/* boot.S: the stack of CPU n */

/* boot.S, in S-mode, tp = our CPU number, on our stack. */
void riscv64_secondary_start(void);
void riscv64_secondary_start(void)
{
	unsigned int cpu = port_cpu_id();

	riscv64_irq_init_cpu(cpu);
	riscv64_timer_start();
	irq_cpu_set_online(cpu, true);
	for (;;)
		riscv64_idle(NULL);
}

/* Run woken handler threads (the core's runner: this port has no
 * threads of its own), then sleep until an interrupt unless @busy() or a
 * thread says there is work. wfi wakes for an interrupt pending in sie
 * even with sstatus.SIE off, so the check and the sleep cannot race. */
void riscv64_idle(bool (*busy)(void))
{
	irq_threads_run();
	port_irq_disable();
	if (!irq_threads_pending() && (!busy || !busy()))
		__asm__ __volatile__("wfi" ::: "memory");
	port_irq_enable();
}

void riscv64_wake_cpu(unsigned int cpu)
{
	sbi_send_ipi(cpu);
}

/*
 * boot.S: a hart that comes to the image's entry while the boot hart runs
 * waits there until its slot here (by hart id) holds its CPU number.
 */
extern unsigned int riscv64_stray_cpu[RISCV64_STRAY_HARTS];
extern char _start[];

unsigned int riscv64_start_secondaries(bool at_entry)
{
	unsigned int up = 1;

	for (unsigned int cpu = 1; cpu < machine.nr_cpus; cpu++) {
		unsigned long hartid = machine.hartid[cpu];
		uint64_t end;
		long err;

		riscv64_secondary_sp[cpu] = (uintptr_t)(secondary_stack[cpu] + 1);
		if (hartid < RISCV64_STRAY_HARTS)
			__atomic_store_n(&riscv64_stray_cpu[hartid], cpu, __ATOMIC_RELEASE);
		err = sbi_hart_start(hartid, at_entry ? (uintptr_t)_start :
					      (uintptr_t)riscv64_secondary_entry, cpu);
		if (err == SBI_ERR_ALREADY_AVAILABLE && hartid < RISCV64_STRAY_HARTS)
			err = 0;	/* running already: it waits in boot.S for the number above */
		if (err) {
			riscv64_printf("genirq: hart_start(hart %lu) failed: %ld\n",
				       machine.hartid[cpu], err);
			continue;
		}
		end = rdtime() + ms_to_ticks(START_WAIT_MS);
		while (!cpumask_test_cpu(cpu, irq_cpu_online_mask()) && rdtime() < end)
			port_cpu_relax();
		if (cpumask_test_cpu(cpu, irq_cpu_online_mask()))
			up++;
	}
	return up;
}

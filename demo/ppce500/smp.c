// SPDX-License-Identifier: MIT
/*
 * smp.c - the second e500 core: spin-table start, its own exception and
 * MPIC set-up, its idle loop, and the IPIs between the CPUs through the
 * generic IPI API (one of them, the wake IPI, ends a doze).
 *
 * The spin table (ePAPR): 32 bytes per CPU, big-endian
 * { u64 entry address (1 while held), u64 r3, u32 reserved, u32 pir, u64 pad }.
 * Writing an even entry address releases the CPU: QEMU starts it there
 * with TLB1[1] mapping its 64 MiB, r3 from the table and MSR = 0.
 */
#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/interrupt.h>
#include <genirq/ipi.h>
#include <genirq/irq.h>
#include <genirq/percpu_irq.h>
#include <genirq/chip/mpic.h>
#include <genirq/port.h>

#include "ppce500.h"

#define SPIN_ENTRY(cpu)	(SPIN_EA + 0x20u * (cpu))
#define BRINGUP_MS	200

void secondary_start(void);
void secondary_main(unsigned int cpu);
uint32_t secondary_stack;	/* boot.S: the stack secondary_start takes */

static uint32_t cpu1_stack[4096] __attribute__((aligned(16)));
static struct mpic *pic;

/* Each IPI reservation's base line, the first nr_ipis of them. */
static unsigned int ipi_base[MPIC_NR_IPIS], nr_ipis;
static int wake_ipi = -1;
static unsigned long wakes[PPC_MAX_CPUS];	/* the wake IPI's per-CPU dev_id */

/* The wake IPI only ends a doze: the CPU's idle loop then finds its work. */
static irqreturn_t wake_handler(int irq, void *dev)
{
	(void)irq;
	(*(unsigned long *)dev)++;	/* this CPU's */
	return IRQ_HANDLED;
}

void ppc_wake_cpu(unsigned int cpu)
{
	if (wake_ipi >= 0)
		ipi_send_single((unsigned int)wake_ipi, cpu);
}

/* Every reservation's line of @cpu on: called on @cpu. */
static void ipi_lines_enable(unsigned int cpu)
{
	for (unsigned int k = 0; k < nr_ipis; k++)
		enable_percpu_irq((unsigned int)ipi_get_irq(ipi_base[k], cpu), IRQ_TYPE_NONE);
}

int ppc_ipi_line(struct mpic *m, irq_handler_t fn, const char *name, void *percpu_dev_id,
		 size_t stride)
{
	unsigned int nr = mpic_nr_cpus(m) < port_nr_cpus() ? mpic_nr_cpus(m) : port_nr_cpus();
	struct irq_cpumask all;
	int base;

	cpumask_clear(&all);
	for (unsigned int cpu = 0; cpu < nr; cpu++)
		cpumask_set_cpu(cpu, &all);
	base = nr_ipis < MPIC_NR_IPIS ? irq_reserve_ipi(mpic_domain(m), &all) : -ENOSPC;
	if (base < 0)
		ppc_fail("IPI reservation");
	for (unsigned int cpu = 0; cpu < nr; cpu++) {
		unsigned int irq = (unsigned int)ipi_get_irq((unsigned int)base, cpu);

		if (irq_request_percpu_stride(irq, fn, name, percpu_dev_id, stride))
			ppc_fail("IPI line");
	}
	ipi_base[nr_ipis++] = (unsigned int)base;
	/* On CPU 0 now; CPU 1 enables its lines as it comes up. */
	enable_percpu_irq((unsigned int)ipi_get_irq((unsigned int)base, port_cpu_id()),
			  IRQ_TYPE_NONE);
	return base;
}

void secondary_main(unsigned int cpu)
{
	mpic_cpu_init(pic);
	ipi_lines_enable(cpu);
	irq_cpu_set_online(cpu, true);
	port_irq_enable();
	for (;;) {
		do_softirq();
		port_irq_disable();
		ppc_idle();
	}
}

bool ppc_smp_init(struct mpic *m, unsigned int nr_cpus)
{
	uintptr_t e = SPIN_ENTRY(1);
	uint64_t end;

	pic = m;
	/* What Linux's rescheduling IPI does for an idle CPU: wake it to look. */
	wake_ipi = ppc_ipi_line(m, wake_handler, "ipi reschedule", wakes, sizeof(wakes[0]));
	if (nr_cpus < 2)
		return true;
	ppc_stacks_init(1);
	secondary_stack = (uint32_t)(uintptr_t)&cpu1_stack[4096];
	ppc_mmio_write32(e + 8, 0);				/* r3 = 1, our CPU number */
	ppc_mmio_write32(e + 12, 1);
	ppc_mmio_write32(e + 0, 0);
	ppc_mmio_write32(e + 4, (uint32_t)(uintptr_t)secondary_start);	/* release */
	end = ppc_timebase() + (uint64_t)BRINGUP_MS * (TB_HZ / 1000);
	while (!cpumask_test_cpu(1, irq_cpu_online_mask()) && ppc_timebase() < end)
		;
	return cpumask_test_cpu(1, irq_cpu_online_mask());
}

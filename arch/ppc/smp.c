// SPDX-License-Identifier: MIT
/*
 * smp.c - the second e500 core: spin-table start, its own exception and
 * MPIC set-up, its idle loop, and the IPIs between the CPUs (one of them,
 * WAKE_IPI, ends a doze).
 *
 * The spin table (ePAPR): 32 bytes per CPU, big-endian
 * { u64 entry address (1 while held), u64 r3, u32 reserved, u32 pir, u64 pad }.
 * Writing an even entry address releases the CPU: QEMU starts it there
 * with TLB1[1] mapping its 64 MiB, r3 from the table and MSR = 0.
 */
#include <genirq/hardirq.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/mpic.h>
#include <genirq/port.h>

#include "ppc.h"

#define SPIN_ENTRY(cpu)	(SPIN_EA + 0x20u * (cpu))
#define BRINGUP_MS	200

void secondary_start(void);
void secondary_main(unsigned int cpu);
uint32_t secondary_stack;	/* boot.S: the stack secondary_start takes */

static uint32_t cpu1_stack[4096] __attribute__((aligned(16)));
static struct mpic *pic;

/* The wake IPI only ends a doze: the CPU's idle loop then finds its work. */
static irqreturn_t wake_handler(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	return IRQ_HANDLED;
}

void ppc_send_ipi(unsigned int ipi, unsigned int cpu)
{
	struct cpumask m;

	cpumask_clear(&m);
	cpumask_set_cpu(cpu, &m);
	mpic_send_ipi(pic, ipi, &m);
}

void ppc_wake_cpu(unsigned int cpu)
{
	ppc_send_ipi(PPC_WAKE_IPI, cpu);
}

int ppc_ipi_line(struct mpic *m, unsigned int ipi, irq_handler_t fn, const char *name)
{
	int irq = irq_create_mapping(mpic_domain(m), mpic_ipi_hwirq(m, ipi));

	if (irq < 0 || irq_set_percpu((unsigned int)irq) ||
	    request_irq((unsigned int)irq, fn, IRQF_PERCPU | IRQF_DISABLED, name, NULL))
		ppc_fail("IPI line");
	return irq;
}

void secondary_main(unsigned int cpu)
{
	mpic_cpu_init(pic);
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
	ppc_ipi_line(m, PPC_WAKE_IPI, wake_handler, "wake");
	if (nr_cpus < 2)
		return true;
	ppc_stacks_init(1);
	secondary_stack = (uint32_t)(uintptr_t)&cpu1_stack[4096];
	mmio_write32(e + 8, 0);				/* r3 = 1, our CPU number */
	mmio_write32(e + 12, 1);
	mmio_write32(e + 0, 0);
	mmio_write32(e + 4, (uint32_t)(uintptr_t)secondary_start);	/* release */
	end = ppc_timebase() + (uint64_t)BRINGUP_MS * (TB_HZ / 1000);
	while (!cpumask_test_cpu(1, irq_cpu_online_mask()) && ppc_timebase() < end)
		;
	return cpumask_test_cpu(1, irq_cpu_online_mask());
}

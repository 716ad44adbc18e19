// SPDX-License-Identifier: MIT
/*
 * port.c - the ppc64 port kit's primitives of the genirq port contract:
 * local interrupts (MSR[EE]), the CPU number (SPRG2), the timebase as the
 * clock, and the vectors' branches to entry.S. The embedder gives the
 * rest (port_nr_cpus(), the console).
 */
#include <genirq/port.h>

#include "ppc64.h"

#define VECTOR_BA		0x48000002u	/* "ba target" */
#define BA_REACH		0x03fffffcu	/* absolute branches reach 32 MiB */

static uint64_t tb_hz = 1;	/* until the embedder says */

/* --- local interrupts: MSR[EE] (genirq_port_inline.h) --- */

unsigned long port_irq_save(void)
{
	unsigned long msr = genirq_ppc64_mfmsr();

	genirq_ppc64_mtmsr_ee(msr & ~GENIRQ_PPC64_MSR_EE);
	return msr & GENIRQ_PPC64_MSR_EE;
}

void port_irq_restore(unsigned long flags)
{
	unsigned long msr = genirq_ppc64_mfmsr();

	genirq_ppc64_mtmsr_ee((flags & GENIRQ_PPC64_MSR_EE) ? (msr | GENIRQ_PPC64_MSR_EE) : (msr & ~GENIRQ_PPC64_MSR_EE));
}

void port_irq_enable(void)
{
	port_irq_enable_fast();
}

void port_irq_disable(void)
{
	port_irq_disable_fast();
}

bool port_irqs_disabled(void)
{
	return !(genirq_ppc64_mfmsr() & GENIRQ_PPC64_MSR_EE);
}

/* --- CPUs: PIR reads 0 on every vCPU, so SPRG2 holds our number --- */

void ppc64_set_cpu_id(unsigned int cpu)
{
	__asm__ __volatile__("mtspr %0, %1" : : "i"(GENIRQ_PPC64_SPRN_SPRG2), "r"((unsigned long)cpu));
}

unsigned int port_cpu_id(void)
{
	return port_cpu_id_fast();
}

void port_cpu_relax(void)
{
	__asm__ __volatile__("or 1,1,1; or 2,2,2" ::: "memory");	/* SMT low, then medium */
}

/* --- time: the timebase --- */

void ppc64_set_timebase_hz(uint64_t hz)
{
	tb_hz = hz ? hz : 1;
}

uint64_t ppc64_timebase_hz(void)
{
	return tb_hz;
}

uint64_t port_time_ns(void)
{
	uint64_t tb = ppc64_mftb();

	return tb / tb_hz * 1000000000u + tb % tb_hz * 1000000000u / tb_hz;
}

uint64_t port_cycles(void)
{
	return ppc64_mftb();
}

void port_delay_us(unsigned long us)
{
	uint64_t end = ppc64_mftb() + tb_hz / 1000000u * us;

	while (ppc64_mftb() < end)
		port_cpu_relax();
}

/* --- the vectors: "ba stub" at each --- */

void ppc64_install_vectors(void)
{
	for (const struct ppc64_vector *v = ppc64_vectors; v->vec; v++) {
		volatile uint32_t *slot = (volatile uint32_t *)(uintptr_t)v->vec;

		*slot = VECTOR_BA | ((uint32_t)v->stub & BA_REACH);
		__asm__ __volatile__("dcbst 0,%0; sync; icbi 0,%0; isync" : : "r"(slot) : "memory");
	}
}

// SPDX-License-Identifier: MIT
/*
 * port.c - the aarch64 port kit's primitives of the genirq port contract:
 * local interrupts (PSTATE.I), the CPU number (MPIDR_EL1.Aff0), and the
 * generic timer's virtual counter as the clock. The embedder gives the
 * rest (port_nr_cpus(), the console).
 */
#include <genirq/port.h>

#include "aarch64.h"

/* --- local interrupts: PSTATE.I (genirq_port_inline.h) --- */

static inline unsigned long read_daif(void)
{
	unsigned long daif;

	__asm__ __volatile__("mrs %0, daif" : "=r"(daif));
	return daif;
}

unsigned long port_irq_save(void)
{
	unsigned long daif = read_daif();

	port_irq_disable_fast();
	return daif & GENIRQ_AARCH64_DAIF_I;
}

void port_irq_restore(unsigned long flags)
{
	if (!(flags & GENIRQ_AARCH64_DAIF_I))
		port_irq_enable_fast();
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
	return read_daif() & GENIRQ_AARCH64_DAIF_I;
}

/* --- CPUs: MPIDR_EL1.Aff0 --- */

unsigned int port_cpu_id(void)
{
	return port_cpu_id_fast();
}

void port_cpu_relax(void)
{
	__asm__ __volatile__("yield" ::: "memory");
}

/* --- time: the generic timer's virtual counter --- */

uint64_t aarch64_cntfrq(void)
{
	uint64_t f;

	__asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(f));
	return f;
}

uint64_t port_time_ns(void)
{
	uint64_t c = cntvct(), f = aarch64_cntfrq();

	return c / f * 1000000000u + c % f * 1000000000u / f;
}

uint64_t port_cycles(void)
{
	return cntvct();
}

void port_delay_us(unsigned long us)
{
	uint64_t end = cntvct() + aarch64_cntfrq() / 1000000u * us;

	while (cntvct() < end)
		port_cpu_relax();
}

// SPDX-License-Identifier: MIT
/*
 * port.c - the armv7m port kit's primitives of the genirq port contract:
 * local interrupts (BASEPRI at the kernel's level), one CPU, the idle.
 * The embedder gives the rest (its clock, the console, port_nr_cpus()).
 */
#include <genirq/port.h>

#include "armv7m.h"

static inline unsigned long read_basepri(void)
{
	unsigned long b;

	__asm__ __volatile__("mrs %0, basepri" : "=r"(b));
	return b;
}

unsigned long port_irq_save(void)
{
	unsigned long b = read_basepri();

	port_irq_disable_fast();
	return b;
}

void port_irq_restore(unsigned long flags)
{
	__asm__ __volatile__("msr basepri, %0" :: "r"(flags) : "memory");
}

void port_irq_enable(void)
{
	port_irq_enable_fast();
}

void port_irq_disable(void)
{
	port_irq_disable_fast();
}

/* Off: BASEPRI holds the kernel's level (or a stricter one). */
bool port_irqs_disabled(void)
{
	unsigned long b = read_basepri();

	return b != 0 && b <= GENIRQ_ARMV7M_BASEPRI;
}

unsigned int port_cpu_id(void)
{
	return 0;
}

void port_cpu_relax(void)
{
	__asm__ __volatile__("nop" ::: "memory");
}

/*
 * PRIMASK closes the window between the test and the wait: a line that
 * comes in between stays pending and WFI returns at once (it wakes on
 * what would preempt with PRIMASK clear); cpsie takes it.
 */
void armv7m_idle(bool (*busy)(void))
{
	__asm__ __volatile__("cpsid i" ::: "memory");
	port_irq_enable_fast();
	if (!busy || !busy())
		__asm__ __volatile__("dsb\n\twfi" ::: "memory");
	__asm__ __volatile__("cpsie i" ::: "memory");
}

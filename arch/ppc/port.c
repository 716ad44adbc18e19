// SPDX-License-Identifier: MIT
/*
 * port.c - the e500 port kit's primitives of the genirq port contract:
 * local interrupts (MSR[EE]), the CPU number (PIR), the timebase as the
 * clock, and the doze idle. The embedder gives the rest (port_nr_cpus(),
 * the console).
 */
#include <genirq/interrupt.h>
#include <genirq/port.h>

#include "ppc.h"

/* --- local interrupts: MSR[EE] --- */

unsigned long port_irq_save(void)
{
	unsigned long msr;

	__asm__ __volatile__("mfmsr %0; wrteei 0" : "=r"(msr) :: "memory");
	return msr & MSR_EE;
}

void port_irq_restore(unsigned long flags)
{
	__asm__ __volatile__("wrtee %0" :: "r"(flags) : "memory");
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
	unsigned long msr;

	__asm__ __volatile__("mfmsr %0" : "=r"(msr));
	return !(msr & MSR_EE);
}

/*
 * Doze until the next interrupt (`wait` is illegal on e500v2): MSR[WE]
 * with HID0[DOZE] halts the core; EE goes on in the same mtmsr, so an
 * interrupt already pending wakes it at once, and the exception return
 * clears WE (boot.S). Call with interrupts off; returns with them on.
 * A woken interrupt thread is found with interrupts still off and run
 * instead of the doze: the caller's loop comes back to doze after it.
 */
void ppc_idle(void)
{
	unsigned long msr;

	if (irq_threads_pending()) {
		port_irq_enable();
		irq_threads_run();
		return;
	}

	ppc_mtspr(SPRN_HID0, ppc_mfspr(SPRN_HID0) | HID0_DOZE);
	__asm__ __volatile__("mfmsr %0" : "=r"(msr));
	__asm__ __volatile__("sync; mtmsr %0; isync" :: "r"(msr | MSR_WE | MSR_EE) : "memory");
}

/* --- CPUs and time --- */

unsigned int port_cpu_id(void)
{
	return port_cpu_id_fast();
}

uint64_t ppc_timebase(void)
{
	uint32_t hi, lo, again;

	do {
		hi = ppc_mfspr(SPRN_TBU_R);
		lo = ppc_mfspr(SPRN_TBL_R);
		again = ppc_mfspr(SPRN_TBU_R);
	} while (hi != again);
	return ((uint64_t)hi << 32) | lo;
}

uint64_t port_time_ns(void)
{
	uint64_t tb = ppc_timebase();

	return tb / GENIRQ_PPC_TB_HZ * 1000000000u + tb % GENIRQ_PPC_TB_HZ * 1000000000u / GENIRQ_PPC_TB_HZ;
}

uint64_t port_cycles(void)
{
	return ppc_timebase();
}

void port_delay_us(unsigned long us)
{
	uint64_t end = ppc_timebase() + (uint64_t)us * (GENIRQ_PPC_TB_HZ / 1000000u);

	while (ppc_timebase() < end)
		;
}

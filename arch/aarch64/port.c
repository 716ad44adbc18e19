// SPDX-License-Identifier: MIT
/*
 * port.c - the aarch64 port kit's primitives of the genirq port contract:
 * local interrupts (PSTATE.I, or the GIC's priority mask for pseudo-NMIs),
 * the CPU number (MPIDR_EL1.Aff0), and the generic timer's virtual counter
 * as the clock. The embedder gives the rest (port_nr_cpus(), the console).
 */
#include <genirq/compiler.h>
#include <genirq/port.h>

#include "aarch64.h"
#include "genirq_port_inline.h"	/* the _fast forms these equal */

/*
 * --- local interrupts: PSTATE.I (genirq_port_inline.h), or by priority ---
 *
 * With priority masking on (aarch64_irq_prio_masking(), for pseudo-NMIs)
 * "off" outside exceptions is ICC_PMR_EL1 at AARCH64_PMR_IRQOFF with
 * PSTATE.I clear, so a line more urgent than the mask (an NMI) still gets
 * through; "on" is the same in both ways (PMR open, I clear), so the
 * switch needs no CPU to be anywhere. An exception entry still sets
 * PSTATE.I; the GIC's pseudo-NMI entry (gicv3_handle_pseudo_nmi()) then
 * runs an ordinary interrupt with the PMR at AARCH64_PMR_IRQOFF and I
 * clear, so an NMI can interrupt its handler, and puts back the
 * interrupted context's PMR before the exception returns (the softirqs
 * run from irq_exit() go through port_irq_enable()/port_irq_disable()
 * and leave "off" behind). The core's masking inside a handler is the
 * same (the _fast forms, genirq_port_inline.h): on opens the PMR, so a
 * handler run with interrupts on takes a more urgent ordinary interrupt
 * under pseudo-NMIs as without them; off puts the PMR back at "off".
 */
#define ICC_PMR_EL1		"S3_0_C4_C6_0"
#define PMR_FLAG_OFF		0x1UL		/* port_irq_save(): PMR was at IRQOFF */

_Static_assert(AARCH64_PMR_IRQON == GENIRQ_AARCH64_PMR_IRQON &&
	       AARCH64_PMR_IRQOFF == GENIRQ_AARCH64_PMR_IRQOFF, "one priority mask");

_Bool aarch64_irq_prio_masking_on;

static inline unsigned long read_pmr(void)
{
	unsigned long pmr;

	__asm__ __volatile__("mrs %0, " ICC_PMR_EL1 : "=r"(pmr));
	return pmr;
}


void aarch64_irq_prio_masking(bool on)
{
	__atomic_store_n(&aarch64_irq_prio_masking_on, on, __ATOMIC_RELAXED);
}

bool aarch64_irq_prio_masked(void)
{
	return aarch64_irq_masking_by_prio();
}

/*
 * Under priority masking the PMR is written only where PSTATE.I is clear:
 * with I set (an exception, or an idle's wfi) the interrupted context's
 * PMR stays as it was, whatever the code in between does.
 */
unsigned long port_irq_save(void)
{
	unsigned long daif = aarch64_irq_daif();

	if (aarch64_irq_masking_by_prio() && !(daif & GENIRQ_AARCH64_DAIF_I)) {
		if (read_pmr() == AARCH64_PMR_IRQOFF)
			return PMR_FLAG_OFF;
		aarch64_irq_pmr_write(AARCH64_PMR_IRQOFF);
		return 0;
	}
	port_irq_disable_fast();
	return daif & GENIRQ_AARCH64_DAIF_I;
}

void port_irq_restore(unsigned long flags)
{
	if (!(flags & (GENIRQ_AARCH64_DAIF_I | PMR_FLAG_OFF)))
		port_irq_enable();
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
	return (aarch64_irq_daif() & GENIRQ_AARCH64_DAIF_I) ||
	       (aarch64_irq_masking_by_prio() && read_pmr() == AARCH64_PMR_IRQOFF);
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
	uint64_t c = aarch64_cntvct(), f = aarch64_cntfrq();

	return c / f * 1000000000u + c % f * 1000000000u / f;
}

uint64_t port_cycles(void)
{
	return aarch64_cntvct();
}

void port_delay_us(unsigned long us)
{
	uint64_t end = aarch64_cntvct() + aarch64_cntfrq() / 1000000u * us;

	while (aarch64_cntvct() < end)
		port_cpu_relax();
}

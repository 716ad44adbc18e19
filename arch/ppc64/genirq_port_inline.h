/* SPDX-License-Identifier: MIT */
/*
 * genirq_port_inline.h - the pseries port's fast path (<genirq/port.h>,
 * GENIRQ_PORT_INLINE): the CPU number is in SPRG2 (PIR reads 0 on every
 * vCPU), local interrupts are MSR[EE], changed with mtmsrd L=1 (which
 * touches only EE and RI). Inlined by the core on the dispatch path and
 * used by port.c for the out-of-line forms.
 */
#ifndef GENIRQ_PPC64_PORT_INLINE_H
#define GENIRQ_PPC64_PORT_INLINE_H

#define GENIRQ_PPC64_MSR_EE		0x8000UL
#define GENIRQ_PPC64_MSR_RI		0x2UL
#define GENIRQ_PPC64_SPRN_SPRG2	274		/* our CPU number: PIR reads 0 on every vCPU */

static inline unsigned long genirq_ppc64_mfmsr(void)
{
	unsigned long msr;

	__asm__ __volatile__("mfmsr %0" : "=r"(msr));
	return msr;
}

static inline void genirq_ppc64_mtmsr_ee(unsigned long msr)
{
	__asm__ __volatile__("mtmsrd %0, 1" : : "r"(msr) : "memory");
}

static inline unsigned int port_cpu_id_fast(void)
{
	unsigned long cpu;

	__asm__ __volatile__("mfspr %0, %1" : "=r"(cpu) : "i"(GENIRQ_PPC64_SPRN_SPRG2));
	return (unsigned int)cpu;
}

static inline void port_irq_enable_fast(void)
{
	genirq_ppc64_mtmsr_ee(genirq_ppc64_mfmsr() | GENIRQ_PPC64_MSR_EE | GENIRQ_PPC64_MSR_RI);
}

static inline void port_irq_disable_fast(void)
{
	genirq_ppc64_mtmsr_ee(genirq_ppc64_mfmsr() & ~GENIRQ_PPC64_MSR_EE);
}

#endif /* GENIRQ_PPC64_PORT_INLINE_H */

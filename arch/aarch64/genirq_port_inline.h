/* SPDX-License-Identifier: MIT */
/*
 * genirq_port_inline.h - the aarch64 port's fast path (<genirq/port.h>,
 * GENIRQ_PORT_INLINE): the CPU number is MPIDR_EL1.Aff0 (QEMU's virt
 * numbers CPU n as Aff0 n in cluster 0, checked against the device tree
 * at boot), local interrupts are PSTATE.I, set and cleared with
 * daifset/daifclr. Inlined by the core on the dispatch path and used by
 * port.c for the out-of-line forms, which they equal. Under priority
 * masking (pseudo-NMIs, aarch64_irq_prio_masking()) "off" with PSTATE.I
 * clear is the GIC's priority mask at GENIRQ_AARCH64_PMR_IRQOFF, so NMIs
 * still come, and "on" opens the mask as well as clearing I: a handler
 * run with interrupts on (GENIRQ_HANDLERS_IRQS_ON) takes a more urgent
 * ordinary interrupt in either mode. The dispatch path runs under
 * PSTATE.I (an exception entry sets it), or under pseudo-NMIs with the
 * mask at "off" and I clear (the GICv3's pseudo-NMI entry).
 */
#ifndef GENIRQ_AARCH64_PORT_INLINE_H
#define GENIRQ_AARCH64_PORT_INLINE_H

#define GENIRQ_AARCH64_DAIF_I	0x80UL		/* PSTATE.I in the DAIF register */
#define GENIRQ_AARCH64_MPIDR_AFF0	0xffUL

static inline unsigned int port_cpu_id_fast(void)
{
	unsigned long mpidr;

	__asm__ __volatile__("mrs %0, mpidr_el1" : "=r"(mpidr));
	return (unsigned int)(mpidr & GENIRQ_AARCH64_MPIDR_AFF0);
}

/* The GIC CPU interface's priority mask, ICC_PMR_EL1: open, and "off". */
#define GENIRQ_AARCH64_PMR_IRQON	0xf0UL
#define GENIRQ_AARCH64_PMR_IRQOFF	0x60UL

/* Priority masking on (aarch64_irq_prio_masking()); port.c owns it. */
extern _Bool aarch64_irq_prio_masking_on;

static inline _Bool aarch64_irq_masking_by_prio(void)
{
	return __builtin_expect(__atomic_load_n(&aarch64_irq_prio_masking_on,
						__ATOMIC_RELAXED), 0);
}

/* The mask takes effect for what the CPU is signalled next (dsb). */
static inline void aarch64_irq_pmr_write(unsigned long pmr)
{
	__asm__ __volatile__("msr S3_0_C4_C6_0, %0; dsb sy" : : "r"(pmr) : "memory");
}

static inline unsigned long aarch64_irq_daif(void)
{
	unsigned long daif;

	__asm__ __volatile__("mrs %0, daif" : "=r"(daif));
	return daif;
}

static inline void port_irq_enable_fast(void)
{
	if (aarch64_irq_masking_by_prio())
		aarch64_irq_pmr_write(GENIRQ_AARCH64_PMR_IRQON);
	__asm__ __volatile__("msr daifclr, #2" ::: "memory");
}

/*
 * Under priority masking the mask is written only where PSTATE.I is
 * clear: with I set (an exception before its entry lowered it) the
 * interrupted context's mask stays as it was.
 */
static inline void port_irq_disable_fast(void)
{
	if (aarch64_irq_masking_by_prio() && !(aarch64_irq_daif() & GENIRQ_AARCH64_DAIF_I))
		aarch64_irq_pmr_write(GENIRQ_AARCH64_PMR_IRQOFF);
	else
		__asm__ __volatile__("msr daifset, #2" ::: "memory");
}

#endif /* GENIRQ_AARCH64_PORT_INLINE_H */

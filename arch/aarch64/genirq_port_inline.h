/* SPDX-License-Identifier: MIT */
/*
 * genirq_port_inline.h - the aarch64 port's fast path (<genirq/port.h>,
 * GENIRQ_PORT_INLINE): the CPU number is MPIDR_EL1.Aff0 (QEMU's virt
 * numbers CPU n as Aff0 n in cluster 0, checked against the device tree
 * at boot), local interrupts are PSTATE.I, set and cleared with
 * daifset/daifclr. Inlined by the core on the dispatch path and used by
 * port.c for the out-of-line forms. Under priority masking (pseudo-NMIs,
 * aarch64_irq_prio_masking()) the out-of-line forms mask by the GIC's
 * priority instead, outside exceptions; these stay PSTATE.I, which is
 * "off" too, NMIs included. The dispatch path runs under PSTATE.I (an
 * exception entry sets it), or under pseudo-NMIs with the GIC's priority
 * mask at "off" and I clear, where these let NMIs in or hold them back.
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

static inline void port_irq_enable_fast(void)
{
	__asm__ __volatile__("msr daifclr, #2" ::: "memory");
}

static inline void port_irq_disable_fast(void)
{
	__asm__ __volatile__("msr daifset, #2" ::: "memory");
}

#endif /* GENIRQ_AARCH64_PORT_INLINE_H */

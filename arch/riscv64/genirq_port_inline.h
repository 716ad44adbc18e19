/* SPDX-License-Identifier: MIT */
/*
 * genirq_port_inline.h - the riscv64 port's fast path (<genirq/port.h>,
 * GENIRQ_PORT_INLINE): the CPU number lives in tp (the kernel has no
 * thread-local storage, so the compiler never touches it, and every trap
 * comes from supervisor mode, so it is always ours); local interrupts
 * are sstatus.SIE, set and cleared with one csrsi/csrci.
 */
#ifndef GENIRQ_RISCV64_PORT_INLINE_H
#define GENIRQ_RISCV64_PORT_INLINE_H

#define GENIRQ_RISCV_SSTATUS_SIE	0x2UL

static inline unsigned int port_cpu_id_fast(void)
{
	unsigned long cpu;

	__asm__ __volatile__("mv %0, tp" : "=r"(cpu));
	return (unsigned int)cpu;
}

static inline void port_irq_enable_fast(void)
{
	__asm__ __volatile__("csrsi sstatus, 2" ::: "memory");
}

static inline void port_irq_disable_fast(void)
{
	__asm__ __volatile__("csrci sstatus, 2" ::: "memory");
}

#endif /* GENIRQ_RISCV64_PORT_INLINE_H */

/* SPDX-License-Identifier: MIT */
/*
 * genirq_port_inline.h - the x86 ports' fast path (<genirq/port.h>,
 * GENIRQ_PORT_INLINE): local interrupts on and off are sti and cli, which
 * the core inlines around handlers. The CPU number stays a call (x86_64
 * reads the local APIC's ID and maps it).
 */
#ifndef GENIRQ_X86_PORT_INLINE_H
#define GENIRQ_X86_PORT_INLINE_H

static inline unsigned int port_cpu_id_fast(void)
{
	return port_cpu_id();
}

static inline void port_irq_enable_fast(void)
{
	__asm__ __volatile__("sti" ::: "memory");
}

static inline void port_irq_disable_fast(void)
{
	__asm__ __volatile__("cli" ::: "memory");
}

#endif /* GENIRQ_X86_PORT_INLINE_H */

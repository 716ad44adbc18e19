/* SPDX-License-Identifier: MIT */
/*
 * genirq_port_inline.h - the e500 port's fast path (<genirq/port.h>,
 * GENIRQ_PORT_INLINE): the CPU number is PIR, local interrupts on and off
 * are wrteei; one instruction each, inlined by the core on the dispatch
 * path and used by port.c for port_cpu_id(), port_irq_enable() and
 * port_irq_disable().
 */
#ifndef GENIRQ_PPC_PORT_INLINE_H
#define GENIRQ_PPC_PORT_INLINE_H

#define GENIRQ_PPC_SPRN_PIR	286	/* processor ID */

static inline unsigned int port_cpu_id_fast(void)
{
	unsigned int pir;

	__asm__ __volatile__("mfspr %0, %1" : "=r"(pir) : "i"(GENIRQ_PPC_SPRN_PIR));
	return pir;
}

static inline void port_irq_enable_fast(void)
{
	__asm__ __volatile__("wrteei 1" ::: "memory");
}

static inline void port_irq_disable_fast(void)
{
	__asm__ __volatile__("wrteei 0" ::: "memory");
}

#endif /* GENIRQ_PPC_PORT_INLINE_H */

/* SPDX-License-Identifier: MIT */
/*
 * genirq_port_inline.h - the x86 ports' fast path (<genirq/port.h>,
 * GENIRQ_PORT_INLINE): local interrupts on and off are sti and cli; the
 * CPU number is one load from %gs:0 on x86_64, where each CPU's
 * IA32_GS_BASE points at its own number (x86_64_cpu_id_init()), and 0 on
 * the uniprocessor i386. The ports' port_cpu_id(), port_irq_enable() and
 * port_irq_disable() are these too.
 */
#ifndef GENIRQ_X86_PORT_INLINE_H
#define GENIRQ_X86_PORT_INLINE_H

static inline unsigned int port_cpu_id_fast(void)
{
#ifdef __x86_64__
	unsigned int cpu;

	__asm__ __volatile__("movl %%gs:0, %0" : "=r"(cpu));
	return cpu;
#else
	return 0;
#endif
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

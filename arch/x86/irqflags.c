// SPDX-License-Identifier: MIT
/*
 * irqflags.c - the x86 port contract's local interrupt state, for any
 * x86 kernel (i386 or x86_64; the kit's GENIRQ_PORT_x86): EFLAGS.IF
 * through pushf, cli and sti, raw (no nesting count), and the spin hint.
 */
#include <genirq/port.h>

#define EFLAGS_IF	0x200u

unsigned long port_irq_save(void)
{
	unsigned long flags;

	__asm__ __volatile__("pushf; pop %0; cli" : "=r"(flags) : : "memory");
	return flags;
}

void port_irq_restore(unsigned long flags)
{
	if (flags & EFLAGS_IF)
		__asm__ __volatile__("sti" ::: "memory");
	else
		__asm__ __volatile__("cli" ::: "memory");
}

void port_irq_enable(void)
{
	__asm__ __volatile__("sti" ::: "memory");
}

void port_irq_disable(void)
{
	__asm__ __volatile__("cli" ::: "memory");
}

bool port_irqs_disabled(void)
{
	unsigned long flags;

	__asm__ __volatile__("pushf; pop %0" : "=r"(flags));
	return !(flags & EFLAGS_IF);
}

void port_cpu_relax(void)
{
	__asm__ __volatile__("pause" ::: "memory");
}

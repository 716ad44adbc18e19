// SPDX-License-Identifier: MIT
/*
 * cpu.c - the x86 port contract pieces both ports share: local interrupt
 * state through EFLAGS.IF, relax, the exit status, the command line.
 */
#include <genirq/port.h>

#include "x86.h"

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
	port_irq_enable_fast();
}

void port_irq_disable(void)
{
	port_irq_disable_fast();
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

void x86_exit(unsigned int code)
{
	port_irq_disable();
	outl(X86_EXIT_PORT, code);
	for (;;)	/* no isa-debug-exit device: stop here */
		__asm__ __volatile__("hlt");
}

const char *x86_cmdline = "";

/* Is @word one of the blank-separated words of the command line? */
bool x86_cmdline_has(const char *word)
{
	for (const char *p = x86_cmdline; *p;) {
		size_t n = 0;

		while (*p == ' ')
			p++;
		while (p[n] && p[n] != ' ')
			n++;
		size_t i = 0;

		while (i < n && word[i] == p[i])
			i++;
		if (n && i == n && word[i] == '\0')
			return true;
		p += n;
	}
	return false;
}

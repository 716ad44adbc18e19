// SPDX-License-Identifier: MIT
/*
 * exit.c - the pc demo kernels' way out of QEMU (isa-debug-exit) and
 * their command line.
 */
#include <genirq/port.h>
#include <genirq/proc.h>

#include "pc.h"

void x86_exit(unsigned int code)
{
	port_irq_disable();
	if (code != X86_EXIT_PASS)
		x86_console_fatal();
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

/* A broken rule of the core, or the port kit's stack found overrun: the
 * report, then the failure exit. */
void port_assert_failed(const char *what, const char *file, int line)
{
	(void)file;
	(void)line;
	irq_log("CPU%u %s", port_cpu_id(), what);
	x86_exit(X86_EXIT_TRAP);
}

// SPDX-License-Identifier: MIT
/*
 * port.c - the virt demo kernel's part of the port contract (the CPU
 * count, the console, fatal reports) and its synchronous exceptions (all
 * fatal); the port kit (arch/aarch64/port.c) has the rest. Memory: the
 * core's default arena.
 */
#include <genirq/port.h>

#include "virt.h"

/* --- CPUs: the device tree's --- */

unsigned int port_nr_cpus(void)
{
	return machine.nr_cpus;
}

void port_console_write(const char *text, size_t len)
{
	console_put(text, len);
}

/* A broken rule of the core, or a port kit's stack found overrun: the
 * failure exit, with the reason. */
void port_assert_failed(const char *what, const char *file, int line)
{
	(void)file;
	(void)line;
	aarch64_fail(what);
}

/* --- exceptions other than IRQ: a register dump, then the failure exit --- */

static void dump_regs(const char *what, const struct aarch64_regs *r)
{
	console_break_lock();
	aarch64_printf("\nexception: %s on cpu %u\n", what, port_cpu_id());
	aarch64_printf("ESR %016lx ELR %016lx FAR %016lx SPSR %08lx\n", (unsigned long)r->esr,
		       (unsigned long)r->elr, (unsigned long)r->far, (unsigned long)r->spsr);
	for (unsigned int i = 0; i < 31; i += 4)
		aarch64_printf("x%-2u %016lx %016lx %016lx %016lx\n", i, (unsigned long)r->x[i],
			       (unsigned long)r->x[i + 1], (unsigned long)r->x[i + 2],
			       i + 3 < 31 ? (unsigned long)r->x[i + 3] : (unsigned long)r->sp);
}

void aarch64_sync(struct aarch64_regs *regs)
{
	dump_regs("synchronous", regs);
	aarch64_fail("unexpected exception");
}

void aarch64_bad_exception(struct aarch64_regs *regs)
{
	dump_regs("unexpected vector", regs);
	aarch64_fail("unexpected exception");
}

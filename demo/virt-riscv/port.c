// SPDX-License-Identifier: MIT
/*
 * port.c - what the riscv64 virt demo kernel gives the port kit
 * (arch/riscv64/): the machine the device tree describes, the console,
 * the failure exit for a broken rule or an overrun stack, the exception
 * report, and the C entry from boot.S.
 */
#include <genirq/port.h>

#include "virt.h"

struct riscv64_machine machine;

void port_console_write(const char *text, size_t len)
{
	console_put(text, len);
}

/* A broken rule of the core, or the kit's stack found overrun: the
 * failure exit, with the reason. */
void port_assert_failed(const char *what, const char *file, int line)
{
	(void)file;
	(void)line;
	riscv64_fail(what);
}

static void dump_regs(const struct riscv64_regs *r)
{
	riscv64_printf("\nexception scause 0x%lx on cpu %u\n", r->scause, port_cpu_id());
	riscv64_printf("sepc %016lx stval %016lx sstatus %016lx\n", r->sepc, r->stval, r->sstatus);
	for (unsigned int i = 0; i < 32; i += 4)
		riscv64_printf("x%-2u %016lx %016lx %016lx %016lx\n", i, r->x[i], r->x[i + 1],
			       r->x[i + 2], r->x[i + 3]);
}

/* An exception (entry.S saved every register): fatal. */
void riscv64_exception(struct riscv64_regs *regs)
{
	riscv64_console_break_lock();
	dump_regs(regs);
	riscv64_fail("unexpected exception");
}

/* boot.S, on the boot hart, BSS cleared, stvec set. */
void riscv64_boot(unsigned long hartid, const void *dtb);
void riscv64_boot(unsigned long hartid, const void *dtb)
{
	if (fdt_scan(dtb, hartid, &machine) < 0)
		riscv64_fail("device tree: no cpus, timebase, UART or sifive_test");
	riscv64_nr_cpus = machine.nr_cpus;
	riscv64_timebase = machine.timebase;
	riscv64_start();
}

// SPDX-License-Identifier: MIT
/*
 * port.c - the genirq port contract on QEMU's virt, and the synchronous
 * exceptions (all fatal). Memory: the core's default arena.
 */
#include <genirq/port.h>

#include "aarch64.h"

/* --- local interrupts: PSTATE.I (genirq_port_inline.h) --- */

static inline unsigned long read_daif(void)
{
	unsigned long daif;

	__asm__ __volatile__("mrs %0, daif" : "=r"(daif));
	return daif;
}

unsigned long port_irq_save(void)
{
	unsigned long daif = read_daif();

	port_irq_disable_fast();
	return daif & GENIRQ_AARCH64_DAIF_I;
}

void port_irq_restore(unsigned long flags)
{
	if (!(flags & GENIRQ_AARCH64_DAIF_I))
		port_irq_enable_fast();
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
	return read_daif() & GENIRQ_AARCH64_DAIF_I;
}

/* --- CPUs: MPIDR_EL1.Aff0 --- */

unsigned int port_cpu_id(void)
{
	return port_cpu_id_fast();
}

unsigned int port_nr_cpus(void)
{
	return machine.nr_cpus;
}

void port_cpu_relax(void)
{
	__asm__ __volatile__("yield" ::: "memory");
}

/* --- time: the generic timer's virtual counter --- */

uint64_t aarch64_cntfrq(void)
{
	uint64_t f;

	__asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(f));
	return f;
}

uint64_t port_time_ns(void)
{
	uint64_t c = cntvct(), f = aarch64_cntfrq();

	return c / f * 1000000000u + c % f * 1000000000u / f;
}

uint64_t port_cycles(void)
{
	return cntvct();
}

void port_delay_us(unsigned long us)
{
	uint64_t end = cntvct() + aarch64_cntfrq() / 1000000u * us;

	while (cntvct() < end)
		port_cpu_relax();
}

void port_console_write(const char *text, size_t len)
{
	console_put(text, len);
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

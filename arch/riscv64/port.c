// SPDX-License-Identifier: MIT
/*
 * port.c - the genirq port contract on a riscv64 supervisor-mode guest:
 * local interrupts, the CPU number, time. The kernel sets riscv64_nr_cpus
 * and riscv64_timebase at boot and provides port_console_write().
 */
#include <genirq/port.h>

#include "riscv64.h"

#define PAUSE	".word 0x0100000f"	/* Zihintpause: a hint, a nop without it */

unsigned int riscv64_nr_cpus;
uint64_t riscv64_timebase;

/* --- local interrupts: sstatus.SIE (genirq_port_inline.h) --- */

unsigned long port_irq_save(void)
{
	unsigned long old;

	__asm__ __volatile__("csrrci %0, sstatus, 2" : "=r"(old) : : "memory");
	return old & GENIRQ_RISCV_SSTATUS_SIE;
}

void port_irq_restore(unsigned long flags)
{
	if (flags & GENIRQ_RISCV_SSTATUS_SIE)
		port_irq_enable_fast();
	else
		port_irq_disable_fast();
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
	return !(riscv64_csr_read(sstatus) & GENIRQ_RISCV_SSTATUS_SIE);
}

/* --- CPUs: tp holds the CPU number (the kernel's, set at entry) --- */

unsigned int port_cpu_id(void)
{
	return port_cpu_id_fast();
}

unsigned int port_nr_cpus(void)
{
	return riscv64_nr_cpus;
}

void port_cpu_relax(void)
{
	__asm__ __volatile__(PAUSE ::: "memory");
}

/* --- time: the time CSR (riscv64_timebase Hz, 10 MHz on virt) --- */

uint64_t port_time_ns(void)
{
	uint64_t t = riscv64_rdtime();

	return t / riscv64_timebase * 1000000000u +
	       t % riscv64_timebase * 1000000000u / riscv64_timebase;
}

uint64_t port_cycles(void)
{
	return riscv64_rdtime();
}

void port_delay_us(unsigned long us)
{
	uint64_t end = riscv64_rdtime() + riscv64_timebase / 1000000u * us;

	while (riscv64_rdtime() < end)
		port_cpu_relax();
}

// SPDX-License-Identifier: MIT
/*
 * machine/port.c - the part of genirq's port contract that every RISC-V
 * kernel running in machine mode shares (an RTOS booted with -bios none,
 * such as FreeRTOS's RISC-V port): local interrupts are mstatus.MIE, the
 * CPU number is the hart id (harts 0..GENIRQ_NR_CPUS-1), time is the
 * CLINT's mtime. genirq.mk: $(GENIRQ_PORT_riscv64_machine). The kernel
 * adds port_console_write(), its threads if it has them, and the call of
 * plic_handle() from its trap handler on a machine external interrupt
 * (mcause 11), with the PLIC's machine-mode contexts (plic_contexts()).
 *
 * Settings, in the embedder's GENIRQ_CONFIG_FILE:
 *   GENIRQ_RISCV_MTIME     mtime's address (default 0x0200bff8, the CLINT
 *                          of QEMU virt and of SiFive's cores)
 *   GENIRQ_RISCV_MTIME_HZ  its rate (default 10000000, QEMU virt's)
 */
#include <genirq/config.h>
#include <genirq/port.h>

#ifndef GENIRQ_RISCV_MTIME
# define GENIRQ_RISCV_MTIME	0x0200bff8UL
#endif
#ifndef GENIRQ_RISCV_MTIME_HZ
# define GENIRQ_RISCV_MTIME_HZ	10000000u
#endif
#define MSTATUS_MIE	0x8UL
#define NS_PER_S	1000000000u

unsigned long port_irq_save(void)
{
	unsigned long old;

	__asm__ __volatile__("csrrci %0, mstatus, 8" : "=r"(old) : : "memory");
	return old & MSTATUS_MIE;
}

void port_irq_restore(unsigned long flags)
{
	if (flags & MSTATUS_MIE)
		port_irq_enable();
}

void port_irq_enable(void)
{
	__asm__ __volatile__("csrsi mstatus, 8" : : : "memory");
}

void port_irq_disable(void)
{
	__asm__ __volatile__("csrci mstatus, 8" : : : "memory");
}

bool port_irqs_disabled(void)
{
	unsigned long v;

	__asm__ __volatile__("csrr %0, mstatus" : "=r"(v));
	return !(v & MSTATUS_MIE);
}

unsigned int port_cpu_id(void)
{
	unsigned long hart;

	__asm__ __volatile__("csrr %0, mhartid" : "=r"(hart));
	return (unsigned int)hart;
}

unsigned int port_nr_cpus(void)
{
	return GENIRQ_NR_CPUS;
}

/* Whole seconds and the rest apart: no overflow for 58 years at 10 MHz. */
uint64_t port_time_ns(void)
{
	uint64_t t = *(volatile uint64_t *)GENIRQ_RISCV_MTIME;

	return t / GENIRQ_RISCV_MTIME_HZ * NS_PER_S +
	       t % GENIRQ_RISCV_MTIME_HZ * NS_PER_S / GENIRQ_RISCV_MTIME_HZ;
}

void port_cpu_relax(void)
{
	__asm__ __volatile__(".word 0x0100000f" : : : "memory");	/* Zihintpause */
}

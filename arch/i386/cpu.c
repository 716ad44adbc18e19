// SPDX-License-Identifier: MIT
/*
 * cpu.c - the i386 port's CPU pieces: the IDT over boot.S's stubs, CPU
 * exceptions (register dump, failure exit), the CPU numbers.
 */
#include <genirq/hardirq.h>
#include <genirq/chip/i8259.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "i386.h"
#include "x86.h"

#define IDT_INTERRUPT_GATE	0x8E00u	/* present, DPL0, 32-bit interrupt gate */
#define KERNEL_CS		0x08u

struct idt_gate {
	uint16_t off_lo, sel, type, off_hi;
};

extern const uint32_t i386_stubs[256];
static struct idt_gate idt[256] __attribute__((aligned(8)));

unsigned int port_cpu_id(void)
{
	return port_cpu_id_fast();	/* 0: one CPU */
}

unsigned int port_nr_cpus(void)
{
	return 1;
}

void i386_idt_init(void)
{
	struct {
		uint16_t limit;
		uint32_t base;
	} __attribute__((packed)) desc = { sizeof(idt) - 1, (uint32_t)(uintptr_t)idt };

	for (unsigned int v = 0; v < 256; v++)
		idt[v] = (struct idt_gate){
			.off_lo = (uint16_t)i386_stubs[v],
			.sel = KERNEL_CS,
			.type = IDT_INTERRUPT_GATE,
			.off_hi = (uint16_t)(i386_stubs[v] >> 16),
		};
	__asm__ __volatile__("lidt %0" : : "m"(desc));
}

/* The C entry of the 32 exception stubs (entry.S): the NMI here, every other
 * exception to the embedder's i386_exception(); interrupts go to
 * common_irq (entry.S). */
void i386_trap(struct i386_regs *regs);
void i386_trap(struct i386_regs *regs)
{
	if (regs->vector == I386_VECTOR_NMI)
		x86_nmi(regs);
	else
		i386_exception(regs);
}

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

static __attribute__((noreturn)) void exception(struct i386_regs *r)
{
	uint32_t cr2;

	__asm__ __volatile__("mov %%cr2, %0" : "=r"(cr2));
	irq_log("CPU exception %u, error %08x, at %08x:%08x, eflags %08x",
		(unsigned int)r->vector, (unsigned int)r->error, (unsigned int)r->cs,
		(unsigned int)r->eip, (unsigned int)r->eflags);
	irq_log("eax %08x ebx %08x ecx %08x edx %08x", (unsigned int)r->eax,
		(unsigned int)r->ebx, (unsigned int)r->ecx, (unsigned int)r->edx);
	irq_log("esi %08x edi %08x ebp %08x esp %08x cr2 %08x", (unsigned int)r->esi,
		(unsigned int)r->edi, (unsigned int)r->ebp,
		(unsigned int)(r->esp_at_pusha + 12), (unsigned int)cr2);
	x86_exit(X86_EXIT_TRAP);
}

/* The C entry of the 32 exception stubs (boot.S); interrupts go to
 * i386_interrupt() directly. */
void i386_trap(struct i386_regs *regs);
void i386_trap(struct i386_regs *regs)
{
	if (regs->vector == I386_VECTOR_NMI)
		x86_nmi();
	else
		exception(regs);
}

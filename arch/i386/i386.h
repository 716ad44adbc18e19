/* SPDX-License-Identifier: MIT */
/*
 * i386.h - the i386 port's own pieces: the interrupt frame and the glue
 * between the stubs (boot.S), the traps (cpu.c) and the core (irq.c).
 */
#ifndef GENIRQ_ARCH_I386_H
#define GENIRQ_ARCH_I386_H

#include <stdint.h>

/* What the stub pushed, lowest address first (see boot.S). */
struct i386_regs {
	uint32_t es, ds;
	uint32_t edi, esi, ebp, esp_at_pusha, ebx, edx, ecx, eax;
	uint32_t vector, error;
	uint32_t eip, cs, eflags;	/* pushed by the CPU */
};

#define I386_VECTOR_PIC	0x20	/* the 8259 pair: 0x20-0x2F */
#define I386_VECTOR_NMI	2

void i386_irq_init(void);
void i386_interrupt(struct i386_regs *regs);

#endif /* GENIRQ_ARCH_I386_H */

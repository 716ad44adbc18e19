/* SPDX-License-Identifier: MIT */
/*
 * i386.h - the i386 port's own pieces: the interrupt frame and the glue
 * between the stubs (boot.S), the traps (cpu.c) and the core (irq.c).
 */
#ifndef GENIRQ_ARCH_I386_H
#define GENIRQ_ARCH_I386_H

#define I386_VECTOR_PIC	0x20	/* the 8259 pair: 0x20-0x2F */
#define I386_VECTOR_NMI	2
/* Software vectors (`int $n`) an embedder may claim. */
#define I386_VECTOR_SOFT	0x30
#define I386_NR_SOFT		16u

#ifndef __ASSEMBLER__
#include <stdint.h>
#include <genirq/irq.h>
#include <genirq/compat.h>

#include "x86.h"

/* What the stub pushed, lowest address first (see boot.S). */
/* An interrupt's frame (vector 32 and up) leaves es and ds unwritten. */
struct i386_regs {
	uint32_t es, ds;
	uint32_t edi, esi, ebp, esp_at_pusha, ebx, edx, ecx, eax;
	uint32_t vector, error;
	uint32_t eip, cs, eflags;	/* pushed by the CPU */
};

/* A non-specific EOI to the master 8259. */
static inline void i386_pic_eoi(void)
{
	outb(0x20, 0x20);
}

/* Run @fn, interrupts off, for `int $vector` (a software vector; NULL:
 * none, the vector is then a stray). Return: 0, or -EINVAL. */
int i386_set_soft_vector(unsigned int vector, void (*fn)(struct i386_regs *regs));

void i386_irq_init(void);
/* Load the IDT: every vector to its stub in boot.S. */
void i386_idt_init(void);
/* The C ends of entry.S: a vector that is not the 8259's (common_irq),
 * the frame in %eax; the slow path of an 8259 line (pic_irq: a broken
 * stack guard, or nested on the hardirq stack), its number in %eax and
 * the frame in %edx. */
X86_REGPARM void i386_interrupt(struct i386_regs *regs);
X86_REGPARM void i386_irq_slow(irq_hw_number_t hw, struct i386_regs *regs);

/* The embedder's: every CPU exception but the NMI (the kit counts NMIs). */
void i386_exception(struct i386_regs *regs);

#endif /* !__ASSEMBLER__ */

#endif /* GENIRQ_ARCH_I386_H */

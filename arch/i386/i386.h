/* SPDX-License-Identifier: MIT */
/*
 * i386.h - the i386 port's own pieces: the interrupt frame and the glue
 * between the stubs (boot.S), the traps (cpu.c) and the core (irq.c).
 */
#ifndef GENIRQ_ARCH_I386_H
#define GENIRQ_ARCH_I386_H

#include <stdint.h>
#include <genirq/irq.h>

#include "x86.h"

/* What the stub pushed, lowest address first (see boot.S). */
struct i386_regs {
	uint32_t es, ds;
	uint32_t edi, esi, ebp, esp_at_pusha, ebx, edx, ecx, eax;
	uint32_t vector, error;
	uint32_t eip, cs, eflags;	/* pushed by the CPU */
};

#define I386_VECTOR_PIC	0x20	/* the 8259 pair: 0x20-0x2F */
#define I386_VECTOR_NMI	2
/* The dispatch bench's software vectors (`int $n`): genirq's, then bare. */
#define I386_VECTOR_BENCH	0x30
#define I386_VECTOR_BARE	0x31

/* A non-specific EOI to the master 8259: the bench's end of interrupt. */
static inline void i386_pic_eoi(void)
{
	outb(0x20, 0x20);
}

/* While set, I386_VECTOR_BENCH dispatches line 0 of this domain. */
extern struct irq_domain *i386_bench_domain;
extern volatile uint64_t i386_bare_tsc;

void i386_irq_init(void);
void i386_interrupt(struct i386_regs *regs);

#endif /* GENIRQ_ARCH_I386_H */

/* SPDX-License-Identifier: MIT */
/*
 * irqstack.h - what arch/x86/irqstack.c and i386's boot.S share: the
 * layout of a CPU's stacks (struct cpu_stacks), which i386's
 * x86_handle_irq() fast path reads for its one CPU (x86_cpus[0]).
 */
#ifndef GENIRQ_ARCH_X86_IRQSTACK_H
#define GENIRQ_ARCH_X86_IRQSTACK_H

#if defined(__x86_64__)
# define X86_IRQ_STACK_BYTES	8192
#else
# define X86_IRQ_STACK_BYTES	4096
#endif
#define X86_STACK_GUARD32	0x57AC6A2D	/* STACK_GUARD's low half: the word i386 compares */
/* Offsets in struct cpu_stacks: the two guard words (each stack's bottom;
 * the softirq stack below the hardirq stack), the switch target. */
#define X86_SOFTIRQ_GUARD	0
#define X86_HARDIRQ_GUARD	X86_IRQ_STACK_BYTES
#define X86_HARDIRQ_SP		(2 * X86_IRQ_STACK_BYTES)

#endif

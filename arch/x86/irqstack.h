/* SPDX-License-Identifier: MIT */
/*
 * irqstack.h - what arch/x86/irqstack.c and the ports' entry.S share:
 * the layout of a CPU's stacks (struct cpu_stacks), which i386's
 * x86_handle_irq() fast path reads for its one CPU (x86_cpus[0]) and
 * x86_64's common_irq for the CPU at %gs:0.
 */
#ifndef GENIRQ_ARCH_X86_IRQSTACK_H
#define GENIRQ_ARCH_X86_IRQSTACK_H

#if defined(__x86_64__)
# define X86_IRQ_STACK_BYTES	8192
#else
# define X86_IRQ_STACK_BYTES	4096
#endif
#define X86_STACK_GUARD32	0x57AC6A2D	/* STACK_GUARD's low half: the word i386 compares */
#define X86_STACK_GUARD64	0x57AC6A2D57AC6A2D	/* STACK_GUARD on x86_64 */
/* Offsets in struct cpu_stacks: the two guard words (each stack's bottom;
 * the softirq stack below the hardirq stack), the switch target. */
#define X86_SOFTIRQ_GUARD	0
#define X86_HARDIRQ_GUARD	X86_IRQ_STACK_BYTES
#define X86_HARDIRQ_SP		(2 * X86_IRQ_STACK_BYTES)
/* sizeof(struct cpu_stacks) on x86_64: x86_cpus[] is indexed by it. */
#define X86_CPU_STACKS_BYTES	(2 * X86_IRQ_STACK_BYTES + 32)

#endif

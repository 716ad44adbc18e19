/* SPDX-License-Identifier: MIT */
/*
 * asm.h - constants shared by entry.S and C: the hardirq and softirq
 * stacks and the per-CPU state the trap entry reads (struct
 * riscv64_irq_cpu in irq.c, which sscratch points at).
 */
#ifndef RISCV64_ASM_H
#define RISCV64_ASM_H

/* The supervisor interrupt causes (scause without its top bit). */
#define IRQ_S_SOFT		1	/* the IPI: SBI sets sip.SSIP */
#define IRQ_S_TIMER		5
#define IRQ_S_EXT		9	/* PLIC, APLIC direct or IMSIC */
#define IRQ_CAUSES		10	/* 0-9 */

/* Hart ids the demo kernel's boot.S keeps a stray hart's slot for. */
#define RISCV64_STRAY_HARTS	64

#define IRQ_STACK_BYTES		16384
#define GUARD_WORDS		8	/* the bottom words of each stack hold the guard */
#define GUARD_TOP		(8 * (GUARD_WORDS - 1))	/* the first an overflow reaches */
#define IRQ_CPU_SWITCH_TO	0
#define IRQ_CPU_BOTTOM		8
#define IRQ_CPU_GUARD		16
#define IRQ_CPU_CAUSE		32	/* IRQ_CAUSES pairs of fn, arg */

#endif

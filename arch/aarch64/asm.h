/* SPDX-License-Identifier: MIT */
/*
 * asm.h - the aarch64 port kit's constants shared by entry.S and C: the
 * exception frame and the per-CPU interrupt stacks.
 */
#ifndef GENIRQ_AARCH64_ASM_H
#define GENIRQ_AARCH64_ASM_H

#define FRAME_BYTES		(16 * 18)	/* x0-x30, sp, elr, spsr, esr, far */
#define DAIF_I			2		/* daifset/daifclr immediate */
/* Each CPU's hardirq and softirq stacks (irqstack.c): the bottom
 * GUARD_WORDS words hold STACK_GUARD. */
#define IRQ_STACK_BYTES		16384
#define STACK_GUARD		0x5a5aa5a5deadbeef
#define GUARD_WORDS		8
#define GUARD_TOP		(8 * (GUARD_WORDS - 1))	/* the first word an overflow reaches */
/* struct aarch64_irq_cpu, which TPIDR_EL1 points at */
#define IRQ_CPU_SWITCH_TO	0
#define IRQ_CPU_BOTTOM		8
#define IRQ_CPU_HANDLE		16	/* and its argument at 24 */

#ifdef __ASSEMBLER__
/* An address PC-relative, anywhere in +-4 GiB. */
.macro	adr_l, reg, sym
	adrp	\reg, \sym
	add	\reg, \reg, :lo12:\sym
.endm
#endif

#endif

/* SPDX-License-Identifier: MIT */
/*
 * asm.h - constants shared by boot.S and C (the frame layout).
 */
#ifndef AARCH64_ASM_H
#define AARCH64_ASM_H

#define FRAME_BYTES		(16 * 18)	/* x0-x30, sp, elr, spsr, esr, far */
#define BOOT_STACK_BYTES	16384
#define CURRENTEL_EL2		(2 << 2)
#define HCR_RW			(1 << 31)	/* EL1 is AArch64 */
#define CNTHCTL_EL1PCTEN	(1 << 0)	/* EL1 may read the physical counter */
#define CNTHCTL_EL1PCEN		(1 << 1)	/* ... and use the physical timer */
#define SPSR_EL1H_MASKED	0x3c5		/* EL1h, D A I F masked */
/* RES1 bits (29, 28, 23, 22, 20, 11) only: MMU, caches, alignment checks off. */
#define SCTLR_EL1_BOOT		0x30d00800
#define DAIF_I			2		/* daifset/daifclr immediate */
#define SEMIHOST_SYS_EXIT	0x18
#define SEMIHOST_HLT		0xf000
/* Each CPU's hardirq and softirq stacks (arch/aarch64/irq.c): the bottom
 * GUARD_WORDS words hold STACK_GUARD. */
#define IRQ_STACK_BYTES		16384
#define STACK_GUARD		0x5a5aa5a5deadbeef
#define GUARD_WORDS		8
#define GUARD_TOP		(8 * (GUARD_WORDS - 1))	/* the first word an overflow reaches */
/* struct aarch64_irq_cpu, which TPIDR_EL1 points at */
#define IRQ_CPU_SWITCH_TO	0
#define IRQ_CPU_BOTTOM		8
#define IRQ_CPU_HANDLE		16	/* and the GIC, its argument, at 24 */

#ifdef __ASSEMBLER__
/* An address PC-relative, anywhere in +-4 GiB. */
.macro	adr_l, reg, sym
	adrp	\reg, \sym
	add	\reg, \reg, :lo12:\sym
.endm
#endif

#endif

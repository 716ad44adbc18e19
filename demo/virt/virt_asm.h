/* SPDX-License-Identifier: MIT */
/*
 * virt_asm.h - the virt demo kernel's boot constants (boot.S).
 */
#ifndef GENIRQ_DEMO_VIRT_ASM_H
#define GENIRQ_DEMO_VIRT_ASM_H

#define BOOT_STACK_BYTES	16384
#define CURRENTEL_EL2		(2 << 2)
#define HCR_RW			(1 << 31)	/* EL1 is AArch64 */
#define CNTHCTL_EL1PCTEN	(1 << 0)	/* EL1 may read the physical counter */
#define CNTHCTL_EL1PCEN		(1 << 1)	/* ... and use the physical timer */
#define SPSR_EL1H_MASKED	0x3c5		/* EL1h, D A I F masked */
/* RES1 bits (29, 28, 23, 22, 20, 11) only: MMU, caches, alignment checks off. */
#define SCTLR_EL1_BOOT		0x30d00800
#define SEMIHOST_SYS_EXIT	0x18
#define SEMIHOST_HLT		0xf000

#endif

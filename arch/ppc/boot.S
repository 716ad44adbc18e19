/* SPDX-License-Identifier: MIT */
/*
 * boot.S - e500v2 (ppce500) entry, MMU set-up, Book-E exception stubs.
 *
 * QEMU enters _start with the MMU on through TLB1[0] (EA 0 -> PA 0,
 * 64 MiB), MSR = 0, r3 = the device tree. A spin-table secondary enters
 * secondary_start through TLB1[1] with r3 = its CPU number (our choice).
 * Both map the CCSR (above 4 GiB: MAS7) and the PCI window themselves in
 * TLB1 entries 4 and up, never 0 or 1 (their boot mappings).
 *
 * Every exception vector is a 16-byte stub that opens a frame on the
 * current stack and jumps to exc_common, which saves the registers as a
 * struct ppc_regs (ppc.h) and calls ppc_exception(regs). Only external
 * interrupts return; the rest end the run after a register dump.
 */
#include "ppc_asm.h"

	.section .text.vectors, "ax"
	.balign	0x10000			/* IVPR keeps only the upper 16 bits */
	.globl	ivpr_base
ivpr_base:
.macro	EXC_STUB n
	.balign	16
exc_stub_\n:
	stwu	r1, -FRAME_SIZE(r1)
	stw	r3, REG_GPR(3)(r1)
	li	r3, \n
	b	exc_common
.endm
	EXC_STUB 0
	EXC_STUB 1
	EXC_STUB 2
	EXC_STUB 3
	EXC_STUB 4
	EXC_STUB 5
	EXC_STUB 6
	EXC_STUB 7
	EXC_STUB 8
	EXC_STUB 9
	EXC_STUB 10
	EXC_STUB 11
	EXC_STUB 12
	EXC_STUB 13
	EXC_STUB 14
	EXC_STUB 15
	EXC_STUB 32
	EXC_STUB 33
	EXC_STUB 34
	EXC_STUB 35

exc_common:
	stw	r0, REG_GPR(0)(r1)
	addi	r0, r1, FRAME_SIZE
	stw	r0, REG_GPR(1)(r1)
	stw	r2, REG_GPR(2)(r1)
	stmw	r4, REG_GPR(4)(r1)
	stw	r3, REG_KIND(r1)
	mfcr	r0
	stw	r0, REG_CR(r1)
	mflr	r0
	stw	r0, REG_LR(r1)
	mfctr	r0
	stw	r0, REG_CTR(r1)
	mfxer	r0
	stw	r0, REG_XER(r1)
	mfsrr0	r0
	stw	r0, REG_SRR0(r1)
	mfsrr1	r0
	stw	r0, REG_SRR1(r1)
	mr	r3, r1
	bl	ppc_exception
	lwz	r0, REG_CR(r1)
	mtcr	r0
	lwz	r0, REG_LR(r1)
	mtlr	r0
	lwz	r0, REG_CTR(r1)
	mtctr	r0
	lwz	r0, REG_XER(r1)
	mtxer	r0
	lwz	r0, REG_SRR0(r1)
	mtsrr0	r0
	lwz	r0, REG_SRR1(r1)
	rlwinm	r0, r0, 0, ~MSR_WE	/* an interrupt ends the doze of ppc_idle() */
	mtsrr1	r0
	lwz	r0, REG_GPR(0)(r1)
	lwz	r2, REG_GPR(2)(r1)
	lmw	r3, REG_GPR(3)(r1)
	addi	r1, r1, FRAME_SIZE
	rfi

/* Point IVOR n at its stub. Clobbers r4. */
.macro	SET_IVOR n, spr
	li	r4, exc_stub_\n - ivpr_base
	mtspr	\spr, r4
.endm

/* Write one TLB1 entry. Clobbers r4. */
.macro	TLB1_WRITE mas0, mas1, mas2, mas3, mas7
	LOAD32(r4, \mas0)
	mtspr	SPRN_MAS0, r4
	LOAD32(r4, \mas1)
	mtspr	SPRN_MAS1, r4
	LOAD32(r4, \mas2)
	mtspr	SPRN_MAS2, r4
	LOAD32(r4, \mas3)
	mtspr	SPRN_MAS3, r4
	LOAD32(r4, \mas7)
	mtspr	SPRN_MAS7, r4
	isync
	tlbwe
	isync
.endm

	.text
/* Per-CPU MMU and vector set-up, shared by both entries. Clobbers r4. */
cpu_setup:
	/* CCSR: EA 0xE000_0000 -> PA 0xF_E000_0000, 1 MiB, I|G. */
	TLB1_WRITE 0x10040000, 0xC0000500, CCSR_EA | 0xA, CCSR_EA | 0x15, 0xF
	/* Spin table: EA 0xEF00_0000 -> PA 0xF_EF00_0000, 4 KiB, I|G. */
	TLB1_WRITE 0x10050000, 0xC0000100, SPIN_EA | 0xA, SPIN_EA | 0x15, 0xF
	/* PCI memory: EA 0xC000_0000 -> PA 0xC_0000_0000, 16 MiB, I|G. */
	TLB1_WRITE 0x10060000, 0xC0000700, PCI_EA | 0xA, 0x15, 0xC
	/* PCI I/O: EA 0xE100_0000 -> PA 0xF_E100_0000, 64 KiB, I|G. */
	TLB1_WRITE 0x10070000, 0xC0000300, PCIIO_EA | 0xA, PCIIO_EA | 0x15, 0xF
	LOAD32(r4, ivpr_base)
	mtspr	SPRN_IVPR, r4
	SET_IVOR 0, 400
	SET_IVOR 1, 401
	SET_IVOR 2, 402
	SET_IVOR 3, 403
	SET_IVOR 4, 404
	SET_IVOR 5, 405
	SET_IVOR 6, 406
	SET_IVOR 7, 407
	SET_IVOR 8, 408
	SET_IVOR 9, 409
	SET_IVOR 10, 410
	SET_IVOR 11, 411
	SET_IVOR 12, 412
	SET_IVOR 13, 413
	SET_IVOR 14, 414
	SET_IVOR 15, 415
	SET_IVOR 32, 528
	SET_IVOR 33, 529
	SET_IVOR 34, 530
	SET_IVOR 35, 531
	li	r4, MSR_ME		/* machine checks on, interrupts off */
	mtmsr	r4
	isync
	blr

	.section .text.start, "ax"
	.globl	_start
_start:
	mr	r31, r3			/* device tree */
	bl	cpu_setup
	/* Clear .bss before any C runs. */
	LOAD32(r4, __bss_start)
	LOAD32(r5, __bss_end)
	li	r0, 0
1:	cmplw	r4, r5
	bge	2f
	stw	r0, 0(r4)
	addi	r4, r4, 4
	b	1b
2:	LOAD32(r1, boot_stack_top)
	li	r0, 0
	stwu	r0, -16(r1)
	mr	r3, r31
	bl	kernel_main
3:	b	3b

/* Secondary CPU: r3 = its number; its stack top is secondary_stack. */
	.globl	secondary_start
secondary_start:
	mr	r31, r3
	bl	cpu_setup
	LOAD32(r4, secondary_stack)
	lwz	r1, 0(r4)
	li	r0, 0
	stwu	r0, -16(r1)
	mr	r3, r31
	bl	secondary_main
4:	b	4b

/*
 * void ppc_call_on_stack(void *arg, void (*fn)(void *), void *top)
 * Run fn(arg) with r1 at @top (16-byte aligned), then come back.
 */
	.text
	.globl	ppc_call_on_stack
ppc_call_on_stack:
	mflr	r0
	stw	r0, 4(r1)
	stwu	r1, -16(r5)		/* back chain to the old stack */
	mr	r1, r5
	mtctr	r4
	bctrl
	lwz	r1, 0(r1)
	lwz	r0, 4(r1)
	mtlr	r0
	blr
	.section .note.GNU-stack, "", @progbits

	.section .bss
	.balign	16
boot_stack:
	.space	16384
boot_stack_top:

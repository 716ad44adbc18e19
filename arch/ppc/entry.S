/* SPDX-License-Identifier: MIT */
/*
 * entry.S - the e500 (Book-E) port kit's exception entry: a 16-byte stub
 * per vector that opens a frame on the current stack and jumps to
 * exc_common, which saves the registers as a struct ppc_regs (ppc.h).
 * External interrupts go to ppc_irq_entry() (irqstack.c: the hardirq
 * stack, the handler the embedder set); every other vector to the
 * embedder's ppc_exception(regs), which may return. ppc_vectors_init()
 * points IVPR and the IVORs at the stubs.
 *
 * The stubs' section, .text.vectors, must be 64 KiB aligned (IVPR keeps
 * only the upper 16 bits): the embedder's linker script places it.
 */
#include "ppc_asm.h"

#define EXC_EXTERNAL	4

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
	lwz	r0, REG_KIND(r1)
	cmpwi	r0, EXC_EXTERNAL
	bne	1f
	bl	ppc_irq_entry
	b	2f
1:	bl	ppc_exception
2:
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

	.text
/* void ppc_vectors_init(void): IVPR and every IVOR at the stubs, this CPU. */
	.globl	ppc_vectors_init
ppc_vectors_init:
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
	blr

	.section .note.GNU-stack, "", @progbits

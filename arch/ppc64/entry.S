/* SPDX-License-Identifier: MIT */
/*
 * entry.S - the ppc64 (big-endian ELFv1) port kit's exception entry:
 * a stub per vector that makes a frame below the interrupted r1 (past
 * its red zone) and jumps to exc_common, which saves the registers as a
 * struct ppc64_regs (ppc64.h). External interrupts (0x500) go to
 * ppc64_do_irq() (irqstack.c: the hardirq stack, the embedder's
 * handler); every other vector to the embedder's ppc64_trap(regs), which
 * may return (the frame is restored). ppc64_vectors lists each vector
 * with its stub for ppc64_install_vectors(); ppc64_call_on_stack() runs
 * a function on another stack.
 */
#include "asm.h"

/*
 * void ppc64_call_on_stack(void (*fn)(void *), void *arg, void *top):
 * call @fn(@arg) with r1 just below @top, then come back to this stack.
 * The new frame's back chain points at the old stack, so a register
 * dump or a debugger can still walk it.
 */
FUNC(ppc64_call_on_stack)
	mflr	r0
	std	r0, 16(r1)
	addi	r5, r5, -STACK_FRAME_MIN
	clrrdi	r5, r5, 4
	std	r1, 0(r5)
	mr	r1, r5
	ld	r0, 0(r3)		/* @fn is a function descriptor */
	ld	r2, 8(r3)
	mtctr	r0
	mr	r3, r4
	bctrl
	LOAD64(r2, .TOC.)
	ld	r1, 0(r1)
	ld	r0, 16(r1)
	mtlr	r0
	blr
ENDFUNC(ppc64_call_on_stack)

/*
 * Exception stubs. Each vector holds "ba stub" (written by C once the
 * firmware is done). A stub makes a frame below the interrupted r1,
 * past its 288-byte red zone, and passes its vector to the common code.
 */
#define STUB(vec)				\
	.globl	exc_stub_##vec;			\
exc_stub_##vec:					\
	stdu	r1, -EXC_FRAME(r1);		\
	std	r3, REGS + 3*8(r1);		\
	li	r3, vec;			\
	b	exc_common

	.text
	.align	3
	STUB(0x100)
	STUB(0x200)
	STUB(0x300)
	STUB(0x380)
	STUB(0x400)
	STUB(0x480)
	STUB(0x500)
	STUB(0x600)
	STUB(0x700)
	STUB(0x800)
	STUB(0x900)
	STUB(0x980)
	STUB(0xa00)
	STUB(0xb00)
	STUB(0xc00)
	STUB(0xd00)
	STUB(0xe00)
	STUB(0xe20)
	STUB(0xe40)
	STUB(0xe60)
	STUB(0xe80)
	STUB(0xea0)
	STUB(0xf00)
	STUB(0xf20)
	STUB(0xf40)
	STUB(0xf60)

exc_common:
	std	r0, REGS + 0*8(r1)
	addi	r0, r1, EXC_FRAME
	std	r0, REGS + 1*8(r1)
	std	r2, REGS + 2*8(r1)
	GPRS	std, 4, 31, r1, REGS
	mfsrr0	r4
	std	r4, REGS + R_NIP(r1)
	mfsrr1	r4
	std	r4, REGS + R_MSR(r1)
	mfctr	r4
	std	r4, REGS + R_CTR(r1)
	mflr	r4
	std	r4, REGS + R_LR(r1)
	mfxer	r4
	std	r4, REGS + R_XER(r1)
	mfcr	r4
	std	r4, REGS + R_CCR(r1)
	std	r3, REGS + R_TRAP(r1)
	mfdar	r4
	std	r4, REGS + R_DAR(r1)
	mfdsisr	r4
	std	r4, REGS + R_DSISR(r1)
	LOAD64(r2, .TOC.)
	addi	r3, r1, REGS
	ld	r4, REGS + R_TRAP(r1)
	cmpdi	r4, 0x500
	bne	1f
	bl	ppc64_do_irq
	nop
	b	2f
1:	bl	ppc64_trap
	nop
2:
	/* Back with MSR[EE] off: SRR0/1 are ours until rfid. */
	ld	r4, REGS + R_NIP(r1)
	mtsrr0	r4
	ld	r4, REGS + R_MSR(r1)
	mtsrr1	r4
	ld	r4, REGS + R_CTR(r1)
	mtctr	r4
	ld	r4, REGS + R_LR(r1)
	mtlr	r4
	ld	r4, REGS + R_XER(r1)
	mtxer	r4
	ld	r4, REGS + R_CCR(r1)
	mtcr	r4
	ld	r0, REGS + 0*8(r1)
	GPRS	ld, 2, 31, r1, REGS
	ld	r1, REGS + 1*8(r1)
	rfid

/* The vectors and their stubs, for ppc64_install_vectors(). */
	.section .rodata
	.align	3
	.globl	ppc64_vectors
ppc64_vectors:
#define V(vec)	.quad vec, exc_stub_##vec
	V(0x100); V(0x200); V(0x300); V(0x380); V(0x400); V(0x480)
	V(0x500); V(0x600); V(0x700); V(0x800); V(0x900); V(0x980)
	V(0xa00); V(0xb00); V(0xc00); V(0xd00); V(0xe00); V(0xe20)
	V(0xe40); V(0xe60); V(0xe80); V(0xea0); V(0xf00); V(0xf20)
	V(0xf40); V(0xf60)
	.quad	0, 0


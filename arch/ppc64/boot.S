/* SPDX-License-Identifier: MIT */
/*
 * boot.S - ppc64 (big-endian ELFv1) entry, Open Firmware client calls,
 * exception stubs, and the stack switch.
 *
 * SLOF and VOF both enter at the first byte of the image, in 32-bit
 * real mode, with r5 = the client-interface entry. We switch to 64-bit
 * mode, take our own stack and TOC, clear BSS and call ppc64_start().
 */
#include "asm.h"

	.section .text.head, "ax"
	.globl	_start
_start:
	mfmsr	r11
	li	r12, 1
	rldicr	r12, r12, 63, 0		/* MSR[SF] */
	or	r11, r11, r12
	ori	r11, r11, MSR_ME	/* machine checks as exceptions, not checkstop */
	mtmsrd	r11
	isync
	mr	r31, r5			/* client-interface entry */
	LOAD64(r1, boot_stack_top)
	li	r0, 0
	stdu	r0, -STACK_FRAME_MIN(r1)
	LOAD64(r2, .TOC.)
	LOAD64(r3, __bss_start)
	LOAD64(r4, __bss_end)
1:	cmpld	r3, r4
	bge	2f
	std	r0, 0(r3)
	addi	r3, r3, 8
	b	1b
2:	mr	r3, r31
	bl	ppc64_start
	nop
3:	b	3b

/*
 * Secondary CPUs (RTAS start-cpu): 64-bit, big-endian, r1 = 0, r3 = the
 * stack top we passed. ppc64_secondary_start() never returns.
 */
	.text
	.globl	ppc64_secondary_entry
ppc64_secondary_entry:
	mfmsr	r11
	ori	r11, r11, MSR_ME
	mtmsrd	r11
	isync
	mr	r1, r3
	li	r0, 0
	stdu	r0, -STACK_FRAME_MIN(r1)
	LOAD64(r2, .TOC.)
	bl	ppc64_secondary_start
	nop
1:	b	1b

/*
 * long ppc64_prom_call(void *args, unsigned long entry): one call into
 * the Open Firmware client interface, which runs in 32-bit mode and may
 * use any non-volatile register, so all of them are saved.
 */
FUNC(ppc64_prom_call)
	mflr	r0
	std	r0, 16(r1)
	stdu	r1, -PROM_FRAME(r1)
	std	r2, 112(r1)
	GPRS	std, 13, 31, r1, 120 - 13 * 8
	mfmsr	r11
	std	r11, 272(r1)
	mtctr	r4
	li	r12, 1
	rldicr	r12, r12, 63, 0
	andc	r11, r11, r12		/* 32-bit mode for the firmware */
	mtmsrd	r11
	isync
	bctrl
	rldicl	r1, r1, 0, 32		/* the firmware may leave junk on top */
	ld	r11, 272(r1)
	mtmsrd	r11
	isync
	ld	r2, 112(r1)
	GPRS	ld, 13, 31, r1, 120 - 13 * 8
	addi	r1, r1, PROM_FRAME
	ld	r0, 16(r1)
	mtlr	r0
	extsw	r3, r3
	blr
ENDFUNC(ppc64_prom_call)

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
	bl	ppc64_trap
	nop
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

	.bss
	.align	4
boot_stack:
	.space	BOOT_STACK_BYTES
	.globl	boot_stack_top
boot_stack_top:

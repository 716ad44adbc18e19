/* SPDX-License-Identifier: MIT */
/*
 * boot.S - the pseries demo kernel's start on ppc64 (big-endian ELFv1):
 * the boot and secondary entries, Open Firmware client calls. The
 * exception stubs and the stack switch are the port kit's
 * (arch/ppc64/entry.S).
 *
 * SLOF and VOF both enter at the first byte of the image, in 32-bit
 * real mode, with r5 = the client-interface entry. We switch to 64-bit
 * mode, take our own stack and TOC, clear BSS and call ppc64_start().
 */
#include "asm.h"
#include "pseries_asm.h"

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

	.bss
	.align	4
boot_stack:
	.space	BOOT_STACK_BYTES
	.globl	boot_stack_top
boot_stack_top:

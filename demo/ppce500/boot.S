/* SPDX-License-Identifier: MIT */
/*
 * boot.S - the ppce500 demo kernel's start on e500v2: MMU set-up, the
 * boot and secondary entries (the exception stubs are the port kit's,
 * arch/ppc/entry.S).
 *
 * QEMU enters _start with the MMU on through TLB1[0] (EA 0 -> PA 0,
 * 64 MiB), MSR = 0, r3 = the device tree. A spin-table secondary enters
 * secondary_start through TLB1[1] with r3 = its CPU number (our choice).
 * Both map the CCSR (above 4 GiB: MAS7) and the PCI window themselves in
 * TLB1 entries 4 and up, never 0 or 1 (their boot mappings).
 */
#include "ppc_asm.h"
#include "ppce500_asm.h"

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
/* Per-CPU MMU and vector set-up, shared by both entries. Clobbers r4, r5. */
cpu_setup:
	/* CCSR: EA 0xE000_0000 -> PA 0xF_E000_0000, 1 MiB, I|G. */
	TLB1_WRITE 0x10040000, 0xC0000500, CCSR_EA | 0xA, CCSR_EA | 0x15, 0xF
	/* Spin table: EA 0xEF00_0000 -> PA 0xF_EF00_0000, 4 KiB, I|G. */
	TLB1_WRITE 0x10050000, 0xC0000100, SPIN_EA | 0xA, SPIN_EA | 0x15, 0xF
	/* PCI memory: EA 0xC000_0000 -> PA 0xC_0000_0000, 16 MiB, I|G. */
	TLB1_WRITE 0x10060000, 0xC0000700, PCI_EA | 0xA, 0x15, 0xC
	/* PCI I/O: EA 0xE100_0000 -> PA 0xF_E100_0000, 64 KiB, I|G. */
	TLB1_WRITE 0x10070000, 0xC0000300, PCIIO_EA | 0xA, PCIIO_EA | 0x15, 0xF
	mflr	r5
	bl	ppc_vectors_init
	mtlr	r5
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

	.section .note.GNU-stack, "", @progbits

	.section .bss
	.balign	16
boot_stack:
	.space	16384
boot_stack_top:

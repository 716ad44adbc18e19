/* SPDX-License-Identifier: MIT */
/*
 * boot.S - the virt demo kernel's start on aarch64 (boot and secondary
 * CPUs), its PSCI and semihosting calls. The exception vectors and the
 * IRQ stack switch are the port kit's (arch/aarch64/entry.S).
 *
 * QEMU's virt starts a bare ELF at _start at EL1 (EL2 with
 * virtualization=on, which we leave at once), MMU and caches off, every
 * exception masked. PSCI CPU_ON starts a secondary at
 * aarch64_secondary_entry at EL1 with x0 = the stack top we passed.
 */
#include "asm.h"
#include "virt_asm.h"

	.section .text.head, "ax"
	.globl	_start
_start:
	mov	x19, x0				/* a device tree, if a loader passed one */
	mrs	x20, CurrentEL			/* where the loader started us, for the record */
	bl	to_el1
	adr_l	x1, boot_stack_top
	mov	sp, x1
	adr_l	x1, __bss_start
	adr_l	x2, __bss_end
1:	cmp	x1, x2
	b.hs	2f
	str	xzr, [x1], #8
	b	1b
2:	bl	cpu_setup
	mov	x0, x19
	lsr	x1, x20, #2
	bl	aarch64_start
3:	wfe
	b	3b

	.text
	.globl	aarch64_secondary_entry
aarch64_secondary_entry:
	mov	x19, x0
	bl	to_el1
	mov	sp, x19
	bl	cpu_setup
	bl	aarch64_secondary_start
1:	wfe
	b	1b

/* Leave EL2 for EL1 (AArch64, SP_EL1, DAIF masked) if we are at EL2. */
to_el1:
	mrs	x9, CurrentEL
	cmp	x9, #CURRENTEL_EL2
	b.ne	1f
	mov	x9, #HCR_RW
	msr	hcr_el2, x9
	mov	x9, #(CNTHCTL_EL1PCTEN | CNTHCTL_EL1PCEN)
	msr	cnthctl_el2, x9
	msr	cntvoff_el2, xzr
	mov	x9, #SPSR_EL1H_MASKED
	msr	spsr_el2, x9
	msr	elr_el2, x30
	eret
1:	ret

/* Vectors, no MMU (alignment checks off: the compiler is told to stay
 * aligned), interrupts masked until C turns them on. */
cpu_setup:
	adr_l	x9, aarch64_vectors
	msr	vbar_el1, x9
	ldr	x9, =SCTLR_EL1_BOOT
	msr	sctlr_el1, x9
	isb
	ret

/* unsigned long aarch64_psci(fn, a1, a2, a3, use_smc): one PSCI call. */
	.globl	aarch64_psci
aarch64_psci:
	cbnz	x4, 1f
	hvc	#0
	ret
1:	smc	#0
	ret

/* void aarch64_semihost_exit(const uint64_t block[2]): SYS_EXIT. */
	.globl	aarch64_semihost_exit
aarch64_semihost_exit:
	mov	x1, x0
	mov	w0, #SEMIHOST_SYS_EXIT
	hlt	#SEMIHOST_HLT
1:	b	1b

	.bss
	.balign	16
boot_stack:
	.skip	BOOT_STACK_BYTES
boot_stack_top:

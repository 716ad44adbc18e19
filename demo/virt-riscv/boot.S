/* SPDX-License-Identifier: MIT */
/*
 * boot.S - the riscv64 demo kernel's entry from OpenSBI, on the boot hart
 * and on the others (the trap entry: arch/riscv64/entry.S).
 *
 * OpenSBI enters at the first byte of the image in S-mode with a0 = the
 * boot hart's id and a1 = the device tree; the other harts come through
 * riscv64_secondary_entry when SBI HSM hart_start names it, with a0 =
 * their hart id and a1 = the CPU number we gave them. tp holds the CPU
 * number from then on.
 */
#include "asm.h"

#define BOOT_STACK	16384

	.section .text.head, "ax"
	.globl	_start
_start:
	csrw	sie, zero
	/*
	 * One hart boots. OpenSBI has been seen to send a second hart here
	 * while the first ran (under a loaded host): it must not clear BSS
	 * under the boot hart. It waits, touching only .data, until
	 * riscv64_start_secondaries() gives it a CPU number in its slot of
	 * riscv64_stray_cpu[], then comes up as that CPU.
	 */
	lla	t0, riscv64_boot_claim
	li	t1, 1
	amoswap.w.aq t1, t1, (t0)
	bnez	t1, stray
	mv	s0, a0
	mv	s1, a1
	lla	sp, boot_stack + BOOT_STACK
	li	tp, 0
	lla	t0, __bss_start
	lla	t1, __bss_end
1:	bgeu	t0, t1, 2f
	sd	zero, 0(t0)
	addi	t0, t0, 8
	j	1b
2:	la	t0, riscv64_trap_entry
	csrw	stvec, t0
	mv	a0, s0
	mv	a1, s1
	call	riscv64_boot
3:	wfi
	j	3b

/* A hart that came to _start after the boot hart: a0 = its hart id. */
stray:
	li	t0, RISCV64_STRAY_HARTS
	bgeu	a0, t0, 2f		/* no slot: it stays parked */
	lla	t0, riscv64_stray_cpu
	slli	t1, a0, 2
	add	t0, t0, t1
1:	lw	a1, 0(t0)
	beqz	a1, 1b
	fence	r, rw			/* its stack pointer was set before */
	j	riscv64_secondary_entry
2:	wfi
	j	2b

	.text
	.globl	riscv64_secondary_entry
	.align	2
riscv64_secondary_entry:
	csrw	sie, zero
	lla	t0, riscv64_trap_entry
	csrw	stvec, t0
	mv	tp, a1
	lla	t0, riscv64_secondary_sp
	slli	t1, a1, 3
	add	t0, t0, t1
	ld	sp, 0(t0)
	call	riscv64_secondary_start
1:	wfi
	j	1b

	.bss
	.align	4
boot_stack:
	.skip	BOOT_STACK

	/* In .data, not BSS: the boot hart clears BSS while a stray hart waits. */
	.data
	.align	2
riscv64_boot_claim:
	.word	0
	.globl	riscv64_stray_cpu
riscv64_stray_cpu:
	.zero	4 * RISCV64_STRAY_HARTS

/* SPDX-License-Identifier: MIT */
/*
 * entry.S - the riscv64 supervisor-mode trap entry (stvec), which runs
 * interrupts on per-CPU hardirq stacks (irq.c), and the stack switch.
 * The kernel's entry code sets tp to the CPU number and stvec to
 * riscv64_trap_entry on each hart before it takes a trap.
 */
#include "asm.h"

#define FRAME		(36 * 8)	/* struct riscv64_regs */
#define F_SEPC		(32 * 8)
#define F_SSTATUS	(33 * 8)
#define F_SCAUSE	(34 * 8)
#define F_STVAL		(35 * 8)

	.text

/*
 * Every trap comes from S-mode (there is no user mode) on a valid stack:
 * save the registers and the trap CSRs below sp, handle, restore, sret.
 * sstatus.SIE is 0 until C code turns it on, and sepc and sstatus are
 * saved by then, so a nested trap cannot lose them.
 * An interrupt (scause's top bit set) saves and restores only what C may
 * clobber: ra, t0-t6, a0-a7 (s0-s11 are the callee's to keep; gp and tp
 * never change), and runs its cause's fn(arg, regs) from the per-CPU
 * table at sscratch (struct riscv64_irq_cpu) on the hardirq stack: from
 * off that stack switched to switch_to (its top, or below a softirq's
 * live frames), the old sp kept there, unless the stack's top guard word
 * is overwritten (a handler ran past the bottom, and may be the one
 * interrupted here): then riscv64_irq_overrun() ends the run, at
 * switch_to. Already on it, through riscv64_irq_nested(). On the way out
 * the stack's top guard word is
 * compared (the softirq stack's is compared where softirqs run). An
 * exception also saves the rest, sp and stval, for the register dump.
 */
	.globl	riscv64_trap_entry
	.align	2
riscv64_trap_entry:
	addi	sp, sp, -FRAME
	.irp	n, 1,5,6,7,10,11,12,13,14,15,16,17,28,29,30,31
	sd	x\n, \n*8(sp)
	.endr
	csrr	t0, sepc
	sd	t0, F_SEPC(sp)
	csrr	t0, sstatus
	sd	t0, F_SSTATUS(sp)
	csrr	t0, scause
	sd	t0, F_SCAUSE(sp)
	bgez	t0, exception
	mv	a1, sp				/* regs */
	ld	t1, riscv64_ipi_hook
	bnez	t1, ipi_hook
irq:
	csrr	t1, sscratch
	ld	t2, IRQ_CPU_SWITCH_TO(t1)
	ld	t3, IRQ_CPU_BOTTOM(t1)
	sub	t4, sp, t3
	li	t5, IRQ_STACK_BYTES
	bleu	t4, t5, irq_nested		/* bottom <= sp <= top */
	ld	t3, GUARD_TOP(t3)
	ld	t4, IRQ_CPU_GUARD(t1)
	bne	t3, t4, irq_overrun
	slli	t0, t0, 4			/* the cause's pair (the top bit gone) */
	li	t4, IRQ_CAUSES * 16
	bgeu	t0, t4, irq_nested		/* unknown: reported there */
	add	t0, t0, t1
	ld	t3, IRQ_CPU_CAUSE(t0)
	ld	a0, IRQ_CPU_CAUSE + 8(t0)
	addi	t2, t2, -16
	sd	sp, 0(t2)
	mv	sp, t2
	jalr	t3
	ld	sp, 0(sp)
	csrr	t1, sscratch
	ld	t2, IRQ_CPU_BOTTOM(t1)
	ld	t3, IRQ_CPU_GUARD(t1)
	ld	t2, GUARD_TOP(t2)
	bne	t2, t3, overflow
trap_return:
	ld	t0, F_SSTATUS(sp)
	csrw	sstatus, t0
	ld	t0, F_SEPC(sp)
	csrw	sepc, t0
	.irp	n, 1,5,6,7,10,11,12,13,14,15,16,17,28,29,30,31
	ld	x\n, \n*8(sp)
	.endr
	addi	sp, sp, FRAME
	sret

/* The bench's floor takes the IPI instead, on this stack; other causes go on. */
ipi_hook:
	slli	t2, t0, 1
	li	t3, IRQ_S_SOFT * 2
	bne	t2, t3, irq
	jalr	t1
	j	trap_return

irq_nested:
	mv	a0, sp
	call	riscv64_irq_nested
	j	trap_return

overflow:
	call	riscv64_irq_overflow

/* Off the hardirq stack, its guard overwritten: no frame of ours below sp. */
irq_overrun:
	mv	sp, t2
	call	riscv64_irq_overrun

exception:
	.irp	n, 3,4,8,9,18,19,20,21,22,23,24,25,26,27
	sd	x\n, \n*8(sp)
	.endr
	addi	t0, sp, FRAME
	sd	t0, 2*8(sp)
	csrr	t0, stval
	sd	t0, F_STVAL(sp)
	mv	a0, sp
	call	riscv64_exception

/* void riscv64_call_on_stack(void (*fn)(void *), void *arg, void *top):
 * fn(arg) with sp = top (16-byte aligned), then back. No red zone in the
 * RISC-V ABI: nothing below the old sp needs keeping. */
	.globl	riscv64_call_on_stack
	.align	2
riscv64_call_on_stack:
	addi	a2, a2, -16
	sd	ra, 8(a2)
	sd	sp, 0(a2)
	mv	sp, a2
	mv	t0, a0
	mv	a0, a1
	jalr	t0
	ld	ra, 8(sp)
	ld	sp, 0(sp)
	ret


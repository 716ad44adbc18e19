/* SPDX-License-Identifier: MIT */
/*
 * entry.S - the aarch64 port kit's exception entry at EL1: the vector
 * table (aarch64_vectors, for VBAR_EL1), the IRQ entry that saves only
 * the caller-saved registers, and aarch64_irq(), which runs the interrupt
 * controller's handler on this CPU's hardirq stack (irqstack.c).
 *
 * The embedder installs the table (msr vbar_el1) and defines the two
 * functions the other vectors call, both with the full frame
 * (struct aarch64_regs): aarch64_sync() for a synchronous exception at
 * EL1h, aarch64_bad_exception() for every vector it does not expect (EL0,
 * lower ELs, SP_EL0, FIQ, SError). A kernel with vectors of its own
 * calls aarch64_irq(regs) from its IRQ vector instead.
 */
#include "asm.h"

	.text
/*
 * The frame: x0-x30, the interrupted sp, elr, spsr, esr, far (struct
 * aarch64_regs). IRQ and sync exceptions from EL1h are ours; everything
 * else (EL0, lower ELs, SP_EL0, FIQ, SError) is fatal.
 */
.macro	entry, handler
	sub	sp, sp, #FRAME_BYTES
	stp	x0, x1, [sp, #16 * 0]
	stp	x2, x3, [sp, #16 * 1]
	stp	x4, x5, [sp, #16 * 2]
	stp	x6, x7, [sp, #16 * 3]
	stp	x8, x9, [sp, #16 * 4]
	stp	x10, x11, [sp, #16 * 5]
	stp	x12, x13, [sp, #16 * 6]
	stp	x14, x15, [sp, #16 * 7]
	stp	x16, x17, [sp, #16 * 8]
	stp	x18, x19, [sp, #16 * 9]
	stp	x20, x21, [sp, #16 * 10]
	stp	x22, x23, [sp, #16 * 11]
	stp	x24, x25, [sp, #16 * 12]
	stp	x26, x27, [sp, #16 * 13]
	stp	x28, x29, [sp, #16 * 14]
	add	x0, sp, #FRAME_BYTES
	stp	x30, x0, [sp, #16 * 15]
	mrs	x0, elr_el1
	mrs	x1, spsr_el1
	stp	x0, x1, [sp, #16 * 16]
	mrs	x0, esr_el1
	mrs	x1, far_el1
	stp	x0, x1, [sp, #16 * 17]
	mov	x0, sp
	bl	\handler
	b	exception_return
.endm

.macro	vector, label
	.balign	0x80
	b	\label
.endm

	.balign	0x800
	.globl	aarch64_vectors
aarch64_vectors:
	vector	bad_exception		/* current EL, SP_EL0: sync */
	vector	bad_exception		/* irq */
	vector	bad_exception		/* fiq */
	vector	bad_exception		/* serror */
	vector	el1_sync		/* current EL, SP_ELx: sync */
	vector	el1_irq			/* irq */
	vector	bad_exception		/* fiq */
	vector	bad_exception		/* serror */
	vector	bad_exception		/* lower EL, AArch64 */
	vector	bad_exception
	vector	bad_exception
	vector	bad_exception
	vector	bad_exception		/* lower EL, AArch32 */
	vector	bad_exception
	vector	bad_exception
	vector	bad_exception

el1_sync:
	entry	aarch64_sync
/*
 * IRQ: the same frame, but only what C may clobber is saved and restored:
 * x0-x18, x30, elr and spsr (x19-x29 are the callee's to keep; their
 * slots, esr and far are left unwritten).
 */
el1_irq:
	sub	sp, sp, #FRAME_BYTES
	stp	x0, x1, [sp, #16 * 0]
	stp	x2, x3, [sp, #16 * 1]
	stp	x4, x5, [sp, #16 * 2]
	stp	x6, x7, [sp, #16 * 3]
	stp	x8, x9, [sp, #16 * 4]
	stp	x10, x11, [sp, #16 * 5]
	stp	x12, x13, [sp, #16 * 6]
	stp	x14, x15, [sp, #16 * 7]
	stp	x16, x17, [sp, #16 * 8]
	str	x18, [sp, #16 * 9]
	add	x0, sp, #FRAME_BYTES
	stp	x30, x0, [sp, #16 * 15]
	mrs	x0, elr_el1
	mrs	x1, spsr_el1
	stp	x0, x1, [sp, #16 * 16]
	adrp	x9, aarch64_irq_hook
	ldr	x9, [x9, :lo12:aarch64_irq_hook]
	cbnz	x9, irq_hook
	mov	x0, sp
	bl	aarch64_irq
irq_return:
	msr	daifset, #DAIF_I
	ldp	x0, x1, [sp, #16 * 16]
	msr	elr_el1, x0
	msr	spsr_el1, x1
	ldp	x0, x1, [sp, #16 * 0]
	ldp	x2, x3, [sp, #16 * 1]
	ldp	x4, x5, [sp, #16 * 2]
	ldp	x6, x7, [sp, #16 * 3]
	ldp	x8, x9, [sp, #16 * 4]
	ldp	x10, x11, [sp, #16 * 5]
	ldp	x12, x13, [sp, #16 * 6]
	ldp	x14, x15, [sp, #16 * 7]
	ldp	x16, x17, [sp, #16 * 8]
	ldr	x18, [sp, #16 * 9]
	ldr	x30, [sp, #16 * 15]
	add	sp, sp, #FRAME_BYTES
	eret
/* The hook (make bench's floor, a scenario) instead, on this stack. */
irq_hook:
	blr	x9
	b	irq_return
bad_exception:
	entry	aarch64_bad_exception

/* The handler may have run with interrupts on: elr and spsr come from the frame. */
exception_return:
	msr	daifset, #DAIF_I
	ldp	x0, x1, [sp, #16 * 16]
	msr	elr_el1, x0
	msr	spsr_el1, x1
	ldp	x0, x1, [sp, #16 * 0]
	ldp	x2, x3, [sp, #16 * 1]
	ldp	x4, x5, [sp, #16 * 2]
	ldp	x6, x7, [sp, #16 * 3]
	ldp	x8, x9, [sp, #16 * 4]
	ldp	x10, x11, [sp, #16 * 5]
	ldp	x12, x13, [sp, #16 * 6]
	ldp	x14, x15, [sp, #16 * 7]
	ldp	x16, x17, [sp, #16 * 8]
	ldp	x18, x19, [sp, #16 * 9]
	ldp	x20, x21, [sp, #16 * 10]
	ldp	x22, x23, [sp, #16 * 11]
	ldp	x24, x25, [sp, #16 * 12]
	ldp	x26, x27, [sp, #16 * 13]
	ldp	x28, x29, [sp, #16 * 14]
	ldr	x30, [sp, #16 * 15]
	add	sp, sp, #FRAME_BYTES
	eret

/*
 * void aarch64_irq(struct aarch64_regs *regs): the GIC driver's handler
 * on this CPU's hardirq stack (struct aarch64_irq_cpu at TPIDR_EL1). From
 * off that stack: to switch_to (its top, or below a softirq's live
 * frames), the old sp and lr kept on the new stack, unless the stack's
 * top guard word is overwritten (a handler ran past the bottom, and may
 * be the one interrupted here): then aarch64_irq_overrun() ends the run,
 * at switch_to. Already on it: aarch64_irq_nested(). On the way out the
 * top guard word of the stack is compared (the softirq stack's is
 * compared where softirqs run).
 */
	.globl	aarch64_irq
aarch64_irq:
	mrs	x9, tpidr_el1
	ldp	x10, x11, [x9, #IRQ_CPU_SWITCH_TO]	/* switch_to, bottom */
	sub	x12, sp, x11
	cmp	x12, #IRQ_STACK_BYTES
	b.ls	aarch64_irq_nested			/* bottom <= sp <= top: nested */
	ldr	x12, [x11, #GUARD_TOP]
	ldr	x13, =STACK_GUARD
	cmp	x12, x13
	b.ne	irq_overrun
	mov	x1, x0
	ldp	x12, x0, [x9, #IRQ_CPU_HANDLE]		/* handle(gic, regs) */
	mov	x13, sp
	mov	sp, x10
	stp	x13, x30, [sp, #-16]!
	blr	x12
	ldp	x13, x30, [sp]
	mov	sp, x13
	mrs	x9, tpidr_el1
	ldr	x10, [x9, #IRQ_CPU_BOTTOM]
	ldr	x10, [x10, #GUARD_TOP]
	ldr	x11, =STACK_GUARD
	cmp	x10, x11
	b.ne	aarch64_irq_overflow
	ret

/* Off the hardirq stack, its guard overwritten: no frame of ours below sp. */
irq_overrun:
	mov	sp, x10
	b	aarch64_irq_overrun

/* void aarch64_call_on_stack(void (*fn)(void *), void *arg, void *top) */
	.globl	aarch64_call_on_stack
aarch64_call_on_stack:
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
	mov	x9, x0
	mov	x0, x1
	mov	sp, x2
	stp	x29, xzr, [sp, #-16]!		/* the old sp, kept on the new stack */
	blr	x9
	ldr	x29, [sp]
	mov	sp, x29
	ldp	x29, x30, [sp], #16
	ret


/* SPDX-License-Identifier: MIT */
/*
 * entry.S - the i386 port kit's entry: the 256 interrupt stubs (the IDT
 * points at i386_stubs[], cpu.c), exceptions into i386_trap(), the 8259's
 * interrupts on the hardirq stack into i8259_handle(), the others into
 * i386_interrupt() (irq.c), and the helpers that call a function on
 * another stack (the hardirq stack: arch/x86/irqstack.c).
 */
#include "../x86/irqstack.h"
#include "i386.h"

/* The kernel data selector the exception path loads: the embedder's GDT
 * has a flat data segment there (GENIRQ_X86_KERNEL_DS to change it). */
#ifndef GENIRQ_X86_KERNEL_DS
# define GENIRQ_X86_KERNEL_DS	0x10
#endif

#define STUB_PTR	.long
#define STUBS_TABLE	i386_stubs
#define STUB_PIC_FIRST	I386_VECTOR_PIC
#include "../x86/stubs.h"

/* Frame: es ds edi esi ebp esp ebx edx ecx eax vector error eip cs eflags */
common:
	pusha
	push	%ds
	push	%es
	mov	$GENIRQ_X86_KERNEL_DS, %ax
	mov	%ax, %ds
	mov	%ax, %es
	cld
	push	%esp
	call	i386_trap
	add	$4, %esp
	pop	%es
	pop	%ds
	popa
	add	$8, %esp
	iret

/*
 * Interrupts: the same frame, but %ds and %es are neither saved nor
 * loaded (the kernel never changes them: one ring, flat segments).
 * common_irq: the vectors other than the 8259's, into i386_interrupt()
 * (irq.c: the software vectors an embedder claims), the frame in %eax
 * (regparm).
 */
common_irq:
	pusha
	sub	$8, %esp			/* the es, ds slots: not written */
	cld
	mov	%esp, %eax
	call	i386_interrupt
irq_return:
	add	$8, %esp
	popa
	add	$8, %esp
	iret

/*
 * The fast path's tests for the one CPU (x86_cpus[0], irqstack.h): both
 * guard words intact and off the hardirq stack, else jump to \slow.
 */
	.macro	stack_checks slow
	cmpl	$X86_STACK_GUARD32, x86_cpus + X86_HARDIRQ_GUARD
	jne	\slow
	cmpl	$X86_STACK_GUARD32, x86_cpus + X86_SOFTIRQ_GUARD
	jne	\slow
	cmp	$x86_cpus + X86_HARDIRQ_GUARD + X86_IRQ_STACK_BYTES, %esp
	jae	.Lchecked\@
	cmp	$x86_cpus + X86_HARDIRQ_GUARD, %esp
	jae	\slow				/* on the hardirq stack: nested */
.Lchecked\@:
	.endm

/*
 * pic_irq: the 8259's 16 vectors, into i8259_handle(hw, regs)
 * (controllers/i8259.c) on the hardirq stack (x86_cpus[0], irqstack.h)
 * when both guard words are intact and the interrupt did not come on
 * that stack; otherwise i386_irq_slow() (irq.c) decides.
 */
pic_irq:
	pusha
	sub	$8, %esp
	cld
	mov	%esp, %ecx			/* regs */
	mov	40(%esp), %edx			/* the vector */
	sub	$I386_VECTOR_PIC, %edx		/* the 8259 line */
	stack_checks slow_irq
	mov	x86_cpus + X86_HARDIRQ_SP, %eax
	mov	%esp, -4(%eax)			/* the frame's address, above the call */
	lea	-16(%eax), %esp			/* 16-byte aligned at the call */
	mov	%edx, (%esp)
	mov	%ecx, 4(%esp)
	call	i8259_handle
	mov	12(%esp), %esp
	jmp	irq_return
slow_irq:
	mov	%edx, %eax
	mov	%ecx, %edx
	call	i386_irq_slow
	jmp	irq_return

/* void x86_call_on_stack(void *arg, void (*fn)(void *), uintptr_t sp) */
	.globl	x86_call_on_stack
x86_call_on_stack:
	push	%ebp
	mov	%esp, %ebp
	mov	8(%ebp), %eax
	mov	12(%ebp), %ecx
	mov	16(%ebp), %esp
	sub	$12, %esp			/* keep 16-byte alignment at the call */
	push	%eax
	call	*%ecx
	mov	%ebp, %esp
	pop	%ebp
	ret

/*
 * void x86_handle_irq(struct irq_domain *d, irq_hw_number_t hw, void *regs),
 * regparm(3): d, hw, regs in eax, edx, ecx. The entry's fast path for the
 * one i386 CPU (x86_cpus[0], arch/x86/irqstack.h): both guard words
 * intact and off the hardirq stack, irq_handle_domain_entry(d, hw, regs)
 * at its hardirq_sp, the three arguments stored there and the old stack
 * pointer above them; otherwise x86_handle_irq_slow() (arch/x86/irqstack.c).
 */
	.globl	x86_handle_irq
x86_handle_irq:
	stack_checks x86_handle_irq_slow
	push	%ebx
	mov	x86_cpus + X86_HARDIRQ_SP, %ebx
switch_to_ebx:
	mov	%esp, -4(%ebx)
	lea	-16(%ebx), %esp			/* 16-byte aligned at the call */
	mov	%eax, (%esp)
	mov	%edx, 4(%esp)
	mov	%ecx, 8(%esp)
	call	irq_handle_domain_entry
	mov	12(%esp), %esp
	pop	%ebx
	ret

/*
 * void x86_irq_call_on_stack(struct irq_domain *d, irq_hw_number_t hw,
 *			      void *regs, uintptr_t sp), regparm(3): d, hw,
 * regs in eax, edx, ecx, sp on the stack (the slow path's switch): as
 * x86_handle_irq()'s, to sp.
 */
	.globl	x86_irq_call_on_stack
x86_irq_call_on_stack:
	push	%ebx
	mov	8(%esp), %ebx
	jmp	switch_to_ebx

	.section .note.GNU-stack, "", @progbits

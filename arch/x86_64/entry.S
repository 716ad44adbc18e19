/* SPDX-License-Identifier: MIT */
/*
 * entry.S - the x86_64 port kit's entry: the 256 interrupt stubs (the IDT
 * points at x86_64_stubs[], cpu.c), exceptions into x86_64_trap(),
 * interrupts into x86_64_interrupt() (irq.c), and the helpers that call a
 * function on another stack (the hardirq stack: arch/x86/irqstack.c).
 */
	.code64
	.text
#define STUB_PTR	.quad
#define STUBS_TABLE	x86_64_stubs
#include "../x86/stubs.h"

/* Frame (struct x86_64_regs): r15 .. rax, vector, error, rip cs rflags rsp ss */
common:
	push	%rax
	push	%rbx
	push	%rcx
	push	%rdx
	push	%rsi
	push	%rdi
	push	%rbp
	push	%r8
	push	%r9
	push	%r10
	push	%r11
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	mov	%rsp, %rdi
	cld
	call	x86_64_trap
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%r11
	pop	%r10
	pop	%r9
	pop	%r8
	pop	%rbp
	pop	%rdi
	pop	%rsi
	pop	%rdx
	pop	%rcx
	pop	%rbx
	pop	%rax
	add	$16, %rsp
	iretq

/*
 * Interrupts: the same frame, but only the registers the C code may
 * clobber (rax rcx rdx rsi rdi r8-r11) are saved and restored; the
 * callee-saved slots (rbx rbp r12-r15) are left unwritten, as C keeps
 * those registers itself. Straight to x86_64_interrupt().
 */
common_irq:
	sub	$120, %rsp
	mov	%rax, 112(%rsp)
	mov	%rcx, 96(%rsp)
	mov	%rdx, 88(%rsp)
	mov	%rsi, 80(%rsp)
	mov	%rdi, 72(%rsp)
	mov	%r8, 56(%rsp)
	mov	%r9, 48(%rsp)
	mov	%r10, 40(%rsp)
	mov	%r11, 32(%rsp)
	mov	%rsp, %rdi
	cld
	call	x86_64_interrupt
	mov	32(%rsp), %r11
	mov	40(%rsp), %r10
	mov	48(%rsp), %r9
	mov	56(%rsp), %r8
	mov	72(%rsp), %rdi
	mov	80(%rsp), %rsi
	mov	88(%rsp), %rdx
	mov	96(%rsp), %rcx
	mov	112(%rsp), %rax
	add	$136, %rsp
	iretq

/* void x86_call_on_stack(void *arg, void (*fn)(void *), uintptr_t sp) */
	.globl	x86_call_on_stack
x86_call_on_stack:
	push	%rbp
	mov	%rsp, %rbp
	mov	%rdx, %rsp
	call	*%rsi
	mov	%rbp, %rsp
	pop	%rbp
	ret

/*
 * int x86_irq_call_on_stack(struct irq_desc *const *slot, void *regs,
 *			     uintptr_t sp)
 * irq_handle_desc_entry(slot, regs) on the stack whose top is sp; its
 * result stays in %eax for the caller (x86_apic_handle() ends the vector
 * at the local APIC when the slot emptied before the core read it).
 */
	.globl	x86_irq_call_on_stack
x86_irq_call_on_stack:
	push	%rbp
	mov	%rsp, %rbp
	mov	%rdx, %rsp
	call	irq_handle_desc_entry
	leave
	ret

	.section .note.GNU-stack, "", @progbits

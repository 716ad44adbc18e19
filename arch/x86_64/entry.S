/* SPDX-License-Identifier: MIT */
/*
 * entry.S - the x86_64 port kit's entry: the 256 interrupt stubs (the IDT
 * points at x86_64_stubs[], cpu.c), exceptions into x86_64_trap(),
 * interrupts on this CPU's hardirq stack into x86_apic_handle()
 * (common_irq), and the helper that calls a function on another stack
 * (arch/x86/irqstack.c).
 */
	.code64
	.text
#include "../x86/irqstack.h"
#include "x86_64.h"
#include "entry_regs.h"

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
 * clobber are saved and restored (entry_regs.h). Then, on this CPU's
 * hardirq stack, x86_apic_handle(vector, regs) (controllers/x86_apic.c),
 * when both guard words of this CPU's stacks (x86_cpus[%gs:0],
 * irqstack.h) are intact and the interrupt did not come on that stack;
 * otherwise x86_64_irq_slow() (irq.c) decides. A vector nobody owns goes
 * to x86_64_bad_vector(). (A vector an embedder handles outside genirq
 * has an entry of its own: x86_64_idt_set().)
 */
common_irq:
	x86_64_save_scratch
	mov	%rsp, %rsi			/* regs */
	mov	120(%rsp), %edi			/* the vector */
	movl	%gs:0, %eax			/* this CPU (port_cpu_id_fast()) */
	imul	$X86_CPU_STACKS_BYTES, %rax, %rax
	lea	x86_cpus(%rip), %rdx		/* (any code model: no absolute address) */
	add	%rax, %rdx
	movabs	$X86_STACK_GUARD64, %rcx
	cmp	%rcx, X86_HARDIRQ_GUARD(%rdx)
	jne	slow_irq
	cmp	%rcx, X86_SOFTIRQ_GUARD(%rdx)
	jne	slow_irq
	mov	%rsp, %rax
	sub	%rdx, %rax
	sub	$X86_HARDIRQ_GUARD, %rax
	cmp	$X86_IRQ_STACK_BYTES, %rax
	jb	slow_irq			/* on the hardirq stack: nested */
	mov	X86_HARDIRQ_SP(%rdx), %rax
	mov	%rsp, -8(%rax)			/* the frame's address, above the call */
	lea	-16(%rax), %rsp			/* 16-byte aligned at the call */
	call	x86_apic_handle
	mov	8(%rsp), %rsp
	test	%al, %al
	jz	bad_irq
irq_return:
	x86_64_restore_scratch
	iretq
slow_irq:
	call	x86_64_irq_slow
	jmp	irq_return
bad_irq:
	mov	%rsp, %rdi
	call	x86_64_bad_vector
	jmp	irq_return

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

	.section .note.GNU-stack, "", @progbits

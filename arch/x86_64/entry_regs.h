/* SPDX-License-Identifier: MIT */
/*
 * entry_regs.h - for assembly: the x86_64 port kit's interrupt frame
 * below the CPU's (struct x86_64_regs), for common_irq (entry.S) and for
 * an embedder's own entry of a vector it handles outside genirq
 * (x86_64_idt_set()). The entry stub has pushed an error code and the
 * vector (16 bytes); x86_64_save_scratch makes room for the 15 general
 * registers and saves the 9 that C code may clobber (rax rcx rdx rsi rdi
 * r8-r11; the callee-saved slots stay unwritten, as C keeps those
 * itself), which leaves %rsp 16-byte aligned for a call;
 * x86_64_restore_scratch undoes both, stub words included, for iretq.
 */
#ifndef GENIRQ_X86_64_ENTRY_REGS_H
#define GENIRQ_X86_64_ENTRY_REGS_H

	.macro	x86_64_save_scratch
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
	cld
	.endm

	.macro	x86_64_restore_scratch
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
	.endm

#endif /* GENIRQ_X86_64_ENTRY_REGS_H */

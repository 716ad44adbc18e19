/* SPDX-License-Identifier: MIT */
/*
 * bare-x86_64.S - the floor of make bench-x86_64: a vector with an entry
 * of its own (x86_64_idt_set()), no genirq at all. It builds the frame
 * the kit's stubs and common_irq build (the stub's two words, the
 * caller-saved registers: entry_regs.h) and calls bench_bare_irq().
 */
	.code64
	.text
#include "entry_regs.h"

	.globl	bench_bare_entry
bench_bare_entry:
	push	$0
	push	$0xE1
	x86_64_save_scratch
	call	bench_bare_irq
	x86_64_restore_scratch
	iretq

	.section .note.GNU-stack, "", @progbits

/* SPDX-License-Identifier: MIT */
/*
 * start-i386.S - the pc demo kernel's start on i386: the entry from a
 * Multiboot v1 loader and the GDT (flat code at 0x08, data at 0x10, as the
 * port kit's entry, arch/i386/entry.S, expects).
 */
#define MB_MAGIC	0x1BADB002
#define MB_FLAGS	0x00000003	/* page-aligned modules, memory info */
#define KERNEL_CS	0x08
#define KERNEL_DS	0x10

	.section .multiboot, "a"
	.align 4
	.long MB_MAGIC
	.long MB_FLAGS
	.long -(MB_MAGIC + MB_FLAGS)

	.text
	.globl _start
_start:
	cli
	mov	$boot_stack_top, %esp
	mov	%eax, %edi			/* loader magic */
	mov	%ebx, %esi			/* multiboot info */
	lgdt	gdt_desc			/* the loader's GDT is not ours */
	ljmp	$KERNEL_CS, $1f
1:	mov	$KERNEL_DS, %ax
	mov	%ax, %ds
	mov	%ax, %es
	mov	%ax, %fs
	mov	%ax, %gs
	mov	%ax, %ss
	cld
	push	%esi
	push	%edi
	call	i386_main
2:	cli
	hlt
	jmp	2b

	.section .rodata
	.align	8
gdt:
	.quad	0
	.quad	0x00CF9A000000FFFF		/* 0x08: code, flat 4 GiB */
	.quad	0x00CF92000000FFFF		/* 0x10: data, flat 4 GiB */
gdt_end:
gdt_desc:
	.word	gdt_end - gdt - 1
	.long	gdt

	.bss
	.align	16
boot_stack:
	.space	16384
boot_stack_top:

	.section .note.GNU-stack, "", @progbits

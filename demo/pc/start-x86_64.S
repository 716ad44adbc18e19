/* SPDX-License-Identifier: MIT */
/*
 * start-x86_64.S - the pc demo kernel's start on x86_64: the entry
 * through PVH (32-bit protected mode, paging off), the switch to long mode
 * with 0-4 GiB identity-mapped, the application processors' real-mode
 * trampoline, the GDT. The interrupt stubs are the port kit's
 * (arch/x86_64/entry.S).
 */
#define KERNEL_CS32	0x08
#define KERNEL_DS	0x10
#define KERNEL_CS64	0x18
#define TRAMPOLINE	0x8000
#define XEN_ELFNOTE_PHYS32_ENTRY 18

	/* PVH: its own PT_NOTE with 4-byte alignment (see link.ld). */
	.section .note.Xen, "a", @note
	.align	4
	.long	4, 8, XEN_ELFNOTE_PHYS32_ENTRY
	.asciz	"Xen"
	.align	4
	.quad	pvh_start

	.code32
	.section .text.boot, "ax"
	.globl	pvh_start
pvh_start:
	cli
	mov	$boot_stack_top, %esp
	mov	%ebx, %esi			/* hvm_start_info */
	lgdt	gdt_desc			/* the loader's GDT is not ours */
	ljmp	$KERNEL_CS32, $1f
1:	mov	$KERNEL_DS, %ax
	mov	%ax, %ds
	mov	%ax, %es
	mov	%ax, %ss

	/* PML4[0] -> PDPT; PDPT[0..3] -> 4 page directories of 2 MiB pages. */
	mov	$pdpt + 3, %eax
	mov	%eax, pml4
	mov	$pd + 3, %eax
	mov	$pdpt, %edi
	mov	$4, %ecx
2:	mov	%eax, (%edi)
	movl	$0, 4(%edi)
	add	$4096, %eax
	add	$8, %edi
	loop	2b
	mov	$0x83, %eax			/* present, writable, 2 MiB */
	mov	$pd, %edi
	mov	$2048, %ecx
3:	mov	%eax, (%edi)
	movl	$0, 4(%edi)
	add	$0x200000, %eax
	add	$8, %edi
	loop	3b
	mov	$bsp_long, %ebx

	/* Shared with the APs: PAE, CR3, EFER.LME, paging; then jump to %ebx. */
enter_long_mode:
	mov	%cr4, %eax
	or	$0x20, %eax
	mov	%eax, %cr4
	mov	$pml4, %eax
	mov	%eax, %cr3
	mov	$0xC0000080, %ecx
	rdmsr
	or	$0x100, %eax
	wrmsr
	mov	%cr0, %eax
	or	$0x80000001, %eax
	mov	%eax, %cr0
	push	$KERNEL_CS64
	push	%ebx
	lret

	.code64
bsp_long:
	mov	$KERNEL_DS, %ax
	mov	%ax, %ds
	mov	%ax, %es
	mov	%ax, %ss
	xor	%eax, %eax
	mov	%ax, %fs
	mov	%ax, %gs
	mov	$boot_stack_top, %rsp
	mov	%esi, %edi
	cld
	call	x86_64_main
4:	cli
	hlt
	jmp	4b

ap_long:
	mov	$KERNEL_DS, %ax
	mov	%ax, %ds
	mov	%ax, %es
	mov	%ax, %ss
	xor	%eax, %eax
	mov	%ax, %fs
	mov	%ax, %gs
	mov	x86_64_ap_stack(%rip), %rsp
	movq	$0, x86_64_ap_stack(%rip)	/* taken: the BSP may start the next */
	cld
	call	x86_64_ap_main
	jmp	4b

	/* Copied to TRAMPOLINE; an AP starts here in real mode at 0800:0000. */
	.code16
	.globl	x86_64_trampoline, x86_64_trampoline_end
x86_64_trampoline:
	cli
	xor	%ax, %ax
	mov	%ax, %ds
	lgdtl	TRAMPOLINE + (tramp_gdt_desc - x86_64_trampoline)
	mov	%cr0, %eax
	or	$1, %eax
	mov	%eax, %cr0
	ljmpl	$KERNEL_CS32, $(TRAMPOLINE + (tramp32 - x86_64_trampoline))
	.code32
tramp32:
	mov	$KERNEL_DS, %ax
	mov	%ax, %ds
	mov	%ax, %es
	mov	%ax, %ss
	mov	$TRAMPOLINE + 0xFF0, %esp	/* a scratch stack in the trampoline page */
	mov	$ap_long, %ebx
	mov	$enter_long_mode, %eax
	jmp	*%eax
	.align	4
tramp_gdt_desc:
	.word	gdt_end - gdt - 1
	.long	gdt
x86_64_trampoline_end:

	.section .rodata
	.align	16
gdt:
	.quad	0
	.quad	0x00CF9A000000FFFF		/* 0x08: code32 */
	.quad	0x00CF92000000FFFF		/* 0x10: data */
	.quad	0x00AF9A000000FFFF		/* 0x18: code64 */
gdt_end:
	.globl	x86_64_gdt_desc
x86_64_gdt_desc:
gdt_desc:
	.word	gdt_end - gdt - 1
	.quad	gdt

	.bss
	.align	4096
pml4:	.space	4096
pdpt:	.space	4096
pd:	.space	4 * 4096
	.align	16
boot_stack:
	.space	16384
boot_stack_top:

	.section .note.GNU-stack, "", @progbits

/* SPDX-License-Identifier: MIT */
/*
 * stubs.h - the 256 interrupt entry stubs of both x86 ports, for boot.S.
 *
 * Each stub pushes a dummy error code where the CPU pushes none (so every
 * frame looks alike), then its vector, and jumps to the port's `common`
 * (exceptions, vectors 0-31: every register saved) or `common_irq`
 * (interrupts: the caller-saved registers only, the C code keeps the rest);
 * where the includer defines STUB_PIC_FIRST, the 16 vectors from there
 * jump to its `pic_irq` instead (i386: the 8259's lines).
 * The table STUBS_TABLE (in .rodata) lists their addresses; the includer
 * defines STUB_PTR (.long or .quad) and STUBS_TABLE first.
 */
/* Vectors for which the CPU pushes an error code itself. */
#define HAS_ERR(v) ((v) == 8 || ((v) >= 10 && (v) <= 14) || (v) == 17 || (v) == 21 || (v) == 29 || (v) == 30)

	.altmacro
	.macro	stub v
	.align	8
stub_\v:
	.if HAS_ERR(\v) == 0
	push	$0
	.endif
	push	$\v
	.if \v < 32
	jmp	common
#ifdef STUB_PIC_FIRST
	.elseif (\v >= STUB_PIC_FIRST) && (\v < (STUB_PIC_FIRST + 16))
	jmp	pic_irq
#endif
	.else
	jmp	common_irq
	.endif
	.pushsection .rodata
	STUB_PTR	stub_\v
	.popsection
	.endm

	.pushsection .rodata
	.align	8
	.globl	STUBS_TABLE
STUBS_TABLE:
	.popsection
	.set	vec, 0
	.rept	256
	stub	%vec
	.set	vec, vec + 1
	.endr

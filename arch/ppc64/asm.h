/* SPDX-License-Identifier: MIT */
/* asm.h - the ppc64 port kit's assembler helpers and the exception frame
 * layout (entry.S). */
#ifndef GENIRQ_PPC64_ASM_H
#define GENIRQ_PPC64_ASM_H

#define MSR_ME			0x1000
#define STACK_FRAME_MIN		112	/* ELFv1: back chain, CR, LR, ..., 8 params */
#define RED_ZONE		288	/* ELFv1: below r1, owned by the interrupted code */
#define REGS_BYTES		336	/* struct ppc64_regs, 16-byte rounded */
#define REGS			STACK_FRAME_MIN
#define EXC_FRAME		(RED_ZONE + STACK_FRAME_MIN + REGS_BYTES)

/* struct ppc64_regs offsets after gpr[32]. */
#define R_NIP			(32 * 8)
#define R_MSR			(33 * 8)
#define R_CTR			(34 * 8)
#define R_LR			(35 * 8)
#define R_XER			(36 * 8)
#define R_CCR			(37 * 8)
#define R_TRAP			(38 * 8)
#define R_DAR			(39 * 8)
#define R_DSISR			(40 * 8)

/* A 64-bit constant or address, from ld's own symbols (.TOC. included). */
#define LOAD64(r, sym)				\
	lis	r, sym@highest;			\
	ori	r, r, sym@higher;		\
	rldicr	r, r, 32, 31;			\
	oris	r, r, sym@h;			\
	ori	r, r, sym@l

#ifdef __ASSEMBLER__
/* \op (std or ld) registers \first..\last at \off + 8*n(\base). */
.macro GPRS op, first, last, base, off
	.set	.Lgpr, \first
	.rept	\last - \first + 1
	\op	.Lgpr, \off + .Lgpr * 8(\base)
	.set	.Lgpr, .Lgpr + 1
	.endr
.endm
#endif

/* An assembly function callable from C: ELFv1 wants an .opd descriptor. */
#define FUNC(name)				\
	.section ".opd", "aw";			\
	.align	3;				\
	.globl	name;			\
name:	.quad	.L.name, .TOC.@tocbase, 0;	\
	.previous;				\
	.type	name, @function;		\
.L.name:

#define ENDFUNC(name)	.size name, . - .L.name

#endif /* GENIRQ_PPC64_ASM_H */

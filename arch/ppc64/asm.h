/* SPDX-License-Identifier: MIT */
/* asm.h - assembler helpers and the exception frame layout (head.S). */
#ifndef PPC64_ASM_H
#define PPC64_ASM_H

#define MSR_ME			0x1000
#define STACK_FRAME_MIN		112	/* ELFv1: back chain, CR, LR, ..., 8 params */
#define RED_ZONE		288	/* ELFv1: below r1, owned by the interrupted code */
#define REGS_BYTES		336	/* struct ppc64_regs, 16-byte rounded */
#define REGS			STACK_FRAME_MIN
#define EXC_FRAME		(RED_ZONE + STACK_FRAME_MIN + REGS_BYTES)
#define PROM_FRAME		288	/* header, r2, r13-r31, MSR */
#define BOOT_STACK_BYTES	32768

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

#define SAVE_NVGPRS(base, off)							\
	std r13, (off)+0*8(base); std r14, (off)+1*8(base); std r15, (off)+2*8(base);	\
	std r16, (off)+3*8(base); std r17, (off)+4*8(base); std r18, (off)+5*8(base);	\
	std r19, (off)+6*8(base); std r20, (off)+7*8(base); std r21, (off)+8*8(base);	\
	std r22, (off)+9*8(base); std r23, (off)+10*8(base); std r24, (off)+11*8(base);	\
	std r25, (off)+12*8(base); std r26, (off)+13*8(base); std r27, (off)+14*8(base);	\
	std r28, (off)+15*8(base); std r29, (off)+16*8(base); std r30, (off)+17*8(base);	\
	std r31, (off)+18*8(base)

#define REST_NVGPRS(base, off)							\
	ld r13, (off)+0*8(base); ld r14, (off)+1*8(base); ld r15, (off)+2*8(base);	\
	ld r16, (off)+3*8(base); ld r17, (off)+4*8(base); ld r18, (off)+5*8(base);	\
	ld r19, (off)+6*8(base); ld r20, (off)+7*8(base); ld r21, (off)+8*8(base);	\
	ld r22, (off)+9*8(base); ld r23, (off)+10*8(base); ld r24, (off)+11*8(base);	\
	ld r25, (off)+12*8(base); ld r26, (off)+13*8(base); ld r27, (off)+14*8(base);	\
	ld r28, (off)+15*8(base); ld r29, (off)+16*8(base); ld r30, (off)+17*8(base);	\
	ld r31, (off)+18*8(base)

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

#endif

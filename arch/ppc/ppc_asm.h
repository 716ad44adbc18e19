/* SPDX-License-Identifier: MIT */
/*
 * ppc_asm.h - the e500 port kit's constants shared by entry.S and C:
 * Book-E special registers, MSR bits, the exception frame (it must match
 * struct ppc_regs in ppc.h).
 */
#ifndef GENIRQ_PPC_ASM_H
#define GENIRQ_PPC_ASM_H

#define SPRN_MAS0	624
#define SPRN_MAS1	625
#define SPRN_MAS2	626
#define SPRN_MAS3	627
#define SPRN_MAS7	944
#define SPRN_IVPR	63
#define SPRN_PIR	286
#define SPRN_ESR	62
#define SPRN_DEAR	61
#define SPRN_CSRR0	58
#define SPRN_CSRR1	59
#define SPRN_MCSRR0	570
#define SPRN_MCSRR1	571
#define SPRN_TBL_R	268
#define SPRN_TBU_R	269
#define SPRN_HID0	1008
#define HID0_DOZE	0x00800000

#define MSR_WE		0x40000		/* wait enable: doze until an interrupt */
#define MSR_EE		0x8000
#define MSR_ME		0x1000

/* struct ppc_regs: back chain, LR slot, r0-r31, then the specials. */
#define REG_GPR(n)	(8 + 4 * (n))
#define REG_CR		136
#define REG_LR		140
#define REG_CTR		144
#define REG_XER		148
#define REG_SRR0	152
#define REG_SRR1	156
#define REG_KIND	160
#define FRAME_SIZE	176		/* 16-byte multiple */

#ifdef __ASSEMBLER__
#define LOAD32(reg, val)	lis reg, (val)@h; ori reg, reg, (val)@l
#endif

#endif /* GENIRQ_PPC_ASM_H */

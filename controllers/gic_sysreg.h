/* SPDX-License-Identifier: MIT */
/*
 * gic_sysreg.h - the GICv3 CPU interface's system registers (ICC_*_EL1),
 * for controllers/gicv3.c.
 *
 * The controller tests build the driver for the host with
 * tests/controllers/fake_gic_sysreg.h included first: it defines this
 * file's guard, so the same names reach a fake instead of the CPU.
 */
#ifndef GENIRQ_CONTROLLERS_GIC_SYSREG_H
#define GENIRQ_CONTROLLERS_GIC_SYSREG_H

#include <stdint.h>

/* S3_<op1>_C<n>_C<m>_<op2> names: any assembler, any -march. */
#define ICC_PMR_EL1	"S3_0_C4_C6_0"
#define ICC_IAR1_EL1	"S3_0_C12_C12_0"
#define ICC_EOIR1_EL1	"S3_0_C12_C12_1"
#define ICC_BPR1_EL1	"S3_0_C12_C12_3"
#define ICC_CTLR_EL1	"S3_0_C12_C12_4"
#define ICC_SRE_EL1	"S3_0_C12_C12_5"
#define ICC_IGRPEN1_EL1	"S3_0_C12_C12_7"
#define ICC_SGI1R_EL1	"S3_0_C12_C11_5"
#define ICC_RPR_EL1	"S3_0_C12_C11_3"

#define GIC_MSR(name, v)	__asm__ __volatile__("msr " name ", %0" : : "r"((uint64_t)(v)) : "memory")
#define GIC_ISB()		__asm__ __volatile__("isb" ::: "memory")

static inline uint32_t icc_iar1(void)
{
	uint64_t v;

	__asm__ __volatile__("mrs %0, " ICC_IAR1_EL1 "; dsb sy" : "=r"(v) :: "memory");
	return (uint32_t)v;
}

/* The running priority: the acknowledged interrupt's (pseudo-NMIs). */
static inline uint32_t icc_rpr(void)
{
	uint64_t v;

	__asm__ __volatile__("mrs %0, " ICC_RPR_EL1 : "=r"(v) :: "memory");
	return (uint32_t)v;
}

static inline void icc_eoir1(uint32_t intid)
{
	GIC_MSR(ICC_EOIR1_EL1, intid);
	GIC_ISB();
}

static inline void icc_sgi1r(uint64_t v)
{
	__asm__ __volatile__("dsb ishst" ::: "memory");	/* stores before the IPI */
	GIC_MSR(ICC_SGI1R_EL1, v);
	GIC_ISB();
}

static inline uint64_t icc_sre(void)
{
	uint64_t v;

	__asm__ __volatile__("mrs %0, " ICC_SRE_EL1 : "=r"(v) :: "memory");
	return v;
}

static inline void icc_set_sre(uint64_t v)
{
	GIC_MSR(ICC_SRE_EL1, v);
	GIC_ISB();
}

static inline uint32_t icc_pmr(void)
{
	uint64_t v;

	__asm__ __volatile__("mrs %0, " ICC_PMR_EL1 : "=r"(v) :: "memory");
	return (uint32_t)v;
}

static inline void icc_set_pmr(uint32_t v)
{
	GIC_MSR(ICC_PMR_EL1, v);
}

/* A PMR write seen by the CPU interface before what follows (PSTATE.I
 * cleared after raising it). */
static inline void icc_pmr_sync(void)
{
	__asm__ __volatile__("dsb sy" ::: "memory");
}

/* PSTATE.I, the CPU's IRQ mask: lowered to the PMR while an ordinary
 * interrupt runs under pseudo-NMIs. */
static inline void gic_cpu_irq_unmask(void)
{
	__asm__ __volatile__("msr daifclr, #2" ::: "memory");
}

static inline void gic_cpu_irq_mask(void)
{
	__asm__ __volatile__("msr daifset, #2" ::: "memory");
}

static inline void icc_set_bpr1(uint32_t v)
{
	GIC_MSR(ICC_BPR1_EL1, v);
}

static inline void icc_set_ctlr(uint32_t v)
{
	GIC_MSR(ICC_CTLR_EL1, v);
}

static inline void icc_set_igrpen1(uint32_t v)
{
	GIC_MSR(ICC_IGRPEN1_EL1, v);
	GIC_ISB();
}

/* MMIO ordering: device writes visible before what follows. */
static inline void gic_mmio_barrier(void)
{
	__asm__ __volatile__("dsb sy" ::: "memory");
}

#endif /* GENIRQ_CONTROLLERS_GIC_SYSREG_H */

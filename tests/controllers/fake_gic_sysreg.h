/* SPDX-License-Identifier: MIT */
/*
 * fake_gic_sysreg.h - the accessors of controllers/gic_sysreg.h for host
 * tests: the GICv3 CPU interface's system registers go to the test's
 * fake (fake_icc_read/fake_icc_write) and into the fakeregs log, in the
 * FAKE_MSR space, each register by its encoding below.
 *
 * tests/controllers.mk compiles controllers/gicv3.c with
 * `-include tests/controllers/fake_gic_sysreg.h`; this file defines the
 * real header's guard, so the driver's #include "gic_sysreg.h" adds
 * nothing and the driver compiles unchanged against these.
 */
#ifndef GENIRQ_TESTS_FAKE_GIC_SYSREG_H
#define GENIRQ_TESTS_FAKE_GIC_SYSREG_H
#define GENIRQ_CONTROLLERS_GIC_SYSREG_H	/* stands in for controllers/gic_sysreg.h */

#include <stdbool.h>
#include <stdint.h>

/* op0=3 op1 CRn CRm op2, packed as in the MRS/MSR encoding. */
#define FAKE_ICC(op1, crn, crm, op2)	((3u << 14) | ((op1) << 11) | ((crn) << 7) | ((crm) << 3) | (op2))
#define FAKE_ICC_PMR		FAKE_ICC(0, 4, 6, 0)
#define FAKE_ICC_IAR1		FAKE_ICC(0, 12, 12, 0)
#define FAKE_ICC_EOIR1		FAKE_ICC(0, 12, 12, 1)
#define FAKE_ICC_BPR1		FAKE_ICC(0, 12, 12, 3)
#define FAKE_ICC_CTLR		FAKE_ICC(0, 12, 12, 4)
#define FAKE_ICC_SRE		FAKE_ICC(0, 12, 12, 5)
#define FAKE_ICC_IGRPEN1	FAKE_ICC(0, 12, 12, 7)
#define FAKE_ICC_SGI1R		FAKE_ICC(0, 12, 11, 5)
#define FAKE_ICC_RPR		FAKE_ICC(0, 12, 11, 3)
/* PSTATE.I: msr daifset/daifclr, #2 (op0=0 op1=3 CRn=4 CRm=2 op2=6/7). */
#define FAKE_DAIFSET_I		((3u << 11) | (4u << 7) | (2u << 3) | 6u)
#define FAKE_DAIFCLR_I		((3u << 11) | (4u << 7) | (2u << 3) | 7u)

/* fake_gic_cpuif.c: the accesses, an IAR1 queue, the last SGI1R value. */
uint64_t fake_icc_read(uint32_t reg);
void fake_icc_write(uint32_t reg, uint64_t v);
void fake_icc_push(uint32_t intid);
extern uint64_t fake_icc_sgi1r;
extern uint64_t fake_icc_rpr;		/* what ICC_RPR_EL1 reads */
extern uint64_t fake_icc_pmr;		/* ICC_PMR_EL1: the last value written */
extern bool fake_cpu_irq_masked;	/* PSTATE.I */

static inline uint32_t icc_iar1(void)
{
	return (uint32_t)fake_icc_read(FAKE_ICC_IAR1);
}

static inline uint32_t icc_rpr(void)
{
	return (uint32_t)fake_icc_read(FAKE_ICC_RPR);
}

static inline void icc_eoir1(uint32_t intid)
{
	fake_icc_write(FAKE_ICC_EOIR1, intid);
}

static inline void icc_sgi1r(uint64_t v)
{
	fake_icc_write(FAKE_ICC_SGI1R, v);
}

static inline uint64_t icc_sre(void)
{
	return fake_icc_read(FAKE_ICC_SRE);
}

static inline void icc_set_sre(uint64_t v)
{
	fake_icc_write(FAKE_ICC_SRE, v);
}

static inline uint32_t icc_pmr(void)
{
	return (uint32_t)fake_icc_read(FAKE_ICC_PMR);
}

static inline void icc_set_pmr(uint32_t v)
{
	fake_icc_write(FAKE_ICC_PMR, v);
}

static inline void icc_pmr_sync(void)
{
}

static inline void gic_cpu_irq_unmask(void)
{
	fake_icc_write(FAKE_DAIFCLR_I, 0);
}

static inline void gic_cpu_irq_mask(void)
{
	fake_icc_write(FAKE_DAIFSET_I, 0);
}

static inline void icc_set_bpr1(uint32_t v)
{
	fake_icc_write(FAKE_ICC_BPR1, v);
}

static inline void icc_set_ctlr(uint32_t v)
{
	fake_icc_write(FAKE_ICC_CTLR, v);
}

static inline void icc_set_igrpen1(uint32_t v)
{
	fake_icc_write(FAKE_ICC_IGRPEN1, v);
}

static inline void gic_mmio_barrier(void)
{
}

#endif /* GENIRQ_TESTS_FAKE_GIC_SYSREG_H */

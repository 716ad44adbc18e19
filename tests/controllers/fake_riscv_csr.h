/* SPDX-License-Identifier: MIT */
/*
 * fake_riscv_csr.h - the accessors of controllers/riscv_aia_csr.h for
 * host tests: the interrupt file's indirect registers and stopei go to a
 * fake (tests/controllers/imsic.c) and into fakeregs.c's log, space
 * FAKE_CSR, offset = the indirect register number (stopei: FAKE_STOPEI).
 *
 * tests/controllers.mk compiles the IMSIC driver with `-include` of this
 * file, which defines the real header's guard, so the driver compiles
 * unchanged against these.
 */
#ifndef GENIRQ_TESTS_FAKE_RISCV_CSR_H
#define GENIRQ_TESTS_FAKE_RISCV_CSR_H
#define GENIRQ_CONTROLLERS_RISCV_AIA_CSR_H	/* stands in for controllers/riscv_aia_csr.h */

#define FAKE_CSR	102u
#define FAKE_STOPEI	0x15cu

void fake_aia_ireg_write(unsigned long reg, unsigned long v);
unsigned long fake_aia_ireg_read(unsigned long reg);
unsigned long fake_aia_claim_topei(void);

static inline void aia_ireg_write(unsigned long reg, unsigned long v)
{
	fake_aia_ireg_write(reg, v);
}

static inline unsigned long aia_ireg_read(unsigned long reg)
{
	return fake_aia_ireg_read(reg);
}

static inline unsigned long aia_claim_topei(void)
{
	return fake_aia_claim_topei();
}

#endif /* GENIRQ_TESTS_FAKE_RISCV_CSR_H */

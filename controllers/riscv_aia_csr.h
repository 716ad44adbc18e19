/* SPDX-License-Identifier: MIT */
/*
 * riscv_aia_csr.h - the supervisor CSRs of the RISC-V AIA (Ssaia) that
 * the IMSIC driver uses: the interrupt file's registers reached through
 * siselect/sireg, and stopei, whose swap claims the top interrupt.
 *
 * Controller tests build the driver for the host with a fake of this
 * header included first (it defines this guard), as the x86 drivers do
 * with x86_pio.h.
 */
#ifndef GENIRQ_CONTROLLERS_RISCV_AIA_CSR_H
#define GENIRQ_CONTROLLERS_RISCV_AIA_CSR_H

#include <stdint.h>

#define CSR_SISELECT	0x150
#define CSR_SIREG	0x151
#define CSR_STOPEI	0x15c

static inline void aia_ireg_write(unsigned long reg, unsigned long v)
{
	__asm__ __volatile__("csrw %0, %1\n\tcsrw %2, %3"
			     : : "i"(CSR_SISELECT), "r"(reg), "i"(CSR_SIREG), "r"(v) : "memory");
}

static inline unsigned long aia_ireg_read(unsigned long reg)
{
	unsigned long v;

	__asm__ __volatile__("csrw %1, %2\n\tcsrr %0, %3"
			     : "=r"(v) : "i"(CSR_SISELECT), "r"(reg), "i"(CSR_SIREG) : "memory");
	return v;
}

/* Claim the top pending and enabled identity: (id << 16 | id), 0 for none. */
static inline unsigned long aia_claim_topei(void)
{
	unsigned long v;

	__asm__ __volatile__("csrrw %0, %1, zero" : "=r"(v) : "i"(CSR_STOPEI) : "memory");
	return v;
}

#endif /* GENIRQ_CONTROLLERS_RISCV_AIA_CSR_H */

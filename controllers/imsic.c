// SPDX-License-Identifier: MIT
/*
 * imsic.c - the RISC-V IMSIC's supervisor interrupt files (see
 * <genirq/chip/imsic.h>).
 *
 * Indirect registers of a file (AIA specification, "Interrupt files"):
 *   0x70 eidelivery (1: deliver), 0x72 eithreshold (0: every identity),
 *   0xc0 + 2k eie: enable bits of identities 64k..64k+63 (RV64: even
 *   numbers only, 64 bits each).
 * A claim is the swap of stopei: it clears the identity's pending bit
 * and returns it in bits 26:16.
 */
#include <genirq/chip/imsic.h>
#include <genirq/port.h>

#include "riscv_aia_csr.h"

#define EIDELIVERY	0x70ul
#define EITHRESHOLD	0x72ul
#define EIE0		0xc0ul
#define DELIVER_ON	1ul
#define ALL_IDS		0ul
#define TOPEI_ID_SHIFT	16
#define TOPEI_ID_MASK	0x7ffu
#define IDS_PER_REG	64u

struct imsic {
	struct imsic_config	cfg;
	struct irq_domain	*domain;
};

struct imsic *imsic_create(const struct imsic_config *cfg)
{
	struct imsic *im;

	if (!cfg || cfg->nr_ids == 0 || cfg->nr_ids > IMSIC_MAX_IDS || cfg->nr_cpus == 0 ||
	    cfg->nr_cpus > GENIRQ_NR_CPUS)
		return NULL;
	im = port_alloc(sizeof(*im));
	if (im)
		*im = (struct imsic){ .cfg = *cfg };
	return im;
}

void imsic_set_domain(struct imsic *im, struct irq_domain *domain)
{
	im->domain = domain;
}

void imsic_cpu_init(struct imsic *im)
{
	for (unsigned int first = 0; first <= im->cfg.nr_ids; first += IDS_PER_REG) {
		unsigned long bits = ~0ul;

		if (first == 0)
			bits &= ~1ul;			/* identity 0 does not exist */
		if (im->cfg.nr_ids - first < IDS_PER_REG - 1)
			bits &= (2ul << (im->cfg.nr_ids - first)) - 1;
		aia_ireg_write(EIE0 + 2 * (first / IDS_PER_REG), bits);
	}
	aia_ireg_write(EITHRESHOLD, ALL_IDS);
	aia_ireg_write(EIDELIVERY, DELIVER_ON);
}

void imsic_handle(struct imsic *im, void *regs)
{
	unsigned long id = (aia_claim_topei() >> TOPEI_ID_SHIFT) & TOPEI_ID_MASK;

	if (id == 0) {
		irq_spurious_vector();
		return;
	}
	/* An unmapped identity is counted by the core; the claim ended it. */
	if (im->domain)
		irq_handle_domain_entry(im->domain, id, regs);
	else
		irq_error_event();
}

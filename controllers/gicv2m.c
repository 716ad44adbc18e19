// SPDX-License-Identifier: MIT
/*
 * gicv2m.c - the GICv2m MSI frame (see <genirq/chip/gicv2m.h>).
 *
 * MSI_TYPER (frame + 0x008): bits 25:16 the first SPI's INTID, bits 9:0
 * the number of SPIs. Nothing else of the frame is programmed: the frame
 * turns a write of an SPI number to MSI_SETSPI_NS into an edge on that
 * SPI, and the GICv2 does the rest.
 */
#include <genirq/irqdomain.h>
#include <genirq/compat.h>
#include <genirq/msi.h>
#include <genirq/port.h>
#include <genirq/chip/gicv2m.h>

#include "gic_common.h"

#define MSI_TYPER		0x008u
#define MSI_TYPER_BASE(t)	(((t) >> 16) & 0x3ffu)
#define MSI_TYPER_COUNT(t)	((t) & 0x3ffu)

struct gicv2m {
	uintptr_t		frame;
	struct gicv2		*gic;
	unsigned int		first, count;
	struct irq_domain	*domain;
};

static void v2m_compose(struct irq_data *d, struct msi_msg *msg)
{
	const struct gicv2m *m = d->chip_data;
	uint64_t addr = (uint64_t)m->frame + GICV2M_SETSPI_NS;

	msg->address_lo = (uint32_t)addr;
	msg->address_hi = (uint32_t)(addr >> 32);
	msg->data = (uint32_t)d->hwirq;
}

/* Everything but the message is the GIC's. */
static const struct irq_chip gicv2m_chip = {
	.name			= "GICv2m",
	.mask			= irq_chip_mask_parent,
	.unmask			= irq_chip_unmask_parent,
	.eoi			= irq_chip_eoi_parent,
	.set_affinity		= irq_chip_set_affinity_parent,
	.retrigger		= irq_chip_retrigger_hierarchy,
	.compose_msi_msg	= v2m_compose,
};

static void v2m_free(struct irq_domain *d, unsigned int virq, unsigned int nr)
{
	for (unsigned int i = 0; i < nr; i++)
		irq_domain_set_hwirq_and_chip(d, virq + i, 0, NULL, NULL);
}

/* The GIC level below has taken an SPI of the frame for each line. */
static int v2m_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr, void *arg)
{
	struct gicv2m *m = irq_domain_host_data(d);

	(void)arg;
	for (unsigned int i = 0; i < nr; i++) {
		const struct irq_data *spi = irq_domain_get_irq_data(irq_domain_get_parent(d),
								     virq + i);

		if (!spi || spi->hwirq < m->first || spi->hwirq >= m->first + m->count) {
			v2m_free(d, virq, i);
			return -EINVAL;
		}
		irq_domain_set_hwirq_and_chip(d, virq + i, spi->hwirq, &gicv2m_chip, m);
	}
	return 0;
}

static const struct irq_domain_ops gicv2m_ops = {
	.alloc	= v2m_alloc,
	.free	= v2m_free,
};

struct gicv2m *gicv2m_create(struct gicv2 *gic, uintptr_t frame)
{
	struct gicv2m *m;
	uint32_t typer;

	if (!gic || !frame) {
		gic_report("gicv2m", "bad configuration");
		return NULL;
	}
	typer = gic_read(frame, MSI_TYPER);
	m = port_alloc(sizeof(*m));
	if (!m) {
		gic_report("gicv2m", "out of memory");
		return NULL;
	}
	*m = (struct gicv2m){ .frame = frame, .gic = gic, .first = MSI_TYPER_BASE(typer),
			      .count = MSI_TYPER_COUNT(typer) };
	if (m->count == 0 || gicv2_enable_hierarchy(gic, m->first, m->count) < 0) {
		gic_report("gicv2m", "MSI_TYPER names no SPIs of the GIC");
		goto fail;
	}
	m->domain = irq_domain_create_hierarchy(gicv2_domain(gic), "GICv2m", 0, &gicv2m_ops, m);
	if (m->domain)
		return m;
	gic_report("gicv2m", "no irq domain");
fail:
	port_free(m);
	return NULL;
}

struct irq_domain *gicv2m_domain(struct gicv2m *m)
{
	return m->domain;
}

void gicv2m_spis(const struct gicv2m *m, unsigned int *first, unsigned int *count)
{
	*first = m->first;
	*count = m->count;
}

unsigned int gicv2m_free_spis(struct gicv2m *m)
{
	return gicv2_hierarchy_free(m->gic);
}

// SPDX-License-Identifier: MIT
/*
 * gic_common.c - distributor helpers shared by the GICv2 and GICv3
 * drivers (see gic_common.h).
 */
#include <genirq/port.h>
#include <genirq/compat.h>
#include <genirq/irqdomain.h>

#include "gic_common.h"

#define ICFGR_EDGE	0x2u	/* of a line's two ICFGR bits: the upper one */

void gic_write_bit(uintptr_t base, uint32_t bank, irq_hw_number_t hw)
{
	gic_write(base, bank + 4u * (uint32_t)(hw / 32), 1u << (hw % 32));
}

/* Each state's banks, one bit an INTID: the one read, the one that sets
 * the state, the one that clears it. */
static const uint32_t state_banks[][3] = {
	[IRQCHIP_STATE_PENDING]	= { GICD_ISPENDR, GICD_ISPENDR, GICD_ICPENDR },
	[IRQCHIP_STATE_ACTIVE]	= { GICD_ISACTIVER, GICD_ISACTIVER, GICD_ICACTIVER },
	[IRQCHIP_STATE_MASKED]	= { GICD_ISENABLER, GICD_ICENABLER, GICD_ISENABLER },
};

int gic_get_state(uintptr_t base, irq_hw_number_t hw, enum irqchip_irq_state which, bool *state)
{
	uint32_t word = gic_read(base, state_banks[which][0] + 4u * (uint32_t)(hw / 32));
	bool set = (word >> (hw % 32)) & 1u;

	*state = which == IRQCHIP_STATE_MASKED ? !set : set;	/* enable bank: 1 unmasked */
	return 0;
}

int gic_set_state(uintptr_t base, irq_hw_number_t hw, enum irqchip_irq_state which, bool val)
{
	gic_write_bit(base, state_banks[which][val ? 1 : 2], hw);
	return 0;
}

void gic_set_priority(uintptr_t base, irq_hw_number_t hw, uint8_t prio)
{
	uint32_t off = GICD_IPRIORITYR + (uint32_t)(hw & ~3ul), shift = 8u * (uint32_t)(hw % 4);
	uint32_t v = gic_read(base, off);

	gic_write(base, off, (v & ~(0xffu << shift)) | (uint32_t)prio << shift);
}

int gic_set_trigger(uintptr_t base, irq_hw_number_t hw, unsigned int type)
{
	uint32_t off = GICD_ICFGR + 4u * (uint32_t)(hw / 16), shift = 2u * (uint32_t)(hw % 16);
	uint32_t v;

	if (type != IRQ_TYPE_LEVEL_HIGH && type != IRQ_TYPE_EDGE_RISING)
		return -EINVAL;
	v = gic_read(base, off) & ~(ICFGR_EDGE << shift);
	if (type == IRQ_TYPE_EDGE_RISING)
		v |= ICFGR_EDGE << shift;
	gic_write(base, off, v);
	return 0;
}

void gic_dist_reset_spis(uintptr_t base, unsigned int lines)
{
	const uint32_t prio4 = GIC_PRIO_DEFAULT * 0x01010101u;

	for (unsigned int i = GIC_FIRST_SPI; i < lines; i += 32) {
		gic_write(base, GICD_ICENABLER + i / 8, ~0u);
		gic_write(base, GICD_ICPENDR + i / 8, ~0u);
		gic_write(base, GICD_ICACTIVER + i / 8, ~0u);
	}
	for (unsigned int i = GIC_FIRST_SPI; i < lines; i += 4)
		gic_write(base, GICD_IPRIORITYR + i, prio4);
}

unsigned int gic_dist_lines(uintptr_t base)
{
	unsigned int lines = GICD_TYPER_LINES(gic_read(base, GICD_TYPER));

	return lines > GIC_MAX_LINES ? GIC_MAX_LINES : lines;
}

void gic_report(const char *driver, const char *what)
{
	size_t n = 0, d = 0;

	while (what[n])
		n++;
	while (driver[d])
		d++;
	port_console_write(driver, d);
	port_console_write(": ", 2);
	port_console_write(what, n);
	port_console_write("\n", 1);
}

int gic_map(struct irq_domain *d, unsigned int lines, const struct irq_chip *percpu_chip,
	    void *chip_data, irq_hw_number_t intid, unsigned int trigger)
{
	int irq, ret;

	if (intid >= lines)
		return -EINVAL;
	irq = irq_create_mapping(d, intid);
	if (irq < 0)
		return irq;
	if (intid < GIC_FIRST_SPI) {
		ret = irq_set_chip((unsigned int)irq, percpu_chip, chip_data);
		if (ret == 0)
			ret = irq_set_percpu((unsigned int)irq);
		if (ret == 0 && trigger != IRQ_TYPE_NONE)	/* a PPI's, from the tree */
			ret = irq_set_irq_type((unsigned int)irq, trigger);
	} else
		ret = irq_set_irq_type((unsigned int)irq, trigger);
	return ret < 0 ? ret : irq;
}

int gic_irq_domain_translate(struct irq_domain *d, const struct irq_fwspec *fwspec,
			     irq_hw_number_t *hwirq, unsigned int *type)
{
	unsigned int kind, n;

	(void)d;
	if (fwspec->param_count < 3)
		return -EINVAL;
	kind = fwspec->param[0];
	n = fwspec->param[1];
	if (kind == GIC_DT_SPI && n < GIC_MAX_LINES - GIC_FIRST_SPI)
		*hwirq = GIC_FIRST_SPI + n;
	else if (kind == GIC_DT_PPI && n < GIC_FIRST_SPI - GIC_FIRST_PPI)
		*hwirq = GIC_FIRST_PPI + n;
	else
		return -EINVAL;
	*type = fwspec->param[2] & IRQ_TYPE_SENSE_MASK;
	return 0;
}

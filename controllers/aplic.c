// SPDX-License-Identifier: MIT
/*
 * aplic.c - an APLIC interrupt domain in MSI delivery mode (see
 * <genirq/chip/aplic.h>).
 *
 * Only primitives. The message is the ack (the IMSIC claim ends it), so
 * the core runs every source with the fasteoi flow; the eoi matters for
 * level sources only: forwarding the message cleared the pending bit, and
 * writing the source number to setipnum sets it again if - and only if -
 * the source still asserts (AIA specification, "Special consideration
 * for level-sensitive interrupt sources"). QEMU 7.2 sets it whatever the
 * input, so the write is made only when in_clrip (the rectified inputs)
 * shows the source asserted. A shared or stuck level line so comes back,
 * as a level line must. A masked line is not re-armed at its eoi (its
 * device may be quiet by the unmask: a ONESHOT thread clears it) but at
 * its unmask, if it asserts then.
 *
 * Register map (offsets from the domain's base):
 *   0x0000 domaincfg (IE bit 8, DM bit 2: MSI mode)
 *   0x0000 + 4 * s sourcecfg s (SM bits 2:0), s = 1..1023
 *   0x1c00 + 4w setip: pending bits of sources 32w..32w+31 (read);
 *   0x1ddc clripnum
 *   0x1d00 + 4w in_clrip: rectified inputs of sources 32w..32w+31 (read)
 *   0x1e00 + 4w setie: enable bits (read)
 *   0x1edc setienum, 0x1fdc clrienum, 0x1f00 + 4w clrie (word w)
 *   0x2000 setipnum_le
 *   0x3000 + 4 * s target s (hart index bits 31:18, identity bits 10:0)
 */
#include <genirq/chip/aplic.h>
#include <genirq/compat.h>
#include <genirq/port.h>

#define DOMAINCFG		0x0000u
#define DOMAINCFG_IE		(1u << 8)
#define DOMAINCFG_DM_MSI	(1u << 2)
#define SOURCECFG(s)		(4u * (s))
#define SM_INACTIVE		0u
#define SM_EDGE_RISE		4u
#define SM_EDGE_FALL		5u
#define SM_LEVEL_HIGH		6u
#define SM_LEVEL_LOW		7u
#define SETIP(w)		(0x1c00u + 4u * (w))
#define CLRIPNUM		0x1ddcu
#define IN_CLRIP(w)		(0x1d00u + 4u * (w))
#define SETIE(w)		(0x1e00u + 4u * (w))
#define SETIENUM		0x1edcu
#define CLRIE(w)		(0x1f00u + 4u * (w))
#define CLRIENUM		0x1fdcu
#define SETIPNUM_LE		0x2000u
#define TARGET(s)		(0x3000u + 4u * (s))
#define TARGET_HART_SHIFT	18

struct aplic {
	struct aplic_config	cfg;
	struct irq_domain	*domain;
	bool			open[];	/* 0..nr_sources: enabled (under the line's lock) */
};

static uint32_t rd(const struct aplic *ap, uint32_t off)
{
	return *(volatile uint32_t *)(ap->cfg.base + off);
}

static void wr(const struct aplic *ap, uint32_t off, uint32_t v)
{
	*(volatile uint32_t *)(ap->cfg.base + off) = v;
}

/* A level source that still asserts gets its pending bit back. */
static void rearm_level(struct irq_data *d)
{
	uint32_t src = (uint32_t)d->hwirq;

	if ((d->trigger & IRQ_TYPE_LEVEL_MASK) &&
	    (rd(d->chip_data, IN_CLRIP(src / 32u)) & (1u << (src % 32u))))
		wr(d->chip_data, SETIPNUM_LE, src);
}

static void aplic_mask(struct irq_data *d)
{
	struct aplic *ap = d->chip_data;

	ap->open[d->hwirq] = false;
	wr(ap, CLRIENUM, (uint32_t)d->hwirq);
}

static void aplic_unmask(struct irq_data *d)
{
	struct aplic *ap = d->chip_data;

	ap->open[d->hwirq] = true;
	wr(ap, SETIENUM, (uint32_t)d->hwirq);
	rearm_level(d);
}

static void aplic_eoi(struct irq_data *d)
{
	struct aplic *ap = d->chip_data;

	if (ap->open[d->hwirq])
		rearm_level(d);
}

static int aplic_set_type(struct irq_data *d, unsigned int type)
{
	static const uint32_t mode[] = {
		[IRQ_TYPE_EDGE_RISING] = SM_EDGE_RISE, [IRQ_TYPE_EDGE_FALLING] = SM_EDGE_FALL,
		[IRQ_TYPE_LEVEL_HIGH] = SM_LEVEL_HIGH, [IRQ_TYPE_LEVEL_LOW] = SM_LEVEL_LOW,
	};

	if (type >= GENIRQ_ARRAY_SIZE(mode) || mode[type] == SM_INACTIVE)
		return -EINVAL;
	wr(d->chip_data, SOURCECFG(d->hwirq), mode[type]);
	return 0;
}

/* One message target: the source's identity on the chosen hart's file. */
static void aim(struct aplic *ap, irq_hw_number_t src, unsigned int cpu)
{
	wr(ap, TARGET(src), ap->cfg.hart_index[cpu] << TARGET_HART_SHIFT | (uint32_t)src);
}

static int aplic_set_affinity(struct irq_data *d, const struct irq_cpumask *dest)
{
	struct aplic *ap = d->chip_data;
	unsigned int cpu = cpumask_first(dest);

	if (cpu >= ap->cfg.nr_cpus)
		return -EINVAL;
	aim(ap, d->hwirq, cpu);
	irq_data_update_effective_cpu(d, cpu);
	return 0;
}

/*
 * The controller's view: the pending and enable bits. Pending is set
 * and cleared by number (an injected edge is forwarded as a message once
 * enabled); a forwarded message shows nowhere here: no active state.
 */
static int aplic_get_state(struct irq_data *d, enum irqchip_irq_state which, bool *state)
{
	uint32_t src = (uint32_t)d->hwirq, bit = 1u << (src % 32u);

	if (which == IRQCHIP_STATE_PENDING)
		*state = (rd(d->chip_data, SETIP(src / 32u)) & bit) != 0;
	else if (which == IRQCHIP_STATE_MASKED)
		*state = !(rd(d->chip_data, SETIE(src / 32u)) & bit);
	else
		return -EINVAL;
	return 0;
}

static int aplic_set_state(struct irq_data *d, enum irqchip_irq_state which, bool val)
{
	if (which == IRQCHIP_STATE_PENDING)
		wr(d->chip_data, val ? SETIPNUM_LE : CLRIPNUM, (uint32_t)d->hwirq);
	else if (which == IRQCHIP_STATE_MASKED)
		(val ? aplic_mask : aplic_unmask)(d);
	else
		return -EINVAL;
	return 0;
}

static const struct irq_chip aplic_chip = {
	.name		= "APLIC-MSI",
	.mask		= aplic_mask,
	.unmask		= aplic_unmask,
	.eoi		= aplic_eoi,
	.set_type	= aplic_set_type,
	.set_affinity	= aplic_set_affinity,
	.get_irqchip_state = aplic_get_state,
	.set_irqchip_state = aplic_set_state,
	.set_wake	= irq_chip_wake_when_enabled,	/* its message wakes wfi */
};

struct aplic *aplic_create(const struct aplic_config *cfg)
{
	struct aplic *ap;

	if (!cfg || !cfg->base || cfg->nr_sources == 0 || cfg->nr_sources > APLIC_MAX_SOURCES ||
	    cfg->nr_cpus == 0 || cfg->nr_cpus > GENIRQ_NR_CPUS)
		return NULL;
	ap = port_alloc(sizeof(*ap) + (cfg->nr_sources + 1u) * sizeof(ap->open[0]));
	if (!ap)
		return NULL;
	ap->cfg = *cfg;
	ap->domain = NULL;
	for (unsigned int s = 0; s <= cfg->nr_sources; s++)
		ap->open[s] = false;
	wr(ap, DOMAINCFG, 0);
	for (unsigned int w = 0; w <= cfg->nr_sources / 32u; w++)
		wr(ap, CLRIE(w), ~0u);
	for (unsigned int s = 1; s <= cfg->nr_sources; s++)
		wr(ap, SOURCECFG(s), SM_INACTIVE);
	wr(ap, DOMAINCFG, DOMAINCFG_IE | DOMAINCFG_DM_MSI);
	ap->domain = irq_domain_create_linear("APLIC", cfg->nr_sources + 1, &aplic_chip, ap);
	if (!ap->domain) {
		port_free(ap);
		return NULL;
	}
	return ap;
}

struct irq_domain *aplic_domain(struct aplic *ap)
{
	return ap->domain;
}

int aplic_map(struct aplic *ap, irq_hw_number_t src, unsigned int trigger)
{
	int irq, ret;

	if (src == 0 || src > ap->cfg.nr_sources)
		return -EINVAL;
	irq = irq_create_mapping(ap->domain, src);
	if (irq < 0)
		return irq;
	aim(ap, src, 0);
	ret = irq_set_irq_type((unsigned int)irq, trigger);
	return ret < 0 ? ret : irq;
}

// SPDX-License-Identifier: MIT
/*
 * gicv2.c - the Arm GICv2 (see <genirq/chip/gicv2.h>).
 *
 * The end of an interrupt must quote the IAR value it was acknowledged
 * with (an SGI's carries the sending CPU), and ends come in reverse order
 * of acknowledges (priority drop): each CPU keeps a small stack of the
 * IAR values it has taken, as the XICS driver does with its XIRRs.
 */
#include <stdatomic.h>
#include <genirq/irqdomain.h>
#include <genirq/compat.h>
#include <genirq/port.h>
#include <genirq/spinlock.h>
#include <genirq/chip/gicv2.h>

#include "gic_common.h"

#define GICD_CTLR_ENABLE	1u
#define GICD_ITARGETSR		0x800u
#define GICD_SGIR		0xf00u
#define GICD_SGIR_TARGET_SHIFT	16
#define GICC_CTLR		0x00u
#define GICC_PMR		0x04u
#define GICC_BPR		0x08u
#define GICC_IAR		0x0cu
#define GICC_EOIR		0x10u
#define GICC_CTLR_ENABLE	1u
#define GICC_IAR_INTID		0x3ffu
#define GICV2_MAX_CPUS		8u
#define NEST_MAX		8	/* interrupts in progress on one CPU */

struct gicv2_cpu {
	uint32_t	iar[NEST_MAX];
	unsigned int	depth;
	uint8_t		target;		/* this CPU's interface bit (ITARGETSR, SGIR) */
} __irq_cacheline_aligned;

struct gicv2 {
	uintptr_t		dist, cpuif;
	unsigned int		nr_cpus, lines;
	struct irq_domain	*domain;
	/* The domain's table of descriptor slots (irq_domain_slots()),
	 * indexed by INTID: the entry's. */
	struct irq_desc *const	*slots;
	unsigned int		nr_slots;
	/* SPIs handed to a child domain (gicv2_enable_hierarchy()): the
	 * range, and which of it are given; the lock covers the bits. */
	struct irq_spinlock	hier_lock;
	irq_hw_number_t		hier_first;
	unsigned int		hier_count;
	uint64_t		*hier_given;
	_Atomic uint32_t	percpu_enabled;	/* SGIs and PPIs, for CPUs coming up */
	uint8_t			percpu_prio[GIC_FIRST_SPI];
	struct gicv2_cpu	cpu[GENIRQ_NR_CPUS];
};

/* The calling CPU's interface bit: ITARGETSR0-7 are banked and read as
 * it. A uniprocessor GIC has them read-as-zero (everything goes to its
 * one CPU): interface 0. */
static uint8_t own_target(struct gicv2 *g)
{
	uint8_t t = (uint8_t)gic_read(g->dist, GICD_ITARGETSR);

	return t ? t : 1u;
}

static void gicv2_mask(struct irq_data *d)
{
	struct gicv2 *g = d->chip_data;

	if (d->hwirq < GIC_FIRST_SPI)
		atomic_fetch_and(&g->percpu_enabled, ~(1u << d->hwirq));
	gic_write_bit(g->dist, GICD_ICENABLER, d->hwirq);
}

static void gicv2_unmask(struct irq_data *d)
{
	struct gicv2 *g = d->chip_data;

	if (d->hwirq < GIC_FIRST_SPI)
		atomic_fetch_or(&g->percpu_enabled, 1u << d->hwirq);
	gic_write_bit(g->dist, GICD_ISENABLER, d->hwirq);
}

/* End the event on top of this CPU's stack. */
static void gicv2_end(struct gicv2 *g)
{
	struct gicv2_cpu *c = &g->cpu[port_cpu_id()];

	if (c->depth == 0) {
		gic_report("gicv2", "eoi with no interrupt in progress");
		return;
	}
	gic_write(g->cpuif, GICC_EOIR, c->iar[--c->depth]);
}

static void gicv2_eoi(struct irq_data *d)
{
	gicv2_end(d->chip_data);
}

static int gicv2_set_type(struct irq_data *d, unsigned int type)
{
	struct gicv2 *g = d->chip_data;

	return gic_set_trigger(g->dist, d->hwirq, type);
}

static void set_target(struct gicv2 *g, irq_hw_number_t hw, uint8_t target)
{
	uint32_t off = GICD_ITARGETSR + (uint32_t)(hw & ~3ul), shift = 8u * (uint32_t)(hw % 4);
	uint32_t v = gic_read(g->dist, off);

	gic_write(g->dist, off, (v & ~(0xffu << shift)) | (uint32_t)target << shift);
}

static int gicv2_set_affinity(struct irq_data *d, const struct irq_cpumask *dest)
{
	struct gicv2 *g = d->chip_data;
	unsigned int cpu = cpumask_first(dest);

	if (cpu >= g->nr_cpus || !g->cpu[cpu].target)
		return -EINVAL;
	set_target(g, d->hwirq, g->cpu[cpu].target);
	irq_data_update_effective_cpu(d, cpu);
	return 0;
}

static int gicv2_retrigger(struct irq_data *d)
{
	struct gicv2 *g = d->chip_data;

	gic_write_bit(g->dist, GICD_ISPENDR, d->hwirq);
	return 1;
}

/* A GICv2 banks SGIs and PPIs per CPU in the distributor: the caller's. */
static int gicv2_get_state(struct irq_data *d, enum irqchip_irq_state which, bool *state)
{
	struct gicv2 *g = d->chip_data;

	return gic_get_state(g->dist, d->hwirq, which, state);
}

static int gicv2_set_state(struct irq_data *d, enum irqchip_irq_state which, bool val)
{
	struct gicv2 *g = d->chip_data;

	return gic_set_state(g->dist, d->hwirq, which, val);
}

static const struct irq_chip gicv2_chip = {
	.name		= "GICv2",
	.mask		= gicv2_mask,
	.unmask		= gicv2_unmask,
	.eoi		= gicv2_eoi,
	.set_type	= gicv2_set_type,
	.set_affinity	= gicv2_set_affinity,
	.retrigger	= gicv2_retrigger,
	.get_irqchip_state = gicv2_get_state,
	.set_irqchip_state = gicv2_set_state,
	.set_wake	= irq_chip_wake_when_enabled,	/* wfi wakes */
};

/*
 * An SGI is always an edge; a PPI's trigger is written to the calling
 * CPU's bank of GICD_ICFGR1 (whether a PPI's is writable is the
 * implementation's choice: one that is not keeps its own).
 */
static int gicv2_percpu_set_type(struct irq_data *d, unsigned int type)
{
	if (d->hwirq < GIC_FIRST_PPI)
		return type == IRQ_TYPE_EDGE_RISING ? 0 : -EINVAL;
	return gicv2_set_type(d, type);
}

/* SGIs and PPIs: no routing. */
static const struct irq_chip gicv2_percpu_chip = {
	.name		= "GICv2",
	.mask		= gicv2_mask,
	.unmask		= gicv2_unmask,
	.set_type	= gicv2_percpu_set_type,
	.eoi		= gicv2_eoi,
	.retrigger	= gicv2_retrigger,
	.get_irqchip_state = gicv2_get_state,
	.set_irqchip_state = gicv2_set_state,
	.set_wake	= irq_chip_wake_when_enabled,	/* wfi wakes */
};

/* --- SPIs for a child domain (the GICv2m's) --- */

static bool given(const struct gicv2 *g, unsigned int i)
{
	return (g->hier_given[i / 64] >> (i % 64)) & 1u;
}

static void hier_free(struct irq_domain *d, unsigned int virq, unsigned int nr)
{
	struct gicv2 *g = irq_domain_host_data(d);

	for (unsigned int i = 0; i < nr; i++) {
		struct irq_data *data = irq_domain_get_irq_data(d, virq + i);
		unsigned long flags;
		unsigned int k;

		if (!data || data->chip_data != g)
			continue;
		gic_write_bit(g->dist, GICD_ICENABLER, data->hwirq);
		k = (unsigned int)(data->hwirq - g->hier_first);
		flags = irq_spin_lock_irqsave(&g->hier_lock);
		g->hier_given[k / 64] &= ~(1ull << (k % 64));
		irq_spin_unlock_irqrestore(&g->hier_lock, flags);
		irq_domain_set_hwirq_and_chip(d, virq + i, 0, NULL, NULL);
	}
}

/* A free SPI of the range, taken. Return: it, or 0 (none). */
static irq_hw_number_t spi_take(struct gicv2 *g, struct irq_domain *d)
{
	unsigned long flags = irq_spin_lock_irqsave(&g->hier_lock);
	irq_hw_number_t hw = 0;

	for (unsigned int i = 0; i < g->hier_count && !hw; i++)
		if (!given(g, i) && irq_domain_hwirq_free(d, g->hier_first + i)) {
			g->hier_given[i / 64] |= 1ull << (i % 64);
			hw = g->hier_first + i;
		}
	irq_spin_unlock_irqrestore(&g->hier_lock, flags);
	return hw;
}

/* Each line an edge-triggered SPI of the range, disabled, routed to CPU 0
 * (gicv2_create() routed them all there). */
static int hier_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr, void *arg)
{
	struct gicv2 *g = irq_domain_host_data(d);
	unsigned int i;
	int ret = 0;

	(void)arg;
	if (irq_get_irq_data(virq) == irq_domain_get_irq_data(d, virq))
		return -EINVAL;		/* only a child level allocates here */
	for (i = 0; i < nr; i++) {
		irq_hw_number_t hw = spi_take(g, d);

		if (!hw) {
			ret = -ENOSPC;
			break;
		}
		gic_write_bit(g->dist, GICD_ICENABLER, hw);
		gic_set_trigger(g->dist, hw, IRQ_TYPE_EDGE_RISING);
		/* Cannot fail: the core made this level of the line. */
		irq_domain_set_hwirq_and_chip(d, virq + i, hw, &gicv2_chip, g);
		irq_data_update_effective_cpu(irq_domain_get_irq_data(d, virq + i), 0);
	}
	if (ret)
		hier_free(d, virq, i);		/* what this call gave */
	return ret;
}

static const struct irq_domain_ops gicv2_hier_ops = {
	.alloc	= hier_alloc,
	.free	= hier_free,
};

int gicv2_enable_hierarchy(struct gicv2 *g, irq_hw_number_t first, unsigned int count)
{
	int ret;

	if (!g || count == 0 || first < GIC_FIRST_SPI || first >= g->lines ||
	    count > g->lines - first || g->hier_count)
		return -EINVAL;
	g->hier_given = port_alloc(sizeof(uint64_t) * ((count + 63) / 64));
	if (!g->hier_given)
		return -ENOMEM;
	for (unsigned int i = 0; i < (count + 63) / 64; i++)
		g->hier_given[i] = 0;
	ret = irq_domain_set_hierarchy_ops(g->domain, &gicv2_hier_ops, g);
	if (ret) {
		port_free(g->hier_given);
		g->hier_given = NULL;
		return ret;
	}
	irq_spin_init(&g->hier_lock);
	g->hier_first = first;
	g->hier_count = count;
	return 0;
}

unsigned int gicv2_hierarchy_free(struct gicv2 *g)
{
	unsigned long flags;
	unsigned int n = 0;

	if (!g->hier_count)
		return 0;
	flags = irq_spin_lock_irqsave(&g->hier_lock);
	for (unsigned int i = 0; i < g->hier_count; i++)
		n += !given(g, i) && irq_domain_hwirq_free(g->domain, g->hier_first + i);
	irq_spin_unlock_irqrestore(&g->hier_lock, flags);
	return n;
}

struct gicv2 *gicv2_create(const struct gicv2_config *cfg)
{
	struct gicv2 *g;

	if (!cfg || !cfg->dist || !cfg->cpu || cfg->nr_cpus == 0 ||
	    cfg->nr_cpus > GENIRQ_NR_CPUS || cfg->nr_cpus > GICV2_MAX_CPUS) {
		gic_report("gicv2", "bad configuration");
		return NULL;
	}
	g = port_alloc(sizeof(*g));
	if (!g) {
		gic_report("gicv2", "out of memory");
		return NULL;
	}
	*g = (struct gicv2){ .dist = cfg->dist, .cpuif = cfg->cpu, .nr_cpus = cfg->nr_cpus };
	for (unsigned int i = 0; i < GIC_FIRST_SPI; i++)
		g->percpu_prio[i] = GIC_PRIO_DEFAULT;
	g->lines = gic_dist_lines(g->dist);
	gic_write(g->dist, GICD_CTLR, 0);
	gic_dist_reset_spis(g->dist, g->lines);
	g->cpu[0].target = own_target(g);
	for (unsigned int i = GIC_FIRST_SPI; i < g->lines; i++)
		set_target(g, i, g->cpu[0].target);
	gic_write(g->dist, GICD_CTLR, GICD_CTLR_ENABLE);
	g->domain = irq_domain_create_linear("GICv2", g->lines, &gicv2_chip, g);
	g->slots = irq_domain_slots(g->domain, &g->nr_slots);
	if (g->domain)
		return g;
	gic_report("gicv2", "no irq domain");
	port_free(g);
	return NULL;
}

struct irq_domain *gicv2_domain(struct gicv2 *g)
{
	return g->domain;
}

int gicv2_map(struct gicv2 *g, irq_hw_number_t intid, unsigned int trigger)
{
	return gic_map(g->domain, g->lines, &gicv2_percpu_chip, g, intid, trigger);
}

int gicv2_set_priority(struct gicv2 *g, irq_hw_number_t intid, uint8_t prio)
{
	if (intid >= g->lines)
		return -EINVAL;
	if (intid < GIC_FIRST_SPI)
		g->percpu_prio[intid] = prio;
	gic_set_priority(g->dist, intid, prio);
	return 0;
}

void gicv2_cpu_init(struct gicv2 *g)
{
	struct gicv2_cpu *c = &g->cpu[port_cpu_id()];
	uint32_t enabled = atomic_load(&g->percpu_enabled);

	c->depth = 0;
	c->target = own_target(g);
	gic_write(g->dist, GICD_ICENABLER, ~enabled);
	gic_write(g->dist, GICD_ICPENDR, ~0u);
	for (unsigned int i = 0; i < GIC_FIRST_SPI; i++)
		gic_set_priority(g->dist, i, g->percpu_prio[i]);
	gic_write(g->dist, GICD_ISENABLER, enabled);
	gic_write(g->cpuif, GICC_PMR, GIC_PRIO_MASK_OPEN);
	gic_write(g->cpuif, GICC_BPR, 0);
	gic_write(g->cpuif, GICC_CTLR, GICC_CTLR_ENABLE);
}

void gicv2_handle(struct gicv2 *g, void *regs)
{
	struct gicv2_cpu *c = &g->cpu[port_cpu_id()];
	uint32_t iar = gic_read(g->cpuif, GICC_IAR);
	irq_hw_number_t hw = iar & GICC_IAR_INTID;
	int ret;

	if (hw >= GIC_MAX_LINES) {
		irq_spurious_vector();	/* nothing acknowledged: nothing to end */
		return;
	}
	if (c->depth == NEST_MAX) {
		gic_report("gicv2", "too many nested interrupts, one dropped");
		gic_write(g->cpuif, GICC_EOIR, iar);
		return;
	}
	c->iar[c->depth++] = iar;
	/* By the INTID's slot in the domain's table, read by the core in
	 * hardirq context; an INTID past it by the domain lookup. */
	if (irq_likely(hw < g->nr_slots))
		ret = irq_handle_desc_entry(&g->slots[hw], regs);
	else
		ret = irq_handle_domain_entry(g->domain, hw, regs);
	if (ret < 0)
		gicv2_end(g);	/* unmapped: counted by the core, ended here */
}

void gicv2_send_sgi(struct gicv2 *g, unsigned int cpu, unsigned int sgi)
{
	if (cpu >= g->nr_cpus || sgi >= GIC_NR_SGIS || !g->cpu[cpu].target)
		return;
	__asm__ __volatile__("" ::: "memory");
	gic_write(g->dist, GICD_SGIR, (uint32_t)g->cpu[cpu].target << GICD_SGIR_TARGET_SHIFT | sgi);
}

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
#include <genirq/port.h>
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

static int gicv2_set_affinity(struct irq_data *d, const struct cpumask *dest)
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

static const struct irq_chip gicv2_chip = {
	.name		= "GICv2",
	.mask		= gicv2_mask,
	.unmask		= gicv2_unmask,
	.eoi		= gicv2_eoi,
	.set_type	= gicv2_set_type,
	.set_affinity	= gicv2_set_affinity,
	.retrigger	= gicv2_retrigger,
};

/* SGIs and PPIs: no trigger to set, no routing. */
static const struct irq_chip gicv2_percpu_chip = {
	.name		= "GICv2",
	.mask		= gicv2_mask,
	.unmask		= gicv2_unmask,
	.eoi		= gicv2_eoi,
	.retrigger	= gicv2_retrigger,
};

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
	if (irq_handle_domain_entry(g->domain, hw, regs) < 0)
		gicv2_end(g);	/* unmapped: counted by the core, ended here */
}

void gicv2_send_sgi(struct gicv2 *g, unsigned int cpu, unsigned int sgi)
{
	if (cpu >= g->nr_cpus || sgi >= GIC_NR_SGIS || !g->cpu[cpu].target)
		return;
	__asm__ __volatile__("" ::: "memory");
	gic_write(g->dist, GICD_SGIR, (uint32_t)g->cpu[cpu].target << GICD_SGIR_TARGET_SHIFT | sgi);
}

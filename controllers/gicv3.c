// SPDX-License-Identifier: MIT
/*
 * gicv3.c - the Arm GICv3 (see <genirq/chip/gicv3.h>).
 *
 * SPIs live in the distributor, SGIs and PPIs in each CPU's
 * redistributor (its second 64 KiB frame has the distributor's layout
 * for INTIDs 0-31, so gic_common.c serves both). Registers that take a
 * while to apply (GICD_CTLR, enables) are followed by a wait for
 * GICD_CTLR.RWP before anything depends on them.
 *
 * Pseudo-NMIs (gicv3_enable_pseudo_nmi()): a line made an NMI has
 * GICV3_PRIO_NMI, above the priority mask the port sets for "interrupts
 * off", so it is signalled while ordinary lines wait; the port's entry is
 * then gicv3_handle_pseudo_nmi(), which knows it by the running priority
 * once acknowledged and takes it as an NMI (gicv3_handle() stays as it
 * was, for a port without them). An ordinary event runs with the PMR at
 * the port's "off" and PSTATE.I clear, so an NMI may interrupt its
 * handler; the PMR the interrupted context had is put back at the end.
 */
#include <stdatomic.h>
#include <genirq/port.h>
#include <genirq/compat.h>
#include <genirq/nmi.h>
#include <genirq/chip/gicv3.h>

#include "gic_common.h"
#include "gic_sysreg.h"

#define GICD_CTLR_RWP		(1u << 31)
#define GICD_CTLR_ARE		(1u << 4)	/* affinity routing */
#define GICD_CTLR_GRP1		(1u << 1)
#define GICD_IROUTER		0x6000u
#define GICR_CTLR		0x0000u
#define GICR_TYPER		0x0008u
#define GICR_WAKER		0x0014u
#define GICR_PROPBASER		0x0070u
#define GICR_PENDBASER		0x0078u
#define GICR_CTLR_ENABLE_LPIS	(1u << 0)
#define GICR_TYPER_PLPIS	(1u << 0)
#define GICR_TYPER_VLPIS	(1u << 1)
#define GICR_TYPER_PROCNUM(t)	(((t) >> 8) & 0xffffu)
#define GICR_PENDBASER_PTZ_HI	(1u << 30)	/* bit 62: the table is zero */
#define LPI_MIN_ID_BITS		14u
#define GICR_TYPER_LAST		(1u << 4)
#define GICR_WAKER_SLEEP	(1u << 1)
#define GICR_WAKER_ASLEEP	(1u << 2)
#define GICR_SGI_FRAME		0x10000u
#define GICR_STRIDE		0x20000u	/* RD + SGI frames; +2 with vLPIs (GICv4) */
#define GICR_STRIDE_V4		0x40000u
#define MAX_REDISTS		64u		/* redistributors scanned for a CPU */
#define ICC_SRE_SRE		1u
#define ICC_CTLR_EOIMODE0	0u
#define SGI1R_INTID_SHIFT	24
#define SGI1R_AFF1_SHIFT	16
#define SGI1R_AFF2_SHIFT	32
#define SGI1R_AFF3_SHIFT	48
#define AFF0_TARGETS		16u		/* SGI1R's TargetList reaches Aff0 0-15 */
#define RWP_POLLS		1000000u
#define WAKER_POLLS		1000000u

struct gicv3 {
	uintptr_t		dist;
	uintptr_t		sgi[GENIRQ_NR_CPUS];	/* each CPU's SGI/PPI frame */
	unsigned int		nr_cpus, lines;
	uint64_t		mpidr[GENIRQ_NR_CPUS];
	struct irq_domain	*domain;
	struct irq_domain	*lpis;		/* an ITS's: hwirq = INTID - GIC_FIRST_LPI */
	unsigned int		nr_lpis;
	/* The two domains' tables of descriptor slots (irq_domain_slots()),
	 * indexed by INTID and by INTID - GIC_FIRST_LPI: the entry's. */
	struct irq_desc *const	*slots, *const *lpi_slots;
	unsigned int		nr_slots, nr_lpi_slots;
	/* The per-CPU lines' state, given to each CPU as it comes up. */
	_Atomic uint32_t	percpu_enabled;
	uint8_t			percpu_prio[GIC_FIRST_SPI];
	atomic_bool		pseudo_nmi;	/* lines may be NMIs */
};

static void wait_rwp(struct gicv3 *g)
{
	for (unsigned int i = 0; gic_read(g->dist, GICD_CTLR) & GICD_CTLR_RWP; i++)
		if (i == RWP_POLLS) {
			gic_report("gicv3", "distributor register write never completed");
			return;
		}
}

/* MPIDR_EL1's affinity fields as GICR_TYPER[63:32] holds them. */
static uint32_t aff32(uint64_t mpidr)
{
	return (uint32_t)(mpidr & 0xffffffu) | (uint32_t)((mpidr >> 32) & 0xffu) << 24;
}

/* --- SPIs: the distributor --- */

static void spi_mask(struct irq_data *d)
{
	struct gicv3 *g = d->chip_data;

	gic_write_bit(g->dist, GICD_ICENABLER, d->hwirq);
	wait_rwp(g);
}

static void spi_unmask(struct irq_data *d)
{
	struct gicv3 *g = d->chip_data;

	gic_write_bit(g->dist, GICD_ISENABLER, d->hwirq);
}

static void gicv3_eoi(struct irq_data *d)
{
	icc_eoir1((uint32_t)d->hwirq);
}

static int spi_set_type(struct irq_data *d, unsigned int type)
{
	struct gicv3 *g = d->chip_data;

	return gic_set_trigger(g->dist, d->hwirq, type);
}

static void route(struct gicv3 *g, irq_hw_number_t hw, unsigned int cpu)
{
	uint32_t off = GICD_IROUTER + 8u * (uint32_t)hw;

	gic_write(g->dist, off, (uint32_t)(g->mpidr[cpu] & 0xffffffu));
	gic_write(g->dist, off + 4, (uint32_t)(g->mpidr[cpu] >> 32) & 0xffu);
}

static int spi_set_affinity(struct irq_data *d, const struct irq_cpumask *dest)
{
	struct gicv3 *g = d->chip_data;
	unsigned int cpu = cpumask_first(dest);

	if (cpu >= g->nr_cpus)
		return -EINVAL;
	route(g, d->hwirq, cpu);
	irq_data_update_effective_cpu(d, cpu);
	return 0;
}

static int spi_retrigger(struct irq_data *d)
{
	struct gicv3 *g = d->chip_data;

	gic_write_bit(g->dist, GICD_ISPENDR, d->hwirq);
	return 1;
}

static int spi_get_state(struct irq_data *d, enum irqchip_irq_state which, bool *state)
{
	struct gicv3 *g = d->chip_data;

	return gic_get_state(g->dist, d->hwirq, which, state);
}

/* Masked through the driver's own mask, which waits for the write to take. */
static int spi_set_state(struct irq_data *d, enum irqchip_irq_state which, bool val)
{
	struct gicv3 *g = d->chip_data;

	if (which == IRQCHIP_STATE_MASKED)
		(val ? spi_mask : spi_unmask)(d);
	else
		gic_set_state(g->dist, d->hwirq, which, val);
	return 0;
}

/* --- pseudo-NMIs: a line's priority above the port's mask --- */

/* Priority @prio for the line: an SPI in the distributor, an SGI or PPI
 * in the calling CPU's redistributor (each CPU prepares its own). */
static int nmi_prio(struct irq_data *d, uint8_t prio)
{
	struct gicv3 *g = d->chip_data;

	if (!atomic_load_explicit(&g->pseudo_nmi, memory_order_relaxed))
		return -ENXIO;		/* the port still masks with PSTATE.I */
	if (d->hwirq >= GIC_FIRST_SPI) {
		gic_set_priority(g->dist, d->hwirq, prio);
		wait_rwp(g);
	} else {
		gic_set_priority(g->sgi[port_cpu_id()], d->hwirq, prio);
	}
	return 0;
}

static int gicv3_nmi_setup(struct irq_data *d)
{
	return nmi_prio(d, GICV3_PRIO_NMI);
}

static void gicv3_nmi_teardown(struct irq_data *d)
{
	struct gicv3 *g = d->chip_data;

	(void)nmi_prio(d, d->hwirq >= GIC_FIRST_SPI ? GIC_PRIO_DEFAULT : g->percpu_prio[d->hwirq]);
}

static const struct irq_chip gicv3_chip = {
	.name		= "GICv3",
	.mask		= spi_mask,
	.unmask		= spi_unmask,
	.eoi		= gicv3_eoi,
	.set_type	= spi_set_type,
	.set_affinity	= spi_set_affinity,
	.retrigger	= spi_retrigger,
	.get_irqchip_state = spi_get_state,
	.set_irqchip_state = spi_set_state,
	.set_wake	= irq_chip_wake_when_enabled,	/* wfi wakes */
	.nmi_setup	= gicv3_nmi_setup,
	.nmi_teardown	= gicv3_nmi_teardown,
	.flags		= IRQCHIP_SUPPORTS_NMI,
};

/* --- SGIs and PPIs: every CPU's redistributor --- */

static void percpu_write(struct gicv3 *g, uint32_t bank, irq_hw_number_t hw)
{
	for (unsigned int cpu = 0; cpu < g->nr_cpus; cpu++)
		gic_write_bit(g->sgi[cpu], bank, hw);
}

static void percpu_mask(struct irq_data *d)
{
	struct gicv3 *g = d->chip_data;

	atomic_fetch_and(&g->percpu_enabled, ~(1u << d->hwirq));
	percpu_write(g, GICD_ICENABLER, d->hwirq);
}

static void percpu_unmask(struct irq_data *d)
{
	struct gicv3 *g = d->chip_data;

	atomic_fetch_or(&g->percpu_enabled, 1u << d->hwirq);
	percpu_write(g, GICD_ISENABLER, d->hwirq);
}

/* The calling CPU's copy of the line. */
static int percpu_retrigger(struct irq_data *d)
{
	struct gicv3 *g = d->chip_data;

	gic_write_bit(g->sgi[port_cpu_id()], GICD_ISPENDR, d->hwirq);
	return 1;
}

/*
 * The calling CPU's copy of the line, in its redistributor. Masked is not
 * set here: the driver keeps every CPU's copy alike (percpu_mask()).
 */
static int percpu_get_state(struct irq_data *d, enum irqchip_irq_state which, bool *state)
{
	struct gicv3 *g = d->chip_data;

	return gic_get_state(g->sgi[port_cpu_id()], d->hwirq, which, state);
}

static int percpu_set_state(struct irq_data *d, enum irqchip_irq_state which, bool val)
{
	struct gicv3 *g = d->chip_data;

	if (which == IRQCHIP_STATE_MASKED)
		return -EINVAL;
	return gic_set_state(g->sgi[port_cpu_id()], d->hwirq, which, val);
}

/*
 * An SGI is always an edge; a PPI's trigger is set in every CPU's
 * redistributor (GICR_ICFGR1), as the device tree gives it (the generic
 * timer's are level).
 */
static int percpu_set_type(struct irq_data *d, unsigned int type)
{
	struct gicv3 *g = d->chip_data;
	int ret = 0;

	if (d->hwirq < GIC_FIRST_PPI)
		return type == IRQ_TYPE_EDGE_RISING ? 0 : -EINVAL;
	for (unsigned int cpu = 0; cpu < g->nr_cpus && !ret; cpu++)
		ret = gic_set_trigger(g->sgi[cpu], d->hwirq, type);
	return ret;
}

static const struct irq_chip gicv3_percpu_chip = {
	.name		= "GICv3",
	.mask		= percpu_mask,
	.unmask		= percpu_unmask,
	.set_type	= percpu_set_type,
	.eoi		= gicv3_eoi,
	.retrigger	= percpu_retrigger,
	.get_irqchip_state = percpu_get_state,
	.set_irqchip_state = percpu_set_state,
	.nmi_setup	= gicv3_nmi_setup,
	.nmi_teardown	= gicv3_nmi_teardown,
	.flags		= IRQCHIP_SUPPORTS_NMI,
};

/* --- set-up --- */

static bool find_redists(struct gicv3 *g, uintptr_t base)
{
	for (unsigned int cpu = 0; cpu < g->nr_cpus; cpu++) {
		uintptr_t rd = base;

		for (unsigned int i = 0; i < MAX_REDISTS; i++) {
			uint32_t typer = gic_read(rd, GICR_TYPER);

			if (gic_read(rd, GICR_TYPER + 4) == aff32(g->mpidr[cpu])) {
				g->sgi[cpu] = rd + GICR_SGI_FRAME;
				break;
			}
			if (typer & GICR_TYPER_LAST)
				break;
			rd += (typer & GICR_TYPER_VLPIS) ? GICR_STRIDE_V4 : GICR_STRIDE;
		}
		if (!g->sgi[cpu])
			return false;
	}
	return true;
}

struct gicv3 *gicv3_create(const struct gicv3_config *cfg)
{
	struct gicv3 *g;

	if (!cfg || !cfg->dist || !cfg->redist || cfg->nr_cpus == 0 ||
	    cfg->nr_cpus > GENIRQ_NR_CPUS) {
		gic_report("gicv3", "bad configuration");
		return NULL;
	}
	g = port_alloc(sizeof(*g));
	if (!g) {
		gic_report("gicv3", "out of memory");
		return NULL;
	}
	*g = (struct gicv3){ .dist = cfg->dist, .nr_cpus = cfg->nr_cpus };
	for (unsigned int i = 0; i < cfg->nr_cpus; i++)
		g->mpidr[i] = cfg->mpidr[i];
	for (unsigned int i = 0; i < GIC_FIRST_SPI; i++)
		g->percpu_prio[i] = GIC_PRIO_DEFAULT;
	if (!find_redists(g, cfg->redist)) {
		gic_report("gicv3", "a CPU has no redistributor");
		goto fail;
	}
	g->lines = gic_dist_lines(g->dist);
	gic_write(g->dist, GICD_CTLR, 0);
	wait_rwp(g);
	gic_dist_reset_spis(g->dist, g->lines);
	for (unsigned int i = GIC_FIRST_SPI; i < g->lines; i += 32)
		gic_write(g->dist, GICD_IGROUPR + i / 8, ~0u);
	for (unsigned int i = GIC_FIRST_SPI; i < g->lines; i++)
		route(g, i, 0);
	wait_rwp(g);
	gic_write(g->dist, GICD_CTLR, GICD_CTLR_ARE);
	wait_rwp(g);
	gic_write(g->dist, GICD_CTLR, GICD_CTLR_ARE | GICD_CTLR_GRP1);
	wait_rwp(g);
	g->domain = irq_domain_create_linear("GICv3", g->lines, &gicv3_chip, g);
	g->slots = irq_domain_slots(g->domain, &g->nr_slots);
	if (g->domain)
		return g;
	gic_report("gicv3", "no irq domain");
fail:
	port_free(g);
	return NULL;
}

void gicv3_enable_pseudo_nmi(struct gicv3 *g)
{
	atomic_store_explicit(&g->pseudo_nmi, true, memory_order_relaxed);
}

struct irq_domain *gicv3_domain(struct gicv3 *g)
{
	return g->domain;
}

int gicv3_map(struct gicv3 *g, irq_hw_number_t intid, unsigned int trigger)
{
	return gic_map(g->domain, g->lines, &gicv3_percpu_chip, g, intid, trigger);
}

int gicv3_set_priority(struct gicv3 *g, irq_hw_number_t intid, uint8_t prio)
{
	if (intid >= g->lines)
		return -EINVAL;
	if (intid >= GIC_FIRST_SPI) {
		gic_set_priority(g->dist, intid, prio);
		return 0;
	}
	g->percpu_prio[intid] = prio;
	for (unsigned int cpu = 0; cpu < g->nr_cpus; cpu++)
		gic_set_priority(g->sgi[cpu], intid, prio);
	return 0;
}

void gicv3_cpu_init(struct gicv3 *g)
{
	uintptr_t sgi = g->sgi[port_cpu_id()], rd = sgi - GICR_SGI_FRAME;
	unsigned int i;

	gic_write(rd, GICR_WAKER, gic_read(rd, GICR_WAKER) & ~GICR_WAKER_SLEEP);
	for (i = 0; gic_read(rd, GICR_WAKER) & GICR_WAKER_ASLEEP; i++)
		if (i == WAKER_POLLS) {
			gic_report("gicv3", "redistributor did not wake");
			break;
		}
	gic_write(sgi, GICD_IGROUPR, ~0u);
	gic_write(sgi, GICD_ICENABLER, ~atomic_load(&g->percpu_enabled));
	gic_write(sgi, GICD_ICPENDR, ~0u);
	for (i = 0; i < GIC_FIRST_SPI; i++)
		gic_set_priority(sgi, i, g->percpu_prio[i]);
	gic_write(sgi, GICD_ISENABLER, atomic_load(&g->percpu_enabled));
	gic_mmio_barrier();

	icc_set_sre(icc_sre() | ICC_SRE_SRE);
	icc_set_pmr(GIC_PRIO_MASK_OPEN);
	icc_set_bpr1(0);
	icc_set_ctlr(ICC_CTLR_EOIMODE0);
	icc_set_igrpen1(1);
}

/*
 * A line of either domain is entered by its slot in the domain's table
 * (the core reads it in hardirq context: a line disposed meanwhile finds
 * it empty); an INTID beyond the table by the domain lookup, which counts
 * it in ERR. Either way a line that has no descriptor is ended here.
 */
static __irq_always_inline void dispatch(struct gicv3 *g, uint32_t intid, void *regs)
{
	uint32_t lpi = intid - GIC_FIRST_LPI;	/* (wraps below the LPIs) */
	int ret;

	if (irq_likely(intid < g->nr_slots))
		ret = irq_handle_desc_entry(&g->slots[intid], regs);
	else if (intid < GIC_MAX_LINES)
		ret = irq_handle_domain_entry(g->domain, intid, regs);
	else if (lpi < g->nr_lpi_slots)
		ret = irq_handle_desc_entry(&g->lpi_slots[lpi], regs);
	else if (intid >= GIC_FIRST_LPI && lpi < g->nr_lpis)
		ret = irq_handle_domain_entry(g->lpis, lpi, regs);
	else {
		irq_spurious_vector();	/* nothing acknowledged: nothing to end */
		return;
	}
	if (ret < 0)
		icc_eoir1(intid);	/* no line: counted by the core, ended here */
}

void gicv3_handle(struct gicv3 *g, void *regs)
{
	dispatch(g, icc_iar1() & 0xffffffu, regs);
}

/*
 * An event at the NMI's running priority is an NMI: the CPU interface
 * signalled it past the port's mask, maybe into a section with local
 * interrupts off, maybe into a handler; it runs with PSTATE.I set, as the
 * exception entered. Any other event: the ordinary priorities masked by
 * the PMR (raised only now: the acknowledge must see the event pass the
 * mask), then PSTATE.I cleared for the NMI. The exception return does not
 * restore the PMR, and the softirqs run from irq_exit() turn local
 * interrupts on and off again through it, leaving "off": the interrupted
 * context's value is written back, after PSTATE.I is set again.
 */
void gicv3_handle_pseudo_nmi(struct gicv3 *g, void *regs)
{
	uint32_t intid = icc_iar1() & 0xffffffu, pmr;

	if (intid < GIC_MAX_LINES && icc_rpr() == GICV3_PRIO_NMI) {
		if (irq_handle_domain_nmi_entry(g->domain, intid, regs) < 0)
			icc_eoir1(intid);	/* not an NMI line (any more): ended here */
		return;
	}
	pmr = icc_pmr();
	icc_set_pmr(GICV3_PMR_IRQOFF);
	icc_pmr_sync();
	gic_cpu_irq_unmask();
	dispatch(g, intid, regs);
	gic_cpu_irq_mask();
	icc_set_pmr(pmr);
}

/* --- LPIs: each redistributor's tables, for an ITS --- */

static uintptr_t rd_base(struct gicv3 *g, unsigned int cpu)
{
	return g->sgi[cpu] - GICR_SGI_FRAME;
}

int gicv3_lpi_init(struct gicv3 *g, const struct gicv3_lpi_config *cfg)
{
	if (!g || !cfg || !cfg->lpis || cfg->id_bits < LPI_MIN_ID_BITS || cfg->id_bits > 16 ||
	    cfg->nr_lpis == 0 || cfg->nr_lpis > (1u << cfg->id_bits) - GIC_FIRST_LPI ||
	    (cfg->prop & 0xfffu) || g->lpis)
		return -EINVAL;
	for (unsigned int cpu = 0; cpu < g->nr_cpus; cpu++) {
		uintptr_t rd = rd_base(g, cpu);

		if (!(gic_read(rd, GICR_TYPER) & GICR_TYPER_PLPIS) || !cfg->pend[cpu] ||
		    (cfg->pend[cpu] & 0xffffu))
			return -EINVAL;
		if (gic_read(rd, GICR_CTLR) & GICR_CTLR_ENABLE_LPIS)
			return -EBUSY;		/* its tables cannot change any more */
	}
	for (unsigned int cpu = 0; cpu < g->nr_cpus; cpu++) {
		uintptr_t rd = rd_base(g, cpu);
		uint64_t prop = (uint64_t)cfg->prop | (cfg->id_bits - 1u);
		uint64_t pend = (uint64_t)cfg->pend[cpu];

		gic_write(rd, GICR_PROPBASER, (uint32_t)prop);
		gic_write(rd, GICR_PROPBASER + 4, (uint32_t)(prop >> 32));
		gic_write(rd, GICR_PENDBASER, (uint32_t)pend);
		gic_write(rd, GICR_PENDBASER + 4, (uint32_t)(pend >> 32) | GICR_PENDBASER_PTZ_HI);
	}
	g->nr_lpis = cfg->nr_lpis;
	g->lpis = cfg->lpis;
	g->lpi_slots = irq_domain_slots(cfg->lpis, &g->nr_lpi_slots);
	if (g->nr_lpi_slots > g->nr_lpis)
		g->nr_lpi_slots = g->nr_lpis;
	gic_mmio_barrier();
	for (unsigned int cpu = 0; cpu < g->nr_cpus; cpu++)
		gic_write(rd_base(g, cpu), GICR_CTLR,
			  gic_read(rd_base(g, cpu), GICR_CTLR) | GICR_CTLR_ENABLE_LPIS);
	return 0;
}

uint64_t gicv3_its_rdbase(struct gicv3 *g, unsigned int cpu, bool pta)
{
	if (cpu >= g->nr_cpus)
		return 0;
	if (pta)
		return (uint64_t)rd_base(g, cpu) >> 16;
	return GICR_TYPER_PROCNUM(gic_read(rd_base(g, cpu), GICR_TYPER));
}

void gicv3_send_sgi(struct gicv3 *g, unsigned int cpu, unsigned int sgi)
{
	uint64_t m;

	if (cpu >= g->nr_cpus || sgi >= GIC_NR_SGIS || (g->mpidr[cpu] & 0xff) >= AFF0_TARGETS)
		return;
	m = g->mpidr[cpu];
	icc_sgi1r((uint64_t)sgi << SGI1R_INTID_SHIFT | ((m >> 8) & 0xff) << SGI1R_AFF1_SHIFT |
		  ((m >> 16) & 0xff) << SGI1R_AFF2_SHIFT | ((m >> 32) & 0xff) << SGI1R_AFF3_SHIFT |
		  1u << (m & 0xf));
}

// SPDX-License-Identifier: MIT
/*
 * plic.c - the RISC-V PLIC (see <genirq/chip/plic.h>).
 *
 * Only primitives. A claim is the ack (done by plic_handle() before the
 * line is known), a complete the end, so the core runs every source with
 * the fasteoi flow. Masking clears the source's enable bit in its one
 * context; affinity moves that bit to another hart's context.
 *
 * Register map (offsets from the base; the PLIC specification's layout):
 *   4 * s				source s priority
 *   0x1000 + 4 * (s / 32)		pending, bit s % 32 (read-only)
 *   0x2000 + 0x80 * c + 4 * (s / 32)	context c enables, bit s % 32
 *   0x200000 + 0x1000 * c		context c threshold, + 4 claim/complete
 */
#include <genirq/chip/plic.h>
#include <genirq/compat.h>
#include <genirq/port.h>
#include <genirq/spinlock.h>

#define PRIORITY(s)	(4u * (s))
#define PENDING(s)	(0x1000u + 4u * ((s) / 32u))
#define ENABLE(c, s)	(0x2000u + 0x80u * (c) + 4u * ((s) / 32u))
#define THRESHOLD(c)	(0x200000u + 0x1000u * (c))
#define CLAIM(c)	(THRESHOLD(c) + 4u)

#define MAX_CONTEXTS	15872u
#define PRIO_DEVICE	1u	/* any priority above the threshold; all equal */
#define THRESHOLD_ALL	0u	/* every priority above 0 interrupts */

struct plic_source {
	unsigned int	cpu;		/* the context whose enable bit it owns */
	bool		masked;
};

struct plic {
	struct plic_config	cfg;
	struct irq_domain	*domain;
	/* The domain's table of descriptor slots (irq_domain_slots()),
	 * indexed by source: the entry's. */
	struct irq_desc *const	*slots;
	unsigned int		nr_slots;
	struct irq_spinlock	lock;	/* enable words: read-modify-write */
	struct plic_source	src[];	/* 0..nr_sources; 0 unused */
};

static uint32_t rd(const struct plic *p, uint32_t off)
{
	return *(volatile uint32_t *)(p->cfg.base + off);
}

static void wr(const struct plic *p, uint32_t off, uint32_t v)
{
	*(volatile uint32_t *)(p->cfg.base + off) = v;
}

/* Set or clear @src's enable bit in @cpu's context. Caller holds p->lock. */
static void toggle(struct plic *p, unsigned int cpu, irq_hw_number_t src, bool on)
{
	uint32_t off = ENABLE(p->cfg.context[cpu], (uint32_t)src);
	uint32_t bit = 1u << (src % 32u), v = rd(p, off);

	wr(p, off, on ? v | bit : v & ~bit);
}

/*
 * Open @src in @cpu's context. The threshold is written again (same
 * value) because QEMU 7.2's PLIC re-evaluates its outputs on threshold,
 * priority, claim, complete and input changes but not on enable writes:
 * a source that went pending while masked would wait for an unrelated
 * event. Harmless on hardware. Caller holds p->lock.
 */
static void open_in(struct plic *p, unsigned int cpu, irq_hw_number_t src)
{
	toggle(p, cpu, src, true);
	wr(p, THRESHOLD(p->cfg.context[cpu]), THRESHOLD_ALL);
}

static void plic_mask(struct irq_data *d)
{
	struct plic *p = d->chip_data;
	unsigned long flags = irq_spin_lock_irqsave(&p->lock);

	p->src[d->hwirq].masked = true;
	toggle(p, p->src[d->hwirq].cpu, d->hwirq, false);
	irq_spin_unlock_irqrestore(&p->lock, flags);
}

static void plic_unmask(struct irq_data *d)
{
	struct plic *p = d->chip_data;
	unsigned long flags = irq_spin_lock_irqsave(&p->lock);

	p->src[d->hwirq].masked = false;
	open_in(p, p->src[d->hwirq].cpu, d->hwirq);
	irq_spin_unlock_irqrestore(&p->lock, flags);
}

/*
 * Complete on this CPU's context. The specification ignores a completion
 * for a source the context has not enabled: a line masked while its
 * handler ran (disable_irq, the spurious detector) or moved to another
 * hart meanwhile is enabled here around the write, or its gateway would
 * stay claimed and the source would never interrupt again.
 */
static void plic_eoi(struct irq_data *d)
{
	struct plic *p = d->chip_data;
	unsigned int cpu = port_cpu_id();
	struct plic_source *s = &p->src[d->hwirq];
	unsigned long flags;

	if (irq_likely(!s->masked && s->cpu == cpu)) {
		wr(p, CLAIM(p->cfg.context[cpu]), (uint32_t)d->hwirq);
		return;
	}
	flags = irq_spin_lock_irqsave(&p->lock);
	toggle(p, cpu, d->hwirq, true);
	wr(p, CLAIM(p->cfg.context[cpu]), (uint32_t)d->hwirq);
	if (s->masked || s->cpu != cpu)
		toggle(p, cpu, d->hwirq, false);
	irq_spin_unlock_irqrestore(&p->lock, flags);
}

/*
 * The controller's view: pending from the pending bits, masked from the
 * enable bit of the source's context. The pending bits are read-only and
 * a claimed source shows nowhere: pending and active are not set, nor
 * active read (-EINVAL).
 */
static int plic_get_state(struct irq_data *d, enum irqchip_irq_state which, bool *state)
{
	struct plic *p = d->chip_data;
	uint32_t bit = 1u << (d->hwirq % 32u);

	if (which == IRQCHIP_STATE_PENDING)
		*state = (rd(p, PENDING((uint32_t)d->hwirq)) & bit) != 0;
	else if (which == IRQCHIP_STATE_MASKED)
		*state = !(rd(p, ENABLE(p->cfg.context[p->src[d->hwirq].cpu],
					(uint32_t)d->hwirq)) & bit);
	else
		return -EINVAL;
	return 0;
}

static int plic_set_state(struct irq_data *d, enum irqchip_irq_state which, bool val)
{
	if (which != IRQCHIP_STATE_MASKED)
		return -EINVAL;
	(val ? plic_mask : plic_unmask)(d);
	return 0;
}

/* The gateway's kind is fixed by the platform: accept the two it has. */
static int plic_set_type(struct irq_data *d, unsigned int type)
{
	(void)d;
	return (type == IRQ_TYPE_LEVEL_HIGH || type == IRQ_TYPE_EDGE_RISING) ? 0 : -EINVAL;
}

static int plic_set_affinity(struct irq_data *d, const struct irq_cpumask *dest)
{
	struct plic *p = d->chip_data;
	struct plic_source *s = &p->src[d->hwirq];
	unsigned int cpu = cpumask_first(dest);
	unsigned long flags;

	if (cpu >= p->cfg.nr_cpus)
		return -EINVAL;
	flags = irq_spin_lock_irqsave(&p->lock);
	if (!s->masked && cpu != s->cpu) {
		toggle(p, s->cpu, d->hwirq, false);
		open_in(p, cpu, d->hwirq);
	}
	s->cpu = cpu;
	irq_spin_unlock_irqrestore(&p->lock, flags);
	irq_data_update_effective_cpu(d, cpu);
	return 0;
}

static const struct irq_chip plic_chip = {
	.name		= "PLIC",
	.mask		= plic_mask,
	.unmask		= plic_unmask,
	.eoi		= plic_eoi,
	.set_type	= plic_set_type,
	.set_affinity	= plic_set_affinity,
	.get_irqchip_state = plic_get_state,
	.set_irqchip_state = plic_set_state,
	.set_wake	= irq_chip_wake_when_enabled,	/* wfi wakes */
};

int plic_contexts(struct plic_config *cfg, const unsigned long *hartid, unsigned int nr,
		  bool machine)
{
	if (nr == 0 || nr > GENIRQ_NR_CPUS)
		return -EINVAL;
	for (unsigned int cpu = 0; cpu < nr; cpu++)
		if (hartid[cpu] >= MAX_CONTEXTS / 2u)
			return -EINVAL;
	for (unsigned int cpu = 0; cpu < nr; cpu++)
		cfg->context[cpu] = 2u * (unsigned int)hartid[cpu] + (machine ? 0u : 1u);
	cfg->nr_cpus = nr;
	return 0;
}

struct plic *plic_create(const struct plic_config *cfg)
{
	struct plic *p;

	if (!cfg || !cfg->base || cfg->nr_sources == 0 || cfg->nr_sources > PLIC_MAX_SOURCES ||
	    cfg->nr_cpus == 0 || cfg->nr_cpus > GENIRQ_NR_CPUS)
		return NULL;
	p = port_alloc(sizeof(*p) + (cfg->nr_sources + 1u) * sizeof(p->src[0]));
	if (!p)
		return NULL;
	p->cfg = *cfg;
	p->domain = NULL;
	irq_spin_init(&p->lock);
	for (unsigned int s = 1; s <= cfg->nr_sources; s++) {
		p->src[s] = (struct plic_source){ .cpu = 0, .masked = true };
		wr(p, PRIORITY(s), 0);
	}
	for (unsigned int cpu = 0; cpu < cfg->nr_cpus; cpu++)
		for (unsigned int w = 0; w <= cfg->nr_sources / 32u; w++)
			wr(p, ENABLE(cfg->context[cpu], 32u * w), 0);
	/* Source 0 does not exist: the domain still spans it, unmapped. */
	p->domain = irq_domain_create_linear("PLIC", cfg->nr_sources + 1, &plic_chip, p);
	if (!p->domain) {
		port_free(p);
		return NULL;
	}
	p->slots = irq_domain_slots(p->domain, &p->nr_slots);
	return p;
}

struct irq_domain *plic_domain(struct plic *p)
{
	return p->domain;
}

int plic_map(struct plic *p, irq_hw_number_t src, unsigned int trigger)
{
	int irq, ret;

	if (src == 0 || src > p->cfg.nr_sources)
		return -EINVAL;
	irq = irq_create_mapping(p->domain, src);
	if (irq < 0)
		return irq;
	wr(p, PRIORITY(src), PRIO_DEVICE);	/* still disabled in every context */
	ret = irq_set_irq_type((unsigned int)irq, trigger);
	return ret < 0 ? ret : irq;
}

int plic_set_priority(struct plic *p, irq_hw_number_t src, uint32_t prio)
{
	if (src == 0 || src > p->cfg.nr_sources || prio == 0)
		return -EINVAL;
	wr(p, PRIORITY(src), prio);
	if (rd(p, PRIORITY(src)) == prio)
		return 0;
	wr(p, PRIORITY(src), PRIO_DEVICE);
	return -EINVAL;
}

/* Rewrite this CPU's enable words from the driver's state: a firmware
 * that reset them meanwhile loses nothing routed here. */
void plic_cpu_init(struct plic *p)
{
	unsigned int cpu = port_cpu_id();
	unsigned long flags = irq_spin_lock_irqsave(&p->lock);

	for (unsigned int s = 1; s <= p->cfg.nr_sources; s++)
		toggle(p, cpu, s, !p->src[s].masked && p->src[s].cpu == cpu);
	wr(p, THRESHOLD(p->cfg.context[cpu]), THRESHOLD_ALL);
	irq_spin_unlock_irqrestore(&p->lock, flags);
}

void plic_handle(struct plic *p, void *regs)
{
	uint32_t claim = CLAIM(p->cfg.context[port_cpu_id()]);
	irq_hw_number_t hw = rd(p, claim);
	int ret;

	if (hw == 0) {
		irq_spurious_vector();	/* nothing claimed: nothing to complete */
		return;
	}
	/* By the source's slot in the domain's table, read by the core in
	 * hardirq context (a line disposed meanwhile finds it empty); a
	 * source past the table by the domain lookup, which counts it. */
	if (irq_likely(hw < p->nr_slots))
		ret = irq_handle_desc_entry(&p->slots[hw], regs);
	else
		ret = irq_handle_domain_entry(p->domain, hw, regs);
	if (ret < 0)
		wr(p, claim, (uint32_t)hw);	/* unmapped: counted by the core, completed here */
}

void plic_handle_entry(void *plic, void *regs)
{
	plic_handle(plic, regs);
}

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
#include <genirq/compat.h>
#include <genirq/irqdomain.h>
#include <genirq/msi.h>
#include <genirq/port.h>
#include <genirq/proc.h>
#include <genirq/spinlock.h>

#include "riscv_aia_csr.h"

#define EIDELIVERY	0x70ul
#define EITHRESHOLD	0x72ul
#define EIE0		0xc0ul
#define DELIVER_ON	1ul
#define ALL_IDS		0ul
#define TOPEI_ID_SHIFT	16
#define TOPEI_ID_MASK	0x7ffu
#define IDS_PER_REG	64u
#define NO_CPU		(~0u)
#define NO_LINE		0u		/* bind table: 0 = nothing, else line + 1 */

/* One line of the message domain, by hwirq. */
struct msi_target {
	bool		used;
	unsigned int	cpu, id;		/* where the device sends now */
	bool		moving;			/* the old target is still bound */
	unsigned int	prev_cpu, prev_id;
};

struct imsic {
	struct imsic_config	cfg;
	struct irq_domain	*domain;	/* wired identities */
	/* The message domain; the lock covers everything below it. */
	struct irq_domain	*msi;
	struct irq_spinlock	lock;
	struct imsic_msi_config	mcfg;
	unsigned int		nr_range;	/* last_id - first_id + 1 */
	struct msi_target	*lines;
	/* Per CPU, per identity of the range: the line bound there (+1), read
	 * by imsic_handle() without the lock. */
	uint16_t		*bind;
	unsigned int		avail[GENIRQ_NR_CPUS];
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

static uint16_t *bind_slot(struct imsic *im, unsigned int cpu, unsigned int id)
{
	return &im->bind[cpu * im->nr_range + (id - im->mcfg.first_id)];
}

static bool msi_id(const struct imsic *im, unsigned long id)
{
	return im->msi && id >= im->mcfg.first_id && id <= im->mcfg.last_id;
}

void imsic_handle(struct imsic *im, void *regs)
{
	unsigned long id = (aia_claim_topei() >> TOPEI_ID_SHIFT) & TOPEI_ID_MASK;

	if (id == 0) {
		irq_spurious_vector();
		return;
	}
	if (msi_id(im, id)) {
		unsigned int line = __atomic_load_n(bind_slot(im, port_cpu_id(), (unsigned int)id),
						    __ATOMIC_ACQUIRE);

		if (line == NO_LINE)
			irq_error_event();
		else
			irq_handle_domain_entry(im->msi, line - 1u, regs);
		return;
	}
	/* An unmapped identity is counted by the core; the claim ended it. */
	if (im->domain)
		irq_handle_domain_entry(im->domain, id, regs);
	else
		irq_error_event();
}

void imsic_handle_entry(void *imsic, void *regs)
{
	imsic_handle(imsic, regs);
}

/* --- the message domain: (hart, identity) lines --- */

/* Take a free identity on the online CPU of @dest with the most free ones
 * (the lowest on a tie) and bind it to @line. Caller holds im->lock. */
static int id_get(struct imsic *im, const struct irq_cpumask *dest, unsigned int line,
		  unsigned int *cpu, unsigned int *id)
{
	unsigned int best = NO_CPU;

	for (unsigned int c = 0; c < im->cfg.nr_cpus; c++) {
		if (!cpumask_test_cpu(c, dest) || !cpumask_test_cpu(c, irq_cpu_online_mask()))
			continue;
		if (im->avail[c] && (best == NO_CPU || im->avail[c] > im->avail[best]))
			best = c;
	}
	if (best == NO_CPU)
		return -ENOSPC;
	for (unsigned int i = im->mcfg.first_id; i <= im->mcfg.last_id; i++) {
		uint16_t *b = bind_slot(im, best, i);

		if (*b != NO_LINE)
			continue;
		__atomic_store_n(b, (uint16_t)(line + 1u), __ATOMIC_RELEASE);
		im->avail[best]--;
		*cpu = best;
		*id = i;
		return 0;
	}
	return -ENOSPC;		/* avail said otherwise: cannot happen */
}

/* Caller holds im->lock. */
static void id_put(struct imsic *im, unsigned int cpu, unsigned int id)
{
	uint16_t *b = bind_slot(im, cpu, id);

	if (*b == NO_LINE)
		return;
	__atomic_store_n(b, (uint16_t)NO_LINE, __ATOMIC_RELEASE);
	im->avail[cpu]++;
}

/*
 * Start of an edge event (the claim ended it in the file already). The
 * first event on a moved line's new identity proves the device writes the
 * new message: the old identity goes back. Its file needs no access: every
 * identity stays enabled, and nothing can be pending there any more but a
 * message the device wrote before the new one, which the old hart has
 * claimed unless its interrupts have been off since (then it is counted in
 * ERR: docs/riscv64.md).
 */
static void msi_ack(struct irq_data *d)
{
	struct imsic *im = d->chip_data;
	struct msi_target *t = &im->lines[d->hwirq];
	unsigned long flags;

	if (!t->moving)
		return;
	flags = irq_spin_lock_irqsave(&im->lock);
	if (t->moving && port_cpu_id() == t->cpu) {
		id_put(im, t->prev_cpu, t->prev_id);
		t->moving = false;
	}
	irq_spin_unlock_irqrestore(&im->lock, flags);
}

static int msi_set_affinity(struct irq_data *d, const struct irq_cpumask *dest)
{
	struct imsic *im = d->chip_data;
	struct msi_target *t = &im->lines[d->hwirq];
	unsigned int cpu = 0, id = 0;
	unsigned long flags = irq_spin_lock_irqsave(&im->lock);
	int ret = 0;

	if (cpumask_test_cpu(t->cpu, dest)) {
		cpu = t->cpu;			/* already there: nothing moves */
		goto out_unlock;
	}
	if (t->moving) {
		ret = -EBUSY;			/* the previous move holds two identities */
		goto out_unlock;
	}
	ret = id_get(im, dest, (unsigned int)d->hwirq, &cpu, &id);
	if (ret)
		goto out_unlock;
	t->prev_cpu = t->cpu;
	t->prev_id = t->id;
	t->cpu = cpu;
	t->id = id;
	t->moving = true;
out_unlock:
	irq_spin_unlock_irqrestore(&im->lock, flags);
	if (!ret)
		irq_data_update_effective_cpu(d, cpu);
	return ret;
}

static void msi_compose(struct irq_data *d, struct msi_msg *msg)
{
	struct imsic *im = d->chip_data;
	struct msi_target *t = &im->lines[d->hwirq];
	unsigned long flags = irq_spin_lock_irqsave(&im->lock);
	uint64_t addr = im->mcfg.file_addr[t->cpu];

	msg->address_lo = (uint32_t)addr;	/* setipnum_le: offset 0 of the page */
	msg->address_hi = (uint32_t)(addr >> 32);
	msg->data = t->id;
	irq_spin_unlock_irqrestore(&im->lock, flags);
}

static const struct irq_chip imsic_msi_chip = {
	.name		= "IMSIC",
	.ack		= msi_ack,
	.set_affinity	= msi_set_affinity,
	.compose_msi_msg = msi_compose,
};

static void msi_domain_free(struct irq_domain *d, unsigned int virq, unsigned int nr)
{
	struct imsic *im = irq_domain_host_data(d);

	for (unsigned int i = 0; i < nr; i++) {
		struct irq_data *data = irq_domain_get_irq_data(d, virq + i);
		struct msi_target *t;
		unsigned long flags;

		if (!data || data->chip_data != im)
			continue;
		flags = irq_spin_lock_irqsave(&im->lock);
		t = &im->lines[data->hwirq];
		if (t->used) {
			id_put(im, t->cpu, t->id);
			if (t->moving)		/* freed mid-move: the device is quiet now */
				id_put(im, t->prev_cpu, t->prev_id);
			*t = (struct msi_target){ .used = false };
		}
		irq_spin_unlock_irqrestore(&im->lock, flags);
		irq_domain_set_hwirq_and_chip(d, virq + i, 0, NULL, NULL);
	}
}

/* A free line and an identity on the online CPU with the most free ones. */
static int line_take(struct imsic *im, unsigned int *hw)
{
	unsigned long flags = irq_spin_lock_irqsave(&im->lock);
	int ret = -ENOSPC;

	for (unsigned int i = 0; i < im->mcfg.nr_lines; i++) {
		struct msi_target *t = &im->lines[i];

		if (t->used)
			continue;
		ret = id_get(im, irq_cpu_online_mask(), i, &t->cpu, &t->id);
		if (!ret) {
			t->used = true;
			*hw = i;
		}
		break;
	}
	irq_spin_unlock_irqrestore(&im->lock, flags);
	return ret;
}

static int msi_domain_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr, void *arg)
{
	struct imsic *im = irq_domain_host_data(d);
	unsigned int i, hw = 0;
	int ret = 0;

	(void)arg;
	for (i = 0; i < nr && !ret; i++) {
		ret = line_take(im, &hw);
		if (!ret) {
			ret = irq_domain_set_hwirq_and_chip(d, virq + i, hw, &imsic_msi_chip, im);
			if (!ret)
				irq_data_update_effective_cpu(irq_domain_get_irq_data(d, virq + i),
							      im->lines[hw].cpu);
		}
	}
	if (ret)
		msi_domain_free(d, virq, i);	/* the failed one too, if it got a line */
	return ret;
}

static const struct irq_domain_ops imsic_msi_ops = {
	.alloc	= msi_domain_alloc,
	.free	= msi_domain_free,
};

struct irq_domain *imsic_create_msi_parent(struct imsic *im, const struct imsic_msi_config *cfg)
{
	size_t nbind;

	if (!im || !cfg || im->msi || cfg->first_id == 0 || cfg->first_id > cfg->last_id ||
	    cfg->last_id > im->cfg.nr_ids || cfg->nr_lines == 0 || cfg->nr_lines >= 0xffffu) {
		irq_log("imsic: bad message range %u-%u of %u identities, or %u lines",
			cfg ? cfg->first_id : 0, cfg ? cfg->last_id : 0, im ? im->cfg.nr_ids : 0,
			cfg ? cfg->nr_lines : 0);
		return NULL;
	}
	im->mcfg = *cfg;
	im->nr_range = cfg->last_id - cfg->first_id + 1;
	irq_spin_init(&im->lock);
	nbind = (size_t)im->cfg.nr_cpus * im->nr_range;
	im->lines = port_alloc(sizeof(*im->lines) * cfg->nr_lines);
	im->bind = port_alloc(sizeof(*im->bind) * nbind);
	if (!im->lines || !im->bind) {
		irq_log("imsic: out of memory");
		return NULL;	/* boot-time memory is not given back */
	}
	for (unsigned int i = 0; i < cfg->nr_lines; i++)
		im->lines[i] = (struct msi_target){ .used = false };
	for (size_t i = 0; i < nbind; i++)
		im->bind[i] = NO_LINE;
	for (unsigned int c = 0; c < im->cfg.nr_cpus; c++)
		im->avail[c] = im->nr_range;
	im->msi = irq_domain_create_hierarchy(NULL, "IMSIC", cfg->nr_lines, &imsic_msi_ops, im);
	return im->msi;
}

unsigned int imsic_free_ids(struct imsic *im, unsigned int cpu)
{
	unsigned long flags;
	unsigned int n;

	if (!im->msi || cpu >= im->cfg.nr_cpus)
		return 0;
	flags = irq_spin_lock_irqsave(&im->lock);
	n = im->avail[cpu];
	irq_spin_unlock_irqrestore(&im->lock, flags);
	return n;
}

int imsic_msi_target(struct imsic *im, unsigned int irq, unsigned int *cpu, unsigned int *id)
{
	struct irq_data *d = im->msi ? irq_domain_get_irq_data(im->msi, irq) : NULL;
	unsigned long flags;

	if (!d || d->chip_data != im)
		return -EINVAL;
	flags = irq_spin_lock_irqsave(&im->lock);
	*cpu = im->lines[d->hwirq].cpu;
	*id = im->lines[d->hwirq].id;
	irq_spin_unlock_irqrestore(&im->lock, flags);
	return 0;
}

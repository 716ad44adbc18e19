// SPDX-License-Identifier: MIT
/*
 * gicv3_its.c - the GICv3 ITS (see <genirq/chip/gicv3_its.h>).
 *
 * Registers (64-bit ones as two words, low first):
 *   GITS_CTLR 0x0000 (bit 0 Enabled), GITS_TYPER 0x0008 (bit 0 Physical,
 *   7:4 ITT entry bytes - 1, 12:8 event ID bits - 1, 17:13 device ID
 *   bits - 1, 19 PTA), GITS_CBASER 0x0080 (63 Valid, 51:12 address, 7:0
 *   4 KiB pages - 1), GITS_CWRITER 0x0088 / GITS_CREADR 0x0090 (19:5 the
 *   command's index; CREADR bit 0 Stalled), GITS_BASER<n> 0x0100 + 8n
 *   (63 Valid, 58:56 Type: 1 devices, 4 collections, 52:48 entry bytes -
 *   1, 47:12 address, 9:8 page size: 0 = 4 KiB, 7:0 pages - 1).
 * A command is four little-endian doublewords; the ITS has consumed it
 * when CREADR has passed it.
 */
#include <genirq/irqdomain.h>
#include <genirq/compat.h>
#include <genirq/msi.h>
#include <genirq/port.h>
#include <genirq/spinlock.h>
#include <genirq/chip/gicv3_its.h>

#include "gic_common.h"
#include "gic_sysreg.h"

#define GITS_CTLR		0x0000u
#define GITS_TYPER		0x0008u
#define GITS_CBASER		0x0080u
#define GITS_CWRITER		0x0088u
#define GITS_CREADR		0x0090u
#define GITS_BASER(n)		(0x0100u + 8u * (n))
#define GITS_NR_BASER		8u
#define GITS_CTLR_ENABLED	1u
#define GITS_CREADR_STALLED	1u
#define TYPER_PHYSICAL		1u
#define TYPER_ITE_BYTES(t)	((unsigned int)(((t) >> 4) & 0xfu) + 1u)
#define TYPER_EVENT_BITS(t)	((unsigned int)(((t) >> 8) & 0x1fu) + 1u)
#define TYPER_DEV_BITS(t)	((unsigned int)(((t) >> 13) & 0x1fu) + 1u)
#define TYPER_PTA		(1u << 19)
#define BASER_VALID_HI		(1u << 31)	/* bit 63 */
#define BASER_TYPE(hi)		(((hi) >> 24) & 7u)
#define BASER_ESIZE(hi)		((((hi) >> 16) & 0x1fu) + 1u)
#define BASER_RO_HI		0x071f0000u	/* Type, Entry_Size: the ITS's */
#define BASER_TYPE_DEVICE	1u
#define BASER_TYPE_COLLECTION	4u
#define PAGE_4K			0x1000u
#define PAGE_64K		0x10000u
#define CMD_BYTES		32u
#define CMDQ_BYTES		PAGE_4K
#define CMD_INDEX_SHIFT		5
#define CMD_MOVI		0x01u
#define CMD_SYNC		0x05u
#define CMD_MAPD		0x08u
#define CMD_MAPC		0x09u
#define CMD_MAPTI		0x0au
#define CMD_INV			0x0cu
#define CMD_INVALL		0x0du
#define CMD_DISCARD		0x0fu
#define CMD_VALID		(1ull << 63)
#define RDBASE_SHIFT		16
#define ITS_EVENT_BITS		5u		/* ITS_EVENTS_PER_DEV = 2^5 */
#define ITT_SLOT_BYTES		512u		/* ITS_EVENTS_PER_DEV entries, 256-aligned */
#define LPI_PRIO		GIC_PRIO_DEFAULT
#define LPI_ENABLE		1u
#define CMD_POLLS		1000000u
#define NO_DEV			(~0u)

struct its_dev {
	uint32_t	devid;		/* NO_DEV: the slot is free */
	uint32_t	events;		/* bit e: event e has a line */
	uint8_t		*itt;
};

struct its_line {
	bool		used;
	uint8_t		dev;		/* index in devs[] */
	uint8_t		event;
	uint8_t		cpu;		/* its collection */
};

struct its {
	uintptr_t		base;
	struct gicv3		*gic;
	struct irq_domain	*domain;
	unsigned int		nr_cpus, nr_lpis, nr_devids;
	uint64_t		typer;
	bool			pta;
	unsigned int		ite_bytes, dte_bytes, cte_bytes;
	size_t			dt_bytes, ct_bytes;
	uint8_t			*prop;		/* LPI configuration bytes, from INTID 8192 */
	uint8_t			*cmdq;
	unsigned int		cmd_next;	/* index of the next command */
	unsigned int		cmds;
	uint64_t		rdbase[GENIRQ_NR_CPUS];
	/* The lock covers the queue, the tables and everything below. */
	struct irq_spinlock	lock;
	struct its_dev		devs[ITS_MAX_DEVICES];
	struct its_line		lines[ITS_MAX_LPIS];
	unsigned int		free_lpis;
};

/* --- memory: a bump allocator over the caller's region --- */

struct carve {
	uintptr_t	at, end;
};

static void *carve(struct carve *c, size_t bytes, size_t align)
{
	uintptr_t p = (c->at + align - 1) & ~(uintptr_t)(align - 1);

	if (p > c->end || bytes > c->end - p)
		return NULL;
	c->at = p + bytes;
	for (size_t i = 0; i < bytes; i++)
		((volatile uint8_t *)p)[i] = 0;
	return (void *)p;
}

/* --- the command queue --- */

static void put64(uint8_t *p, uint64_t v)
{
	volatile uint32_t *w = (volatile uint32_t *)(void *)p;

	w[0] = (uint32_t)v;		/* little-endian doublewords */
	w[1] = (uint32_t)(v >> 32);
}

/* Queue one command (no wait). Caller holds its->lock. */
static void cmd(struct its *its, uint64_t dw0, uint64_t dw1, uint64_t dw2)
{
	uint8_t *c = its->cmdq + its->cmd_next * CMD_BYTES;

	put64(c, dw0);
	put64(c + 8, dw1);
	put64(c + 16, dw2);
	put64(c + 24, 0);
	its->cmd_next = (its->cmd_next + 1) % (CMDQ_BYTES / CMD_BYTES);
	its->cmds++;
}

/* SYNC on @cpu's redistributor, hand the queue to the ITS and wait until
 * it has read it all. Caller holds its->lock. Return: 0, or -EIO (the
 * ITS stalled, or never got there) after a report. */
static int cmd_sync(struct its *its, unsigned int cpu)
{
	uint32_t want;

	cmd(its, CMD_SYNC, 0, its->rdbase[cpu] << RDBASE_SHIFT);
	want = its->cmd_next << CMD_INDEX_SHIFT;
	gic_mmio_barrier();
	gic_write(its->base, GITS_CWRITER + 4, 0);
	gic_write(its->base, GITS_CWRITER, want);
	for (unsigned int i = 0; i < CMD_POLLS; i++) {
		uint32_t rd = gic_read(its->base, GITS_CREADR);

		if (rd & GITS_CREADR_STALLED) {
			gic_report("gicv3-its", "the ITS stalled on a command");
			return -EIO;
		}
		if (rd == want)
			return 0;
	}
	gic_report("gicv3-its", "the ITS did not read its command queue");
	return -EIO;
}

static uint64_t devid_dw(uint8_t op, uint32_t devid)
{
	return (uint64_t)devid << 32 | op;
}

/* --- the LPIs' chip --- */

static struct its_dev *dev_of(struct its *its, const struct its_line *l)
{
	return &its->devs[l->dev];
}

/* The LPI's configuration byte, then INV so the redistributor reads it. */
static void lpi_config(struct irq_data *d, bool enable)
{
	struct its *its = d->chip_data;
	struct its_line *l = &its->lines[d->hwirq];
	unsigned long flags = irq_spin_lock_irqsave(&its->lock);

	((volatile uint8_t *)its->prop)[d->hwirq] = LPI_PRIO | (enable ? LPI_ENABLE : 0);
	cmd(its, devid_dw(CMD_INV, dev_of(its, l)->devid), l->event, 0);
	cmd_sync(its, l->cpu);
	irq_spin_unlock_irqrestore(&its->lock, flags);
}

static void its_mask(struct irq_data *d)
{
	lpi_config(d, false);
}

static void its_unmask(struct irq_data *d)
{
	lpi_config(d, true);
}

static void its_eoi(struct irq_data *d)
{
	icc_eoir1((uint32_t)d->hwirq + GIC_FIRST_LPI);	/* no active state: a priority drop */
}

/* MOVI: the event's collection becomes the new CPU's. */
static int its_set_affinity(struct irq_data *d, const struct irq_cpumask *dest)
{
	struct its *its = d->chip_data;
	struct its_line *l = &its->lines[d->hwirq];
	unsigned int cpu = NO_DEV;
	unsigned long flags;
	int ret = 0;

	for (unsigned int c = 0; c < its->nr_cpus && cpu == NO_DEV; c++)
		if (cpumask_test_cpu(c, dest) && cpumask_test_cpu(c, irq_cpu_online_mask()))
			cpu = c;
	if (cpu == NO_DEV)
		return -EINVAL;
	flags = irq_spin_lock_irqsave(&its->lock);
	if (cpu != l->cpu) {
		cmd(its, devid_dw(CMD_MOVI, dev_of(its, l)->devid), l->event, cpu);
		ret = cmd_sync(its, l->cpu);
		if (!ret)
			l->cpu = (uint8_t)cpu;
	}
	irq_spin_unlock_irqrestore(&its->lock, flags);
	if (!ret)
		irq_data_update_effective_cpu(d, cpu);
	return ret;
}

static void its_compose(struct irq_data *d, struct msi_msg *msg)
{
	struct its *its = d->chip_data;
	uint64_t addr = (uint64_t)its->base + GITS_TRANSLATER_OFF;

	msg->address_lo = (uint32_t)addr;
	msg->address_hi = (uint32_t)(addr >> 32);
	msg->data = its->lines[d->hwirq].event;
}

static const struct irq_chip its_chip = {
	.name			= "ITS",
	.mask			= its_mask,
	.unmask			= its_unmask,
	.eoi			= its_eoi,
	.set_affinity		= its_set_affinity,
	.compose_msi_msg	= its_compose,
};

/* --- the domain --- */

/* The device slot of @devid, mapped (MAPD) if new. Caller holds the lock.
 * Return: the slot, or -ENOSPC. */
static int dev_get(struct its *its, uint32_t devid)
{
	int free = -ENOSPC;

	for (unsigned int i = 0; i < ITS_MAX_DEVICES; i++) {
		if (its->devs[i].devid == devid)
			return (int)i;
		if (its->devs[i].devid == NO_DEV && free < 0)
			free = (int)i;
	}
	if (free >= 0) {
		struct its_dev *dv = &its->devs[free];

		dv->devid = devid;
		dv->events = 0;
		for (unsigned int b = 0; b < ITT_SLOT_BYTES; b++)
			((volatile uint8_t *)dv->itt)[b] = 0;
		cmd(its, devid_dw(CMD_MAPD, devid), ITS_EVENT_BITS - 1u,
		    CMD_VALID | (uint64_t)(uintptr_t)dv->itt);
	}
	return free;
}

/* Line @hw's event discarded, its LPI off; the device unmapped with its
 * last event. Caller holds the lock; a SYNC follows. */
static void line_put(struct its *its, unsigned int hw)
{
	struct its_line *l = &its->lines[hw];
	struct its_dev *dv = dev_of(its, l);

	cmd(its, devid_dw(CMD_DISCARD, dv->devid), l->event, 0);
	((volatile uint8_t *)its->prop)[hw] = LPI_PRIO;
	dv->events &= ~(1u << l->event);
	if (!dv->events) {
		cmd(its, devid_dw(CMD_MAPD, dv->devid), 0, 0);
		dv->devid = NO_DEV;
	}
	l->used = false;
	its->free_lpis++;
}

static void its_domain_free(struct irq_domain *d, unsigned int virq, unsigned int nr)
{
	struct its *its = irq_domain_host_data(d);
	unsigned long flags = irq_spin_lock_irqsave(&its->lock);
	bool any = false;

	for (unsigned int i = 0; i < nr; i++) {
		struct irq_data *data = irq_domain_get_irq_data(d, virq + i);

		if (!data || data->chip_data != its || !its->lines[data->hwirq].used)
			continue;
		line_put(its, (unsigned int)data->hwirq);
		any = true;
	}
	if (any)
		cmd_sync(its, 0);
	irq_spin_unlock_irqrestore(&its->lock, flags);
	for (unsigned int i = 0; i < nr; i++)
		irq_domain_set_hwirq_and_chip(d, virq + i, 0, NULL, NULL);
}

/* A free LPI and a free event of device slot @di, mapped to CPU 0's
 * collection (MAPTI). Caller holds the lock. Return: the LPI's index, or
 * -ENOSPC. */
static int line_get(struct its *its, unsigned int di)
{
	struct its_dev *dv = &its->devs[di];
	unsigned int hw, ev;

	for (ev = 0; ev < ITS_EVENTS_PER_DEV && (dv->events >> ev) & 1u; ev++)
		;
	for (hw = 0; hw < its->nr_lpis && its->lines[hw].used; hw++)
		;
	if (ev == ITS_EVENTS_PER_DEV || hw == its->nr_lpis)
		return -ENOSPC;
	dv->events |= 1u << ev;
	its->lines[hw] = (struct its_line){ .used = true, .dev = (uint8_t)di, .event = (uint8_t)ev,
					     .cpu = 0 };
	its->free_lpis--;
	((volatile uint8_t *)its->prop)[hw] = LPI_PRIO;		/* disabled until started */
	cmd(its, devid_dw(CMD_MAPTI, dv->devid), (uint64_t)(hw + GIC_FIRST_LPI) << 32 | ev, 0);
	return (int)hw;
}

/* @arg: the struct msi_dev of the MSI domain on top (its device ID). */
static int its_domain_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr, void *arg)
{
	struct its *its = irq_domain_host_data(d);
	const struct msi_dev *dev = arg;
	int di, hw[ITS_EVENTS_PER_DEV], ret = 0;
	unsigned int i = 0;
	unsigned long flags;

	if (!dev || dev->id >= its->nr_devids || nr > ITS_EVENTS_PER_DEV)
		return -EINVAL;
	flags = irq_spin_lock_irqsave(&its->lock);
	di = dev_get(its, dev->id);
	ret = di < 0 ? di : 0;
	for (; i < nr && !ret; i++) {
		int h = line_get(its, (unsigned int)di);

		if (h < 0) {
			ret = h;
			break;			/* lines 0..i-1 have theirs */
		}
		hw[i] = h;
	}
	for (unsigned int k = i; ret && k > 0; k--)
		line_put(its, (unsigned int)hw[k - 1]);
	if (ret && di >= 0 && its->devs[di].events == 0 && its->devs[di].devid != NO_DEV) {
		cmd(its, devid_dw(CMD_MAPD, dev->id), 0, 0);	/* mapped for nothing */
		its->devs[di].devid = NO_DEV;
	}
	if (cmd_sync(its, 0) && !ret) {
		for (unsigned int k = i; k > 0; k--)
			line_put(its, (unsigned int)hw[k - 1]);
		cmd_sync(its, 0);
		ret = -EIO;
	}
	irq_spin_unlock_irqrestore(&its->lock, flags);
	for (unsigned int k = 0; k < nr && !ret; k++) {
		irq_domain_set_hwirq_and_chip(d, virq + k, (irq_hw_number_t)hw[k], &its_chip, its);
		irq_data_update_effective_cpu(irq_domain_get_irq_data(d, virq + k), 0);
	}
	return ret;
}

static const struct irq_domain_ops its_domain_ops = {
	.alloc	= its_domain_alloc,
	.free	= its_domain_free,
};

/* --- set-up --- */

static uint64_t read64(uintptr_t base, uint32_t off)
{
	return gic_read(base, off) | (uint64_t)gic_read(base, off + 4) << 32;
}

/* GITS_BASER<n> of @type: @bytes (4 KiB pages) at @table. Return: the
 * entry size, or 0 when the ITS has no such table. */
static unsigned int baser_setup(struct its *its, unsigned int type, struct carve *mem,
				unsigned int entries, void **table, size_t *bytes)
{
	for (unsigned int n = 0; n < GITS_NR_BASER; n++) {
		uint32_t hi = gic_read(its->base, GITS_BASER(n) + 4);
		unsigned int esz = BASER_ESIZE(hi);
		size_t size;

		if (BASER_TYPE(hi) != type)
			continue;
		size = ((size_t)entries * esz + PAGE_4K - 1) & ~(size_t)(PAGE_4K - 1);
		*table = carve(mem, size, PAGE_4K);
		if (!*table || size / PAGE_4K > 256)
			return 0;
		*bytes = size;
		gic_write(its->base, GITS_BASER(n),
			  (uint32_t)(uintptr_t)*table | (uint32_t)(size / PAGE_4K - 1));
		gic_write(its->base, GITS_BASER(n) + 4,
			  (hi & BASER_RO_HI) | BASER_VALID_HI |
			  (uint32_t)((uint64_t)(uintptr_t)*table >> 32));
		return esz;
	}
	return 0;
}

static bool tables_setup(struct its *its, struct carve *mem, const struct its_config *cfg)
{
	struct gicv3_lpi_config lc = { .id_bits = ITS_ID_BITS, .nr_lpis = its->nr_lpis };
	size_t prop_bytes = (1u << ITS_ID_BITS) - GIC_FIRST_LPI;
	void *dt = NULL, *ct = NULL;

	for (unsigned int c = 0; c < cfg->nr_cpus; c++) {
		void *pend = carve(mem, (1u << ITS_ID_BITS) / 8, PAGE_64K);

		lc.pend[c] = (uintptr_t)pend;
		if (c == 0) {
			/* the rest of this 64 KiB: configuration, queue, tables, ITTs */
			its->prop = carve(mem, prop_bytes, PAGE_4K);
			its->cmdq = carve(mem, CMDQ_BYTES, PAGE_4K);
			for (unsigned int i = 0; i < ITS_MAX_DEVICES; i++)
				its->devs[i] = (struct its_dev){ .devid = NO_DEV,
								 .itt = carve(mem, ITT_SLOT_BYTES, 256) };
			its->dte_bytes = baser_setup(its, BASER_TYPE_DEVICE, mem, its->nr_devids,
						     &dt, &its->dt_bytes);
			its->cte_bytes = baser_setup(its, BASER_TYPE_COLLECTION, mem, its->nr_cpus,
						     &ct, &its->ct_bytes);
		}
		if (!pend)
			return false;
	}
	if (!its->prop || !its->cmdq || !its->devs[ITS_MAX_DEVICES - 1].itt || !its->dte_bytes ||
	    !its->cte_bytes)
		return false;
	for (size_t i = 0; i < prop_bytes; i++)
		((volatile uint8_t *)its->prop)[i] = LPI_PRIO;
	lc.prop = (uintptr_t)its->prop;
	lc.lpis = its->domain;
	return gicv3_lpi_init(its->gic, &lc) == 0;
}

struct its *its_create(struct gicv3 *gic, const struct its_config *cfg)
{
	struct carve mem;
	struct its *its;
	uint64_t cbaser;

	if (!gic || !cfg || !cfg->base || !cfg->mem || ((uintptr_t)cfg->mem & (PAGE_64K - 1)) ||
	    cfg->mem_bytes < ITS_MEM_BYTES(cfg->nr_cpus) || cfg->nr_cpus == 0 ||
	    cfg->nr_cpus > GENIRQ_NR_CPUS || cfg->nr_lpis == 0 || cfg->nr_lpis > ITS_MAX_LPIS ||
	    cfg->nr_devids == 0) {
		gic_report("gicv3-its", "bad configuration");
		return NULL;
	}
	its = port_alloc(sizeof(*its));
	if (!its) {
		gic_report("gicv3-its", "out of memory");
		return NULL;
	}
	*its = (struct its){ .base = cfg->base, .gic = gic, .nr_cpus = cfg->nr_cpus,
			     .nr_lpis = cfg->nr_lpis, .nr_devids = cfg->nr_devids,
			     .free_lpis = cfg->nr_lpis };
	irq_spin_init(&its->lock);
	its->typer = read64(its->base, GITS_TYPER);
	its->pta = (its->typer & TYPER_PTA) != 0;
	its->ite_bytes = TYPER_ITE_BYTES(its->typer);
	if (!(its->typer & TYPER_PHYSICAL) || TYPER_EVENT_BITS(its->typer) < ITS_EVENT_BITS ||
	    cfg->nr_devids > (1ull << TYPER_DEV_BITS(its->typer)) ||
	    its->ite_bytes * ITS_EVENTS_PER_DEV > ITT_SLOT_BYTES) {
		gic_report("gicv3-its", "GITS_TYPER: no physical LPIs, or too few IDs");
		goto fail;
	}
	gic_write(its->base, GITS_CTLR, 0);
	its->domain = irq_domain_create_hierarchy(NULL, "ITS", cfg->nr_lpis, &its_domain_ops, its);
	mem = (struct carve){ .at = (uintptr_t)cfg->mem, .end = (uintptr_t)cfg->mem + cfg->mem_bytes };
	if (!its->domain || !tables_setup(its, &mem, cfg)) {
		gic_report("gicv3-its", "no room for the tables, or the GIC refused its LPIs");
		goto fail;
	}
	cbaser = (uint64_t)(uintptr_t)its->cmdq | (CMDQ_BYTES / PAGE_4K - 1);
	gic_write(its->base, GITS_CBASER, (uint32_t)cbaser);
	gic_write(its->base, GITS_CBASER + 4, (uint32_t)(cbaser >> 32) | BASER_VALID_HI);
	gic_write(its->base, GITS_CWRITER, 0);
	gic_write(its->base, GITS_CTLR, GITS_CTLR_ENABLED);
	for (unsigned int c = 0; c < its->nr_cpus; c++) {
		its->rdbase[c] = gicv3_its_rdbase(gic, c, its->pta);
		cmd(its, CMD_MAPC, 0, CMD_VALID | its->rdbase[c] << RDBASE_SHIFT | c);
		cmd(its, CMD_INVALL, 0, c);	/* its redistributor reads the configuration */
	}
	if (cmd_sync(its, 0) == 0)
		return its;
fail:
	port_free(its);		/* a domain made is kept: boot-time memory */
	return NULL;
}

struct irq_domain *its_domain(struct its *its)
{
	return its->domain;
}

unsigned int its_free_lpis(struct its *its)
{
	unsigned long flags = irq_spin_lock_irqsave(&its->lock);
	unsigned int n = its->free_lpis;

	irq_spin_unlock_irqrestore(&its->lock, flags);
	return n;
}

int its_line_target(struct its *its, unsigned int irq, uint32_t *devid, uint32_t *event,
		    uint32_t *lpi, unsigned int *cpu)
{
	struct irq_data *d = irq_domain_get_irq_data(its->domain, irq);
	unsigned long flags;

	if (!d || d->chip_data != its)
		return -EINVAL;
	flags = irq_spin_lock_irqsave(&its->lock);
	*devid = its->devs[its->lines[d->hwirq].dev].devid;
	*event = its->lines[d->hwirq].event;
	*lpi = (uint32_t)d->hwirq + GIC_FIRST_LPI;
	*cpu = its->lines[d->hwirq].cpu;
	irq_spin_unlock_irqrestore(&its->lock, flags);
	return 0;
}

void its_get_info(struct its *its, struct its_info *info)
{
	unsigned long flags = irq_spin_lock_irqsave(&its->lock);

	*info = (struct its_info){ .typer = its->typer, .dte_bytes = its->dte_bytes,
				   .cte_bytes = its->cte_bytes, .ite_bytes = its->ite_bytes,
				   .dt_bytes = its->dt_bytes, .ct_bytes = its->ct_bytes,
				   .cmds = its->cmds };
	irq_spin_unlock_irqrestore(&its->lock, flags);
}

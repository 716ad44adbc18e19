// SPDX-License-Identifier: MIT
/*
 * msi.c - the generic MSI layer (<genirq/msi.h>): an MSI domain on a
 * parent that hands out targets, and PCI MSI / MSI-X programming.
 */
#include "internals.h"
#include <genirq/irqdomain.h>
#include <genirq/msi.h>

GENIRQ_FEATURE_SOURCE(GENIRQ_MSI, "MSI");

/* An MSI domain: its chip is its own, named as the domain. */
struct msi_domain {
	struct irq_chip		chip;
	bool			multi;		/* msi_domain_allow_multi() */
};

/* One vector of a device: the line's chip_data at the MSI level. */
struct msi_line {
	struct msi_dev		*dev;
	unsigned int		index;
	bool			active;		/* activated: the device has msg */
	struct msi_msg		msg;		/* last written */
};

/* Compose and program the message of an active line. Caller holds desc->lock. */
static void write_msg(struct irq_data *d, struct msi_line *l)
{
	irq_chip_compose_msi_msg(d, &l->msg);
	l->dev->ops->write_msg(l->dev, l->index, &l->msg);
}

static void msi_mask(struct irq_data *d)
{
	struct msi_line *l = d->chip_data;

	if (l->dev->ops->mask)
		l->dev->ops->mask(l->dev, l->index, true);
	irq_chip_mask_parent(d);
}

static void msi_unmask(struct irq_data *d)
{
	struct msi_line *l = d->chip_data;

	irq_chip_unmask_parent(d);
	if (l->dev->ops->mask)
		l->dev->ops->mask(l->dev, l->index, false);
}

/* The parent moves the target; the device learns the new message. */
static int msi_set_affinity(struct irq_data *d, const struct irq_cpumask *dest)
{
	struct msi_line *l = d->chip_data;
	int ret;

	/* One message for a multi-message block: no vector moves alone. */
	if (l->dev->multi && l->dev->nvec > 1)
		return -EINVAL;
	ret = irq_chip_set_affinity_parent(d, dest);

	if (ret == 0 && l->active)
		write_msg(d, l);
	return ret;
}

static int msi_domain_activate(struct irq_domain *dom, struct irq_data *d, bool reserve)
{
	struct msi_line *l = d->chip_data;

	(void)dom;
	(void)reserve;
	write_msg(d, l);
	l->active = true;
	return 0;
}

static void msi_domain_deactivate(struct irq_domain *dom, struct irq_data *d)
{
	struct msi_line *l = d->chip_data;

	(void)dom;
	l->active = false;
	l->msg = (struct msi_msg){ 0, 0, 0 };
	l->dev->ops->write_msg(l->dev, l->index, &l->msg);
}

static void msi_domain_free(struct irq_domain *dom, unsigned int virq, unsigned int nr)
{
	for (unsigned int i = 0; i < nr; i++) {
		struct irq_data *d = irq_domain_get_irq_data(dom, virq + i);

		if (d && d->chip_data) {
			irq_free(d->chip_data);
			irq_domain_set_hwirq_and_chip(dom, virq + i, 0, NULL, NULL);
		}
	}
}

static int msi_domain_alloc(struct irq_domain *dom, unsigned int virq, unsigned int nr,
			    void *arg)
{
	struct msi_domain *md = irq_domain_host_data(dom);
	struct msi_dev *dev = arg;

	if (!dev || !dev->ops || !dev->ops->write_msg)
		return -EINVAL;
	for (unsigned int i = 0; i < nr; i++) {
		struct msi_line *l = irq_zalloc(sizeof(*l));

		if (!l) {
			msi_domain_free(dom, virq, i);
			return -ENOMEM;
		}
		l->dev = dev;
		l->index = i;
		irq_domain_set_hwirq_and_chip(dom, virq + i, MSI_HWIRQ(dev->id, i), &md->chip, l);
	}
	return 0;
}

static const struct irq_domain_ops msi_domain_ops = {
	.alloc		= msi_domain_alloc,
	.free		= msi_domain_free,
	.activate	= msi_domain_activate,
	.deactivate	= msi_domain_deactivate,
};

struct irq_domain *msi_create_irq_domain(struct irq_domain *parent, const char *name,
					 enum msi_parent_end end)
{
	struct msi_domain *md;
	struct irq_domain *d;

	if (!parent) {
		irq_log("msi domain %s: needs a parent", name ? name : "?");
		return NULL;
	}
	md = irq_zalloc(sizeof(*md));
	if (!md)
		return NULL;
	md->chip = (struct irq_chip){
		.name		= name ? name : "MSI",
		.mask		= msi_mask,
		.unmask		= msi_unmask,
		.set_affinity	= msi_set_affinity,
		.retrigger	= irq_chip_retrigger_hierarchy,
	};
	if (end == MSI_PARENT_ACK)
		md->chip.ack = irq_chip_ack_parent;
	else
		md->chip.eoi = irq_chip_eoi_parent;
	/* Never dispatched from: the CPU is reached through the parent. */
	d = irq_domain_create_hierarchy(parent, md->chip.name, 0, &msi_domain_ops, md);
	if (!d)
		irq_free(md);
	return d;
}

void msi_domain_allow_multi(struct irq_domain *d)
{
	struct msi_domain *md = irq_domain_host_data(d);

	if (md)
		md->multi = true;
}

bool irq_msi_domain_multi(struct irq_domain *d)
{
	struct msi_domain *md = d ? irq_domain_host_data(d) : NULL;

	return md && md->multi;
}

/*
 * Multi-message MSI: vector i writes vector 0's message with i in the low
 * data bits, so the parent's targets of lines @virq.. must be one message
 * apart: same address, data 0's + i, 0's data aligned to @nvec.
 */
static bool is_block(unsigned int virq, unsigned int nvec)
{
	struct msi_msg m0, m;

	irq_chip_compose_msi_msg(irq_get_irq_data(virq), &m0);
	if (m0.data & (nvec - 1))
		return false;
	for (unsigned int i = 1; i < nvec; i++) {
		irq_chip_compose_msi_msg(irq_get_irq_data(virq + i), &m);
		if (m.address_lo != m0.address_lo || m.address_hi != m0.address_hi ||
		    m.data != (m0.data | i))
			return false;
	}
	return true;
}

int msi_domain_alloc_irqs(struct irq_domain *d, struct msi_dev *dev, unsigned int nvec)
{
	struct msi_domain *md = irq_domain_host_data(d);
	int virq;

	if (!dev || nvec == 0 || nvec > 2048 || !md)
		return -EINVAL;
	/*
	 * A device that holds vectors keeps them as they are: a second set
	 * would rewrite vector 0's message under its live line and overwrite
	 * the record msi_domain_free_irqs() frees the first set by.
	 */
	if (dev->nvec) {
		irq_log("msi domain %s: device 0x%04x holds vectors already (irqs %d-%u): "
			"refused, nothing changed", md->chip.name, (unsigned int)dev->id, dev->irq,
			(unsigned int)dev->irq + dev->nvec - 1);
		return -EBUSY;
	}
	if (dev->multi && nvec > 1 && (!md->multi || (nvec & (nvec - 1)) || nvec > 32)) {
		irq_log("msi domain %s: %u-vector multi-message MSI refused: %s", md->chip.name,
			nvec, md->multi ? "not a power of two up to 32" :
			"the parent gives no aligned block (one vector only)");
		return -ENOSPC;
	}
	virq = irq_domain_alloc_irqs(d, nvec, -1, dev);
	if (virq < 0)
		return virq;
	for (unsigned int i = 0; i < nvec; i++) {
		int ret = 0;

		/* The CPUs first: activation takes the target on them. */
		if (dev->affinity)
			ret = irq_desc_set_affinity_desc((unsigned int)virq + i, &dev->affinity[i]);
		if (!ret)
			ret = irq_domain_activate_irq(irq_get_irq_data((unsigned int)virq + i), false);

		if (ret) {
			irq_domain_free_irqs((unsigned int)virq, nvec);
			return ret;
		}
	}
	if (dev->multi && nvec > 1 && !is_block((unsigned int)virq, nvec)) {
		irq_log("msi domain %s: the parent's %u targets are not one aligned block: refused",
			md->chip.name, nvec);
		irq_domain_free_irqs((unsigned int)virq, nvec);
		return -ENOSPC;
	}
	dev->irq = virq;
	dev->nvec = nvec;
	return virq;
}

int msi_domain_free_irqs(struct msi_dev *dev)
{
	int ret;

	if (!dev || !dev->nvec)
		return -EINVAL;
	ret = irq_domain_free_irqs((unsigned int)dev->irq, dev->nvec);
	if (ret == 0) {
		dev->irq = 0;
		dev->nvec = 0;
	}
	return ret;
}

int msi_get_msg(unsigned int irq, struct msi_msg *msg)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(irq, &rd);
	unsigned long flags;
	int ret = -EINVAL;

	if (!desc)
		return -EINVAL;
	flags = desc_lock_irqsave(desc);
	if (desc->data.domain && irq_domain_get_parent(desc->data.domain) &&
	    desc->data.chip->set_affinity == msi_set_affinity) {
		*msg = ((struct msi_line *)desc->data.chip_data)->msg;
		ret = 0;
	}
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	return ret;
}

/* --- PCI MSI and MSI-X --- */

#define PCI_COMMAND		0x04
#define PCI_COMMAND_INTX_OFF	(1u << 10)
#define PCI_STATUS_CAP_LIST	(1u << (16 + 4))
#define PCI_CAPABILITY_LIST	0x34

#define MSI_CTRL_ENABLE		(1u << 0)
#define MSI_CTRL_MMC(c)		(((c) >> 1) & 7u)	/* log2 vectors offered */
#define MSI_CTRL_MME_MASK	(7u << 4)		/* log2 vectors enabled */
#define MSI_CTRL_64BIT		(1u << 7)
#define MSI_CTRL_PVM		(1u << 8)		/* per-vector masking */

#define MSIX_CTRL_SIZE(c)	(((c) & 0x7ffu) + 1)
#define MSIX_CTRL_MASKALL	(1u << 14)
#define MSIX_CTRL_ENABLE	(1u << 15)
#define MSIX_ENTRY_SIZE		16u
#define MSIX_ENTRY_CTRL		12u
#define MSIX_ENTRY_MASKED	1u

/* The capability's message control: bits 16-31 of its first dword. */
static uint32_t cap_ctrl(struct pci_msi_dev *p, unsigned int cap)
{
	return p->cfg->read32(p->ctx, cap) >> 16;
}

static void cap_ctrl_write(struct pci_msi_dev *p, unsigned int cap, uint32_t ctrl)
{
	/* The low half (ID, next) is read-only: writing it back is harmless. */
	uint32_t low = p->cfg->read32(p->ctx, cap) & 0xffffu;

	p->cfg->write32(p->ctx, cap, low | ctrl << 16);
}

unsigned int pci_find_capability(const struct pci_cfg_ops *cfg, void *ctx, unsigned int id)
{
	unsigned int pos, ttl = 48;	/* a loop in the list ends */

	if (!(cfg->read32(ctx, PCI_COMMAND) & PCI_STATUS_CAP_LIST))
		return 0;
	pos = cfg->read32(ctx, PCI_CAPABILITY_LIST) & 0xfcu;
	while (pos >= 0x40 && ttl--) {
		uint32_t v = cfg->read32(ctx, pos);

		if ((v & 0xffu) == id)
			return pos;
		pos = (v >> 8) & 0xfcu;
	}
	return 0;
}

static void pci_intx(struct pci_msi_dev *p, bool on)
{
	/* The status half is write-one-to-clear: write zeros there. */
	uint32_t cmd = p->cfg->read32(p->ctx, PCI_COMMAND) & 0xffffu;

	cmd = on ? cmd & ~PCI_COMMAND_INTX_OFF : cmd | PCI_COMMAND_INTX_OFF;
	p->cfg->write32(p->ctx, PCI_COMMAND, cmd);
}

static struct pci_msi_dev *pdev_of(struct msi_dev *dev)
{
	return (struct pci_msi_dev *)((char *)dev - offsetof(struct pci_msi_dev, msi));
}

static void msi_cap_write_msg(struct msi_dev *dev, unsigned int index, const struct msi_msg *msg)
{
	struct pci_msi_dev *p = pdev_of(dev);
	unsigned int cap = p->msi_cap;
	bool is64 = cap_ctrl(p, cap) & MSI_CTRL_64BIT;
	unsigned int data_off = cap + (is64 ? 12u : 8u);
	uint32_t old;

	/* One message in the capability: vector 0's (vector i sends data | i). */
	if (index != 0)
		return;
	p->cfg->write32(p->ctx, cap + 4, msg->address_lo);
	if (is64)
		p->cfg->write32(p->ctx, cap + 8, msg->address_hi);
	/* The data register is 16 bits; the upper half is reserved (or extended data). */
	old = p->cfg->read32(p->ctx, data_off) & 0xffff0000u;
	p->cfg->write32(p->ctx, data_off, old | (msg->data & 0xffffu));
}

static void msi_cap_mask(struct msi_dev *dev, unsigned int index, bool masked)
{
	struct pci_msi_dev *p = pdev_of(dev);
	unsigned int cap = p->msi_cap;
	uint32_t ctrl = cap_ctrl(p, cap), bits;
	unsigned int off = cap + ((ctrl & MSI_CTRL_64BIT) ? 0x10u : 0x0cu);

	if (!(ctrl & MSI_CTRL_PVM))
		return;
	bits = p->cfg->read32(p->ctx, off);
	bits = masked ? bits | 1u << index : bits & ~(1u << index);
	p->cfg->write32(p->ctx, off, bits);
}

static const struct msi_dev_ops msi_cap_ops = {
	.write_msg	= msi_cap_write_msg,
	.mask		= msi_cap_mask,
};

static void msix_write_msg(struct msi_dev *dev, unsigned int index, const struct msi_msg *msg)
{
	struct pci_msi_dev *p = pdev_of(dev);
	uint32_t e = p->msix_table + index * MSIX_ENTRY_SIZE;

	p->cfg->mmio_write32(p->ctx, p->msix_bar, e + 0, msg->address_lo);
	p->cfg->mmio_write32(p->ctx, p->msix_bar, e + 4, msg->address_hi);
	p->cfg->mmio_write32(p->ctx, p->msix_bar, e + 8, msg->data);
}

static void msix_mask(struct msi_dev *dev, unsigned int index, bool masked)
{
	struct pci_msi_dev *p = pdev_of(dev);
	uint32_t e = p->msix_table + index * MSIX_ENTRY_SIZE + MSIX_ENTRY_CTRL;
	uint32_t v = p->cfg->mmio_read32(p->ctx, p->msix_bar, e);

	v = masked ? v | MSIX_ENTRY_MASKED : v & ~MSIX_ENTRY_MASKED;
	p->cfg->mmio_write32(p->ctx, p->msix_bar, e, v);
}

static const struct msi_dev_ops msix_ops = {
	.write_msg	= msix_write_msg,
	.mask		= msix_mask,
};

int pci_msi_dev_init(struct pci_msi_dev *p, const struct pci_cfg_ops *cfg, void *ctx,
		     uint32_t id)
{
	*p = (struct pci_msi_dev){ .cfg = cfg, .ctx = ctx };
	p->msi.id = id;
	p->msi_cap = pci_find_capability(cfg, ctx, PCI_CAP_ID_MSI);
	if (cfg->mmio_read32 && cfg->mmio_write32)
		p->msix_cap = pci_find_capability(cfg, ctx, PCI_CAP_ID_MSIX);
	if (p->msix_cap) {
		uint32_t t = cfg->read32(ctx, p->msix_cap + 4);

		p->msix_bar = t & 7u;
		p->msix_table = t & ~7u;
	}
	return p->msi_cap || p->msix_cap ? 0 : -ENODEV;
}

int pci_msi_vec_count(struct pci_msi_dev *p)
{
	return p->msi_cap ? 1 << MSI_CTRL_MMC(cap_ctrl(p, p->msi_cap)) : -EINVAL;
}

int pci_msix_vec_count(struct pci_msi_dev *p)
{
	return p->msix_cap ? (int)MSIX_CTRL_SIZE(cap_ctrl(p, p->msix_cap)) : -EINVAL;
}

bool pci_msi_has_mask(struct pci_msi_dev *p)
{
	return p->msi_cap && (cap_ctrl(p, p->msi_cap) & MSI_CTRL_PVM);
}

/* Enable @nvec (a power of two) MSI vectors. Return: the first line or -errno. */
static int enable_msi(struct pci_msi_dev *p, struct irq_domain *domain, unsigned int nvec)
{
	unsigned int log2 = 0;
	uint32_t ctrl;
	int irq;

	if (!p->msi_cap || p->msi_on || p->msix_on)
		return p->msi_cap ? -EBUSY : -EINVAL;
	while ((1u << log2) < nvec)
		log2++;
	p->msi.ops = &msi_cap_ops;
	p->msi.multi = nvec > 1;
	/* Masked while they are programmed, where the device can. */
	for (unsigned int i = 0; i < nvec; i++)
		msi_cap_mask(&p->msi, i, true);
	irq = msi_domain_alloc_irqs(domain, &p->msi, nvec);
	if (irq < 0) {
		p->msi.multi = false;
		return irq;
	}
	pci_intx(p, false);
	ctrl = (cap_ctrl(p, p->msi_cap) & ~MSI_CTRL_MME_MASK) | log2 << 4 | MSI_CTRL_ENABLE;
	cap_ctrl_write(p, p->msi_cap, ctrl);
	p->msi_on = true;
	return irq;
}

int pci_enable_msi(struct pci_msi_dev *p, struct irq_domain *domain)
{
	return enable_msi(p, domain, 1);
}

int pci_enable_msi_range(struct pci_msi_dev *p, struct irq_domain *domain,
			 unsigned int minvec, unsigned int maxvec)
{
	struct msi_domain *md = domain ? irq_domain_host_data(domain) : NULL;
	int offered = pci_msi_vec_count(p);
	unsigned int nvec = 1;
	int irq;

	if (offered < 0 || !md || minvec == 0 || minvec > maxvec)
		return -EINVAL;
	while (nvec * 2 <= maxvec && nvec * 2 <= (unsigned int)offered)
		nvec *= 2;
	if (!md->multi)
		nvec = 1;	/* as Linux without MSI_FLAG_MULTI_PCI_MSI */
	if (nvec < minvec) {
		irq_log("msi: %u vectors wanted at least, %u possible on %s (device offers %d)",
			minvec, nvec, md->chip.name, offered);
		return -ENOSPC;
	}
	irq = enable_msi(p, domain, nvec);
	return irq < 0 ? irq : (int)nvec;
}

int pci_enable_msix(struct pci_msi_dev *p, struct irq_domain *domain, unsigned int nvec)
{
	uint32_t ctrl;
	int irq;

	if (!p->msix_cap || p->msi_on || p->msix_on)
		return p->msix_cap ? -EBUSY : -EINVAL;
	if (nvec == 0 || (int)nvec > pci_msix_vec_count(p))
		return -EINVAL;
	p->msi.ops = &msix_ops;
	/* Enabled with the function masked while the table is programmed. */
	ctrl = cap_ctrl(p, p->msix_cap);
	cap_ctrl_write(p, p->msix_cap, ctrl | MSIX_CTRL_ENABLE | MSIX_CTRL_MASKALL);
	for (unsigned int i = 0; i < nvec; i++)
		msix_mask(&p->msi, i, true);
	irq = msi_domain_alloc_irqs(domain, &p->msi, nvec);
	if (irq < 0) {
		cap_ctrl_write(p, p->msix_cap, ctrl & ~(MSIX_CTRL_ENABLE | MSIX_CTRL_MASKALL));
		return irq;
	}
	pci_intx(p, false);
	cap_ctrl_write(p, p->msix_cap, (ctrl | MSIX_CTRL_ENABLE) & ~MSIX_CTRL_MASKALL);
	p->msix_on = true;
	return irq;
}

int pci_disable_msi(struct pci_msi_dev *p)
{
	int ret;

	if (!p->msi_on)
		return -EINVAL;
	ret = msi_domain_free_irqs(&p->msi);
	if (ret)
		return ret;
	cap_ctrl_write(p, p->msi_cap, cap_ctrl(p, p->msi_cap) & ~(MSI_CTRL_ENABLE | MSI_CTRL_MME_MASK));
	pci_intx(p, true);
	p->msi_on = false;
	p->msi.multi = false;
	return 0;
}

int pci_disable_msix(struct pci_msi_dev *p)
{
	int ret;

	if (!p->msix_on)
		return -EINVAL;
	ret = msi_domain_free_irqs(&p->msi);
	if (ret)
		return ret;
	cap_ctrl_write(p, p->msix_cap,
		       cap_ctrl(p, p->msix_cap) & ~(MSIX_CTRL_ENABLE | MSIX_CTRL_MASKALL));
	pci_intx(p, true);
	p->msix_on = false;
	return 0;
}

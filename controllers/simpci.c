// SPDX-License-Identifier: MIT
/*
 * simpci.c - a simulated PCI device with MSI and MSI-X (see
 * <genirq/chip/simpci.h>).
 *
 * Config space: the status register says "capability list"; MSI at 0x50,
 * MSI-X at 0x70, its table in BAR 0 at 0x1000 and pending bits at 0x1800.
 */
#include <genirq/chip/simpci.h>
#include <genirq/compat.h>
#include <genirq/port.h>
#include <genirq/spinlock.h>

#define CFG_SIZE	256u
#define MSI_CAP		0x50u
#define MSIX_CAP	0x70u
#define TABLE_OFF	0x1000u
#define PBA_OFF		0x1800u
#define MAX_VEC		64u

struct simpci {
	struct irq_spinlock	lock;
	struct simpic		*pic;
	struct simpci_config	cf;
	uint32_t		cfg[CFG_SIZE / 4];
	uint32_t		table[MAX_VEC * 4];
	uint64_t		pending;	/* by vector */
	unsigned long		writes;
};

static uint32_t msi_ctrl(struct simpci *d)
{
	return d->cfg[MSI_CAP / 4] >> 16;
}

static uint32_t msix_ctrl(struct simpci *d)
{
	return d->cfg[MSIX_CAP / 4] >> 16;
}

static unsigned int msi_mask_off(struct simpci *d)
{
	return MSI_CAP + (d->cf.msi_64bit ? 0x10u : 0x0cu);
}

static bool msi_enabled(struct simpci *d)
{
	return d->cf.msi && (msi_ctrl(d) & 1u);
}

static bool msix_enabled(struct simpci *d)
{
	return d->cf.msix && (msix_ctrl(d) & (1u << 15));
}

/* Vector @i's message and whether it is masked. Caller holds the lock. */
static bool vector_msg(struct simpci *d, unsigned int i, struct msi_msg *m, bool *masked)
{
	if (msix_enabled(d)) {
		if (i >= d->cf.msix)
			return false;
		m->address_lo = d->table[i * 4];
		m->address_hi = d->table[i * 4 + 1];
		m->data = d->table[i * 4 + 2];
		*masked = (d->table[i * 4 + 3] & 1u) || (msix_ctrl(d) & (1u << 14));
		return true;
	}
	if (msi_enabled(d)) {
		unsigned int mme = (msi_ctrl(d) >> 4) & 7u;

		if (i >= 1u << mme)
			return false;
		m->address_lo = d->cfg[(MSI_CAP + 4) / 4];
		m->address_hi = d->cf.msi_64bit ? d->cfg[(MSI_CAP + 8) / 4] : 0;
		m->data = (d->cfg[(MSI_CAP + (d->cf.msi_64bit ? 12u : 8u)) / 4] & 0xffffu) | i;
		*masked = d->cf.msi_mask && ((d->cfg[msi_mask_off(d) / 4] >> i) & 1u);
		return true;
	}
	return false;
}

/* Write the messages of pending vectors no longer masked. Caller holds the lock. */
static void flush_pending(struct simpci *d)
{
	for (unsigned int i = 0; i < MAX_VEC && d->pending; i++) {
		struct msi_msg m;
		bool masked;

		if (!((d->pending >> i) & 1u) || !vector_msg(d, i, &m, &masked) || masked)
			continue;
		d->pending &= ~(1ull << i);
		d->writes++;
		simpic_msi_write(d->pic, &m);
	}
}

static uint32_t cfg_read(void *ctx, unsigned int off)
{
	struct simpci *d = ctx;
	unsigned long flags;
	uint32_t v;

	if (off >= CFG_SIZE)
		return ~0u;
	flags = irq_spin_lock_irqsave(&d->lock);
	v = d->cfg[off / 4];
	irq_spin_unlock_irqrestore(&d->lock, flags);
	return v;
}

static void cfg_write(void *ctx, unsigned int off, uint32_t val)
{
	struct simpci *d = ctx;
	unsigned long flags;
	uint32_t *r;

	if (off >= CFG_SIZE)
		return;
	flags = irq_spin_lock_irqsave(&d->lock);
	r = &d->cfg[off / 4];
	if (off == 0x04)
		*r = (*r & 0xffff0000u) | (val & 0xffffu);	/* status: read-only here */
	else if (off == MSI_CAP && d->cf.msi)
		*r = (*r & ~(0x71u << 16)) | (val & (0x71u << 16));	/* enable, MME */
	else if (off == MSIX_CAP && d->cf.msix)
		*r = (*r & ~(0xc000u << 16)) | (val & (0xc000u << 16));
	else if (off > 0x34 && off != MSIX_CAP + 4 && off != MSIX_CAP + 8)
		*r = val;
	flush_pending(d);
	irq_spin_unlock_irqrestore(&d->lock, flags);
}

static uint32_t mmio_read(void *ctx, unsigned int bar, uint32_t off)
{
	struct simpci *d = ctx;
	unsigned long flags;
	uint32_t v = ~0u;

	if (bar != 0)
		return v;
	flags = irq_spin_lock_irqsave(&d->lock);
	if (off >= TABLE_OFF && off < TABLE_OFF + d->cf.msix * 16)
		v = d->table[(off - TABLE_OFF) / 4];
	else if (off == PBA_OFF || off == PBA_OFF + 4)
		v = (uint32_t)(d->pending >> (off == PBA_OFF ? 0 : 32));
	irq_spin_unlock_irqrestore(&d->lock, flags);
	return v;
}

static void mmio_write(void *ctx, unsigned int bar, uint32_t off, uint32_t val)
{
	struct simpci *d = ctx;
	unsigned long flags;

	if (bar != 0)
		return;
	flags = irq_spin_lock_irqsave(&d->lock);
	if (off >= TABLE_OFF && off < TABLE_OFF + d->cf.msix * 16) {
		d->table[(off - TABLE_OFF) / 4] = val;
		flush_pending(d);
	}
	irq_spin_unlock_irqrestore(&d->lock, flags);
}

const struct pci_cfg_ops simpci_cfg_ops = {
	.read32		= cfg_read,
	.write32	= cfg_write,
	.mmio_read32	= mmio_read,
	.mmio_write32	= mmio_write,
};

struct simpci *simpci_create(struct simpic *pic, const struct simpci_config *cf)
{
	struct simpci *d;

	if (cf->msix > MAX_VEC || cf->msi_log2 > 5)
		return NULL;
	d = port_alloc(sizeof(*d));
	if (!d)
		return NULL;
	*d = (struct simpci){ .pic = pic, .cf = *cf };
	irq_spin_init(&d->lock);
	d->cfg[0] = 0x11e81234u;			/* vendor, device */
	d->cfg[1] = 1u << (16 + 4);			/* status: capability list */
	if (cf->msi) {
		d->cfg[0x34 / 4] = MSI_CAP;
		d->cfg[MSI_CAP / 4] = PCI_CAP_ID_MSI | (cf->msix ? MSIX_CAP : 0) << 8 |
				      (cf->msi_log2 << 1 | (cf->msi_64bit ? 1u << 7 : 0) |
				       (cf->msi_mask ? 1u << 8 : 0)) << 16;
	} else if (cf->msix) {
		d->cfg[0x34 / 4] = MSIX_CAP;
	}
	if (cf->msix) {
		d->cfg[MSIX_CAP / 4] = PCI_CAP_ID_MSIX | (cf->msix - 1) << 16;
		d->cfg[(MSIX_CAP + 4) / 4] = TABLE_OFF;		/* BAR 0 */
		d->cfg[(MSIX_CAP + 8) / 4] = PBA_OFF;
		for (unsigned int i = 0; i < cf->msix; i++)
			d->table[i * 4 + 3] = 1u;		/* masked at reset */
	}
	return d;
}

void simpci_destroy(struct simpci *d)
{
	port_free(d);
}

int simpci_fire(struct simpci *d, unsigned int index)
{
	unsigned long flags = irq_spin_lock_irqsave(&d->lock);
	struct msi_msg m;
	bool masked;
	int ret = -EIO;

	if (index < MAX_VEC && vector_msg(d, index, &m, &masked)) {
		if (masked) {
			d->pending |= 1ull << index;
			ret = 0;
		} else {
			d->writes++;
			simpic_msi_write(d->pic, &m);
			ret = 1;
		}
	}
	irq_spin_unlock_irqrestore(&d->lock, flags);
	return ret;
}

bool simpci_pending(struct simpci *d, unsigned int index)
{
	unsigned long flags = irq_spin_lock_irqsave(&d->lock);
	bool p = index < MAX_VEC && ((d->pending >> index) & 1u);

	irq_spin_unlock_irqrestore(&d->lock, flags);
	return p;
}

unsigned long simpci_writes(struct simpci *d)
{
	unsigned long flags = irq_spin_lock_irqsave(&d->lock);
	unsigned long n = d->writes;

	irq_spin_unlock_irqrestore(&d->lock, flags);
	return n;
}

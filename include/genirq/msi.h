/* SPDX-License-Identifier: MIT */
/*
 * msi.h - message-signalled interrupts: the generic MSI layer and PCI
 * MSI / MSI-X capability programming.
 *
 * A device raises an MSI by writing a message (data to an address); the
 * interrupt controller that owns the address turns the write into an
 * interrupt. The MSI domain is a level of a hierarchy (<genirq/irqdomain.h>)
 * stacked on a parent that hands out targets (x86: a vector on a CPU; the
 * simulated PIC: one of its lines) and composes the message
 * (irq_chip.compose_msi_msg). The layer writes the message into the device
 * through the driver's write_msg callback when the line is activated
 * (at allocation) and whenever its affinity changes.
 */
#ifndef GENIRQ_MSI_H
#define GENIRQ_MSI_H

#include <stdbool.h>
#include <stdint.h>
#include <genirq/compiler.h>
#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

struct msi_msg {
	uint32_t	address_lo;
	uint32_t	address_hi;
	uint32_t	data;
};

struct msi_dev;
struct irq_affinity_desc;

/* What the MSI layer asks of a device's driver. Called under the line's
 * descriptor lock, interrupts off: register writes only. */
struct msi_dev_ops {
	/* Program vector @index's message (all zero: the vector is off). */
	void	(*write_msg)(struct msi_dev *dev, unsigned int index, const struct msi_msg *msg);
	/* Optional: the device's own mask bit of vector @index. */
	void	(*mask)(struct msi_dev *dev, unsigned int index, bool masked);
};

/* A device's MSI vectors, owned by its driver. */
struct msi_dev {
	const struct msi_dev_ops *ops;
	void		*priv;		/* the driver's */
	uint32_t	id;		/* requester ID (bus << 8 | devfn) */
	unsigned int	nvec;		/* vectors allocated; set by the layer */
	int		irq;		/* the first one's global number, or 0 */
	/* Multi-message MSI: one message for all, vector i sends data | i
	 * (set by pci_enable_msi_range()); its lines need one parent block. */
	bool		multi;
	/*
	 * Optional: vector i's CPUs (<genirq/affinity.h>), given to its line
	 * before it is activated, managed where affinity[i] says so
	 * (pci_alloc_irq_vectors_affinity() sets it); NULL: none.
	 */
	const struct irq_affinity_desc *affinity;
};

/* The hwirq of an MSI line, as Linux encodes it: device, then vector. */
#define MSI_HWIRQ(id, index)	((irq_hw_number_t)(id) << 11 | (irq_hw_number_t)(index))

/* How the parent ends an event: the MSI chip forwards eoi (fasteoi flow)
 * or ack (edge flow) to it. */
enum msi_parent_end {
	MSI_PARENT_EOI,
	MSI_PARENT_ACK,
};

#if GENIRQ_MSI	/* the stubs of a build without MSI are at the end */
/**
 * msi_create_irq_domain - an MSI domain stacked on @parent
 * @name: its controller name, as /proc/interrupts shows it ("PCI-MSI")
 * Return: the domain or NULL (no parent, out of memory) after a report.
 */
struct irq_domain *msi_create_irq_domain(struct irq_domain *parent, const char *name,
					 enum msi_parent_end end);

/*
 * Let @d (of msi_create_irq_domain()) take multi-message MSI: its parent
 * gives @nvec lines whose messages are one aligned block (same address,
 * data of line i = data of line 0 | i). Without it, as Linux without
 * MSI_FLAG_MULTI_PCI_MSI (x86 without interrupt remapping), a device gets
 * one MSI vector. An allocation whose targets are not such a block is
 * refused anyway (-ENOSPC, reported).
 */
void msi_domain_allow_multi(struct irq_domain *d);

/**
 * msi_domain_alloc_irqs - @nvec consecutive lines for @dev, activated
 *
 * Each vector's message is written into the device before return. A
 * device holds one set of vectors at a time: while it holds some
 * (@dev->nvec), the call is refused with -EBUSY (reported, nothing
 * changed: no message rewritten, the record kept), as Linux refuses it
 * and as pci_enable_msi() refuses a second enable.
 * Context: process context; calls for one device are serialized by its
 * driver. Return: the first global number, or -errno with nothing left
 * behind (no line, no parent target, no map entry): -EINVAL, -EBUSY,
 * -ENOSPC, -ENOMEM, or a level's.
 */
int msi_domain_alloc_irqs(struct irq_domain *d, struct msi_dev *dev, unsigned int nvec);
/* Free them (their handlers must be freed first). Return: 0 or -errno. */
int msi_domain_free_irqs(struct msi_dev *dev);

/* The message last written into the device for @irq. Return: 0, -EINVAL. */
int msi_get_msg(unsigned int irq, struct msi_msg *msg);
#endif
/*
 * The message of the line of @d: the lowest level that composes one
 * (domain.c: built with or without MSI, for the IOAPIC's entries too).
 */
void irq_chip_compose_msi_msg(struct irq_data *d, struct msi_msg *msg);

/*
 * PCI MSI and MSI-X through a configuration-space accessor, so any port
 * with a PCI bus (or a test with a fake one) can use them.
 */
struct pci_cfg_ops {
	uint32_t	(*read32)(void *ctx, unsigned int off);		/* config space */
	void		(*write32)(void *ctx, unsigned int off, uint32_t val);
	/* Memory of BAR @bar at @off (the MSI-X table); NULL without MSI-X. */
	uint32_t	(*mmio_read32)(void *ctx, unsigned int bar, uint32_t off);
	void		(*mmio_write32)(void *ctx, unsigned int bar, uint32_t off, uint32_t val);
};

#define PCI_CAP_ID_MSI		0x05
#define PCI_CAP_ID_MSIX		0x11

struct pci_msi_dev {
	const struct pci_cfg_ops *cfg;
	void		*ctx;
	unsigned int	msi_cap;	/* offsets of the capabilities, or 0 */
	unsigned int	msix_cap;
	unsigned int	msix_bar;	/* the table: BAR and offset */
	uint32_t	msix_table;
	bool		msi_on, msix_on;
	struct msi_dev	msi;		/* the vectors, for the MSI layer */
};

#if GENIRQ_MSI
/* Offset of capability @id in config space, or 0. */
unsigned int pci_find_capability(const struct pci_cfg_ops *cfg, void *ctx, unsigned int id);
/* Find the capabilities. @id: requester ID (bus << 8 | devfn). Return: 0,
 * -ENODEV when the device has neither MSI nor MSI-X. */
int pci_msi_dev_init(struct pci_msi_dev *pdev, const struct pci_cfg_ops *cfg, void *ctx,
		     uint32_t id);
/* Vectors the device offers. Return: the count or -EINVAL (no capability). */
int pci_msi_vec_count(struct pci_msi_dev *pdev);
int pci_msix_vec_count(struct pci_msi_dev *pdev);
/* Whether the MSI capability has per-vector mask bits. */
bool pci_msi_has_mask(struct pci_msi_dev *pdev);

/*
 * Enable MSI (one vector) / MSI-X (@nvec vectors) through @domain: lines
 * allocated and activated, messages programmed, INTx disabled, the
 * capability enabled. Return: the first global number, or -errno with the
 * device and the core as before.
 */
int pci_enable_msi(struct pci_msi_dev *pdev, struct irq_domain *domain);
/*
 * Multi-message MSI, as Linux's pci_enable_msi_range(): the largest power
 * of two of vectors up to @maxvec that the device offers, one if @domain
 * does not allow multi-message MSI. The lines are pdev->msi.irq.. and
 * move together (irq_set_affinity() on one of several: -EINVAL).
 * Return: the number of vectors, -ENOSPC (fewer than @minvec possible, or
 * the parent gave no aligned block: reported, nothing changed), -EINVAL,
 * -EBUSY.
 */
int pci_enable_msi_range(struct pci_msi_dev *pdev, struct irq_domain *domain,
			 unsigned int minvec, unsigned int maxvec);
int pci_enable_msix(struct pci_msi_dev *pdev, struct irq_domain *domain, unsigned int nvec);
/* Disable the capability and free the lines. Return: 0 or -errno (lines in use). */
int pci_disable_msi(struct pci_msi_dev *pdev);
int pci_disable_msix(struct pci_msi_dev *pdev);
#else
/*
 * A build without MSI (GENIRQ_MSI 0): no MSI domain is made (NULL), every
 * allocation and enable is -ENOSYS, and a device shows no capability.
 */
static inline struct irq_domain *msi_create_irq_domain(struct irq_domain *parent,
						       const char *name, enum msi_parent_end end)
{
	(void)parent;
	(void)name;
	(void)end;
	return (struct irq_domain *)0;
}
static inline void msi_domain_allow_multi(struct irq_domain *d) { (void)d; }
static inline int msi_domain_alloc_irqs(struct irq_domain *d, struct msi_dev *dev,
					unsigned int nvec)
{
	(void)d;
	(void)dev;
	(void)nvec;
	return -GENIRQ_ENOSYS;
}
static inline int msi_domain_free_irqs(struct msi_dev *dev) { (void)dev; return -GENIRQ_ENOSYS; }
static inline int msi_get_msg(unsigned int irq, struct msi_msg *msg)
{
	(void)irq;
	(void)msg;
	return -GENIRQ_ENOSYS;
}
static inline unsigned int pci_find_capability(const struct pci_cfg_ops *cfg, void *ctx,
					       unsigned int id)
{
	(void)cfg;
	(void)ctx;
	(void)id;
	return 0;
}
static inline int pci_msi_dev_init(struct pci_msi_dev *pdev, const struct pci_cfg_ops *cfg,
				   void *ctx, uint32_t id)
{
	(void)pdev;
	(void)cfg;
	(void)ctx;
	(void)id;
	return -GENIRQ_ENOSYS;
}
static inline int pci_msi_vec_count(struct pci_msi_dev *pdev) { (void)pdev; return -GENIRQ_ENOSYS; }
static inline int pci_msix_vec_count(struct pci_msi_dev *pdev) { (void)pdev; return -GENIRQ_ENOSYS; }
static inline bool pci_msi_has_mask(struct pci_msi_dev *pdev) { (void)pdev; return false; }
static inline int pci_enable_msi(struct pci_msi_dev *pdev, struct irq_domain *domain)
{
	(void)pdev;
	(void)domain;
	return -GENIRQ_ENOSYS;
}
static inline int pci_enable_msi_range(struct pci_msi_dev *pdev, struct irq_domain *domain,
				       unsigned int minvec, unsigned int maxvec)
{
	(void)pdev;
	(void)domain;
	(void)minvec;
	(void)maxvec;
	return -GENIRQ_ENOSYS;
}
static inline int pci_enable_msix(struct pci_msi_dev *pdev, struct irq_domain *domain,
				  unsigned int nvec)
{
	(void)pdev;
	(void)domain;
	(void)nvec;
	return -GENIRQ_ENOSYS;
}
static inline int pci_disable_msi(struct pci_msi_dev *pdev) { (void)pdev; return -GENIRQ_ENOSYS; }
static inline int pci_disable_msix(struct pci_msi_dev *pdev) { (void)pdev; return -GENIRQ_ENOSYS; }
#endif

GENIRQ_END_DECLS

#endif /* GENIRQ_MSI_H */

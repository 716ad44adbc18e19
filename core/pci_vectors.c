// SPDX-License-Identifier: MIT
/*
 * pci_vectors.c - a PCI function's vectors the way Linux 6.x drivers ask
 * for them (<genirq/pci.h>): MSI-X, then MSI, then the INTx line, as the
 * flags allow, spread over the CPUs when asked (managed affinity).
 */
#include "internals.h"
#include <genirq/pci.h>

GENIRQ_FEATURE_SOURCE(GENIRQ_MSI, "MSI");

/* The largest power of two not above @n (n >= 1). */
static unsigned int pow2_floor(unsigned int n)
{
	unsigned int p = 1;

	while (p * 2 <= n)
		p *= 2;
	return p;
}

/*
 * The masks of @n vectors under @affd (NULL: not spread). Return: 0 with
 * *@masks set (NULL when nothing is spread), -EINVAL (the sets do not add
 * up, reported by irq_create_affinity_masks(), or out of memory).
 */
static int make_masks(unsigned int n, struct irq_affinity *affd,
		      struct irq_affinity_desc **masks)
{
	*masks = NULL;
	if (!affd || n <= affd->pre_vectors + affd->post_vectors)
		return 0;
	*masks = irq_create_affinity_masks(n, affd);
	return *masks ? 0 : -EINVAL;
}

/* Enable @n vectors of @kind with @masks. Return: @n, or -errno with nothing kept. */
static int enable(struct pci_irq_dev *dev, enum pci_irq_kind kind, unsigned int n,
		  struct irq_affinity *affd)
{
	struct irq_affinity_desc *masks;
	int ret = make_masks(n, affd, &masks);

	if (ret)
		return ret;
	dev->msi.msi.affinity = masks;
	if (kind == PCI_IRQ_KIND_MSIX)
		ret = pci_enable_msix(&dev->msi, dev->msi_domain, n);
	else
		ret = pci_enable_msi_range(&dev->msi, dev->msi_domain, n, n);
	if (ret < 0) {
		dev->msi.msi.affinity = NULL;
		irq_free_affinity_masks(masks);
		return ret;
	}
	dev->kind = kind;
	dev->nvec = n;
	dev->masks = masks;
	return (int)n;
}

/*
 * @kind's vectors, as many as the device offers up to @max (and one per
 * CPU when spread); for MSI a power of two, one where the domain has no
 * multi-message MSI. Return: the count, -EINVAL (no such capability or
 * domain), -ENOSPC (fewer than @min), or the enable's -errno.
 */
static int try_kind(struct pci_irq_dev *dev, enum pci_irq_kind kind, unsigned int min,
		    unsigned int max, struct irq_affinity *affd)
{
	int hw = !dev->msi_domain ? -EINVAL : kind == PCI_IRQ_KIND_MSIX ?
		 pci_msix_vec_count(&dev->msi) : pci_msi_vec_count(&dev->msi);
	unsigned int n;

	if (hw < 0)
		return -EINVAL;
	n = max < (unsigned int)hw ? max : (unsigned int)hw;
	if (affd)
		n = irq_calc_affinity_vectors(min, n, affd);
	if (kind == PCI_IRQ_KIND_MSI && n)
		n = irq_msi_domain_multi(dev->msi_domain) ? pow2_floor(n) : 1;
	return n < min ? -ENOSPC : enable(dev, kind, n, affd);
}

/* The refusals that leave everything as it was, one report each. */
static int misuse(struct pci_irq_dev *dev, unsigned int min, unsigned int max,
		  unsigned int flags, const struct irq_affinity *affd)
{
	if (!dev) {
		irq_log("pci_alloc_irq_vectors: no device");
		return -EINVAL;
	}
	if (min == 0 || max < min) {
		irq_log("pci_alloc_irq_vectors: %u to %u vectors asked for", min, max);
		return -EINVAL;
	}
	if (!(flags & PCI_IRQ_ALL_TYPES)) {
		irq_log("pci_alloc_irq_vectors: flags 0x%x allow no kind of vector", flags);
		return -EINVAL;
	}
	if (affd && !(flags & PCI_IRQ_AFFINITY)) {
		irq_log("pci_alloc_irq_vectors_affinity: spreading given without PCI_IRQ_AFFINITY");
		return -EINVAL;
	}
	if (dev->kind != PCI_IRQ_KIND_NONE) {
		irq_log("pci_alloc_irq_vectors: device 0x%04x holds %u vectors already: free them first",
			(unsigned int)dev->msi.msi.id, dev->nvec);
		return -EINVAL;
	}
	return 0;
}

int pci_alloc_irq_vectors_affinity(struct pci_irq_dev *dev, unsigned int min_vecs,
				   unsigned int max_vecs, unsigned int flags,
				   struct irq_affinity *affd)
{
	struct irq_affinity spread_all = { 0 };
	int nvecs = misuse(dev, min_vecs, max_vecs, flags, affd);

	if (nvecs)
		return nvecs;
	if ((flags & PCI_IRQ_AFFINITY) && !affd)
		affd = &spread_all;
	nvecs = -ENOSPC;
	if (flags & PCI_IRQ_MSIX) {
		nvecs = try_kind(dev, PCI_IRQ_KIND_MSIX, min_vecs, max_vecs, affd);
		if (nvecs > 0)
			return nvecs;
	}
	if (flags & PCI_IRQ_MSI) {
		nvecs = try_kind(dev, PCI_IRQ_KIND_MSI, min_vecs, max_vecs, affd);
		if (nvecs > 0)
			return nvecs;
	}
	/* One line, shared and unspread: only for a caller that can live with one. */
	if ((flags & PCI_IRQ_INTX) && min_vecs == 1 && dev->irq) {
		dev->kind = PCI_IRQ_KIND_INTX;
		dev->nvec = 1;
		return 1;
	}
	/* "No such capability" of the last kind tried says less than "too few". */
	return nvecs == -EINVAL ? -ENOSPC : nvecs;
}

int pci_alloc_irq_vectors(struct pci_irq_dev *dev, unsigned int min_vecs, unsigned int max_vecs,
			  unsigned int flags)
{
	return pci_alloc_irq_vectors_affinity(dev, min_vecs, max_vecs, flags, NULL);
}

/* A vector of @dev that still has a handler, or -1. */
static int vector_in_use(struct pci_irq_dev *dev)
{
	for (unsigned int i = 0; i < dev->nvec; i++) {
		unsigned int rd, irq = (unsigned int)dev->msi.msi.irq + i;
		struct irq_desc *desc = irq_desc_get(irq, &rd);
		bool used = desc && desc_action(desc);

		if (desc)
			irq_desc_put(rd);
		if (used)
			return (int)irq;
	}
	return -1;
}

void pci_free_irq_vectors(struct pci_irq_dev *dev)
{
	int busy, ret = 0;

	if (!dev || dev->kind == PCI_IRQ_KIND_NONE)
		return;
	if (dev->kind != PCI_IRQ_KIND_INTX && (busy = vector_in_use(dev)) >= 0) {
		irq_log("pci_free_irq_vectors: irq %d still has a handler (free_irq() first): "
			"nothing freed", busy);
		return;
	}
	if (dev->kind == PCI_IRQ_KIND_MSIX)
		ret = pci_disable_msix(&dev->msi);
	else if (dev->kind == PCI_IRQ_KIND_MSI)
		ret = pci_disable_msi(&dev->msi);
	if (ret) {
		irq_log("pci_free_irq_vectors: device 0x%04x: %d, vectors kept",
			(unsigned int)dev->msi.msi.id, ret);
		return;
	}
	dev->msi.msi.affinity = NULL;
	irq_free_affinity_masks(dev->masks);
	dev->masks = NULL;
	dev->kind = PCI_IRQ_KIND_NONE;
	dev->nvec = 0;
}

int pci_irq_vector(struct pci_irq_dev *dev, unsigned int nr)
{
	if (!dev || nr >= dev->nvec)
		return -EINVAL;
	if (dev->kind == PCI_IRQ_KIND_INTX)
		return (int)dev->irq;
	return dev->msi.msi.irq + (int)nr;
}

const struct irq_cpumask *pci_irq_get_affinity(struct pci_irq_dev *dev, unsigned int nr)
{
	if (!dev || nr >= dev->nvec || !dev->masks)
		return NULL;
	return &dev->masks[nr].mask;
}

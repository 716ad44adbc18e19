/* SPDX-License-Identifier: MIT */
/*
 * pci.h - a PCI function's interrupt vectors as Linux 6.x drivers ask for
 * them: pci_alloc_irq_vectors() tries MSI-X, then MSI, then the legacy
 * INTx line, as the caller's flags allow, and can spread the vectors
 * over the CPUs (managed affinity, <genirq/affinity.h>).
 *
 * genirq has no PCI bus layer: a port (or a test) describes the function
 * in a struct pci_irq_dev. pci_msi_dev_init() (<genirq/msi.h>) fills its
 * msi member, the capability facts, from configuration space through
 * the port's accessors (struct pci_cfg_ops: config reads and writes, the
 * MSI-X table's BAR), which are also how the MSI layer writes each
 * vector's message and mask bit; the port sets @msi_domain (its PCI-MSI
 * domain) and @irq (the INTx line it routed, 0: none).
 *
 * Part of the MSI feature (GENIRQ_MSI): without it every verb is -ENOSYS
 * and pci_irq_vector() finds no vector.
 */
#ifndef GENIRQ_PCI_H
#define GENIRQ_PCI_H

#include <genirq/affinity.h>
#include <genirq/compiler.h>
#include <genirq/config.h>
#include <genirq/errno.h>
#include <genirq/msi.h>

GENIRQ_BEGIN_DECLS

/* pci_alloc_irq_vectors() flags, Linux's values. */
#define PCI_IRQ_INTX		(1u << 0)	/* the legacy line */
#define PCI_IRQ_LEGACY		PCI_IRQ_INTX	/* its older name */
#define PCI_IRQ_MSI		(1u << 1)
#define PCI_IRQ_MSIX		(1u << 2)
#define PCI_IRQ_AFFINITY	(1u << 3)	/* spread the vectors: managed */
#define PCI_IRQ_ALL_TYPES	(PCI_IRQ_INTX | PCI_IRQ_MSI | PCI_IRQ_MSIX)

/* Which kind of vectors a device holds. */
enum pci_irq_kind {
	PCI_IRQ_KIND_NONE,
	PCI_IRQ_KIND_MSIX,
	PCI_IRQ_KIND_MSI,
	PCI_IRQ_KIND_INTX,
};

/* A PCI function, as far as its interrupts go. */
struct pci_irq_dev {
	struct pci_msi_dev	msi;		/* pci_msi_dev_init() fills it */
	struct irq_domain	*msi_domain;	/* the port's PCI-MSI domain, or NULL */
	unsigned int		irq;		/* the INTx line; 0: none */
	/* The layer's, read-only to others: what pci_alloc_irq_vectors() took. */
	enum pci_irq_kind	kind;
	unsigned int		nvec;
	struct irq_affinity_desc *masks;	/* per vector, or NULL (not spread) */
};

#if GENIRQ_MSI
/**
 * pci_alloc_irq_vectors_affinity - between @min_vecs and @max_vecs vectors
 * for @dev: MSI-X when @flags has PCI_IRQ_MSIX and the device offers
 * MSI-X, else MSI (PCI_IRQ_MSI: a power of two, one where the domain has
 * no multi-message MSI), else the INTx line (PCI_IRQ_INTX, @min_vecs 1
 * and @dev->irq set; one vector)
 * @affd: with PCI_IRQ_AFFINITY, how to spread (NULL: all vectors spread,
 * none pre or post); the count asked for is capped at the pre and post
 * vectors plus one per CPU (irq_calc_affinity_vectors()), and each spread
 * vector's line is managed from its allocation on
 *
 * Context: process context (allocates); calls for one device are
 * serialized by its driver. Return: the number of vectors (their lines
 * are pci_irq_vector(@dev, 0..n-1)); or -errno with nothing changed:
 * -EINVAL (no @dev, @min_vecs 0 or above @max_vecs, no kind of vector
 * in @flags, @affd without PCI_IRQ_AFFINITY, or the device holds vectors
 * already: each reported), -ENOSPC (fewer
 * than @min_vecs possible of every kind allowed), or the last kind's
 * error (-ENOMEM, a domain's).
 */
int pci_alloc_irq_vectors_affinity(struct pci_irq_dev *dev, unsigned int min_vecs,
				   unsigned int max_vecs, unsigned int flags,
				   struct irq_affinity *affd);
/* pci_alloc_irq_vectors_affinity() without @affd. */
int pci_alloc_irq_vectors(struct pci_irq_dev *dev, unsigned int min_vecs, unsigned int max_vecs,
			  unsigned int flags);
/**
 * pci_free_irq_vectors - give back what pci_alloc_irq_vectors() took
 * (MSI-X or MSI disabled and their lines freed; INTx left as it is)
 *
 * Every handler of the vectors must be freed first: while one is
 * installed nothing is freed and the refusal is reported, as Linux's
 * BUG_ON would stop. A device holding none: nothing happens.
 * Context: process context.
 */
void pci_free_irq_vectors(struct pci_irq_dev *dev);
/**
 * pci_irq_vector - the global line of vector @nr of @dev
 * Context: any. Return: the line; -EINVAL when @dev holds no vector @nr
 * (not reported: drivers probe with it).
 */
int pci_irq_vector(struct pci_irq_dev *dev, unsigned int nr);
/* The CPUs vector @nr was spread to; NULL when it was not spread. Context: any. */
const struct irq_cpumask *pci_irq_get_affinity(struct pci_irq_dev *dev, unsigned int nr);
#else
static inline int pci_alloc_irq_vectors_affinity(struct pci_irq_dev *dev, unsigned int min_vecs,
						 unsigned int max_vecs, unsigned int flags,
						 struct irq_affinity *affd)
{
	(void)dev;
	(void)min_vecs;
	(void)max_vecs;
	(void)flags;
	(void)affd;
	return -GENIRQ_ENOSYS;
}
static inline int pci_alloc_irq_vectors(struct pci_irq_dev *dev, unsigned int min_vecs,
					unsigned int max_vecs, unsigned int flags)
{
	return pci_alloc_irq_vectors_affinity(dev, min_vecs, max_vecs, flags,
					      (struct irq_affinity *)0);
}
static inline void pci_free_irq_vectors(struct pci_irq_dev *dev) { (void)dev; }
static inline int pci_irq_vector(struct pci_irq_dev *dev, unsigned int nr)
{
	(void)dev;
	(void)nr;
	return -GENIRQ_EINVAL;
}
static inline const struct irq_cpumask *pci_irq_get_affinity(struct pci_irq_dev *dev, unsigned int nr)
{
	(void)dev;
	(void)nr;
	return (const struct irq_cpumask *)0;
}
#endif

GENIRQ_END_DECLS

#endif /* GENIRQ_PCI_H */

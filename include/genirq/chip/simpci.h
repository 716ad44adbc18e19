/* SPDX-License-Identifier: MIT */
/*
 * simpci.h - a simulated PCI device with MSI and MSI-X capabilities, for
 * tests of the MSI layer (<genirq/msi.h>) on the hosted port.
 *
 * Its configuration space and MSI-X table are reached through
 * simpci_cfg_ops, as a port reaches a real device's. simpci_fire() is the
 * device raising a vector: it writes the message programmed for it to the
 * simulated PIC (simpic_msi_write()), or sets the vector's pending bit
 * while the vector or the function is masked, and writes it when unmasked.
 * Thread-safe.
 */
#ifndef GENIRQ_SIMPCI_H
#define GENIRQ_SIMPCI_H

#include <stdbool.h>
#include <stdint.h>
#include <genirq/msi.h>
#include <genirq/chip/simpic.h>

GENIRQ_BEGIN_DECLS

struct simpci;

struct simpci_config {
	unsigned int	msi_log2;	/* MSI vectors offered: 1 << msi_log2 */
	bool		msi;		/* has an MSI capability */
	bool		msi_64bit;
	bool		msi_mask;	/* per-vector mask bits */
	unsigned int	msix;		/* MSI-X table size; 0: no MSI-X */
};

extern const struct pci_cfg_ops simpci_cfg_ops;	/* ctx: the struct simpci */

/* A device whose messages go to @pic. Return: NULL when out of memory. */
struct simpci *simpci_create(struct simpic *pic, const struct simpci_config *cfg);
void simpci_destroy(struct simpci *dev);

/* Raise vector @index. Return: 1 written, 0 held pending (masked), -EIO
 * when neither MSI nor MSI-X is enabled or @index is not enabled. */
int simpci_fire(struct simpci *dev, unsigned int index);
bool simpci_pending(struct simpci *dev, unsigned int index);
/* Messages written to the PIC so far. */
unsigned long simpci_writes(struct simpci *dev);

GENIRQ_END_DECLS

#endif /* GENIRQ_SIMPCI_H */

/* SPDX-License-Identifier: MIT */
/*
 * gicv2m.h - the Arm GICv2m MSI frame (SBSA): a page whose MSI_TYPER
 * names a range of the GICv2's SPIs, and whose MSI_SETSPI_NS register
 * (frame + 0x40) raises, on a write of an SPI's number, that SPI as an
 * edge. A PCI device's MSI is then an ordinary SPI of the GICv2: routed by
 * GICD_ITARGETSR, acknowledged and ended at the CPU interface.
 *
 * The frame is a level of a domain hierarchy (<genirq/irqdomain.h>):
 *
 *     PCI-MSI domain        (msi_create_irq_domain(..., "GICv2m-PCI-MSI"))
 *        | parent
 *     GICv2m domain         hwirq = the SPI; composes the message:
 *        | parent           address frame + 0x40, data = the SPI
 *     GICv2 domain          gicv2_enable_hierarchy(): hands out the SPIs
 *                           of the frame's range; dispatch, eoi, affinity
 */
#ifndef GENIRQ_GICV2M_H
#define GENIRQ_GICV2M_H

#include <stdint.h>
#include <genirq/irq.h>
#include <genirq/chip/gicv2.h>

GENIRQ_BEGIN_DECLS

#define GICV2M_SETSPI_NS	0x40u	/* the message address: frame + this */

struct gicv2m;

/**
 * gicv2m_create - read the frame at @frame (its physical address, mapped
 * one to one) and stack its domain on @gic's
 *
 * The SPIs of MSI_TYPER (base, count) become the range the GICv2 hands
 * out (gicv2_enable_hierarchy()). Context: boot, after gicv2_create().
 * Return: the frame, or NULL after a report (a range the GIC does not
 * have, no SPI in it, out of memory).
 */
struct gicv2m *gicv2m_create(struct gicv2 *gic, uintptr_t frame);
/* The frame's domain: the parent of a PCI-MSI domain. */
struct irq_domain *gicv2m_domain(struct gicv2m *m);
/* The frame's SPIs: the first and how many. */
void gicv2m_spis(const struct gicv2m *m, unsigned int *first, unsigned int *count);
/* SPIs of the frame not given to a line. */
unsigned int gicv2m_free_spis(struct gicv2m *m);

GENIRQ_END_DECLS

#endif /* GENIRQ_GICV2M_H */

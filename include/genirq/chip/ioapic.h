/* SPDX-License-Identifier: MIT */
/*
 * ioapic.h - the I/O APIC (memory-mapped, pins routed to local APICs in
 * physical destination mode). A machine may have several: each is an
 * instance with its own registers, lock and irq domain.
 *
 * Each instance's domain is a child of a parent that hands out CPU
 * targets (the x86 vector domain, <genirq/chip/x86_vector.h>): a pin's
 * line is made with ioapic_map_pin() at the global number the port
 * chooses (ISA line n is irq n), its vector and destination come from the
 * parent at activation (the first request_irq()), read from the parent's
 * MSI message (APIC ID in address bits 19:12, vector in data bits 7:0),
 * as Linux derives a redirection entry from it. The chip writes only the
 * pin's redirection entry (mask, trigger, polarity, destination, vector)
 * and forwards the rest to the parent: the end of interrupt (the local
 * APIC's EOI, and the end of a vector move there), set_affinity (a new
 * vector on the new CPU, then the entry is rewritten) and retrigger.
 *
 * A move rewrites the entry's two registers with the pin masked. A level
 * pin moves at once; an edge pin's move is pending until the pin's next
 * event, whose end carries it out and then sends one event on the new
 * vector, covering an edge the masked chip dropped (Linux's deferred
 * IO-APIC move). Until then the effective affinity is the old CPU.
 *
 * Edge and level pins both end with the parent's EOI (fasteoi); a level
 * pin whose remote IRR survives it also gets the I/O APIC's own EOI. The
 * chip drops edges that arrive on a masked pin (82093AA), so disable
 * masks nothing: the flow masks the pin at the first event it refuses
 * and keeps that event for replay, which the parent's retrigger sends.
 */
#ifndef GENIRQ_IOAPIC_H
#define GENIRQ_IOAPIC_H

#include <stdint.h>
#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

#define IOAPIC_PHYS_BASE	0xFEC00000u
#define IOAPIC_MAX_PINS		240u	/* most pins ioapic_create() takes */

struct ioapic;

/**
 * ioapic_create - mask every pin of one I/O APIC and make its domain
 * @base: the chip's MMIO address
 * @gsi_base: the ACPI GSI of pin 0 (ioapic_gsi_base(); lines are made by
 *            ioapic_map_pin())
 * @parent: the hierarchical domain that hands out vectors
 *
 * The number of pins is read from the chip's version register. Pins
 * start edge-triggered, active high, masked, without a vector; a pin's
 * line asks the parent for CPU 0 (its vector is taken there at
 * activation) until its affinity is set.
 * Context: boot. Return: the instance, or NULL after a report (too many
 * pins, no parent, no memory).
 */
struct ioapic *ioapic_create(uintptr_t base, unsigned int gsi_base, struct irq_domain *parent);
/**
 * ioapic_map_pin - make global line @irq the line of @pin
 *
 * Through the whole hierarchy (irq_domain_alloc_irqs_at()): the parent's
 * level gets its line too; the vector comes at activation.
 * Context: process context. Return: @irq, -EINVAL (no such pin), -EBUSY
 * (the pin has a line, or @irq is taken: reported), or the parent's -errno.
 */
int ioapic_map_pin(struct ioapic *io, unsigned int pin, unsigned int irq);
/* The instance's domain (hardware number = pin), pin count, GSI base. */
struct irq_domain *ioapic_domain(const struct ioapic *io);
unsigned int ioapic_nr_pins(const struct ioapic *io);
unsigned int ioapic_gsi_base(const struct ioapic *io);

GENIRQ_END_DECLS

#endif /* GENIRQ_IOAPIC_H */

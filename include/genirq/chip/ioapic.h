/* SPDX-License-Identifier: MIT */
/*
 * ioapic.h - the I/O APIC (memory-mapped, pins routed to local APICs in
 * physical destination mode). A machine may have several: each is an
 * instance with its own registers, lock and irq domain.
 *
 * Pin n is global number gsi_base + n and CPU vector vector_base + n.
 * Edge and level pins both end with the local APIC's EOI (fasteoi); a
 * level pin whose remote IRR survives that EOI also gets the I/O APIC's
 * own EOI. set_affinity rewrites the destination to the first CPU of the
 * mask. The chip drops edges that arrive on a masked pin (82093AA), so
 * disable masks nothing: the flow masks the pin at the first event it
 * refuses and keeps that event for replay, which retrigger sends as a
 * local-APIC message with the pin's vector.
 */
#ifndef GENIRQ_IOAPIC_H
#define GENIRQ_IOAPIC_H

#include <stdint.h>
#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

#define IOAPIC_PHYS_BASE	0xFEC00000u

struct ioapic_ops {
	void		(*local_eoi)(void);		/* the CPU's end of interrupt */
	unsigned int	(*cpu_apic_id)(unsigned int cpu);	/* where to send */
	/* Deliver @vector to @apic_id as if the pin had fired (retrigger). */
	void		(*send_vector)(unsigned int apic_id, unsigned int vector);
};

struct ioapic;

/**
 * ioapic_create - mask every pin of one I/O APIC and register them
 * @base: the chip's MMIO address
 * @gsi_base: global number of pin 0 (a legacy domain; the ACPI GSI base)
 * @vector_base: CPU vector of pin 0; every pin's vector must stay below
 *               the local APIC's (0xEF)
 * @ops: the local APIC hooks (kept by pointer)
 *
 * The number of pins is read from the chip's version register. Pins
 * start edge-triggered, active high, routed to CPU 0, masked.
 * Context: boot. Return: the instance, or NULL after a report (too many
 * pins for the vectors, no memory, numbers taken).
 */
struct ioapic *ioapic_create(uintptr_t base, unsigned int gsi_base, unsigned int vector_base,
			     const struct ioapic_ops *ops);
/* The instance's domain (hardware number = pin), pin count, GSI base. */
struct irq_domain *ioapic_domain(const struct ioapic *io);
unsigned int ioapic_nr_pins(const struct ioapic *io);
unsigned int ioapic_gsi_base(const struct ioapic *io);

GENIRQ_END_DECLS

#endif /* GENIRQ_IOAPIC_H */

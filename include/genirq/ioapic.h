/* SPDX-License-Identifier: MIT */
/*
 * ioapic.h - the I/O APIC (one chip, memory-mapped, pins routed to local
 * APICs in physical destination mode).
 *
 * Pin n is global number first_irq + n and CPU vector vector_base + n.
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

/**
 * ioapic_init - mask every pin and register them
 * @base: the chip's MMIO address
 * @first_irq: global number of pin 0 (a legacy domain)
 * @vector_base: CPU vector of pin 0
 * @ops: the local APIC hooks (kept by pointer)
 *
 * Pins start edge-triggered, active high, routed to CPU 0, masked.
 * Context: boot. Return: the domain, or NULL after a report.
 */
struct irq_domain *ioapic_init(uintptr_t base, unsigned int first_irq, unsigned int vector_base,
			       const struct ioapic_ops *ops);
unsigned int ioapic_nr_pins(void);

GENIRQ_END_DECLS

#endif /* GENIRQ_IOAPIC_H */

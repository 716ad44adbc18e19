// SPDX-License-Identifier: MIT
/*
 * irq.c - the x86_64 interrupt glue: from a vector to the core on this
 * CPU's hardirq stack (arch/x86/irqstack.c); the APIC spurious vector;
 * wiring the local APIC's lines to their fixed vectors (the same on every
 * CPU), the IO-APIC's pins to their ISA numbers on the vector domain
 * (whose per-CPU vectors are vector.c's).
 */
#include <genirq/chip/i8259.h>
#include <genirq/chip/ioapic.h>
#include <genirq/chip/lapic.h>
#include <genirq/chip/x86_vector.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "x86.h"
#include "x86_64.h"

struct vector_map {
	struct irq_domain	*domain;
	irq_hw_number_t		hw;
};

static struct vector_map vectors[256];
struct irq_domain *x86_64_lapic_domain;
volatile uint64_t x86_64_bare_tsc;

void x86_64_vector_bind(unsigned int vector, struct irq_domain *d, unsigned long hw)
{
	if (vector < 256)
		vectors[vector] = (struct vector_map){ d, hw };
}

void x86_64_interrupt(struct x86_64_regs *regs)
{
	const struct vector_map *v = &vectors[regs->vector];

	if (irq_likely(v->domain)) {
		x86_handle_irq(v->domain, v->hw, regs);
	} else if (x86_64_cpu_vector(regs)) {
		/* a matrix vector of this CPU: vector.c dispatched it */
	} else if (regs->vector == X86_64_VECTOR_BARE) {
		x86_64_bare_tsc = rdtsc();	/* the floor: no genirq at all */
		lapic_eoi();
	} else if (regs->vector == LAPIC_SPURIOUS_VECTOR) {
		irq_spurious_vector();		/* no EOI: nothing is in service */
	} else {
		irq_error_event();
		port_ack_bad_irq((unsigned int)regs->vector);
	}
}

/* Linux 2.6.9's ack_APIC_irq: a vector nobody owns still holds the local APIC. */
void port_ack_bad_irq(unsigned int irq)
{
	irq_log("unexpected IRQ trap at vector %02x", irq);
	lapic_eoi();
}

void x86_64_irq_cpu_init(unsigned int cpu)
{
	x86_irq_stacks_init(cpu);
	lapic_cpu_init();
}

static const uint8_t lapic_vectors[LAPIC_NR_LINES] = {
	[LAPIC_TIMER] = LAPIC_TIMER_VECTOR,
	[LAPIC_IPI] = LAPIC_IPI_VECTOR,
	[LAPIC_ERROR] = LAPIC_ERROR_VECTOR,
};

/* Events of local APIC line @hw on @cpu (0 before the line exists). */
static unsigned long lapic_count(irq_hw_number_t hw, unsigned int cpu)
{
	int irq = irq_find_mapping(x86_64_lapic_domain, hw);

	return irq < 0 ? 0 : irq_stat_cpu((unsigned int)irq, cpu);
}

static unsigned long local_timer_count(unsigned int cpu)
{
	return lapic_count(LAPIC_TIMER, cpu);
}

static unsigned long ipi_count(unsigned int cpu)
{
	return lapic_count(LAPIC_IPI, cpu);
}

/*
 * Linux's summary rows for what is not in its irq numbers on x86: the
 * local APIC lines are genirq lines here, hidden from the numbered list
 * (smp.c); their IPI delivers messages to a function (CAL); the APIC
 * error line counts in the core's ERR row.
 */
void port_show_interrupts(struct irq_text *t)
{
	irq_proc_row(t, "NMI", x86_nmi_count, "Non-maskable interrupts");
	irq_proc_row(t, "LOC", local_timer_count, "Local timer interrupts");
	irq_proc_row(t, "CAL", ipi_count, "Function call interrupts");
}

/*
 * Legacy lines keep their ISA numbers, as in Linux: ISA line i is global
 * number i, on IO-APIC pin isa_gsi[i] (QEMU's MADT overrides ISA 0, the
 * PIT, to pin 2). Line n is pin n except where an override swaps the
 * pins of two lines; other pins keep their GSI numbers. Each pin's line
 * is made at its number through the hierarchy (IO-APIC on VECTOR).
 */
static void route_pins(struct ioapic *io)
{
	unsigned int nr_pins = ioapic_nr_pins(io), line_of[X86_64_NR_IRQS];

	for (unsigned int pin = 0; pin < nr_pins && pin < X86_64_NR_IRQS; pin++)
		line_of[pin] = pin;
	for (unsigned int isa = 0; isa < 16 && isa < nr_pins; isa++) {
		unsigned int pin = x86_64_mach.isa_gsi[isa];

		if (pin == isa || pin >= nr_pins || line_of[pin] != pin || line_of[isa] != isa)
			continue;	/* identity, off the chip, or moved already */
		line_of[pin] = isa;
		line_of[isa] = pin;
	}
	for (unsigned int pin = 0; pin < nr_pins && pin < X86_64_NR_IRQS; pin++)
		if (ioapic_map_pin(io, pin, line_of[pin]) < 0)
			irq_log("ioapic: pin %u: no line %u", pin, line_of[pin]);
}

void x86_64_irq_init(void)
{
	struct irq_domain *local;
	struct ioapic *ioapic = NULL;

	i8259_disable(X86_64_VECTOR_PIC);
	x86_64_irq_cpu_init(0);
	x86_64_vector_init();
	if (x86_64_vectors)
		ioapic = ioapic_create(x86_64_mach.ioapic_base ? x86_64_mach.ioapic_base :
				       IOAPIC_PHYS_BASE, 0, x86_vector_domain(x86_64_vectors));
	if (ioapic)
		route_pins(ioapic);
	local = x86_64_lapic_domain = lapic_init();
	for (unsigned int hw = 0; local && hw < LAPIC_NR_LINES; hw++)
		vectors[lapic_vectors[hw]] = (struct vector_map){ local, hw };
	/* ISA lines edge, active high, except where the MADT says level (PCI). */
	for (unsigned int isa = 0; isa < 16; isa++)
		irq_set_irq_type(isa, x86_64_mach.isa_level[isa] ?
				 IRQ_TYPE_LEVEL_HIGH : IRQ_TYPE_EDGE_RISING);
}

/* SPDX-License-Identifier: MIT */
/*
 * x86_apic.h - the x86 APIC machine in one piece, for a kernel that takes
 * genirq's IO-APIC, local APIC and vector domain together: the 8259 pair
 * masked, one IO-APIC whose pins are global lines 0..pins-1 (ISA line n
 * is irq n, on pin n or on the pin an override names, as in Linux), the
 * local APIC's
 * per-CPU lines (timer, IPI, error) on their fixed vectors on every CPU,
 * the vector matrix of the IO-APIC's lines on vectors the kernel leaves
 * free, and the entry from a vector number to the core.
 *
 * The kernel keeps its own IDT and its own vectors (exceptions, system
 * call): every interrupt vector it does not own goes to x86_apic_handle(),
 * which finds its CPU with port_cpu_id_fast(). x86_apic_cpu() is a CPU
 * number from the local APIC ID, right with interrupts on or off: a
 * port's port_cpu_id() when it has nothing cheaper.
 */
#ifndef GENIRQ_X86_APIC_H
#define GENIRQ_X86_APIC_H

#include <stdbool.h>
#include <stdint.h>
#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

struct irq_text;

struct x86_apic_config {
	uintptr_t	ioapic_base;	/* 0: IOAPIC_PHYS_BASE */
	const uint8_t	*apic_ids;	/* APIC ID of each CPU number: kept, not copied */
	unsigned int	nr_cpus;	/* <= GENIRQ_NR_CPUS */
	/* The masked 8259 pair's 16 vectors (a stray IRQ7 lands there). */
	unsigned int	pic_vector;
	/* The matrix (IO-APIC lines), per CPU; clear of the kernel's own
	 * vectors, of the 8259's, of cleanup_vector and of the local APIC's
	 * fixed vectors (LAPIC_TIMER_VECTOR and up). */
	unsigned int	first_vector, last_vector;
	unsigned int	cleanup_vector;	/* the IPI that ends a line's move */
	/* Optional (NULL: the default in brackets). */
	const unsigned int *isa_gsi;	/* ISA line -> pin, the MADT's overrides [pin n] */
	const bool	*isa_level;	/* ISA lines an override makes level [none] */
	/* How a bound vector reaches the core, e.g. on an interrupt stack
	 * [irq_handle_desc_entry()]: @slot is the vector's entry in this
	 * CPU's table of descriptors. Returns irq_handle_desc_entry()'s
	 * result: nonzero when the slot had emptied meanwhile, and then
	 * x86_apic_handle() ends the vector at the local APIC. */
	int		(*entry)(struct irq_desc *const *slot, void *regs);
};

/**
 * x86_apic_init - mask the 8259s, set up the boot CPU's local APIC, make
 * the vector domain, the IO-APIC's lines 0..pins-1 (ISA lines 0-15
 * edge-triggered, active high, unless @c->isa_level says level) and the
 * local APIC's per-CPU lines
 * @c: the machine; checked before any hardware is touched
 *
 * Context: boot, on the boot CPU, local interrupts off, after
 * irq_core_init() with room for the pins and LAPIC_NR_LINES more.
 * Return: 0; -EINVAL (reported) for a configuration whose vectors
 * overlap or leave the 32-255 range, no CPU or too many; -ENOMEM or the
 * core's -errno (reported) when a domain or line cannot be made.
 */
int x86_apic_init(const struct x86_apic_config *c);
/* The calling CPU's local APIC (spurious vector, LINT0 masked).
 * Context: each CPU but the boot CPU, as it comes up, interrupts off. */
void x86_apic_cpu_init(void);
/* The calling CPU's number: its APIC ID's index in the configuration,
 * or 0 before x86_apic_init() and for an ID not there. Context: any. */
unsigned int x86_apic_cpu(void);
/**
 * x86_apic_handle - the entry of interrupt vector @vector on this CPU
 * @regs: the interrupted state, for get_irq_regs() (may be NULL)
 *
 * A vector bound to a line goes to its flow (irq_handle_desc_entry() from
 * this CPU's table of descriptors, one per vector), or, when its slot
 * emptied between this function's look and the core's read (the line
 * freed on another CPU), is counted (ERR) and ended at the local APIC;
 * the cleanup vector releases finished moves' old vectors; the APIC's
 * spurious vector and the 8259's are counted (SPU); a matrix vector bound
 * to nothing is counted (ERR) and ended at the local APIC.
 * Context: interrupt entry, local interrupts off.
 * Return: true when the vector was the APIC machine's (handled),
 * false when it is none of these (the kernel's own).
 */
bool x86_apic_handle(unsigned int vector, void *regs);
/* Route @vector on every CPU to line @hw of @d (NULL: unroute), for a
 * fixed vector of the port's own; the line must be mapped already (its
 * descriptor is what the vector's slot holds), and unrouted before it is
 * freed. Context: any, the line quiet. */
void x86_apic_bind(unsigned int vector, struct irq_domain *d, irq_hw_number_t hw);
/* The vector domain (to stack a PCI-MSI domain on x86_vector_domain()),
 * the local APIC's domain; NULL before x86_apic_init(). */
struct x86_vector *x86_apic_vectors(void);
struct irq_domain *x86_apic_lapic_domain(void);
/* The global number of local APIC line @hw (LAPIC_TIMER...), or -EINVAL. */
int x86_apic_lapic_irq(unsigned int hw);
/* Linux's LOC and CAL rows (the local APIC's timer and IPI lines, hidden
 * from the numbered list) with the core's SPU between them, in Linux
 * x86's order, for the port's port_show_interrupts(). */
void x86_apic_show_interrupts(struct irq_text *t);

GENIRQ_END_DECLS

#endif /* GENIRQ_X86_APIC_H */

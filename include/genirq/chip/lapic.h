/* SPDX-License-Identifier: MIT */
/*
 * lapic.h - the x86 local APIC (xAPIC, memory-mapped at 0xFEE00000).
 *
 * Its lines are per-CPU: the local timer, the inter-processor interrupt
 * and the error interrupt, in a domain of their own (hardware numbers
 * LAPIC_TIMER, LAPIC_IPI, LAPIC_ERROR). Each CPU programs its own local
 * APIC with lapic_cpu_init() and lapic_timer_start().
 */
#ifndef GENIRQ_LAPIC_H
#define GENIRQ_LAPIC_H

#include <stdbool.h>
#include <stdint.h>
#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

#define LAPIC_PHYS_BASE		0xFEE00000u

/* Hardware lines of the LAPIC domain, and their vectors. */
enum { LAPIC_TIMER, LAPIC_IPI, LAPIC_ERROR, LAPIC_NR_LINES };
#define LAPIC_TIMER_VECTOR	0xEFu
#define LAPIC_IPI_VECTOR	0xF0u
#define LAPIC_ERROR_VECTOR	0xFEu
#define LAPIC_SPURIOUS_VECTOR	0xFFu	/* never EOIed */

/* The fixed vector of line @hw (LAPIC_TIMER...), or 0 for no such line. */
unsigned int lapic_line_vector(unsigned int hw);
/* Create the per-CPU lines (once, on the boot CPU). Return: domain or NULL. */
struct irq_domain *lapic_init(void);
/* Enable the calling CPU's local APIC: spurious vector, LINT0 masked. */
void lapic_cpu_init(void);
unsigned int lapic_id(void);
void lapic_eoi(void);
/* Does this CPU's local APIC hold @vector (IRR or ISR bit set)? */
bool lapic_vector_pending(unsigned int vector);
/* Count of the timer's input clock in @ns (one-shot, masked); for calibration. */
uint32_t lapic_timer_count_in(uint64_t ns, uint64_t (*now_ns)(void));
/* Periodic timer on this CPU, every @count input clocks (divide by 16). */
void lapic_timer_start(uint32_t count);
/* A fixed interrupt of @vector to @apic_id (IPIs go through ipi_send_single()). */
void lapic_send_vector(unsigned int apic_id, unsigned int vector);
/* An NMI to @apic_id (delivery mode NMI): taken at the CPU's NMI vector (2),
 * whatever its local interrupts; the port's NMI entry runs it. */
void lapic_send_nmi(unsigned int apic_id);
/*
 * The APIC ID of each CPU number (the array is kept, not copied), for the
 * chip's ipi_send_single: a lapic line is an IPI line of the generic API
 * (irq_reserve_ipi_line(), ipi_send_single() in <genirq/ipi.h>).
 */
void lapic_set_cpu_apic_ids(const uint8_t *ids, unsigned int nr);
/* INIT, then STARTUP at real-mode page @page (address >> 12). */
void lapic_send_init(unsigned int apic_id);
void lapic_send_startup(unsigned int apic_id, unsigned int page);

GENIRQ_END_DECLS

#endif /* GENIRQ_LAPIC_H */

/* SPDX-License-Identifier: MIT */
/*
 * x86_vector.h - the x86 vector domain: the bottom of the x86 hierarchy,
 * handing out CPU vectors from a per-CPU matrix (a vector is a slot in one
 * CPU's IDT, so vector 0x50 on CPU0 and 0x50 on CPU1 are two targets), and
 * composing the MSI message that reaches a vector (address 0xFEE00000 with
 * the APIC ID, data the vector; fixed delivery, edge).
 *
 * The port binds each (CPU, vector) it is told to (ops->bind) to (domain,
 * hwirq), and dispatches by it: the x86 APIC machine (x86_apic.h) keeps
 * the line's descriptor in its per-CPU table and enters by it
 * (irq_handle_desc_entry()); irq_handle_domain_entry() with the pair does
 * as well, one lookup more.
 *
 * Moving a line to another CPU (set_affinity) never loses an event: the
 * new vector is bound before the device is reprogrammed, and the old one
 * stays bound to the same line until an event has arrived on the new one;
 * then the old CPU is asked (ops->send_cleanup) to run
 * x86_vector_cleanup(), which releases the old vector unless its local
 * APIC still holds it (ops->vector_pending), in which case the next event
 * on the new vector asks again. Until then the line is "moving" and a
 * second move is refused with -EBUSY (Linux's move_in_progress).
 *
 * A line gets its slot (hwirq) at allocation and its vector at activation
 * (the first request_irq(), or msi_domain_alloc_irqs()), as Linux's
 * reservation mode: lines never requested hold no vector. Activation
 * takes it on the line's requested CPUs (the descriptor's affinity, its
 * online CPUs, else any online), preferring the mask the line's level
 * was given while inactive (the IO-APIC's CPU 0): no move follows at
 * startup. Deactivation
 * and free release the vector, both vectors mid-move (the device is quiet
 * by then), as Linux's clear_irq_vector().
 *
 * CPU hotplug: the port calls irq_cpu_set_online(cpu, false) and then
 * x86_vector_cpu_offline() on the CPU going away, interrupts off (Linux's
 * fixup_irqs()). A line moved off it does not wait for a cleanup there:
 * its vector on the offline CPU is released at once; a move whose new CPU
 * went offline is abandoned (back to the old vector, still bound) before
 * the line moves on; a move whose old CPU goes offline releases the old
 * vector in x86_vector_cpu_offline(). Whenever a released vector was
 * still held by the local APIC, the event is sent on to the line's
 * current target: nothing is lost. A vector of a line shut down for lack
 * of online CPUs stays for the CPU's return.
 */
#ifndef GENIRQ_X86_VECTOR_H
#define GENIRQ_X86_VECTOR_H

#include <stdbool.h>
#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

#define X86_MSI_ADDR_BASE	0xFEE00000u
#define X86_MSI_DEST_SHIFT	12	/* the APIC ID in address bits 19:12 */

struct x86_vector;

/* What the vector domain needs from the port. All required. */
struct x86_vector_ops {
	unsigned int	(*cpu_apic_id)(unsigned int cpu);
	/* Route @vector on @cpu to line @hw of @d; @d NULL: unroute. */
	void		(*bind)(unsigned int cpu, unsigned int vector, struct irq_domain *d,
				irq_hw_number_t hw);
	/* Make @cpu call x86_vector_cleanup() soon (an IPI). */
	void		(*send_cleanup)(unsigned int cpu);
	/* Deliver @vector to @apic_id (retrigger). */
	void		(*send_vector)(unsigned int apic_id, unsigned int vector);
	/* Does this CPU's local APIC hold @vector (requested or in service)? */
	bool		(*vector_pending)(unsigned int vector);
	void		(*local_eoi)(void);
};

/**
 * x86_vector_create - the vector domain over vectors @first..@last of
 * every CPU, for up to @nr_lines lines
 * @ops: kept by pointer
 *
 * The domain is named "VECTOR"; stack the IO-APIC or an MSI domain on
 * x86_vector_domain(). Context: boot. Return: the instance or NULL.
 */
struct x86_vector *x86_vector_create(unsigned int first, unsigned int last,
				     unsigned int nr_lines, const struct x86_vector_ops *ops);
struct irq_domain *x86_vector_domain(const struct x86_vector *v);
/* The matrix's free vectors on @cpu. Context: any. */
unsigned int x86_vector_free_count(struct x86_vector *v, unsigned int cpu);
/* The CPU and vector line @irq is routed to now. Return: 0, -EINVAL (not
 * a line of @v), -ENOENT (not activated: no vector). */
int x86_vector_target(struct x86_vector *v, unsigned int irq, unsigned int *cpu,
		      unsigned int *vector);
/* Lines of @v whose move is not finished (old vector still held). */
unsigned int x86_vector_moving(struct x86_vector *v);
/**
 * x86_vector_cleanup - release the old vectors of finished moves that
 * lived on the calling CPU
 * Context: interrupts off, on the CPU that ops->send_cleanup() named.
 */
void x86_vector_cleanup(struct x86_vector *v);
/**
 * x86_vector_move_done - a child that reprograms its source synchronously
 * (the IO-APIC's redirection entry, a register write) tells the vector
 * domain that its new target is in place: the old CPU is asked at once to
 * release the old vector (x86_vector_cleanup() keeps it while its local
 * APIC still holds it; the next event on the new vector asks again).
 * Without it the old vector waits for the first event on the new one,
 * which a quiet line may never see (and a moving line refuses a new move).
 * @d: the child's level of the line (its parent is the vector level)
 * Context: after the child's set_affinity wrote the new target.
 * Return: 0, -EINVAL (the parent is not a vector domain's line).
 */
int x86_vector_move_done(struct irq_data *d);
/**
 * x86_vector_cpu_offline - release the old vectors of unfinished moves
 * that lived on the calling CPU, which is going offline (see above)
 * Context: interrupts off, on that CPU, after irq_cpu_set_online(cpu, false).
 */
void x86_vector_cpu_offline(struct x86_vector *v);

GENIRQ_END_DECLS

#endif /* GENIRQ_X86_VECTOR_H */

/* SPDX-License-Identifier: MIT */
/*
 * ipi.h - the generic IPI API: inter-processor interrupts as lines of a
 * domain, sent through the controller's one send primitive
 * (irq_chip.ipi_send_single or .ipi_send_mask).
 *
 * irq_reserve_ipi() takes lines from a hierarchical domain for the CPUs
 * of a mask, as Linux does for a controller without a per-CPU line that
 * reaches every CPU: one line per CPU, consecutive, line base + (cpu -
 * first CPU of the mask) routed to that CPU, so the mask must be a
 * consecutive range of CPUs. Each line is per-CPU; the receiving side
 * installs its handler with request_irq(IRQF_PERCPU) on each line (or
 * request_percpu_irq()). Senders name the base line and a CPU.
 */
#ifndef GENIRQ_IPI_H
#define GENIRQ_IPI_H

#include <genirq/compiler.h>
#include <genirq/cpumask.h>
#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

#if GENIRQ_IPI
/**
 * irq_reserve_ipi - lines for IPIs to the CPUs of @dest
 * @d: a hierarchical domain whose lines' chip can send
 *
 * Context: process context. Return: the base line, or -errno with
 * nothing reserved: -EINVAL (no domain, empty mask, a CPU that does not
 * exist, a mask with gaps, a chip without a send primitive), -ENOSPC,
 * -ENOMEM.
 */
int irq_reserve_ipi(struct irq_domain *d, const struct irq_cpumask *dest);

/**
 * irq_reserve_ipi_line - an IPI on one line that reaches every CPU
 * @d, @hw: a mapped per-CPU line of a (flat) domain, e.g. the local
 *          APIC's IPI vector, whose chip can send to any CPU
 * @dest: the CPUs it may be sent to (any mask)
 *
 * The line is its own base: ipi_send_single(line, cpu) sends on it.
 * Return: the line, or -EINVAL (not mapped, not per-CPU, a chip that can't
 * send, an empty mask or a CPU that does not exist).
 */
int irq_reserve_ipi_line(struct irq_domain *d, irq_hw_number_t hw, const struct irq_cpumask *dest);

/**
 * irq_destroy_ipi - give back a reservation
 * @irq: its base line
 * @dest: its mask (NULL: the whole reservation, which is all there is)
 *
 * Lines of irq_reserve_ipi() are freed; the line of irq_reserve_ipi_line()
 * stays mapped as it was, no longer an IPI.
 * Return: 0; -EINVAL (not a base line, another mask); -EBUSY while a line
 * has a handler, the line of irq_reserve_ipi_line() too (reported,
 * nothing changed: the reservation stands and sends keep working).
 */
int irq_destroy_ipi(unsigned int irq, const struct irq_cpumask *dest);

/* Send IPI @virq (a base line) to @cpu / to the CPUs of @dest, which must
 * be in its reservation. Context: any. Return: 0 or -EINVAL. */
int ipi_send_single(unsigned int virq, unsigned int cpu);
int ipi_send_mask(unsigned int virq, const struct irq_cpumask *dest);

/* The line @cpu receives IPI @virq on (request_irq() it there), or -EINVAL. */
int ipi_get_irq(unsigned int virq, unsigned int cpu);
#else
/* A build without IPI lines (GENIRQ_IPI 0): every call is -ENOSYS. */
static inline int irq_reserve_ipi(struct irq_domain *d, const struct irq_cpumask *dest)
{
	(void)d;
	(void)dest;
	return -GENIRQ_ENOSYS;
}
static inline int irq_reserve_ipi_line(struct irq_domain *d, irq_hw_number_t hw,
				       const struct irq_cpumask *dest)
{
	(void)d;
	(void)hw;
	(void)dest;
	return -GENIRQ_ENOSYS;
}
static inline int irq_destroy_ipi(unsigned int irq, const struct irq_cpumask *dest)
{
	(void)irq;
	(void)dest;
	return -GENIRQ_ENOSYS;
}
static inline int ipi_send_single(unsigned int virq, unsigned int cpu)
{
	(void)virq;
	(void)cpu;
	return -GENIRQ_ENOSYS;
}
static inline int ipi_send_mask(unsigned int virq, const struct irq_cpumask *dest)
{
	(void)virq;
	(void)dest;
	return -GENIRQ_ENOSYS;
}
static inline int ipi_get_irq(unsigned int virq, unsigned int cpu)
{
	(void)virq;
	(void)cpu;
	return -GENIRQ_ENOSYS;
}
#endif

GENIRQ_END_DECLS

#endif /* GENIRQ_IPI_H */

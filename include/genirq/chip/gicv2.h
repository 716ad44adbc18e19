/* SPDX-License-Identifier: MIT */
/*
 * gicv2.h - the Arm GICv2: a distributor and a memory-mapped CPU
 * interface (GICC_IAR / GICC_EOIR), IPIs through GICD_SGIR.
 *
 * One irq domain whose hardware numbers are the INTIDs (<genirq/chip/gic.h>).
 * SPIs are routed to one CPU through the GICD_ITARGETSR byte of the line.
 * SGI and PPI registers are banked per CPU in the distributor: a CPU
 * reaches only its own, so a per-CPU line is enabled or disabled on the
 * calling CPU, and each CPU takes the lines' state when it comes up.
 */
#ifndef GENIRQ_GICV2_H
#define GENIRQ_GICV2_H

#include <stdint.h>
#include <genirq/irq.h>
#include <genirq/chip/gic.h>

GENIRQ_BEGIN_DECLS

struct gicv2_config {
	uintptr_t	dist;		/* the distributor's 4 KiB */
	uintptr_t	cpu;		/* the CPU interface (each CPU sees its own there) */
	unsigned int	nr_cpus;	/* at most 8 */
};

struct gicv2;

/**
 * gicv2_create - take over the distributor and make the irq domain
 *
 * Every SPI starts disabled, not pending, at GIC_PRIO_DEFAULT, routed to
 * CPU 0 (the caller). Context: boot, on CPU 0, interrupts off, after
 * irq_core_init(). Return: the instance, or NULL after a report on the
 * console (bad @cfg, out of memory).
 */
struct gicv2 *gicv2_create(const struct gicv2_config *cfg);
struct irq_domain *gicv2_domain(struct gicv2 *g);

/* As gicv3_map() (<genirq/chip/gicv3.h>). */
int gicv2_map(struct gicv2 *g, irq_hw_number_t intid, unsigned int trigger);

/*
 * INTID @intid's priority (GIC_PRIO_*); an SGI's or PPI's on every CPU
 * as it comes up (and at once on the caller: they are banked).
 * Context: process context, the line not firing.
 * Return: 0 or -EINVAL for an INTID the GIC does not have.
 */
int gicv2_set_priority(struct gicv2 *g, irq_hw_number_t intid, uint8_t prio);

/**
 * gicv2_cpu_init - learn the calling CPU's interface number, give its
 * banked SGIs and PPIs the per-CPU lines' state, open its CPU interface
 *
 * Context: each CPU, once, interrupts off, before it takes interrupts.
 */
void gicv2_cpu_init(struct gicv2 *g);

/**
 * gicv2_handle - take one IRQ exception on this CPU
 *
 * Acknowledges (GICC_IAR) and dispatches through the domain; the line's
 * flow ends it (eoi, with the IAR value it was acknowledged with).
 * INTIDs 1020-1023 are counted with irq_spurious_vector() and neither
 * dispatched nor ended.
 * Context: the IRQ exception, local interrupts off.
 */
void gicv2_handle(struct gicv2 *g, void *regs);

/* Raise SGI @sgi (0-15) on @cpu. Context: any; an unknown @cpu is
 * ignored, as is one that has not run gicv2_cpu_init() yet. */
void gicv2_send_sgi(struct gicv2 *g, unsigned int cpu, unsigned int sgi);

/**
 * gicv2_enable_hierarchy - make the domain also the bottom of a hierarchy
 * that hands out SPIs @first..@first+@count-1 (an MSI frame's, see
 * <genirq/chip/gicv2m.h>) to the child domains stacked on it
 *
 * Each line allocated through it is one free SPI of the range (not mapped
 * with gicv2_map() either), set edge-triggered, disabled until started,
 * routed to CPU 0; freeing it disables the SPI and gives it back.
 * Context: boot. Return: 0, -EINVAL (a range outside the SPIs, or a
 * second call), -ENOMEM, -EBUSY (the domain has hierarchy ops already).
 */
int gicv2_enable_hierarchy(struct gicv2 *g, irq_hw_number_t first, unsigned int count);
/* SPIs of that range nobody has (0 without one). */
unsigned int gicv2_hierarchy_free(struct gicv2 *g);

GENIRQ_END_DECLS

#endif /* GENIRQ_GICV2_H */

/* SPDX-License-Identifier: MIT */
/*
 * gicv3.h - the Arm GICv3: a distributor for the SPIs, one redistributor
 * per CPU for its SGIs and PPIs, and the CPU interface in system
 * registers (ICC_IAR1_EL1 / ICC_EOIR1_EL1, ICC_SGI1R_EL1 for IPIs),
 * used with affinity routing, Group 1 only, EOImode 0 (the end of an
 * interrupt drops its priority and deactivates it).
 *
 * One irq domain whose hardware numbers are the INTIDs (<genirq/chip/gic.h>).
 * SPIs are routed to one CPU through GICD_IROUTER. A per-CPU line (SGI,
 * PPI) is enabled or disabled in every CPU's redistributor at once.
 */
#ifndef GENIRQ_GICV3_H
#define GENIRQ_GICV3_H

#include <stdint.h>
#include <genirq/irq.h>
#include <genirq/chip/gic.h>

GENIRQ_BEGIN_DECLS

struct gicv3_config {
	uintptr_t	dist;		/* the distributor's 64 KiB */
	uintptr_t	redist;		/* the first redistributor; found per CPU by GICR_TYPER */
	unsigned int	nr_cpus;
	/* CPU number -> its MPIDR_EL1 affinity fields (Aff3 at bits 39:32) */
	uint64_t	mpidr[GENIRQ_NR_CPUS];
};

struct gicv3;

/**
 * gicv3_create - take over the distributor, find each CPU's
 * redistributor, make the irq domain
 *
 * Every SPI starts disabled, not pending, Group 1, at GIC_PRIO_DEFAULT,
 * routed to CPU 0. Context: boot, on CPU 0, interrupts off, after
 * irq_core_init(). Return: the instance, or NULL after a report on the
 * console (bad @cfg, a CPU with no redistributor, out of memory).
 */
struct gicv3 *gicv3_create(const struct gicv3_config *cfg);
struct irq_domain *gicv3_domain(struct gicv3 *g);

/**
 * gicv3_map - give INTID @intid a global number
 * @trigger: for an SPI, IRQ_TYPE_LEVEL_HIGH or IRQ_TYPE_EDGE_RISING (the
 *	     device tree's); ignored for SGIs and PPIs, which become per-CPU
 *	     lines
 *
 * The line stays disabled until a handler starts it. Context: process
 * context. Return: the global number; -EINVAL for an INTID the GIC does
 * not have or a trigger it cannot do; -ENOSPC, -ENOMEM.
 */
int gicv3_map(struct gicv3 *g, irq_hw_number_t intid, unsigned int trigger);

/*
 * INTID @intid's priority (GIC_PRIO_*), for an SGI or PPI in every CPU's
 * redistributor. Context: process context, the line not firing.
 * Return: 0 or -EINVAL for an INTID the GIC does not have.
 */
int gicv3_set_priority(struct gicv3 *g, irq_hw_number_t intid, uint8_t prio);

/**
 * gicv3_enable_pseudo_nmi - let the GIC's lines become NMIs
 *
 * For a port whose local interrupts are masked by priority from now on
 * (arch/aarch64: aarch64_irq_prio_masking(true)): request_nmi() and
 * request_percpu_nmi() then give a line GICV3_PRIO_NMI (an SPI in the
 * distributor, an SGI or PPI in the redistributor of the CPU that runs
 * prepare_percpu_nmi()); the port's IRQ entry calls
 * gicv3_handle_pseudo_nmi() instead of gicv3_handle() from then on, which
 * takes an event at that running priority as an NMI (nmi_enter(), the
 * line's NMI flow, nmi_exit()). Before it, the driver refuses NMIs
 * (nmi_setup -ENXIO, named by the core's refusal). The GICv2 has none.
 * Context: process context.
 */
void gicv3_enable_pseudo_nmi(struct gicv3 *g);

/**
 * gicv3_cpu_init - wake the calling CPU's redistributor, give its SGIs
 * and PPIs the state of the per-CPU lines, open its CPU interface
 *
 * Context: each CPU, once, interrupts off, before it takes interrupts.
 */
void gicv3_cpu_init(struct gicv3 *g);

/**
 * gicv3_handle - take one IRQ exception on this CPU
 * @regs: the interrupted state, for get_irq_regs()
 *
 * Acknowledges (ICC_IAR1_EL1) and dispatches through the domain; the
 * line's flow ends it (eoi). INTIDs 1020-1023 (nothing to take: the
 * interrupt was withdrawn or taken elsewhere) are counted with
 * irq_spurious_vector() and neither dispatched nor ended.
 *
 * Context: the IRQ exception, local interrupts off, on the stack the
 * port chose.
 */
void gicv3_handle(struct gicv3 *g, void *regs);
/*
 * gicv3_handle() with pseudo-NMIs (gicv3_enable_pseudo_nmi()): an event
 * at the running priority GICV3_PRIO_NMI is taken as an NMI, with
 * PSTATE.I still set. Any other runs with the ordinary priorities masked
 * (ICC_PMR_EL1 at GICV3_PMR_IRQOFF) and PSTATE.I clear, so an NMI can
 * interrupt its handler while no ordinary interrupt nests; on the way out
 * PSTATE.I is set again and ICC_PMR_EL1 gets the value the interrupted
 * context had (a softirq run from irq_exit() may leave it elsewhere).
 * Costs two reads (ICC_RPR_EL1, ICC_PMR_EL1) and four writes an event,
 * which gicv3_handle() does not pay.
 */
void gicv3_handle_pseudo_nmi(struct gicv3 *g, void *regs);

/*
 * Raise SGI @sgi (0-15) on @cpu; stores before the call are visible to
 * its handler. Context: any; an unknown @cpu or @sgi is ignored.
 */
void gicv3_send_sgi(struct gicv3 *g, unsigned int cpu, unsigned int sgi);

/* LPIs: the message-signalled INTIDs an ITS (<genirq/chip/gicv3_its.h>) makes. */
struct gicv3_lpi_config {
	/* The configuration table (one byte per LPI: priority, enable),
	 * 4 KiB aligned, shared by every redistributor; INTIDs up to
	 * 2^id_bits - 1 (14..16 bits). Physical addresses (mapped one to one). */
	uintptr_t		prop;
	unsigned int		id_bits;
	/* Each CPU's pending table: 2^id_bits / 8 bytes, zero, 64 KiB aligned. */
	uintptr_t		pend[GENIRQ_NR_CPUS];
	/* LPIs GIC_FIRST_LPI .. + nr_lpis - 1 are dispatched through @lpis,
	 * hardware number INTID - GIC_FIRST_LPI. */
	struct irq_domain	*lpis;
	unsigned int		nr_lpis;
};

/**
 * gicv3_lpi_init - give every CPU's redistributor the LPI tables and turn
 * its LPIs on (GICR_PROPBASER, GICR_PENDBASER, GICR_CTLR.EnableLPIs);
 * gicv3_handle() then dispatches LPIs through @cfg->lpis
 *
 * Context: boot, once, before any LPI can be raised. Return: 0, -EINVAL
 * (bad @cfg, a redistributor without physical LPIs, a second call),
 * -EBUSY (LPIs already on: their tables cannot change).
 */
int gicv3_lpi_init(struct gicv3 *g, const struct gicv3_lpi_config *cfg);
/* How an ITS names CPU @cpu's redistributor (MAPC's RDbase): its
 * physical address >> 16 when GITS_TYPER.PTA, else its processor number. */
uint64_t gicv3_its_rdbase(struct gicv3 *g, unsigned int cpu, bool pta);

GENIRQ_END_DECLS

#endif /* GENIRQ_GICV3_H */

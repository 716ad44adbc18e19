/* SPDX-License-Identifier: MIT */
/*
 * aplic.h - the RISC-V Advanced Platform-Level Interrupt Controller (AIA),
 * one supervisor interrupt domain of it, in MSI delivery mode: each
 * wired source, when pending and enabled, is forwarded as a message to
 * one hart's IMSIC interrupt file, with its own source number as the
 * identity. The domain's sources are those the machine-level domain
 * delegated to it (the firmware's job, as is the MSI address
 * configuration). One irq domain whose hardware numbers are source
 * numbers; affinity is the target hart of each source.
 */
#ifndef GENIRQ_APLIC_H
#define GENIRQ_APLIC_H

#include <stdint.h>
#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

#define APLIC_MAX_SOURCES	1023u

struct aplic_config {
	uintptr_t	base;		/* the domain's registers (reg of its DT node) */
	unsigned int	nr_sources;	/* riscv,num-sources: sources 1..nr_sources */
	unsigned int	nr_cpus;
	/* CPU -> its hart index in the IMSIC (its place in the IMSIC node's
	 * interrupts-extended) */
	unsigned int	hart_index[GENIRQ_NR_CPUS];
};

struct aplic;

/**
 * aplic_create - the domain, in MSI mode, every source inactive and
 * disabled, and its irq domain (hardware numbers 1..nr_sources)
 *
 * Context: boot, after irq_core_init(). Return: the controller or NULL
 * (bad @cfg, out of memory).
 */
struct aplic *aplic_create(const struct aplic_config *cfg);
struct irq_domain *aplic_domain(struct aplic *ap);

/**
 * aplic_map - give source @src a global number, its trigger programmed,
 * routed to the boot CPU's hart and disabled until a handler starts it
 * @trigger: IRQ_TYPE_LEVEL_HIGH/LOW or IRQ_TYPE_EDGE_RISING/FALLING
 *
 * Context: process context. Return: the global number; -EINVAL for @src
 * out of range or another trigger; -ENOSPC, -ENOMEM.
 */
int aplic_map(struct aplic *ap, irq_hw_number_t src, unsigned int trigger);

GENIRQ_END_DECLS

#endif /* GENIRQ_APLIC_H */

/* SPDX-License-Identifier: MIT */
/*
 * demo.h - the pseries demo kernel's devices and scenarios, shared by its
 * main.c, scenarios*.c and bench.c.
 */
#ifndef GENIRQ_DEMO_PSERIES_H
#define GENIRQ_DEMO_PSERIES_H

#include <genirq/interrupt.h>
#include <genirq/compat.h>

#include "pseries.h"

struct scenario_tally;

/* edu.c: QEMU's edu PCI devices as programmable level sources */
#define EDU_MAX		2
struct edu {
	volatile uint32_t	*mmio;
	unsigned int		slot;
	uint32_t		lsi;
};
unsigned int edu_probe(struct edu *devs, unsigned int max);
/* Config space of the edu at @slot (RTAS). */
uint32_t edu_cfg_read(unsigned int slot, unsigned int reg);
void edu_cfg_write(unsigned int slot, unsigned int reg, uint32_t v);
/* main.c: PCI-MSI on XICS (NULL: none). */
extern struct irq_domain *ppc64_msi_domain;
void edu_raise(const struct edu *e, uint32_t bits);
void edu_ack(const struct edu *e, uint32_t bits);
uint32_t edu_status(const struct edu *e);

/* scenarios.c: the scenarios on the edu line */
void ppc64_line_scenarios(struct scenario_tally *t);
bool ppc64_have_edu_pair(void);
/* Autoprobe edu @dev's line (1, 2). Return: the irq, or -ENODEV. */
int ppc64_edu_autoprobe(unsigned int dev);

/* bench.c: make bench-ppc64, dispatch cost in instructions */
void ppc64_bench(struct scenario_tally *t, int ipi_irq, irq_handler_t handler, void *dev);

/* scenarios-smp.c: ipi-pingpong, free-vs-running on the IPI */
/* Called first by the IPI handler; true when the event was a test's. */
bool ppc64_smp_ipi(void);
void ppc64_smp_scenarios(struct scenario_tally *t, int ipi_irq,
			 irq_handler_t handler, void *dev);

#endif /* GENIRQ_DEMO_PSERIES_H */

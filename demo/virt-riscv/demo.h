/* SPDX-License-Identifier: MIT */
/*
 * demo.h - the riscv64 virt demo kernel's devices and scenarios, shared
 * by its main.c, scenarios*.c and bench.c.
 */
#ifndef GENIRQ_DEMO_VIRT_RISCV_H
#define GENIRQ_DEMO_VIRT_RISCV_H

#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irqdomain.h>

#include "virt.h"

struct scenario_tally;

/* main.c: the wired-interrupt controller this machine has (PLIC, APLIC) */
extern const char *virt_wired_name;
/*
 * How QEMU 7.2 models the wired controller (docs/riscv64.md). Both the
 * PLIC and the APLIC latch a new request each time a device drives its
 * line high - also while the last one is being handled, so one edu's ack
 * that leaves the other asserting, or a FIFO read that leaves bytes, is
 * one more request (found with nothing to do). The PLIC never forwards a
 * level still asserted at complete, so a stuck line is delivered once,
 * never as a storm; the APLIC driver re-forwards it at eoi.
 */
extern bool virt_wired_latches, virt_wired_reforwards;
/* A global number for wired source @src, level-triggered. Return: it, or -errno. */
int virt_map_wired(uint32_t src);
/* wake_timer.c: the goldfish RTC's alarm as `suspend timer`'s wake line. */
void virt_wake_timer_setup(void);

/* edu.c: QEMU's edu PCI devices on the ECAM host as programmable level sources */
#define EDU_MAX		2
struct edu {
	volatile uint32_t	*mmio;
	unsigned int		slot;
	uint32_t		src;	/* wired source of its INTA */
	struct irq_fwspec	fw;	/* the same, as the tree describes it */
};
unsigned int edu_probe(struct edu *devs, unsigned int max);
void edu_raise(const struct edu *e, uint32_t bits);
void edu_ack(const struct edu *e, uint32_t bits);
uint32_t edu_status(const struct edu *e);

/* scenarios.c: the scenarios on the edu line */
void virt_line_scenarios(struct scenario_tally *t);
/* Autoprobe edu @dev's line (1, 2). Return: the irq, or -ENODEV. */
int virt_edu_autoprobe(unsigned int dev);

/* scenarios-msi.c: msi, on the message domain of @im (NULL, NULL: no IMSIC) */
struct imsic;
struct imsic_msi_config;
struct irq_domain;
void virt_msi_scenario(struct scenario_tally *t, struct imsic *im, struct irq_domain *msi,
		       const struct imsic_msi_config *mcfg);

/* bench.c: make bench-riscv64, dispatch cost in instructions */
void virt_bench(struct scenario_tally *t, int ipi_irq, irq_handler_t handler, void *dev);

/* scenarios-smp.c: ipi-pingpong */
/* Called first by the IPI handler; true when the event was the test's. */
bool virt_smp_ipi(void);
void virt_smp_scenarios(struct scenario_tally *t, int ipi_irq);

#endif /* GENIRQ_DEMO_VIRT_RISCV_H */

/* SPDX-License-Identifier: MIT */
/*
 * demo.h - the virt demo kernel's devices and scenarios, shared by its
 * main.c, scenarios*.c and bench.c.
 */
#ifndef GENIRQ_DEMO_VIRT_H
#define GENIRQ_DEMO_VIRT_H

#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irqdomain.h>

#include "virt.h"

struct scenario_tally;

/* edu.c: QEMU's edu PCI devices on the PCIe host, as level sources */
#define EDU_MAX		2
struct edu {
	volatile uint32_t	*mmio;
	unsigned int		slot;
	uint32_t		intid;		/* its INTA after the interrupt-map */
	struct irq_fwspec	fw;		/* the same, as the tree describes it */
};
unsigned int edu_probe(struct edu *devs, unsigned int max);
void edu_raise(const struct edu *e, uint32_t bits);
void edu_ack(const struct edu *e, uint32_t bits);
uint32_t edu_status(const struct edu *e);

/* scenarios.c: the scenarios on the edu line */
void virt_line_scenarios(struct scenario_tally *t);
bool virt_have_edu_pair(void);
/* Autoprobe edu @dev's line (1, 2). Return: the irq, or -ENODEV. */
int virt_edu_autoprobe(unsigned int dev);
/* spurious-vector: an edu event withdrawn between the exception and the
 * acknowledge (needs the edu line). */
void virt_spurious_scenario(struct scenario_tally *t);

/* bench.c: make bench-aarch64, dispatch cost in instructions */
void virt_bench(struct scenario_tally *t, int ipi_irq, irq_handler_t handler, void *dev);

/* scenarios-smp.c: ipi-pingpong, free-vs-running on the IPI */
bool virt_smp_ipi(void);
void virt_smp_scenarios(struct scenario_tally *t, int ipi_irq, irq_handler_t handler, void *dev);

/* cascade.c: the PL061 GPIO under the GIC and its power key */
int virt_gpio_setup(void);
void virt_cascade_scenario(struct scenario_tally *t);

/* msi.c: the edu's MSI through the GICv2m frame or the GICv3 ITS; then msix-spread */
int virt_msi_setup(void);
void virt_msi_scenario(struct scenario_tally *t);
/* Bus 0's configuration space (ECAM); the context is the device number
 * (unsigned int *). */
struct pci_cfg_ops;
extern const struct pci_cfg_ops virt_ecam_ops;
/* make bench: the edu at @e (probed here) with MSI on and @handler on its
 * vector. Return: the irq, or -errno. */
int virt_msi_open(struct edu *e, irq_handler_t handler, void *dev);
void virt_msi_close(int irq, void *dev);

/* msix.c: msix-spread on a virtio-rng-pci through @pci_msi over @its
 * (NULL: the machine has no ITS). */
struct its;
void virt_msix_scenario(struct scenario_tally *t, struct irq_domain *pci_msi, struct its *its);

#endif /* GENIRQ_DEMO_VIRT_H */

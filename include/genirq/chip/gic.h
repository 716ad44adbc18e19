/* SPDX-License-Identifier: MIT */
/*
 * gic.h - what the Arm GIC drivers (<genirq/chip/gicv2.h>,
 * <genirq/chip/gicv3.h>) share: the INTID ranges and priorities.
 *
 * INTIDs 0-15 are SGIs (software-generated: the IPIs), 16-31 PPIs
 * (private to each CPU: the generic timer), 32-1019 SPIs (shared
 * devices), 1020-1023 special (1023: nothing pending, "spurious").
 * In each driver's irq domain the hardware number is the INTID; SGIs and
 * PPIs are per-CPU lines (handle_percpu_irq), SPIs ordinary ones.
 */
#ifndef GENIRQ_GIC_H
#define GENIRQ_GIC_H

#include <genirq/irq.h>

#define GIC_NR_SGIS		16u
#define GIC_FIRST_PPI		16u
#define GIC_FIRST_SPI		32u
#define GIC_MAX_LINES		1020u	/* INTIDs 0-1019 can be lines */
#define GIC_INTID_SPURIOUS	1023u
#define GIC_FIRST_LPI		8192u	/* GICv3: message-signalled, through an ITS */

/* Priorities (lower is more urgent). A line preempts a running handler
 * only with a more urgent priority: the tick runs at GIC_PRIO_HIGH so it
 * nests into device and IPI handlers. */
#define GIC_PRIO_DEFAULT	0xa0u
#define GIC_PRIO_HIGH		0x80u
#define GIC_PRIO_MASK_OPEN	0xf0u	/* the CPU's priority mask: let all through */
/* A GICv3 pseudo-NMI's: above a port's "interrupts off" mask (0x60 on
 * arch/aarch64), which every priority above holds back. */
#define GICV3_PRIO_NMI		0x20u
/* That mask (ICC_PMR_EL1): only GICV3_PRIO_NMI passes. The pseudo-NMI
 * entry runs ordinary interrupts under it (arch/aarch64's
 * AARCH64_PMR_IRQOFF must be the same value). */
#define GICV3_PMR_IRQOFF	0x60u

#define GIC_DT_SPI		0u	/* first cell of the device tree binding */
#define GIC_DT_PPI		1u

struct irq_fwspec;
/*
 * The device tree binding of both GICs ("arm,gic-v3", "arm,cortex-a15-gic"):
 * <kind number flags>, kind GIC_DT_SPI (INTID 32 + number) or GIC_DT_PPI
 * (16 + number), the flags' low four bits the trigger (a PPI's CPU mask
 * above them is dropped). For irq_domain_set_fwnode()'s ops. Return: 0;
 * -EINVAL for fewer than three cells, another kind, a number out of its
 * kind's range.
 */
int gic_irq_domain_translate(struct irq_domain *d, const struct irq_fwspec *fwspec,
			     irq_hw_number_t *hwirq, unsigned int *type);

#endif /* GENIRQ_GIC_H */

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

#endif /* GENIRQ_GIC_H */

/* SPDX-License-Identifier: MIT */
/*
 * gic_common.h - the GIC distributor registers that GICv2 and GICv3
 * share (controllers/gic_common.c), for controllers/gicv2.c and gicv3.c:
 * one bit, two bits or one byte per INTID in consecutive 32-bit words.
 * On GICv3 the redistributor's SGI frame has the same layout for INTIDs
 * 0-31, so the same helpers serve it.
 */
#ifndef GENIRQ_CONTROLLERS_GIC_COMMON_H
#define GENIRQ_CONTROLLERS_GIC_COMMON_H

#include <stdint.h>
#include <genirq/irq.h>
#include <genirq/compat.h>
#include <genirq/chip/gic.h>

#define GICD_CTLR		0x000u
#define GICD_TYPER		0x004u
#define GICD_IGROUPR		0x080u
#define GICD_ISENABLER		0x100u
#define GICD_ICENABLER		0x180u
#define GICD_ISPENDR		0x200u
#define GICD_ICPENDR		0x280u
#define GICD_ISACTIVER		0x300u
#define GICD_ICACTIVER		0x380u
#define GICD_IPRIORITYR		0x400u
#define GICD_ICFGR		0xc00u
#define GICD_TYPER_LINES(t)	(32u * (((t) & 0x1fu) + 1u))

static inline volatile uint32_t *gic_reg(uintptr_t base, uint32_t off)
{
	return (volatile uint32_t *)(base + off);
}

static inline uint32_t gic_read(uintptr_t base, uint32_t off)
{
	return *gic_reg(base, off);
}

static inline void gic_write(uintptr_t base, uint32_t off, uint32_t v)
{
	*gic_reg(base, off) = v;
}

/* Write INTID @hw's bit of the one-bit-per-INTID bank at @bank. */
void gic_write_bit(uintptr_t base, uint32_t bank, irq_hw_number_t hw);
/*
 * INTID @hw's state in the distributor (or a GICv3 redistributor's SGI
 * frame) at @base: pending and active from their set banks, masked from
 * the enable bank; set through the set or clear bank (masked: clear-enable).
 * Return: 0.
 */
int gic_get_state(uintptr_t base, irq_hw_number_t hw, enum irqchip_irq_state which, bool *state);
int gic_set_state(uintptr_t base, irq_hw_number_t hw, enum irqchip_irq_state which, bool val);
/* INTID @hw's priority byte (read-modify-write of its word). */
void gic_set_priority(uintptr_t base, irq_hw_number_t hw, uint8_t prio);
/* An SPI's trigger in ICFGR: level (high) or edge (rising); a GIC has
 * no inverters. Return: 0 or -EINVAL. */
int gic_set_trigger(uintptr_t base, irq_hw_number_t hw, unsigned int type);
/* Every SPI (32..@lines-1) disabled, not pending, not active, at
 * GIC_PRIO_DEFAULT. */
void gic_dist_reset_spis(uintptr_t base, unsigned int lines);
/* The number of lines the distributor has, at most GIC_MAX_LINES. */
unsigned int gic_dist_lines(uintptr_t base);
/* One line "<driver>: <what>" on the console. */
void gic_report(const char *driver, const char *what);
/* gicv2_map()/gicv3_map(): @intid of @d (a GIC with @lines lines); SGIs
 * and PPIs become per-CPU lines of @percpu_chip. */
int gic_map(struct irq_domain *d, unsigned int lines, const struct irq_chip *percpu_chip,
	    void *chip_data, irq_hw_number_t intid, unsigned int trigger);

#endif /* GENIRQ_CONTROLLERS_GIC_COMMON_H */

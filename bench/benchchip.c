// SPDX-License-Identifier: MIT
/*
 * benchchip.c - a controller with one write-only register per primitive.
 * The functions are noinline so neither genirq nor the floor gets a
 * controller the compiler folded away.
 */
#include <genirq/compiler.h>
#include "benchchip.h"

static volatile unsigned long reg_ack, reg_eoi, reg_mask;

__irq_noinline void benchchip_ack_hw(unsigned long hw)
{
	reg_ack = hw;
}

__irq_noinline void benchchip_eoi_hw(unsigned long hw)
{
	reg_eoi = hw;
}

__irq_noinline void benchchip_mask_hw(unsigned long hw)
{
	reg_mask = reg_mask | (1UL << (hw & 63));
}

__irq_noinline void benchchip_unmask_hw(unsigned long hw)
{
	reg_mask = reg_mask & ~(1UL << (hw & 63));
}

static __irq_noinline void chip_ack(struct irq_data *d)
{
	reg_ack = d->hwirq;
}

static __irq_noinline void chip_eoi(struct irq_data *d)
{
	reg_eoi = d->hwirq;
}

static __irq_noinline void chip_mask(struct irq_data *d)
{
	reg_mask = reg_mask | (1UL << (d->hwirq & 63));
}

static __irq_noinline void chip_unmask(struct irq_data *d)
{
	reg_mask = reg_mask & ~(1UL << (d->hwirq & 63));
}

const struct irq_chip benchchip_ack = {
	.name	= "bench",
	.mask	= chip_mask,
	.unmask	= chip_unmask,
	.ack	= chip_ack,
};

const struct irq_chip benchchip_eoi = {
	.name	= "bench-eoi",
	.mask	= chip_mask,
	.unmask	= chip_unmask,
	.eoi	= chip_eoi,
};

// SPDX-License-Identifier: MIT
/*
 * domain.c - irq domains: one controller's hardware lines, mapped to
 * global numbers.
 *
 * Controllers number their lines from 0 (or, like XICS, from 0x1000);
 * drivers want one global space. A domain owns a linear table hw -> desc
 * so the dispatch path finds the descriptor in one load.
 */
#include "internals.h"

struct irq_domain {
	const char		*name;
	const struct irq_chip	*chip;
	void			*chip_data;
	unsigned int		size;
	struct irq_desc *_Atomic map[];	/* [A] written under domain_lock */
};

/* Lock order: domain_lock -> irq_sparse_lock -> desc->lock. */
static struct irq_spinlock domain_lock = IRQ_SPINLOCK_INIT;

const char *irq_domain_name(const struct irq_domain *d)
{
	return d ? d->name : "none";
}

static struct irq_domain *domain_new(const char *name, unsigned int size,
				     const struct irq_chip *chip, void *chip_data)
{
	struct irq_domain *d;
	size_t max;

	if (size == 0 || !chip) {
		irq_log("domain %s: needs a size and a chip", name ? name : "?");
		return NULL;
	}
	/* The map is part of the domain: one load finds a line's descriptor. */
	max = (SIZE_MAX - sizeof(*d)) / sizeof(d->map[0]);
	d = (size_t)size <= max ? irq_zalloc(sizeof(*d) + sizeof(d->map[0]) * size) : NULL;
	if (!d) {
		irq_log("domain %s: out of memory", name ? name : "?");
		return NULL;
	}
	d->name = name ? name : "?";
	d->chip = chip;
	d->chip_data = chip_data;
	d->size = size;
	return d;
}

static void domain_free(struct irq_domain *d)
{
	irq_free(d);
}

/* Bind descriptor @irq to line @hw of @d. Caller holds domain_lock. */
static int bind(struct irq_domain *d, irq_hw_number_t hw, unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned long flags;

	flags = desc_lock_irqsave(desc);
	desc->data.hwirq = hw;
	desc->data.domain = d;
	desc->data.chip = d->chip;
	desc->data.chip_data = d->chip_data;
	irq_chip_resolve(desc);
	irq_choose_flow(desc);
	desc_unlock_irqrestore(desc, flags);
	atomic_store_explicit(&d->map[hw], desc, memory_order_release);
	return (int)irq;
}

struct irq_domain *irq_domain_create_linear(const char *name, unsigned int size,
					    const struct irq_chip *chip, void *chip_data)
{
	return domain_new(name, size, chip, chip_data);
}

struct irq_domain *irq_domain_create_legacy(const char *name, unsigned int size,
					    unsigned int first_irq,
					    irq_hw_number_t first_hwirq,
					    const struct irq_chip *chip, void *chip_data)
{
	struct irq_domain *d;
	unsigned long flags;
	int ret;

	/* The map covers 0..first_hwirq+size-1: that must fit its index. */
	if (size == 0 || first_hwirq > (irq_hw_number_t)(UINT32_MAX - size)) {
		irq_log("domain %s: hardware lines %lu+%u out of range", name ? name : "?",
			(unsigned long)first_hwirq, size);
		return NULL;
	}
	d = domain_new(name, (unsigned int)first_hwirq + size, chip, chip_data);
	if (!d)
		return NULL;
	ret = first_irq > (unsigned int)INT32_MAX ? -EINVAL :
	      irq_alloc_descs((int)first_irq, size);
	if (ret < 0) {
		irq_log("domain %s: irqs %u-%u unavailable (%d)", d->name, first_irq,
			first_irq + size - 1, ret);
		domain_free(d);
		return NULL;
	}
	flags = irq_spin_lock_irqsave(&domain_lock);
	for (unsigned int i = 0; i < size; i++)
		bind(d, first_hwirq + i, first_irq + i);
	irq_spin_unlock_irqrestore(&domain_lock, flags);
	return d;
}

int irq_find_mapping(struct irq_domain *d, irq_hw_number_t hw)
{
	struct irq_desc *desc;

	if (!d || hw >= d->size)
		return -ENOENT;
	desc = atomic_load_explicit(&d->map[hw], memory_order_acquire);
	return desc ? (int)desc->data.irq : -ENOENT;
}

int irq_create_mapping(struct irq_domain *d, irq_hw_number_t hw)
{
	unsigned long flags;
	int irq;

	if (!d || hw >= d->size)
		return -EINVAL;
	flags = irq_spin_lock_irqsave(&domain_lock);
	irq = irq_find_mapping(d, hw);
	if (irq < 0) {
		irq = irq_alloc_descs(-1, 1);
		if (irq >= 0)
			bind(d, hw, (unsigned int)irq);
	}
	irq_spin_unlock_irqrestore(&domain_lock, flags);
	return irq;
}

int irq_dispose_mapping(unsigned int virq)
{
	struct irq_desc *desc;
	unsigned long flags, dflags;
	unsigned int rd;
	int ret = 0;

	dflags = irq_spin_lock_irqsave(&domain_lock);
	desc = irq_desc_get(virq, &rd);
	if (!desc) {
		ret = -EINVAL;
		goto out_unlock;
	}
	flags = desc_lock_irqsave(desc);
	if (!desc->data.domain) {
		ret = -EINVAL;
	} else if (desc_action(desc) || (desc_state(desc) & IRQS_NOREQUEST)) {
		irq_log("irq %u: irq_dispose_mapping refused: the line is in use", virq);
		ret = -EBUSY;
	} else {
		atomic_store_explicit(&desc->data.domain->map[desc->data.hwirq], NULL,
				      memory_order_release);
		desc->data.domain = NULL;
		desc->data.chip = &no_irq_chip;
		desc->data.chip_data = NULL;
		irq_chip_resolve(desc);
		irq_choose_flow(desc);
	}
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
out_unlock:
	irq_spin_unlock_irqrestore(&domain_lock, dflags);
	return ret ? ret : irq_free_descs(virq, 1);
}

/* The descriptor behind @hw, or NULL after counting the stray in ERR. */
static struct irq_desc *domain_desc(struct irq_domain *d, irq_hw_number_t hw)
{
	struct irq_desc *desc = NULL;

	if (irq_likely(d && hw < d->size)) {
		struct irq_desc *_Atomic *map = d->map;	/* (indexes in one load) */

		desc = atomic_load_explicit(map + hw, memory_order_acquire);
	}
	if (irq_unlikely(!desc))
		irq_error_event();
	return desc;
}

int generic_handle_domain_irq(struct irq_domain *d, irq_hw_number_t hw)
{
	struct irq_desc *desc = domain_desc(d, hw);

	if (irq_unlikely(!desc))
		return -EINVAL;
	desc_handle(desc);
	return 0;
}

int irq_handle_domain_entry(struct irq_domain *d, irq_hw_number_t hw, void *regs)
{
	unsigned int cpu = port_cpu_id_fast();
	struct irq_cpu *c = &irq_cpus[cpu];
	struct irq_desc *desc;

	irq_opaque(c);
	/* In hardirq context before the lookup: grace periods wait for us. */
	pc_hardirq_enter(c, HARDIRQ_OFFSET);
	desc = domain_desc(d, hw);
	if (irq_unlikely(!desc)) {
		pc_hardirq_exit(c, HARDIRQ_OFFSET);
		return -EINVAL;
	}
	irq_entry_flow(desc, regs, cpu, c);
	return 0;
}

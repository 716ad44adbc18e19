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
#include <genirq/irqdomain.h>
#include <genirq/msi.h>

/* Lock order: irq_domain_lock -> irq_sparse_lock -> desc->lock. */
struct irq_spinlock irq_domain_lock = IRQ_SPINLOCK_INIT;
/* Every domain, oldest first; [A] written under irq_domain_lock. */
static struct irq_domain *_Atomic domain_first;
static struct irq_domain *_Atomic *domain_tail = &domain_first;

void irq_domain_registry_reset(void)
{
	unsigned long flags = irq_spin_lock_irqsave(&irq_domain_lock);

	irq_atomic_store(&domain_first, NULL, memory_order_release);
	domain_tail = &domain_first;
	irq_spin_unlock_irqrestore(&irq_domain_lock, flags);
}

/* Add @d to the registry: from then on it is never freed. */
struct irq_domain *irq_domain_register(struct irq_domain *d)
{
	unsigned long flags;

	if (!d)
		return NULL;
	flags = irq_spin_lock_irqsave(&irq_domain_lock);
	irq_atomic_store(domain_tail, d, memory_order_release);
	domain_tail = &d->next;
	irq_spin_unlock_irqrestore(&irq_domain_lock, flags);
	return d;
}

/* A tree domain's lines beyond its map: none without GENIRQ_FWNODE. */
static inline bool domain_is_tree(const struct irq_domain *d)
{
	return GENIRQ_FWNODE && d->is_tree;
}

/*
 * The slot of line @hw of @d: the map's, or the tree's (made when
 * @create, under irq_domain_lock). NULL: out of range, or no memory.
 */
static struct irq_desc *_Atomic *domain_slot(struct irq_domain *d, irq_hw_number_t hw,
					     bool create)
{
	if (hw < d->size)
		return &d->map[hw];
	return domain_is_tree(d) ? irq_tree_slot(&d->tree, hw, create) : NULL;
}

const char *irq_domain_name(const struct irq_domain *d)
{
	return d ? d->name : "none";
}

static struct irq_domain *domain_new(const char *name, unsigned int size,
				     const struct irq_chip *chip, void *chip_data, bool tree)
{
	struct irq_domain *d;

	if ((size == 0 && !tree) || !chip) {
		irq_log("domain %s: needs a size and a chip", name ? name : "?");
		return NULL;
	}
	d = irq_domain_alloc(name, size);
	if (!d)
		return NULL;
	d->chip = chip;
	d->chip_data = chip_data;
	d->is_tree = tree;
	return d;
}

static void domain_free(struct irq_domain *d)
{
	irq_free(d);
}

/* Bind descriptor @irq to line @hw of @d, whose @slot it fills. Caller holds irq_domain_lock. */
static int bind(struct irq_domain *d, struct irq_desc *_Atomic *slot, irq_hw_number_t hw,
		unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned long flags;

	flags = desc_lock_irqsave(desc);
	desc->data.hwirq = hw;
	desc->data.domain = d;
	irq_desc_set_chip(desc, d->chip, d->chip_data);
	desc_unlock_irqrestore(desc, flags);
	irq_atomic_store(slot, desc, memory_order_release);
	return (int)irq;
}

struct irq_domain *irq_domain_create_linear(const char *name, unsigned int size,
					    const struct irq_chip *chip, void *chip_data)
{
	return irq_domain_register(domain_new(name, size, chip, chip_data, false));
}

struct irq_domain *irq_domain_create_tree(const char *name, const struct irq_chip *chip,
					  void *chip_data)
{
	if (!GENIRQ_FWNODE) {
		irq_log("domain %s: a tree domain, but GENIRQ_FWNODE is 0 in this build",
			name ? name : "?");
		return NULL;
	}
	return irq_domain_register(domain_new(name, 0, chip, chip_data, true));
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
	d = domain_new(name, (unsigned int)first_hwirq + size, chip, chip_data, false);
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
	flags = irq_spin_lock_irqsave(&irq_domain_lock);
	for (unsigned int i = 0; i < size; i++)
		bind(d, &d->map[first_hwirq + i], first_hwirq + i, first_irq + i);
	irq_spin_unlock_irqrestore(&irq_domain_lock, flags);
	return irq_domain_register(d);
}

/* The descriptor mapped at @hw, or NULL. Lock-free. */
static struct irq_desc *lookup(struct irq_domain *d, irq_hw_number_t hw)
{
	if (irq_likely(hw < d->size))
		return atomic_load_explicit(&d->map[hw], memory_order_acquire);
	return domain_is_tree(d) ? irq_tree_lookup(&d->tree, hw) : NULL;
}

int irq_find_mapping(struct irq_domain *d, irq_hw_number_t hw)
{
	struct irq_desc *desc;

	if (!d)
		return -ENOENT;
	desc = lookup(d, hw);
	return desc ? (int)desc->data.irq : -ENOENT;
}

int irq_create_mapping(struct irq_domain *d, irq_hw_number_t hw)
{
	struct irq_desc *_Atomic *slot;
	unsigned long flags;
	int irq;

	if (!d || (hw >= d->size && !domain_is_tree(d)))
		return -EINVAL;
	flags = irq_spin_lock_irqsave(&irq_domain_lock);
	irq = irq_find_mapping(d, hw);
	if (irq < 0) {
		/* The tree's path first: a number is taken only once it has a slot. */
		slot = domain_slot(d, hw, true);
		irq = slot ? irq_alloc_descs(-1, 1) : -ENOMEM;
		if (irq >= 0)
			bind(d, slot, hw, (unsigned int)irq);
	}
	irq_spin_unlock_irqrestore(&irq_domain_lock, flags);
	return irq;
}

/*
 * Mark line @desc dying (IRQS_DYING: no request, cascade or probe starts
 * on it from then on, as irq_free_descs() marks the lines it frees), or
 * take the mark back. Caller holds desc->lock.
 */
#if GENIRQ_FREE_LINES
void irq_desc_set_dying(struct irq_desc *desc, bool on)
{
	unsigned int st = desc_state(desc);

	desc_set_state(desc, on ? st | IRQS_DYING : st & ~IRQS_DYING);
}

int irq_dispose_mapping(unsigned int virq)
{
	struct irq_desc *desc;
	unsigned long flags, dflags;
	unsigned int rd;
	int ret = 0;

	/* Refused before anything changes: irq_free_descs() would refuse it after the unmap. */
	if (in_interrupt()) {
		irq_log("irq %u: irq_dispose_mapping from interrupt context refused", virq);
		return -EBUSY;
	}
	if (irq_domain_line_is_hier(virq))
		return irq_domain_free_irqs(virq, 1);
	dflags = irq_spin_lock_irqsave(&irq_domain_lock);
	desc = irq_desc_get(virq, &rd);
	if (!desc) {
		ret = -EINVAL;
		goto out_unlock;
	}
	flags = desc_lock_irqsave(desc);
	if (!desc->data.domain) {
		ret = -EINVAL;
	} else if (desc_in_use(desc) || (desc_state(desc) & IRQS_DYING)) {
		irq_log("irq %u: irq_dispose_mapping refused: the line is in use", virq);
		ret = -EBUSY;
	} else {
		/*
		 * Dying with the check, under the same lock: a request that
		 * comes after it is refused, so irq_free_descs() below can't
		 * find the line in use once it is unmapped.
		 */
		irq_desc_set_dying(desc, true);
		irq_atomic_store(domain_slot(desc->data.domain, desc->data.hwirq, false), NULL,
				      memory_order_release);
		desc->data.domain = NULL;
		irq_desc_set_chip(desc, NULL, NULL);
	}
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
out_unlock:
	irq_spin_unlock_irqrestore(&irq_domain_lock, dflags);
	return ret ? ret : irq_free_descs(virq, 1);
}
#endif

/*
 * A line past @d's linear map: a tree domain's (all of whose lines are
 * past it), or a stray, counted in ERR. Out of line and taken before the
 * map is read, so that a linear domain's lookup needs no register more
 * than before tree domains (make check-bench).
 */
static __irq_noinline struct irq_desc *domain_desc_past(struct irq_domain *d, irq_hw_number_t hw)
{
	struct irq_desc *desc = d && domain_is_tree(d) ? irq_tree_lookup(&d->tree, hw) : NULL;

	if (!desc)
		irq_error_event();
	return desc;
}

/* The descriptor behind @hw, or NULL after counting the stray in ERR. */
static struct irq_desc *domain_desc(struct irq_domain *d, irq_hw_number_t hw)
{
	struct irq_desc *_Atomic *map;
	struct irq_desc *desc;

	if (irq_unlikely(!d || hw >= d->size))
		return domain_desc_past(d, hw);
	map = d->map;	/* (indexes in one load) */
	desc = atomic_load_explicit(map + hw, memory_order_acquire);
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

struct irq_desc *const *irq_domain_slots(struct irq_domain *d, unsigned int *size)
{
	*size = d ? (unsigned int)d->size : 0;
	return d ? (struct irq_desc *const *)d->map : NULL;
}

int irq_handle_domain_entry(struct irq_domain *d, irq_hw_number_t hw, void *regs)
{
	unsigned int cpu = irq_cpu_id();
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

bool irq_domain_hwirq_free(struct irq_domain *d, irq_hw_number_t hw)
{
	return d && hw < d->size && !atomic_load_explicit(&d->map[hw], memory_order_acquire);
}

static struct irq_data *data_at(struct irq_data *data, struct irq_domain *d)
{
	for (; data; data = irq_data_parent(data))
		if (data->domain == d)
			return data;
	return NULL;
}

struct irq_data *irq_domain_get_irq_data(struct irq_domain *d, unsigned int virq)
{
	struct irq_desc *desc = irq_to_desc(virq);

	return desc ? data_at(&desc->data, d) : NULL;
}

struct irq_domain *irq_domain_next(const struct irq_domain *prev)
{
	return atomic_load_explicit(prev ? &prev->next : &domain_first, memory_order_acquire);
}

#if GENIRQ_TEXT_VIEWS
unsigned int irq_domain_map_size(const struct irq_domain *d, bool *tree, bool *hier)
{
	*tree = domain_is_tree(d);
	*hier = d->ops != NULL;
	return (unsigned int)d->size;
}
#endif

/* Chip helpers of a child level. */

/* The message of an MSI or an IOAPIC line (x86): composed by the hierarchy. */
void irq_chip_compose_msi_msg(struct irq_data *d, struct msi_msg *msg)
{
	struct irq_data *pos = NULL;

	/* The lowest level that composes: the one the CPU is reached through. */
	for (; d; d = irq_data_parent(d))
		if (d->chip && d->chip->compose_msi_msg)
			pos = d;
	*msg = (struct msi_msg){ 0, 0, 0 };
	if (pos)
		pos->chip->compose_msi_msg(pos, msg);
}

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

struct irq_domain {
	const char		*name;
	const struct irq_chip	*chip;
	void			*chip_data;
	/* Hierarchical domains (below); NULL ops for flat ones. */
	struct irq_domain	*parent;
	const struct irq_domain_ops *ops;
	void			*host_data;
	irq_hw_number_t		size;		/* compared with a line as is, in one instruction */
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

static bool line_is_hier(unsigned int virq);

/*
 * Mark line @desc dying (IRQS_DYING: no request, cascade or probe starts
 * on it from then on, as irq_free_descs() marks the lines it frees), or
 * take the mark back. Caller holds desc->lock.
 */
static void set_dying(struct irq_desc *desc, bool on)
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
	if (line_is_hier(virq))
		return irq_domain_free_irqs(virq, 1);
	dflags = irq_spin_lock_irqsave(&domain_lock);
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
		set_dying(desc, true);
		atomic_store_explicit(&desc->data.domain->map[desc->data.hwirq], NULL,
				      memory_order_release);
		desc->data.domain = NULL;
		desc->data.chip = &irq_no_chip;
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

struct irq_desc *const *irq_domain_slots(struct irq_domain *d, unsigned int *size)
{
	*size = d ? (unsigned int)d->size : 0;
	return d ? (struct irq_desc *const *)d->map : NULL;
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

/*
 * Hierarchical domains (<genirq/irqdomain.h>).
 *
 * A line's levels below the outermost live in struct irq_level, made by
 * irq_domain_alloc_irqs() and freed only after the descriptor (after a
 * grace period: a CPU still in a flow of the line may follow parent_data).
 * ops->alloc and ->free run under domain_lock (interrupts off; they may
 * allocate memory, they must not sleep); ->activate, ->deactivate and the
 * chips under the line's descriptor lock (->deactivate also under
 * domain_lock when the lines are freed).
 */

struct irq_level {
	struct irq_data		data;
	struct irq_level	*next;	/* a list of levels to free */
};

static struct irq_level *level_of(struct irq_data *d)
{
	return (struct irq_level *)((char *)d - offsetof(struct irq_level, data));
}

struct irq_domain *irq_domain_create_hierarchy(struct irq_domain *parent, const char *name,
					       unsigned int size,
					       const struct irq_domain_ops *ops, void *host_data)
{
	struct irq_domain *d;
	size_t max = (SIZE_MAX - sizeof(*d)) / sizeof(d->map[0]);

	if (!ops || !ops->alloc || (parent && !parent->ops)) {
		irq_log("domain %s: a hierarchy level needs ops->alloc and a hierarchical parent",
			name ? name : "?");
		return NULL;
	}
	d = (size_t)size <= max ? irq_zalloc(sizeof(*d) + sizeof(d->map[0]) * size) : NULL;
	if (!d) {
		irq_log("domain %s: out of memory", name ? name : "?");
		return NULL;
	}
	d->name = name ? name : "?";
	d->parent = parent;
	d->ops = ops;
	d->host_data = host_data;
	d->size = size;
	return d;
}

int irq_domain_set_hierarchy_ops(struct irq_domain *d, const struct irq_domain_ops *ops,
				 void *host_data)
{
	unsigned long flags;
	int ret = 0;

	if (!d || !ops || !ops->alloc)
		return -EINVAL;
	flags = irq_spin_lock_irqsave(&domain_lock);
	if (d->ops) {
		ret = -EBUSY;
	} else {
		d->ops = ops;
		d->host_data = host_data;
	}
	irq_spin_unlock_irqrestore(&domain_lock, flags);
	return ret;
}

void *irq_domain_host_data(const struct irq_domain *d)
{
	return d ? d->host_data : NULL;
}

struct irq_domain *irq_domain_get_parent(const struct irq_domain *d)
{
	return d ? d->parent : NULL;
}

bool irq_domain_hwirq_free(struct irq_domain *d, irq_hw_number_t hw)
{
	return d && hw < d->size && !atomic_load_explicit(&d->map[hw], memory_order_acquire);
}

static struct irq_data *data_at(struct irq_data *data, struct irq_domain *d)
{
	for (; data; data = data->parent_data)
		if (data->domain == d)
			return data;
	return NULL;
}

struct irq_data *irq_domain_get_irq_data(struct irq_domain *d, unsigned int virq)
{
	struct irq_desc *desc = irq_to_desc(virq);

	return desc ? data_at(&desc->data, d) : NULL;
}

int irq_domain_set_hwirq_and_chip(struct irq_domain *d, unsigned int virq,
				  irq_hw_number_t hwirq, const struct irq_chip *chip,
				  void *chip_data)
{
	struct irq_desc *desc = irq_to_desc(virq);
	struct irq_data *data;
	unsigned long flags;

	if (!desc)
		return -EINVAL;
	flags = desc_lock_irqsave(desc);
	data = data_at(&desc->data, d);
	if (data) {
		data->hwirq = hwirq;
		data->chip = chip ? chip : &irq_no_chip;
		data->chip_data = chip_data;
	}
	desc_unlock_irqrestore(desc, flags);
	return data ? 0 : -EINVAL;
}

static bool line_is_hier(unsigned int virq)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(virq, &rd);
	unsigned long flags;
	bool hier;

	if (!desc)
		return false;
	/* Under the lock: a request may be activating the line (hier_flags). */
	flags = desc_lock_irqsave(desc);
	hier = (desc->data.hier_flags & IRQD_HIER) != 0;
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	return hier;
}

/* Give each line of @virq..+@nr a level per parent of @d. Caller holds domain_lock. */
static int levels_new(struct irq_domain *d, unsigned int virq, unsigned int nr)
{
	for (unsigned int i = 0; i < nr; i++) {
		struct irq_desc *desc = irq_to_desc(virq + i);
		struct irq_data *child = &desc->data;
		unsigned long flags;

		flags = desc_lock_irqsave(desc);
		desc->data.domain = d;
		desc->data.hier_flags = IRQD_HIER;
		for (struct irq_domain *p = d->parent; p; p = p->parent) {
			struct irq_level *l = irq_zalloc(sizeof(*l));

			if (!l) {
				desc_unlock_irqrestore(desc, flags);
				return -ENOMEM;
			}
			l->data.irq = virq + i;
			l->data.domain = p;
			l->data.chip = &irq_no_chip;
			child->parent_data = &l->data;
			child = &l->data;
		}
		desc_unlock_irqrestore(desc, flags);
	}
	return 0;
}

/* ops->free of @d and every parent, outermost first. */
static void free_levels(struct irq_domain *d, unsigned int virq, unsigned int nr)
{
	for (; d; d = d->parent)
		if (d->ops->free)
			d->ops->free(d, virq, nr);
}

/* ops->alloc of the parents of @d, then of @d; all or nothing. */
static int alloc_levels(struct irq_domain *d, unsigned int virq, unsigned int nr, void *arg)
{
	int ret;

	if (d->parent) {
		ret = alloc_levels(d->parent, virq, nr, arg);
		if (ret)
			return ret;
	}
	ret = d->ops->alloc(d, virq, nr, arg);
	if (ret && d->parent)
		free_levels(d->parent, virq, nr);
	return ret;
}

static struct irq_desc *_Atomic *map_slot(struct irq_data *data)
{
	struct irq_domain *d = data->domain;

	return d && data->hwirq < d->size ? &d->map[data->hwirq] : NULL;
}

/*
 * Point every level's map at the lines' descriptors, the flows chosen
 * first; -EBUSY (nothing stored) when a level gave a line that is mapped.
 */
static int publish(unsigned int virq, unsigned int nr)
{
	for (unsigned int i = 0; i < nr; i++)
		for (struct irq_data *l = &irq_to_desc(virq + i)->data; l; l = l->parent_data) {
			struct irq_desc *_Atomic *slot = map_slot(l);

			if (slot && atomic_load_explicit(slot, memory_order_relaxed)) {
				irq_log("domain %s: line %lu handed out twice", l->domain->name,
					(unsigned long)l->hwirq);
				return -EBUSY;
			}
		}
	for (unsigned int i = 0; i < nr; i++) {
		struct irq_desc *desc = irq_to_desc(virq + i);
		unsigned long flags = desc_lock_irqsave(desc);

		irq_chip_resolve(desc);
		irq_choose_flow(desc);
		desc_unlock_irqrestore(desc, flags);
		for (struct irq_data *l = &desc->data; l; l = l->parent_data) {
			struct irq_desc *_Atomic *slot = map_slot(l);

			if (slot)
				atomic_store_explicit(slot, desc, memory_order_release);
		}
	}
	return 0;
}

/*
 * Take the lines' levels off their descriptors (the descriptors keep
 * parent_data until they are freed) onto *@list, and make the lines
 * plain unmapped ones that irq_free_descs() frees. Caller holds domain_lock.
 */
static void detach_levels(unsigned int virq, unsigned int nr, struct irq_level **list)
{
	for (unsigned int i = 0; i < nr; i++) {
		struct irq_desc *desc = irq_to_desc(virq + i);
		unsigned long flags = desc_lock_irqsave(desc);

		for (struct irq_data *l = desc->data.parent_data; l; l = l->parent_data) {
			level_of(l)->next = *list;
			*list = level_of(l);
		}
		desc->data.domain = NULL;
		desc->data.chip = &irq_no_chip;
		desc->data.chip_data = NULL;
		desc->data.hier_flags = 0;
		irq_chip_resolve(desc);
		irq_choose_flow(desc);
		desc_unlock_irqrestore(desc, flags);
	}
}

/* After irq_free_descs(): no CPU can reach the levels any more. */
static void levels_release(struct irq_level *list)
{
	while (list) {
		struct irq_level *next = list->next;

		irq_free(list);
		list = next;
	}
}

int irq_domain_alloc_irqs(struct irq_domain *d, unsigned int nr, int node, void *arg)
{
	return irq_domain_alloc_irqs_at(d, -1, nr, node, arg);
}

int irq_domain_alloc_irqs_at(struct irq_domain *d, int irq_base, unsigned int nr, int node,
			     void *arg)
{
	struct irq_level *list = NULL;
	unsigned long flags;
	int virq, ret;

	(void)node;
	if (!d || !d->ops || nr == 0 || irq_base < -1)
		return -EINVAL;
	if (in_interrupt()) {
		irq_log("domain %s: irq_domain_alloc_irqs from interrupt context refused", d->name);
		return -EBUSY;
	}
	flags = irq_spin_lock_irqsave(&domain_lock);
	virq = irq_alloc_descs(irq_base, nr);
	if (virq < 0) {
		irq_spin_unlock_irqrestore(&domain_lock, flags);
		if (irq_base >= 0)
			irq_log("domain %s: irqs %d-%u unavailable (%d)", d->name, irq_base,
				(unsigned int)irq_base + nr - 1, virq);
		return virq;
	}
	ret = levels_new(d, (unsigned int)virq, nr);
	if (!ret) {
		ret = alloc_levels(d, (unsigned int)virq, nr, arg);
		if (!ret) {
			ret = publish((unsigned int)virq, nr);
			if (ret)
				free_levels(d, (unsigned int)virq, nr);
		}
	}
	if (ret)
		detach_levels((unsigned int)virq, nr, &list);
	irq_spin_unlock_irqrestore(&domain_lock, flags);
	if (!ret)
		return virq;
	irq_free_descs((unsigned int)virq, nr);
	levels_release(list);
	return ret;
}

/* Deactivate a line's levels, outermost first. Caller holds desc->lock. */
static void deactivate_locked(struct irq_data *top)
{
	if (!(top->hier_flags & IRQD_ACTIVATED))
		return;
	for (struct irq_data *l = top; l; l = l->parent_data)
		if (l->domain && l->domain->ops && l->domain->ops->deactivate)
			l->domain->ops->deactivate(l->domain, l);
	top->hier_flags &= ~IRQD_ACTIVATED;
}

/* Activate @l and the levels below it, the bottom first. */
static int activate_levels(struct irq_data *l, bool reserve)
{
	int ret = 0;

	if (!l)
		return 0;
	ret = activate_levels(l->parent_data, reserve);
	if (ret)
		return ret;
	if (l->domain && l->domain->ops && l->domain->ops->activate) {
		ret = l->domain->ops->activate(l->domain, l, reserve);
		if (ret) {
			for (l = l->parent_data; l; l = l->parent_data)
				if (l->domain->ops->deactivate)
					l->domain->ops->deactivate(l->domain, l);
		}
	}
	return ret;
}

/* Activate a hierarchical line not active yet. Caller holds desc->lock. */
static int activate_locked(struct irq_data *top, bool reserve)
{
	int ret = 0;

	if (!(top->hier_flags & IRQD_ACTIVATED)) {
		ret = activate_levels(top, reserve);
		if (!ret)
			top->hier_flags |= IRQD_ACTIVATED;
	}
	return ret;
}

int irq_domain_activate_irq(struct irq_data *top, bool reserve)
{
	struct irq_desc *desc;
	unsigned long flags;
	int ret;

	if (!top || !(desc = irq_to_desc(top->irq)) || &desc->data != top)
		return -EINVAL;
	flags = desc_lock_irqsave(desc);
	ret = (top->hier_flags & IRQD_HIER) ? activate_locked(top, reserve) : -EINVAL;
	desc_unlock_irqrestore(desc, flags);
	return ret;
}

int irq_desc_activate(struct irq_desc *desc)
{
	desc_assert_locked(desc);
	return (desc->data.hier_flags & IRQD_HIER) ? activate_locked(&desc->data, false) : 0;
}

void irq_desc_deactivate(struct irq_desc *desc)
{
	desc_assert_locked(desc);
	if (desc->data.hier_flags & IRQD_HIER)
		deactivate_locked(&desc->data);
}

void irq_desc_deactivate_unused(struct irq_desc *desc)
{
	unsigned long flags = desc_lock_irqsave(desc);

	/* A managed line keeps its target until its vectors are freed. */
	if (!desc_action(desc) && !(desc_state(desc) & (IRQS_STARTED | IRQS_MANAGED)))
		irq_desc_deactivate(desc);
	desc_unlock_irqrestore(desc, flags);
}

void irq_domain_deactivate_irq(struct irq_data *top)
{
	struct irq_desc *desc;
	unsigned long flags;

	if (!top || !(desc = irq_to_desc(top->irq)) || &desc->data != top)
		return;
	flags = desc_lock_irqsave(desc);
	deactivate_locked(top);
	desc_unlock_irqrestore(desc, flags);
}

bool irq_domain_is_activated(unsigned int virq)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(virq, &rd);
	bool on;

	if (!desc)
		return false;
	on = (desc->data.hier_flags & IRQD_ACTIVATED) != 0;
	irq_desc_put(rd);
	return on;
}

/*
 * Claim line @desc for irq_domain_free_irqs(): mark it dying in the same
 * locked section that found it unused, so that no request (nor cascade,
 * nor probe) starts on it between the check and the free. Return: 0, or
 * why it can't be freed (-errno, @why), unmarked. Caller holds domain_lock.
 */
static int hier_claim(struct irq_desc *desc, struct irq_domain *d, const char **why)
{
	unsigned long flags;
	int ret = 0;

	if (!desc) {
		*why = "does not exist";
		return -EINVAL;
	}
	flags = desc_lock_irqsave(desc);
	if (!(desc->data.hier_flags & IRQD_HIER) || desc->data.domain != d) {
		*why = "is not a line of the domain's hierarchy";
		ret = -EINVAL;
	} else if (desc_in_use(desc) || (desc_state(desc) & IRQS_DYING)) {
		*why = "is in use";
		ret = -EBUSY;
	} else {
		set_dying(desc, true);
	}
	desc_unlock_irqrestore(desc, flags);
	return ret;
}

/* Take back hier_claim()'s marks of lines @virq..+@nr-1. Caller holds domain_lock. */
static void hier_unclaim(unsigned int virq, unsigned int nr)
{
	for (unsigned int i = 0; i < nr; i++) {
		struct irq_desc *desc = irq_to_desc(virq + i);
		unsigned long flags = desc_lock_irqsave(desc);

		set_dying(desc, false);
		desc_unlock_irqrestore(desc, flags);
	}
}

int irq_domain_free_irqs(unsigned int virq, unsigned int nr)
{
	struct irq_level *list = NULL;
	struct irq_domain *d;
	struct irq_desc *desc;
	unsigned long flags;
	int ret = 0;

	if (nr == 0 || virq + nr < virq)
		return -EINVAL;
	if (in_interrupt()) {
		irq_log("irq %u: irq_domain_free_irqs from interrupt context refused", virq);
		return -EBUSY;
	}
	flags = irq_spin_lock_irqsave(&domain_lock);
	desc = irq_to_desc(virq);
	d = desc ? desc->data.domain : NULL;
	/* All claimed (dying) or none: a refused call changes nothing. */
	for (unsigned int i = 0; i < nr && !ret; i++) {
		const char *why;

		ret = hier_claim(irq_to_desc(virq + i), d, &why);
		if (ret) {
			irq_log("irq %u: irq_domain_free_irqs refused: the line %s, nothing freed",
				virq + i, why);
			hier_unclaim(virq, i);
		}
	}
	if (ret) {
		irq_spin_unlock_irqrestore(&domain_lock, flags);
		return ret;
	}
	for (unsigned int i = 0; i < nr; i++) {
		unsigned long dflags;

		desc = irq_to_desc(virq + i);
		dflags = desc_lock_irqsave(desc);
		deactivate_locked(&desc->data);
		desc_unlock_irqrestore(desc, dflags);
		for (struct irq_data *l = &desc->data; l; l = l->parent_data) {
			struct irq_desc *_Atomic *slot = map_slot(l);

			if (slot && atomic_load_explicit(slot, memory_order_relaxed) == desc)
				atomic_store_explicit(slot, NULL, memory_order_release);
		}
	}
	free_levels(d, virq, nr);
	detach_levels(virq, nr, &list);
	irq_spin_unlock_irqrestore(&domain_lock, flags);
	ret = irq_free_descs(virq, nr);
	levels_release(list);
	return ret;
}

int irq_create_fwspec_mapping(struct irq_domain *d, const struct irq_fwspec *fwspec)
{
	irq_hw_number_t hw;
	unsigned int type = IRQ_TYPE_NONE;
	int virq, ret;

	if (!d || !d->ops || !d->ops->translate || !fwspec)
		return -EINVAL;
	ret = d->ops->translate(d, fwspec, &hw, &type);
	if (ret)
		return ret;
	virq = irq_find_mapping(d, hw);
	if (virq >= 0)
		return virq;
	virq = irq_domain_alloc_irqs(d, 1, -1, (void *)(uintptr_t)fwspec);
	if (virq < 0 || type == IRQ_TYPE_NONE)
		return virq;
	ret = irq_set_irq_type((unsigned int)virq, type);
	if (ret) {
		irq_domain_free_irqs((unsigned int)virq, 1);
		return ret;
	}
	return virq;
}

/* Chip helpers of a child level. */

/* The message of an MSI or an IOAPIC line (x86): composed by the hierarchy. */
void irq_chip_compose_msi_msg(struct irq_data *d, struct msi_msg *msg)
{
	struct irq_data *pos = NULL;

	/* The lowest level that composes: the one the CPU is reached through. */
	for (; d; d = d->parent_data)
		if (d->chip && d->chip->compose_msi_msg)
			pos = d;
	*msg = (struct msi_msg){ 0, 0, 0 };
	if (pos)
		pos->chip->compose_msi_msg(pos, msg);
}

void irq_chip_mask_parent(struct irq_data *d)
{
	struct irq_data *p = d->parent_data;

	if (p->chip->mask)
		p->chip->mask(p);
}

void irq_chip_unmask_parent(struct irq_data *d)
{
	struct irq_data *p = d->parent_data;

	if (p->chip->unmask)
		p->chip->unmask(p);
}

void irq_chip_ack_parent(struct irq_data *d)
{
	struct irq_data *p = d->parent_data;

	if (p->chip->ack)
		p->chip->ack(p);
}

void irq_chip_eoi_parent(struct irq_data *d)
{
	struct irq_data *p = d->parent_data;

	if (p->chip->eoi)
		p->chip->eoi(p);
}

int irq_chip_set_affinity_parent(struct irq_data *d, const struct cpumask *dest)
{
	struct irq_data *p = d->parent_data;
	int ret;

	if (!p || !p->chip->set_affinity)
		return -ENOSYS;
	ret = p->chip->set_affinity(p, dest);
	if (ret == 0)
		irq_data_update_effective_affinity(d, &p->effective);
	return ret;
}

int irq_chip_set_wake_parent(struct irq_data *d, unsigned int on)
{
	for (d = d->parent_data; d; d = d->parent_data)
		if (d->chip && d->chip->set_wake)
			return d->chip->set_wake(d, on);
	return -ENXIO;
}

int irq_chip_retrigger_hierarchy(struct irq_data *d)
{
	for (d = d->parent_data; d; d = d->parent_data)
		if (d->chip->retrigger)
			return d->chip->retrigger(d);
	return 0;
}

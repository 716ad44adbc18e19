// SPDX-License-Identifier: MIT
/*
 * domain_hier.c - hierarchical (stacked) domains: a line with a level
 * per domain of its hierarchy, allocated, activated and freed through
 * every level (<genirq/irqdomain.h>), and the chip helpers that forward
 * a primitive to the level below.
 */
#include "internals.h"
#include <genirq/irqdomain.h>

GENIRQ_FEATURE_SOURCE(GENIRQ_HIERARCHY, "HIERARCHY");

/*
 * Hierarchical domains (<genirq/irqdomain.h>).
 *
 * A line's levels below the outermost live in struct irq_level, made by
 * irq_domain_alloc_irqs() and freed only after the descriptor (after a
 * grace period: a CPU still in a flow of the line may follow parent_data).
 * ops->alloc and ->free run under irq_domain_lock (interrupts off; they may
 * allocate memory, they must not sleep); ->activate, ->deactivate and the
 * chips under the line's descriptor lock (->deactivate also under
 * irq_domain_lock when the lines are freed).
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

	if (!ops || !ops->alloc || (parent && !parent->ops)) {
		irq_log("domain %s: a hierarchy level needs ops->alloc and a hierarchical parent",
			name ? name : "?");
		return NULL;
	}
	d = irq_domain_alloc(name, size);
	if (!d)
		return NULL;
	d->parent = parent;
	d->ops = ops;
	d->host_data = host_data;
	return irq_domain_register(d);
}

int irq_domain_set_hierarchy_ops(struct irq_domain *d, const struct irq_domain_ops *ops,
				 void *host_data)
{
	unsigned long flags;
	int ret = 0;

	if (!d || !ops || !ops->alloc)
		return -EINVAL;
	flags = irq_spin_lock_irqsave(&irq_domain_lock);
	if (d->ops) {
		ret = -EBUSY;
	} else {
		d->ops = ops;
		d->host_data = host_data;
	}
	irq_spin_unlock_irqrestore(&irq_domain_lock, flags);
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
	data = irq_domain_get_irq_data(d, virq);
	if (data) {
		data->hwirq = hwirq;
		data->chip = chip ? chip : &irq_no_chip;
		data->chip_data = chip_data;
	}
	desc_unlock_irqrestore(desc, flags);
	return data ? 0 : -EINVAL;
}

bool irq_domain_line_is_hier(unsigned int virq)
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

/* Give each line of @virq..+@nr a level per parent of @d. Caller holds irq_domain_lock. */
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
				irq_atomic_store(slot, desc, memory_order_release);
		}
	}
	return 0;
}

/*
 * Take the lines' levels off their descriptors (the descriptors keep
 * parent_data until they are freed) onto *@list, and make the lines
 * plain unmapped ones that irq_free_descs() frees. Caller holds irq_domain_lock.
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
		desc->data.hier_flags = 0;
		irq_desc_set_chip(desc, NULL, NULL);
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
	flags = irq_spin_lock_irqsave(&irq_domain_lock);
	virq = irq_alloc_descs(irq_base, nr);
	if (virq < 0) {
		irq_spin_unlock_irqrestore(&irq_domain_lock, flags);
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
	irq_spin_unlock_irqrestore(&irq_domain_lock, flags);
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
 * why it can't be freed (-errno, @why), unmarked. Caller holds irq_domain_lock.
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
		irq_desc_set_dying(desc, true);
	}
	desc_unlock_irqrestore(desc, flags);
	return ret;
}

/* Take back hier_claim()'s marks of lines @virq..+@nr-1. Caller holds irq_domain_lock. */
static void hier_unclaim(unsigned int virq, unsigned int nr)
{
	for (unsigned int i = 0; i < nr; i++) {
		struct irq_desc *desc = irq_to_desc(virq + i);
		unsigned long flags = desc_lock_irqsave(desc);

		irq_desc_set_dying(desc, false);
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
	flags = irq_spin_lock_irqsave(&irq_domain_lock);
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
		irq_spin_unlock_irqrestore(&irq_domain_lock, flags);
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
				irq_atomic_store(slot, NULL, memory_order_release);
		}
	}
	free_levels(d, virq, nr);
	detach_levels(virq, nr, &list);
	irq_spin_unlock_irqrestore(&irq_domain_lock, flags);
	ret = irq_free_descs(virq, nr);
	levels_release(list);
	return ret;
}

/* Chip helpers of a child level. */

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

int irq_chip_set_affinity_parent(struct irq_data *d, const struct irq_cpumask *dest)
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

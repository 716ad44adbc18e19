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
	/* The registry: every domain, and the firmware node it answers for. */
	struct irq_domain *_Atomic next;	/* [A] written under domain_lock */
	const void		*fwnode;	/* under domain_lock */
	const char		*fwnode_name;
	const struct irq_fwnode_ops *fw_ops;
	void			*fw_data;
	/* Tree domains: lines beyond the map (which is empty) are here. */
	bool			is_tree;
	struct irq_tree		tree;
	irq_hw_number_t		size;		/* compared with a line as is, in one instruction */
	struct irq_desc *_Atomic map[];	/* [A] written under domain_lock */
};

/* Lock order: domain_lock -> irq_sparse_lock -> desc->lock. */
static struct irq_spinlock domain_lock = IRQ_SPINLOCK_INIT;
/* Every domain, oldest first; [A] written under domain_lock. */
static struct irq_domain *_Atomic domain_first;
static struct irq_domain *_Atomic *domain_tail = &domain_first;

void irq_domain_registry_reset(void)
{
	unsigned long flags = irq_spin_lock_irqsave(&domain_lock);

	atomic_store_explicit(&domain_first, NULL, memory_order_release);
	domain_tail = &domain_first;
	irq_spin_unlock_irqrestore(&domain_lock, flags);
}

/* Add @d to the registry: from then on it is never freed. */
static struct irq_domain *domain_register(struct irq_domain *d)
{
	unsigned long flags;

	if (!d)
		return NULL;
	flags = irq_spin_lock_irqsave(&domain_lock);
	atomic_store_explicit(domain_tail, d, memory_order_release);
	domain_tail = &d->next;
	irq_spin_unlock_irqrestore(&domain_lock, flags);
	return d;
}

/*
 * The slot of line @hw of @d: the map's, or the tree's (made when
 * @create, under domain_lock). NULL: out of range, or no memory.
 */
static struct irq_desc *_Atomic *domain_slot(struct irq_domain *d, irq_hw_number_t hw,
					     bool create)
{
	if (hw < d->size)
		return &d->map[hw];
	return d->is_tree ? irq_tree_slot(&d->tree, hw, create) : NULL;
}

const char *irq_domain_name(const struct irq_domain *d)
{
	return d ? d->name : "none";
}

static struct irq_domain *domain_new(const char *name, unsigned int size,
				     const struct irq_chip *chip, void *chip_data, bool tree)
{
	struct irq_domain *d;
	size_t max;

	if ((size == 0 && !tree) || !chip) {
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
	d->is_tree = tree;
	return d;
}

static void domain_free(struct irq_domain *d)
{
	irq_free(d);
}

/* Bind descriptor @irq to line @hw of @d, whose @slot it fills. Caller holds domain_lock. */
static int bind(struct irq_domain *d, struct irq_desc *_Atomic *slot, irq_hw_number_t hw,
		unsigned int irq)
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
	atomic_store_explicit(slot, desc, memory_order_release);
	return (int)irq;
}

struct irq_domain *irq_domain_create_linear(const char *name, unsigned int size,
					    const struct irq_chip *chip, void *chip_data)
{
	return domain_register(domain_new(name, size, chip, chip_data, false));
}

struct irq_domain *irq_domain_create_tree(const char *name, const struct irq_chip *chip,
					  void *chip_data)
{
	return domain_register(domain_new(name, 0, chip, chip_data, true));
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
	flags = irq_spin_lock_irqsave(&domain_lock);
	for (unsigned int i = 0; i < size; i++)
		bind(d, &d->map[first_hwirq + i], first_hwirq + i, first_irq + i);
	irq_spin_unlock_irqrestore(&domain_lock, flags);
	return domain_register(d);
}

/* The descriptor mapped at @hw, or NULL. Lock-free. */
static struct irq_desc *lookup(struct irq_domain *d, irq_hw_number_t hw)
{
	if (irq_likely(hw < d->size))
		return atomic_load_explicit(&d->map[hw], memory_order_acquire);
	return d->is_tree ? irq_tree_lookup(&d->tree, hw) : NULL;
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

	if (!d || (hw >= d->size && !d->is_tree))
		return -EINVAL;
	flags = irq_spin_lock_irqsave(&domain_lock);
	irq = irq_find_mapping(d, hw);
	if (irq < 0) {
		/* The tree's path first: a number is taken only once it has a slot. */
		slot = domain_slot(d, hw, true);
		irq = slot ? irq_alloc_descs(-1, 1) : -ENOMEM;
		if (irq >= 0)
			bind(d, slot, hw, (unsigned int)irq);
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
		atomic_store_explicit(domain_slot(desc->data.domain, desc->data.hwirq, false), NULL,
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

/*
 * A line past @d's linear map: a tree domain's (all of whose lines are
 * past it), or a stray, counted in ERR. Out of line and taken before the
 * map is read, so that a linear domain's lookup needs no register more
 * than before tree domains (make check-bench).
 */
static __irq_noinline struct irq_desc *domain_desc_past(struct irq_domain *d, irq_hw_number_t hw)
{
	struct irq_desc *desc = d && d->is_tree ? irq_tree_lookup(&d->tree, hw) : NULL;

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
	return domain_register(d);
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

/* Firmware nodes: the registry's answers, and the lines they describe. */

int irq_domain_set_fwnode(struct irq_domain *d, const void *fwnode, const char *name,
			  const struct irq_fwnode_ops *ops, void *data)
{
	struct irq_domain *other;
	unsigned long flags;
	int ret = 0;

	if (!d || !fwnode)
		return -EINVAL;
	flags = irq_spin_lock_irqsave(&domain_lock);
	other = irq_find_matching_fwnode(fwnode);
	if (other && other != d) {
		irq_log("domain %s: fwnode %s is domain %s's already", d->name, name ? name : "?",
			other->name);
		ret = -EBUSY;
	} else if (d->fwnode && d->fwnode != fwnode) {
		irq_log("domain %s: has fwnode %s already, not %s", d->name, d->fwnode_name,
			name ? name : "?");
		ret = -EBUSY;
	} else {
		d->fwnode = fwnode;
		d->fwnode_name = name ? name : "?";
		d->fw_ops = ops;
		d->fw_data = data;
	}
	irq_spin_unlock_irqrestore(&domain_lock, flags);
	return ret;
}

struct irq_domain *irq_domain_next(const struct irq_domain *prev)
{
	return atomic_load_explicit(prev ? &prev->next : &domain_first, memory_order_acquire);
}

struct irq_domain *irq_find_matching_fwnode(const void *fwnode)
{
	/* No lock: a domain's fwnode is written once, before it is looked
	 * for (irq_domain_set_fwnode() takes domain_lock around the write
	 * and callers look up from process context after registration). */
	for (struct irq_domain *d = irq_domain_next(NULL); fwnode && d; d = irq_domain_next(d))
		if (d->fwnode == fwnode)
			return d;
	return NULL;
}

const char *irq_domain_fwnode_name(const struct irq_domain *d)
{
	return d ? d->fwnode_name : NULL;
}

unsigned int irq_domain_map_size(const struct irq_domain *d, bool *tree, bool *hier)
{
	*tree = d->is_tree;
	*hier = d->ops != NULL;
	return (unsigned int)d->size;
}

/* The first cell is the number; @typed: the second, when there, the trigger. */
static int xlate_cells(const struct irq_fwspec *fwspec, unsigned int min, bool typed,
		       irq_hw_number_t *hwirq, unsigned int *type)
{
	if (fwspec->param_count < min)
		return -EINVAL;
	*hwirq = fwspec->param[0];
	*type = typed && fwspec->param_count > 1 ? fwspec->param[1] & IRQ_TYPE_SENSE_MASK :
						   IRQ_TYPE_NONE;
	return 0;
}

int irq_domain_xlate_onecell(struct irq_domain *d, const struct irq_fwspec *fwspec,
			     irq_hw_number_t *hwirq, unsigned int *type)
{
	(void)d;
	return xlate_cells(fwspec, 1, false, hwirq, type);
}

int irq_domain_xlate_twocell(struct irq_domain *d, const struct irq_fwspec *fwspec,
			     irq_hw_number_t *hwirq, unsigned int *type)
{
	(void)d;
	return xlate_cells(fwspec, 2, true, hwirq, type);
}

int irq_domain_xlate_onetwocell(struct irq_domain *d, const struct irq_fwspec *fwspec,
				irq_hw_number_t *hwirq, unsigned int *type)
{
	(void)d;
	return xlate_cells(fwspec, 1, true, hwirq, type);
}

/* The domain's decoding of @fwspec (irq_create_fwspec_mapping()). */
static int domain_translate(struct irq_domain *d, const struct irq_fwspec *fwspec,
			    irq_hw_number_t *hw, unsigned int *type)
{
	if (fwspec->param_count > IRQ_FWSPEC_PARAMS)
		return -EINVAL;
	if (d->fw_ops && d->fw_ops->translate)
		return d->fw_ops->translate(d, fwspec, hw, type);
	if (d->ops && d->ops->translate)
		return d->ops->translate(d, fwspec, hw, type);
	return irq_domain_xlate_onecell(d, fwspec, hw, type);
}

/* A new line of a hierarchical domain, its trigger set; all or nothing. */
static int fwspec_alloc(struct irq_domain *d, const struct irq_fwspec *fwspec, unsigned int type)
{
	int virq = irq_domain_alloc_irqs(d, 1, -1, (void *)(uintptr_t)fwspec), ret;

	if (virq < 0 || type == IRQ_TYPE_NONE)
		return virq;
	ret = irq_set_irq_type((unsigned int)virq, type);
	if (ret) {
		irq_domain_free_irqs((unsigned int)virq, 1);
		return ret;
	}
	return virq;
}

/* A line of a flat or tree domain, through the controller's map. */
static int fwspec_map(struct irq_domain *d, irq_hw_number_t hw, unsigned int type)
{
	int virq, ret;

	if (d->fw_ops && d->fw_ops->map)
		return d->fw_ops->map(d->fw_data, hw, type);
	virq = irq_create_mapping(d, hw);
	if (virq < 0 || type == IRQ_TYPE_NONE || irq_get_irq_data((unsigned int)virq)->trigger == type)
		return virq;
	ret = irq_set_irq_type((unsigned int)virq, type);
	return ret < 0 ? ret : virq;
}

int irq_create_fwspec_mapping(struct irq_domain *d, const struct irq_fwspec *fwspec)
{
	irq_hw_number_t hw;
	unsigned int type = IRQ_TYPE_NONE;
	int virq, ret;

	if (!fwspec || (!d && !fwspec->fwnode))
		return -EINVAL;
	if (!d && !(d = irq_find_matching_fwnode(fwspec->fwnode))) {
		irq_log("fwspec: no irq domain has the controller node %p", fwspec->fwnode);
		return -ENODEV;
	}
	/* Unregistered, only a hierarchy's own translate can read the cells. */
	if (!d->fwnode && !(d->ops && d->ops->translate))
		return -EINVAL;
	ret = domain_translate(d, fwspec, &hw, &type);
	if (ret)
		return ret;
	/* A registered flat domain (it has a chip) maps its lines, even one
	 * that is also a hierarchy's bottom; a hierarchy allocates them. */
	if (d->chip && d->fwnode)
		return fwspec_map(d, hw, type);
	virq = irq_find_mapping(d, hw);
	if (virq >= 0)
		return virq;
	return fwspec_alloc(d, fwspec, type);
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

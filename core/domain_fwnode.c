// SPDX-License-Identifier: MIT
/*
 * domain_fwnode.c - domains by firmware node: the registry's answers
 * (irq_domain_set_fwnode(), irq_find_matching_fwnode()), the decoders of
 * a firmware description's cells and the lines they describe
 * (irq_create_fwspec_mapping()).
 */
#include "internals.h"
#include <genirq/irqdomain.h>

GENIRQ_FEATURE_SOURCE(GENIRQ_FWNODE, "FWNODE");

int irq_domain_set_fwnode(struct irq_domain *d, const void *fwnode, const char *name,
			  const struct irq_fwnode_ops *ops, void *data)
{
	struct irq_domain *other;
	unsigned long flags;
	int ret = 0;

	if (!d || !fwnode)
		return -EINVAL;
	flags = irq_spin_lock_irqsave(&irq_domain_lock);
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
	irq_spin_unlock_irqrestore(&irq_domain_lock, flags);
	return ret;
}

struct irq_domain *irq_find_matching_fwnode(const void *fwnode)
{
	/* No lock: a domain's fwnode is written once, before it is looked
	 * for (irq_domain_set_fwnode() takes irq_domain_lock around the write
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

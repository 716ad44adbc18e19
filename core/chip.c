// SPDX-License-Identifier: MIT
/*
 * chip.c - binding lines to controllers, and choosing their flow.
 *
 * A chip's optional primitives are defaulted here and only here: the hot
 * ones (ack, eoi, mask, unmask) are resolved into the descriptor so a
 * flow calls them without testing for NULL.
 */
#include "internals.h"

static void chip_noop(struct irq_data *d)
{
	(void)d;
}

/* The controller of a line nobody set up: events on it are strays. */
static void ack_none(struct irq_data *d)
{
	port_ack_bad_irq(d->irq);
}

const struct irq_chip irq_no_chip = {
	.name	= "none",
	.ack	= ack_none,
};

static void (*or_noop(void (*op)(struct irq_data *)))(struct irq_data *)
{
	return op ? op : chip_noop;
}

void irq_chip_resolve(struct irq_desc *desc)
{
	const struct irq_chip *chip = desc->data.chip;

	desc->ack = or_noop(chip->ack);
	desc->eoi = or_noop(chip->eoi);
	desc->mask = or_noop(chip->mask ? chip->mask : chip->disable);
	desc->unmask = or_noop(chip->unmask ? chip->unmask : chip->enable);
	irq_desc_set_quiet_op(desc);
	/* Under the lock, or before the line is published: LOCKED is kept as it is. */
	atomic_store_explicit(&desc->istate, (desc_state(desc) & ~IRQS_BUS_LOCK) |
			      (chip->bus_lock ? IRQS_BUS_LOCK : 0u), memory_order_relaxed);
}

/*
 * The fasteoi flow's lock-free path ends with eoi; the edge flow's begins
 * with ack; the others take ack and eoi from their own fields. A flow
 * changed (under the lock) while an event of the old one is between its
 * claim and this call makes that event call the new flow's primitive.
 */
void irq_desc_set_quiet_op(struct irq_desc *desc)
{
	desc->quiet_op = desc->flow_kind == IRQ_FLOW_FASTEOI ? desc->eoi : desc->ack;
}

bool irq_desc_has_chip(struct irq_desc *desc)
{
	return desc->data.chip != &irq_no_chip;
}

bool irq_desc_has_chip_unlocked(struct irq_desc *desc)
{
	unsigned long flags = desc_lock_irqsave(desc);
	bool has = irq_desc_has_chip(desc);

	desc_unlock_irqrestore(desc, flags);
	return has;
}

void irq_desc_mask(struct irq_desc *desc)
{
	desc->mask(&desc->data);
	desc_set_state(desc, desc_state(desc) | IRQS_MASKED);
}

void irq_desc_unmask(struct irq_desc *desc)
{
	desc->unmask(&desc->data);
	desc_set_state(desc, desc_state(desc) & ~IRQS_MASKED);
}

void irq_desc_enable(struct irq_desc *desc)
{
	const struct irq_chip *chip = desc->data.chip;

	if (chip->enable) {
		chip->enable(&desc->data);
		desc_set_state(desc, desc_state(desc) & ~IRQS_MASKED);
	} else {
		irq_desc_unmask(desc);
	}
}

void irq_desc_disable(struct irq_desc *desc)
{
	const struct irq_chip *chip = desc->data.chip;

	if (chip->disable) {
		chip->disable(&desc->data);
		desc_set_state(desc, desc_state(desc) | IRQS_MASKED);
	} else {
		irq_desc_mask(desc);
	}
}

/* Start the line at the controller. Return: nonzero if an event waited. */
unsigned int irq_desc_startup(struct irq_desc *desc)
{
	const struct irq_chip *chip = desc->data.chip;
	unsigned int pending = 0;

	desc_set_state(desc, desc_state(desc) | IRQS_STARTED);
	irq_desc_apply_affinity(desc);
	if (chip->startup) {
		pending = chip->startup(&desc->data);
		desc_set_state(desc, desc_state(desc) & ~IRQS_MASKED);
	} else {
		irq_desc_enable(desc);
	}
	return pending;
}

/*
 * Shut a started line down. A line that is not started (never, or shut
 * down already, e.g. by CPU hot-unplug) gets no second shutdown, as
 * Linux's irq_shutdown() checks; it is only masked if something reopened
 * it meanwhile.
 */
void irq_desc_shutdown(struct irq_desc *desc)
{
	const struct irq_chip *chip = desc->data.chip;
	unsigned int st = desc_state(desc);

	if (!(st & IRQS_STARTED)) {
		if (!(st & IRQS_MASKED))
			irq_desc_mask(desc);
		return;
	}
	/* A pending move is dropped: startup routes the line to its affinity. */
	desc_set_state(desc, st & ~(IRQS_STARTED | IRQS_MOVE_PENDING));
	if (chip->shutdown) {
		chip->shutdown(&desc->data);
		desc_set_state(desc, desc_state(desc) | IRQS_MASKED);
	} else {
		irq_desc_disable(desc);
	}
}

/* The first level of @d down that reads (@set false) or writes states. */
static struct irq_data *state_level(struct irq_data *d, bool set)
{
	for (; d; d = irq_data_parent(d))
		if (d->chip && (set ? d->chip->set_irqchip_state != NULL
				    : d->chip->get_irqchip_state != NULL))
			return d;
	return NULL;
}

/*
 * Whether the controller says it holds an event of the line (pending), so
 * will deliver it itself once the line is unmasked: false where it cannot
 * tell, and for a line behind a slow bus (not read with the lock held).
 * Caller holds desc->lock.
 */
bool irq_desc_chip_pending(struct irq_desc *desc)
{
	struct irq_data *d;
	bool pending = false;

	if (desc_state(desc) & IRQS_BUS_LOCK)
		return false;
	d = state_level(&desc->data, false);
	return d && d->chip->get_irqchip_state(d, IRQCHIP_STATE_PENDING, &pending) == 0 &&
	       pending;
}

/* Return: 1 when the hardware will send the line again. */
int irq_desc_retrigger(struct irq_desc *desc)
{
	const struct irq_chip *chip = desc->data.chip;

	return chip->retrigger ? chip->retrigger(&desc->data) : 0;
}

/*
 * Route a line to its requested CPUs that are online; when none of them
 * is, to the online CPUs (the requested mask is kept for when they return).
 */
void irq_desc_apply_affinity(struct irq_desc *desc)
{
	const struct irq_chip *chip = desc->data.chip;
	struct irq_cpumask online, dest;

	if (!chip->set_affinity || (desc_state(desc) & IRQS_PER_CPU))
		return;
	irq_cpu_online_get(&online);
	if (!cpumask_and(&dest, &desc->affinity, &online))
		dest = online;
	if (!cpumask_empty(&dest))
		chip->set_affinity(&desc->data, &dest);
}

/* A line looked up in a read section and locked, for the setters below. */
struct desc_hold {
	unsigned long	flags;
	unsigned int	rd;
};

static struct irq_desc *lock_desc(unsigned int irq, struct desc_hold *h)
{
	struct irq_desc *desc = irq_desc_get(irq, &h->rd);

	if (desc)
		h->flags = desc_lock_irqsave(desc);
	return desc;
}

static void unlock_desc(struct irq_desc *desc, struct desc_hold *h)
{
	desc_unlock_irqrestore(desc, h->flags);
	irq_desc_put(h->rd);
}

int irq_set_chip(unsigned int irq, const struct irq_chip *chip, void *chip_data)
{
	struct desc_hold hold;
	struct irq_desc *desc = lock_desc(irq, &hold);
	int ret = 0;

	if (!desc)
		return -EINVAL;
	if (desc_action(desc) || (desc_state(desc) & IRQS_NOREQUEST)) {
		ret = -EBUSY;
		goto out_unlock;
	}
	desc->data.chip = chip ? chip : &irq_no_chip;
	desc->data.chip_data = chip_data;
	irq_chip_resolve(desc);
	irq_choose_flow(desc);
out_unlock:
	unlock_desc(desc, &hold);
	return ret;
}

int irq_set_hwirq(unsigned int irq, irq_hw_number_t hwirq)
{
	struct desc_hold hold;
	struct irq_desc *desc = lock_desc(irq, &hold);

	if (!desc)
		return -EINVAL;
	desc->data.hwirq = hwirq;
	unlock_desc(desc, &hold);
	return 0;
}

static bool type_valid(unsigned int type)
{
	if (type & ~IRQ_TYPE_SENSE_MASK)
		return false;
	/* A line is edge or level, not both. */
	return !((type & IRQ_TYPE_EDGE_BOTH) && (type & IRQ_TYPE_LEVEL_MASK));
}

bool irq_type_valid(unsigned int type)
{
	return type_valid(type);
}

int irq_desc_set_trigger(struct irq_desc *desc, unsigned int type)
{
	int ret = 0;

	desc_assert_locked(desc);
	if (desc->data.chip->set_type && type != IRQ_TYPE_NONE)
		ret = desc->data.chip->set_type(&desc->data, type);
	if (ret == 0) {
		desc->data.trigger = (uint16_t)type;
		irq_choose_flow(desc);
	}
	return ret;
}

int irq_desc_bus_lock_slow(struct irq_desc *desc, const char *verb, const struct irq_chip **chip)
{
	unsigned long flags;

	if (in_interrupt()) {
		irq_log("irq %u: %s in interrupt context on a slow-bus controller refused",
			desc->data.irq, verb);
		return -EINVAL;
	}
	/* The chip is [L]: the one whose bus is locked is the one unlocked. */
	flags = desc_lock_irqsave(desc);
	if (desc->data.chip->bus_lock)
		*chip = desc->data.chip;
	desc_unlock_irqrestore(desc, flags);
	if (*chip)
		(*chip)->bus_lock(&desc->data);
	return 0;
}



int irq_set_irq_type(unsigned int irq, unsigned int type)
{
	const struct irq_chip *bus;
	unsigned int rd;
	unsigned long flags;
	struct irq_desc *desc;
	int ret;

	if (!type_valid(type))
		return -EINVAL;
	desc = irq_desc_get(irq, &rd);
	if (!desc)
		return -EINVAL;
	ret = irq_desc_bus_lock(desc, "irq_set_irq_type", &bus);
	if (ret == 0) {
		flags = desc_lock_irqsave(desc);
		ret = irq_desc_set_trigger(desc, type);
		desc_unlock_irqrestore(desc, flags);
		irq_desc_bus_sync_unlock(desc, bus);
	}
	irq_desc_put(rd);
	return ret;
}

int irq_set_percpu(unsigned int irq)
{
	struct desc_hold hold;
	struct irq_desc *desc = lock_desc(irq, &hold);
	int ret = 0;

	if (!desc)
		return -EINVAL;
	if (desc_action(desc)) {
		ret = -EBUSY;
		goto out_unlock;
	}
	desc_set_state(desc, desc_state(desc) | IRQS_PER_CPU);
	irq_choose_flow(desc);
out_unlock:
	unlock_desc(desc, &hold);
	return ret;
}

/* The kind of a flow a caller names: once, when it is set. */
static enum irq_flow_kind flow_kind_of(irq_flow_handler_t flow)
{
	static const struct {
		irq_flow_handler_t	flow;
		enum irq_flow_kind	kind;
	} known[] = {
		{ handle_bad_irq, IRQ_FLOW_BAD },	{ handle_level_irq, IRQ_FLOW_LEVEL },
		{ handle_edge_irq, IRQ_FLOW_EDGE },	{ handle_fasteoi_irq, IRQ_FLOW_FASTEOI },
		{ handle_simple_irq, IRQ_FLOW_SIMPLE },	{ handle_percpu_irq, IRQ_FLOW_PERCPU },
	};

	for (unsigned int i = 0; i < GENIRQ_ARRAY_SIZE(known); i++)
		if (known[i].flow == flow)
			return known[i].kind;
	return IRQ_FLOW_CUSTOM;
}

int irq_set_handler(unsigned int irq, irq_flow_handler_t flow)
{
	struct desc_hold hold;
	struct irq_desc *desc;

	if (!flow)
		return -EINVAL;
	desc = lock_desc(irq, &hold);
	if (!desc)
		return -EINVAL;
	irq_desc_set_flow(desc, flow, flow_kind_of(flow));
	unlock_desc(desc, &hold);
	return 0;
}

int irq_set_chained_handler(unsigned int irq, irq_flow_handler_t flow, void *data)
{
	struct desc_hold hold;
	struct irq_desc *desc;
	int ret = 0;

	if (!flow)
		return -EINVAL;
	desc = lock_desc(irq, &hold);
	if (!desc)
		return -EINVAL;
	/* A dying line is being freed (irq_free_descs(), irq_domain_free_irqs()). */
	if (desc_action(desc) || (desc_state(desc) & IRQS_DYING)) {
		ret = -EBUSY;
		goto out_unlock;
	}
	irq_desc_set_flow(desc, flow, IRQ_FLOW_CUSTOM);
	desc->handler_data = data;
	desc_set_state(desc, (desc_state(desc) | IRQS_NOREQUEST) & ~IRQS_DISABLED);
	desc->depth = 0;
	irq_desc_startup(desc);
out_unlock:
	unlock_desc(desc, &hold);
	return ret;
}

unsigned int irq_desc_get_irq(struct irq_desc *desc)
{
	return desc->data.irq;
}

struct irq_data *irq_desc_get_irq_data(struct irq_desc *desc)
{
	return &desc->data;
}

void *irq_desc_get_handler_data(struct irq_desc *desc)
{
	return desc->handler_data;
}

struct irq_data *irq_get_irq_data(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	return desc ? &desc->data : NULL;
}

int irq_chip_wake_when_enabled(struct irq_data *d, unsigned int on)
{
	(void)d;
	(void)on;
	return 0;
}

void irq_data_update_effective_affinity(struct irq_data *d, const struct irq_cpumask *m)
{
	d->effective = *m;
}

void irq_data_update_effective_cpu(struct irq_data *d, unsigned int cpu)
{
	cpumask_clear(&d->effective);
	cpumask_set_cpu(cpu, &d->effective);
}

const struct irq_cpumask *irq_data_get_affinity_mask(const struct irq_data *d)
{
	struct irq_desc *desc = d ? irq_to_desc(d->irq) : NULL;

	return desc ? &desc->affinity : NULL;
}

int irq_shutdown(unsigned int irq)
{
	struct desc_hold hold;
	struct irq_desc *desc = lock_desc(irq, &hold);

	if (!desc)
		return -EINVAL;
	irq_desc_shutdown(desc);
	unlock_desc(desc, &hold);
	return 0;
}

/* Start a line again; it stays masked while its depth says disabled. */
int irq_startup(unsigned int irq)
{
	struct desc_hold hold;
	struct irq_desc *desc = lock_desc(irq, &hold);

	if (!desc)
		return -EINVAL;
	irq_desc_startup(desc);
	if (desc->depth)
		irq_desc_disable(desc);
	unlock_desc(desc, &hold);
	return 0;
}

/* Read (@set false: into *@state) or write (@val) @which at the first level that can. */
static int irqchip_state(unsigned int irq, enum irqchip_irq_state which, bool set,
			 bool *state, bool val)
{
	struct desc_hold hold;
	struct irq_desc *desc;
	struct irq_data *d;
	int ret = -EINVAL;

	if ((unsigned int)which > IRQCHIP_STATE_MASKED)
		return -EINVAL;
	desc = lock_desc(irq, &hold);
	if (!desc)
		return -EINVAL;
	d = state_level(&desc->data, set);
	if (d)
		ret = set ? d->chip->set_irqchip_state(d, which, val)
			  : d->chip->get_irqchip_state(d, which, state);
	unlock_desc(desc, &hold);
	return ret;
}

int irq_get_irqchip_state(unsigned int irq, enum irqchip_irq_state which, bool *state)
{
	return irqchip_state(irq, which, false, state, false);
}

int irq_set_irqchip_state(unsigned int irq, enum irqchip_irq_state which, bool val)
{
	return irqchip_state(irq, which, true, NULL, val);
}

int irq_get_depth(unsigned int irq)
{
	struct desc_hold hold;
	struct irq_desc *desc = lock_desc(irq, &hold);
	int depth;

	if (!desc)
		return -EINVAL;
	depth = (int)desc->depth;
	unlock_desc(desc, &hold);
	return depth;
}

int irq_get_masked(unsigned int irq)
{
	struct desc_hold hold;
	struct irq_desc *desc = lock_desc(irq, &hold);
	int masked;

	if (!desc)
		return -EINVAL;
	masked = (desc_state(desc) & IRQS_MASKED) != 0;
	unlock_desc(desc, &hold);
	return masked;
}

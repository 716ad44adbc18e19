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
	irq_atomic_store(&desc->istate, (desc_state(desc) & ~IRQS_BUS_LOCK) |
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

#if GENIRQ_TEXT_VIEWS
bool irq_desc_has_chip_unlocked(struct irq_desc *desc)
{
	unsigned long flags = desc_lock_irqsave(desc);
	bool has = irq_desc_has_chip(desc);

	desc_unlock_irqrestore(desc, flags);
	return has;
}
#endif

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

/*
 * The verbs below on line @irq: @fn runs on its descriptor, looked up in
 * a read section and locked, with @arg; for a verb that reaches the
 * controller (@bus_verb, its name; else NULL) inside the bus lock of a
 * slow-bus controller (irq_desc_bus_lock()). Return: @fn's result, or
 * -EINVAL when there is no such line, or the bus lock's error (@fn not
 * run either way).
 */
static int with_desc(unsigned int irq, const char *bus_verb,
		     int (*fn)(struct irq_desc *desc, void *arg), void *arg)
{
	const struct irq_chip *bus = NULL;
	unsigned int rd;
	unsigned long flags;
	struct irq_desc *desc = irq_desc_get(irq, &rd);
	int ret = 0;

	if (!desc)
		return -EINVAL;
	if (bus_verb)
		ret = irq_desc_bus_lock(desc, bus_verb, &bus);
	if (ret == 0) {
		flags = desc_lock_irqsave(desc);
		ret = fn(desc, arg);
		desc_unlock_irqrestore(desc, flags);
		irq_desc_bus_sync_unlock(desc, bus);
	}
	irq_desc_put(rd);
	return ret;
}

/* A controller and its data, or a flow and its data, for with_desc(). */
struct desc_pair {
	const void	*what;
	void		*data;
};

void irq_desc_set_chip(struct irq_desc *desc, const struct irq_chip *chip, void *chip_data)
{
	desc->data.chip = chip ? chip : &irq_no_chip;
	desc->data.chip_data = chip_data;
	irq_chip_resolve(desc);
	irq_choose_flow(desc);
}

static int set_chip(struct irq_desc *desc, void *arg)
{
	const struct desc_pair *p = arg;

	if (desc_action(desc) || (desc_state(desc) & IRQS_NOREQUEST))
		return -EBUSY;
	irq_desc_set_chip(desc, p->what, p->data);
	return 0;
}

int irq_set_chip(unsigned int irq, const struct irq_chip *chip, void *chip_data)
{
	struct desc_pair p = { chip, chip_data };

	return with_desc(irq, NULL, set_chip, &p);
}

static int set_hwirq(struct irq_desc *desc, void *arg)
{
	desc->data.hwirq = *(const irq_hw_number_t *)arg;
	return 0;
}

int irq_set_hwirq(unsigned int irq, irq_hw_number_t hwirq)
{
	return with_desc(irq, NULL, set_hwirq, &hwirq);
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

static int set_type(struct irq_desc *desc, void *arg)
{
	return irq_desc_set_trigger(desc, *(const unsigned int *)arg);
}

int irq_set_irq_type(unsigned int irq, unsigned int type)
{
	if (!type_valid(type))
		return -EINVAL;
	return with_desc(irq, "irq_set_irq_type", set_type, &type);
}

static int set_percpu(struct irq_desc *desc, void *arg)
{
	(void)arg;
	if (desc_action(desc))
		return -EBUSY;
	desc_set_state(desc, desc_state(desc) | IRQS_PER_CPU);
	irq_choose_flow(desc);
	return 0;
}

int irq_set_percpu(unsigned int irq)
{
	return with_desc(irq, NULL, set_percpu, NULL);
}

/* The kind of a flow a caller names: once, when it is set. */
static enum irq_flow_kind flow_kind_of(irq_flow_handler_t flow)
{
	static const irq_flow_handler_t known[] = {
		[IRQ_FLOW_BAD] = handle_bad_irq,	[IRQ_FLOW_LEVEL] = handle_level_irq,
		[IRQ_FLOW_EDGE] = handle_edge_irq,	[IRQ_FLOW_FASTEOI] = handle_fasteoi_irq,
		[IRQ_FLOW_SIMPLE] = handle_simple_irq,	[IRQ_FLOW_PERCPU] = handle_percpu_irq,
	};
	unsigned int kind = 0;

	_Static_assert(GENIRQ_ARRAY_SIZE(known) == IRQ_FLOW_CUSTOM, "every named flow, custom last");
	while (kind < IRQ_FLOW_CUSTOM && known[kind] != flow)
		kind++;
	return (enum irq_flow_kind)kind;
}

static int set_handler(struct irq_desc *desc, void *arg)
{
	irq_flow_handler_t flow = *(irq_flow_handler_t *)arg;

	irq_desc_set_flow(desc, flow, flow_kind_of(flow));
	return 0;
}

int irq_set_handler(unsigned int irq, irq_flow_handler_t flow)
{
	if (!flow)
		return -EINVAL;
	return with_desc(irq, NULL, set_handler, &flow);
}

static int set_chained(struct irq_desc *desc, void *arg)
{
	const struct desc_pair *p = arg;

	/* A dying line is being freed (irq_free_descs(), irq_domain_free_irqs()). */
	if (desc_action(desc) || (desc_state(desc) & IRQS_DYING))
		return -EBUSY;
	irq_desc_set_flow(desc, *(const irq_flow_handler_t *)p->what, IRQ_FLOW_CUSTOM);
	desc->handler_data = p->data;
	desc_set_state(desc, (desc_state(desc) | IRQS_NOREQUEST) & ~IRQS_DISABLED);
	desc->depth = 0;
	irq_desc_startup(desc);
	return 0;
}

int irq_set_chained_handler(unsigned int irq, irq_flow_handler_t flow, void *data)
{
	struct desc_pair p = { &flow, data };

	if (!flow)
		return -EINVAL;
	return with_desc(irq, NULL, set_chained, &p);
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

static int shutdown_line(struct irq_desc *desc, void *arg)
{
	(void)arg;
	irq_desc_shutdown(desc);
	return 0;
}

int irq_shutdown(unsigned int irq)
{
	return with_desc(irq, NULL, shutdown_line, NULL);
}

/* Start a line again; it stays masked while its depth says disabled. */
static int startup_line(struct irq_desc *desc, void *arg)
{
	(void)arg;
	irq_desc_startup(desc);
	if (desc->depth)
		irq_desc_disable(desc);
	return 0;
}

int irq_startup(unsigned int irq)
{
	return with_desc(irq, NULL, startup_line, NULL);
}

/* Which state (@which), read into *@state or written (@set, @val). */
struct chip_state {
	enum irqchip_irq_state	which;
	bool			set;
	bool			val;
	bool			*state;
};

/* Read or write the state at the first level that can. */
static int chip_state(struct irq_desc *desc, void *arg)
{
	const struct chip_state *cs = arg;
	struct irq_data *d = state_level(&desc->data, cs->set);

	if (!d)
		return -EINVAL;
	return cs->set ? d->chip->set_irqchip_state(d, cs->which, cs->val)
		       : d->chip->get_irqchip_state(d, cs->which, cs->state);
}

static int irqchip_state(unsigned int irq, struct chip_state *cs)
{
	if ((unsigned int)cs->which > IRQCHIP_STATE_MASKED)
		return -EINVAL;
	return with_desc(irq, NULL, chip_state, cs);
}

int irq_get_irqchip_state(unsigned int irq, enum irqchip_irq_state which, bool *state)
{
	struct chip_state cs = { .which = which, .set = false, .state = state };

	return irqchip_state(irq, &cs);
}

int irq_set_irqchip_state(unsigned int irq, enum irqchip_irq_state which, bool val)
{
	struct chip_state cs = { .which = which, .set = true, .val = val };

	return irqchip_state(irq, &cs);
}

static int get_depth(struct irq_desc *desc, void *arg)
{
	(void)arg;
	return (int)desc->depth;
}

int irq_get_depth(unsigned int irq)
{
	return with_desc(irq, NULL, get_depth, NULL);
}

static int get_masked(struct irq_desc *desc, void *arg)
{
	(void)arg;
	return (desc_state(desc) & IRQS_MASKED) != 0;
}

int irq_get_masked(unsigned int irq)
{
	return with_desc(irq, NULL, get_masked, NULL);
}

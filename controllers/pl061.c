// SPDX-License-Identifier: MIT
/*
 * pl061.c - the PL061 GPIO controller (see <genirq/chip/pl061.h>).
 *
 * Its interrupt registers hold one bit per line: IS (level), IBE (both
 * edges), IEV (high or rising), IE (unmasked), MIS (pending and
 * unmasked), IC (write 1: forget a latched edge). Lines share each
 * register, so read-modify-writes take the instance's lock.
 */
#include <genirq/port.h>
#include <genirq/compat.h>
#include <genirq/spinlock.h>
#include <genirq/chip/pl061.h>

#define GPIODIR		0x400u
#define GPIOIS		0x404u
#define GPIOIBE		0x408u
#define GPIOIEV		0x40cu
#define GPIOIE		0x410u
#define GPIOMIS		0x418u
#define GPIOIC		0x41cu
#define ALL_LINES	0xffu

struct pl061 {
	uintptr_t		base;
	struct irq_domain	*domain;
	struct irq_spinlock	lock;	/* the shared registers' read-modify-writes */
};

static inline uint32_t rd(struct pl061 *p, uint32_t off)
{
	return *(volatile uint32_t *)(p->base + off);
}

static inline void wr(struct pl061 *p, uint32_t off, uint32_t v)
{
	*(volatile uint32_t *)(p->base + off) = v;
}

/* Set or clear @bits of register @off. */
static void update(struct pl061 *p, uint32_t off, uint32_t bits, bool set)
{
	unsigned long flags = irq_spin_lock_irqsave(&p->lock);
	uint32_t v = rd(p, off);

	wr(p, off, set ? (v | bits) : (v & ~bits));
	irq_spin_unlock_irqrestore(&p->lock, flags);
}

static uint32_t bit(const struct irq_data *d)
{
	return 1u << d->hwirq;
}

static void pl061_mask(struct irq_data *d)
{
	update(d->chip_data, GPIOIE, bit(d), false);
}

static void pl061_unmask(struct irq_data *d)
{
	update(d->chip_data, GPIOIE, bit(d), true);
}

/* A latched edge is forgotten; a level line asserts again at once. */
static void pl061_ack(struct irq_data *d)
{
	struct pl061 *p = d->chip_data;

	wr(p, GPIOIC, bit(d));
}

static int pl061_set_type(struct irq_data *d, unsigned int type)
{
	struct pl061 *p = d->chip_data;
	bool level = type & IRQ_TYPE_LEVEL_MASK;
	bool both = (type & IRQ_TYPE_EDGE_BOTH) == IRQ_TYPE_EDGE_BOTH;
	bool high = type & (IRQ_TYPE_LEVEL_HIGH | IRQ_TYPE_EDGE_RISING);

	if (!type || (type & ~IRQ_TYPE_SENSE_MASK) || (level && (type & IRQ_TYPE_EDGE_BOTH)) ||
	    type == IRQ_TYPE_LEVEL_MASK)
		return -EINVAL;
	update(p, GPIODIR, bit(d), false);	/* an input */
	update(p, GPIOIS, bit(d), level);
	update(p, GPIOIBE, bit(d), both);
	update(p, GPIOIEV, bit(d), high);
	return 0;
}

static const struct irq_chip pl061_chip = {
	.name		= "PL061",
	.mask		= pl061_mask,
	.unmask		= pl061_unmask,
	.ack		= pl061_ack,
	.set_type	= pl061_set_type,
};

/*
 * The chained flow on the parent line: each pending line goes to its
 * own flow, then the parent's event ends (Linux's chained_irq_enter and
 * chained_irq_exit: eoi for a fasteoi parent, else mask + ack around).
 */
static void pl061_flow(struct irq_desc *desc)
{
	struct pl061 *p = irq_desc_get_handler_data(desc);
	struct irq_data *parent = irq_desc_get_irq_data(desc);
	const struct irq_chip *pc = parent->chip;
	uint32_t pending;

	if (!pc->eoi) {
		if (pc->mask)
			pc->mask(parent);
		if (pc->ack)
			pc->ack(parent);
	}
	pending = rd(p, GPIOMIS) & ALL_LINES;
	for (unsigned int line = 0; pending; line++, pending >>= 1)
		if (pending & 1u)
			generic_handle_domain_irq(p->domain, line);
	if (pc->eoi)
		pc->eoi(parent);
	else if (pc->unmask)
		pc->unmask(parent);
}

struct pl061 *pl061_create(uintptr_t base, unsigned int parent_irq)
{
	static const char what[] = "pl061: out of memory, or the parent line refused\n";
	struct pl061 *p = port_alloc(sizeof(*p));

	if (!p)
		goto fail;
	*p = (struct pl061){ .base = base };
	irq_spin_init(&p->lock);
	wr(p, GPIOIE, 0);
	wr(p, GPIOIC, ALL_LINES);
	p->domain = irq_domain_create_linear("PL061", PL061_NR_LINES, &pl061_chip, p);
	if (p->domain && irq_set_chained_handler(parent_irq, pl061_flow, p) == 0)
		return p;
	port_free(p);
fail:
	port_console_write(what, sizeof(what) - 1);
	return NULL;
}

struct irq_domain *pl061_domain(struct pl061 *p)
{
	return p->domain;
}

int pl061_map(struct pl061 *p, irq_hw_number_t line, unsigned int trigger)
{
	int irq, ret;

	if (line >= PL061_NR_LINES)
		return -EINVAL;
	irq = irq_create_mapping(p->domain, line);
	if (irq < 0)
		return irq;
	ret = irq_set_irq_type((unsigned int)irq, trigger);
	return ret < 0 ? ret : irq;
}

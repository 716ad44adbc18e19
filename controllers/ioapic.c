// SPDX-License-Identifier: MIT
/*
 * ioapic.c - the I/O APIC (see <genirq/chip/ioapic.h>): a child of the
 * vector domain whose chip writes redirection entries (mask, trigger,
 * destination and vector from the parent's message) and forwards the end
 * of interrupt, affinity and retrigger to the parent.
 */
#include <genirq/chip/ioapic.h>
#include <genirq/compat.h>
#include <genirq/chip/x86_vector.h>
#include <genirq/irqdomain.h>
#include <genirq/msi.h>
#include <genirq/port.h>
#include <genirq/proc.h>
#include <genirq/spinlock.h>

#define IOREGSEL	0x00
#define IOWIN		0x10
#define IOEOI		0x40	/* version 0x20 and later: EOI by vector */
#define REG_VERSION	0x01
#define REG_RTE_LO(p)	(0x10u + 2u * (p))
#define REG_RTE_HI(p)	(0x11u + 2u * (p))

#define RTE_VECTOR	0xFFu
#define RTE_SEND_PENDING (1u << 12)	/* delivery status */
#define RTE_POLARITY_LOW (1u << 13)
#define RTE_REMOTE_IRR	(1u << 14)
#define RTE_LEVEL	(1u << 15)
#define RTE_MASKED	(1u << 16)

struct ioapic {
	uintptr_t		base;
	unsigned int		nr_pins, gsi_base;
	struct irq_domain	*domain;
	struct irq_spinlock	lock;		/* IOREGSEL/IOWIN pairs */
};

static uint32_t io_read(struct ioapic *io, unsigned int r)
{
	*(volatile uint32_t *)(io->base + IOREGSEL) = r;
	return *(volatile uint32_t *)(io->base + IOWIN);
}

static void io_write(struct ioapic *io, unsigned int r, uint32_t v)
{
	*(volatile uint32_t *)(io->base + IOREGSEL) = r;
	*(volatile uint32_t *)(io->base + IOWIN) = v;
}

/* Change bits of a pin's low word: clear @clr, then set @set. */
static uint32_t rte_update(struct ioapic *io, unsigned int pin, uint32_t clr, uint32_t set)
{
	unsigned long flags = irq_spin_lock_irqsave(&io->lock);
	uint32_t lo = (io_read(io, REG_RTE_LO(pin)) & ~clr) | set;

	io_write(io, REG_RTE_LO(pin), lo);
	irq_spin_unlock_irqrestore(&io->lock, flags);
	return lo;
}

/*
 * Point pin @d at the target the parent gave it: destination (high word)
 * first, then the vector. A level pin in service (remote IRR) whose
 * vector changes would wait for an EOI of the new vector that never
 * comes: it is ended at the chip first, with the old vector (the chip
 * matches an EOI against the entry's vector), the pin masked meanwhile so
 * that a line still asserted is not delivered again before the rewrite.
 */
static void rte_target(struct ioapic *io, struct irq_data *d)
{
	unsigned int pin = (unsigned int)d->hwirq;
	struct msi_msg msg;
	unsigned long flags;
	uint32_t lo, vec;

	irq_chip_compose_msi_msg(d, &msg);
	vec = msg.data & RTE_VECTOR;
	flags = irq_spin_lock_irqsave(&io->lock);
	lo = io_read(io, REG_RTE_LO(pin));
	if ((lo & (RTE_LEVEL | RTE_REMOTE_IRR)) == (RTE_LEVEL | RTE_REMOTE_IRR) &&
	    (lo & RTE_VECTOR) != vec) {
		io_write(io, REG_RTE_LO(pin), lo | RTE_MASKED);
		*(volatile uint32_t *)(io->base + IOEOI) = lo & RTE_VECTOR;
	}
	io_write(io, REG_RTE_HI(pin), (msg.address_lo >> X86_MSI_DEST_SHIFT & 0xFFu) << 24);
	io_write(io, REG_RTE_LO(pin), (lo & ~(RTE_VECTOR | RTE_REMOTE_IRR)) | vec);
	irq_spin_unlock_irqrestore(&io->lock, flags);
}

static void ioapic_mask(struct irq_data *d)
{
	rte_update(d->chip_data, (unsigned int)d->hwirq, 0, RTE_MASKED);
}

static void ioapic_unmask(struct irq_data *d)
{
	rte_update(d->chip_data, (unsigned int)d->hwirq, RTE_MASKED, 0);
}

/* Move pin @d's line to @dest now: the vector first, then the entry. */
static int move_now(struct ioapic *io, struct irq_data *d, const struct irq_cpumask *dest)
{
	int ret = irq_chip_set_affinity_parent(d, dest);

	if (ret == 0) {
		rte_target(io, d);
		/* A register write: nothing can be sent to the old vector from now on. */
		x86_vector_move_done(d);
	}
	return ret;
}

/*
 * Move level pin @d's line to @dest with the pin masked while the
 * destination and then the vector are written (an event in between would
 * reach a target bound to nothing), unmasked after unless something else
 * masked it: a pin still asserted is delivered again at the unmask.
 */
static int move_masked(struct ioapic *io, struct irq_data *d, const struct irq_cpumask *dest)
{
	unsigned int pin = (unsigned int)d->hwirq;
	unsigned long flags;
	uint32_t lo;
	int ret;

	flags = irq_spin_lock_irqsave(&io->lock);
	lo = io_read(io, REG_RTE_LO(pin));
	io_write(io, REG_RTE_LO(pin), lo | RTE_MASKED);
	irq_spin_unlock_irqrestore(&io->lock, flags);
	ret = move_now(io, d, dest);
	if (!(lo & RTE_MASKED))
		rte_update(io, pin, RTE_MASKED, 0);
	return ret;
}

static void ioapic_eoi(struct irq_data *d)
{
	struct ioapic *io = d->chip_data;
	unsigned int pin = (unsigned int)d->hwirq;
	unsigned long flags;
	uint32_t lo;

	irq_chip_eoi_parent(d);
	if (!(d->trigger & IRQ_TYPE_LEVEL_MASK))
		return;
	/*
	 * The local EOI's broadcast clears remote IRR. On a pin still
	 * asserted it is set again at once by the next delivery, which is
	 * right; but a masked pin whose remote IRR survived (the broadcast
	 * missed it) would never fire again: end it at the I/O APIC itself.
	 */
	flags = irq_spin_lock_irqsave(&io->lock);
	lo = io_read(io, REG_RTE_LO(pin));
	if ((lo & (RTE_REMOTE_IRR | RTE_MASKED)) == (RTE_REMOTE_IRR | RTE_MASKED))
		*(volatile uint32_t *)(io->base + IOEOI) = lo & RTE_VECTOR;
	irq_spin_unlock_irqrestore(&io->lock, flags);
}

static int ioapic_set_type(struct irq_data *d, unsigned int type)
{
	uint32_t set = 0;

	if (type == IRQ_TYPE_EDGE_BOTH)
		return -EINVAL;
	if (type & IRQ_TYPE_LEVEL_MASK)
		set |= RTE_LEVEL;
	if (type & (IRQ_TYPE_LEVEL_LOW | IRQ_TYPE_EDGE_FALLING))
		set |= RTE_POLARITY_LOW;
	rte_update(d->chip_data, (unsigned int)d->hwirq, RTE_LEVEL | RTE_POLARITY_LOW, set);
	irq_data_set_move_at_event(d, !(set & RTE_LEVEL));
	return 0;
}

/*
 * The entry is two registers, so a move masks the pin around them. A
 * level pin is moved at once (move_masked()): its source stays asserted
 * through the masked window. An edge pin would lose an edge there: it is
 * one of the lines the core moves from their own event (edge pins are
 * marked so at allocation and by set_type, irq_data_set_move_at_event()),
 * and the core masks it around this call, then sends one event on the
 * new vector. Done at once without a mask: an inactive line (the parent
 * only records @dest), a line already on a CPU of @dest (nothing moves),
 * a line whose CPU went offline (no event will come from there).
 */
static int ioapic_set_affinity(struct irq_data *d, const struct irq_cpumask *dest)
{
	struct ioapic *io = d->chip_data;
	struct irq_cpumask now;

	if (!irq_domain_is_activated(d->irq))
		return irq_chip_set_affinity_parent(d, dest);
	if ((d->trigger & IRQ_TYPE_LEVEL_MASK) && !cpumask_and(&now, &d->effective, dest) &&
	    cpumask_and(&now, &d->effective, irq_cpu_online_mask()))
		return move_masked(io, d, dest);
	return move_now(io, d, dest);
}

/*
 * What the pin's entry says: pending is its delivery status (an event
 * the chip could not send yet), active its remote IRR (a level event a
 * CPU took and has not ended; an edge pin has none), masked its mask
 * bit. One read of the entry.
 */
static int ioapic_get_state(struct irq_data *d, enum irqchip_irq_state which, bool *state)
{
	struct ioapic *io = d->chip_data;
	unsigned long flags = irq_spin_lock_irqsave(&io->lock);
	uint32_t lo = io_read(io, REG_RTE_LO((unsigned int)d->hwirq));

	irq_spin_unlock_irqrestore(&io->lock, flags);
	if (which == IRQCHIP_STATE_PENDING)
		*state = lo & RTE_SEND_PENDING;
	else if (which == IRQCHIP_STATE_ACTIVE)
		*state = (lo & (RTE_LEVEL | RTE_REMOTE_IRR)) == (RTE_LEVEL | RTE_REMOTE_IRR);
	else
		*state = lo & RTE_MASKED;
	return 0;
}

/*
 * Masked sets the mask bit. Pending set sends one event to the line's
 * vector on its CPU (the parent's retrigger: what the pin would have
 * sent), so a line not activated has nothing to send to. The chip's
 * delivery status and remote IRR are its own: -EINVAL, nothing written.
 */
static int ioapic_set_state(struct irq_data *d, enum irqchip_irq_state which, bool val)
{
	if (which == IRQCHIP_STATE_MASKED) {
		(val ? ioapic_mask : ioapic_unmask)(d);
		return 0;
	}
	if (which == IRQCHIP_STATE_PENDING && val)
		return irq_chip_retrigger_hierarchy(d) > 0 ? 0 : -EINVAL;
	return -EINVAL;
}

static const struct irq_chip ioapic_chip = {
	.name		= "IO-APIC",
	.shutdown	= ioapic_mask,
	.mask		= ioapic_mask,
	.unmask		= ioapic_unmask,
	.eoi		= ioapic_eoi,
	.retrigger	= irq_chip_retrigger_hierarchy,
	.set_type	= ioapic_set_type,
	.set_affinity	= ioapic_set_affinity,
	.set_wake	= irq_chip_wake_when_enabled,	/* hlt wakes */
	.get_irqchip_state = ioapic_get_state,
	.set_irqchip_state = ioapic_set_state,
};

/* --- the domain: pins as lines of the hierarchy --- */

static int ioapic_translate(struct irq_domain *dom, const struct irq_fwspec *fw,
			    irq_hw_number_t *hwirq, unsigned int *type)
{
	struct ioapic *io = irq_domain_host_data(dom);

	if (!fw || fw->param_count < 1 || fw->param[0] >= io->nr_pins)
		return -EINVAL;
	*hwirq = fw->param[0];
	*type = fw->param_count > 1 ? fw->param[1] : IRQ_TYPE_NONE;
	return 0;
}

/* A pin without a line: masked, no vector, trigger kept for the next. */
static void pin_reset(struct ioapic *io, unsigned int pin)
{
	rte_update(io, pin, RTE_VECTOR, RTE_MASKED);
}

static void ioapic_domain_free(struct irq_domain *dom, unsigned int virq, unsigned int nr)
{
	struct ioapic *io = irq_domain_host_data(dom);

	for (unsigned int i = 0; i < nr; i++) {
		struct irq_data *d = irq_domain_get_irq_data(dom, virq + i);

		if (d && d->chip_data == io) {
			pin_reset(io, (unsigned int)d->hwirq);
			irq_domain_set_hwirq_and_chip(dom, virq + i, 0, NULL, NULL);
		}
	}
}

/* @arg: a struct irq_fwspec, param[0] the first pin of the @nr. */
static int ioapic_domain_alloc(struct irq_domain *dom, unsigned int virq, unsigned int nr,
			       void *arg)
{
	struct ioapic *io = irq_domain_host_data(dom);
	struct irq_cpumask boot;
	irq_hw_number_t pin;
	unsigned int type;
	int ret = ioapic_translate(dom, arg, &pin, &type);

	if (ret)
		return ret;
	if (pin + nr > io->nr_pins)
		return -EINVAL;
	for (unsigned int i = 0; i < nr; i++) {
		if (!irq_domain_hwirq_free(dom, pin + i)) {
			irq_log("ioapic: pin %lu has a line already", (unsigned long)(pin + i));
			return -EBUSY;
		}
	}
	cpumask_clear(&boot);
	cpumask_set_cpu(0, &boot);
	for (unsigned int i = 0; i < nr; i++) {
		irq_domain_set_hwirq_and_chip(dom, virq + i, pin + i, &ioapic_chip, io);
		/* Edge until set_type says otherwise: moved from its own event. */
		irq_data_set_move_at_event(irq_domain_get_irq_data(dom, virq + i), true);
		/* Pins start routed to CPU 0 (the parent's vector comes from there). */
		irq_chip_set_affinity_parent(irq_domain_get_irq_data(dom, virq + i), &boot);
	}
	return 0;
}

static int ioapic_activate(struct irq_domain *dom, struct irq_data *d, bool reserve)
{
	(void)reserve;
	rte_target(irq_domain_host_data(dom), d);
	return 0;
}

static void ioapic_deactivate(struct irq_domain *dom, struct irq_data *d)
{
	pin_reset(irq_domain_host_data(dom), (unsigned int)d->hwirq);
}

static const struct irq_domain_ops ioapic_domain_ops = {
	.translate	= ioapic_translate,
	.alloc		= ioapic_domain_alloc,
	.free		= ioapic_domain_free,
	.activate	= ioapic_activate,
	.deactivate	= ioapic_deactivate,
};

/* One line on the console, "ioapic: WHAT" (WHAT a string literal). */
#define report(what)	port_console_write("ioapic: " what "\n", sizeof("ioapic: " what "\n") - 1)

struct ioapic *ioapic_create(uintptr_t base, unsigned int gsi_base, struct irq_domain *parent)
{
	struct ioapic *io;

	if (!parent) {
		report("no parent domain for the vectors");
		return NULL;
	}
	io = port_alloc(sizeof(*io));
	if (!io) {
		report("out of memory");
		return NULL;
	}
	*io = (struct ioapic){ .base = base, .gsi_base = gsi_base };
	irq_spin_init(&io->lock);
	io->nr_pins = ((io_read(io, REG_VERSION) >> 16) & 0xFFu) + 1u;
	if (io->nr_pins > IOAPIC_MAX_PINS) {
		report("too many pins");
		goto fail;
	}
	for (unsigned int pin = 0; pin < io->nr_pins; pin++) {
		/* High word first: the pin is masked before it could fire. */
		io_write(io, REG_RTE_HI(pin), 0);
		io_write(io, REG_RTE_LO(pin), RTE_MASKED);
	}
	io->domain = irq_domain_create_hierarchy(parent, "IO-APIC", io->nr_pins,
						 &ioapic_domain_ops, io);
	if (!io->domain)
		goto fail;	/* reported by the core */
	return io;
fail:
	port_free(io);
	return NULL;
}

int ioapic_map_pin(struct ioapic *io, unsigned int pin, unsigned int irq)
{
	struct irq_fwspec fw = { .param_count = 1, .param = { pin } };

	if (pin >= io->nr_pins || irq > (unsigned int)INT32_MAX)
		return -EINVAL;
	return irq_domain_alloc_irqs_at(io->domain, (int)irq, 1, -1, &fw);
}

struct irq_domain *ioapic_domain(const struct ioapic *io)
{
	return io->domain;
}

unsigned int ioapic_nr_pins(const struct ioapic *io)
{
	return io->nr_pins;
}

unsigned int ioapic_gsi_base(const struct ioapic *io)
{
	return io->gsi_base;
}

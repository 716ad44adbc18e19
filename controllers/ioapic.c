// SPDX-License-Identifier: MIT
/*
 * ioapic.c - the I/O APIC (see <genirq/chip/ioapic.h>): redirection entries as
 * primitives (mask, unmask, trigger, destination) and the end of interrupt.
 */
#include <genirq/chip/ioapic.h>
#include <genirq/port.h>
#include <genirq/spinlock.h>

#define IOREGSEL	0x00
#define IOWIN		0x10
#define IOEOI		0x40	/* version 0x20 and later: EOI by vector */
#define REG_VERSION	0x01
#define REG_RTE_LO(p)	(0x10u + 2u * (p))
#define REG_RTE_HI(p)	(0x11u + 2u * (p))

#define RTE_POLARITY_LOW (1u << 13)
#define RTE_REMOTE_IRR	(1u << 14)
#define RTE_LEVEL	(1u << 15)
#define RTE_MASKED	(1u << 16)
#define MAX_PINS	240u
#define LAST_VECTOR	0xEEu	/* 0xEF and up are the local APIC's own */

struct ioapic {
	uintptr_t		base;
	unsigned int		nr_pins, gsi_base, vector_base;
	const struct ioapic_ops	*ops;
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

static void ioapic_mask(struct irq_data *d)
{
	rte_update(d->chip_data, (unsigned int)d->hwirq, 0, RTE_MASKED);
}

static void ioapic_unmask(struct irq_data *d)
{
	rte_update(d->chip_data, (unsigned int)d->hwirq, RTE_MASKED, 0);
}

static void ioapic_eoi(struct irq_data *d)
{
	struct ioapic *io = d->chip_data;
	unsigned int pin = (unsigned int)d->hwirq;
	unsigned long flags;

	io->ops->local_eoi();
	if (!(d->trigger & IRQ_TYPE_LEVEL_MASK))
		return;
	/*
	 * The local EOI's broadcast clears remote IRR. On a pin still
	 * asserted it is set again at once by the next delivery, which is
	 * right; but a masked pin whose remote IRR survived (the broadcast
	 * missed it) would never fire again: end it at the I/O APIC itself.
	 */
	flags = irq_spin_lock_irqsave(&io->lock);
	if ((io_read(io, REG_RTE_LO(pin)) & (RTE_REMOTE_IRR | RTE_MASKED)) ==
	    (RTE_REMOTE_IRR | RTE_MASKED))
		*(volatile uint32_t *)(io->base + IOEOI) = io->vector_base + pin;
	irq_spin_unlock_irqrestore(&io->lock, flags);
}

static int ioapic_retrigger(struct irq_data *d)
{
	struct ioapic *io = d->chip_data;
	unsigned int cpu = cpumask_first(&d->effective);

	if (cpu >= GENIRQ_NR_CPUS)
		cpu = 0;
	io->ops->send_vector(io->ops->cpu_apic_id(cpu), io->vector_base + (unsigned int)d->hwirq);
	return 1;
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
	return 0;
}

static int ioapic_set_affinity(struct irq_data *d, const struct cpumask *dest)
{
	struct ioapic *io = d->chip_data;
	unsigned int cpu = cpumask_first(dest);
	unsigned long flags;

	if (cpu >= GENIRQ_NR_CPUS)
		return -EINVAL;
	flags = irq_spin_lock_irqsave(&io->lock);
	io_write(io, REG_RTE_HI((unsigned int)d->hwirq), io->ops->cpu_apic_id(cpu) << 24);
	irq_spin_unlock_irqrestore(&io->lock, flags);
	irq_data_update_effective_cpu(d, cpu);
	return 0;
}

static const struct irq_chip ioapic_chip = {
	.name		= "IO-APIC",
	.shutdown	= ioapic_mask,
	.mask		= ioapic_mask,
	.unmask		= ioapic_unmask,
	.eoi		= ioapic_eoi,
	.retrigger	= ioapic_retrigger,
	.set_type	= ioapic_set_type,
	.set_affinity	= ioapic_set_affinity,
};

/* One line on the console, "ioapic: WHAT" (WHAT a string literal). */
#define report(what)	port_console_write("ioapic: " what "\n", sizeof("ioapic: " what "\n") - 1)

struct ioapic *ioapic_create(uintptr_t base, unsigned int gsi_base, unsigned int vector_base,
			     const struct ioapic_ops *ops)
{
	struct ioapic *io = port_alloc(sizeof(*io));

	if (!io) {
		report("out of memory");
		return NULL;
	}
	*io = (struct ioapic){ .base = base, .gsi_base = gsi_base, .vector_base = vector_base,
			       .ops = ops };
	irq_spin_init(&io->lock);
	io->nr_pins = ((io_read(io, REG_VERSION) >> 16) & 0xFFu) + 1u;
	if (io->nr_pins > MAX_PINS || vector_base + io->nr_pins > LAST_VECTOR + 1u) {
		report("too many pins for the vectors");
		goto fail;
	}
	for (unsigned int pin = 0; pin < io->nr_pins; pin++) {
		/* High word first: the pin is masked before it could fire. */
		io_write(io, REG_RTE_HI(pin), ops->cpu_apic_id(0) << 24);
		io_write(io, REG_RTE_LO(pin), RTE_MASKED | (vector_base + pin));
	}
	io->domain = irq_domain_create_legacy("ioapic", io->nr_pins, gsi_base, 0, &ioapic_chip, io);
	if (!io->domain)
		goto fail;	/* reported by the core */
	return io;
fail:
	port_free(io);
	return NULL;
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

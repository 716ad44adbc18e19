// SPDX-License-Identifier: MIT
/*
 * i8259.c - the PC's 8259A interrupt controller pair (see <genirq/chip/i8259.h>).
 *
 * Primitives only: mask and unmask in the IMRs, a specific EOI as ack,
 * edge/level in the ELCR. The core chooses the flows (level lines are
 * masked while handled, edge lines acked at once).
 */
#include <genirq/chip/i8259.h>
#include <genirq/compat.h>
#include <genirq/port.h>
#include <genirq/spinlock.h>
#include "x86_pio.h"

#define MASTER_CMD	0x20
#define MASTER_DATA	0x21
#define SLAVE_CMD	0xA0
#define SLAVE_DATA	0xA1
#define ELCR_MASTER	0x4D0
#define ELCR_SLAVE	0x4D1

#define ICW1_INIT_ICW4	0x11	/* edge (ELCR decides per line), cascade, ICW4 follows */
#define ICW4_8086	0x01
#define OCW2_SEOI	0x60	/* specific EOI, line in bits 0-2 */
#define OCW3_READ_IRR	0x0A
#define OCW3_READ_ISR	0x0B

/*
 * The master's INT output drives one CPU's INTR pin, the boot CPU's: every
 * line runs there, and the pair cannot route elsewhere (no set_affinity).
 */
#define I8259_CPU	0u

/* Lines the ELCR cannot make level: timer, keyboard, cascade, RTC, FPU. */
#define ELCR_EDGE_ONLY	((1u << 0) | (1u << 1) | (1u << 2) | (1u << 8) | (1u << 13))

static struct irq_spinlock pic_lock = IRQ_SPINLOCK_INIT;	/* IMR cache, ports */
static uint16_t imr = 0xFFFF;

/* The 8259 needs a moment between initialisation words (an ISA bus cycle). */
static inline void outb_slow(uint16_t port, uint8_t v)
{
	outb(port, v);
	outb(0x80, 0);
}

static void write_imr(irq_hw_number_t hw)
{
	if (hw < 8)
		outb(MASTER_DATA, (uint8_t)imr);
	else
		outb(SLAVE_DATA, (uint8_t)(imr >> 8));
}

static void i8259_mask(struct irq_data *d)
{
	unsigned long flags = irq_spin_lock_irqsave(&pic_lock);

	imr |= (uint16_t)(1u << d->hwirq);
	write_imr(d->hwirq);
	irq_spin_unlock_irqrestore(&pic_lock, flags);
}

static void i8259_unmask(struct irq_data *d)
{
	unsigned long flags = irq_spin_lock_irqsave(&pic_lock);

	imr &= (uint16_t)~(1u << d->hwirq);
	write_imr(d->hwirq);
	irq_spin_unlock_irqrestore(&pic_lock, flags);
}

/* Specific EOI: a slave line ends at the slave and at the master's cascade. */
static void eoi_locked(irq_hw_number_t hw)
{
	if (hw >= 8) {
		outb(SLAVE_CMD, (uint8_t)(OCW2_SEOI | (hw & 7)));
		outb(MASTER_CMD, OCW2_SEOI | I8259_CASCADE);
	} else {
		outb(MASTER_CMD, (uint8_t)(OCW2_SEOI | hw));
	}
}

static void i8259_ack(struct irq_data *d)
{
	unsigned long flags = irq_spin_lock_irqsave(&pic_lock);

	eoi_locked(d->hwirq);
	irq_spin_unlock_irqrestore(&pic_lock, flags);
}

static int i8259_set_type(struct irq_data *d, unsigned int type)
{
	uint16_t bit = (uint16_t)(1u << d->hwirq);
	uint16_t port = d->hwirq < 8 ? ELCR_MASTER : ELCR_SLAVE;
	unsigned int shift = d->hwirq < 8 ? 0 : 8;
	bool level = (type & IRQ_TYPE_LEVEL_MASK) != 0;
	unsigned long flags;
	uint8_t elcr;

	/* ISA edges rise; PCI levels are inverted by the bridge, so both work. */
	if (type == IRQ_TYPE_EDGE_FALLING || type == IRQ_TYPE_EDGE_BOTH ||
	    (level && (ELCR_EDGE_ONLY & bit)))
		return -EINVAL;
	flags = irq_spin_lock_irqsave(&pic_lock);
	elcr = inb(port);
	if (level)
		elcr |= (uint8_t)(bit >> shift);
	else
		elcr &= (uint8_t)~(bit >> shift);
	outb(port, elcr);
	irq_spin_unlock_irqrestore(&pic_lock, flags);
	return 0;
}

static const struct irq_chip i8259_chip = {
	.name		= "XT-PIC",
	.mask		= i8259_mask,
	.unmask		= i8259_unmask,
	.ack		= i8259_ack,
	.set_type	= i8259_set_type,
	.set_wake	= irq_chip_wake_when_enabled,	/* hlt wakes */
};

static uint16_t read_reg(uint8_t ocw3)
{
	unsigned long flags = irq_spin_lock_irqsave(&pic_lock);
	uint16_t v;

	outb(MASTER_CMD, ocw3);
	outb(SLAVE_CMD, ocw3);
	v = inb(MASTER_CMD);		/* master first: one order on every compiler */
	v |= (uint16_t)(inb(SLAVE_CMD) << 8);
	irq_spin_unlock_irqrestore(&pic_lock, flags);
	return v;
}

uint16_t i8259_read_irr(void)
{
	return read_reg(OCW3_READ_IRR);
}

uint16_t i8259_read_isr(void)
{
	return read_reg(OCW3_READ_ISR);
}

/* Line 7 or 15 (i8259_spurious() answers the others): read the ISR. */
bool i8259_spurious_isr(irq_hw_number_t hw)
{
	uint16_t cmd = hw == 7 ? MASTER_CMD : SLAVE_CMD;
	unsigned long flags;
	bool spurious;

	flags = irq_spin_lock_irqsave(&pic_lock);
	outb(cmd, OCW3_READ_ISR);
	spurious = !(inb(cmd) & 0x80);
	if (spurious && hw == 15)
		outb(MASTER_CMD, OCW2_SEOI | I8259_CASCADE);
	irq_spin_unlock_irqrestore(&pic_lock, flags);
	if (spurious)
		irq_spurious_vector();
	return spurious;
}

static void i8259_mask_all(void)
{
	unsigned long flags = irq_spin_lock_irqsave(&pic_lock);

	imr = 0xFFFF;
	outb(MASTER_DATA, 0xFF);
	outb(SLAVE_DATA, 0xFF);
	irq_spin_unlock_irqrestore(&pic_lock, flags);
}

void i8259_disable(unsigned int vector_base)
{
	outb(MASTER_DATA, 0xFF);
	outb(SLAVE_DATA, 0xFF);
	outb_slow(MASTER_CMD, ICW1_INIT_ICW4);
	outb_slow(SLAVE_CMD, ICW1_INIT_ICW4);
	outb_slow(MASTER_DATA, (uint8_t)vector_base);
	outb_slow(SLAVE_DATA, (uint8_t)(vector_base + 8));
	outb_slow(MASTER_DATA, 1u << I8259_CASCADE);	/* slave on IR2 */
	outb_slow(SLAVE_DATA, I8259_CASCADE);		/* slave identity 2 */
	outb_slow(MASTER_DATA, ICW4_8086);
	outb_slow(SLAVE_DATA, ICW4_8086);
	i8259_mask_all();
}

static struct irq_domain *i8259_domain;

void i8259_handle(irq_hw_number_t hw, void *regs)
{
	if (!i8259_spurious(hw))
		irq_handle_domain_entry(i8259_domain, hw, regs);
}

struct irq_domain *i8259_init(unsigned int vector_base)
{
	struct irq_domain *d;
	uint16_t elcr;

	if (vector_base & 7u) {
		port_console_write("i8259: vector base not a multiple of 8\n", 39);
		return NULL;
	}
	i8259_disable(vector_base);
	d = irq_domain_create_legacy("i8259", I8259_NR_LINES, 0, 0, &i8259_chip, NULL);
	if (!d)
		return NULL;
	elcr = inb(ELCR_MASTER);
	elcr |= (uint16_t)(inb(ELCR_SLAVE) << 8);
	for (unsigned int i = 0; i < I8259_NR_LINES; i++) {
		irq_set_irq_type(i, (elcr & (1u << i)) ? IRQ_TYPE_LEVEL_HIGH : IRQ_TYPE_EDGE_RISING);
		irq_data_update_effective_cpu(irq_get_irq_data(i), I8259_CPU);
	}
	/* The cascade never reaches the CPU as itself: if it did, a stray. */
	irq_set_chained_handler(I8259_CASCADE, handle_bad_irq, NULL);
	i8259_domain = d;
	return d;
}

// SPDX-License-Identifier: MIT
/*
 * i8259.c - the 8259A pair's driver on the host, its port I/O sent to a
 * fake pair (fake_x86_io.h, fakeregs.h) that logs every in and out.
 *
 * The fake follows the 8259A data sheet: ICW1 starts the initialisation
 * sequence (ICW2 vector base, ICW3 cascade wiring, ICW4 mode) on the data
 * port; afterwards the data port is the IMR; command writes are OCW2
 * (specific EOI) or OCW3 (which of IRR or ISR the command port reads).
 * A line the test delivers is put in service (a slave line also puts the
 * master's cascade in service); an EOI of a line not in service is a
 * failure, and nothing may stay in service at the end. The ELCR ports
 * hold the edge/level bits.
 *
 * What is checked, as exact logs: the initialisation words and their
 * order, every line masked, the triggers read from the ELCR; unmask and
 * mask in the right IMR (startup, disable, enable, free); the edge flow's
 * ack and the level flow's mask-ack-unmask, with a slave line's EOI at
 * the slave and then at the master's cascade; set_type into the ELCR and
 * its refusals; no routing (set_affinity refused, effective CPU 0); the
 * spurious IRQ 7 and 15 tests, and the entry i8259_handle() that every
 * delivery here goes through; IRR and ISR reads.
 *
 * Mutations of controllers/i8259.c caught: see mutants.sh (i8259-*).
 */
#include <stdio.h>
#include <genirq/chip/i8259.h>
#include <genirq/compat.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/sim.h>
#include "fakeregs.h"

#define M_CMD		0x20u
#define M_DATA		0x21u
#define S_CMD		0xa0u
#define S_DATA		0xa1u
#define ELCR_M		0x4d0u
#define ELCR_S		0x4d1u
#define DELAY		0x80u		/* POST port: the ISA bus delay */
#define VBASE		0x20u

struct pic {
	uint8_t		imr, isr, irr, vector, icw3;
	unsigned int	icw_next;	/* 0: initialised; 2-4: the ICW expected */
	bool		icw4, read_isr;
};

static struct pic pics[2];		/* master, slave */
static uint8_t elcr[2];

static struct pic *pic_at(uint16_t port, bool *data)
{
	*data = port & 1;
	return &pics[(port & ~1u) == S_CMD];
}

static uint32_t pio_in(uint16_t port, unsigned int bytes)
{
	struct pic *p;
	bool data;

	if (bytes != 1)
		fake_error("in of %u bytes at %#x", bytes, port);
	if (port == ELCR_M || port == ELCR_S)
		return elcr[port - ELCR_M];
	if ((port & ~0x81u) != 0x20u) {
		fake_error("in from port %#x", port);
		return 0xff;
	}
	p = pic_at(port, &data);
	if (data)
		return p->imr;
	return p->read_isr ? p->isr : p->irr;
}

static void command(struct pic *p, uint8_t v)
{
	if (v & 0x10) {				/* ICW1 */
		*p = (struct pic){ .imr = 0, .icw_next = 2, .icw4 = v & 1 };
		return;
	}
	if (v & 0x08) {				/* OCW3 */
		if ((v & 0x02))
			p->read_isr = v & 1;
		return;
	}
	if ((v & 0xe0) == 0x60) {		/* OCW2: specific EOI */
		if (!(p->isr & (1u << (v & 7))))
			fake_error("EOI of line %u of the %s: not in service", v & 7,
				   p == &pics[0] ? "master" : "slave");
		p->isr &= (uint8_t)~(1u << (v & 7));
		return;
	}
	fake_error("OCW2 %#x: only specific EOIs expected", v);
}

static void data(struct pic *p, uint8_t v)
{
	switch (p->icw_next) {
	case 2:
		p->vector = v;
		p->icw_next = 3;
		break;
	case 3:
		p->icw3 = v;
		p->icw_next = p->icw4 ? 4 : 0;
		break;
	case 4:
		if (v != 0x01)
			fake_error("ICW4 %#x: 8086 mode, normal EOI expected", v);
		p->icw_next = 0;
		break;
	default:
		p->imr = v;
	}
}

static void pio_out(uint16_t port, uint32_t v, unsigned int bytes)
{
	struct pic *p;
	bool is_data;

	if (bytes != 1)
		fake_error("out of %u bytes at %#x", bytes, port);
	if (port == DELAY)
		return;
	if (port == ELCR_M || port == ELCR_S) {
		elcr[port - ELCR_M] = (uint8_t)v;
		return;
	}
	if ((port & ~0x81u) != 0x20u) {
		fake_error("out to port %#x", port);
		return;
	}
	p = pic_at(port, &is_data);
	if (is_data)
		data(p, (uint8_t)v);
	else
		command(p, (uint8_t)v);
}

/* Line @hw raised and acknowledged by the CPU: in service where it is wired. */
static void deliver(struct irq_domain *d, unsigned int hw)
{
	unsigned long flags;

	if (hw >= 8) {
		pics[1].isr |= (uint8_t)(1u << (hw - 8));
		pics[0].isr |= 1u << I8259_CASCADE;
	} else {
		pics[0].isr |= (uint8_t)(1u << hw);
	}
	(void)d;	/* i8259_handle() finds it: i8259_init()'s */
	flags = port_irq_save();
	i8259_handle(hw, NULL);
	port_irq_restore(flags);
}

#define OUT(port, v)	{ 'W', (port), (v), FAKE_PIO }
#define IN(port, v)	{ 'R', (port), (v), FAKE_PIO }
#define SLOW(port, v)	OUT(port, v), OUT(DELAY, 0)

static unsigned int calls[16];

static irqreturn_t count_handler(int irq, void *dev)
{
	(void)dev;
	calls[irq]++;
	return IRQ_HANDLED;
}

static struct irq_domain *check_init(void)
{
	struct irq_domain *d;
	bool ok = true;

	CHECK(i8259_init(VBASE + 4) == NULL);
	LOG_EMPTY();
	CHECK(sim_console_contains("i8259: vector base not a multiple of 8"));
	sim_console_clear();

	elcr[1] = 0x0a;				/* lines 9 and 11 level (PCI) */
	d = i8259_init(VBASE);
	CHECK(d != NULL);
	if (!d)
		return NULL;
	CHECK(fake_nr_acc >= 22);
	fake_nr_acc = 22;
	LOG_IS(OUT(M_DATA, 0xff), OUT(S_DATA, 0xff),
	       SLOW(M_CMD, 0x11), SLOW(S_CMD, 0x11), SLOW(M_DATA, VBASE), SLOW(S_DATA, VBASE + 8),
	       SLOW(M_DATA, 0x04), SLOW(S_DATA, 0x02), SLOW(M_DATA, 0x01), SLOW(S_DATA, 0x01),
	       OUT(M_DATA, 0xff), OUT(S_DATA, 0xff), IN(ELCR_M, 0), IN(ELCR_S, 0x0a));
	CHECK(pics[0].icw_next == 0 && pics[1].icw_next == 0);
	CHECK(pics[0].vector == VBASE && pics[1].vector == VBASE + 8);
	CHECK(pics[0].icw3 == 0x04 && pics[1].icw3 == 0x02);
	/* Every line masked but the cascade, which runs the slave. */
	CHECK(pics[0].imr == 0xfb && pics[1].imr == 0xff);
	CHECK(elcr[0] == 0 && elcr[1] == 0x0a);
	for (unsigned int i = 0; i < I8259_NR_LINES; i++) {
		struct irq_data *id = irq_get_irq_data(i);
		bool level = i == 9 || i == 11;

		ok &= id && id->trigger == (level ? IRQ_TYPE_LEVEL_HIGH : IRQ_TYPE_EDGE_RISING) &&
		      cpumask_test_cpu(0, &id->effective) && !cpumask_test_cpu(1, &id->effective);
	}
	CHECK(ok);
	return d;
}

static void check_set_type(void)
{
	CHECK(irq_set_irq_type(5, IRQ_TYPE_LEVEL_LOW) == 0);
	LOG_IS(IN(ELCR_M, 0), OUT(ELCR_M, 0x20));
	CHECK(irq_set_irq_type(10, IRQ_TYPE_LEVEL_HIGH) == 0);
	LOG_IS(IN(ELCR_S, 0x0a), OUT(ELCR_S, 0x0e));
	CHECK(irq_set_irq_type(5, IRQ_TYPE_EDGE_RISING) == 0);
	LOG_IS(IN(ELCR_M, 0x20), OUT(ELCR_M, 0));
	CHECK(irq_set_irq_type(10, IRQ_TYPE_EDGE_RISING) == 0);
	LOG_IS(IN(ELCR_S, 0x0e), OUT(ELCR_S, 0x0a));
	/* ISA edges rise; the timer, keyboard, cascade, RTC and FPU are edge only. */
	CHECK(irq_set_irq_type(5, IRQ_TYPE_EDGE_FALLING) == -EINVAL);
	CHECK(irq_set_irq_type(5, IRQ_TYPE_EDGE_BOTH) == -EINVAL);
	CHECK(irq_set_irq_type(0, IRQ_TYPE_LEVEL_HIGH) == -EINVAL);
	CHECK(irq_set_irq_type(8, IRQ_TYPE_LEVEL_HIGH) == -EINVAL);
	CHECK(irq_set_irq_type(13, IRQ_TYPE_LEVEL_LOW) == -EINVAL);
	LOG_EMPTY();
}

/* Line 3 edge (master), line 11 level (slave): unmask, flows, mask. */
static void check_lines(struct irq_domain *d)
{
	struct irq_cpumask m;

	CHECK(request_irq(3, count_handler, 0, "com2", NULL) == 0);
	LOG_IS(OUT(M_DATA, 0xf3));
	CHECK(request_irq(11, count_handler, 0, "pci", NULL) == 0);
	LOG_IS(OUT(S_DATA, 0xf7));

	deliver(d, 3);				/* edge: acked at once */
	CHECK(calls[3] == 1 && irq_stat_cpu(3, 0) == 1);
	LOG_IS(OUT(M_CMD, 0x63));
	deliver(d, 11);				/* level: masked, acked, run, unmasked */
	CHECK(calls[11] == 1);
	LOG_IS(OUT(S_DATA, 0xff), OUT(S_CMD, 0x63), OUT(M_CMD, 0x62), OUT(S_DATA, 0xf7));

	disable_irq(11);
	LOG_IS(OUT(S_DATA, 0xff));
	enable_irq(11);
	LOG_IS(OUT(S_DATA, 0xf7));

	/* The pair cannot route: the line stays on CPU 0. */
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK(irq_set_affinity(3, &m) != 0);
	LOG_EMPTY();

	free_irq(3, NULL);
	LOG_IS(OUT(M_DATA, 0xfb));
	free_irq(11, NULL);
	LOG_IS(OUT(S_DATA, 0xff));
}

static void check_spurious(struct irq_domain *d)
{
	unsigned long spu = irq_spurious_count(0), flags;

	/* IRQ 7 not in service: spurious, counted, no EOI. */
	CHECK(i8259_spurious(7));
	LOG_IS(OUT(M_CMD, 0x0b), IN(M_CMD, 0));
	/* IRQ 15 not in service at the slave: the master's cascade is. */
	pics[0].isr |= 1u << I8259_CASCADE;
	CHECK(i8259_spurious(15));
	LOG_IS(OUT(S_CMD, 0x0b), IN(S_CMD, 0), OUT(M_CMD, 0x62));
	CHECK(irq_spurious_count(0) == spu + 2);
	CHECK(!i8259_spurious(3));
	LOG_EMPTY();

	/* Through the entry: a spurious IRQ 7 runs no handler, a real one
	 * (in service) is dispatched and ended. */
	CHECK(request_irq(7, count_handler, 0, "lpt", NULL) == 0);
	LOG_IS(OUT(M_DATA, 0x7b));
	flags = port_irq_save();
	i8259_handle(7, NULL);
	port_irq_restore(flags);
	CHECK(calls[7] == 0 && irq_spurious_count(0) == spu + 3 && irq_stat_cpu(7, 0) == 0);
	LOG_IS(OUT(M_CMD, 0x0b), IN(M_CMD, 0));
	deliver(d, 7);
	CHECK(calls[7] == 1 && irq_spurious_count(0) == spu + 3);
	LOG_IS(OUT(M_CMD, 0x0b), IN(M_CMD, 0x80), OUT(M_CMD, 0x67));
	free_irq(7, NULL);
	LOG_IS(OUT(M_DATA, 0xfb));

	pics[0].irr = 0x11;
	pics[1].irr = 0x40;
	CHECK(i8259_read_irr() == 0x4011);
	LOG_IS(OUT(M_CMD, 0x0a), OUT(S_CMD, 0x0a), IN(M_CMD, 0x11), IN(S_CMD, 0x40));
	CHECK(i8259_read_isr() == 0);
	LOG_IS(OUT(M_CMD, 0x0b), OUT(S_CMD, 0x0b), IN(M_CMD, 0), IN(S_CMD, 0));
}

int main(void)
{
	struct irq_domain *d;

	fake_pio_in = pio_in;
	fake_pio_out = pio_out;
	if (sim_init(2, 64) != 0)
		return 1;
	d = check_init();
	if (d) {
		check_set_type();
		check_lines(d);
		check_spurious(d);
	}
	CHECK(pics[0].isr == 0 && pics[1].isr == 0);
	return fake_report("i8259 host test");
}

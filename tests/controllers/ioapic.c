// SPDX-License-Identifier: MIT
/*
 * ioapic.c - the I/O APIC driver on the host, two instances at once, each
 * against its own trapped register file (fakeregs.h): the IOREGSEL/IOWIN
 * window and the EOI register of version 0x20 chips.
 *
 * The fake keeps each chip's redirection table: IOREGSEL selects, a read
 * of IOWIN answers the selected register, a write changes its writable
 * bits (delivery status and remote IRR are the chip's), a write of a
 * vector to the EOI register clears the remote IRR of pins with that
 * vector. The local APIC hooks (EOI, send a vector) are logged too.
 *
 * What is checked, as exact access logs: creation (version read, every
 * pin routed to CPU 0's APIC and masked, high word first); a refused
 * creation; set_type into trigger and polarity bits; startup (unmask),
 * shutdown (mask); the fasteoi end (local EOI, and the chip's own EOI
 * when a masked level pin kept its remote IRR); set_affinity into the
 * destination field and the effective affinity; the edge replay through
 * retrigger; and that two instances never touch each other's registers,
 * numbers or vectors.
 *
 * Mutations of controllers/ioapic.c caught: see mutants.sh (ioapic-*).
 */
#include <stdio.h>
#include <genirq/interrupt.h>
#include <genirq/chip/ioapic.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/sim.h>
#include "fakeregs.h"

/* The 82093AA register map, from its data sheet. */
#define IOREGSEL	0x00u
#define IOWIN		0x10u
#define IOEOI		0x40u
#define REG_ID		0x00u
#define REG_VER		0x01u
#define RTE_LO(p)	(0x10u + 2u * (p))
#define RTE_HI(p)	(0x11u + 2u * (p))
#define VEC(v)		((uint32_t)(v) & 0xffu)
#define DELIVS		(1u << 12)	/* read-only */
#define POL_LOW		(1u << 13)
#define REMOTE_IRR	(1u << 14)	/* read-only */
#define LEVEL		(1u << 15)
#define MASKED		(1u << 16)
#define RO_BITS		(DELIVS | REMOTE_IRR)
#define DEST(apic)	((uint32_t)(apic) << 24)
#define VERSION(pins)	(((uint32_t)(pins) - 1u) << 16 | 0x20u)

#define NCPU		2u
#define MAX_PINS	240u
#define APIC_ID(cpu)	(4u + (cpu))	/* not the CPU numbers: the driver must ask */
/* Log spaces of the local APIC hooks. */
#define LOCAL_EOI	200u
#define SEND		201u

struct chip {
	struct fake_file	file;
	uint32_t		sel, version;
	uint32_t		lo[MAX_PINS], hi[MAX_PINS];
};

static struct chip chips[2];

static struct chip *chip_of(struct fake_file *f)
{
	return &chips[f == &chips[1].file];
}

static uint32_t reg_read(const struct chip *c, uint32_t r)
{
	uint32_t pins = ((c->version >> 16) & 0xffu) + 1u;

	if (r == REG_VER)
		return c->version;
	if (r >= RTE_LO(0) && r <= RTE_HI(pins - 1))
		return (r & 1) ? c->hi[(r - RTE_LO(0)) / 2] : c->lo[(r - RTE_LO(0)) / 2];
	return 0;
}

static void before_read(struct fake_file *f, uint32_t off)
{
	struct chip *c = chip_of(f);

	if (off == IOWIN)
		fake_put(f, IOWIN, reg_read(c, c->sel));
}

static void after(struct fake_file *f, const struct fake_acc *a)
{
	struct chip *c = chip_of(f);
	uint32_t pins = ((c->version >> 16) & 0xffu) + 1u, r = c->sel;

	if (a->op != 'W')
		return;
	if (a->off == IOREGSEL) {
		c->sel = a->val & 0xffu;
	} else if (a->off == IOEOI) {
		for (uint32_t p = 0; p < pins; p++)
			if (VEC(c->lo[p]) == VEC(a->val))
				c->lo[p] &= ~REMOTE_IRR;
	} else if (a->off == IOWIN && r >= RTE_LO(0) && r <= RTE_HI(pins - 1)) {
		uint32_t p = (r - RTE_LO(0)) / 2;

		if (r & 1)
			c->hi[p] = a->val;
		else
			c->lo[p] = (c->lo[p] & RO_BITS) | (a->val & ~RO_BITS);
	} else if (a->off != IOWIN) {
		fake_error("write of %#x to %#x: no such register", a->val, a->off);
	}
}

/* Power-up: the data sheet's reset state, every pin masked. */
static void power_up(struct chip *c, unsigned int pins)
{
	c->version = VERSION(pins);
	for (unsigned int p = 0; p < MAX_PINS; p++) {
		c->lo[p] = MASKED;
		c->hi[p] = 0;
	}
}

/* --- the local APIC side --- */

static void local_eoi(void)
{
	fake_log_add('W', 0, 0, LOCAL_EOI);
}

static unsigned int cpu_apic_id(unsigned int cpu)
{
	return APIC_ID(cpu);
}

static void send_vector(unsigned int apic_id, unsigned int vector)
{
	fake_log_add('W', apic_id, vector, SEND);
}

static const struct ioapic_ops ops = {
	.local_eoi = local_eoi, .cpu_apic_id = cpu_apic_id, .send_vector = send_vector,
};

/* Accesses of chip @u: select register @r, then read or write the window. */
#define SEL(u, r)	{ 'W', IOREGSEL, (r), (u) }
#define RD(u, v)	{ 'R', IOWIN, (v), (u) }
#define WR(u, v)	{ 'W', IOWIN, (v), (u) }
#define RMW(u, r, old, new)	SEL(u, r), RD(u, old), SEL(u, r), WR(u, new)

/* An event on pin @hw of @io, taken on @cpu as the x86 entry code does. */
static void take(struct ioapic *io, unsigned int cpu, unsigned int hw)
{
	unsigned long flags;

	sim_cpu_switch(cpu);
	flags = port_irq_save();
	irq_handle_domain_entry(ioapic_domain(io), hw, NULL);
	port_irq_restore(flags);
	sim_cpu_switch(0);
}

static unsigned int calls[2];

static irqreturn_t count_handler(int irq, void *dev)
{
	(void)irq;
	(*(unsigned int *)dev)++;
	return IRQ_HANDLED;
}

/* --- the checks --- */

#define A_PINS		24u
#define A_GSI		0u
#define A_VEC		0x30u
#define B_PINS		16u
#define B_GSI		24u
#define B_VEC		0x50u

static void check_refused(void)
{
	long live = sim_alloc_live();

	power_up(&chips[0], MAX_PINS + 1);	/* more than the vectors below 0xEF */
	CHECK(ioapic_create((uintptr_t)chips[0].file.regs, A_GSI, A_VEC, &ops) == NULL);
	LOG_IS(SEL(0, REG_VER), RD(0, VERSION(MAX_PINS + 1)));
	CHECK(sim_console_contains("ioapic: too many pins for the vectors"));
	power_up(&chips[0], 24);		/* fits 240 pins, not from 0xE0 */
	CHECK(ioapic_create((uintptr_t)chips[0].file.regs, A_GSI, 0xE0, &ops) == NULL);
	LOG_IS(SEL(0, REG_VER), RD(0, VERSION(24)));
	CHECK(sim_alloc_live() == live);
	sim_console_clear();
}

static struct ioapic *check_create(unsigned int u, unsigned int pins, unsigned int gsi,
				   unsigned int vec)
{
	struct chip *c = &chips[u];
	struct ioapic *io;
	bool ok = true;

	power_up(c, pins);
	io = ioapic_create((uintptr_t)c->file.regs, gsi, vec, &ops);
	CHECK(io != NULL);
	if (!io)
		return NULL;
	CHECK(ioapic_nr_pins(io) == pins && ioapic_gsi_base(io) == gsi);
	/* Version, then each pin: destination first, then masked with its vector. */
	CHECK(fake_nr_acc == 2 + 4 * pins);
	for (unsigned int p = 0; p < pins && ok; p++) {
		const struct fake_acc want[4] = { SEL(u, RTE_HI(p)), WR(u, DEST(APIC_ID(0))),
						  SEL(u, RTE_LO(p)), WR(u, MASKED | (vec + p)) };

		for (unsigned int i = 0; i < 4; i++)
			ok &= fake_acc_eq(&fake_log[2 + 4 * p + i], &want[i]);
	}
	CHECK(ok);
	fake_nr_acc = 2;
	LOG_IS(SEL(u, REG_VER), RD(u, VERSION(pins)));
	for (unsigned int p = 0; p < pins; p++)
		ok &= c->lo[p] == (MASKED | (vec + p)) && c->hi[p] == DEST(APIC_ID(0));
	CHECK(ok);
	/* Its own numbers: pin p is GSI gsi + p. */
	CHECK(irq_find_mapping(ioapic_domain(io), 0) == (int)gsi);
	CHECK(irq_find_mapping(ioapic_domain(io), pins - 1) == (int)(gsi + pins - 1));
	return io;
}

/* Every trigger type into LEVEL and POL_LOW of pin 9 of A; B untouched. */
static void check_types(void)
{
	static const struct { unsigned int type; uint32_t bits; } types[] = {
		{ IRQ_TYPE_LEVEL_LOW, LEVEL | POL_LOW }, { IRQ_TYPE_EDGE_RISING, 0 },
		{ IRQ_TYPE_EDGE_FALLING, POL_LOW }, { IRQ_TYPE_LEVEL_HIGH, LEVEL },
		{ IRQ_TYPE_EDGE_RISING, 0 },
	};
	const uint32_t base = MASKED | (A_VEC + 9);
	uint32_t old = base;

	for (unsigned int i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		CHECK(irq_set_irq_type(A_GSI + 9, types[i].type) == 0);
		LOG_IS(RMW(0, RTE_LO(9), old, base | types[i].bits));
		old = base | types[i].bits;
	}
	CHECK(irq_set_irq_type(A_GSI + 9, IRQ_TYPE_EDGE_BOTH) == -EINVAL);
	LOG_EMPTY();
	CHECK(chips[0].lo[9] == base && chips[1].lo[9] == (MASKED | (B_VEC + 9)));
}

/*
 * Pin 3 of B, level high: started (unmasked), events ended by the local
 * EOI; disabled (masked at once: level lines are not disabled lazily), an
 * event already in flight is ended, and the remote IRR that the local
 * EOI's broadcast did not clear is cleared at B itself, with B's vector.
 */
static void check_level_eoi(struct ioapic *b)
{
	const unsigned int irq = B_GSI + 3;
	const uint32_t lvl = LEVEL | (B_VEC + 3);

	CHECK(irq_set_irq_type(irq, IRQ_TYPE_LEVEL_HIGH) == 0);
	LOG_IS(RMW(1, RTE_LO(3), MASKED | (B_VEC + 3), MASKED | lvl));
	CHECK(request_irq(irq, count_handler, 0, "b3", &calls[1]) == 0);
	LOG_IS(SEL(1, RTE_HI(3)), WR(1, DEST(APIC_ID(0))), RMW(1, RTE_LO(3), MASKED | lvl, lvl));
	CHECK((chips[0].lo[3] & MASKED) && VEC(chips[0].lo[3]) == A_VEC + 3);

	chips[1].lo[3] |= REMOTE_IRR;		/* delivered: the chip waits for the EOI */
	take(b, 0, 3);
	CHECK(calls[1] == 1 && irq_stat_cpu(irq, 0) == 1);
	/* Unmasked: the broadcast ends it, the chip is only looked at. */
	LOG_IS({ 'W', 0, 0, LOCAL_EOI }, SEL(1, RTE_LO(3)), RD(1, REMOTE_IRR | lvl));

	/* The fake models a broadcast that missed: remote IRR is still set. */
	disable_irq(irq);
	LOG_IS(RMW(1, RTE_LO(3), REMOTE_IRR | lvl, REMOTE_IRR | MASKED | lvl));
	take(b, 0, 3);				/* already in flight: not run, ended */
	CHECK(calls[1] == 1);
	LOG_IS(RMW(1, RTE_LO(3), REMOTE_IRR | MASKED | lvl, REMOTE_IRR | MASKED | lvl),
	       { 'W', 0, 0, LOCAL_EOI }, SEL(1, RTE_LO(3)), RD(1, REMOTE_IRR | MASKED | lvl),
	       { 'W', IOEOI, B_VEC + 3, 1 });
	CHECK(chips[1].lo[3] == (MASKED | lvl));
	enable_irq(irq);			/* level: no replay, the line asks again */
	LOG_IS(RMW(1, RTE_LO(3), MASKED | lvl, lvl));
	free_irq(irq, &calls[1]);
	LOG_IS(RMW(1, RTE_LO(3), lvl, MASKED | lvl));
}

/* Pin 9 of A, edge: affinity into the destination; an event while disabled is resent. */
static void check_affinity_and_replay(struct ioapic *a)
{
	const unsigned int irq = A_GSI + 9;
	const uint32_t edge = A_VEC + 9;
	struct cpumask m, eff;

	CHECK(request_irq(irq, count_handler, 0, "a9", &calls[0]) == 0);
	LOG_IS(SEL(0, RTE_HI(9)), WR(0, DEST(APIC_ID(0))), RMW(0, RTE_LO(9), MASKED | edge, edge));
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK(irq_set_affinity(irq, &m) == 0);
	LOG_IS(SEL(0, RTE_HI(9)), WR(0, DEST(APIC_ID(1))));
	CHECK(irq_get_effective_affinity(irq, &eff) == 0 && cpumask_test_cpu(1, &eff) &&
	      !cpumask_test_cpu(0, &eff));
	CHECK(chips[1].hi[9] == DEST(APIC_ID(0)));

	take(a, 1, 9);
	CHECK(calls[0] == 1 && irq_stat_cpu(irq, 1) == 1);
	LOG_IS({ 'W', 0, 0, LOCAL_EOI });	/* edge: the chip keeps no state */

	disable_irq(irq);
	take(a, 1, 9);				/* refused: masked, kept for replay */
	CHECK(calls[0] == 1);
	LOG_IS(RMW(0, RTE_LO(9), edge, MASKED | edge), { 'W', 0, 0, LOCAL_EOI });
	enable_irq(irq);			/* resent as the pin's vector to its CPU */
	LOG_IS(RMW(0, RTE_LO(9), MASKED | edge, edge), { 'W', APIC_ID(1), edge, SEND });
	take(a, 1, 9);
	CHECK(calls[0] == 2);
	LOG_IS({ 'W', 0, 0, LOCAL_EOI });	/* edge: the chip keeps no state */

	cpumask_clear(&m);
	CHECK(irq_set_affinity(irq, &m) == -EINVAL);
	LOG_EMPTY();
	free_irq(irq, &calls[0]);
	LOG_IS(RMW(0, RTE_LO(9), edge, MASKED | edge));
}

/* Neither chip's table holds anything but what its own lines asked for. */
static void check_untouched(void)
{
	bool ok = true;

	for (unsigned int p = 0; p < A_PINS; p++)
		ok &= chips[0].lo[p] == (MASKED | (A_VEC + p)) &&
		      chips[0].hi[p] == DEST(APIC_ID(p == 9 ? 1 : 0));
	for (unsigned int p = 0; p < B_PINS; p++)
		ok &= chips[1].lo[p] == (MASKED | (p == 3 ? LEVEL : 0) | (B_VEC + p)) &&
		      chips[1].hi[p] == DEST(APIC_ID(0));
	CHECK(ok);
}

int main(void)
{
	struct ioapic *a, *b;

	if (sim_init(NCPU, 64) != 0)
		return 1;
	for (unsigned int u = 0; u < 2; u++) {
		chips[u].file = (struct fake_file){ .bytes = 4096, .before_read = before_read,
						    .after = after };
		fake_file_map(&chips[u].file);
	}
	check_refused();
	a = check_create(0, A_PINS, A_GSI, A_VEC);
	b = check_create(1, B_PINS, B_GSI, B_VEC);
	if (!a || !b)
		return fake_report("ioapic host test");
	CHECK(ioapic_domain(a) != ioapic_domain(b));
	check_types();
	check_level_eoi(b);
	check_affinity_and_replay(a);
	check_untouched();
	return fake_report("ioapic host test");
}

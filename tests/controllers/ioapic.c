// SPDX-License-Identifier: MIT
/*
 * ioapic.c - the I/O APIC driver on the host, two instances at once, each
 * against its own trapped register file (fakeregs.h): the IOREGSEL/IOWIN
 * window and the EOI register of version 0x20 chips.
 *
 * Both are children of one x86 vector domain (controllers/x86_vector.c)
 * whose port hooks are recorded: the per-CPU vector tables it binds, the
 * local EOIs, the vectors it sends, the cleanup requests.
 *
 * The fake keeps each chip's redirection table: IOREGSEL selects, a read
 * of IOWIN answers the selected register, a write changes its writable
 * bits (delivery status and remote IRR are the chip's), a write of a
 * vector to the EOI register clears the remote IRR of pins with that
 * vector.
 *
 * What is checked, as exact access logs: creation (version read, every
 * pin masked without a vector, high word first); refused creations;
 * lines at the numbers the port chooses (ISA line n = irq n, a swap of
 * two pins), refused when the pin or the number is taken; set_type into
 * trigger and polarity bits; activation at the first request (the
 * parent's CPU 0 vector and APIC ID into the entry), startup (unmask),
 * shutdown (mask) and deactivation at the last free_irq() (the entry
 * without a vector, the vector back in the matrix), activated again by
 * the next request straight on the CPU the line was moved to (one vector
 * taken, no move, no cleanup); the fasteoi end (the parent's local EOI, and the
 * chip's own EOI with the pin's vector when a masked level pin kept its
 * remote IRR); set_affinity (a new vector on the new CPU, the entry's
 * destination and vector rewritten with the pin masked, the old CPU asked
 * at once to release its vector, effective affinity): a level pin at
 * once (a disabled one left masked), an edge pin (marked for the core's
 * move at its event) pending until its next event that runs the
 * handlers, whose end moves it and sends one event on the new vector (an
 * edge the fake raises between the two writes is dropped by the masked
 * chip and served by that event); a move refused by the parent kept for
 * the next event; the edge replay through the parent's retrigger; the
 * controller's state of a line (pending, active, masked) read and set;
 * that two instances never touch each other's registers or numbers.
 *
 * Mutations of controllers/ioapic.c caught: see mutants.sh (ioapic-*).
 */
#include <stdio.h>
#include <string.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/chip/ioapic.h>
#include <genirq/chip/x86_vector.h>
#include <genirq/irq.h>
#include <genirq/irqdomain.h>
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
/* Log spaces of the vector domain's port hooks. */
#define LOCAL_EOI	200u
#define SEND		201u
#define CLEANUP		202u
#define FIRST		0x30u		/* the matrix: 0x30-0x3f on each CPU */
#define LAST		0x3fu

struct chip {
	struct fake_file	file;
	uint32_t		sel, version;
	uint32_t		lo[MAX_PINS], hi[MAX_PINS];
};

static struct chip chips[2];

/*
 * An edge on one pin, raised by the fake the moment the driver writes
 * that pin's destination (the first of the two writes of a move): masked,
 * the chip drops it (82093AA); otherwise it goes to the (APIC ID, vector)
 * the entry holds then, found in the port's tables below, or nowhere.
 */
enum edge_fate { EDGE_NONE, EDGE_DROPPED_MASKED, EDGE_DELIVERED, EDGE_LOST };
static struct { int unit, pin; enum edge_fate fate; unsigned int cpu, vector; } edge = {
	.unit = -1, .pin = -1, .fate = EDGE_NONE, .cpu = 0, .vector = 0 };

static void edge_raise(struct chip *c, uint32_t p);

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

		if (r & 1) {
			c->hi[p] = a->val;
			if (edge.unit == (c == &chips[1]) && edge.pin == (int)p)
				edge_raise(c, p);
		} else
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

/* --- the vector domain's port side --- */

static struct irq_domain *table[NCPU][256];
static irq_hw_number_t table_hw[NCPU][256];
static struct x86_vector *vec;
static unsigned int binds;		/* vectors bound to a line (allocations) */

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

static void send_cleanup(unsigned int cpu)
{
	fake_log_add('W', cpu, 0, CLEANUP);
}

static void bind(unsigned int cpu, unsigned int vector, struct irq_domain *d, irq_hw_number_t hw)
{
	CHECK(cpu < NCPU && vector >= FIRST && vector <= LAST);
	binds += d != NULL;
	if (cpu < NCPU && vector < 256) {
		table[cpu][vector] = d;
		table_hw[cpu][vector] = hw;
	}
}

static bool vector_pending(unsigned int vector)
{
	(void)vector;
	return false;
}

static void edge_raise(struct chip *c, uint32_t p)
{
	edge.unit = edge.pin = -1;
	edge.fate = EDGE_LOST;
	if (c->lo[p] & MASKED) {
		edge.fate = EDGE_DROPPED_MASKED;
		return;
	}
	for (unsigned int cpu = 0; cpu < NCPU; cpu++) {
		if (DEST(APIC_ID(cpu)) == c->hi[p] && table[cpu][VEC(c->lo[p])]) {
			edge.fate = EDGE_DELIVERED;
			edge.cpu = cpu;
			edge.vector = VEC(c->lo[p]);
		}
	}
}

static const struct x86_vector_ops ops = {
	.cpu_apic_id = cpu_apic_id, .bind = bind, .send_cleanup = send_cleanup,
	.send_vector = send_vector, .vector_pending = vector_pending, .local_eoi = local_eoi,
};

/* Accesses of chip @u: select register @r, then read or write the window. */
#define SEL(u, r)	{ 'W', IOREGSEL, (r), (u) }
#define RD(u, v)	{ 'R', IOWIN, (v), (u) }
#define WR(u, v)	{ 'W', IOWIN, (v), (u) }
#define RMW(u, r, old, new)	SEL(u, r), RD(u, old), SEL(u, r), WR(u, new)
#define EOI_LOCAL	{ 'W', 0, 0, LOCAL_EOI }

/* A message with @vector arrives on @cpu: the port's table finds the line. */
static bool take(unsigned int cpu, unsigned int vector)
{
	struct irq_domain *d = table[cpu][vector];
	unsigned long flags;

	if (!d)
		return false;
	sim_cpu_switch(cpu);
	flags = port_irq_save();
	irq_handle_domain_entry(d, table_hw[cpu][vector], NULL);
	port_irq_restore(flags);
	sim_cpu_switch(0);
	return true;
}

/* Whether the log since it was last emptied asks some CPU for a cleanup. */
static bool log_has_cleanup(void)
{
	for (unsigned int i = 0; i < fake_nr_acc && i < FAKE_LOG_MAX; i++)
		if (fake_log[i].op == 'W' && fake_log[i].space == CLEANUP)
			return true;
	return false;
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
#define B_PINS		16u
#define B_GSI		24u

static void check_refused(void)
{
	long live = sim_alloc_live();

	power_up(&chips[0], MAX_PINS + 1);
	CHECK(ioapic_create((uintptr_t)chips[0].file.regs, A_GSI, x86_vector_domain(vec)) == NULL);
	LOG_IS(SEL(0, REG_VER), RD(0, VERSION(MAX_PINS + 1)));
	CHECK(sim_console_contains("ioapic: too many pins"));
	power_up(&chips[0], 24);
	CHECK(ioapic_create((uintptr_t)chips[0].file.regs, A_GSI, NULL) == NULL);
	LOG_EMPTY();
	CHECK(sim_console_contains("ioapic: no parent domain"));
	CHECK(sim_alloc_live() == live);
	sim_console_clear();
}

static struct ioapic *check_create(unsigned int u, unsigned int pins, unsigned int gsi)
{
	struct chip *c = &chips[u];
	struct ioapic *io;
	bool ok = true;

	power_up(c, pins);
	for (unsigned int p = 0; p < pins; p++)
		c->lo[p] = 0x55u;		/* whatever firmware left: not masked */
	io = ioapic_create((uintptr_t)c->file.regs, gsi, x86_vector_domain(vec));
	CHECK(io != NULL);
	if (!io)
		return NULL;
	CHECK(ioapic_nr_pins(io) == pins && ioapic_gsi_base(io) == gsi);
	/* Version, then each pin: high word first, then masked without a vector. */
	CHECK(fake_nr_acc == 2 + 4 * pins);
	for (unsigned int p = 0; p < pins && ok; p++) {
		const struct fake_acc want[4] = { SEL(u, RTE_HI(p)), WR(u, 0),
						  SEL(u, RTE_LO(p)), WR(u, MASKED) };

		for (unsigned int i = 0; i < 4; i++)
			ok &= fake_acc_eq(&fake_log[2 + 4 * p + i], &want[i]);
	}
	CHECK(ok);
	fake_nr_acc = 2;
	LOG_IS(SEL(u, REG_VER), RD(u, VERSION(pins)));
	return io;
}

/* Lines at their numbers: pin p is GSI gsi + p, except A's pins 0 and 2 swapped. */
static void check_map(struct ioapic *a, struct ioapic *b)
{
	unsigned int free0 = x86_vector_free_count(vec, 0);

	CHECK(ioapic_map_pin(a, 0, 2) == 2 && ioapic_map_pin(a, 2, 0) == 0);
	for (unsigned int p = 1; p < A_PINS; p++)
		if (p != 2)
			CHECK(ioapic_map_pin(a, p, A_GSI + p) == (int)(A_GSI + p));
	for (unsigned int p = 0; p < B_PINS; p++)
		CHECK(ioapic_map_pin(b, p, B_GSI + p) == (int)(B_GSI + p));
	LOG_EMPTY();				/* no vector until a request */
	CHECK(x86_vector_free_count(vec, 0) == free0);
	CHECK(irq_find_mapping(ioapic_domain(a), 2) == 0 && irq_find_mapping(ioapic_domain(a), 0) == 2);
	CHECK(irq_find_mapping(ioapic_domain(b), B_PINS - 1) == (int)(B_GSI + B_PINS - 1));
	CHECK(irq_get_irq_data(0)->hwirq == 2 && irq_get_irq_data(0)->parent_data != NULL);
	CHECK(strcmp(irq_get_irq_data(0)->chip->name, "IO-APIC") == 0);
	/* A pin with a line, a number taken, a pin that does not exist. */
	sim_console_clear();
	CHECK(ioapic_map_pin(a, 5, 60) == -EBUSY);
	CHECK(sim_console_contains("pin 5 has a line already"));
	CHECK(ioapic_map_pin(b, 0, 5) == -EBUSY);
	CHECK(ioapic_map_pin(b, B_PINS, 61) == -EINVAL);
	CHECK(irq_get_irq_data(60) == NULL && irq_get_irq_data(5)->chip_data != NULL);
	LOG_EMPTY();
	sim_console_clear();
}

/* Every trigger type into LEVEL and POL_LOW of pin 9 of A; B untouched. */
static void check_types(void)
{
	static const struct { unsigned int type; uint32_t bits; } types[] = {
		{ IRQ_TYPE_LEVEL_LOW, LEVEL | POL_LOW }, { IRQ_TYPE_EDGE_RISING, 0 },
		{ IRQ_TYPE_EDGE_FALLING, POL_LOW }, { IRQ_TYPE_LEVEL_HIGH, LEVEL },
		{ IRQ_TYPE_EDGE_RISING, 0 },
	};
	uint32_t old = MASKED;

	for (unsigned int i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		CHECK(irq_set_irq_type(A_GSI + 9, types[i].type) == 0);
		LOG_IS(RMW(0, RTE_LO(9), old, MASKED | types[i].bits));
		old = MASKED | types[i].bits;
	}
	CHECK(irq_set_irq_type(A_GSI + 9, IRQ_TYPE_EDGE_BOTH) == -EINVAL);
	LOG_EMPTY();
	CHECK(chips[0].lo[9] == MASKED && chips[1].lo[9] == MASKED);
}

/* The effective affinity of @irq is exactly CPU @cpu. */
static bool effective_is(unsigned int irq, unsigned int cpu)
{
	struct irq_cpumask eff;

	return irq_get_effective_affinity(irq, &eff) == 0 && cpumask_weight(&eff) == 1 &&
	       cpumask_test_cpu(cpu, &eff);
}

/*
 * Pin 3 of B, level high: the first request takes CPU 0's first vector
 * and writes it with CPU 0's APIC ID, then unmasks; events end with the
 * local EOI; disabled (masked at once: level lines are not disabled
 * lazily), an event already in flight is ended, and the remote IRR that
 * the local EOI's broadcast did not clear is cleared at B itself, with
 * the pin's vector.
 */
static void check_level_eoi(void)
{
	const unsigned int irq = B_GSI + 3;
	unsigned int cpu, v, v1, v2, f0, f1, b0;
	struct irq_cpumask m;
	uint32_t lvl;

	CHECK(irq_set_irq_type(irq, IRQ_TYPE_LEVEL_HIGH) == 0);
	LOG_IS(RMW(1, RTE_LO(3), MASKED, MASKED | LEVEL));
	CHECK(request_irq(irq, count_handler, 0, "b3", &calls[1]) == 0);
	CHECK(x86_vector_target(vec, irq, &cpu, &v) == 0 && cpu == 0 && v == FIRST);
	lvl = LEVEL | v;
	/* Activation writes the target; startup applies the affinity (the same) and unmasks. */
	LOG_IS(SEL(1, RTE_LO(3)), RD(1, MASKED | LEVEL), SEL(1, RTE_HI(3)), WR(1, DEST(APIC_ID(0))),
	       SEL(1, RTE_LO(3)), WR(1, MASKED | lvl),
	       SEL(1, RTE_LO(3)), RD(1, MASKED | lvl), SEL(1, RTE_HI(3)), WR(1, DEST(APIC_ID(0))),
	       SEL(1, RTE_LO(3)), WR(1, MASKED | lvl), RMW(1, RTE_LO(3), MASKED | lvl, lvl));
	CHECK(chips[0].lo[3] == MASKED);

	chips[1].lo[3] |= REMOTE_IRR;		/* delivered: the chip waits for the EOI */
	CHECK(take(0, v));
	CHECK(calls[1] == 1 && irq_stat_cpu(irq, 0) == 1);
	/* Unmasked: the broadcast ends it, the chip is only looked at. */
	LOG_IS(EOI_LOCAL, SEL(1, RTE_LO(3)), RD(1, REMOTE_IRR | lvl));

	/* The fake models a broadcast that missed: remote IRR is still set. */
	disable_irq(irq);
	LOG_IS(RMW(1, RTE_LO(3), REMOTE_IRR | lvl, REMOTE_IRR | MASKED | lvl));
	CHECK(take(0, v));			/* already in flight: not run, ended */
	CHECK(calls[1] == 1);
	LOG_IS(RMW(1, RTE_LO(3), REMOTE_IRR | MASKED | lvl, REMOTE_IRR | MASKED | lvl),
	       EOI_LOCAL, SEL(1, RTE_LO(3)), RD(1, REMOTE_IRR | MASKED | lvl),
	       { 'W', IOEOI, v, 1 });
	CHECK(chips[1].lo[3] == (MASKED | lvl));
	enable_irq(irq);			/* level: no replay, the line asks again */
	LOG_IS(RMW(1, RTE_LO(3), MASKED | lvl, lvl));

	/*
	 * Moved while in service to another vector number (CPU 1's first is
	 * taken by pin 4's line): ended with the old vector first, masked
	 * meanwhile. (The same number needs nothing: the old CPU's EOI
	 * broadcast matches the entry by number.)
	 */
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK(request_irq(B_GSI + 4, count_handler, 0, "b4", &calls[0]) == 0);
	CHECK(x86_vector_target(vec, B_GSI + 4, &cpu, &v1) == 0 && cpu == 0);
	fake_nr_acc = 0;
	CHECK(irq_set_affinity(B_GSI + 4, &m) == 0);
	LOG_EMPTY();				/* an edge pin from its allocation on */
	CHECK(take(0, v1));			/* its next event moves it */
	CHECK(x86_vector_target(vec, B_GSI + 4, &cpu, &v1) == 0 && cpu == 1 && v1 == v);
	sim_cpu_switch(0);
	x86_vector_cleanup(vec);
	fake_nr_acc = 0;
	chips[1].lo[3] |= REMOTE_IRR;
	CHECK(irq_set_affinity(irq, &m) == 0);	/* level: at once, masked around */
	CHECK(x86_vector_target(vec, irq, &cpu, &v1) == 0 && cpu == 1 && v1 == FIRST + 1);
	LOG_IS(SEL(1, RTE_LO(3)), RD(1, REMOTE_IRR | lvl), SEL(1, RTE_LO(3)),
	       WR(1, REMOTE_IRR | MASKED | lvl),
	       SEL(1, RTE_LO(3)), RD(1, REMOTE_IRR | MASKED | lvl), SEL(1, RTE_LO(3)),
	       WR(1, REMOTE_IRR | MASKED | lvl), { 'W', IOEOI, v, 1 },
	       SEL(1, RTE_HI(3)), WR(1, DEST(APIC_ID(1))), SEL(1, RTE_LO(3)),
	       WR(1, MASKED | LEVEL | v1), { 'W', 0, 0, CLEANUP },
	       RMW(1, RTE_LO(3), MASKED | LEVEL | v1, LEVEL | v1));
	CHECK(effective_is(irq, 1));
	CHECK(chips[1].lo[3] == (LEVEL | v1));		/* remote IRR gone, unmasked */
	sim_cpu_switch(0);
	x86_vector_cleanup(vec);
	/* Disabled (masked at once), moved back to CPU 0: masked until enabled. */
	disable_irq(irq);
	cpumask_clear(&m);
	cpumask_set_cpu(0, &m);
	CHECK(irq_set_affinity(irq, &m) == 0);
	CHECK(x86_vector_target(vec, irq, &cpu, &v2) == 0 && cpu == 0 && v2 == FIRST);
	CHECK(chips[1].lo[3] == (MASKED | LEVEL | v2) && effective_is(irq, 0));
	enable_irq(irq);
	CHECK(chips[1].lo[3] == (LEVEL | v2));
	sim_cpu_switch(1);
	x86_vector_cleanup(vec);
	sim_cpu_switch(0);
	fake_nr_acc = 0;
	/*
	 * The last free_irq() masks the pin, then deactivates the line: the
	 * entry loses its vector and the vector goes back to the matrix.
	 */
	f0 = x86_vector_free_count(vec, 0);
	f1 = x86_vector_free_count(vec, 1);
	free_irq(irq, &calls[1]);
	LOG_IS(RMW(1, RTE_LO(3), LEVEL | v2, MASKED | LEVEL | v2),
	       RMW(1, RTE_LO(3), MASKED | LEVEL | v2, MASKED | LEVEL));
	CHECK(x86_vector_free_count(vec, 0) == f0 + 1 && x86_vector_target(vec, irq, &cpu, &v2) == -ENOENT);
	free_irq(B_GSI + 4, &calls[0]);
	LOG_IS(RMW(1, RTE_LO(4), v, MASKED | v), RMW(1, RTE_LO(4), MASKED | v, MASKED));
	CHECK(x86_vector_free_count(vec, 1) == f1 + 1 && table[1][v] == NULL);
	/*
	 * Requested again: activated again, a vector and the entry written
	 * anew, on its requested CPU 1 at once (not on CPU 0 first, then
	 * moved): one vector taken, none on CPU 0, no move, no cleanup.
	 */
	calls[0] = 0;
	f0 = x86_vector_free_count(vec, 0);
	b0 = binds;
	fake_nr_acc = 0;
	CHECK(request_irq(B_GSI + 4, count_handler, 0, "b4", &calls[0]) == 0);
	CHECK(x86_vector_target(vec, B_GSI + 4, &cpu, &v1) == 0 && cpu == 1 && v1 == v);
	CHECK(binds == b0 + 1 && x86_vector_moving(vec) == 0);
	CHECK(x86_vector_free_count(vec, 0) == f0 && x86_vector_free_count(vec, 1) == f1);
	CHECK(!log_has_cleanup());
	CHECK(chips[1].lo[4] == v1 && chips[1].hi[4] == DEST(APIC_ID(1)));
	CHECK(take(1, v1) && calls[0] == 1);
	free_irq(B_GSI + 4, &calls[0]);
	CHECK(x86_vector_free_count(vec, 1) == f1 + 1);
	fake_nr_acc = 0;
	calls[0] = 0;
}

/*
 * Pin 9 of A, edge. An affinity change from process context is pending:
 * the entry, the vector and the effective affinity stay until the pin's
 * next event, whose end moves it: a new vector on CPU 1, the pin masked
 * while destination and vector are written, unmasked after, the old CPU
 * asked at once to release its vector. An edge raised between the two
 * writes is dropped by the masked chip and served by the event sent on
 * the new vector. A disabled line's refused event does not move it; the
 * replay at enable does.
 */
static void check_affinity_and_replay(void)
{
	const unsigned int irq = A_GSI + 9;
	unsigned int cpu, v0, v1, v2, f0, f1;
	struct irq_cpumask m, req;

	CHECK(request_irq(irq, count_handler, 0, "a9", &calls[0]) == 0);
	CHECK(x86_vector_target(vec, irq, &cpu, &v0) == 0 && cpu == 0 && v0 == FIRST);
	LOG_IS(SEL(0, RTE_LO(9)), RD(0, MASKED), SEL(0, RTE_HI(9)), WR(0, DEST(APIC_ID(0))),
	       SEL(0, RTE_LO(9)), WR(0, MASKED | v0),
	       SEL(0, RTE_LO(9)), RD(0, MASKED | v0), SEL(0, RTE_HI(9)), WR(0, DEST(APIC_ID(0))),
	       SEL(0, RTE_LO(9)), WR(0, MASKED | v0), RMW(0, RTE_LO(9), MASKED | v0, v0));
	f0 = x86_vector_free_count(vec, 0);
	f1 = x86_vector_free_count(vec, 1);
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK(irq_set_affinity(irq, &m) == 0);
	LOG_EMPTY();				/* (a) the entry is not touched */
	CHECK(x86_vector_target(vec, irq, &cpu, &v1) == 0 && cpu == 0 && v1 == v0);
	CHECK(effective_is(irq, 0));
	CHECK(irq_get_affinity(irq, &req) == 0 && cpumask_equal(&req, &m));
	CHECK(x86_vector_free_count(vec, 1) == f1 && x86_vector_moving(vec) == 0);

	/* (b) the next event's end moves it, masked around both writes; (d) an edge between them. */
	edge.unit = 0;
	edge.pin = 9;
	edge.fate = EDGE_NONE;
	CHECK(take(0, v0));
	CHECK(calls[0] == 1 && irq_stat_cpu(irq, 0) == 1);
	CHECK(x86_vector_target(vec, irq, &cpu, &v1) == 0 && cpu == 1 && v1 == FIRST);
	LOG_IS(EOI_LOCAL, SEL(0, RTE_LO(9)), RD(0, v0), SEL(0, RTE_LO(9)), WR(0, MASKED | v0),
	       SEL(0, RTE_LO(9)), RD(0, MASKED | v0), SEL(0, RTE_HI(9)), WR(0, DEST(APIC_ID(1))),
	       SEL(0, RTE_LO(9)), WR(0, MASKED | v1), { 'W', 0, 0, CLEANUP },
	       RMW(0, RTE_LO(9), MASKED | v1, v1), { 'W', APIC_ID(1), v1, SEND });
	CHECK(edge.fate == EDGE_DROPPED_MASKED);
	CHECK(take(1, v1));			/* the event sent covers the dropped edge */
	CHECK(calls[0] == 2 && irq_stat_cpu(irq, 1) == 1);
	LOG_IS(EOI_LOCAL);
	/* (c) the effective affinity follows. */
	CHECK(effective_is(irq, 1));
	CHECK(x86_vector_free_count(vec, 1) == f1 - 1 && x86_vector_moving(vec) == 1);
	CHECK(take(0, v0));			/* still bound until CPU 0 cleans up */
	CHECK(calls[0] == 3);
	LOG_IS(EOI_LOCAL);
	/* Back to CPU 0 before CPU 0 cleaned up: refused by the parent, kept for the next event. */
	cpumask_clear(&m);
	cpumask_set_cpu(0, &m);
	CHECK(irq_set_affinity(irq, &m) == 0);
	CHECK(take(1, v1));
	CHECK(calls[0] == 4 && effective_is(irq, 1));
	LOG_IS(EOI_LOCAL, RMW(0, RTE_LO(9), v1, MASKED | v1), RMW(0, RTE_LO(9), MASKED | v1, v1));
	sim_cpu_switch(0);
	x86_vector_cleanup(vec);
	CHECK(x86_vector_free_count(vec, 0) == f0 + 1 && x86_vector_moving(vec) == 0);
	CHECK(table[0][v0] == NULL);
	CHECK(take(1, v1));			/* now it moves */
	CHECK(calls[0] == 5 && effective_is(irq, 0));
	CHECK(x86_vector_target(vec, irq, &cpu, &v2) == 0 && cpu == 0 && v2 == v0);
	CHECK(take(0, v0));			/* the event sent after the unmask */
	sim_cpu_switch(1);
	x86_vector_cleanup(vec);
	sim_cpu_switch(0);
	/* A request that includes the line's CPU moves nothing, and drops a pending move. */
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK(irq_set_affinity(irq, &m) == 0);
	cpumask_set_cpu(0, &m);
	CHECK(irq_set_affinity(irq, &m) == 0);
	fake_nr_acc = 0;
	CHECK(take(0, v0));
	CHECK(calls[0] == 7 && effective_is(irq, 0));
	LOG_IS(EOI_LOCAL);
	/* And to CPU 1 again, for what follows. */
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK(irq_set_affinity(irq, &m) == 0);
	CHECK(take(0, v0));
	CHECK(x86_vector_target(vec, irq, &cpu, &v1) == 0 && cpu == 1 && v1 == FIRST);
	CHECK(take(1, v1));
	sim_cpu_switch(0);
	x86_vector_cleanup(vec);
	fake_nr_acc = 0;

	CHECK(take(1, v1));
	CHECK(calls[0] == 10 && effective_is(irq, 1));
	LOG_IS(EOI_LOCAL);			/* edge: the chip keeps no state */

	/*
	 * (e) Disabled, moved back to CPU 0: the refused event leaves it (the
	 * move waits for an event that runs the handlers); the replay at
	 * enable, still to CPU 1, is that event, and moves it.
	 */
	disable_irq(irq);
	cpumask_clear(&m);
	cpumask_set_cpu(0, &m);
	CHECK(irq_set_affinity(irq, &m) == 0);
	LOG_EMPTY();
	CHECK(take(1, v1));			/* refused: masked, kept for replay */
	CHECK(calls[0] == 10 && effective_is(irq, 1));
	LOG_IS(RMW(0, RTE_LO(9), v1, MASKED | v1), EOI_LOCAL);
	enable_irq(irq);			/* resent by the parent, where the line still is */
	LOG_IS(RMW(0, RTE_LO(9), MASKED | v1, v1), SEL(0, RTE_LO(9)), RD(0, v1),
	       { 'W', APIC_ID(1), v1, SEND });	/* the chip asked first: not holding it */
	CHECK(take(1, v1));
	CHECK(calls[0] == 11);
	CHECK(x86_vector_target(vec, irq, &cpu, &v2) == 0 && cpu == 0 && v2 == FIRST);
	LOG_IS(EOI_LOCAL, RMW(0, RTE_LO(9), v1, MASKED | v1),
	       SEL(0, RTE_LO(9)), RD(0, MASKED | v1), SEL(0, RTE_HI(9)), WR(0, DEST(APIC_ID(0))),
	       SEL(0, RTE_LO(9)), WR(0, MASKED | v2), { 'W', 1, 0, CLEANUP },
	       RMW(0, RTE_LO(9), MASKED | v2, v2), { 'W', APIC_ID(0), v2, SEND });
	CHECK(chips[0].lo[9] == v2 && effective_is(irq, 0));
	sim_cpu_switch(1);
	x86_vector_cleanup(vec);
	sim_cpu_switch(0);
	CHECK(take(0, v2));
	CHECK(calls[0] == 12);
	LOG_IS(EOI_LOCAL);

	cpumask_clear(&m);
	CHECK(irq_set_affinity(irq, &m) == -EINVAL);
	LOG_EMPTY();
	free_irq(irq, &calls[0]);
	LOG_IS(RMW(0, RTE_LO(9), v2, MASKED | v2), RMW(0, RTE_LO(9), MASKED | v2, MASKED));
}

/*
 * Pin 9 of A: the controller's state of the line (irq_get_irqchip_state()
 * and irq_set_irqchip_state()). Each read is one read of the entry:
 * pending is the delivery status, active the remote IRR of a level pin
 * (an edge pin has none), masked the mask bit. Masked set and cleared
 * writes the mask bit; pending set sends one event to the line's vector
 * on its CPU, which runs the handler once; what only the chip sets
 * (pending cleared, active) is refused with nothing written; a line
 * without a vector has no event to send.
 */
static void check_chip_state(void)
{
	const unsigned int irq = A_GSI + 9;
	unsigned int cpu, v, before;
	bool st = false;

	CHECK(request_irq(irq, count_handler, 0, "a9", &calls[0]) == 0);
	CHECK(x86_vector_target(vec, irq, &cpu, &v) == 0);
	fake_nr_acc = 0;
	CHECK(irq_get_irqchip_state(irq, IRQCHIP_STATE_MASKED, &st) == 0 && !st);
	LOG_IS(SEL(0, RTE_LO(9)), RD(0, v));
	chips[0].lo[9] |= DELIVS | REMOTE_IRR;	/* the chip's: an edge pin's IRR means nothing */
	CHECK(irq_get_irqchip_state(irq, IRQCHIP_STATE_PENDING, &st) == 0 && st);
	CHECK(irq_get_irqchip_state(irq, IRQCHIP_STATE_ACTIVE, &st) == 0 && !st);
	LOG_IS(SEL(0, RTE_LO(9)), RD(0, DELIVS | REMOTE_IRR | v),
	       SEL(0, RTE_LO(9)), RD(0, DELIVS | REMOTE_IRR | v));
	chips[0].lo[9] |= LEVEL;
	CHECK(irq_get_irqchip_state(irq, IRQCHIP_STATE_ACTIVE, &st) == 0 && st);
	chips[0].lo[9] &= ~(DELIVS | REMOTE_IRR | LEVEL);
	CHECK(irq_get_irqchip_state(irq, IRQCHIP_STATE_PENDING, &st) == 0 && !st);
	fake_nr_acc = 0;

	CHECK(irq_set_irqchip_state(irq, IRQCHIP_STATE_MASKED, true) == 0);
	CHECK(irq_get_irqchip_state(irq, IRQCHIP_STATE_MASKED, &st) == 0 && st);
	CHECK(irq_get_masked(irq) == 0 && irq_get_depth(irq) == 0);	/* the core's view stays */
	CHECK(irq_set_irqchip_state(irq, IRQCHIP_STATE_MASKED, false) == 0);
	LOG_IS(RMW(0, RTE_LO(9), v, MASKED | v), SEL(0, RTE_LO(9)), RD(0, MASKED | v),
	       RMW(0, RTE_LO(9), MASKED | v, v));

	before = calls[0];
	CHECK(irq_set_irqchip_state(irq, IRQCHIP_STATE_PENDING, true) == 0);
	LOG_IS({ 'W', APIC_ID(cpu), v, SEND });
	CHECK(take(cpu, v) && calls[0] == before + 1);
	LOG_IS(EOI_LOCAL);
	CHECK(irq_set_irqchip_state(irq, IRQCHIP_STATE_PENDING, false) == -EINVAL);
	CHECK(irq_set_irqchip_state(irq, IRQCHIP_STATE_ACTIVE, false) == -EINVAL);
	LOG_EMPTY();
	CHECK(chips[0].lo[9] == v);

	/*
	 * A replay at enable asks the chip first: an event it still holds to
	 * send (delivery status) is its own to deliver, not sent again.
	 */
	disable_irq(irq);
	CHECK(take(cpu, v));			/* refused: masked, kept for replay */
	CHECK(calls[0] == before + 1);
	fake_nr_acc = 0;
	chips[0].lo[9] |= DELIVS;
	enable_irq(irq);
	LOG_IS(RMW(0, RTE_LO(9), DELIVS | MASKED | v, DELIVS | v), SEL(0, RTE_LO(9)), RD(0, DELIVS | v));
	chips[0].lo[9] &= ~DELIVS;

	free_irq(irq, &calls[0]);		/* no vector now: nothing to send to */
	fake_nr_acc = 0;
	CHECK(irq_set_irqchip_state(irq, IRQCHIP_STATE_PENDING, true) == -EINVAL);
	LOG_EMPTY();
	CHECK(calls[0] == before + 1);
}

/* Neither chip's table holds anything but what its own lines asked for. */
static void check_untouched(void)
{
	bool ok = true;

	for (unsigned int p = 0; p < A_PINS; p++)
		ok &= p == 9 ? chips[0].hi[p] == DEST(APIC_ID(0)) :
		      chips[0].lo[p] == MASKED && chips[0].hi[p] == 0;
	for (unsigned int p = 0; p < B_PINS; p++)
		ok &= p == 3 || p == 4 ? chips[1].hi[p] == DEST(APIC_ID(p == 4)) :
		      chips[1].lo[p] == MASKED && chips[1].hi[p] == 0;
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
	vec = x86_vector_create(FIRST, LAST, 64, &ops);
	CHECK(vec != NULL);
	if (!vec)
		return fake_report("ioapic host test");
	check_refused();
	a = check_create(0, A_PINS, A_GSI);
	b = check_create(1, B_PINS, B_GSI);
	if (!a || !b)
		return fake_report("ioapic host test");
	CHECK(ioapic_domain(a) != ioapic_domain(b));
	check_map(a, b);
	check_types();
	check_level_eoi();
	check_affinity_and_replay();
	check_chip_state();
	check_untouched();
	return fake_report("ioapic host test");
}

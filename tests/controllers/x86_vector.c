// SPDX-License-Identifier: MIT
/*
 * x86_vector.c - the x86 vector domain on the host, PCI-MSI stacked on it,
 * with the port's hooks recorded: the per-CPU vector tables it binds, the
 * cleanup requests, the local EOIs, the retrigger sends; and a device
 * whose messages are kept.
 *
 * What is checked: vectors are per CPU (the same vector number on two
 * CPUs is two lines) and new lines go to the CPU with most free vectors;
 * each message names the APIC ID (not the CPU number) and the vector; an
 * event reaches its line through the bound (CPU, vector) and ends with
 * one local EOI; a move binds the new vector before the message changes,
 * keeps the old one bound and dispatching to the same line, refuses a
 * second move, and lets the old vector go only after an event on the new
 * one and only when the old CPU's APIC no longer holds it; a failed
 * allocation leaves no vector, binding or line; free returns every
 * vector.
 *
 * Mutations of controllers/x86_vector.c caught: see mutants.sh (vector-*).
 */
#include <stdio.h>
#include <string.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/chip/x86_vector.h>
#include <genirq/irq.h>
#include <genirq/irqdomain.h>
#include <genirq/msi.h>
#include <genirq/port.h>
#include <genirq/sim.h>
#include "fakeregs.h"

#define NCPU		2u
#define FIRST		0x50u
#define LAST		0x57u		/* 8 vectors per CPU */
#define PER_CPU		(LAST - FIRST + 1u)
#define NR_LINES	16u
#define APIC_ID(cpu)	(4u + (cpu))	/* not the CPU numbers */
#define NO_LINE		(~0ul)

struct binding {
	struct irq_domain	*d;
	irq_hw_number_t		hw;
};

static struct binding table[NCPU][256];
static unsigned int cleanups[NCPU], eois, sends, send_apic, send_vec;
static bool held[NCPU][256];		/* what each CPU's APIC still holds */
static struct x86_vector *vec;

static unsigned int cpu_apic_id(unsigned int cpu)
{
	return APIC_ID(cpu);
}

static void bind(unsigned int cpu, unsigned int vector, struct irq_domain *d, irq_hw_number_t hw)
{
	CHECK(cpu < NCPU && vector >= FIRST && vector <= LAST);
	if (cpu < NCPU && vector < 256)
		table[cpu][vector] = (struct binding){ d, hw };
}

static void send_cleanup(unsigned int cpu)
{
	CHECK(cpu < NCPU);
	if (cpu < NCPU)
		cleanups[cpu]++;
}

static void send_vector(unsigned int apic, unsigned int vector)
{
	sends++;
	send_apic = apic;
	send_vec = vector;
}

static bool vector_pending(unsigned int vector)
{
	return held[port_cpu_id()][vector & 0xffu];
}

static void local_eoi(void)
{
	eois++;
}

static const struct x86_vector_ops ops = {
	.cpu_apic_id = cpu_apic_id, .bind = bind, .send_cleanup = send_cleanup,
	.send_vector = send_vector, .vector_pending = vector_pending, .local_eoi = local_eoi,
};

/* The device: its vectors' messages as last written. */
static struct msi_msg msgs[8];

static void write_msg(struct msi_dev *dev, unsigned int index, const struct msi_msg *msg)
{
	(void)dev;
	if (index < 8)
		msgs[index] = *msg;
}

static const struct msi_dev_ops dev_ops = { .write_msg = write_msg };

static unsigned long runs[8];

static irqreturn_t handler(int irq, void *dev)
{
	(void)irq;
	(*(unsigned long *)dev)++;
	return IRQ_HANDLED;
}

/* A message arrives on @cpu: the port's entry looks @vector up there. */
static bool deliver(unsigned int cpu, unsigned int vector)
{
	struct binding b = table[cpu][vector];
	unsigned long flags;

	if (!b.d)
		return false;
	sim_cpu_switch(cpu);
	flags = port_irq_save();
	irq_handle_domain_entry(b.d, b.hw, NULL);
	port_irq_restore(flags);
	sim_cpu_switch(0);
	return true;
}

/* Where @m sends: its CPU (from the APIC ID) and vector. */
static unsigned int msg_cpu(const struct msi_msg *m)
{
	return ((m->address_lo >> X86_MSI_DEST_SHIFT) & 0xffu) - APIC_ID(0);
}

static void send_msg(const struct msi_msg *m)
{
	CHECK(m->address_hi == 0 && (m->address_lo & 0xfff00fffu) == X86_MSI_ADDR_BASE);
	CHECK(deliver(msg_cpu(m), m->data & 0xffu));
}

/* Run the cleanup on @cpu as its IPI handler would. */
static void cleanup_on(unsigned int cpu)
{
	unsigned long flags;

	sim_cpu_switch(cpu);
	flags = port_irq_save();
	x86_vector_cleanup(vec);
	port_irq_restore(flags);
	sim_cpu_switch(0);
}

static unsigned int bound(unsigned int cpu)
{
	unsigned int n = 0;

	for (unsigned int v = 0; v < 256; v++)
		n += table[cpu][v].d != NULL;
	return n;
}

static void check_alloc_and_events(struct irq_domain *msi, struct msi_dev *dev, int *first)
{
	unsigned int cpu, v;
	int irq = msi_domain_alloc_irqs(msi, dev, 3);
	bool st = false;

	*first = irq;
	CHECK(irq >= 0);
	if (irq < 0)
		return;
	/* Spread: most free vectors first, the lowest CPU on a tie. */
	CHECK(x86_vector_free_count(vec, 0) == PER_CPU - 2 && x86_vector_free_count(vec, 1) == PER_CPU - 1);
	CHECK(x86_vector_target(vec, (unsigned int)irq, &cpu, &v) == 0 && cpu == 0 && v == FIRST);
	CHECK(x86_vector_target(vec, (unsigned int)irq + 1, &cpu, &v) == 0 && cpu == 1 && v == FIRST);
	CHECK(x86_vector_target(vec, (unsigned int)irq + 2, &cpu, &v) == 0 && cpu == 0 && v == FIRST + 1);
	CHECK(msgs[0].address_lo == (X86_MSI_ADDR_BASE | APIC_ID(0) << 12) && msgs[0].data == FIRST);
	CHECK(msgs[1].address_lo == (X86_MSI_ADDR_BASE | APIC_ID(1) << 12) && msgs[1].data == FIRST);
	CHECK(bound(0) == 2 && bound(1) == 1);
	for (unsigned int i = 0; i < 3; i++)
		CHECK(request_irq((unsigned int)irq + i, handler, 0, "vec", &runs[i]) == 0);
	/* Same vector number, two CPUs, two lines. */
	eois = 0;
	send_msg(&msgs[0]);
	send_msg(&msgs[1]);
	send_msg(&msgs[1]);
	CHECK(runs[0] == 1 && runs[1] == 2 && runs[2] == 0 && eois == 3);
	CHECK(irq_stat_cpu((unsigned int)irq, 0) == 1 && irq_stat_cpu((unsigned int)irq + 1, 1) == 2);
	/* Retrigger: the vector sent again to the line's APIC. */
	sends = 0;
	CHECK(irq_chip_retrigger_hierarchy(irq_get_irq_data((unsigned int)irq + 1)) == 1);
	CHECK(sends == 1 && send_apic == APIC_ID(1) && send_vec == FIRST);
	/*
	 * An MSI line's controller state is the vector level's: pending set
	 * sends the vector to the line's CPU the same way (the message chip
	 * has no state of its own); nothing else can be set, none read.
	 */
	CHECK(irq_set_irqchip_state((unsigned int)irq + 1, IRQCHIP_STATE_PENDING, true) == 0);
	CHECK(sends == 2 && send_apic == APIC_ID(1) && send_vec == FIRST);
	CHECK(deliver(1, send_vec) && runs[1] == 3);
	CHECK(irq_set_irqchip_state((unsigned int)irq + 1, IRQCHIP_STATE_PENDING, false) == -EINVAL);
	CHECK(irq_set_irqchip_state((unsigned int)irq + 1, IRQCHIP_STATE_MASKED, true) == -EINVAL);
	CHECK(irq_get_irqchip_state((unsigned int)irq + 1, IRQCHIP_STATE_PENDING, &st) == -EINVAL);
	CHECK(sends == 2 && runs[1] == 3);
}

static void check_move(int irq)
{
	struct msi_msg old = msgs[0];
	struct irq_cpumask to1, to0, eff;
	unsigned int cpu, v, oldv = old.data;

	cpumask_clear(&to1);
	cpumask_set_cpu(1, &to1);
	cpumask_clear(&to0);
	cpumask_set_cpu(0, &to0);
	memset(cleanups, 0, sizeof(cleanups));
	CHECK(irq_set_affinity((unsigned int)irq, &to1) == 0);
	CHECK(x86_vector_target(vec, (unsigned int)irq, &cpu, &v) == 0 && cpu == 1 && v == FIRST + 1);
	CHECK(msgs[0].address_lo == (X86_MSI_ADDR_BASE | APIC_ID(1) << 12) && msgs[0].data == v);
	CHECK(irq_get_effective_affinity((unsigned int)irq, &eff) == 0 && cpumask_test_cpu(1, &eff) &&
	      !cpumask_test_cpu(0, &eff));
	/* Both bound to the line: an old message still in flight is served. */
	CHECK(table[0][oldv].d && table[1][v].d && table[0][oldv].hw == table[1][v].hw);
	CHECK(x86_vector_moving(vec) == 1);
	CHECK(irq_set_affinity((unsigned int)irq, &to0) == -EBUSY);
	send_msg(&old);
	CHECK(runs[0] == 2 && cleanups[0] == 0 && x86_vector_moving(vec) == 1);
	/* The first event on the new vector asks CPU0; CPU0's APIC still holds the old one. */
	send_msg(&msgs[0]);
	CHECK(runs[0] == 3 && cleanups[0] == 1 && irq_stat_cpu((unsigned int)irq, 1) == 1);
	held[0][oldv] = true;
	cleanup_on(0);
	CHECK(table[0][oldv].d != NULL && x86_vector_moving(vec) == 1);
	CHECK(x86_vector_free_count(vec, 0) == PER_CPU - 2);
	held[0][oldv] = false;
	send_msg(&old);			/* the held one arrives, still served */
	CHECK(runs[0] == 4 && cleanups[0] == 1);
	send_msg(&msgs[0]);		/* asks again */
	CHECK(runs[0] == 5 && cleanups[0] == 2);
	cleanup_on(1);			/* the wrong CPU releases nothing */
	CHECK(table[0][oldv].d != NULL && x86_vector_moving(vec) == 1);
	cleanup_on(0);
	CHECK(table[0][oldv].d == NULL && x86_vector_moving(vec) == 0);
	CHECK(x86_vector_free_count(vec, 0) == PER_CPU - 1 && x86_vector_free_count(vec, 1) == PER_CPU - 2);
	/* A mask with the current CPU moves nothing. */
	cpumask_set_cpu(0, &to1);
	CHECK(irq_set_affinity((unsigned int)irq, &to1) == 0 && x86_vector_moving(vec) == 0);
	/* Moved back: the event on CPU0 asks CPU1 to let its vector go. */
	CHECK(irq_set_affinity((unsigned int)irq, &to0) == 0);
	send_msg(&msgs[0]);
	CHECK(cleanups[1] == 1);
	cleanup_on(1);
	CHECK(x86_vector_moving(vec) == 0 && bound(0) == 2 && bound(1) == 1);
}

/* All or nothing: 2 CPUs of PER_CPU vectors, one line too many. */
static void check_exhaustion(struct irq_domain *msi)
{
	static struct msi_dev big = { .ops = &dev_ops, .id = 0x28 };
	unsigned int f0 = x86_vector_free_count(vec, 0), f1 = x86_vector_free_count(vec, 1);
	unsigned int b0 = bound(0), b1 = bound(1);
	long live = sim_alloc_live();

	CHECK(msi_domain_alloc_irqs(msi, &big, f0 + f1 + 1) < 0);
	CHECK(x86_vector_free_count(vec, 0) == f0 && x86_vector_free_count(vec, 1) == f1);
	CHECK(bound(0) == b0 && bound(1) == b1 && sim_alloc_live() == live);
	/* Exactly the rest fits. */
	CHECK(msi_domain_alloc_irqs(msi, &big, f0 + f1) >= 0);
	CHECK(x86_vector_free_count(vec, 0) == 0 && x86_vector_free_count(vec, 1) == 0);
	CHECK(msi_domain_free_irqs(&big) == 0);
	CHECK(x86_vector_free_count(vec, 0) == f0 && x86_vector_free_count(vec, 1) == f1);
}

static void on_cpu_online(unsigned int cpu, bool online)
{
	sim_cpu_switch(cpu);
	irq_cpu_set_online(cpu, online);
	if (!online) {
		unsigned long flags = port_irq_save();

		x86_vector_cpu_offline(vec);
		port_irq_restore(flags);
	}
	sim_cpu_switch(0);
}

static struct irq_cpumask only(unsigned int cpu)
{
	struct irq_cpumask m;

	cpumask_clear(&m);
	cpumask_set_cpu(cpu, &m);
	return m;
}

/*
 * CPU hotplug in the middle of moves: the old CPU of a move goes offline
 * (its vector is released there, the event its APIC held is sent on to
 * the new target); a line's own CPU goes offline (moved with no cleanup
 * left pending on the dead CPU); the new CPU of an unfinished move goes
 * offline (the move is abandoned, back to the old vector); a line shut
 * down on an offline CPU is moved later (its vector there released at
 * once); a line freed mid-move gives both vectors back. Nothing leaks,
 * no event is lost.
 */
static void check_offline(struct irq_domain *msi)
{
	static struct msi_dev dev = { .ops = &dev_ops, .id = 0x30 };
	const unsigned int f0 = x86_vector_free_count(vec, 0), f1 = x86_vector_free_count(vec, 1);
	/* The only line: what each CPU's matrix gets back is this line's. */
	struct irq_cpumask m, both;
	unsigned int a, b, cpu, v, oldv, newv;
	int irq = msi_domain_alloc_irqs(msi, &dev, 1);

	CHECK(irq >= 0);
	if (irq < 0)
		return;
	CHECK(request_irq((unsigned int)irq, handler, 0, "hot", &runs[5]) == 0);
	CHECK(x86_vector_target(vec, (unsigned int)irq, &a, &oldv) == 0);
	b = 1 - a;

	/* 1. Moving a -> b, a goes offline with the old vector still held. */
	m = only(b);
	CHECK(irq_set_affinity((unsigned int)irq, &m) == 0 && x86_vector_moving(vec) == 1);
	CHECK(x86_vector_target(vec, (unsigned int)irq, &cpu, &newv) == 0 && cpu == b);
	held[a][oldv] = true;
	sends = 0;
	on_cpu_online(a, false);
	held[a][oldv] = false;
	CHECK(x86_vector_moving(vec) == 0 && table[a][oldv].d == NULL);
	CHECK(x86_vector_free_count(vec, a) == (a ? f1 : f0));
	CHECK(sends == 1 && send_apic == APIC_ID(b) && send_vec == newv);
	CHECK(deliver(b, newv) && runs[5] == 1);	/* the resent event */
	on_cpu_online(a, true);

	/* 2. The line's own CPU b goes offline: moved to a, b's vector released at once. */
	cpumask_clear(&both);
	cpumask_set_cpu(0, &both);
	cpumask_set_cpu(1, &both);
	CHECK(irq_set_affinity((unsigned int)irq, &both) == 0 && x86_vector_moving(vec) == 0);
	held[b][newv] = true;
	sends = 0;
	on_cpu_online(b, false);
	held[b][newv] = false;
	CHECK(x86_vector_target(vec, (unsigned int)irq, &cpu, &v) == 0 && cpu == a);
	CHECK(x86_vector_moving(vec) == 0 && table[b][newv].d == NULL && table[a][v].d != NULL);
	CHECK(x86_vector_free_count(vec, b) == (b ? f1 : f0));
	CHECK(msgs[0].address_lo == (X86_MSI_ADDR_BASE | APIC_ID(a) << 12) && msgs[0].data == v);
	CHECK(sends == 1 && send_apic == APIC_ID(a) && send_vec == v);
	send_msg(&msgs[0]);
	CHECK(runs[5] == 2);
	on_cpu_online(b, true);

	/* 3. Moving a -> b, b goes offline first: the line (affine to b only) shuts down... */
	oldv = v;
	m = only(b);
	CHECK(irq_set_affinity((unsigned int)irq, &m) == 0 && x86_vector_moving(vec) == 1);
	CHECK(x86_vector_target(vec, (unsigned int)irq, &cpu, &newv) == 0 && cpu == b);
	on_cpu_online(b, false);
	CHECK(x86_vector_moving(vec) == 1 && table[a][oldv].d != NULL);
	/* ...and a mask with a online abandons the move: back to the old vector. */
	held[b][newv] = true;
	sends = 0;
	sim_cpu_switch(b);
	CHECK(irq_set_affinity((unsigned int)irq, &both) == 0);
	sim_cpu_switch(0);
	held[b][newv] = false;
	CHECK(x86_vector_moving(vec) == 0 && table[b][newv].d == NULL);
	CHECK(x86_vector_target(vec, (unsigned int)irq, &cpu, &v) == 0 && cpu == a && v == oldv);
	CHECK(msgs[0].address_lo == (X86_MSI_ADDR_BASE | APIC_ID(a) << 12) && msgs[0].data == oldv);
	CHECK(sends == 1 && send_apic == APIC_ID(a) && send_vec == oldv);
	send_msg(&msgs[0]);
	CHECK(runs[5] == 3);
	on_cpu_online(b, true);

	/* 4. Shut down on an offline CPU, then given an online one: no cleanup left for the dead CPU. */
	m = only(b);
	CHECK(irq_set_affinity((unsigned int)irq, &m) == 0);
	CHECK(x86_vector_target(vec, (unsigned int)irq, &cpu, &newv) == 0 && cpu == b);
	send_msg(&msgs[0]);			/* finish the move */
	cleanup_on(a);
	CHECK(runs[5] == 4 && x86_vector_moving(vec) == 0);
	on_cpu_online(b, false);		/* affine to b only: shut down, vector kept */
	CHECK(table[b][newv].d != NULL);
	m = only(a);
	CHECK(irq_set_affinity((unsigned int)irq, &m) == 0);
	CHECK(x86_vector_moving(vec) == 0 && table[b][newv].d == NULL);
	CHECK(x86_vector_free_count(vec, b) == (b ? f1 : f0));
	send_msg(&msgs[0]);
	CHECK(runs[5] == 5);
	on_cpu_online(b, true);

	/* 5. Freed mid-move: both vectors back, as Linux's clear_irq_vector(). */
	m = only(b);
	CHECK(irq_set_affinity((unsigned int)irq, &m) == 0 && x86_vector_moving(vec) == 1);
	free_irq((unsigned int)irq, &runs[5]);
	CHECK(msi_domain_free_irqs(&dev) == 0);
	CHECK(x86_vector_moving(vec) == 0);
	CHECK(x86_vector_free_count(vec, 0) == f0 && x86_vector_free_count(vec, 1) == f1);
	CHECK(bound(0) == 0 && bound(1) == 0);
}

int main(void)
{
	static struct msi_dev dev = { .ops = &dev_ops, .id = 0x20 };
	static struct irq_domain *msi;	/* kept to the end: domains are never freed */
	int irq = -1;

	if (sim_init(NCPU, 64) != 0)
		return 1;
	CHECK(x86_vector_create(LAST, FIRST, NR_LINES, &ops) == NULL);
	sim_console_clear();
	vec = x86_vector_create(FIRST, LAST, NR_LINES, &ops);
	msi = vec ? msi_create_irq_domain(x86_vector_domain(vec), "PCI-MSI", MSI_PARENT_ACK) : NULL;
	CHECK(msi != NULL);
	if (!msi)
		return fake_report("x86_vector host test");
	CHECK(x86_vector_free_count(vec, 0) == PER_CPU && x86_vector_free_count(vec, 1) == PER_CPU);
	check_alloc_and_events(msi, &dev, &irq);
	if (irq >= 0) {
		check_move(irq);
		check_exhaustion(msi);
		for (unsigned int i = 0; i < 3; i++)
			free_irq((unsigned int)irq + i, &runs[i]);
		CHECK(msi_domain_free_irqs(&dev) == 0);
	}
	check_offline(msi);
	CHECK(x86_vector_free_count(vec, 0) == PER_CPU && x86_vector_free_count(vec, 1) == PER_CPU);
	CHECK(bound(0) == 0 && bound(1) == 0);
	return fake_report("x86_vector host test");
}

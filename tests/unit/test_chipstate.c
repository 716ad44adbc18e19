// SPDX-License-Identifier: MIT
/*
 * A controller's own view of a line (irq_get_irqchip_state(),
 * irq_set_irqchip_state()): pending, active and masked read from and
 * written to the simulated PIC, an injected event delivered, the first
 * level of a hierarchy that can answering, -EINVAL where none can; and
 * the core's replay at enable_irq() asking the controller, so an edge it
 * holds is delivered once.
 */
#include <genirq/compat.h>
#include <genirq/irqdomain.h>
#include "fixture.h"

static bool state_of(int irq, enum irqchip_irq_state which)
{
	bool state = false;

	CHECK_EQ(irq_get_irqchip_state((unsigned int)irq, which, &state), 0);
	return state;
}

static void injected_pending_is_delivered(enum simpic_style style)
{
	struct fixture fx;
	struct dev d;
	unsigned long flags;

	fx_init(&fx, 1, style);
	dev_init(&d, &fx, 6, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	CHECK(!state_of(d.irq, IRQCHIP_STATE_PENDING));
	CHECK(!state_of(d.irq, IRQCHIP_STATE_MASKED));
	atomic_store(&d.want, 1);		/* the device has something, as if raised */
	flags = port_irq_save();		/* the CPU takes it when they go on */
	CHECK_EQ(irq_set_irqchip_state((unsigned int)d.irq, IRQCHIP_STATE_PENDING, true), 0);
	CHECK(state_of(d.irq, IRQCHIP_STATE_PENDING));
	CHECK_EQ(atomic_load(&d.calls), 0);
	port_irq_restore(flags);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.handled), 1);
	CHECK(!state_of(d.irq, IRQCHIP_STATE_PENDING));
	fx_check_ended_once(&fx, 6, style);
	/* Cleared before a CPU took it, the event is gone. */
	flags = port_irq_save();
	CHECK_EQ(irq_set_irqchip_state((unsigned int)d.irq, IRQCHIP_STATE_PENDING, true), 0);
	CHECK_EQ(irq_set_irqchip_state((unsigned int)d.irq, IRQCHIP_STATE_PENDING, false), 0);
	port_irq_restore(flags);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 1);
}

TEST_EACH_CHIP(chipstate_injected_pending_is_delivered, injected_pending_is_delivered)

TEST(chipstate_masked_and_active_are_the_controllers)
{
	struct fixture fx;
	struct dev d;
	struct simpic_line_stats s;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, true);
	CHECK(state_of(d.irq, IRQCHIP_STATE_MASKED));	/* a new line is masked */
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	CHECK(!state_of(d.irq, IRQCHIP_STATE_MASKED));
	disable_irq((unsigned int)d.irq);		/* a level line is masked at once */
	CHECK(state_of(d.irq, IRQCHIP_STATE_MASKED));
	enable_irq((unsigned int)d.irq);
	/* Active: the controller holds the line in service; nothing is delivered. */
	CHECK_EQ(irq_set_irqchip_state((unsigned int)d.irq, IRQCHIP_STATE_ACTIVE, true), 0);
	CHECK(state_of(d.irq, IRQCHIP_STATE_ACTIVE));
	dev_raise(&d);
	CHECK(state_of(d.irq, IRQCHIP_STATE_PENDING));	/* the level input is high */
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 0);
	CHECK_EQ(irq_set_irqchip_state((unsigned int)d.irq, IRQCHIP_STATE_ACTIVE, false), 0);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.handled), 1);
	/* Masked through the controller: the core's own view stays. */
	CHECK_EQ(irq_set_irqchip_state((unsigned int)d.irq, IRQCHIP_STATE_MASKED, true), 0);
	simpic_line_stats(fx.pic, 3, &s);
	CHECK(s.masked);
	CHECK_EQ(irq_get_masked((unsigned int)d.irq), 0);
	CHECK_EQ(irq_set_irqchip_state((unsigned int)d.irq, IRQCHIP_STATE_MASKED, false), 0);
	simpic_line_stats(fx.pic, 3, &s);
	CHECK(!s.masked);
}

static void nop(struct irq_data *d)
{
	(void)d;
}

static const struct irq_chip stateless_chip = {
	.name	= "stateless",
	.mask	= nop,
	.unmask	= nop,
	.ack	= nop,
};

TEST(chipstate_refused_where_no_level_can)
{
	struct fixture fx;
	struct dev d;
	bool state = true;
	int irq;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&d, &fx, 2, false);
	CHECK_EQ(irq_get_irqchip_state((unsigned int)d.irq, (enum irqchip_irq_state)7, &state),
		 -EINVAL);
	CHECK_EQ(irq_set_irqchip_state((unsigned int)d.irq, (enum irqchip_irq_state)3, true),
		 -EINVAL);
	CHECK_EQ(irq_get_irqchip_state(FIX_LINES + 50, IRQCHIP_STATE_PENDING, &state), -EINVAL);
	irq = irq_alloc_descs(-1, 1);
	CHECK(irq >= 0);
	CHECK_EQ(irq_set_chip((unsigned int)irq, &stateless_chip, NULL), 0);
	CHECK_EQ(irq_get_irqchip_state((unsigned int)irq, IRQCHIP_STATE_PENDING, &state), -EINVAL);
	CHECK(state);					/* untouched */
	CHECK_EQ(irq_set_irqchip_state((unsigned int)irq, IRQCHIP_STATE_PENDING, true), -EINVAL);
	CHECK_EQ(irq_get_irqchip_state((unsigned int)irq, IRQCHIP_STATE_MASKED, &state), -EINVAL);
}

/* A child level over the PIC without state primitives of its own. */
static const struct irq_chip child_chip = {
	.name	= "child",
	.mask	= irq_chip_mask_parent,
	.unmask	= irq_chip_unmask_parent,
	.eoi	= irq_chip_eoi_parent,
};

static int child_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr, void *arg)
{
	(void)arg;
	for (unsigned int i = 0; i < nr; i++)
		irq_domain_set_hwirq_and_chip(d, virq + i, i, &child_chip, NULL);
	return 0;
}

static const struct irq_domain_ops child_ops = { .alloc = child_alloc };

TEST(chipstate_through_a_hierarchy)
{
	struct fixture fx;
	struct irq_domain *d;
	struct simpic_line_stats s;
	irq_hw_number_t hw;
	int irq;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	CHECK_EQ(simpic_enable_hierarchy(fx.pic, 16, 8), 0);
	d = irq_domain_create_hierarchy(simpic_domain(fx.pic), "child", 0, &child_ops, NULL);
	CHECK(d != NULL);
	irq = irq_domain_alloc_irqs(d, 1, -1, NULL);
	CHECK(irq >= 0);
	hw = irq_get_irq_data((unsigned int)irq)->parent_data->hwirq;
	CHECK(!state_of(irq, IRQCHIP_STATE_PENDING));
	simpic_raise(fx.pic, hw);
	CHECK(state_of(irq, IRQCHIP_STATE_PENDING));	/* the PIC level answered */
	CHECK_EQ(irq_set_irqchip_state((unsigned int)irq, IRQCHIP_STATE_PENDING, false), 0);
	simpic_line_stats(fx.pic, hw, &s);
	CHECK(!s.latched);
}

/* @d's line routed to CPU 1; the test itself is CPU 0. */
static void route_to_cpu1(struct dev *d)
{
	struct irq_cpumask m;

	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK_EQ(irq_set_affinity((unsigned int)d->irq, &m), 0);
}

/*
 * An edge line disabled lazily, routed to CPU 1: the first event reaches
 * the flow there, which masks the line and records it PENDING; a second
 * one comes while masked and the PIC holds it. enable_irq() on CPU 0
 * unmasks it, so the PIC delivers what it holds to CPU 1: a software
 * replay on CPU 0 as well is a second delivery for what the device had
 * (its handler, which takes all the device has at once, ran twice, the
 * second time for nothing); a retrigger writes the PIC for nothing.
 * Asked first, the PIC says pending: one delivery, one handler run.
 */
static void held_and_recorded_replays_once(enum simpic_style style, unsigned int faults)
{
	struct fixture fx;
	struct simpic_line_stats s;
	struct dev d;

	fx_init(&fx, 2, style);
	dev_init(&d, &fx, 5, false);
	simpic_set_fault(fx.pic, 5, faults);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	route_to_cpu1(&d);
	disable_irq_nosync((unsigned int)d.irq);
	dev_raise(&d);
	sim_run(1);				/* the flow: masked, PENDING */
	CHECK_EQ(irq_get_masked((unsigned int)d.irq), 1);
	dev_raise(&d);				/* held by the masked PIC */
	CHECK(state_of(d.irq, IRQCHIP_STATE_PENDING));
	CHECK_EQ(atomic_load(&d.calls), 0);
	enable_irq((unsigned int)d.irq);
	sim_run(0);
	sim_run(1);
	CHECK_EQ(atomic_load(&d.calls), 1);
	CHECK_EQ(atomic_load(&d.handled), 1);
	CHECK_EQ(d.last_cpu, 1);
	CHECK(!state_of(d.irq, IRQCHIP_STATE_PENDING));
	simpic_line_stats(fx.pic, 5, &s);
	CHECK_EQ(s.retriggers, 0);		/* nothing to send: the PIC had it */
	fx_check_ended_once(&fx, 5, style);
	/* The next event is an ordinary one. */
	dev_raise(&d);
	sim_run(1);
	CHECK_EQ(atomic_load(&d.calls), 2);
	CHECK_EQ(atomic_load(&d.handled), 2);
}

static void held_and_recorded_software(enum simpic_style style)
{
	held_and_recorded_replays_once(style, SIMPIC_NO_RETRIGGER);
}

static void held_and_recorded_retrigger(enum simpic_style style)
{
	held_and_recorded_replays_once(style, 0);
}

TEST_EACH_CHIP(chipstate_replay_held_and_recorded_once_software, held_and_recorded_software)
TEST_EACH_CHIP(chipstate_replay_held_and_recorded_once_retrigger, held_and_recorded_retrigger)

/*
 * Recorded by the core only (the PIC delivered it once and it was ended):
 * the PIC says not pending, so the core replays it itself, once.
 */
static void recorded_only_replays_once(enum simpic_style style)
{
	struct fixture fx;
	struct simpic_line_stats s;
	struct dev d;

	fx_init(&fx, 1, style);
	dev_init(&d, &fx, 5, false);
	simpic_set_fault(fx.pic, 5, SIMPIC_NO_RETRIGGER);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	disable_irq_nosync((unsigned int)d.irq);
	dev_raise(&d);
	sim_run(0);
	CHECK(!state_of(d.irq, IRQCHIP_STATE_PENDING));
	enable_irq((unsigned int)d.irq);	/* software replay at its end */
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 1);
	CHECK_EQ(atomic_load(&d.handled), 1);
	simpic_line_stats(fx.pic, 5, &s);
	CHECK_EQ(s.delivered, 1);
	fx_check_ended_once(&fx, 5, style);
}

TEST_EACH_CHIP(chipstate_replay_recorded_only_once, recorded_only_replays_once)

/*
 * Held by the PIC only: the line was masked at the controller when the
 * edge came (here through the controller's own mask, as firmware or
 * another owner may leave it), so the flow never saw it and the core has
 * no record. disable_irq() / enable_irq() unmask it: the PIC delivers it,
 * once; the core sends nothing more.
 */
static void held_only_delivered_once(enum simpic_style style)
{
	struct fixture fx;
	struct simpic_line_stats s;
	struct dev d;

	fx_init(&fx, 1, style);
	dev_init(&d, &fx, 5, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	CHECK_EQ(irq_set_irqchip_state((unsigned int)d.irq, IRQCHIP_STATE_MASKED, true), 0);
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 0);
	disable_irq((unsigned int)d.irq);
	enable_irq((unsigned int)d.irq);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 1);
	CHECK_EQ(atomic_load(&d.handled), 1);
	simpic_line_stats(fx.pic, 5, &s);
	CHECK_EQ(s.retriggers, 0);
	CHECK_EQ(s.delivered, 1);
	fx_check_ended_once(&fx, 5, style);
}

TEST_EACH_CHIP(chipstate_replay_held_only_delivered_once, held_only_delivered_once)

/*
 * A controller that cannot tell (no state): the core cannot know the PIC
 * holds the second edge, and keeps what it did before: its software
 * replay on CPU 0 at the end of enable_irq(), then the PIC's own delivery
 * on CPU 1, for which the device has nothing.
 */
static void stateless_keeps_software_replay(enum simpic_style style)
{
	struct fixture fx;
	struct dev d;
	bool st;

	fx_init(&fx, 2, style);
	dev_init(&d, &fx, 5, false);
	simpic_set_fault(fx.pic, 5, SIMPIC_NO_RETRIGGER | SIMPIC_NO_STATE);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	route_to_cpu1(&d);
	CHECK_EQ(irq_get_irqchip_state((unsigned int)d.irq, IRQCHIP_STATE_PENDING, &st), -EINVAL);
	disable_irq_nosync((unsigned int)d.irq);
	dev_raise(&d);
	sim_run(1);
	dev_raise(&d);
	enable_irq((unsigned int)d.irq);
	CHECK_EQ(atomic_load(&d.calls), 1);	/* the software replay */
	CHECK_EQ(d.last_cpu, 0);
	sim_run(1);
	CHECK_EQ(atomic_load(&d.calls), 2);	/* the PIC's */
	CHECK_EQ(atomic_load(&d.handled), 1);
	fx_check_ended_once(&fx, 5, style);
}

TEST_EACH_CHIP(chipstate_replay_stateless_keeps_software_replay, stateless_keeps_software_replay)

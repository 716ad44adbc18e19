// SPDX-License-Identifier: MIT
/*
 * The lock-free path of the edge, fasteoi and simple flows (core/flow.c):
 * each way the owner of a claimed line can fail to give it back without
 * the lock must still end the event once, run every event and leave the
 * line quiet for the next one. Every entry point counts each event once.
 *
 * A line's first handled event always ends under the lock (it sets up the
 * storm rule's countdown), so each test warms its line up with one event
 * before the one it is about.
 */
#include <string.h>
#include "fixture.h"
#include "internals.h"

/* Every delivery ended once, and the line open again. */
static void check_ended(struct fixture *fx, irq_hw_number_t hw, enum simpic_style style)
{
	struct simpic_line_stats s;

	fx_check_ended_once(fx, hw, style);
	simpic_line_stats(fx->pic, hw, &s);
	CHECK(!s.masked);
}

/* A machine, a device on @hw with handler @h, and its line warmed up. */
static void warm_line(struct fixture *fx, struct dev *d, enum simpic_style style,
		      irq_hw_number_t hw, irq_handler_t h)
{
	fx_init(fx, 1, style);
	dev_init(d, fx, hw, false);
	CHECK_EQ(request_irq((unsigned int)d->irq, h, 0, "dev", d), 0);
	dev_raise(d);
	CHECK_EQ(atomic_load(&d->calls), 1);
}

/*
 * The device's next event comes while its handler runs (interrupts are on
 * in it): the nested delivery finds the line in progress and leaves it
 * pending, so the owner's lock-free release fails and the handler runs
 * again under the lock's pending loop (edge flow), or the controller holds
 * the event until the end of this one (fasteoi).
 */
static irqreturn_t reraise_handler(int irq, void *dev_id)
{
	struct dev *d = dev_id;
	irqreturn_t ret = dev_handler(irq, dev_id);

	if (atomic_load(&d->calls) == 2)
		dev_raise(d);
	return ret;
}

static void event_while_running(enum simpic_style style)
{
	struct fixture fx;
	struct dev d;

	warm_line(&fx, &d, style, 3, reraise_handler);
	dev_raise(&d);				/* raises the next one while it runs */
	CHECK_EQ(atomic_load(&d.calls), 3);
	CHECK_EQ(atomic_load(&d.handled), 3);
	CHECK_EQ(atomic_load(&d.want), 0);
	CHECK_EQ(irq_stat_total((unsigned int)d.irq), 3);
	check_ended(&fx, 3, style);
	/* Quiet again: the next event runs once, lock-free. */
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.calls), 4);
	CHECK_EQ(atomic_load(&d.handled), 4);
	check_ended(&fx, 3, style);
}

TEST_EACH_CHIP(fastpath_event_while_running, event_while_running)

/*
 * The handler disables its own line: the state changed under the owner,
 * whose release fails; it ends the event under the lock and leaves the
 * line disabled. Events meanwhile wait; the enable replays them once.
 */
static atomic_int self_disable;

static irqreturn_t self_disable_handler(int irq, void *dev_id)
{
	irqreturn_t ret = dev_handler(irq, dev_id);

	if (atomic_load(&self_disable))
		disable_irq_nosync((unsigned int)irq);
	return ret;
}

static void disabled_by_own_handler(enum simpic_style style)
{
	struct fixture fx;
	struct dev d;

	atomic_store(&self_disable, 0);
	warm_line(&fx, &d, style, 5, self_disable_handler);
	atomic_store(&self_disable, 1);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.calls), 2);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 1);
	dev_raise(&d);				/* disabled: kept, not run */
	CHECK_EQ(atomic_load(&d.calls), 2);
	CHECK_EQ(atomic_load(&d.want), 1);
	atomic_store(&self_disable, 0);
	enable_irq((unsigned int)d.irq);	/* replayed once */
	CHECK_EQ(atomic_load(&d.calls), 3);
	CHECK_EQ(atomic_load(&d.handled), 3);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.calls), 4);
	CHECK_EQ(atomic_load(&d.want), 0);
	check_ended(&fx, 5, style);
}

TEST_EACH_CHIP(fastpath_handler_disables_its_own_line, disabled_by_own_handler)

/* A single IRQF_DISABLED handler (run inline, not by the general chain). */
static int seen_off = -1;

static irqreturn_t record_off(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	seen_off = port_irqs_disabled();
	return IRQ_HANDLED;
}

TEST(fastpath_single_irqf_disabled_handler_runs_with_interrupts_off)
{
	struct fixture fx;
	int irq;

	fx_init(&fx, 1, SIMPIC_ACK);
	irq = simpic_map(fx.pic, 6, IRQ_TYPE_EDGE_RISING);
	CHECK(irq >= 0);
	CHECK_EQ(request_irq((unsigned int)irq, record_off, IRQF_DISABLED, "off", &fx), 0);
	simpic_raise(fx.pic, 6);
	CHECK_EQ(seen_off, 1);
	CHECK(!port_irqs_disabled());
	CHECK_EQ(irq_stat_total((unsigned int)irq), 1);
	free_irq((unsigned int)irq, &fx);
	/* The same line without the flag: interrupts on in the handler. */
	CHECK_EQ(request_irq((unsigned int)irq, record_off, 0, "on", &fx), 0);
	simpic_raise(fx.pic, 6);
	CHECK_EQ(seen_off, 0);
	CHECK_EQ(irq_stat_total((unsigned int)irq), 2);
}

/*
 * A chip with no primitives gets the simple flow, which has the lock-free
 * path too. Every entry point a port or a demultiplexer may use counts the
 * event once and runs the handler once.
 */
static const struct irq_chip no_prims = { .name = "demux" };

static atomic_int simple_calls;

static irqreturn_t simple_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	atomic_fetch_add(&simple_calls, 1);
	return IRQ_HANDLED;
}

TEST(fastpath_simple_flow_through_every_entry_point)
{
	struct fixture fx;
	struct irq_domain *dom;
	struct sim_regs regs;
	struct irq_desc *slot;
	unsigned long flags;
	int irq;

	fx_init(&fx, 1, SIMPIC_ACK);
	dom = irq_domain_create_linear("demux", 4, &no_prims, NULL);
	CHECK(dom != NULL);
	irq = irq_create_mapping(dom, 2);
	CHECK(irq >= 0);
	slot = irq_to_desc((unsigned int)irq);	/* a port's own table of one */
	CHECK_EQ(request_irq((unsigned int)irq, simple_handler, 0, "leaf", &fx), 0);
	memset(&regs, 0, sizeof(regs));
	atomic_store(&simple_calls, 0);
	flags = port_irq_save();
	irq_handle_entry(irq_to_desc((unsigned int)irq), &regs);
	CHECK_EQ(irq_handle_domain_entry(dom, 2, &regs), 0);
	CHECK_EQ(irq_handle_desc_entry(&slot, &regs), 0);
	irq_enter();
	CHECK_EQ(generic_handle_irq((unsigned int)irq), 0);
	generic_handle_irq_desc(irq_to_desc((unsigned int)irq));
	CHECK_EQ(generic_handle_domain_irq(dom, 2), 0);
	irq_exit();
	port_irq_restore(flags);
	CHECK_EQ(atomic_load(&simple_calls), 6);
	CHECK_EQ(irq_stat_total((unsigned int)irq), 6);
	/* Disabled, the simple flow keeps the event: no handler, still counted. */
	disable_irq_nosync((unsigned int)irq);
	flags = port_irq_save();
	CHECK_EQ(irq_handle_domain_entry(dom, 2, &regs), 0);
	port_irq_restore(flags);
	CHECK_EQ(atomic_load(&simple_calls), 6);
	CHECK_EQ(irq_stat_total((unsigned int)irq), 7);
}

/*
 * A port's table slot that is empty (the port unbound the vector) when
 * the event reads it: counted in ERR, nothing run, hardirq context left.
 * The slot is read after the entry raised this CPU's hardirq count.
 */
static irqreturn_t slot_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	CHECK(in_irq());
	atomic_fetch_add(&simple_calls, 1);
	return IRQ_HANDLED;
}

TEST(fastpath_desc_entry_from_an_empty_slot_is_an_error)
{
	struct fixture fx;
	struct irq_desc *slot = NULL;
	struct sim_regs regs;
	unsigned long flags, err = irq_error_count();
	int irq;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	irq = simpic_map(fx.pic, 3, IRQ_TYPE_EDGE_RISING);
	CHECK(irq >= 0);
	CHECK_EQ(request_irq((unsigned int)irq, slot_handler, 0, "slot", &fx), 0);
	memset(&regs, 0, sizeof(regs));
	atomic_store(&simple_calls, 0);
	flags = port_irq_save();
	CHECK_EQ(irq_handle_desc_entry(&slot, &regs), -ENOENT);
	CHECK(!in_interrupt());
	CHECK_EQ(irq_error_count(), err + 1);
	slot = irq_to_desc((unsigned int)irq);
	CHECK_EQ(irq_handle_desc_entry(&slot, &regs), 0);
	CHECK(!in_interrupt());
	port_irq_restore(flags);
	CHECK_EQ(atomic_load(&simple_calls), 1);
	CHECK_EQ(irq_stat_total((unsigned int)irq), 1);
	CHECK_EQ(irq_error_count(), err + 1);
}

/*
 * A domain's own table of slots (irq_domain_slots()), which a controller
 * whose hardware numbers are its lines enters by: a mapped line's slot
 * holds its descriptor, an unmapped or disposed one's is empty, so the
 * event is counted in ERR and nothing runs.
 */
TEST(fastpath_domain_slots_follow_map_and_dispose)
{
	struct fixture fx;
	struct irq_domain *dom;
	struct irq_desc *const *slots;
	struct sim_regs regs;
	unsigned long flags, err = irq_error_count();
	unsigned int size = 0;
	int irq;

	fx_init(&fx, 1, SIMPIC_ACK);
	CHECK(irq_domain_slots(NULL, &size) == NULL);
	CHECK_EQ(size, 0u);
	dom = irq_domain_create_linear("slots", 4, &no_prims, NULL);
	CHECK(dom != NULL);
	slots = irq_domain_slots(dom, &size);
	CHECK(slots != NULL);
	CHECK_EQ(size, 4u);
	CHECK(slots[2] == NULL);
	irq = irq_create_mapping(dom, 2);
	CHECK(irq >= 0);
	CHECK(slots[2] == irq_to_desc((unsigned int)irq));
	CHECK(slots[1] == NULL && slots[3] == NULL);
	CHECK_EQ(request_irq((unsigned int)irq, simple_handler, 0, "leaf", &fx), 0);
	memset(&regs, 0, sizeof(regs));
	atomic_store(&simple_calls, 0);
	flags = port_irq_save();
	CHECK_EQ(irq_handle_desc_entry(&slots[2], &regs), 0);
	CHECK_EQ(irq_handle_desc_entry(&slots[1], &regs), -ENOENT);
	port_irq_restore(flags);
	CHECK_EQ(atomic_load(&simple_calls), 1);
	CHECK_EQ(irq_error_count(), err + 1);
	free_irq((unsigned int)irq, &fx);
	CHECK_EQ(irq_dispose_mapping((unsigned int)irq), 0);
	CHECK(slots[2] == NULL);
	flags = port_irq_save();
	CHECK_EQ(irq_handle_desc_entry(&slots[2], &regs), -ENOENT);
	port_irq_restore(flags);
	CHECK_EQ(atomic_load(&simple_calls), 1);
	CHECK_EQ(irq_error_count(), err + 2);
}

/* A per-CPU handler's bogus return value is reported like any other. */
static irqreturn_t bogus_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return (irqreturn_t)0x9;
}

TEST(fastpath_percpu_bogus_return_is_reported)
{
	struct fixture fx;
	int irq;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	irq = simpic_map(fx.pic, 7, IRQ_TYPE_EDGE_RISING);
	CHECK(irq >= 0);
	CHECK_EQ(irq_set_percpu((unsigned int)irq), 0);
	CHECK_EQ(request_irq((unsigned int)irq, bogus_handler, IRQF_PERCPU, "ipi-ish", &fx), 0);
	simpic_raise(fx.pic, 7);
	CHECK(sim_console_contains("bogus return value 9"));
	CHECK(sim_console_contains("\"ipi-ish\""));
}

/*
 * An event on a quiet line touches one cache line of its descriptor: it
 * starts a cache line, whatever the allocator would have handed out on
 * its own. And one of its action: the 32 bytes an event reads there
 * (call, call_arg, next, flags) never straddle two, though malloc()
 * aligns the action's block to 16 bytes only.
 */
static irqreturn_t aligned_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_HANDLED;
}

TEST(fastpath_descriptors_and_actions_are_cache_aligned)
{
	struct fixture fx;

	fx_init(&fx, 1, SIMPIC_ACK);
	for (irq_hw_number_t hw = 0; hw < 32; hw++) {
		int irq = simpic_map(fx.pic, hw, IRQ_TYPE_EDGE_RISING);
		struct irq_desc *desc;
		uintptr_t hot;

		CHECK(irq >= 0);
		CHECK_EQ(request_irq((unsigned int)irq, aligned_handler, 0, "aligned", &fx), 0);
		desc = irq_to_desc((unsigned int)irq);
		CHECK_EQ((uintptr_t)desc % GENIRQ_CACHELINE, 0);
		hot = (uintptr_t)desc_action(desc);
		CHECK_EQ(hot / GENIRQ_CACHELINE,
			 (hot + offsetof(struct irqaction, handler) - 1) / GENIRQ_CACHELINE);
		simpic_raise(fx.pic, hw);
		CHECK_EQ(irq_stat_total((unsigned int)irq), 1);
	}
}

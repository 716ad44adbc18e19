// SPDX-License-Identifier: MIT
/* Flows: dispatch, counts, context, pending replay, per-CPU lines. */
#include "fixture.h"
#include <genirq/compat.h>

TEST(edge_dispatch_runs_handler_in_hardirq_with_regs)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 2, SIMPIC_ACK);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(dev_request(&d, 0, "edge"), 0);
	/* CPU 0 has interrupts on: the raise interrupts it at once. */
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
	CHECK(d.last_preempt & HARDIRQ_MASK);
	CHECK(d.last_regs != NULL);
	CHECK_EQ(d.last_hw, 3);
	CHECK(get_irq_regs() == NULL);
	CHECK_EQ(irq_stat_cpu((unsigned int)d.irq, 0), 1);
	CHECK_EQ(irq_stat_cpu((unsigned int)d.irq, 1), 0);
	CHECK_EQ(irq_preempt_count(), 0);
}

static void check_end_once(enum simpic_style style, bool level)
{
	struct fixture fx;
	struct dev d;
	struct simpic_line_stats s;

	fx_init(&fx, 1, style);
	dev_init(&d, &fx, 7, level);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	for (int i = 0; i < 10; i++) {
		dev_raise(&d);
		sim_run(0);
	}
	simpic_line_stats(fx.pic, 7, &s);
	CHECK_EQ(s.delivered, 10);
	CHECK_EQ(atomic_load(&d.handled), 10);
	CHECK_EQ(style == SIMPIC_ACK ? s.acks : s.eois, 10);
	CHECK(!s.in_service);
	CHECK(!s.masked);
}

TEST(controller_end_runs_once_per_delivery_every_flow)
{
	check_end_once(SIMPIC_ACK, false);	/* edge flow */
	check_end_once(SIMPIC_ACK, true);	/* level flow */
	check_end_once(SIMPIC_FASTEOI, false);	/* fasteoi, edge line */
	check_end_once(SIMPIC_FASTEOI, true);	/* fasteoi, level line */
}

TEST(flow_is_chosen_by_core_from_trigger_and_chip)
{
	struct fixture fx;
	struct dev e, l, f;
	struct simpic *eoi;
	int irq;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&e, &fx, 1, false);
	dev_init(&l, &fx, 2, true);
	CHECK(irq_to_desc((unsigned int)e.irq) != NULL);
	/* Observable through the /proc view's trigger column. */
	CHECK_EQ(dev_request(&e, 0, "e"), 0);
	CHECK_EQ(dev_request(&l, 0, "l"), 0);
	eoi = simpic_create("eoi", 4, SIMPIC_FASTEOI);
	irq = simpic_map(eoi, 1, IRQ_TYPE_LEVEL_HIGH);
	CHECK(irq >= 0);
	f = e;
	f.irq = irq;
	CHECK_EQ(dev_request(&f, 0, "f"), 0);
	{
		char buf[2048];

		CHECK(irq_proc_read("/proc/interrupts", buf, sizeof(buf)) > 0);
		CHECK(strstr(buf, "  simpic    1-edge") != NULL);
		CHECK(strstr(buf, "  simpic    2-level") != NULL);
		CHECK(strstr(buf, "simpic-eoi    1-level") != NULL);
	}
	CHECK_EQ(irq_set_irq_type((unsigned int)e.irq, IRQ_TYPE_EDGE_RISING | IRQ_TYPE_LEVEL_HIGH), -EINVAL);
	CHECK_EQ(irq_set_irq_type((unsigned int)e.irq, 0x100), -EINVAL);
}

TEST(disabled_edge_is_replayed_once_on_final_enable)
{
	struct fixture fx;
	struct dev d;
	struct simpic_line_stats s;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	disable_irq(d.irq);
	disable_irq(d.irq);
	dev_raise(&d);
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 0);
	enable_irq(d.irq);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 0);		/* depth 1: still off */
	enable_irq(d.irq);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 1);		/* both edges, one run */
	CHECK_EQ(atomic_load(&d.handled), 1);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 1);		/* never twice */
	simpic_line_stats(fx.pic, 3, &s);
	CHECK(s.retriggers <= 1);
}

TEST(level_line_is_never_replayed)
{
	struct fixture fx;
	struct dev d;
	struct simpic_line_stats s;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&d, &fx, 9, true);
	CHECK_EQ(dev_request(&d, 0, "lvl"), 0);
	disable_irq(d.irq);
	dev_raise(&d);
	simpic_lower(fx.pic, 9);	/* device gave up before the enable */
	atomic_store(&d.want, 0);
	enable_irq(d.irq);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 0);
	simpic_line_stats(fx.pic, 9, &s);
	CHECK_EQ(s.retriggers, 0);
	/* Still asserted at enable: the controller delivers it, once. */
	disable_irq(d.irq);
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 0);
	enable_irq(d.irq);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 1);
	simpic_line_stats(fx.pic, 9, &s);
	CHECK_EQ(s.retriggers, 0);
}

TEST(edge_during_handler_on_same_cpu_reruns_handler)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	/* Two edges latch before the CPU looks: one delivery covers both. */
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.handled), 1);
}

static struct dev *nest_dev;
static irqreturn_t raising_handler(int irq, void *dev_id)
{
	struct dev *d = dev_id;
	int n = atomic_fetch_add(&d->calls, 1);

	(void)irq;
	/* A new edge while we run, on this CPU, interrupts on: nested entry
	 * must mark it pending and our flow must run us again. */
	if (n < 3) {
		simpic_raise(d->fx->pic, d->hw);
		sim_poll();
	}
	return IRQ_HANDLED;
}

TEST(edges_arriving_while_in_progress_are_all_run)
{
	struct fixture fx;
	struct dev d;
	struct simpic_line_stats s;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&d, &fx, 3, false);
	nest_dev = &d;
	CHECK_EQ(request_irq((unsigned int)d.irq, raising_handler, 0, "nest", &d), 0);
	simpic_raise(fx.pic, 3);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 4);
	simpic_line_stats(fx.pic, 3, &s);
	CHECK(!s.masked);
	CHECK_EQ(s.delivered, s.acks);
}

/* Each handler records whether local interrupts were off while it ran. */
static int irqs_off_seen[3] = { -1, -1, -1 };

static irqreturn_t record_irqs(int irq, void *dev_id)
{
	(void)irq;
	irqs_off_seen[(int *)dev_id - irqs_off_seen] = port_irqs_disabled();
	return IRQ_HANDLED;
}

TEST(irqf_disabled_is_honoured_per_handler_on_a_shared_line)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	/* on, off, on: Linux 2.6.9 looked at the first handler only. */
	CHECK_EQ(request_irq((unsigned int)d.irq, record_irqs, IRQF_SHARED, "on1",
			     &irqs_off_seen[0]), 0);
	CHECK_EQ(request_irq((unsigned int)d.irq, record_irqs, IRQF_SHARED | IRQF_DISABLED,
			     "off", &irqs_off_seen[1]), 0);
	CHECK_EQ(request_irq((unsigned int)d.irq, record_irqs, IRQF_SHARED, "on2",
			     &irqs_off_seen[2]), 0);
	simpic_raise(fx.pic, 3);
	CHECK_EQ(irqs_off_seen[0], 0);
	CHECK_EQ(irqs_off_seen[1], 1);
	CHECK_EQ(irqs_off_seen[2], 0);
	CHECK(!port_irqs_disabled());		/* the entry put them back on */
}

TEST(spurious_vector_is_counted_not_dispatched)
{
	struct fixture fx;
	struct dev d;
	char buf[1024];

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	simpic_inject_spurious(fx.pic, 1);
	CHECK_EQ(sim_run(1), 1);
	CHECK_EQ(atomic_load(&d.calls), 0);
	CHECK_EQ(irq_spurious_count(1), 1);
	CHECK_EQ(irq_spurious_count(0), 0);
	CHECK(irq_proc_read("interrupts", buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, " SPU:          0          1   Spurious interrupts") != NULL);
}

TEST(unmapped_hardware_line_is_counted_as_error)
{
	struct fixture fx;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	CHECK_EQ(generic_handle_domain_irq(simpic_domain(fx.pic), 17), -EINVAL);
	CHECK_EQ(generic_handle_domain_irq(simpic_domain(fx.pic), 1000), -EINVAL);
	CHECK_EQ(generic_handle_irq(5000), -EINVAL);
	CHECK_EQ(irq_error_count(), 3);
	CHECK_EQ(sim_bad_irq_acks(), 1);
}

TEST(line_without_controller_acks_bad_irq)
{
	struct fixture fx;
	int irq;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	irq = irq_alloc_descs(-1, 1);
	irq_enter();
	CHECK_EQ(generic_handle_irq((unsigned int)irq), 0);
	irq_exit();
	CHECK_EQ(sim_bad_irq_acks(), 1);
	CHECK_EQ(irq_error_count(), 1);
	CHECK(sim_console_contains("event on a line with no controller"));
}

static atomic_int entropy_calls;
static unsigned int entropy_irq;
static void entropy(unsigned int irq, uint64_t stamp)
{
	(void)stamp;
	entropy_irq = irq;
	atomic_fetch_add(&entropy_calls, 1);
}

TEST(sample_random_feeds_entropy_hook_only_when_claimed)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	irq_set_entropy_hook(entropy);
	CHECK_EQ(dev_request(&d, IRQF_SAMPLE_RANDOM, "rnd"), 0);
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&entropy_calls), 1);
	CHECK_EQ(entropy_irq, (unsigned int)d.irq);
	simpic_raise(fx.pic, 3);	/* nothing for the device: not claimed */
	sim_run(0);
	CHECK_EQ(atomic_load(&entropy_calls), 1);
}

TEST(percpu_line_runs_on_each_cpu_without_lock)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 0, false);
	CHECK_EQ(irq_set_percpu((unsigned int)d.irq), 0);
	CHECK_EQ(dev_request(&d, IRQF_PERCPU, "tick"), 0);
	CHECK_EQ(dev_request(&d, IRQF_PERCPU, "tick2"), -EBUSY);
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(d.last_cpu, 0);
	{
		struct irq_cpumask m;

		cpumask_clear(&m);
		cpumask_set_cpu(1, &m);
		CHECK_EQ(irq_set_affinity((unsigned int)d.irq, &m), -EIO);
	}
	CHECK_EQ(irq_stat_cpu((unsigned int)d.irq, 0), 1);
	free_irq((unsigned int)d.irq, &d);
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 1);
}

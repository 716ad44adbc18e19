// SPDX-License-Identifier: MIT
/*
 * Disable depth. The first four tests follow the cases of Linux's KUnit
 * kernel/irq/irq_test.c, written against genirq's API.
 */
#include "fixture.h"
#include <genirq/compat.h>

static irqreturn_t noop(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_HANDLED;
}

static int fake_line(struct fixture *fx)
{
	int irq;

	fx_init(fx, 2, SIMPIC_FASTEOI);
	irq = simpic_map(fx->pic, 1, IRQ_TYPE_EDGE_RISING);
	CHECK(irq >= 0);
	return irq;
}

TEST(kunit_disable_depth)
{
	struct fixture fx;
	int irq = fake_line(&fx);

	CHECK_EQ(request_irq((unsigned int)irq, noop, 0, "test", &fx), 0);
	CHECK_EQ(irq_get_depth((unsigned int)irq), 0);
	disable_irq((unsigned int)irq);
	CHECK_EQ(irq_get_depth((unsigned int)irq), 1);
	enable_irq((unsigned int)irq);
	CHECK_EQ(irq_get_depth((unsigned int)irq), 0);
	free_irq((unsigned int)irq, &fx);
}

TEST(kunit_free_disabled_then_request)
{
	struct fixture fx;
	int irq = fake_line(&fx);

	CHECK_EQ(request_irq((unsigned int)irq, noop, 0, "test", &fx), 0);
	disable_irq((unsigned int)irq);
	CHECK_EQ(irq_get_depth((unsigned int)irq), 1);
	free_irq((unsigned int)irq, &fx);
	CHECK_EQ(request_irq((unsigned int)irq, noop, 0, "test", &fx), 0);
	CHECK_EQ(irq_get_depth((unsigned int)irq), 0);
	free_irq((unsigned int)irq, &fx);
}

TEST(kunit_shutdown_startup_keeps_depth)
{
	struct fixture fx;
	struct simpic_line_stats s;
	int irq = fake_line(&fx);

	CHECK_EQ(request_irq((unsigned int)irq, noop, 0, "test", &fx), 0);
	disable_irq((unsigned int)irq);
	CHECK_EQ(irq_get_depth((unsigned int)irq), 1);
	CHECK_EQ(irq_shutdown((unsigned int)irq), 0);
	CHECK_EQ(irq_get_depth((unsigned int)irq), 1);
	CHECK_EQ(irq_startup((unsigned int)irq), 0);
	CHECK_EQ(irq_get_depth((unsigned int)irq), 1);
	simpic_line_stats(fx.pic, 1, &s);
	CHECK(s.masked);			/* started, but still disabled */
	enable_irq((unsigned int)irq);
	CHECK_EQ(irq_get_depth((unsigned int)irq), 0);
	simpic_line_stats(fx.pic, 1, &s);
	CHECK(!s.masked);
	free_irq((unsigned int)irq, &fx);
}

TEST(kunit_cpu_offline_online_keeps_depth)
{
	struct fixture fx;
	struct simpic_line_stats s;
	struct irq_cpumask m;
	int irq = fake_line(&fx);

	CHECK_EQ(request_irq((unsigned int)irq, noop, 0, "test", &fx), 0);
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK_EQ(irq_set_affinity((unsigned int)irq, &m), 0);
	disable_irq((unsigned int)irq);
	CHECK_EQ(irq_get_depth((unsigned int)irq), 1);
	irq_cpu_set_online(1, false);		/* its only CPU goes: shut down */
	CHECK_EQ(irq_get_depth((unsigned int)irq), 1);
	irq_cpu_set_online(1, true);		/* back: started, still disabled */
	CHECK_EQ(irq_get_depth((unsigned int)irq), 1);
	simpic_line_stats(fx.pic, 1, &s);
	CHECK(s.masked);
	CHECK_EQ(s.route, 1);
	enable_irq((unsigned int)irq);
	CHECK_EQ(irq_get_depth((unsigned int)irq), 0);
	free_irq((unsigned int)irq, &fx);
}

TEST(cpu_offline_moves_line_that_has_another_cpu)
{
	struct fixture fx;
	struct dev d;
	struct simpic_line_stats s;
	struct irq_cpumask m;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 2, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	cpumask_setall(&m, 2);
	CHECK_EQ(irq_set_affinity((unsigned int)d.irq, &m), 0);
	simpic_line_stats(fx.pic, 2, &s);
	CHECK_EQ(s.route, 0);
	irq_cpu_set_online(0, false);
	simpic_line_stats(fx.pic, 2, &s);
	CHECK_EQ(s.route, 1);
	CHECK(!s.masked);
	dev_raise(&d);
	sim_run(1);
	CHECK_EQ(atomic_load(&d.handled), 1);
	CHECK_EQ(irq_stat_cpu((unsigned int)d.irq, 1), 1);
}

TEST(unbalanced_enable_warns_and_depth_stays_zero)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	enable_irq((unsigned int)d.irq);
	CHECK(sim_console_contains("unbalanced enable_irq"));
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
	disable_irq((unsigned int)d.irq);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 1);
}

TEST(disables_nest_and_only_last_enable_reopens)
{
	struct fixture fx;
	struct dev d;
	struct simpic_line_stats s;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&d, &fx, 3, true);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	for (int i = 1; i <= 5; i++) {
		disable_irq_nosync((unsigned int)d.irq);
		CHECK_EQ(irq_get_depth((unsigned int)d.irq), i);
	}
	for (int i = 4; i >= 1; i--) {
		enable_irq((unsigned int)d.irq);
		CHECK_EQ(irq_get_depth((unsigned int)d.irq), i);
		simpic_line_stats(fx.pic, 3, &s);
		CHECK(s.masked);
	}
	enable_irq((unsigned int)d.irq);
	simpic_line_stats(fx.pic, 3, &s);
	CHECK(!s.masked);
}

TEST(verbs_on_missing_lines_do_nothing)
{
	struct fixture fx;

	fx_init(&fx, 1, SIMPIC_ACK);
	disable_irq(7000);
	disable_irq_nosync(7000);
	enable_irq(7000);
	synchronize_irq(7000);
	free_irq(7000, NULL);
	CHECK(sim_console_contains("free_irq: irq 7000 does not exist"));
	CHECK_EQ(irq_get_depth(7000), -EINVAL);
	CHECK_EQ(irq_shutdown(7000), -EINVAL);
	CHECK_EQ(irq_startup(7000), -EINVAL);
}

TEST(enable_of_a_line_without_handler_is_reported_and_ignored)
{
	struct fixture fx;
	struct dev d;
	struct simpic_line_stats s;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	free_irq((unsigned int)d.irq, &d);
	enable_irq((unsigned int)d.irq);
	CHECK(sim_console_contains("enable_irq with no handler installed"));
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 1);
	simpic_line_stats(fx.pic, 3, &s);
	CHECK(s.masked);
}

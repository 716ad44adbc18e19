// SPDX-License-Identifier: MIT
/*
 * CPUs going and coming: every line, requested or chained, follows its
 * online CPUs; every affinity change recomputes where a line goes from
 * the CPUs online now.
 */
#include "fixture.h"

static struct cpumask one(unsigned int cpu)
{
	struct cpumask m;

	cpumask_clear(&m);
	cpumask_set_cpu(cpu, &m);
	return m;
}

TEST(affinity_to_an_online_cpu_restarts_a_line_shut_down_for_lack_of_cpus)
{
	struct fixture fx;
	struct simpic_line_stats s;
	struct cpumask m = one(1), e;
	struct dev d;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 2, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	CHECK_EQ(irq_set_affinity((unsigned int)d.irq, &m), 0);
	irq_cpu_set_online(1, false);			/* its only CPU: shut down */
	simpic_line_stats(fx.pic, 2, &s);
	CHECK(s.masked);
	m = one(0);
	CHECK_EQ(irq_set_affinity((unsigned int)d.irq, &m), 0);
	simpic_line_stats(fx.pic, 2, &s);
	CHECK(!s.masked);
	CHECK_EQ(s.route, 0);
	CHECK_EQ(irq_get_effective_affinity((unsigned int)d.irq, &e), 0);
	CHECK(cpumask_test_cpu(0, &e) && !cpumask_test_cpu(1, &e));
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.handled), 1);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 0);
	/* CPU1 comes back: nothing changes for a line routed to CPU0. */
	irq_cpu_set_online(1, true);
	simpic_line_stats(fx.pic, 2, &s);
	CHECK_EQ(s.route, 0);
	CHECK(!s.masked);
}

TEST(a_line_requested_again_while_its_cpus_are_offline_goes_to_an_online_cpu)
{
	struct fixture fx;
	struct simpic_line_stats s;
	struct cpumask m = one(1);
	struct dev d;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 2, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	CHECK_EQ(irq_set_affinity((unsigned int)d.irq, &m), 0);
	irq_cpu_set_online(1, false);
	free_irq((unsigned int)d.irq, &d);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	simpic_line_stats(fx.pic, 2, &s);
	CHECK_EQ(s.route, 0);
	CHECK(!s.masked);
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.handled), 1);
	CHECK_EQ(irq_stat_cpu((unsigned int)d.irq, 0), 1);
}

/* A cascade whose output is line 2 of the root controller. */
static struct simpic *child;
static atomic_int demux_runs;

static void demux(struct irq_desc *desc)
{
	unsigned int cpu = port_cpu_id();
	irq_hw_number_t hw;

	atomic_fetch_add(&demux_runs, 1);
	while ((hw = simpic_iack(child, cpu)) != SIMPIC_SPURIOUS)
		generic_handle_domain_irq(simpic_domain(child), hw);
	irq_get_irq_data(irq_desc_get_irq(desc))->chip->eoi(irq_desc_get_irq_data(desc));
}

TEST(a_chained_line_moves_off_a_cpu_going_offline)
{
	struct fixture fx;
	struct simpic_line_stats s;
	struct cpumask m;
	struct dev d;
	int parent;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	child = simpic_create("child", 8, SIMPIC_ACK);
	CHECK(child != NULL);
	parent = simpic_map(fx.pic, 2, IRQ_TYPE_EDGE_RISING);
	CHECK_EQ(irq_set_chained_handler((unsigned int)parent, demux, NULL), 0);
	m = one(1);
	CHECK_EQ(irq_set_affinity((unsigned int)parent, &m), 0);
	memset(&d, 0, sizeof(d));
	d.fx = &fx;
	d.hw = 5;
	d.irq = simpic_map(child, 5, IRQ_TYPE_EDGE_RISING);
	CHECK_EQ(dev_request(&d, 0, "behind"), 0);
	irq_cpu_set_online(1, false);
	simpic_line_stats(fx.pic, 2, &s);
	CHECK_EQ(s.route, 0);
	CHECK(!s.masked);
	atomic_fetch_add(&d.want, 1);
	simpic_raise(child, 5);
	simpic_raise(fx.pic, 2);
	sim_run(0);
	CHECK_EQ(atomic_load(&demux_runs), 1);
	CHECK_EQ(atomic_load(&d.handled), 1);
}

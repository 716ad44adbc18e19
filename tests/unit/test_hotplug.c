// SPDX-License-Identifier: MIT
/*
 * CPUs going and coming: every line, requested or chained, follows its
 * online CPUs; every affinity change recomputes where a line goes from
 * the CPUs online now.
 */
#include <genirq/irqdomain.h>
#include <genirq/compat.h>
#include "fixture.h"

static struct irq_cpumask one(unsigned int cpu)
{
	struct irq_cpumask m;

	cpumask_clear(&m);
	cpumask_set_cpu(cpu, &m);
	return m;
}

TEST(affinity_to_an_online_cpu_restarts_a_line_shut_down_for_lack_of_cpus)
{
	struct fixture fx;
	struct simpic_line_stats s;
	struct irq_cpumask m = one(1), e;
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
	struct irq_cpumask m = one(1);
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
	struct irq_cpumask m;
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

/* The effective affinity of @irq is exactly CPU @cpu. */
static bool effective_is(int irq, unsigned int cpu)
{
	struct irq_cpumask e;

	return irq_get_effective_affinity((unsigned int)irq, &e) == 0 &&
	       cpumask_weight(&e) == 1 && cpumask_test_cpu(cpu, &e);
}

static int route_to(int irq, unsigned int cpu)
{
	struct irq_cpumask m = one(cpu);

	return irq_set_affinity((unsigned int)irq, &m);
}

static bool requested_is(int irq, struct irq_cpumask m)
{
	struct irq_cpumask r;

	return irq_get_affinity((unsigned int)irq, &r) == 0 && cpumask_equal(&r, &m);
}

/*
 * Line 2, marked to move from its own events, on a controller that drops
 * edges while masked, routed to CPU0 (there already: at once).
 */
static void marked_line(struct fixture *fx, struct dev *d, enum simpic_style style, bool level)
{
	fx_init(fx, 2, style);
	dev_init(d, fx, 2, level);
	simpic_set_fault(fx->pic, 2, SIMPIC_DROP_MASKED_EDGE);
	CHECK_EQ(dev_request(d, 0, "dev"), 0);
	irq_data_set_move_at_event(irq_get_irq_data((unsigned int)d->irq), true);
	CHECK_EQ(route_to(d->irq, 0), 0);
	CHECK(effective_is(d->irq, 0));
}

/*
 * A line moved only from its own event (irq_data_set_move_at_event()),
 * on a controller that drops edges while masked: the request is recorded
 * (smp_affinity) and the line stays where it is (effective_affinity, the
 * controller's route) until its next event, which moves it masked and
 * sends one event to the new CPU for the edges of that window. A request
 * that includes the line's CPU drops a pending move; so does free_irq()
 * (the next request routes the line by its requested mask); a CPU going
 * offline moves the line at once, to the pending request's CPUs.
 */
static void move_waits_for_the_event(enum simpic_style style)
{
	struct fixture fx;
	struct simpic_line_stats s;
	struct irq_cpumask both = one(0);
	struct dev d;

	cpumask_set_cpu(1, &both);
	marked_line(&fx, &d, style, false);

	CHECK_EQ(route_to(d.irq, 1), 0);
	CHECK(requested_is(d.irq, one(1)) && effective_is(d.irq, 0));
	simpic_line_stats(fx.pic, 2, &s);
	CHECK(s.route == 0 && !s.masked && s.retriggers == 0);
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.handled), 1);
	CHECK(effective_is(d.irq, 1));
	simpic_line_stats(fx.pic, 2, &s);
	CHECK(s.route == 1 && !s.masked && s.retriggers == 1);
	CHECK_EQ(sim_run(1), 1);			/* the event sent for the window */
	CHECK_EQ(atomic_load(&d.calls), 2);
	CHECK_EQ(irq_stat_cpu((unsigned int)d.irq, 1), 1);

	/* Back to CPU0, then CPU0 or CPU1: the line stays, nothing waits. */
	CHECK_EQ(route_to(d.irq, 0), 0);
	CHECK_EQ(irq_set_affinity((unsigned int)d.irq, &both), 0);
	CHECK(requested_is(d.irq, both) && effective_is(d.irq, 1));
	dev_raise(&d);
	CHECK_EQ(sim_run(1), 1);
	simpic_line_stats(fx.pic, 2, &s);
	CHECK(s.route == 1 && s.retriggers == 1 && effective_is(d.irq, 1));

	/* Pending at free_irq(): dropped; the next request goes where it was asked. */
	CHECK_EQ(route_to(d.irq, 0), 0);
	CHECK(effective_is(d.irq, 1));
	free_irq((unsigned int)d.irq, &d);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	CHECK(effective_is(d.irq, 0));
	simpic_line_stats(fx.pic, 2, &s);
	CHECK(s.route == 0 && s.retriggers == 1);

	/* Pending when the line's CPU goes offline: moved at once, where it was asked. */
	CHECK_EQ(route_to(d.irq, 1), 0);
	dev_raise(&d);
	sim_run(0);
	CHECK(effective_is(d.irq, 1));
	CHECK_EQ(sim_run(1), 1);
	CHECK_EQ(route_to(d.irq, 0), 0);
	irq_cpu_set_online(1, false);
	CHECK(effective_is(d.irq, 0));
	simpic_line_stats(fx.pic, 2, &s);
	CHECK(s.route == 0 && s.retriggers == 2);
	dev_raise(&d);
	sim_run(0);
	simpic_line_stats(fx.pic, 2, &s);
	CHECK(s.route == 0 && s.retriggers == 2 && !s.masked);	/* nothing was left to move */
	irq_cpu_set_online(1, true);
	CHECK_EQ(atomic_load(&d.handled), 4);
	fx_check_ended_once(&fx, 2, style);
}

TEST_EACH_CHIP(a_move_at_event_waits_for_the_lines_next_event, move_waits_for_the_event)

/*
 * A level line: with the level flow (an ack chip), which carries no move
 * out, it moves at once; with the fasteoi flow it waits for its event
 * like an edge line, and is sent nothing after (it asks again itself).
 */
TEST(a_marked_level_line_moves_at_once_or_at_its_fasteoi_event)
{
	struct simpic_line_stats s;
	struct fixture fx;
	struct dev d;

	marked_line(&fx, &d, SIMPIC_ACK, true);
	CHECK_EQ(route_to(d.irq, 1), 0);
	CHECK(effective_is(d.irq, 1));

	marked_line(&fx, &d, SIMPIC_FASTEOI, true);
	CHECK_EQ(route_to(d.irq, 1), 0);
	CHECK(effective_is(d.irq, 0));
	dev_raise(&d);
	sim_run(0);
	CHECK(effective_is(d.irq, 1));
	simpic_line_stats(fx.pic, 2, &s);
	CHECK(s.route == 1 && !s.masked && s.retriggers == 0);
	CHECK_EQ(sim_run(1), 0);
	CHECK_EQ(atomic_load(&d.handled), 1);
}

/*
 * free_irq() of a line CPU hot-unplug shut down already does not shut it
 * down again (as Linux checks that the line is started): the chip's
 * shutdown runs once per startup.
 */
static unsigned int startups, shutdowns;

static unsigned int count_startup(struct irq_data *d)
{
	(void)d;
	startups++;
	return 0;
}

static void count_shutdown(struct irq_data *d)
{
	(void)d;
	shutdowns++;
}

static void quiet(struct irq_data *d)
{
	(void)d;
}

static int route(struct irq_data *d, const struct irq_cpumask *dest)
{
	irq_data_update_effective_affinity(d, dest);
	return 0;
}

static irqreturn_t nothing(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_HANDLED;
}

TEST(free_irq_of_a_line_shut_down_by_cpu_offline_does_not_shut_it_down_again)
{
	static const struct irq_chip counting = {
		.name = "counting", .startup = count_startup, .shutdown = count_shutdown,
		.mask = quiet, .unmask = quiet, .eoi = quiet, .set_affinity = route,
	};
	struct fixture fx;
	struct irq_domain *d;
	struct irq_cpumask m = one(1);
	static int cookie;
	int irq;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	startups = shutdowns = 0;
	d = irq_domain_create_linear("counting", 4, &counting, NULL);
	irq = irq_create_mapping(d, 1);
	CHECK(irq >= 0);
	CHECK_EQ(request_irq((unsigned int)irq, nothing, 0, "dev", &cookie), 0);
	CHECK_EQ(irq_set_affinity((unsigned int)irq, &m), 0);
	CHECK_EQ(startups, 1);
	irq_cpu_set_online(1, false);			/* its only CPU: shut down */
	CHECK_EQ(shutdowns, 1);
	free_irq((unsigned int)irq, &cookie);
	CHECK_EQ(shutdowns, 1);				/* not a second time */
	CHECK_EQ(irq_get_masked((unsigned int)irq), 1);
	CHECK_EQ(irq_shutdown((unsigned int)irq), 0);	/* nor through the verb */
	CHECK_EQ(shutdowns, 1);
	/* Requested again (to CPU 0, online), then freed: once per startup. */
	CHECK_EQ(request_irq((unsigned int)irq, nothing, 0, "dev", &cookie), 0);
	CHECK_EQ(startups, 2);
	free_irq((unsigned int)irq, &cookie);
	CHECK_EQ(shutdowns, 2);
	irq_cpu_set_online(1, true);			/* nothing to restart */
	CHECK_EQ(startups, 2);
	CHECK_EQ(shutdowns, 2);
}

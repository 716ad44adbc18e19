// SPDX-License-Identifier: MIT
/*
 * The handled-storm rule (core/storm.c): a line that fires faster than
 * its limit for a window is throttled through its depth, reported with
 * its handlers and rate, re-enabled by irq_spurious_poll() after a
 * back-off; a busy but healthy line is never touched. Virtual time.
 */
#include "fixture.h"
#include <genirq/compat.h>

#define US	1000ull
#define MS	(1000ull * US)

static void spurious_view(int irq, char *buf, size_t size)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/irq/%d/spurious", irq);
	CHECK(irq_proc_read(path, buf, size) > 0);
}

static bool state_is(int irq, const char *state)
{
	char buf[512], want[64];

	spurious_view(irq, buf, sizeof(buf));
	snprintf(want, sizeof(want), "state %s\n", state);
	return strstr(buf, want) != NULL;
}

/* @n events from @d, each taken at once, @gap_ns of virtual time apart. */
static void fire(struct dev *d, int n, uint64_t gap_ns)
{
	for (int i = 0; i < n; i++) {
		dev_raise(d);
		sim_run(0);
		sim_time_advance(gap_ns);
	}
}

/* 100,000 handled interrupts per second for 3 s of virtual time. */
static void healthy(enum simpic_style style, bool level)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 1, style);
	dev_init(&d, &fx, 2, level);
	CHECK_EQ(dev_request(&d, 0, "fastnic"), 0);
	for (int i = 0; i < 300000; i++) {
		dev_raise(&d);
		sim_run(0);
		sim_time_advance(10 * US);
		if (i % 1000 == 0)
			irq_spurious_poll();
	}
	CHECK_EQ(atomic_load(&d.handled), 300000);
	CHECK_EQ(irq_get_depth(d.irq), 0);
	CHECK(!sim_console_contains("storm"));
	CHECK(state_is(d.irq, "normal"));
}

TEST(storm_busy_healthy_line_100k_per_second_is_never_throttled_edge)
{
	healthy(SIMPIC_FASTEOI, false);
}

TEST(storm_busy_healthy_line_100k_per_second_is_never_throttled_level)
{
	healthy(SIMPIC_ACK, true);
}

/* Bursts above the limit shorter than a window are not a storm either. */
TEST(storm_short_bursts_are_not_throttled)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 2, false);
	CHECK_EQ(dev_request(&d, 0, "bursty"), 0);
	for (int burst = 0; burst < 20; burst++) {
		fire(&d, 20000, 1 * US);		/* 20,000 at 1M/s: 20 ms */
		sim_time_advance(200 * MS);		/* then quiet */
	}
	CHECK_EQ(atomic_load(&d.handled), 400000);
	CHECK(!sim_console_contains("storm"));
	CHECK_EQ(irq_get_depth(d.irq), 0);
}

/* A device that never drops its level line, with a handler that claims. */
static int stuck_hw = -1;
static struct fixture *stuck_fx;

static irqreturn_t stuck_handler(int irq, void *dev_id)
{
	struct dev *d = dev_id;

	(void)irq;
	atomic_fetch_add(&d->calls, 1);
	if (stuck_hw < 0)
		simpic_lower(stuck_fx->pic, d->hw);	/* fixed: it drops the line */
	return IRQ_HANDLED;
}

TEST(storm_handled_level_storm_is_throttled_reported_and_recovered)
{
	struct fixture fx;
	struct dev d, t;
	struct simpic_line_stats s;
	char buf[512], name[64];
	int calls;

	fx_init(&fx, 1, SIMPIC_ACK);
	stuck_fx = &fx;
	dev_init(&d, &fx, 4, true);
	dev_init(&t, &fx, 1, false);
	CHECK_EQ(request_irq(d.irq, stuck_handler, IRQF_SHARED, "babbler", &d), 0);
	CHECK_EQ(dev_request(&t, 0, "timer"), 0);
	stuck_hw = 4;
	simpic_raise(fx.pic, 4);		/* and it never goes away */
	sim_run(0);
	calls = atomic_load(&d.calls);
	CHECK(calls >= 50000 && calls <= 50001);	/* the default budget */
	snprintf(name, sizeof(name), "irq %d: handled storm", d.irq);
	CHECK(sim_console_contains(name));
	CHECK(sim_console_contains("\"babbler\""));
	CHECK(sim_console_contains("limit 500000/s"));
	CHECK(sim_console_contains("throttled for 100 ms"));
	CHECK_EQ(irq_get_depth(d.irq), 1);
	CHECK(state_is(d.irq, "throttled-storm"));
	spurious_view(d.irq, buf, sizeof(buf));
	CHECK(strstr(buf, "storm_throttles 1\n") != NULL);
	simpic_line_stats(fx.pic, 4, &s);
	CHECK(s.masked);
	CHECK_EQ(s.acks, s.delivered);
	/* The rest of the machine runs. */
	dev_raise(&t);
	sim_run(0);
	CHECK_EQ(atomic_load(&t.handled), 1);
	/* Not before the back-off. */
	sim_time_advance(50 * MS);
	irq_spurious_poll();
	CHECK_EQ(irq_get_depth(d.irq), 1);
	/* After it: re-enabled, storms again, throttled twice as long. */
	sim_console_clear();
	sim_time_advance(60 * MS);
	irq_spurious_poll();
	CHECK(sim_console_contains("storm throttle lifted after 100 ms"));
	CHECK(sim_console_contains("throttled for 200 ms"));
	CHECK_EQ(irq_get_depth(d.irq), 1);
	/* The device is fixed: the next lift sticks, and events flow. */
	stuck_hw = -1;
	sim_console_clear();
	sim_time_advance(200 * MS);
	irq_spurious_poll();
	CHECK(sim_console_contains("storm throttle lifted after 200 ms"));
	CHECK(!sim_console_contains("handled storm"));
	CHECK_EQ(irq_get_depth(d.irq), 0);
	CHECK(state_is(d.irq, "normal"));
	calls = atomic_load(&d.calls);
	simpic_raise(fx.pic, 4);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), calls + 1);
}

/* An edge storm: lazily disabled, the event that comes meanwhile waits. */
TEST(storm_edge_storm_is_throttled_and_loses_no_event)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(irq_set_storm_limit(d.irq, 1000, 10), 0);	/* 10 per 10 ms */
	CHECK_EQ(dev_request(&d, 0, "edgy"), 0);
	fire(&d, 12, 100 * US);				/* 10,000/s */
	CHECK(sim_console_contains("handled storm: 10 events in 900 us (11111/s, limit 1000/s)"));
	CHECK_EQ(irq_get_depth(d.irq), 1);
	CHECK_EQ(atomic_load(&d.handled), 10);
	CHECK_EQ(atomic_load(&d.want), 2);		/* both wait, none lost */
	sim_time_advance(100 * MS);
	irq_spurious_poll();
	sim_run(0);
	do_softirq();
	CHECK_EQ(irq_get_depth(d.irq), 0);
	CHECK_EQ(atomic_load(&d.want), 0);
	CHECK_EQ(atomic_load(&d.handled), 11);
}

TEST(storm_rule_can_be_turned_off_per_line)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(irq_set_storm_limit(d.irq, 0, 0), 0);
	CHECK_EQ(irq_set_storm_limit(9999, 0, 0), -EINVAL);
	CHECK_EQ(dev_request(&d, 0, "polled"), 0);
	fire(&d, 120000, 0);
	CHECK_EQ(atomic_load(&d.handled), 120000);
	CHECK(!sim_console_contains("storm"));
	CHECK(state_is(d.irq, "normal"));
}

/* The throttle is one disable among the driver's: they nest. */
TEST(storm_throttle_nests_with_driver_disables_and_free)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(irq_set_storm_limit(d.irq, 1000, 10), 0);
	CHECK_EQ(dev_request(&d, 0, "edgy"), 0);
	fire(&d, 10, 0);
	CHECK_EQ(irq_get_depth(d.irq), 1);
	disable_irq(d.irq);
	CHECK_EQ(irq_get_depth(d.irq), 2);
	sim_time_advance(100 * MS);
	irq_spurious_poll();
	CHECK_EQ(irq_get_depth(d.irq), 1);		/* the driver's disable stays */
	CHECK(state_is(d.irq, "disabled"));
	enable_irq(d.irq);
	CHECK_EQ(irq_get_depth(d.irq), 0);
	/* Freed while throttled: the next driver starts clean, and a late
	 * poll does not enable a line that has no handler. */
	fire(&d, 10, 0);
	CHECK(state_is(d.irq, "throttled-storm"));
	free_irq(d.irq, &d);
	CHECK(state_is(d.irq, "unused"));
	sim_time_advance(10000 * MS);
	irq_spurious_poll();
	CHECK_EQ(irq_get_depth(d.irq), 1);
	CHECK_EQ(dev_request(&d, 0, "again"), 0);
	CHECK_EQ(irq_get_depth(d.irq), 0);
	CHECK(state_is(d.irq, "normal"));
}

/* The longest pending loop is recorded (make stress reports it). */
static struct fixture *loop_fx;
static int loop_left;

static irqreturn_t reraise_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	if (loop_left-- > 0)
		simpic_raise(loop_fx->pic, 3);	/* comes while we run */
	return IRQ_HANDLED;
}

TEST(storm_longest_pending_loop_is_counted)
{
	struct fixture fx;
	int irq;

	fx_init(&fx, 1, SIMPIC_ACK);
	loop_fx = &fx;
	irq = simpic_map(fx.pic, 3, IRQ_TYPE_EDGE_RISING);
	CHECK(irq >= 0);
	CHECK_EQ(irq_pending_loop_max(), 0);
	CHECK_EQ(request_irq((unsigned int)irq, reraise_handler, 0, "loopy", &fx), 0);
	loop_left = 4;
	simpic_raise(fx.pic, 3);
	sim_run(0);
	CHECK_EQ(irq_pending_loop_max(), 5);
}

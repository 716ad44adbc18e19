// SPDX-License-Identifier: MIT
/* Unhandled events, stuck lines, bogus returns, decay, recovery, noirqdebug. */
#include "fixture.h"

#define WINDOW	100000

/*
 * A level line asserted by a device nobody services: a screaming line.
 * CPU 0 has interrupts on, so it takes the line from inside the raise,
 * again and again, until the core disables it. Return: events taken.
 */
static unsigned long scream(struct fixture *fx, struct dev *d)
{
	struct simpic_line_stats before, after;

	simpic_line_stats(fx->pic, d->hw, &before);
	simpic_raise(fx->pic, d->hw);
	sim_run(0);
	simpic_line_stats(fx->pic, d->hw, &after);
	return after.delivered - before.delivered;
}

TEST(screaming_line_is_disabled_within_100000_events_and_names_handlers)
{
	struct fixture fx;
	struct dev a, b, t;
	struct simpic_line_stats s;
	unsigned long events;
	char buf[256], path[64];

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&a, &fx, 5, true);
	b = a;
	dev_init(&t, &fx, 0, false);
	CHECK_EQ(dev_request(&t, 0, "timer"), 0);
	CHECK_EQ(dev_request(&a, IRQF_SHARED, "eth0"), 0);
	CHECK_EQ(dev_request(&b, IRQF_SHARED, "usb1"), 0);
	events = scream(&fx, &a);
	CHECK(events <= WINDOW);
	snprintf(buf, sizeof(buf), "irq %d: nobody cared", a.irq);
	CHECK(sim_console_contains(buf));
	CHECK(sim_console_contains("\"eth0\""));
	CHECK(sim_console_contains("\"usb1\""));
	CHECK(sim_console_contains("Disabling IRQ #"));
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 1);
	simpic_line_stats(fx.pic, 5, &s);
	CHECK(s.masked && s.asserted);
	snprintf(path, sizeof(path), "/proc/irq/%d/spurious", a.irq);
	CHECK(irq_proc_read(path, buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "state disabled") != NULL);
	/* The rest of the machine still works. */
	dev_raise(&t);
	CHECK_EQ(atomic_load(&t.handled), 1);
	/* enable_irq brings the line back once the device is quiet. */
	simpic_lower(fx.pic, 5);
	enable_irq((unsigned int)a.irq);
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 0);
	dev_raise(&a);
	CHECK_EQ(atomic_load(&a.handled), 1);
}

TEST(spurious_view_reports_state_of_a_disabled_line)
{
	struct fixture fx;
	struct dev a;
	char path[64], buf[256];

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 5, true);
	CHECK_EQ(dev_request(&a, 0, "eth0"), 0);
	scream(&fx, &a);
	snprintf(path, sizeof(path), "/proc/irq/%d/spurious", a.irq);
	CHECK(irq_proc_read(path, buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "state disabled-by-spurious-rule") != NULL);
	CHECK(irq_proc_read("/proc/interrupts", buf, sizeof(buf)) > 0);
}

TEST(mostly_handled_shared_line_is_never_disabled)
{
	struct fixture fx;
	struct dev a;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 4, false);
	CHECK_EQ(dev_request(&a, 0, "dev"), 0);
	/* 300 of every 100,000 events handled: more than the rule's 100. */
	for (unsigned int i = 0; i < 3 * WINDOW; i++) {
		if (i % 1000 < 3)
			dev_raise(&a);
		else
			simpic_raise(fx.pic, 4);
	}
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 0);
	CHECK(!sim_console_contains("Disabling IRQ"));
}

TEST(old_unhandled_events_decay)
{
	struct fixture fx;
	struct dev a;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 4, false);
	CHECK_EQ(dev_request(&a, 0, "dev"), 0);
	/* Unhandled all the time, but spread out: 150 ms apart, never stuck. */
	for (unsigned int i = 0; i < 2 * WINDOW; i++) {
		simpic_raise(fx.pic, 4);
		if (i % 50000 == 49999)
			sim_time_advance(150ull * 1000 * 1000);
	}
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 0);
	CHECK(!sim_console_contains("Disabling IRQ"));
}

TEST(disabled_line_recovers_when_poll_finds_device_served)
{
	struct fixture fx;
	struct dev a;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&a, &fx, 5, true);
	CHECK_EQ(dev_request(&a, 0, "eth0"), 0);
	scream(&fx, &a);
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 1);
	irq_spurious_poll();			/* device still silent to its driver */
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 1);
	/* The driver's device now has work: a polled call claims it. */
	atomic_store(&a.want, 1);
	sim_time_advance(20ull * 1000 * 1000);
	irq_spurious_poll();
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 0);
	CHECK(sim_console_contains("re-enabled after a handler claimed a polled event"));
}

TEST(disabled_line_is_retried_after_backoff_which_doubles)
{
	struct fixture fx;
	struct dev a;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&a, &fx, 5, true);
	CHECK_EQ(dev_request(&a, 0, "eth0"), 0);
	scream(&fx, &a);
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 1);
	sim_time_advance(50ull * 1000 * 1000);
	irq_spurious_poll();
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 1);	/* 50 ms < 100 ms */
	simpic_lower(fx.pic, 5);
	sim_time_advance(60ull * 1000 * 1000);
	irq_spurious_poll();
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 0);
	CHECK(sim_console_contains("re-enabled after back-off"));
	/* Screams again: disabled again, next retry 200 ms later. */
	sim_console_clear();
	scream(&fx, &a);
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 1);
	sim_time_advance(150ull * 1000 * 1000);
	irq_spurious_poll();
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 1);
	/* Retried at 200 ms while still asserted: screams, off again (400 ms). */
	sim_console_clear();
	sim_time_advance(60ull * 1000 * 1000);
	irq_spurious_poll();
	CHECK(sim_console_contains("re-enabled after back-off"));
	CHECK(sim_console_contains("Disabling IRQ"));
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 1);
	simpic_lower(fx.pic, 5);
	sim_time_advance(390ull * 1000 * 1000);
	irq_spurious_poll();
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 1);
	sim_time_advance(20ull * 1000 * 1000);
	irq_spurious_poll();
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 0);
}

TEST(bogus_return_value_is_reported)
{
	struct fixture fx;
	struct dev a;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 4, false);
	a.force = (irqreturn_t)0x7;
	CHECK_EQ(dev_request(&a, 0, "weird"), 0);
	dev_raise(&a);
	CHECK(sim_console_contains("bogus return value 7"));
	CHECK(sim_console_contains("\"weird\""));
}

TEST(reports_stop_after_100)
{
	struct fixture fx;
	struct dev a;
	const char *p;
	int n = 0;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 4, false);
	a.force = (irqreturn_t)0x6;
	CHECK_EQ(dev_request(&a, 0, "weird"), 0);
	for (int i = 0; i < 150; i++)
		dev_raise(&a);
	for (p = sim_console(); (p = strstr(p, "bogus return value")) != NULL; p++)
		n++;
	CHECK_EQ(n, 100);
}

static struct simpic *quiet_pic;
static atomic_int quiet_calls;

/* Claims nothing; the device stops asserting after 2 windows' worth. */
static irqreturn_t gives_up(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	if (atomic_fetch_add(&quiet_calls, 1) + 1 == 2 * WINDOW + 10)
		simpic_lower(quiet_pic, 5);
	return IRQ_NONE;
}

TEST(noirqdebug_turns_detection_off)
{
	struct fixture fx;
	struct dev a;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&a, &fx, 5, true);
	quiet_pic = fx.pic;
	irq_set_noirqdebug(true);
	CHECK(sim_console_contains("IRQ lockup detection disabled"));
	CHECK_EQ(request_irq((unsigned int)a.irq, gives_up, 0, "eth0", &a), 0);
	simpic_raise(fx.pic, 5);
	CHECK_EQ(atomic_load(&quiet_calls), 2 * WINDOW + 10);
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 0);
	CHECK(!sim_console_contains("Disabling IRQ"));
}

static bool spurious_state_is(int irq, const char *state)
{
	char path[64], buf[512], want[64];

	snprintf(path, sizeof(path), "/proc/irq/%d/spurious", irq);
	CHECK(irq_proc_read(path, buf, sizeof(buf)) > 0);
	snprintf(want, sizeof(want), "state %s\n", state);
	return strstr(buf, want) != NULL;
}

/* The rule's disable counts once and is undone once; the driver's holds. */
static void poll_keeps_driver_disable(enum simpic_style style)
{
	struct fixture fx;
	struct simpic_line_stats s;
	struct dev a;
	int calls;

	fx_init(&fx, 1, style);
	dev_init(&a, &fx, 5, true);
	CHECK_EQ(dev_request(&a, 0, "eth0"), 0);
	scream(&fx, &a);
	simpic_lower(fx.pic, 5);
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 1);
	disable_irq((unsigned int)a.irq);		/* the driver's own */
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 2);
	calls = atomic_load(&a.calls);
	for (int i = 0; i < 10; i++) {			/* back-offs run out, many polls */
		sim_time_advance(5000ull * 1000 * 1000);
		irq_spurious_poll();
		CHECK_EQ(irq_get_depth((unsigned int)a.irq), 1);
		CHECK(spurious_state_is(a.irq, "disabled"));
	}
	CHECK_EQ(atomic_load(&a.calls), calls);	/* a driver-disabled line is not polled */
	simpic_line_stats(fx.pic, 5, &s);
	CHECK(s.masked);
	sim_console_clear();
	enable_irq((unsigned int)a.irq);
	CHECK(!sim_console_contains("unbalanced"));
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 0);
	CHECK(spurious_state_is(a.irq, "normal"));
	dev_raise(&a);
	CHECK_EQ(atomic_load(&a.handled), 1);
}

TEST_EACH_CHIP(stuck_line_poll_never_takes_back_a_driver_disable, poll_keeps_driver_disable)

/* enable_irq() made while the poller runs the line's handlers. */
static atomic_int enable_from_poll;

static irqreturn_t enables_when_polled(int irq, void *dev_id)
{
	struct dev *d = dev_id;

	if (atomic_exchange(&enable_from_poll, 0))
		enable_irq((unsigned int)irq);
	return dev_handler(irq, d);
}

static void enable_during_poll(enum simpic_style style)
{
	struct fixture fx;
	struct simpic_line_stats s;
	struct dev a;

	fx_init(&fx, 1, style);
	dev_init(&a, &fx, 5, true);
	CHECK_EQ(request_irq((unsigned int)a.irq, enables_when_polled, 0, "eth0", &a), 0);
	scream(&fx, &a);
	simpic_lower(fx.pic, 5);
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 1);
	atomic_store(&enable_from_poll, 1);
	sim_time_advance(20ull * 1000 * 1000);
	irq_spurious_poll();
	CHECK_EQ(atomic_load(&enable_from_poll), 0);	/* the poll ran the handler */
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 0);
	simpic_line_stats(fx.pic, 5, &s);
	CHECK(!s.masked);				/* depth 0 means unmasked */
	dev_raise(&a);
	CHECK_EQ(atomic_load(&a.handled), 1);
}

TEST_EACH_CHIP(enable_irq_during_a_poll_leaves_the_line_unmasked, enable_during_poll)

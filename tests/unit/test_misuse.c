// SPDX-License-Identifier: MIT
/*
 * Misuse and limits: every refused call leaves all state as it was and
 * says why on the console once; arithmetic on caller-given limits never
 * wraps into something the caller did not ask for.
 */
#include <limits.h>
#include <genirq/compat.h>
#include "fixture.h"
#include "internals.h"

#define US	1000ull
#define MS	(1000ull * US)

static const struct irq_chip plain_chip = { .name = "plain" };

/* How many times @needle appears in the console. */
static int console_count(const char *needle)
{
	const char *p = sim_console();
	int n = 0;

	while ((p = strstr(p, needle)) != NULL) {
		n++;
		p += strlen(needle);
	}
	return n;
}

TEST(legacy_domain_refuses_a_hwirq_range_that_wraps)
{
	struct fixture fx;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	/* first_hwirq + size past the end of irq_hw_number_t */
	CHECK(irq_domain_create_legacy("wrap", 4, 200, ~(irq_hw_number_t)0 - 1,
				       &plain_chip, NULL) == NULL);
	CHECK(sim_console_contains("domain wrap: "));
	/* first_hwirq that does not fit a map index */
	CHECK(irq_domain_create_legacy("wide", 4, 200, (irq_hw_number_t)1 << 40,
				       &plain_chip, NULL) == NULL);
	CHECK(sim_console_contains("domain wide: "));
	/* first_irq + size past the capacity */
	CHECK(irq_domain_create_legacy("high", 4, UINT_MAX - 1, 0, &plain_chip, NULL) == NULL);
	/* Nothing was allocated for any of them. */
	for (unsigned int i = 200; i < 204; i++)
		CHECK(irq_to_desc(i) == NULL);
	CHECK_EQ(irq_domain_create_legacy("ok", 4, 200, 8, &plain_chip, NULL) != NULL, 1);
	CHECK_EQ(irq_find_mapping(NULL, 0), -ENOENT);
}

TEST(storm_limit_saturates_instead_of_overflowing)
{
	struct fixture fx;
	struct dev d;
	char path[64], buf[512];

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 2, false);
	CHECK_EQ(dev_request(&d, 0, "fast"), 0);
	/* rate x window overflows 64 bits: the budget saturates, not wraps to 1 */
	CHECK_EQ(irq_set_storm_limit((unsigned int)d.irq, 1UL << 62, 4), 0);
	for (int i = 0; i < 1000; i++) {
		dev_raise(&d);
		sim_run(0);
		sim_time_advance(1 * US);
	}
	CHECK_EQ(atomic_load(&d.handled), 1000);
	CHECK(!sim_console_contains("storm"));
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 0);
	snprintf(path, sizeof(path), "/proc/irq/%d/spurious", d.irq);
	CHECK(irq_proc_read(path, buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "state normal") != NULL);
	/* The same for the default. */
	irq_set_storm_default(ULONG_MAX, UINT_MAX);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(dev_request(&d, 0, "fast2"), 0);
	for (int i = 0; i < 1000; i++) {
		dev_raise(&d);
		sim_run(0);
	}
	CHECK_EQ(atomic_load(&d.handled), 1000);
	CHECK(!sim_console_contains("storm"));
}

TEST(report_limit_saturates_and_never_wraps)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 4, false);
	d.force = (irqreturn_t)7;	/* a bogus return: reported while reports last */
	CHECK_EQ(dev_request(&d, 0, "bogus"), 0);
	/* As if 2^31 bad events had been reported already. */
	atomic_store(&irq_reports_left, INT_MIN + 3);
	for (int i = 0; i < 20; i++) {
		dev_raise(&d);
		sim_run(0);
	}
	CHECK(!sim_console_contains("bogus return value"));
	atomic_store(&irq_reports_left, 2);
	for (int i = 0; i < 20; i++) {
		dev_raise(&d);
		sim_run(0);
	}
	CHECK_EQ(console_count("bogus return value"), 2);
	CHECK(atomic_load(&irq_reports_left) >= 0);
}

TEST(percpu_flag_must_match_the_line)
{
	struct fixture fx;
	struct dev normal, pc;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&normal, &fx, 2, false);
	dev_init(&pc, &fx, 5, false);
	CHECK_EQ(irq_set_percpu((unsigned int)pc.irq), 0);
	sim_console_clear();
	/* IRQF_PERCPU on a normal line */
	CHECK_EQ(dev_request(&normal, IRQF_PERCPU, "wrong"), -EINVAL);
	CHECK_EQ(console_count("IRQF_PERCPU"), 1);
	CHECK_EQ(irq_get_depth((unsigned int)normal.irq), 1);
	CHECK_EQ(can_request_irq((unsigned int)normal.irq, 0), 1);
	/* a per-CPU line without it */
	sim_console_clear();
	CHECK_EQ(dev_request(&pc, 0, "wrong"), -EINVAL);
	CHECK_EQ(console_count("IRQF_PERCPU"), 1);
	/* both right */
	CHECK_EQ(dev_request(&normal, 0, "right"), 0);
	CHECK_EQ(dev_request(&pc, IRQF_PERCPU, "tick"), 0);
	dev_raise(&pc);
	sim_run(0);
	CHECK_EQ(atomic_load(&pc.handled), 1);
}

TEST(can_request_irq_agrees_with_request_irq_on_a_percpu_line)
{
	struct fixture fx;
	struct dev pc, other;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&pc, &fx, 5, false);
	CHECK_EQ(irq_set_percpu((unsigned int)pc.irq), 0);
	CHECK_EQ(can_request_irq((unsigned int)pc.irq, IRQF_PERCPU | IRQF_SHARED), 1);
	CHECK_EQ(dev_request(&pc, IRQF_PERCPU | IRQF_SHARED, "tick"), 0);
	other = pc;
	/* A second handler, sharing or not: both verbs refuse it. */
	for (int shared = 0; shared < 2; shared++) {
		unsigned long flags = IRQF_PERCPU | (shared ? IRQF_SHARED : 0);

		CHECK_EQ(can_request_irq((unsigned int)pc.irq, flags), 0);
		CHECK_EQ(request_irq((unsigned int)pc.irq, dev_handler, flags, "second", &other),
			 -EBUSY);
	}
}

TEST(disable_enable_pair_on_a_line_without_handler_is_symmetric)
{
	struct fixture fx;
	struct dev d;
	struct simpic_line_stats s;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&d, &fx, 6, false);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 1);
	disable_irq((unsigned int)d.irq);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 2);
	enable_irq((unsigned int)d.irq);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 1);
	/* The last one would start a line nobody handles: refused, once. */
	sim_console_clear();
	enable_irq((unsigned int)d.irq);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 1);
	CHECK_EQ(console_count("no handler"), 1);
	simpic_line_stats(fx.pic, 6, &s);
	CHECK(s.masked);
	/* A handler still starts it at depth 0. */
	CHECK_EQ(dev_request(&d, 0, "late"), 0);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
}

static void demux(struct irq_desc *desc)
{
	(void)desc;
}

TEST(request_on_a_chained_line_is_einval)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 7, false);
	CHECK_EQ(irq_set_chained_handler((unsigned int)d.irq, demux, NULL), 0);
	sim_console_clear();
	CHECK_EQ(dev_request(&d, 0, "driver"), -EINVAL);
	CHECK_EQ(console_count("chained"), 1);
	CHECK_EQ(can_request_irq((unsigned int)d.irq, 0), 0);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 0);
}

/* A handler that waits for its own line, or for the line it interrupted. */
static struct dev self_dev, inner_dev;
static atomic_int self_calls;
static int self_depth_seen;

static irqreturn_t disables_itself(int irq, void *dev_id)
{
	(void)dev_id;
	atomic_fetch_add(&self_calls, 1);
	disable_irq((unsigned int)irq);
	synchronize_irq((unsigned int)irq);
	self_depth_seen = irq_get_depth((unsigned int)irq);
	return IRQ_HANDLED;
}

TEST(disable_irq_from_its_own_handler_is_reported_and_does_not_wait)
{
	struct fixture fx;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&self_dev, &fx, 3, false);
	CHECK_EQ(request_irq((unsigned int)self_dev.irq, disables_itself, 0, "self",
			     &self_dev), 0);
	sim_console_clear();
	dev_raise(&self_dev);		/* would spin for good */
	CHECK_EQ(atomic_load(&self_calls), 1);
	CHECK_EQ(self_depth_seen, 1);	/* the depth is taken, as disable_irq_nosync's */
	CHECK_EQ(console_count("disable_irq"), 1);
	CHECK_EQ(console_count("synchronize_irq"), 1);
	enable_irq((unsigned int)self_dev.irq);
	CHECK_EQ(irq_get_depth((unsigned int)self_dev.irq), 0);
}

static irqreturn_t inner_waits_for_outer(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	disable_irq((unsigned int)self_dev.irq);
	return IRQ_HANDLED;
}

static irqreturn_t outer_raises_inner(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	atomic_fetch_add(&self_calls, 1);
	dev_raise(&inner_dev);		/* interrupts are on: it nests here */
	return IRQ_HANDLED;
}

TEST(disable_irq_of_an_interrupted_line_from_a_nested_handler_does_not_wait)
{
	struct fixture fx;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&self_dev, &fx, 6, false);
	dev_init(&inner_dev, &fx, 2, false);	/* higher priority: nests */
	CHECK_EQ(request_irq((unsigned int)self_dev.irq, outer_raises_inner, 0, "outer",
			     &self_dev), 0);
	CHECK_EQ(request_irq((unsigned int)inner_dev.irq, inner_waits_for_outer, 0, "inner",
			     &inner_dev), 0);
	sim_console_clear();
	dev_raise(&self_dev);
	CHECK_EQ(atomic_load(&self_calls), 1);
	CHECK_EQ(irq_get_depth((unsigned int)self_dev.irq), 1);
	CHECK_EQ(console_count("disable_irq"), 1);
	enable_irq((unsigned int)self_dev.irq);
	CHECK_EQ(irq_get_depth((unsigned int)self_dev.irq), 0);
}

/* The lock rules the comments state are checked in GENIRQ_DEBUG builds. */
TEST(debug_assertions_catch_a_broken_lock_rule)
{
	struct fixture fx;
	struct dev d;
	struct irq_desc *desc;
	unsigned long before;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	desc = irq_to_desc((unsigned int)d.irq);
	sim_expect_assert(true);
	before = sim_asserts();
	irq_disable_locked(desc);		/* without desc->lock */
	CHECK(sim_asserts() > before);
	before = sim_asserts();
	irq_enable_locked(desc);
	CHECK(sim_asserts() > before);
	sim_expect_assert(false);
	desc_unlock(desc);	/* the state stores above set the lock bit: drop it */
	/* With the lock, no rule is broken. */
	before = sim_asserts();
	disable_irq((unsigned int)d.irq);
	enable_irq((unsigned int)d.irq);
	CHECK_EQ(sim_asserts(), before);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 0);
}

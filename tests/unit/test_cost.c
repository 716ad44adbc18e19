// SPDX-License-Identifier: MIT
/* Per-line cost accounting: off by default, per line, figures and /proc. */
#include <stdlib.h>
#include <genirq/compat.h>
#include "fixture.h"

/* A device whose handler takes a set number of (simulated) cycles. */
struct slow_dev {
	struct dev	dev;
	uint64_t	cycles;
};

static irqreturn_t slow_handler(int irq, void *dev_id)
{
	struct slow_dev *s = dev_id;

	sim_time_advance(s->cycles);	/* the host port's cycle counter */
	return dev_handler(irq, &s->dev);
}

static void slow_init(struct slow_dev *s, struct fixture *fx, irq_hw_number_t hw,
		      uint64_t cycles)
{
	dev_init(&s->dev, fx, hw, false);
	s->cycles = cycles;
	CHECK_EQ(request_irq((unsigned int)s->dev.irq, slow_handler, 0, "slow", s), 0);
}

/* One machine, one slow device on @hw with accounting on: its line. */
static unsigned int start_timed(struct fixture *fx, struct slow_dev *s, irq_hw_number_t hw,
				uint64_t cycles)
{
	fx_init(fx, 1, SIMPIC_ACK);
	slow_init(s, fx, hw, cycles);
	CHECK_EQ(irq_set_cost_accounting((unsigned int)s->dev.irq, true), 0);
	return (unsigned int)s->dev.irq;
}

static void fire(struct slow_dev *s, int times)
{
	for (int i = 0; i < times; i++) {
		dev_raise(&s->dev);
		sim_run(0);
	}
}

TEST(cost_accounting_is_off_by_default)
{
	struct fixture fx;
	struct slow_dev s;
	struct irq_cost c;

	fx_init(&fx, 1, SIMPIC_ACK);
	slow_init(&s, &fx, 2, 100);
	fire(&s, 3);
	CHECK_EQ(irq_get_cost((unsigned int)s.dev.irq, &c), 0);
	CHECK(!c.enabled);
	CHECK_EQ(c.count, 0);
	CHECK_EQ(c.total_cycles, 0);
	CHECK_EQ(atomic_load(&s.dev.handled), 3);
}

TEST(cost_accounting_counts_total_max_and_histogram)
{
	struct fixture fx;
	struct slow_dev s;
	struct irq_cost c;
	unsigned int irq;

	irq = start_timed(&fx, &s, 2, 100);
	fire(&s, 3);			/* 100 cycles: bucket [64, 128) */
	s.cycles = 5000;
	fire(&s, 1);			/* 5000 cycles: bucket [4096, 8192) */
	s.cycles = 0;
	fire(&s, 1);			/* 0 cycles: bucket 0 */
	CHECK_EQ(irq_get_cost(irq, &c), 0);
	CHECK(c.enabled);
	CHECK_EQ(c.count, 5);
	CHECK_EQ(c.total_cycles, 5300);
	CHECK_EQ(c.max_cycles, 5000);
	CHECK_EQ(c.hist[0], 1);
	CHECK_EQ(c.hist[1], 3);
	CHECK_EQ(c.hist[7], 1);
	CHECK_EQ(atomic_load(&s.dev.handled), 5);
	CHECK_EQ(irq_stat_total(irq), 5);
}

TEST(cost_accounting_is_per_line_and_switches_off)
{
	struct fixture fx;
	struct slow_dev a, b;
	struct irq_cost c;

	fx_init(&fx, 1, SIMPIC_ACK);
	slow_init(&a, &fx, 2, 10);
	slow_init(&b, &fx, 3, 10);
	CHECK_EQ(irq_set_cost_accounting((unsigned int)a.dev.irq, true), 0);
	fire(&a, 2);
	fire(&b, 2);
	CHECK_EQ(irq_get_cost((unsigned int)b.dev.irq, &c), 0);
	CHECK_EQ(c.count, 0);
	CHECK_EQ(irq_set_cost_accounting((unsigned int)a.dev.irq, false), 0);
	fire(&a, 4);
	CHECK_EQ(irq_get_cost((unsigned int)a.dev.irq, &c), 0);
	CHECK(!c.enabled);
	CHECK_EQ(c.count, 2);		/* kept, not added to while off */
	CHECK_EQ(atomic_load(&a.dev.handled), 6);
	/* On again: the figures go on adding up. */
	CHECK_EQ(irq_set_cost_accounting((unsigned int)a.dev.irq, true), 0);
	fire(&a, 1);
	CHECK_EQ(irq_get_cost((unsigned int)a.dev.irq, &c), 0);
	CHECK_EQ(c.count, 3);
	CHECK_EQ(irq_set_cost_accounting(9999, true), -EINVAL);
	CHECK_EQ(irq_get_cost(9999, &c), -EINVAL);
}

TEST(cost_accounting_survives_a_trigger_change)
{
	struct fixture fx;
	struct slow_dev s;
	struct irq_cost c;
	unsigned int irq;

	irq = start_timed(&fx, &s, 4, 10);
	/* The core picks a new flow; it goes behind the measuring wrapper. */
	CHECK_EQ(irq_set_irq_type(irq, IRQ_TYPE_EDGE_FALLING), 0);
	fire(&s, 2);
	CHECK_EQ(irq_get_cost(irq, &c), 0);
	CHECK_EQ(c.count, 2);
	CHECK_EQ(irq_set_cost_accounting(irq, false), 0);
	fire(&s, 1);
	CHECK_EQ(irq_get_cost(irq, &c), 0);
	CHECK_EQ(c.count, 2);
	CHECK_EQ(atomic_load(&s.dev.handled), 3);
}

TEST(cost_accounting_keeps_pending_and_disable_rules)
{
	struct fixture fx;
	struct slow_dev s;
	struct irq_cost c;
	unsigned int irq;

	irq = start_timed(&fx, &s, 5, 10);
	disable_irq(irq);
	fire(&s, 1);
	CHECK_EQ(atomic_load(&s.dev.handled), 0);
	enable_irq(irq);		/* the edge is replayed, and timed */
	sim_run(0);
	CHECK_EQ(atomic_load(&s.dev.handled), 1);
	CHECK_EQ(irq_get_cost(irq, &c), 0);
	CHECK(c.count >= 1);		/* the replay (and a pending pass, if delivered) */
	CHECK_EQ(c.total_cycles, 10);
}

TEST(proc_irq_cost_reads_and_switches)
{
	struct fixture fx;
	struct slow_dev s;
	char buf[1024], path[64];
	unsigned int irq;

	fx_init(&fx, 1, SIMPIC_ACK);
	slow_init(&s, &fx, 6, 100);
	irq = (unsigned int)s.dev.irq;
	snprintf(path, sizeof(path), "/proc/irq/%u/cost", irq);
	CHECK(irq_proc_read(path, buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "accounting off\ncount 0\n") != NULL);
	CHECK_EQ(irq_proc_write(path, "1\n", 2), 0);
	fire(&s, 2);
	CHECK(irq_proc_read(path, buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "accounting on\ncount 2\ntotal_cycles 200\nmax_cycles 100\n"
		      "mean_cycles 100\nhistogram\n") != NULL);
	CHECK(strstr(buf, "\n        64 2\n") != NULL);
	CHECK_EQ(irq_proc_write(path, "yes", 3), -EINVAL);
	CHECK_EQ(irq_proc_write(path, "0", 1), 0);
	CHECK(irq_proc_read(path, buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "accounting off\ncount 2\n") != NULL);
}

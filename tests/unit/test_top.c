// SPDX-License-Identifier: MIT
/*
 * irqtop's snapshots, rates and sort (core/top.c), at virtual times the
 * test chooses: the rates are exact, never measured against a clock.
 */
#include <limits.h>
#include <genirq/top.h>
#include <genirq/compat.h>
#include "fixture.h"

#define MS		1000000ull
#define TOP_MAX		8

struct top {
	struct irq_top_line	a[TOP_MAX], b[TOP_MAX];
	struct irq_top_snap	old, now;
	struct irq_top_row	rows[TOP_MAX];
};

static void top_init(struct top *t)
{
	irq_top_snap_init(&t->old, t->a, TOP_MAX);
	irq_top_snap_init(&t->now, t->b, TOP_MAX);
}

/* @n events of @d on CPU @cpu (the line routed there first). */
static void fire_on(struct dev *d, unsigned int cpu, int n)
{
	struct irq_cpumask m;

	cpumask_clear(&m);
	cpumask_set_cpu(cpu, &m);
	CHECK_EQ(irq_set_affinity((unsigned int)d->irq, &m), 0);
	for (int i = 0; i < n; i++) {
		dev_raise(d);
		sim_run(cpu);
	}
}

TEST(top_rate_math_is_exact_and_saturates)
{
	CHECK_EQ(irq_top_rate(100, 1000 * MS), 100);
	CHECK_EQ(irq_top_rate(100, 500 * MS), 200);
	CHECK_EQ(irq_top_rate(1, 3000 * MS), 0);			/* rounded down */
	CHECK_EQ(irq_top_rate(7, 2000 * MS), 3);
	CHECK_EQ(irq_top_rate(5, 0), 0);				/* no time: no rate */
	CHECK_EQ(irq_top_rate(0, 1000 * MS), 0);
	CHECK_EQ(irq_top_rate(1, 1), 1000000000ul);
	CHECK_EQ(irq_top_rate(ULONG_MAX, 1), ULONG_MAX);		/* does not wrap */
	CHECK_EQ(irq_top_rate(ULONG_MAX, UINT64_MAX), 1000000000ul);	/* one a nanosecond */
}

TEST(top_cpu_delta_counts_from_zero_for_a_reused_number)
{
	struct irq_top_line prev = { .irq = 3, .count = { 10, 5 } };
	struct irq_top_line now = { .irq = 3, .count = { 25, 2 } };

	CHECK_EQ(irq_top_cpu_delta(&now, &prev, 0), 15);
	CHECK_EQ(irq_top_cpu_delta(&now, &prev, 1), 2);	/* went down: a new line */
	CHECK_EQ(irq_top_cpu_delta(&now, NULL, 0), 25);
}

TEST(top_rows_have_rates_per_cpu_and_sort_busiest_first)
{
	struct fixture fx;
	struct dev timer, nic, disk, idle;
	struct top t;
	unsigned int n;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&timer, &fx, 1, false);
	dev_init(&nic, &fx, 2, false);
	dev_init(&disk, &fx, 3, false);
	dev_init(&idle, &fx, 4, false);
	CHECK_EQ(dev_request(&timer, 0, "timer"), 0);
	CHECK_EQ(dev_request(&nic, 0, "nic"), 0);
	CHECK_EQ(dev_request(&disk, 0, "disk"), 0);
	CHECK_EQ(dev_request(&idle, 0, "idle"), 0);
	top_init(&t);
	fire_on(&disk, 0, 40);			/* before: in the total, not the rate */
	fire_on(&idle, 1, 3);
	irq_top_sample(&t.old);
	CHECK_EQ(t.old.nr, 4);
	CHECK_EQ(t.old.nr_cpus, 2);
	CHECK_EQ(t.old.time_ns, sim_time_ns());
	sim_time_advance(500 * MS);
	fire_on(&timer, 0, 50);
	fire_on(&nic, 0, 30);
	fire_on(&nic, 1, 70);
	fire_on(&disk, 1, 5);
	irq_top_sample(&t.now);
	CHECK_EQ(t.now.time_ns - t.old.time_ns, 500 * MS);
	n = irq_top_diff(&t.old, &t.now, t.rows, TOP_MAX);
	CHECK_EQ(n, 4);
	/* nic 100 in 0.5 s, timer 50, disk 5 (of 45), idle 0 (of 3). */
	CHECK_EQ(t.rows[0].line->irq, (unsigned int)nic.irq);
	CHECK_EQ(t.rows[0].rate, 200);
	CHECK_EQ(t.rows[0].delta, 100);
	CHECK_EQ(t.rows[0].total, 100);
	CHECK_EQ(irq_top_cpu_delta(t.rows[0].line, t.rows[0].prev, 0), 30);
	CHECK_EQ(irq_top_cpu_delta(t.rows[0].line, t.rows[0].prev, 1), 70);
	CHECK_EQ(t.rows[1].line->irq, (unsigned int)timer.irq);
	CHECK_EQ(t.rows[1].rate, 100);
	CHECK_EQ(t.rows[2].line->irq, (unsigned int)disk.irq);
	CHECK_EQ(t.rows[2].rate, 10);
	CHECK_EQ(t.rows[2].total, 45);
	CHECK_EQ(t.rows[3].line->irq, (unsigned int)idle.irq);
	CHECK_EQ(t.rows[3].rate, 0);
	CHECK_EQ(t.rows[3].total, 3);
	CHECK_STR(t.rows[3].line->name, "idle");
	/* Room for fewer rows: the busiest ones. */
	CHECK_EQ(irq_top_diff(&t.old, &t.now, t.rows, 2), 2);
	CHECK_EQ(t.rows[0].line->irq, (unsigned int)nic.irq);
}

/* Equal rates: the larger total first, then the lower number. */
TEST(top_ties_break_on_total_then_number)
{
	struct fixture fx;
	struct dev a, b, c;
	struct top t;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 1, false);
	dev_init(&b, &fx, 2, false);
	dev_init(&c, &fx, 3, false);
	CHECK_EQ(dev_request(&a, 0, "a"), 0);
	CHECK_EQ(dev_request(&b, 0, "b"), 0);
	CHECK_EQ(dev_request(&c, 0, "c"), 0);
	fire_on(&c, 0, 2);
	top_init(&t);
	irq_top_sample(&t.old);
	sim_time_advance(1000 * MS);
	fire_on(&a, 0, 4);
	fire_on(&b, 0, 4);
	fire_on(&c, 0, 4);
	irq_top_sample(&t.now);
	CHECK_EQ(irq_top_diff(&t.old, &t.now, t.rows, TOP_MAX), 3);
	CHECK_EQ(t.rows[0].line->irq, (unsigned int)c.irq);	/* 6 in all */
	CHECK_EQ(t.rows[1].line->irq, (unsigned int)a.irq);
	CHECK_EQ(t.rows[2].line->irq, (unsigned int)b.irq);
	CHECK_EQ(t.rows[1].rate, 4);
}

/* A line requested after the older snapshot: all its events are new. */
TEST(top_new_line_and_lines_that_do_not_fit)
{
	struct fixture fx;
	struct dev a, b, c;
	struct irq_top_line small[2];
	struct irq_top_snap few;
	struct top t;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 1, false);
	dev_init(&b, &fx, 2, false);
	dev_init(&c, &fx, 3, true);
	CHECK_EQ(dev_request(&a, 0, "a"), 0);
	top_init(&t);
	irq_top_sample(&t.old);
	CHECK_EQ(t.old.nr, 1);				/* b: no handler yet */
	CHECK_EQ(dev_request(&b, 0, "b"), 0);
	sim_time_advance(250 * MS);
	fire_on(&b, 0, 3);
	irq_top_sample(&t.now);
	CHECK_EQ(irq_top_diff(&t.old, &t.now, t.rows, TOP_MAX), 2);
	CHECK_EQ(t.rows[0].line->irq, (unsigned int)b.irq);
	CHECK(t.rows[0].prev == NULL);
	CHECK_EQ(t.rows[0].rate, 12);
	CHECK_EQ(dev_request(&c, IRQF_SHARED, "c1"), 0);
	CHECK_EQ(request_irq((unsigned int)c.irq, dev_handler, IRQF_SHARED, "c2-long-name", &c), 0);
	irq_top_snap_init(&few, small, 2);
	irq_top_sample(&few);
	CHECK_EQ(few.nr, 2);
	CHECK_EQ(few.missed, 1);
	irq_top_sample(&t.now);
	CHECK_STR(t.now.lines[2].name, "c1,c2-long-name");
	CHECK_EQ(strlen(t.now.lines[2].name), IRQ_TOP_NAME - 1);
}

static irqreturn_t takes_time(int irq, void *dev_id)
{
	(void)irq;
	sim_time_advance(*(uint64_t *)dev_id);
	return IRQ_HANDLED;
}

TEST(top_screen_shows_columns_and_cost_over_the_interval)
{
	struct fixture fx;
	struct dev a, b;
	static uint64_t spend;
	struct top t;
	char buf[2048];
	int n;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 1, false);
	dev_init(&b, &fx, 2, false);
	CHECK_EQ(request_irq((unsigned int)a.irq, takes_time, 0, "timed", &spend), 0);
	CHECK_EQ(dev_request(&b, 0, "uart"), 0);
	CHECK_EQ(irq_set_cost_accounting((unsigned int)a.irq, true), 0);
	spend = 9000;				/* before the interval: in the worst only */
	simpic_raise(fx.pic, 1);
	top_init(&t);
	irq_top_sample(&t.old);
	spend = 1000;
	simpic_raise(fx.pic, 1);
	spend = 3000;
	simpic_raise(fx.pic, 1);
	fire_on(&b, 1, 1);
	sim_time_advance(1000 * MS - 4000);	/* one second in all */
	irq_top_sample(&t.now);
	n = irq_top_show(&t.old, &t.now, t.rows, TOP_MAX, buf, sizeof(buf));
	CHECK_EQ((size_t)n, strlen(buf));
	CHECK_STR(buf,
		  "irqtop: 1000 ms, 2 CPUs, 2 lines, busiest first\n"
		  " IRQ NAME               RATE/s       TOTAL    CPU0/s    CPU1/s  MEAN-CYC   MAX-CYC\n"
		  "   0 timed                   2           3         2         0      2000      9000\n"
		  "   1 uart                    1           1         0         1         -         -\n");
	/* Without accounting anywhere, no cost columns; a cut screen says so. */
	CHECK_EQ(irq_set_cost_accounting((unsigned int)a.irq, false), 0);
	irq_top_sample(&t.now);
	n = irq_top_show(&t.old, &t.now, t.rows, 1, buf, sizeof(buf));
	CHECK_STR(buf,
		  "irqtop: 1000 ms, 2 CPUs, 2 lines, busiest first\n"
		  " IRQ NAME               RATE/s       TOTAL    CPU0/s    CPU1/s\n"
		  "   0 timed                   2           3         2         0\n"
		  "(1 more lines not shown)\n");
	/* A small buffer: cut and terminated, the whole length returned. */
	n = irq_top_show(&t.old, &t.now, t.rows, TOP_MAX, buf, sizeof(buf));
	CHECK_EQ((size_t)n, strlen(buf));
	CHECK_EQ(irq_top_show(&t.old, &t.now, t.rows, TOP_MAX, buf, 10), n);
	CHECK_STR(buf, "irqtop: 1");
}

/* irqtop shows the lines /proc/interrupts numbers: not one the port shows
 * as a summary row of its own (irq_set_proc_hidden()). */
TEST(top_leaves_out_lines_hidden_from_proc_interrupts)
{
	struct fixture fx;
	struct dev tick, nic;
	struct top t;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&tick, &fx, 1, false);
	dev_init(&nic, &fx, 2, false);
	CHECK_EQ(dev_request(&tick, 0, "local-timer"), 0);
	CHECK_EQ(dev_request(&nic, 0, "nic"), 0);
	CHECK_EQ(irq_set_proc_hidden((unsigned int)tick.irq, true), 0);
	top_init(&t);
	fire_on(&tick, 0, 5);
	irq_top_sample(&t.old);
	CHECK_EQ(t.old.nr, 1);
	CHECK_EQ(t.old.lines[0].irq, (unsigned int)nic.irq);
	CHECK_EQ(irq_set_proc_hidden((unsigned int)tick.irq, false), 0);
	irq_top_sample(&t.now);
	CHECK_EQ(t.now.nr, 2);
}

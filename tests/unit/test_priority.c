// SPDX-License-Identifier: MIT
/*
 * Line priorities (<genirq/priority.h>): set, shown, honoured by a
 * controller that has them (simpic delivers the most urgent line first),
 * and the restricted API of zero-latency lines.
 */
#include "fixture.h"
#include <genirq/compat.h>
#include <genirq/priority.h>

static irq_hw_number_t order[8];
static unsigned int nr_order;

static irqreturn_t note_order(int irq, void *dev_id)
{
	struct dev *d = dev_id;

	(void)irq;
	if (nr_order < GENIRQ_ARRAY_SIZE(order))
		order[nr_order++] = d->hw;
	return IRQ_HANDLED;
}

static irqreturn_t thread_fn(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_HANDLED;
}

TEST(priority_is_set_read_back_and_checked)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 4, false);
	CHECK_EQ(irq_get_priority((unsigned int)d.irq), -ENOENT);	/* none set */
	CHECK_EQ(irq_set_priority((unsigned int)d.irq, 7), 0);
	CHECK_EQ(irq_get_priority((unsigned int)d.irq), 7);
	CHECK_EQ(irq_set_priority((unsigned int)d.irq, IRQ_PRIO_MAX + 1), -EINVAL);
	CHECK_EQ(irq_get_priority((unsigned int)d.irq), 7);		/* unchanged */
	CHECK_EQ(irq_set_priority(FIX_LINES + 100, 1), -EINVAL);
	CHECK_EQ(irq_get_priority(FIX_LINES + 100), -EINVAL);
	struct simpic_line_stats s;

	simpic_line_stats(fx.pic, 4, &s);
	CHECK_EQ(s.priority, 7);					/* the controller has it */
}

TEST(priority_refused_on_a_controller_without_priorities)
{
	struct fixture fx;
	int irq;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	irq = irq_alloc_descs(-1, 1);
	CHECK(irq >= 0);
	/* No controller: nothing could honour it. */
	CHECK_EQ(irq_set_priority((unsigned int)irq, 3), -ENOSYS);
	CHECK_EQ(irq_get_priority((unsigned int)irq), -ENOENT);
}

static void urgent_line_is_delivered_first(enum simpic_style style)
{
	struct fixture fx;
	struct dev lo, hi;
	unsigned long flags;

	fx_init(&fx, 1, style);
	dev_init(&lo, &fx, 3, false);
	dev_init(&hi, &fx, 10, false);
	nr_order = 0;
	/* IRQF_DISABLED: each handler runs to its end before the next line. */
	CHECK_EQ(request_irq((unsigned int)lo.irq, note_order, IRQF_DISABLED, "lo", &lo), 0);
	CHECK_EQ(request_irq((unsigned int)hi.irq, note_order, IRQF_DISABLED, "hi", &hi), 0);
	/* Without priorities the lower-numbered line goes first... */
	flags = port_irq_save();
	dev_raise(&hi);
	dev_raise(&lo);
	port_irq_restore(flags);
	sim_run(0);
	CHECK_EQ(nr_order, 2);
	CHECK_EQ(order[0], 3);
	/* ...with them, the more urgent (lower value) one. */
	CHECK_EQ(irq_set_priority((unsigned int)lo.irq, 5), 0);
	CHECK_EQ(irq_set_priority((unsigned int)hi.irq, 1), 0);
	nr_order = 0;
	flags = port_irq_save();
	dev_raise(&lo);
	dev_raise(&hi);
	port_irq_restore(flags);
	sim_run(0);
	CHECK_EQ(nr_order, 2);
	CHECK_EQ(order[0], 10);
	CHECK_EQ(order[1], 3);
}
TEST_EACH_CHIP(priority_urgent_line_is_delivered_first, urgent_line_is_delivered_first)

TEST(priority_zero_latency_lines_refuse_sharing_and_threads)
{
	struct fixture fx;
	struct dev d, e;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 5, false);
	dev_init(&e, &fx, 6, false);
	CHECK_EQ(irq_kernel_priority(), 0);
	CHECK(!irq_is_zero_latency((unsigned int)d.irq));
	irq_set_kernel_priority(4);
	CHECK_EQ(irq_kernel_priority(), 4);
	CHECK_EQ(irq_set_priority((unsigned int)d.irq, 2), 0);
	CHECK(irq_is_zero_latency((unsigned int)d.irq));
	CHECK_EQ(irq_set_priority((unsigned int)e.irq, 4), 0);
	CHECK(!irq_is_zero_latency((unsigned int)e.irq));	/* at the kernel's level: masked by it */
	CHECK_EQ(dev_request(&d, IRQF_SHARED, "shared"), -EINVAL);
	CHECK(sim_console_contains("zero-latency"));
	CHECK_EQ(request_threaded_irq((unsigned int)d.irq, NULL, thread_fn, IRQF_ONESHOT, "thr", &d),
		 -EINVAL);
	CHECK_EQ(dev_request(&d, 0, "fast"), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
	/* A line with a shared handler cannot become zero-latency. */
	CHECK_EQ(dev_request(&e, IRQF_SHARED, "shared"), 0);
	CHECK_EQ(irq_set_priority((unsigned int)e.irq, 1), -EBUSY);
	CHECK_EQ(irq_get_priority((unsigned int)e.irq), 4);
	irq_set_kernel_priority(0);
	CHECK(!irq_is_zero_latency((unsigned int)d.irq));
}

TEST(priority_shown_in_proc_and_written_there)
{
	struct fixture fx;
	struct dev d;
	char buf[512];
	char path[32];

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 2, false);
	CHECK_EQ(dev_request(&d, 0, "pdev"), 0);
	snprintf(path, sizeof(path), "/proc/irq/%d/priority", d.irq);
	CHECK_EQ(irq_proc_read(path, buf, sizeof(buf)), 5);
	CHECK_STR(buf, "none\n");
	CHECK(irq_proc_read("/proc/interrupts", buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "prio") == NULL);
	CHECK_EQ(irq_proc_write(path, "9\n", 2), 0);
	CHECK_EQ(irq_get_priority((unsigned int)d.irq), 9);
	CHECK_EQ(irq_proc_read(path, buf, sizeof(buf)), 2);
	CHECK_STR(buf, "9\n");
	CHECK_EQ(irq_proc_write(path, "x", 1), -EINVAL);
	CHECK_EQ(irq_proc_write(path, "256", 3), -EINVAL);
	CHECK_EQ(irq_get_priority((unsigned int)d.irq), 9);
	CHECK(irq_proc_read("/proc/interrupts", buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "pdev  [prio 9]\n") != NULL);
	irq_set_kernel_priority(10);
	CHECK(irq_proc_read("/proc/interrupts", buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "pdev  [prio 9, zero-latency]\n") != NULL);
	irq_set_kernel_priority(0);
}

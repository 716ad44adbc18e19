// SPDX-License-Identifier: MIT
/*
 * A port whose interrupt entry cannot nest (FreeRTOS's RISC-V trap
 * handler) must not let softirqs turn interrupts on inside it: its
 * port_softirq_on_stack() returns without running them at the end of an
 * interrupt, and a task calls do_softirq() later (<genirq/port.h>). What
 * such a port relies on: the softirqs stay pending, none is lost or run
 * twice, and do_softirq() runs them outside interrupt context.
 */
#include "fixture.h"
#include <genirq/compat.h>
#include "internals.h"

static bool in_entry;		/* the simulated entry that cannot nest */
static unsigned int left_pending, runs, count_in_run;

/* The hosted port has none: this one replaces the core's default in the
 * unit tests, and calls @fn as that default does outside in_entry. */
void port_softirq_on_stack(void (*fn)(void))
{
	if (in_entry) {
		left_pending++;
		return;
	}
	fn();
}

static void counting_softirq(void)
{
	count_in_run = irq_preempt_count();
	runs++;
}

static irqreturn_t raise_tasklet(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	raise_softirq(TASKLET_SOFTIRQ);
	return IRQ_HANDLED;
}

static void interrupt(struct fixture *fx)
{
	in_entry = true;
	simpic_raise(fx->pic, 3);
	in_entry = false;
}

TEST(softirqs_a_port_leaves_pending_at_irq_exit_run_once_at_do_softirq)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	open_softirq(TASKLET_SOFTIRQ, counting_softirq);
	CHECK_EQ(request_irq((unsigned int)d.irq, raise_tasklet, 0, "t", &d), 0);
	interrupt(&fx);
	CHECK_EQ(runs, 0);
	CHECK_EQ(left_pending, 1);
	CHECK(irq_this_cpu()->softirq_pending & (1u << TASKLET_SOFTIRQ));
	interrupt(&fx);				/* raised again: one pending run */
	CHECK_EQ(runs, 0);
	CHECK_EQ(left_pending, 2);
	do_softirq();				/* the port's task */
	CHECK_EQ(runs, 1);
	CHECK_EQ(count_in_run & (HARDIRQ_MASK | SOFTIRQ_MASK), SOFTIRQ_OFFSET);
	CHECK_EQ(irq_this_cpu()->softirq_pending, 0);
	CHECK_EQ(irq_preempt_count(), 0);
	interrupt(&fx);
	do_softirq();
	CHECK_EQ(runs, 2);
}

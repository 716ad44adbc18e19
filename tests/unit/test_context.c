// SPDX-License-Identifier: MIT
/* Interrupt context accounting and softirqs. */
#include "fixture.h"
#include <genirq/compat.h>
#include "internals.h"

static unsigned int seen_count;
static int softirq_runs, restarts_wanted;
static void *softirq_regs;

static void record_softirq(void)
{
	seen_count = irq_preempt_count();
	softirq_regs = get_irq_regs();
	softirq_runs++;
	if (restarts_wanted-- > 0)
		raise_softirq(TASKLET_SOFTIRQ);	/* raises itself again */
}

static irqreturn_t raising_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	raise_softirq(TASKLET_SOFTIRQ);
	CHECK_EQ(softirq_runs, 0);		/* not while in hardirq */
	return IRQ_HANDLED;
}

TEST(count_layout_is_linux_2_6_9s)
{
	CHECK_EQ(PREEMPT_MASK, 0x000000ffu);
	CHECK_EQ(SOFTIRQ_MASK, 0x0000ff00u);
	CHECK_EQ(HARDIRQ_MASK, 0x0fff0000u);
	CHECK_EQ(NMI_MASK, 0xf0000000u);
}

TEST(irq_enter_exit_and_nmi_nest)
{
	struct fixture fx;

	fx_init(&fx, 1, SIMPIC_ACK);
	CHECK(!in_interrupt());
	irq_enter();
	CHECK(in_irq() && in_interrupt() && !in_softirq());
	irq_enter();
	CHECK_EQ(hardirq_count(), 2 * HARDIRQ_OFFSET);
	nmi_enter();
	CHECK(in_nmi() && in_irq());
	nmi_exit();
	CHECK(!in_nmi());
	irq_exit();
	irq_exit();
	CHECK_EQ(irq_preempt_count(), 0);
	preempt_disable();
	CHECK_EQ(irq_preempt_count(), PREEMPT_OFFSET);
	CHECK(!in_interrupt());
	preempt_enable();
	local_bh_disable();
	CHECK(in_softirq());
	local_bh_enable();
	CHECK_EQ(irq_preempt_count(), 0);
}

TEST(softirq_raised_in_handler_runs_at_irq_exit_in_softirq_context)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	open_softirq(TASKLET_SOFTIRQ, record_softirq);
	CHECK_EQ(request_irq((unsigned int)d.irq, raising_handler, 0, "r", &d), 0);
	simpic_raise(fx.pic, 3);
	CHECK_EQ(softirq_runs, 1);
	CHECK_EQ(seen_count & SOFTIRQ_MASK, SOFTIRQ_OFFSET);
	CHECK_EQ(seen_count & HARDIRQ_MASK, 0);
	CHECK_EQ(irq_preempt_count(), 0);
}

TEST(softirqs_wait_in_nested_interrupts_and_bh_disabled_sections)
{
	struct fixture fx;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	open_softirq(TASKLET_SOFTIRQ, record_softirq);
	irq_enter();
	irq_enter();
	raise_softirq(TASKLET_SOFTIRQ);
	irq_exit();
	CHECK_EQ(softirq_runs, 0);		/* still nested */
	irq_exit();
	CHECK_EQ(softirq_runs, 1);
	local_bh_disable();
	raise_softirq(TASKLET_SOFTIRQ);
	irq_enter();
	irq_exit();
	CHECK_EQ(softirq_runs, 1);		/* a softirq-off section */
	local_bh_enable();
	CHECK_EQ(softirq_runs, 2);		/* runs at its end */
	CHECK(softirq_regs == NULL);
}

/*
 * A softirq raised by one line's handler is running, interrupts on, when
 * another line's interrupt arrives (ppc64: an IPI's softirq and the
 * console line). The nested handler runs in hardirq context inside the
 * softirq; its irq_exit() must not run softirqs again (one softirq frame
 * per CPU: the ports keep a single softirq stack and continue the hardirq
 * stack below the frames the running softirq left); what it raises runs
 * in the outer softirq loop's next round.
 */
static struct fixture nfx;
static struct dev nested_dev;
static int nest_softirqs, softirq_depth, softirq_depth_max, nested_calls;
static unsigned int nested_count;

static void nesting_softirq(void)
{
	softirq_depth++;
	if (softirq_depth > softirq_depth_max)
		softirq_depth_max = softirq_depth;
	if (++nest_softirqs == 1)
		dev_raise(&nested_dev);		/* taken right here: interrupts are on */
	softirq_depth--;
}

static irqreturn_t nested_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	nested_calls++;
	nested_count = irq_preempt_count();
	raise_softirq(TASKLET_SOFTIRQ);
	return IRQ_HANDLED;
}

TEST(interrupt_nesting_into_a_softirq_raised_by_another_line)
{
	struct dev d;

	fx_init(&nfx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &nfx, 3, false);
	open_softirq(TASKLET_SOFTIRQ, nesting_softirq);
	CHECK_EQ(request_irq((unsigned int)d.irq, raising_handler, 0, "raiser", &d), 0);
	dev_init(&nested_dev, &nfx, 4, false);
	CHECK_EQ(request_irq((unsigned int)nested_dev.irq, nested_handler, 0, "nested",
			     &nested_dev), 0);
	simpic_raise(nfx.pic, 3);
	CHECK_EQ(nested_calls, 1);
	CHECK_EQ(nested_count & HARDIRQ_MASK, HARDIRQ_OFFSET);	/* a hardirq ... */
	CHECK_EQ(nested_count & SOFTIRQ_MASK, SOFTIRQ_OFFSET);	/* ... inside the softirq */
	CHECK_EQ(nest_softirqs, 2);		/* the nested raise: the loop's next round */
	CHECK_EQ(softirq_depth_max, 1);		/* never a softirq inside a softirq */
	CHECK_EQ(irq_preempt_count(), 0);
	CHECK_EQ(irq_this_cpu()->softirq_pending, 0);
}

TEST(softirq_restarts_are_bounded_then_deferred)
{
	struct fixture fx;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	open_softirq(TASKLET_SOFTIRQ, record_softirq);
	restarts_wanted = 1000;
	raise_softirq(TASKLET_SOFTIRQ);
	irq_enter();
	irq_exit();
	CHECK_EQ(softirq_runs, 10);		/* MAX_SOFTIRQ_RESTART rounds */
	do_softirq();				/* the idle loop picks up the rest */
	CHECK_EQ(softirq_runs, 20);
	irq_enter();
	do_softirq();				/* never from interrupt context */
	CHECK_EQ(softirq_runs, 20);
	irq_exit();
	CHECK_EQ(softirq_runs, 30);
}

TEST(per_cpu_counts_never_share_a_cache_line)
{
	struct fixture fx;
	struct dev a, b;
	struct irq_desc *da, *db;

	fx_init(&fx, 4, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 1, false);
	dev_init(&b, &fx, 2, false);
	da = irq_to_desc((unsigned int)a.irq);
	db = irq_to_desc((unsigned int)b.irq);
	for (unsigned int c = 0; c < 4; c++) {
		for (unsigned int o = 0; o < 4; o++) {
			uintptr_t x = (uintptr_t)&da->kstat[c * IRQ_KSTAT_GROUP];
			uintptr_t y = (uintptr_t)&db->kstat[o * IRQ_KSTAT_GROUP];

			if (c != o)
				CHECK(x / GENIRQ_CACHELINE != y / GENIRQ_CACHELINE);
		}
	}
	/* The per-CPU context records are a cache line each. */
	CHECK_EQ(sizeof(struct irq_cpu) % GENIRQ_CACHELINE, 0);
}

static struct fixture xfx;
static struct dev xdev;
static int order[4], norder;

static irqreturn_t first(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	order[norder++] = 1;
	return IRQ_NONE;
}

static irqreturn_t second(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	order[norder++] = 2;
	return IRQ_HANDLED;
}

TEST(shared_handlers_run_in_installation_order)
{
	fx_init(&xfx, 1, SIMPIC_FASTEOI);
	dev_init(&xdev, &xfx, 3, false);
	CHECK_EQ(request_irq((unsigned int)xdev.irq, second, IRQF_SHARED, "2", &order[2]), 0);
	CHECK_EQ(request_irq((unsigned int)xdev.irq, first, IRQF_SHARED, "1", &order[1]), 0);
	simpic_raise(xfx.pic, 3);
	CHECK_EQ(norder, 2);
	CHECK_EQ(order[0], 2);
	CHECK_EQ(order[1], 1);
}

/*
 * The line is running on CPU1; an event for it arrives on CPU0. (An
 * ack/mask controller: the edge flow acks first, so the controller can
 * deliver the line again while its handler runs.)
 */
static int xcalls;
static irqreturn_t cross_handler(int irq, void *dev_id)
{
	struct irq_cpumask m;

	(void)dev_id;
	CHECK_EQ(port_cpu_id(), 1);
	if (xcalls++ == 0) {
		cpumask_clear(&m);
		cpumask_set_cpu(0, &m);
		CHECK_EQ(irq_set_affinity((unsigned int)irq, &m), 0);
		simpic_raise(xfx.pic, 3);
		sim_cpu_switch(0);		/* CPU0 takes it while CPU1 is inside */
		CHECK_EQ(sim_poll(), 1);
		sim_cpu_switch(1);
		CHECK_EQ(xcalls, 1);		/* not run on CPU0 */
	}
	return IRQ_HANDLED;
}

TEST(event_on_line_running_elsewhere_is_pending_and_rerun_by_owner)
{
	struct irq_cpumask m;

	fx_init(&xfx, 2, SIMPIC_ACK);
	dev_init(&xdev, &xfx, 3, false);
	CHECK_EQ(request_irq((unsigned int)xdev.irq, cross_handler, 0, "x", &xdev), 0);
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK_EQ(irq_set_affinity((unsigned int)xdev.irq, &m), 0);
	sim_cpu_switch(1);
	port_irq_disable();
	simpic_raise(xfx.pic, 3);
	port_irq_enable();			/* CPU1 takes it */
	sim_cpu_switch(0);
	CHECK_EQ(xcalls, 2);			/* re-run on CPU1 for CPU0's event */
	CHECK_EQ(irq_stat_cpu((unsigned int)xdev.irq, 0), 1);
	CHECK_EQ(irq_stat_cpu((unsigned int)xdev.irq, 1), 1);
}

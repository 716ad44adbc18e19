// SPDX-License-Identifier: MIT
/*
 * The library's default configuration (<genirq/config.h>, no settings
 * file): every handler runs with local interrupts off, as in Linux since
 * 2.6.35, whatever its request says, and IRQF_DISABLED keeps a line on
 * the one-handler fast path. The rest of the host tests build with the
 * tree's settings (demo/genirq_config.h: the 2004 rule).
 */
#include "../unit/fixture.h"
#include "internals.h"

_Static_assert(!GENIRQ_HANDLERS_IRQS_ON, "built in the library's default configuration");

static struct fixture fx;
static struct dev a, b;
static int a_calls, a_saw_irqs_on, b_ran_inside_a;

static irqreturn_t a_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	a_calls++;
	a_saw_irqs_on += !port_irqs_disabled();
	simpic_raise(fx.pic, b.hw);
	port_cpu_relax();	/* a CPU with interrupts on would take b here */
	b_ran_inside_a += atomic_load(&b.calls);
	return IRQ_HANDLED;
}

static void run_with(unsigned long a_flags, enum simpic_style style)
{
	fx_init(&fx, 1, style);
	a_calls = a_saw_irqs_on = b_ran_inside_a = 0;
	dev_init(&a, &fx, 3, false);
	dev_init(&b, &fx, 5, false);
	CHECK_EQ(request_irq((unsigned int)a.irq, a_handler, a_flags, "a", &a), 0);
	CHECK_EQ(request_irq((unsigned int)b.irq, dev_handler, 0, "b", &b), 0);
	atomic_store(&b.want, 1);	/* b claims the event a's handler raises */
	port_irq_disable();
	simpic_raise(fx.pic, a.hw);
	port_irq_enable();		/* taken here */
	sim_run(0);
	CHECK_EQ(a_calls, 1);
	CHECK_EQ(a_saw_irqs_on, 0);
	CHECK_EQ(b_ran_inside_a, 0);		/* not nested in a's handler... */
	CHECK_EQ(atomic_load(&b.handled), 1);	/* ...but taken once it returned */
	CHECK(!port_irqs_disabled());		/* the CPU's flag as it was */
	free_irq((unsigned int)a.irq, &a);
	free_irq((unsigned int)b.irq, &b);
}

TEST(a_plain_handler_runs_with_interrupts_off_ack_chip)
{
	run_with(0, SIMPIC_ACK);
}

TEST(a_plain_handler_runs_with_interrupts_off_eoi_chip)
{
	run_with(0, SIMPIC_FASTEOI);
}

TEST(an_irqf_disabled_handler_runs_with_interrupts_off)
{
	run_with(IRQF_DISABLED, SIMPIC_FASTEOI);
}

/* The chain's slow path (IRQF_SAMPLE_RANDOM) keeps them off too. */
TEST(a_shared_chain_runs_with_interrupts_off)
{
	run_with(IRQF_SHARED | IRQF_SAMPLE_RANDOM, SIMPIC_ACK);
}

/* IRQF_DISABLED asks for nothing more: the line keeps its fast path. */
TEST(irqf_disabled_keeps_the_one_handler_fast_path)
{
	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 3, false);
	CHECK_EQ(request_irq((unsigned int)a.irq, dev_handler, IRQF_DISABLED, "a", &a), 0);
	CHECK(atomic_load(&irq_to_desc((unsigned int)a.irq)->solo_call) != NULL);
	dev_raise(&a);		/* taken at once: this CPU has interrupts on */
	sim_run(0);
	CHECK_EQ(atomic_load(&a.handled), 1);
	free_irq((unsigned int)a.irq, &a);
}

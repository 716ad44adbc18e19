// SPDX-License-Identifier: MIT
/*
 * The solo pair (struct irq_desc, core/manage.c): a line whose only action
 * asks for neither IRQF_DISABLED nor IRQF_SAMPLE_RANDOM keeps that
 * action's call and argument in the descriptor's first cache line, and its
 * lock-free path calls them without reading the action. The pair follows
 * the line's actions through request_irq() and free_irq(), and is never
 * read torn while they change it on another CPU.
 */
#include <sched.h>
#include <genirq/trace.h>
#include <genirq/compat.h>
#include "fixture.h"
#include "internals.h"

static struct irq_desc *desc_of(struct dev *d)
{
	return irq_to_desc((unsigned int)d->irq);
}

static irq_handler_t solo_call(struct dev *d)
{
	return atomic_load(&desc_of(d)->solo_call);
}

/* The line's pair stands for @d's dev_handler(). */
static void check_pair_is(struct dev *d)
{
	CHECK(solo_call(d) == dev_handler);
	CHECK(desc_of(d)->solo_arg == d);
}

/*
 * One plain action: the pair. A second one: none, and both run. The
 * second freed: the pair of the first again. Each event runs each
 * installed handler once.
 */
static void pair_follows_actions(enum simpic_style style)
{
	struct fixture fx;
	struct dev a, b;

	fx_init(&fx, 1, style);
	dev_init(&a, &fx, 3, false);
	b = a;
	CHECK(solo_call(&a) == NULL);
	CHECK_EQ(dev_request(&a, IRQF_SHARED, "a"), 0);
	check_pair_is(&a);
	dev_raise(&a);
	dev_raise(&a);
	CHECK_EQ(atomic_load(&a.calls), 2);
	CHECK_EQ(atomic_load(&a.handled), 2);

	CHECK_EQ(dev_request(&b, IRQF_SHARED, "b"), 0);
	CHECK(solo_call(&a) == NULL);
	dev_raise(&a);
	CHECK_EQ(atomic_load(&a.calls), 3);
	CHECK_EQ(atomic_load(&b.calls), 1);

	free_irq((unsigned int)b.irq, &b);
	check_pair_is(&a);
	dev_raise(&a);
	CHECK_EQ(atomic_load(&a.calls), 4);
	CHECK_EQ(atomic_load(&a.handled), 4);
	CHECK_EQ(atomic_load(&b.calls), 1);

	/* The first freed, the second stays: its pair. */
	CHECK_EQ(dev_request(&b, IRQF_SHARED, "b"), 0);
	CHECK(solo_call(&a) == NULL);
	free_irq((unsigned int)a.irq, &a);
	check_pair_is(&b);
	free_irq((unsigned int)b.irq, &b);
	CHECK(solo_call(&a) == NULL);
	CHECK_EQ(irq_stat_total((unsigned int)a.irq), 4);
	fx_check_ended_once(&fx, 3, style);
}

TEST_EACH_CHIP(solo_pair_follows_the_lines_actions, pair_follows_actions)

/* Actions the inlined chain does not run plainly get no pair, and still run. */
TEST(solo_no_pair_for_irqf_disabled_or_sample_random)
{
	static const unsigned long flags[] = { IRQF_DISABLED, IRQF_SAMPLE_RANDOM };
	struct fixture fx;
	struct dev a;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&a, &fx, 3, false);
	for (unsigned int i = 0; i < 2; i++) {
		CHECK_EQ(dev_request(&a, flags[i], "a"), 0);
		CHECK(solo_call(&a) == NULL);
		dev_raise(&a);
		CHECK_EQ(atomic_load(&a.handled), (int)i + 1);
		free_irq((unsigned int)a.irq, &a);
	}
	/* A plain one after them has its pair. */
	CHECK_EQ(dev_request(&a, 0, "a"), 0);
	check_pair_is(&a);
	free_irq((unsigned int)a.irq, &a);
}

/* The line's entry is its flow itself: nothing instruments it (entry.c). */
static void check_flow_entry(struct dev *d)
{
	struct irq_desc *desc = desc_of(d);

	CHECK(!irq_desc_instrumented(desc));
	CHECK(atomic_load(&desc->handle_irq) == atomic_load(&desc->flow));
}

/*
 * A plain action requested after a line's last action was IRQF_DISABLED
 * or IRQF_SAMPLE_RANDOM gets the pair back, and the line runs its flow.
 */
static void entry_after_non_plain(enum simpic_style style)
{
	static const unsigned long flags[] = { IRQF_DISABLED, IRQF_SAMPLE_RANDOM };
	struct fixture fx;
	struct dev a;

	fx_init(&fx, 1, style);
	dev_init(&a, &fx, 3, false);
	for (unsigned int i = 0; i < 2; i++) {
		CHECK_EQ(dev_request(&a, flags[i], "a"), 0);
		free_irq((unsigned int)a.irq, &a);
		CHECK_EQ(dev_request(&a, 0, "a"), 0);
		check_pair_is(&a);
		check_flow_entry(&a);
		dev_raise(&a);
		CHECK_EQ(atomic_load(&a.handled), (int)i + 1);
		free_irq((unsigned int)a.irq, &a);
	}
	fx_check_ended_once(&fx, 3, style);
}

TEST_EACH_CHIP(solo_pair_back_for_a_plain_action_after_a_non_plain_one, entry_after_non_plain)

static irqreturn_t solo_thread_fn(int irq, void *dev_id)
{
	return dev_handler(irq, dev_id);
}

/* A threaded action's pair is what the flows call for it: the primary wrapper and the action. */
TEST(solo_pair_of_a_threaded_action_is_its_primary_wrapper)
{
	struct fixture fx;
	struct dev a;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&a, &fx, 3, false);
	/* The primary claims the event itself: no thread to wake. */
	CHECK_EQ(request_threaded_irq((unsigned int)a.irq, dev_handler, solo_thread_fn, 0, "a", &a),
		 0);
	CHECK(solo_call(&a) == irq_thread_primary);
	CHECK(desc_of(&a)->solo_arg == desc_action(desc_of(&a)));
	dev_raise(&a);
	dev_raise(&a);
	CHECK_EQ(atomic_load(&a.handled), 2);
	free_irq((unsigned int)a.irq, &a);
	CHECK(solo_call(&a) == NULL);
}

/*
 * An event on a quiet solo line runs what the pair says, not the action:
 * point the pair's argument elsewhere (under the lock, the line idle)
 * and the handler gets that argument.
 */
TEST(solo_event_runs_the_pair_without_the_action)
{
	struct fixture fx;
	struct dev a, other;
	struct irq_desc *desc;
	unsigned long flags;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&a, &fx, 3, false);
	other = a;
	CHECK_EQ(dev_request(&a, 0, "a"), 0);
	dev_raise(&a);				/* the first event sets up the storm rule */
	desc = desc_of(&a);
	flags = desc_lock_irqsave(desc);
	desc->solo_arg = &other;
	desc_unlock_irqrestore(desc, flags);
	atomic_store(&other.want, 1);
	simpic_raise(fx.pic, 3);
	CHECK_EQ(atomic_load(&other.calls), 1);
	CHECK_EQ(atomic_load(&other.handled), 1);
	CHECK_EQ(atomic_load(&a.calls), 1);
	flags = desc_lock_irqsave(desc);
	desc->solo_arg = &a;
	desc_unlock_irqrestore(desc, flags);
	dev_raise(&a);
	CHECK_EQ(atomic_load(&a.calls), 2);
	free_irq((unsigned int)a.irq, &a);
}

/*
 * Tracing wraps an action's call; the pair keeps the real one, so that
 * the line runs its handler itself once tracing stops. A traced line
 * never claims: its events take the locked flow through the wrapper.
 */
TEST(solo_pair_keeps_the_real_call_while_traced)
{
	struct fixture fx;
	struct dev a;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&a, &fx, 3, false);
	CHECK_EQ(irq_trace_line((unsigned int)a.irq, true), 0);
	CHECK_EQ(dev_request(&a, 0, "a"), 0);
	check_pair_is(&a);
	CHECK(desc_action(desc_of(&a))->call != dev_handler);
	dev_raise(&a);
	CHECK_EQ(atomic_load(&a.handled), 1);
	CHECK_EQ(irq_trace_line((unsigned int)a.irq, false), 0);
	check_pair_is(&a);
	CHECK(desc_action(desc_of(&a))->call == dev_handler);
	dev_raise(&a);
	dev_raise(&a);
	CHECK_EQ(atomic_load(&a.handled), 3);
	free_irq((unsigned int)a.irq, &a);
	irq_trace_reset();
}

/*
 * free_irq() leaves one action on a line whose other handler runs on
 * another CPU: the pair can't be written then (an owner may be between
 * its claim and its read of it); free_irq() writes it once it waited.
 */
static struct fixture cfx;
static struct dev ca, cb;
static atomic_int phase;	/* 1 slow handler entered, 2 released, 3 left */
static atomic_int waiter_done;

static irqreturn_t slow_once(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	if (atomic_load(&phase) == 0) {
		atomic_store(&phase, 1);
		while (atomic_load(&phase) != 2)
			sched_yield();
		atomic_store(&phase, 3);
	}
	return IRQ_HANDLED;
}

static void cpu1_raises(void *arg)
{
	(void)arg;
	port_irq_disable();
	simpic_raise(cfx.pic, 3);
	port_irq_enable();
}

static void frees_the_other(void *arg)
{
	(void)arg;
	free_irq((unsigned int)cb.irq, &cb);
	CHECK_EQ(atomic_load(&phase), 3);
	CHECK(solo_call(&ca) == slow_once);
	CHECK(desc_of(&ca)->solo_arg == &ca);
	atomic_store(&waiter_done, 1);
}

TEST(solo_pair_set_by_free_irq_once_the_busy_line_is_idle)
{
	struct irq_cpumask m;

	fx_init(&cfx, 3, SIMPIC_FASTEOI);
	dev_init(&ca, &cfx, 3, false);
	cb = ca;
	atomic_store(&phase, 0);
	atomic_store(&waiter_done, 0);
	CHECK_EQ(request_irq((unsigned int)ca.irq, slow_once, IRQF_SHARED, "slow", &ca), 0);
	CHECK_EQ(dev_request(&cb, IRQF_SHARED, "b"), 0);
	CHECK(solo_call(&ca) == NULL);
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK_EQ(irq_set_affinity((unsigned int)ca.irq, &m), 0);
	fx_wait_against_busy(cpu1_raises, &phase, frees_the_other, NULL, &waiter_done);
	free_irq((unsigned int)ca.irq, &ca);
}

/*
 * Events on CPU1 while CPU2 installs and frees a second handler on the
 * line, over and over: every event runs the first handler exactly once
 * (through the pair or the chain, never a torn pair: TSan watches), and
 * the second never after its free_irq() returned.
 */
static atomic_int rounds_left, taker_running;

static void toggles_second(void *arg)
{
	(void)arg;
	/* Not before CPU1 takes events: 2000 rounds may end before its loop starts. */
	while (!atomic_load(&taker_running))
		port_cpu_relax();
	while (atomic_fetch_sub(&rounds_left, 1) > 0) {
		atomic_store(&cb.freed, 0);
		CHECK_EQ(dev_request(&cb, IRQF_SHARED, "b"), 0);
		free_irq((unsigned int)cb.irq, &cb);
		atomic_store(&cb.freed, 1);
	}
}

static void takes_events(void *arg)
{
	(void)arg;
	do {
		port_irq_disable();
		dev_raise(&ca);
		port_irq_enable();
		atomic_store(&taker_running, 1);
	} while (atomic_load(&rounds_left) > 0);
}

TEST(solo_events_while_another_cpu_adds_and_frees_a_second_handler)
{
	struct irq_cpumask m;

	fx_init(&cfx, 3, SIMPIC_FASTEOI);
	dev_init(&ca, &cfx, 3, false);
	cb = ca;
	CHECK_EQ(dev_request(&ca, IRQF_SHARED, "a"), 0);
	/* No time passes here: the events would be a storm to throttle. */
	CHECK_EQ(irq_set_storm_limit((unsigned int)ca.irq, 0, 0), 0);
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK_EQ(irq_set_affinity((unsigned int)ca.irq, &m), 0);
	atomic_store(&rounds_left, 2000);
	atomic_store(&taker_running, 0);
	CHECK_EQ(sim_thread_start(1, takes_events, NULL), 0);
	CHECK_EQ(sim_thread_start(2, toggles_second, NULL), 0);
	sim_thread_join_all();
	CHECK(irq_stat_total((unsigned int)ca.irq) > 0);
	CHECK_EQ(atomic_load(&ca.calls), (int)irq_stat_total((unsigned int)ca.irq));
	CHECK_EQ(atomic_load(&ca.want), 0);
	CHECK_EQ(atomic_load(&cb.after_free), 0);
	check_pair_is(&ca);
	free_irq((unsigned int)ca.irq, &ca);
}

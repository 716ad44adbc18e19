// SPDX-License-Identifier: MIT
/*
 * Threaded handlers: request_threaded_irq(), IRQF_ONESHOT, forced
 * threading, waiting for threads, and how the stuck-line rule judges a
 * line whose work is done in a thread. Each rule runs with the hosted
 * port's own threads (one per action) and, where the order matters, with
 * the core's runner (irq_threads_run(), deterministic).
 */
#include <sched.h>
#include <genirq/compat.h>
#include "fixture.h"

static struct fixture fx;

/* More events than one window of the stuck-line rule (100,000). */
#define IRQ_SPURIOUS_TEST_EVENTS	100050u

/*
 * A level device: asserted until its thread, after 10 ms of (virtual)
 * work, clears it. Its primary only says "wake my thread".
 */
struct tdev {
	irq_hw_number_t	hw;
	int		irq;
	atomic_int	primaries;
	atomic_int	thread_runs;
	atomic_int	masked_in_thread;	/* runs that saw the line masked */
	atomic_int	in_irq_in_thread;	/* runs that saw hardirq context */
	atomic_int	raised;
	unsigned int	work_us;
	irqreturn_t	thread_ret;
	bool		clears;			/* the thread lowers the line */
};

static void tdev_init(struct tdev *t, irq_hw_number_t hw, unsigned int type)
{
	memset(t, 0, sizeof(*t));
	t->hw = hw;
	t->irq = simpic_map(fx.pic, hw, type);
	t->work_us = 10000;
	t->thread_ret = IRQ_HANDLED;
	t->clears = true;
	CHECK(t->irq >= 0);
}

static irqreturn_t tdev_primary(int irq, void *dev_id)
{
	struct tdev *t = dev_id;

	(void)irq;
	atomic_fetch_add(&t->primaries, 1);
	return IRQ_WAKE_THREAD;
}

static bool line_masked(struct tdev *t)
{
	struct simpic_line_stats s;

	simpic_line_stats(fx.pic, t->hw, &s);
	return s.masked;
}

static irqreturn_t tdev_thread(int irq, void *dev_id)
{
	struct tdev *t = dev_id;

	(void)irq;
	if (line_masked(t) && irq_get_masked((unsigned int)t->irq) == 1)
		atomic_fetch_add(&t->masked_in_thread, 1);
	if (in_interrupt() || port_irqs_disabled())
		atomic_fetch_add(&t->in_irq_in_thread, 1);
	if (t->work_us)
		port_delay_us(t->work_us);
	if (t->clears)
		simpic_lower(fx.pic, t->hw);
	atomic_fetch_add(&t->thread_runs, 1);
	return t->thread_ret;
}

static void tdev_assert(struct tdev *t)
{
	atomic_fetch_add(&t->raised, 1);
	simpic_raise(fx.pic, t->hw);
}

/* Let the threads run as the mode in force wants: settle, or run the queue. */
static void run_threads(bool native)
{
	if (native)
		sim_irq_threads_settle();
	else
		while (irq_threads_run())
			;
}

static void setup(bool native, enum simpic_style style)
{
	fx_init(&fx, 2, style);
	sim_irq_threads_native(native);
	irq_force_threading(false);
}

/*
 * The issue's first rule: a ONESHOT level line whose device stays asserted
 * until a 10 ms thread clears it is delivered once per assertion, with no
 * spurious report and no storm throttle, and is masked while the thread
 * runs.
 */
static void oneshot_level(bool native, enum simpic_style style)
{
	struct tdev t;
	const int n = 40;

	setup(native, style);
	tdev_init(&t, 4, IRQ_TYPE_LEVEL_HIGH);
	CHECK_EQ(request_threaded_irq((unsigned int)t.irq, NULL, tdev_thread, IRQF_ONESHOT,
				      "tdev", &t), 0);
	for (int i = 0; i < n; i++) {
		tdev_assert(&t);
		sim_run(0);
		sim_run(0);	/* still asserted: nothing more while masked */
		run_threads(native);
		CHECK_EQ(irq_get_masked((unsigned int)t.irq), 0);
	}
	sim_run(0);
	CHECK_EQ(atomic_load(&t.thread_runs), n);
	CHECK_EQ((int)irq_stat_total((unsigned int)t.irq), n);
	CHECK_EQ(atomic_load(&t.masked_in_thread), n);
	CHECK_EQ(atomic_load(&t.in_irq_in_thread), 0);
	CHECK(!sim_console_contains("nobody cared"));
	CHECK(!sim_console_contains("Disabling IRQ"));
	CHECK(!sim_console_contains("storm"));
	CHECK_EQ(irq_get_depth((unsigned int)t.irq), 0);
	fx_check_ended_once(&fx, t.hw, style);
	free_irq((unsigned int)t.irq, &t);
}

TEST(oneshot_level_line_once_per_assertion_own_threads_ack_chip)
{
	oneshot_level(true, SIMPIC_ACK);
}

TEST(oneshot_level_line_once_per_assertion_own_threads_eoi_chip)
{
	oneshot_level(true, SIMPIC_FASTEOI);
}

TEST(oneshot_level_line_once_per_assertion_core_runner_ack_chip)
{
	oneshot_level(false, SIMPIC_ACK);
}

TEST(oneshot_level_line_once_per_assertion_core_runner_eoi_chip)
{
	oneshot_level(false, SIMPIC_FASTEOI);
}

/* With a primary that wakes the thread too: the same. */
TEST(oneshot_level_line_with_a_primary_own_threads)
{
	struct tdev t;

	setup(true, SIMPIC_FASTEOI);
	tdev_init(&t, 4, IRQ_TYPE_LEVEL_HIGH);
	CHECK_EQ(request_threaded_irq((unsigned int)t.irq, tdev_primary, tdev_thread,
				      IRQF_ONESHOT, "tdev", &t), 0);
	for (int i = 0; i < 10; i++) {
		tdev_assert(&t);
		sim_run(0);
		run_threads(true);
	}
	CHECK_EQ(atomic_load(&t.primaries), 10);
	CHECK_EQ(atomic_load(&t.thread_runs), 10);
	CHECK_EQ(atomic_load(&t.masked_in_thread), 10);
	free_irq((unsigned int)t.irq, &t);
}

/* Shared ONESHOT: the line reopens only after every woken thread returned. */
static atomic_int masked_when_b_started;

static irqreturn_t thread_b(int irq, void *dev_id)
{
	struct tdev *t = dev_id;

	atomic_store(&masked_when_b_started, line_masked(t));
	return tdev_thread(irq, dev_id);
}

static void shared_oneshot(bool native)
{
	struct tdev a, b;

	setup(native, SIMPIC_FASTEOI);
	tdev_init(&a, 6, IRQ_TYPE_LEVEL_HIGH);
	b = a;
	a.clears = false;	/* the line is one wire: b's thread lowers it */
	a.work_us = 0;
	CHECK_EQ(request_threaded_irq((unsigned int)a.irq, tdev_primary, tdev_thread,
				      IRQF_ONESHOT | IRQF_SHARED, "a", &a), 0);
	CHECK_EQ(request_threaded_irq((unsigned int)b.irq, tdev_primary, thread_b,
				      IRQF_ONESHOT | IRQF_SHARED, "b", &b), 0);
	tdev_assert(&a);
	sim_run(0);
	CHECK_EQ(atomic_load(&a.primaries), 1);
	CHECK_EQ(atomic_load(&b.primaries), 1);
	CHECK(line_masked(&a));
	run_threads(native);
	CHECK_EQ(atomic_load(&a.thread_runs), 1);
	CHECK_EQ(atomic_load(&b.thread_runs), 1);
	CHECK_EQ(atomic_load(&b.masked_in_thread), 1);
	CHECK(!line_masked(&a));
	free_irq((unsigned int)a.irq, &a);
	free_irq((unsigned int)b.irq, &b);
}

TEST(shared_oneshot_line_unmasks_after_every_woken_thread_own_threads)
{
	shared_oneshot(true);
}

/*
 * The runner runs a's thread first (FIFO): b's thread, still to run, must
 * find the line masked although a's returned.
 */
TEST(shared_oneshot_line_unmasks_after_every_woken_thread_core_runner)
{
	shared_oneshot(false);
	CHECK_EQ(atomic_load(&masked_when_b_started), 1);
}

/* A ONESHOT action with @primary and a thread without work, for the core's runner. */
static void oneshot_request(struct tdev *t, enum simpic_style style, irq_hw_number_t hw,
			    unsigned int type, irq_handler_t primary)
{
	setup(false, style);
	tdev_init(t, hw, type);
	t->work_us = 0;
	CHECK_EQ(request_threaded_irq((unsigned int)t->irq, primary, tdev_thread, IRQF_ONESHOT,
				      "t", t), 0);
}

/*
 * An edge that comes while a ONESHOT edge line's primary runs: the edge
 * flow does not mask for threads, so the running CPU reopens the line
 * the new edge masked, and a controller that drops masked edges loses
 * none while the thread is still out.
 */
static irqreturn_t edge_again_primary(int irq, void *dev_id)
{
	struct tdev *t = dev_id;

	if (atomic_load(&t->primaries) == 0)
		tdev_assert(t);		/* taken nested: the line is in progress */
	return tdev_primary(irq, dev_id);
}

TEST(oneshot_edge_line_reopens_after_an_edge_during_the_primary)
{
	struct tdev t;
	struct simpic_line_stats s;

	oneshot_request(&t, SIMPIC_ACK, 10, IRQ_TYPE_EDGE_RISING, edge_again_primary);
	t.clears = false;
	simpic_set_fault(fx.pic, t.hw, SIMPIC_DROP_MASKED_EDGE);
	tdev_assert(&t);
	sim_run(0);
	CHECK_EQ(atomic_load(&t.primaries), 2);		/* the pending loop ran the second */
	CHECK(!line_masked(&t));
	CHECK_EQ(irq_get_masked((unsigned int)t.irq), 0);
	tdev_assert(&t);				/* the thread is still out */
	sim_run(0);
	simpic_line_stats(fx.pic, t.hw, &s);
	CHECK_EQ(s.dropped, 0ul);
	CHECK_EQ(atomic_load(&t.primaries), 3);
	run_threads(false);
	CHECK_EQ(atomic_load(&t.thread_runs), 1);
	CHECK(!line_masked(&t));
	fx_check_ended_once(&fx, t.hw, SIMPIC_ACK);
	free_irq((unsigned int)t.irq, &t);
}

/*
 * A ONESHOT level line shut down for lack of CPUs while its thread is out
 * starts again when a CPU comes back, but stays masked until the thread
 * returns, as after a last enable_irq(): the device still asserts it.
 */
TEST(oneshot_line_restarted_by_a_cpu_coming_back_stays_masked_for_its_thread)
{
	struct tdev t;
	struct irq_cpumask m;

	oneshot_request(&t, SIMPIC_FASTEOI, 11, IRQ_TYPE_LEVEL_HIGH, tdev_primary);
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK_EQ(irq_set_affinity((unsigned int)t.irq, &m), 0);
	tdev_assert(&t);
	CHECK_EQ(sim_run(1), 1u);			/* the thread is queued on CPU1 */
	irq_cpu_set_online(1, false);			/* its only CPU: shut down */
	irq_cpu_set_online(1, true);			/* started again */
	CHECK(line_masked(&t));
	CHECK_EQ(irq_get_masked((unsigned int)t.irq), 1);
	sim_run(1);
	CHECK_EQ(atomic_load(&t.primaries), 1);
	run_threads(false);	/* on CPU0: the thread moved there with CPU1's queue */
	CHECK_EQ(atomic_load(&t.thread_runs), 1);
	CHECK_EQ(atomic_load(&t.masked_in_thread), 1);
	CHECK(!line_masked(&t));
	CHECK_EQ(sim_run(1), 0u);			/* the thread lowered it */
	CHECK_EQ(atomic_load(&t.primaries), 1);
	free_irq((unsigned int)t.irq, &t);
}

/*
 * The software replay of a fasteoi ONESHOT line's event (a controller
 * that can't retrigger) keeps the flow's rule: masked from the primary
 * until the thread returns, so the next edge waits for the thread.
 */
TEST(oneshot_fasteoi_line_replayed_in_software_stays_masked_for_its_thread)
{
	struct tdev t;

	oneshot_request(&t, SIMPIC_FASTEOI, 12, IRQ_TYPE_EDGE_RISING, tdev_primary);
	simpic_set_fault(fx.pic, t.hw, SIMPIC_NO_RETRIGGER);
	disable_irq_nosync((unsigned int)t.irq);
	tdev_assert(&t);
	sim_run(0);
	CHECK_EQ(atomic_load(&t.primaries), 0);
	enable_irq((unsigned int)t.irq);		/* replayed from the softirq */
	CHECK_EQ(atomic_load(&t.primaries), 1);
	CHECK(line_masked(&t));
	tdev_assert(&t);
	sim_run(0);
	CHECK_EQ(atomic_load(&t.primaries), 1);	/* waits for the thread */
	/* The thread's return reopens the line: the edge comes, wakes it again. */
	CHECK_EQ(irq_threads_run(), 2u);
	CHECK_EQ(atomic_load(&t.primaries), 2);
	CHECK_EQ(atomic_load(&t.thread_runs), 2);
	CHECK_EQ(atomic_load(&t.masked_in_thread), 2);
	CHECK(!line_masked(&t));
	fx_check_ended_once(&fx, t.hw, SIMPIC_FASTEOI);
	free_irq((unsigned int)t.irq, &t);
}

/*
 * irq_wake_thread() takes no ONESHOT mask: a delivery that wakes nothing
 * reopens the line although the explicitly woken thread is still out. A
 * delivery that wakes the thread while that wake-up is pending (the two
 * merge into one run) holds the line masked until the run returns.
 */
static irqreturn_t primary_ret;

static irqreturn_t chosen_primary(int irq, void *dev_id)
{
	(void)tdev_primary(irq, dev_id);
	return primary_ret;
}

TEST(irq_wake_thread_takes_no_oneshot_mask)
{
	struct tdev t;

	primary_ret = IRQ_HANDLED;
	oneshot_request(&t, SIMPIC_FASTEOI, 13, IRQ_TYPE_EDGE_RISING, chosen_primary);
	irq_wake_thread((unsigned int)t.irq, &t);
	tdev_assert(&t);
	sim_run(0);					/* wakes nothing */
	CHECK_EQ(atomic_load(&t.primaries), 1);
	CHECK(!line_masked(&t));
	tdev_assert(&t);
	sim_run(0);
	CHECK_EQ(atomic_load(&t.primaries), 2);
	CHECK_EQ(irq_threads_run(), 1u);
	CHECK_EQ(atomic_load(&t.masked_in_thread), 0);
	/* A delivery merging into an explicit wake-up still holds the line. */
	primary_ret = IRQ_WAKE_THREAD;
	irq_wake_thread((unsigned int)t.irq, &t);
	tdev_assert(&t);
	sim_run(0);
	CHECK_EQ(atomic_load(&t.primaries), 3);
	CHECK(line_masked(&t));
	CHECK_EQ(irq_threads_run(), 1u);
	CHECK_EQ(atomic_load(&t.thread_runs), 2);
	CHECK_EQ(atomic_load(&t.masked_in_thread), 1);
	CHECK(!line_masked(&t));
	fx_check_ended_once(&fx, t.hw, SIMPIC_FASTEOI);
	free_irq((unsigned int)t.irq, &t);
}

/* free_irq, synchronize_irq and disable_irq wait for a running thread. */
static atomic_int phase;	/* 0 idle, 1 in thread, 2 released, 3 left */
static atomic_int waiter_done;
static struct tdev slow;
static long live_before_request;

static irqreturn_t slow_thread(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	atomic_store(&phase, 1);
	while (atomic_load(&phase) != 2)
		sched_yield();
	atomic_store(&phase, 3);
	return IRQ_HANDLED;
}

enum verb { FREE, DISABLE, SYNC };

static void waiter(void *arg)
{
	enum verb v = (enum verb)(long)arg;

	if (v == FREE)
		free_irq((unsigned int)slow.irq, &slow);
	else if (v == DISABLE)
		disable_irq((unsigned int)slow.irq);
	else
		synchronize_irq((unsigned int)slow.irq);
	CHECK_EQ(atomic_load(&phase), 3);
	atomic_store(&waiter_done, 1);
}

static void cpu1_takes_it(void *arg)
{
	(void)arg;
	port_irq_disable();
	simpic_raise(fx.pic, slow.hw);
	port_irq_enable();	/* the primary wakes the thread, on CPU1 */
}

static void wait_for_thread(enum verb v)
{
	struct irq_cpumask m;

	fx_init(&fx, 3, SIMPIC_FASTEOI);
	sim_irq_threads_native(true);
	atomic_store(&phase, 0);
	atomic_store(&waiter_done, 0);
	tdev_init(&slow, 3, IRQ_TYPE_EDGE_RISING);
	live_before_request = sim_alloc_live();
	CHECK_EQ(request_threaded_irq((unsigned int)slow.irq, tdev_primary, slow_thread, 0,
				      "slow", &slow), 0);
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK_EQ(irq_set_affinity((unsigned int)slow.irq, &m), 0);
	/* CPU1's thread takes the event and returns the CPU to the irq thread. */
	fx_wait_against_busy(cpu1_takes_it, &phase, waiter, (void *)(long)v, &waiter_done);
}

TEST(free_irq_waits_for_the_running_thread_and_ends_it)
{
	wait_for_thread(FREE);
	CHECK_EQ(can_request_irq((unsigned int)slow.irq, 0), 1);
	/* The action and its thread are gone; a new event runs nothing. */
	CHECK_EQ(sim_alloc_live(), live_before_request);
	simpic_raise(fx.pic, slow.hw);
	sim_run(1);
	CHECK_EQ(atomic_load(&slow.primaries), 1);
}

TEST(disable_irq_waits_for_the_running_thread)
{
	wait_for_thread(DISABLE);
	CHECK_EQ(irq_get_depth((unsigned int)slow.irq), 1);
	enable_irq((unsigned int)slow.irq);
	free_irq((unsigned int)slow.irq, &slow);
}

TEST(synchronize_irq_waits_for_the_running_thread)
{
	wait_for_thread(SYNC);
	CHECK_EQ(irq_get_depth((unsigned int)slow.irq), 0);
	free_irq((unsigned int)slow.irq, &slow);
}

/* A thread queued on this CPU is run by the waiter, not waited for forever. */
TEST(synchronize_irq_runs_a_thread_queued_on_its_own_cpu)
{
	struct tdev t;

	setup(false, SIMPIC_FASTEOI);
	tdev_init(&t, 5, IRQ_TYPE_EDGE_RISING);
	t.work_us = 0;
	CHECK_EQ(request_threaded_irq((unsigned int)t.irq, tdev_primary, tdev_thread, 0,
				      "t", &t), 0);
	tdev_assert(&t);
	sim_run(0);
	CHECK(irq_threads_pending());
	CHECK_EQ(atomic_load(&t.thread_runs), 0);
	synchronize_irq((unsigned int)t.irq);
	CHECK_EQ(atomic_load(&t.thread_runs), 1);
	CHECK(!irq_threads_pending());
	free_irq((unsigned int)t.irq, &t);
}

/* Wake-ups while a thread is pending merge into one run. */
TEST(wakeups_while_pending_merge_into_one_run)
{
	struct tdev t;

	setup(false, SIMPIC_FASTEOI);
	tdev_init(&t, 5, IRQ_TYPE_EDGE_RISING);
	t.work_us = 0;
	CHECK_EQ(request_threaded_irq((unsigned int)t.irq, tdev_primary, tdev_thread, 0,
				      "t", &t), 0);
	for (int i = 0; i < 5; i++) {
		tdev_assert(&t);
		sim_run(0);
	}
	CHECK_EQ(atomic_load(&t.primaries), 5);
	CHECK_EQ(irq_threads_run(), 1u);
	CHECK_EQ(atomic_load(&t.thread_runs), 1);
	free_irq((unsigned int)t.irq, &t);
}

/* Forced threading: every handler becomes a thread but IRQF_NO_THREAD ones. */
static atomic_int plain_in_irq, plain_calls, nothread_in_irq, nothread_calls;

static irqreturn_t plain_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	atomic_fetch_add(&plain_calls, 1);
	if (in_irq())
		atomic_fetch_add(&plain_in_irq, 1);
	simpic_lower(fx.pic, 7);
	return IRQ_HANDLED;
}

static irqreturn_t nothread_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	atomic_fetch_add(&nothread_calls, 1);
	if (in_irq())
		atomic_fetch_add(&nothread_in_irq, 1);
	return IRQ_HANDLED;
}

static void forced(bool native)
{
	int a, b;

	setup(native, SIMPIC_FASTEOI);
	atomic_store(&plain_in_irq, 0);
	atomic_store(&plain_calls, 0);
	atomic_store(&nothread_in_irq, 0);
	atomic_store(&nothread_calls, 0);
	a = simpic_map(fx.pic, 7, IRQ_TYPE_LEVEL_HIGH);
	b = simpic_map(fx.pic, 8, IRQ_TYPE_EDGE_RISING);
	irq_force_threading(true);
	CHECK_EQ(request_irq((unsigned int)a, plain_handler, 0, "plain", NULL), 0);
	CHECK_EQ(request_irq((unsigned int)b, nothread_handler, IRQF_NO_THREAD, "nothread", NULL), 0);
	irq_force_threading(false);
	for (int i = 0; i < 3; i++) {
		simpic_raise(fx.pic, 7);
		simpic_raise(fx.pic, 8);
		sim_run(0);
		run_threads(native);
	}
	CHECK_EQ(atomic_load(&plain_calls), 3);
	CHECK_EQ(atomic_load(&plain_in_irq), 0);
	CHECK_EQ(atomic_load(&nothread_calls), 3);
	CHECK_EQ(atomic_load(&nothread_in_irq), 3);
	CHECK_EQ((int)irq_stat_total((unsigned int)a), 3);	/* ONESHOT: once per assertion */
	free_irq((unsigned int)a, NULL);
	free_irq((unsigned int)b, NULL);
}

TEST(forced_threading_threads_every_handler_but_no_thread_ones_own_threads)
{
	forced(true);
}

TEST(forced_threading_threads_every_handler_but_no_thread_ones_core_runner)
{
	forced(false);
}

/* Mismatched ONESHOT sharers are refused, and nothing changes. */
TEST(mismatched_oneshot_sharers_are_refused_and_nothing_changes)
{
	struct tdev a, b;
	long live;

	setup(false, SIMPIC_FASTEOI);
	tdev_init(&a, 9, IRQ_TYPE_LEVEL_HIGH);
	b = a;
	CHECK_EQ(request_threaded_irq((unsigned int)a.irq, NULL, tdev_thread,
				      IRQF_ONESHOT | IRQF_SHARED, "a", &a), 0);
	live = sim_alloc_live();
	sim_console_clear();
	CHECK_EQ(request_threaded_irq((unsigned int)b.irq, tdev_primary, tdev_thread,
				      IRQF_SHARED, "b", &b), -EBUSY);
	CHECK(sim_console_contains("can't share"));
	CHECK_EQ(request_irq((unsigned int)b.irq, nothread_handler, IRQF_SHARED, "c", &b),
		 -EBUSY);
	CHECK_EQ(sim_alloc_live(), live);
	tdev_assert(&a);
	sim_run(0);
	run_threads(false);
	CHECK_EQ(atomic_load(&a.thread_runs), 1);
	CHECK_EQ(atomic_load(&b.primaries), 0);
	CHECK_EQ(irq_get_masked((unsigned int)a.irq), 0);
	free_irq((unsigned int)a.irq, &a);
	CHECK_EQ(sim_alloc_live(), live - 2);	/* the action and its thread */
}

TEST(thread_requests_that_linux_refuses_are_refused)
{
	struct tdev lvl, edge;
	int pc;

	setup(true, SIMPIC_FASTEOI);
	tdev_init(&lvl, 10, IRQ_TYPE_LEVEL_HIGH);
	tdev_init(&edge, 11, IRQ_TYPE_EDGE_RISING);
	CHECK_EQ(request_threaded_irq((unsigned int)lvl.irq, NULL, NULL, 0, "x", &lvl), -EINVAL);
	sim_console_clear();
	CHECK_EQ(request_threaded_irq((unsigned int)lvl.irq, NULL, tdev_thread, 0, "x", &lvl),
		 -EINVAL);
	CHECK(sim_console_contains("needs IRQF_ONESHOT"));
	CHECK_EQ(can_request_irq((unsigned int)lvl.irq, 0), 1);
	/* An edge line may have a thread without a primary. */
	CHECK_EQ(request_threaded_irq((unsigned int)edge.irq, NULL, tdev_thread, 0, "e", &edge), 0);
	free_irq((unsigned int)edge.irq, &edge);
	pc = simpic_map(fx.pic, 12, IRQ_TYPE_EDGE_RISING);
	CHECK_EQ(irq_set_percpu((unsigned int)pc), 0);
	CHECK_EQ(request_threaded_irq((unsigned int)pc, tdev_primary, tdev_thread, IRQF_PERCPU,
				      "pc", &edge), -EINVAL);
	CHECK(sim_console_contains("no threads there"));
}

/*
 * The stuck-line rule judges a threaded line by its thread: one whose
 * thread returns IRQ_NONE is disabled as any unhandled line is; one whose
 * thread claims its events never is.
 */
static struct tdev judged_dev;

static void judged(irqreturn_t thread_ret)
{
	struct tdev t;

	setup(false, SIMPIC_FASTEOI);
	irq_set_storm_default(0, 0);
	tdev_init(&t, 13, IRQ_TYPE_EDGE_RISING);
	t.work_us = 0;
	t.clears = false;
	t.thread_ret = thread_ret;
	CHECK_EQ(request_threaded_irq((unsigned int)t.irq, tdev_primary, tdev_thread, 0, "t", &t),
		 0);
	for (unsigned int i = 0; i < IRQ_SPURIOUS_TEST_EVENTS; i++) {
		simpic_raise(fx.pic, t.hw);
		sim_run(0);
		irq_threads_run();
	}
	judged_dev = t;
}

TEST(woken_thread_returning_none_makes_the_line_stuck)
{
	judged(IRQ_NONE);
	CHECK(sim_console_contains("Disabling IRQ"));
	CHECK(irq_get_depth((unsigned int)judged_dev.irq) >= 1);
}

TEST(woken_thread_returning_handled_keeps_the_line)
{
	judged(IRQ_HANDLED);
	CHECK(!sim_console_contains("Disabling IRQ"));
	CHECK(!sim_console_contains("nobody cared"));
}

/*
 * A thread that never finishes: on a ONESHOT line the line stays masked
 * (one primary); without ONESHOT its wake-ups are judged unhandled and
 * the stuck-line rule stops the primaries.
 */
TEST(a_thread_that_never_runs_does_not_make_a_storm_of_primaries)
{
	struct tdev t, e;

	setup(false, SIMPIC_FASTEOI);
	irq_set_storm_default(0, 0);
	tdev_init(&t, 14, IRQ_TYPE_LEVEL_HIGH);
	CHECK_EQ(request_threaded_irq((unsigned int)t.irq, tdev_primary, tdev_thread,
				      IRQF_ONESHOT, "t", &t), 0);
	tdev_assert(&t);
	for (int i = 0; i < 1000; i++)
		sim_run(0);
	CHECK_EQ(atomic_load(&t.primaries), 1);

	tdev_init(&e, 15, IRQ_TYPE_EDGE_RISING);
	CHECK_EQ(request_threaded_irq((unsigned int)e.irq, tdev_primary, tdev_thread, 0, "e", &e),
		 0);
	for (unsigned int i = 0; i < IRQ_SPURIOUS_TEST_EVENTS; i++) {
		simpic_raise(fx.pic, e.hw);
		sim_run(0);
	}
	CHECK(sim_console_contains("Disabling IRQ #"));
	CHECK(atomic_load(&e.primaries) <= 100001);
	CHECK(irq_get_depth((unsigned int)e.irq) >= 1);
}

/* From a thread function: disable_irq_nosync works; disable_irq of its own
 * line is reported, takes the depth and does not wait for itself. */
static int self_irq;
static bool self_sync;

static irqreturn_t self_disabler(int irq, void *dev_id)
{
	(void)dev_id;
	if (self_sync)
		disable_irq((unsigned int)irq);
	else
		disable_irq_nosync((unsigned int)irq);
	return IRQ_HANDLED;
}

static void self_disable(bool sync, bool native)
{
	setup(native, SIMPIC_FASTEOI);
	self_sync = sync;
	self_irq = simpic_map(fx.pic, 16, IRQ_TYPE_EDGE_RISING);
	CHECK_EQ(request_threaded_irq((unsigned int)self_irq, NULL, self_disabler, 0, "self",
				      &self_irq), 0);
	simpic_raise(fx.pic, 16);
	sim_run(0);
	run_threads(native);
	CHECK_EQ(irq_get_depth((unsigned int)self_irq), 1);
	CHECK_EQ(sim_console_contains("from a thread of the line"), sync);
	enable_irq((unsigned int)self_irq);
	free_irq((unsigned int)self_irq, &self_irq);
}

TEST(disable_irq_nosync_from_a_thread_works)
{
	self_disable(false, true);
}

TEST(disable_irq_of_its_own_line_from_a_thread_is_reported_own_threads)
{
	self_disable(true, true);
}

TEST(disable_irq_of_its_own_line_from_a_thread_is_reported_core_runner)
{
	self_disable(true, false);
}

/* irq_wake_thread() wakes the thread of the action named by dev_id. */
TEST(irq_wake_thread_wakes_by_dev_id)
{
	struct tdev t;

	setup(false, SIMPIC_FASTEOI);
	tdev_init(&t, 17, IRQ_TYPE_EDGE_RISING);
	t.work_us = 0;
	CHECK_EQ(request_threaded_irq((unsigned int)t.irq, tdev_primary, tdev_thread, 0, "t", &t),
		 0);
	irq_wake_thread((unsigned int)t.irq, &fx);	/* unknown dev_id: nothing */
	CHECK_EQ(irq_threads_run(), 0u);
	irq_wake_thread((unsigned int)t.irq, &t);
	CHECK_EQ(irq_threads_run(), 1u);
	CHECK_EQ(atomic_load(&t.thread_runs), 1);
	CHECK_EQ(atomic_load(&t.primaries), 0);
	free_irq((unsigned int)t.irq, &t);
}

/* The thread is made with Linux's name, and a failed thread fails the request. */
TEST(a_thread_that_cannot_be_made_fails_the_request_cleanly)
{
	struct tdev t;
	long live;

	setup(false, SIMPIC_FASTEOI);
	tdev_init(&t, 18, IRQ_TYPE_EDGE_RISING);
	live = sim_alloc_live();
	sim_alloc_fail_at(2);	/* the action, then its thread */
	CHECK_EQ(request_threaded_irq((unsigned int)t.irq, tdev_primary, tdev_thread, 0, "t", &t),
		 -ENOMEM);
	sim_alloc_fail_at(0);
	CHECK_EQ(sim_alloc_live(), live);
	CHECK_EQ(can_request_irq((unsigned int)t.irq, 0), 1);
}

/* The views: /proc/interrupts marks threaded actions; the thread list counts. */
TEST(proc_interrupts_and_the_thread_list_show_threaded_actions)
{
	struct tdev t;
	char buf[2048], name[32], row[96];

	setup(false, SIMPIC_FASTEOI);
	tdev_init(&t, 19, IRQ_TYPE_EDGE_RISING);
	t.work_us = 0;
	CHECK_EQ(request_threaded_irq((unsigned int)t.irq, tdev_primary, tdev_thread, 0, "tv", &t),
		 0);
	CHECK_EQ(request_irq((unsigned int)simpic_map(fx.pic, 20, IRQ_TYPE_EDGE_RISING),
			     nothread_handler, 0, "plain", NULL), 0);
	for (int i = 0; i < 3; i++) {
		tdev_assert(&t);
		sim_run(0);
		irq_threads_run();
	}
	CHECK(irq_proc_read("/proc/interrupts", buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "  tv\n") != NULL);	/* as Linux: threads are listed elsewhere */
	CHECK(strstr(buf, "  plain\n") != NULL);
	CHECK(irq_show_threads(buf, sizeof(buf)) > 0);
	snprintf(name, sizeof(name), "irq/%d-tv", t.irq);
	snprintf(row, sizeof(row), "%-24s %10d %10d %4d %4d %-5s %-8s -\n", name, 3, 3, 0,
		 IRQ_THREAD_PRIO_DEFAULT, "line", "sleeping");
	CHECK(strstr(buf, row) != NULL);
	CHECK(strstr(buf, "plain") == NULL);
	free_irq((unsigned int)t.irq, &t);
	CHECK(irq_show_threads(buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "tv") == NULL);
}

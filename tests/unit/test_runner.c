// SPDX-License-Identifier: MIT
/*
 * The core's thread runner (thread.c), for ports without threads of
 * their own: where it may run a thread function and where it must not.
 * A thread function never runs inside itself, never inside a waiter's
 * read section, and is never taken for the task that happens to be on
 * its CPU; threads queued on a CPU that goes offline move; a wait from
 * softirq context does not wait for threads that cannot run there.
 */
#include <sched.h>
#include <genirq/compat.h>
#include "fixture.h"
#include "internals.h"

static struct fixture fx;

/* A threaded test device: its primary wakes the thread; @fn is the thread. */
struct rdev {
	irq_hw_number_t	hw;
	int		irq;
	atomic_int	runs;		/* thread function runs */
	atomic_int	depth;		/* thread function runs in progress */
	atomic_int	max_depth;
};

static irqreturn_t rdev_primary(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_WAKE_THREAD;
}

static void rdev_enter(struct rdev *d)
{
	int depth = atomic_fetch_add(&d->depth, 1) + 1;

	if (depth > atomic_load(&d->max_depth))
		atomic_store(&d->max_depth, depth);
}

static void rdev_leave(struct rdev *d)
{
	atomic_fetch_sub(&d->depth, 1);
	atomic_fetch_add(&d->runs, 1);
}

static irqreturn_t rdev_plain_thread(int irq, void *dev_id)
{
	struct rdev *d = dev_id;

	(void)irq;
	rdev_enter(d);
	rdev_leave(d);
	return IRQ_HANDLED;
}

static void rdev_request(struct rdev *d, irq_hw_number_t hw, irq_handler_t fn, const char *name)
{
	memset(d, 0, sizeof(*d));
	d->hw = hw;
	d->irq = simpic_map(fx.pic, hw, IRQ_TYPE_EDGE_RISING);
	CHECK(d->irq >= 0);
	CHECK_EQ(request_threaded_irq((unsigned int)d->irq, rdev_primary, fn, 0, name, d), 0);
}

/* Raise @d's line and let the current CPU take it: its thread is woken. */
static void rdev_fire_here(struct rdev *d)
{
	simpic_raise(fx.pic, d->hw);
	sim_poll();
}

static struct irq_thread *rdev_thread(struct rdev *d)
{
	return irq_to_desc((unsigned int)d->irq)->action->thread;
}

static void setup(unsigned int cpus)
{
	fx_init(&fx, cpus, SIMPIC_FASTEOI);
	sim_irq_threads_native(false);
	irq_force_threading(false);
}

/*
 * A thread function that waits for another line, with its own thread
 * woken again meanwhile: the wait must not run that next run inside this
 * one (it would end the outer run's RUNNING mark, and free_irq() on
 * another CPU would free the action under the outer run).
 */
static struct rdev nest_a, nest_b;
static atomic_bool nest_first_done, nest_running_after_wait;

static irqreturn_t nest_a_thread(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	rdev_enter(&nest_a);
	if (!atomic_exchange(&nest_first_done, true)) {
		rdev_fire_here(&nest_a);	/* woken again: queued behind us */
		rdev_fire_here(&nest_b);
		synchronize_irq((unsigned int)nest_b.irq);
		atomic_store(&nest_running_after_wait,
			     (atomic_load(&rdev_thread(&nest_a)->flags) & IRQTF_RUNNING) != 0);
	}
	rdev_leave(&nest_a);
	return IRQ_HANDLED;
}

TEST(runner_never_runs_a_thread_inside_itself)
{
	setup(2);
	rdev_request(&nest_a, 4, nest_a_thread, "a");
	rdev_request(&nest_b, 5, rdev_plain_thread, "b");
	rdev_fire_here(&nest_a);
	/* a's run, then its second run, queued meanwhile, after it ended. */
	CHECK_EQ(irq_threads_run(), 2u);
	/* The wait ran b's thread (what it waited for), never a's inside a's. */
	CHECK_EQ(atomic_load(&nest_a.max_depth), 1);
	CHECK(atomic_load(&nest_running_after_wait));
	CHECK_EQ(atomic_load(&nest_b.runs), 1);
	CHECK_EQ(atomic_load(&nest_a.runs), 2);
	free_irq((unsigned int)nest_a.irq, &nest_a);
	free_irq((unsigned int)nest_b.irq, &nest_b);
}

/*
 * A wait runs only the threads it waits for: a thread of an unrelated
 * line queued on the waiter's CPU stays queued for the runner's own turn.
 */
TEST(a_wait_runs_only_the_threads_it_waits_for)
{
	struct rdev a, b;

	setup(1);
	rdev_request(&a, 4, rdev_plain_thread, "a");
	rdev_request(&b, 5, rdev_plain_thread, "b");
	rdev_fire_here(&a);
	rdev_fire_here(&b);
	synchronize_irq((unsigned int)b.irq);
	CHECK_EQ(atomic_load(&b.runs), 1);
	CHECK_EQ(atomic_load(&a.runs), 0);
	CHECK(irq_threads_pending());
	CHECK_EQ(irq_threads_run(), 1u);
	CHECK_EQ(atomic_load(&a.runs), 1);
	free_irq((unsigned int)a.irq, &a);
	free_irq((unsigned int)b.irq, &b);
}

/* A woken thread queued on a CPU that goes offline moves to one that is online. */
TEST(threads_queued_on_a_cpu_going_offline_move)
{
	struct rdev a;
	struct irq_cpumask m;

	setup(2);
	rdev_request(&a, 4, rdev_plain_thread, "a");
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK_EQ(irq_set_affinity((unsigned int)a.irq, &m), 0);
	simpic_raise(fx.pic, a.hw);
	CHECK_EQ(sim_run(1), 1u);	/* woken on CPU1, queued there */
	CHECK(!irq_threads_pending());	/* (CPU0's queue) */
	irq_cpu_set_online(1, false);
	CHECK(irq_threads_pending());
	synchronize_irq((unsigned int)a.irq);
	CHECK_EQ(atomic_load(&a.runs), 1);
	CHECK(!irq_threads_pending());
	free_irq((unsigned int)a.irq, &a);
}

/*
 * A thread function may free descriptors (process context): a waiter
 * that runs it holds no read section the grace period would wait for.
 */
static struct rdev freer;
static int spare_irq;

static irqreturn_t freeing_thread(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	CHECK_EQ(irq_free_descs((unsigned int)spare_irq, 1), 0);
	atomic_fetch_add(&freer.runs, 1);
	return IRQ_HANDLED;
}

static void thread_frees_descs(bool by_free_irq)
{
	setup(1);
	spare_irq = irq_alloc_descs(-1, 1);
	CHECK(spare_irq >= 0);
	rdev_request(&freer, 4, freeing_thread, "freer");
	rdev_fire_here(&freer);
	if (by_free_irq)
		free_irq((unsigned int)freer.irq, &freer);
	else
		synchronize_irq((unsigned int)freer.irq);
	CHECK_EQ(atomic_load(&freer.runs), 1);
	CHECK(irq_to_desc((unsigned int)spare_irq) == NULL);
	if (!by_free_irq)
		free_irq((unsigned int)freer.irq, &freer);
}

TEST(synchronize_irq_runs_a_thread_that_frees_descriptors)
{
	thread_frees_descs(false);
}

TEST(free_irq_runs_a_thread_that_frees_descriptors)
{
	thread_frees_descs(true);
}

/*
 * free_irq() runs the woken thread of the action it frees outside its
 * read section, and keeps the line from being freed meanwhile: the
 * thread function's irq_free_descs() of its own line (its action already
 * unlinked) is refused, not run under the caller or let through.
 */
static const struct irq_chip quiet_chip = {
	.name	= "quiet",
};

static struct rdev pinned;
static int pinned_free_ret = 1;

static irqreturn_t pinned_thread(int irq, void *dev_id)
{
	(void)dev_id;
	pinned_free_ret = irq_free_descs((unsigned int)irq, 1);
	atomic_fetch_add(&pinned.runs, 1);
	return IRQ_HANDLED;
}

TEST(a_line_whose_thread_free_irq_runs_is_not_freed_under_it)
{
	setup(1);
	memset(&pinned, 0, sizeof(pinned));
	pinned.irq = irq_alloc_descs(-1, 1);
	CHECK(pinned.irq >= 0);
	CHECK_EQ(irq_set_chip((unsigned int)pinned.irq, &quiet_chip, NULL), 0);
	CHECK_EQ(request_threaded_irq((unsigned int)pinned.irq, rdev_primary, pinned_thread, 0,
				      "pinned", &pinned), 0);
	irq_wake_thread((unsigned int)pinned.irq, &pinned);
	free_irq((unsigned int)pinned.irq, &pinned);
	CHECK_EQ(atomic_load(&pinned.runs), 1);
	CHECK_EQ(pinned_free_ret, -EBUSY);
	CHECK(sim_console_contains("still in use"));
	CHECK(irq_to_desc((unsigned int)pinned.irq) != NULL);
	CHECK_EQ(irq_free_descs((unsigned int)pinned.irq, 1), 0);
}

/*
 * disable_irq() and synchronize_irq() from softirq context: the line's
 * woken thread cannot run there, so they wait for the hardirq handlers
 * only, and the thread runs later.
 */
enum verb { DISABLE, SYNC };
static struct rdev soft_a;
static struct dev soft_kick;
static enum verb soft_verb;
static atomic_int soft_done;

static void soft_waiter(void)
{
	if (atomic_load(&soft_done))
		return;
	if (soft_verb == DISABLE)
		disable_irq((unsigned int)soft_a.irq);
	else
		synchronize_irq((unsigned int)soft_a.irq);
	atomic_store(&soft_done, 1);
}

static irqreturn_t kick_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	raise_softirq(TASKLET_SOFTIRQ);
	return IRQ_HANDLED;
}

static void wait_from_softirq(enum verb v, bool native)
{
	fx_init(&fx, 1, SIMPIC_FASTEOI);
	sim_irq_threads_native(native);
	irq_force_threading(false);
	soft_verb = v;
	atomic_store(&soft_done, 0);
	open_softirq(TASKLET_SOFTIRQ, soft_waiter);
	rdev_request(&soft_a, 4, rdev_plain_thread, "soft-a");
	dev_init(&soft_kick, &fx, 6, false);
	CHECK_EQ(request_irq((unsigned int)soft_kick.irq, kick_handler, 0, "kick", &soft_kick), 0);
	port_irq_disable();
	simpic_raise(fx.pic, soft_a.hw);	/* a's thread woken... */
	simpic_raise(fx.pic, soft_kick.hw);	/* ...and the softirq waits for it */
	port_irq_enable();
	CHECK_EQ(atomic_load(&soft_done), 1);
	CHECK_EQ(irq_get_depth((unsigned int)soft_a.irq), v == DISABLE ? 1 : 0);
	if (native)
		sim_irq_threads_settle();
	else
		CHECK_EQ(irq_threads_run(), 1u);
	CHECK_EQ(atomic_load(&soft_a.runs), 1);
	if (v == DISABLE)
		enable_irq((unsigned int)soft_a.irq);
	free_irq((unsigned int)soft_a.irq, &soft_a);
	free_irq((unsigned int)soft_kick.irq, &soft_kick);
}

TEST(disable_irq_from_softirq_does_not_wait_for_threads_core_runner)
{
	wait_from_softirq(DISABLE, false);
}

TEST(disable_irq_from_softirq_does_not_wait_for_threads_own_threads)
{
	wait_from_softirq(DISABLE, true);
}

TEST(synchronize_irq_from_softirq_does_not_wait_for_threads_core_runner)
{
	wait_from_softirq(SYNC, false);
}

TEST(synchronize_irq_from_softirq_does_not_wait_for_threads_own_threads)
{
	wait_from_softirq(SYNC, true);
}

/*
 * Two tasks on CPU0: X runs a's thread function through the runner, and
 * it waits (handing the CPU over); Y, switched in meanwhile, calls
 * disable_irq() or free_irq() on a's line. Y is not a's thread: it must
 * wait for the thread function to return, not be refused or let through.
 */
static struct rdev task_a;
static atomic_int task_phase;	/* 1: a's thread waits; 2: let it go; 3: returned */
static atomic_int y_done;
static atomic_int y_saw_phase;
static bool y_frees;

static irqreturn_t waiting_thread(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	atomic_store(&task_phase, 1);
	while (atomic_load(&task_phase) != 2)
		port_cpu_relax();	/* a kernel could switch tasks here */
	atomic_store(&task_phase, 3);
	atomic_fetch_add(&task_a.runs, 1);
	return IRQ_HANDLED;
}

static void task_x(void *arg)
{
	(void)arg;
	irq_threads_run();
}

static void task_y(void *arg)
{
	(void)arg;
	if (y_frees)
		free_irq((unsigned int)task_a.irq, &task_a);
	else
		disable_irq((unsigned int)task_a.irq);
	atomic_store(&y_saw_phase, atomic_load(&task_phase));
	atomic_store(&y_done, 1);
}

static void another_task_on_the_cpu(bool frees)
{
	setup(1);
	y_frees = frees;
	atomic_store(&task_phase, 0);
	atomic_store(&y_done, 0);
	atomic_store(&y_saw_phase, 0);
	rdev_request(&task_a, 4, waiting_thread, "task-a");
	rdev_fire_here(&task_a);
	CHECK_EQ(sim_thread_start(0, task_x, NULL), 0);
	while (atomic_load(&task_phase) != 1)
		sched_yield();
	CHECK_EQ(sim_thread_start(0, task_y, NULL), 0);
	for (int i = 0; i < 2000; i++) {
		CHECK_EQ(atomic_load(&y_done), 0);
		sched_yield();
	}
	atomic_store(&task_phase, 2);
	sim_thread_join_all();
	CHECK_EQ(atomic_load(&y_done), 1);
	CHECK_EQ(atomic_load(&y_saw_phase), 3);
	CHECK_EQ(atomic_load(&task_a.runs), 1);
	CHECK(!sim_console_contains("from a thread of the line"));
	CHECK(!sim_console_contains("from its own thread"));
	if (frees) {
		CHECK_EQ(can_request_irq((unsigned int)task_a.irq, 0), 1);
	} else {
		CHECK_EQ(irq_get_depth((unsigned int)task_a.irq), 1);
		enable_irq((unsigned int)task_a.irq);
		free_irq((unsigned int)task_a.irq, &task_a);
	}
}

TEST(another_task_on_the_cpu_is_not_taken_for_the_thread_disable)
{
	another_task_on_the_cpu(false);
}

TEST(another_task_on_the_cpu_is_not_taken_for_the_thread_free)
{
	another_task_on_the_cpu(true);
}

/*
 * The same for irq_dispose_mapping() of a mapped line from the thread
 * function that free_irq() runs: refused while free_irq() waits on the
 * line, and the line stays mapped; once free_irq() returned it goes.
 */
static struct rdev disposer;
static int dispose_ret = 1;

static irqreturn_t disposing_thread(int irq, void *dev_id)
{
	(void)dev_id;
	dispose_ret = irq_dispose_mapping((unsigned int)irq);
	atomic_fetch_add(&disposer.runs, 1);
	return IRQ_HANDLED;
}

TEST(a_line_whose_thread_free_irq_runs_is_not_unmapped_under_it)
{
	setup(1);
	rdev_request(&disposer, 4, disposing_thread, "disposer");
	irq_wake_thread((unsigned int)disposer.irq, &disposer);
	free_irq((unsigned int)disposer.irq, &disposer);
	CHECK_EQ(atomic_load(&disposer.runs), 1);
	CHECK_EQ(dispose_ret, -EBUSY);
	CHECK_EQ(irq_find_mapping(simpic_domain(fx.pic), disposer.hw), disposer.irq);
	CHECK_EQ(irq_dispose_mapping((unsigned int)disposer.irq), 0);
	CHECK_EQ(irq_find_mapping(simpic_domain(fx.pic), disposer.hw), -ENOENT);
}

/*
 * Two thread functions on two CPUs, each waiting for a line whose thread
 * is queued on the other's CPU, behind the other waiter: a wait that ran
 * only threads queued on its own CPU would wait for a runner that is
 * itself waiting. A waiter runs what it waits for from any CPU's queue.
 */
static struct rdev cross_p, cross_q, cross_a, cross_b;
static atomic_int cross_done;

static irqreturn_t cross_wait_thread(int irq, void *dev_id)
{
	struct rdev *d = dev_id;

	(void)irq;
	rdev_enter(d);
	synchronize_irq((unsigned int)(d == &cross_p ? cross_a.irq : cross_b.irq));
	rdev_leave(d);
	return IRQ_HANDLED;
}

static void cross_cpu(void *arg)
{
	(void)arg;
	irq_threads_run();
	atomic_fetch_add(&cross_done, 1);
}

/* Route @d to @cpu, raise it and let @cpu take it: its thread is queued there. */
static void cross_queue(struct rdev *d, unsigned int cpu)
{
	struct irq_cpumask m;

	cpumask_clear(&m);
	cpumask_set_cpu(cpu, &m);
	CHECK_EQ(irq_set_affinity((unsigned int)d->irq, &m), 0);
	simpic_raise(fx.pic, d->hw);
	sim_run(cpu);	/* (CPU0, the caller's, may have taken it at once) */
	CHECK(irq_cpus[cpu].thread_tail == rdev_thread(d));
}

TEST(waits_from_threads_on_two_cpus_for_each_others_queues_end)
{
	setup(2);
	rdev_request(&cross_p, 4, cross_wait_thread, "p");
	rdev_request(&cross_q, 5, cross_wait_thread, "q");
	rdev_request(&cross_a, 6, rdev_plain_thread, "a");
	rdev_request(&cross_b, 7, rdev_plain_thread, "b");
	cross_queue(&cross_p, 0);	/* CPU0's queue: p, then b */
	cross_queue(&cross_b, 0);
	cross_queue(&cross_q, 1);	/* CPU1's queue: q, then a */
	cross_queue(&cross_a, 1);
	CHECK_EQ(sim_thread_start(0, cross_cpu, NULL), 0);
	CHECK_EQ(sim_thread_start(1, cross_cpu, NULL), 0);
	/* A deadlock (p waits for a, queued on CPU1; q for b, queued on CPU0)
	 * never ends: the harness' hang limit fails it (TEST_HANG_SECONDS). */
	while (atomic_load(&cross_done) < 2)
		sched_yield();
	sim_thread_join_all();
	CHECK_EQ(atomic_load(&cross_p.runs), 1);
	CHECK_EQ(atomic_load(&cross_q.runs), 1);
	CHECK_EQ(atomic_load(&cross_a.runs), 1);
	CHECK_EQ(atomic_load(&cross_b.runs), 1);
	CHECK(!irq_threads_pending());
	free_irq((unsigned int)cross_p.irq, &cross_p);
	free_irq((unsigned int)cross_q.irq, &cross_q);
	free_irq((unsigned int)cross_a.irq, &cross_a);
	free_irq((unsigned int)cross_b.irq, &cross_b);
}

// SPDX-License-Identifier: MIT
/*
 * A controller behind a slow bus (an I2C GPIO expander, simulated): its
 * primitives only record, its bus_lock / bus_sync_unlock take a sleeping
 * lock and write over the bus, whose every transaction sleeps and is
 * counted. Its lines are nested in the thread of the parent line that
 * demultiplexes them (handle_nested_irq()).
 */
#include <pthread.h>
#include <time.h>
#include <genirq/compat.h>
#include "fixture.h"
#include "internals.h"

#define EXP_LINES	8
#define EXP_PARENT_HW	20
#define BUS_XFER_NS	20000	/* a register access on a 400 kHz bus is ~50 us */

struct expander {
	pthread_mutex_t	bus;
	atomic_bool	bus_held;
	unsigned int	mask_cache, mask_hw;	/* bit set: masked */
	unsigned int	type_cache[EXP_LINES], type_hw[EXP_LINES];
	atomic_uint	status;			/* lines asserting, latched */
	/*
	 * Inputs latched before a mask write reached the expander: the next
	 * status read reports them although they are masked by then (the
	 * race of a disable with the parent's thread).
	 */
	atomic_uint	raced;
	atomic_uint	transactions;
	atomic_uint	bus_locks;
	atomic_uint	bad_context;		/* bus calls in atomic context */
	atomic_uint	unlocked_changes;	/* primitive calls outside the bus lock */
	int		child;			/* first child line */
};

static struct fixture fx;
static struct expander exp;

static void bus_xfer(struct expander *e)
{
	struct timespec ts = { 0, BUS_XFER_NS };

	if (in_interrupt() || port_irqs_disabled())
		atomic_fetch_add(&e->bad_context, 1);
	nanosleep(&ts, NULL);	/* the bus sleeps: legal only in process context */
	atomic_fetch_add(&e->transactions, 1);
}

static void note_change(struct expander *e)
{
	if (!atomic_load(&e->bus_held))
		atomic_fetch_add(&e->unlocked_changes, 1);
}

static void exp_mask(struct irq_data *d)
{
	struct expander *e = d->chip_data;

	note_change(e);
	e->mask_cache |= 1u << d->hwirq;
}

static void exp_unmask(struct irq_data *d)
{
	struct expander *e = d->chip_data;

	note_change(e);
	e->mask_cache &= ~(1u << d->hwirq);
}

static int exp_set_type(struct irq_data *d, unsigned int type)
{
	struct expander *e = d->chip_data;

	note_change(e);
	e->type_cache[d->hwirq] = type;
	return 0;
}

static void exp_bus_lock(struct irq_data *d)
{
	struct expander *e = d->chip_data;

	if (in_interrupt() || port_irqs_disabled())
		atomic_fetch_add(&e->bad_context, 1);
	pthread_mutex_lock(&e->bus);
	atomic_store(&e->bus_held, true);
	atomic_fetch_add(&e->bus_locks, 1);
}

/* Write what changed: one transaction for the mask register, one per type. */
static void exp_bus_sync_unlock(struct irq_data *d)
{
	struct expander *e = d->chip_data;

	if (e->mask_cache != e->mask_hw) {
		bus_xfer(e);
		e->mask_hw = e->mask_cache;
	}
	for (unsigned int i = 0; i < EXP_LINES; i++)
		if (e->type_cache[i] != e->type_hw[i]) {
			bus_xfer(e);
			e->type_hw[i] = e->type_cache[i];
		}
	atomic_store(&e->bus_held, false);
	pthread_mutex_unlock(&e->bus);
}

static const struct irq_chip exp_chip = {
	.name = "slowexp", .mask = exp_mask, .unmask = exp_unmask, .set_type = exp_set_type,
	.bus_lock = exp_bus_lock, .bus_sync_unlock = exp_bus_sync_unlock,
};

/* The device side: a child input asserts; the expander's INT goes low if it is unmasked. */
static void exp_raise(unsigned int bit)
{
	atomic_fetch_or(&exp.status, 1u << bit);
	if (!(exp.mask_hw & (1u << bit)))
		simpic_raise(fx.pic, EXP_PARENT_HW);
}

/* An input the expander latched just before the child's mask reached it. */
static void exp_raise_raced(unsigned int bit)
{
	atomic_fetch_or(&exp.raced, 1u << bit);
	atomic_fetch_or(&exp.status, 1u << bit);
	simpic_raise(fx.pic, EXP_PARENT_HW);
}

/* The parent's thread: read the status over the bus, run each unmasked child. */
static irqreturn_t exp_demux(int irq, void *dev_id)
{
	struct expander *e = dev_id;
	unsigned int pending;

	(void)irq;
	bus_xfer(e);
	pending = atomic_load(&e->status) & (~e->mask_hw | atomic_exchange(&e->raced, 0u));
	atomic_fetch_and(&e->status, ~pending);
	for (unsigned int bit = 0; bit < EXP_LINES; bit++)
		if (pending & (1u << bit))
			handle_nested_irq((unsigned int)e->child + bit);
	simpic_lower(fx.pic, EXP_PARENT_HW);
	return pending ? IRQ_HANDLED : IRQ_NONE;
}

static atomic_int child_runs, child_bad_context;
static char child_runner[IRQ_THREAD_NAME_LEN];	/* the thread the last run was in */

/* The interrupt thread the caller runs in: a port's, or the core runner's. */
static struct irq_thread *current_irq_thread(void)
{
	struct irq_thread *t = port_irq_thread_current();

	return t ? t : port_irq_task()->thread;
}

static irqreturn_t child_fn(int irq, void *dev_id)
{
	struct irq_thread *t = current_irq_thread();

	(void)irq;
	(void)dev_id;
	if (in_interrupt() || port_irqs_disabled())
		atomic_fetch_add(&child_bad_context, 1);
	snprintf(child_runner, sizeof(child_runner), "%s", t ? t->name : "none");
	atomic_fetch_add(&child_runs, 1);
	return IRQ_HANDLED;
}

static void setup(void)
{
	fx_init(&fx, 1, SIMPIC_FASTEOI);
	sim_irq_threads_native(false);
	memset(&exp, 0, sizeof(exp));
	pthread_mutex_init(&exp.bus, NULL);
	exp.mask_cache = exp.mask_hw = (1u << EXP_LINES) - 1;
	exp.child = irq_alloc_descs(-1, EXP_LINES);
	CHECK(exp.child >= 0);
	for (unsigned int i = 0; i < EXP_LINES; i++) {
		unsigned int irq = (unsigned int)exp.child + i;

		CHECK_EQ(irq_set_chip(irq, &exp_chip, &exp), 0);
		CHECK_EQ(irq_set_hwirq(irq, i), 0);
		CHECK_EQ(irq_set_nested_thread(irq, true), 0);
	}
	atomic_store(&child_runs, 0);
	atomic_store(&child_bad_context, 0);
	child_runner[0] = 0;
}

static unsigned int parent_irq(void)
{
	return (unsigned int)simpic_map(fx.pic, EXP_PARENT_HW, IRQ_TYPE_LEVEL_HIGH);
}

static void parent_request(void)
{
	CHECK_EQ(request_threaded_irq(parent_irq(), NULL, exp_demux, IRQF_ONESHOT, "exp", &exp),
		 0);
}

static void teardown(void)
{
	while (irq_threads_run())
		;
	sim_irq_threads_native(true);
	CHECK_EQ(atomic_load(&exp.bad_context), 0u);
	CHECK_EQ(atomic_load(&exp.unlocked_changes), 0u);
}

TEST(slow_bus_lock_wraps_every_configuration_change_outside_the_spinlock)
{
	unsigned int c0, t, locks;
	int cookie;

	setup();
	c0 = (unsigned int)exp.child;
	t = atomic_load(&exp.transactions);
	locks = atomic_load(&exp.bus_locks);
	CHECK_EQ(request_threaded_irq(c0, NULL, child_fn, 0, "c0", &cookie), 0);
	CHECK_EQ(atomic_load(&exp.bus_locks), locks + 1);
	CHECK_EQ(exp.mask_hw & 1u, 0u);			/* unmasked, in the hardware */
	CHECK_EQ(atomic_load(&exp.transactions), t + 1);
	disable_irq(c0);
	CHECK_EQ(exp.mask_hw & 1u, 1u);
	CHECK_EQ(atomic_load(&exp.transactions), t + 2);
	disable_irq_nosync(c0);				/* depth 2: nothing to write */
	CHECK_EQ(atomic_load(&exp.transactions), t + 2);
	enable_irq(c0);
	enable_irq(c0);
	CHECK_EQ(exp.mask_hw & 1u, 0u);
	CHECK_EQ(atomic_load(&exp.transactions), t + 3);
	CHECK_EQ(irq_set_irq_type(c0, IRQ_TYPE_EDGE_FALLING), 0);
	CHECK_EQ(exp.type_hw[0], IRQ_TYPE_EDGE_FALLING);
	CHECK_EQ(atomic_load(&exp.transactions), t + 4);
	free_irq(c0, &cookie);
	CHECK_EQ(exp.mask_hw & 1u, 1u);
	CHECK_EQ(atomic_load(&exp.transactions), t + 5);
	CHECK_EQ(atomic_load(&exp.bus_locks), locks + 7);	/* one for each of the seven calls */
	teardown();
}

static unsigned int hardirq_target;

static irqreturn_t disables_from_hardirq(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	disable_irq_nosync(hardirq_target);
	return IRQ_HANDLED;
}

TEST(slow_bus_line_changed_from_interrupt_context_is_refused)
{
	int cookie, plain;

	setup();
	hardirq_target = (unsigned int)exp.child;
	CHECK_EQ(request_threaded_irq(hardirq_target, NULL, child_fn, 0, "c0", &cookie), 0);
	plain = simpic_map(fx.pic, 3, IRQ_TYPE_EDGE_RISING);
	CHECK_EQ(request_irq((unsigned int)plain, disables_from_hardirq, 0, "plain", &plain), 0);
	simpic_raise(fx.pic, 3);
	sim_run(0);
	CHECK(sim_console_contains("disable_irq_nosync in interrupt context on a slow-bus "
				   "controller refused"));
	CHECK_EQ(irq_get_depth(hardirq_target), 0);
	CHECK_EQ(exp.mask_hw & 1u, 0u);
	free_irq((unsigned int)plain, &plain);
	free_irq(hardirq_target, &cookie);
	teardown();
}

TEST(nested_child_runs_in_its_parents_thread)
{
	unsigned int c0, c2, t;
	char buf[4096];
	int cookie;

	setup();
	c0 = (unsigned int)exp.child;
	c2 = c0 + 2;
	CHECK_EQ(request_threaded_irq((unsigned int)simpic_map(fx.pic, EXP_PARENT_HW,
							       IRQ_TYPE_LEVEL_HIGH),
				      NULL, exp_demux, IRQF_ONESHOT, "exp", &exp), 0);
	CHECK_EQ(request_threaded_irq(c0, NULL, child_fn, 0, "c0", &cookie), 0);
	CHECK_EQ(request_any_context_irq(c2, child_fn, 0, "c2", &c2), IRQC_IS_NESTED);
	t = atomic_load(&exp.transactions);
	exp_raise(0);
	exp_raise(2);
	sim_run(0);
	CHECK_EQ(atomic_load(&child_runs), 0);		/* the parent's primary only woke it */
	CHECK_EQ(irq_threads_run(), 1u);
	CHECK_EQ(atomic_load(&child_runs), 2);
	CHECK_EQ(atomic_load(&child_bad_context), 0);
	CHECK_EQ(atomic_load(&exp.transactions), t + 1);	/* one status read */
	CHECK_EQ(irq_stat_total(c0), 1ul);
	CHECK_EQ(irq_stat_total(c2), 1ul);
	/* The children have no thread of their own. */
	CHECK(irq_show_threads(buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "-exp") != NULL);
	CHECK(strstr(buf, "-c0") == NULL);
	/* A masked child stays latched in the expander and runs nothing. */
	disable_irq(c0);
	exp_raise(0);
	sim_run(0);
	CHECK_EQ(irq_threads_run(), 0u);
	CHECK_EQ(atomic_load(&child_runs), 2);
	/* Its controller reports it again once it is unmasked. */
	enable_irq(c0);
	simpic_raise(fx.pic, EXP_PARENT_HW);
	sim_run(0);
	CHECK_EQ(irq_threads_run(), 1u);
	CHECK_EQ(atomic_load(&child_runs), 3);
	free_irq(c0, &cookie);
	free_irq(c2, &c2);
	free_irq((unsigned int)simpic_map(fx.pic, EXP_PARENT_HW, IRQ_TYPE_LEVEL_HIGH), &exp);
	teardown();
}

TEST(nested_line_refuses_primary_only_requests_and_misuse)
{
	unsigned int c1;
	int cookie;

	setup();
	c1 = (unsigned int)exp.child + 1;
	CHECK_EQ(request_irq(c1, child_fn, 0, "prim", &cookie), -EINVAL);
	CHECK(sim_console_contains("request of \"prim\" refused: the line is nested in its "
				   "parent's thread: a thread function is needed"));
	CHECK_EQ(can_request_irq(c1, 0), 1);
	CHECK_EQ(exp.mask_hw & 2u, 2u);
	CHECK_EQ(request_threaded_irq(c1, NULL, child_fn, 0, "c1", &cookie), 0);
	CHECK_EQ(irq_set_nested_thread(c1, false), -EBUSY);
	CHECK(sim_console_contains("irq_set_nested_thread with handlers installed refused"));
	CHECK_EQ(irq_set_nested_thread(100000, true), -EINVAL);
	/*
	 * Disabled: handle_nested_irq() runs nothing. Called from no interrupt
	 * thread, its pending event has no thread to run in at the enable.
	 */
	disable_irq(c1);
	handle_nested_irq(c1);
	CHECK_EQ(atomic_load(&child_runs), 0);
	enable_irq(c1);
	CHECK(sim_console_contains("event pending at enable_irq lost: the thread that read it "
				   "is gone or was no interrupt thread"));
	CHECK_EQ(irq_threads_run(), 0u);
	CHECK_EQ(atomic_load(&child_runs), 0);
	handle_nested_irq(c1);
	CHECK_EQ(atomic_load(&child_runs), 1);
	free_irq(c1, &cookie);
	teardown();
}

/*
 * A child event that the parent's thread reads while the child is
 * disabled: the expander's status is read-to-clear, so the core's
 * PENDING mark is all that is left of it.
 */
static void raced_event_while_disabled(unsigned int child)
{
	unsigned int runs = (unsigned int)atomic_load(&child_runs);

	exp_raise_raced(child - (unsigned int)exp.child);
	sim_run(0);
	CHECK_EQ(irq_threads_run(), 1u);		/* the parent's thread read it */
	CHECK_EQ(atomic_load(&child_runs), (int)runs);
	CHECK_EQ(atomic_load(&exp.status), 0u);	/* cleared by the read */
}

/* The expander's thread on its parent line, and child 0 with child_fn: its number. */
static unsigned int start_c0(int *cookie)
{
	unsigned int c0;

	setup();
	c0 = (unsigned int)exp.child;
	parent_request();
	CHECK_EQ(request_threaded_irq(c0, NULL, child_fn, 0, "c0", cookie), 0);
	return c0;
}

static void stop_c0(unsigned int c0, int *cookie, bool c0_freed)
{
	if (!c0_freed)
		free_irq(c0, cookie);
	free_irq(parent_irq(), &exp);
	teardown();
}

/* Child 0 disabled with an event pending, then enabled: its replay is handed over. */
static void pending_then_enabled(unsigned int c0)
{
	disable_irq(c0);
	raced_event_while_disabled(c0);
	enable_irq(c0);
}

TEST(nested_event_while_disabled_runs_once_in_the_parents_thread_at_enable)
{
	unsigned int c0, t;
	unsigned long stat, pstat;
	int cookie;

	c0 = start_c0(&cookie);
	disable_irq(c0);
	raced_event_while_disabled(c0);
	stat = irq_stat_total(c0);
	pstat = irq_stat_total(parent_irq());
	t = atomic_load(&exp.transactions);
	enable_irq(c0);
	/* Not in the caller of enable_irq(), which may hold what the handler takes. */
	CHECK_EQ(atomic_load(&child_runs), 0);
	CHECK_EQ(irq_threads_run(), 1u);
	CHECK_EQ(atomic_load(&child_runs), 1);
	CHECK(strstr(child_runner, "-exp") != NULL);	/* in the parent's thread */
	CHECK_EQ(atomic_load(&child_bad_context), 0);
	CHECK_EQ(irq_stat_total(c0), stat + 1);
	CHECK_EQ(irq_stat_total(parent_irq()), pstat);	/* no event of the parent */
	CHECK_EQ(atomic_load(&exp.transactions), t + 1);	/* the unmask only: no status read */
	CHECK(!sim_console_contains("primary handler called on a nested line"));
	CHECK_EQ(irq_threads_run(), 0u);
	CHECK_EQ(atomic_load(&child_runs), 1);		/* once */
	/* Enabled again, the line takes its events as before. */
	exp_raise(0);
	sim_run(0);
	CHECK_EQ(irq_threads_run(), 1u);
	CHECK_EQ(atomic_load(&child_runs), 2);
	stop_c0(c0, &cookie, false);
}

TEST(nested_events_while_disabled_are_one_pending_event)
{
	unsigned int c0;
	int cookie;

	c0 = start_c0(&cookie);
	disable_irq(c0);
	raced_event_while_disabled(c0);
	raced_event_while_disabled(c0);
	enable_irq(c0);
	while (irq_threads_run())
		;
	CHECK_EQ(atomic_load(&child_runs), 1);
	stop_c0(c0, &cookie, false);
}

TEST(nested_event_pending_at_free_irq_never_runs)
{
	unsigned int c0;
	int cookie;

	/* Freed while disabled with the event pending: the next owner does not get it. */
	c0 = start_c0(&cookie);
	disable_irq(c0);
	raced_event_while_disabled(c0);
	free_irq(c0, &cookie);
	CHECK_EQ(request_threaded_irq(c0, NULL, child_fn, 0, "c0", &cookie), 0);
	while (irq_threads_run())
		;
	CHECK_EQ(atomic_load(&child_runs), 0);
	/* Freed with the replay handed to the parent's thread, not yet run. */
	pending_then_enabled(c0);
	free_irq(c0, &cookie);
	CHECK_EQ(irq_threads_run(), 1u);
	CHECK_EQ(atomic_load(&child_runs), 0);
	stop_c0(c0, &cookie, true);
}

TEST(nested_replay_waits_for_a_disable_that_came_after_the_enable)
{
	unsigned int c0;
	int cookie;

	c0 = start_c0(&cookie);
	pending_then_enabled(c0);
	disable_irq(c0);		/* the replay is queued, not yet run */
	while (irq_threads_run())
		;
	CHECK_EQ(atomic_load(&child_runs), 0);
	enable_irq(c0);
	while (irq_threads_run())
		;
	CHECK_EQ(atomic_load(&child_runs), 1);
	CHECK_EQ(irq_stat_total(c0), 1ul);
	stop_c0(c0, &cookie, false);
}

TEST(nested_event_taken_before_the_replay_runs_is_not_run_twice)
{
	unsigned int c0;
	int cookie;

	c0 = start_c0(&cookie);
	pending_then_enabled(c0);
	handle_nested_irq(c0);		/* an event run before the queued replay: it covers it */
	CHECK_EQ(atomic_load(&child_runs), 1);
	while (irq_threads_run())
		;
	CHECK_EQ(atomic_load(&child_runs), 1);
	stop_c0(c0, &cookie, false);
}

/* The parent's own thread (a port thread): the replay runs there too. */
TEST(nested_replay_runs_in_the_parents_port_thread)
{
	unsigned int c0;
	int cookie;

	setup();
	c0 = (unsigned int)exp.child;
	sim_irq_threads_native(true);
	parent_request();
	CHECK_EQ(request_threaded_irq(c0, NULL, child_fn, 0, "c0", &cookie), 0);
	disable_irq(c0);
	exp_raise_raced(0);
	sim_run(0);
	sim_irq_threads_settle();
	CHECK_EQ(atomic_load(&child_runs), 0);
	enable_irq(c0);
	sim_irq_threads_settle();
	CHECK_EQ(atomic_load(&child_runs), 1);
	CHECK(strstr(child_runner, "-exp") != NULL);
	CHECK_EQ(atomic_load(&child_bad_context), 0);
	stop_c0(c0, &cookie, false);
}

static irqreturn_t child_none_fn(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	atomic_fetch_add(&child_runs, 1);
	return IRQ_NONE;
}

/*
 * The stuck-line rule disables a nested line its handler never claims:
 * the mask is written to the expander right away, under the bus lock, not
 * left in the controller's cache until some later configuration change.
 */
TEST(nested_stuck_line_is_masked_in_the_expander_at_once)
{
	unsigned int c0, t;
	int cookie;

	setup();
	c0 = (unsigned int)exp.child;
	CHECK_EQ(request_threaded_irq(c0, NULL, child_none_fn, 0, "c0", &cookie), 0);
	t = atomic_load(&exp.transactions);
	for (unsigned int i = 0; i < IRQ_SPURIOUS_WINDOW; i++)
		handle_nested_irq(c0);
	CHECK(sim_console_contains("Disabling IRQ #"));
	CHECK_EQ(irq_get_depth(c0), 1);
	CHECK_EQ(exp.mask_hw & 1u, 1u);
	CHECK_EQ(atomic_load(&exp.transactions), t + 1);
	CHECK_EQ(atomic_load(&exp.unlocked_changes), 0u);
	free_irq(c0, &cookie);
	teardown();
}

/* The handled-storm rule's throttle, likewise. */
TEST(nested_storm_throttle_is_masked_in_the_expander_at_once)
{
	unsigned int c0, t;
	int cookie;

	setup();
	c0 = (unsigned int)exp.child;
	CHECK_EQ(irq_set_storm_limit(c0, 1000, 10), 0);	/* 10 per 10 ms */
	CHECK_EQ(request_threaded_irq(c0, NULL, child_fn, 0, "c0", &cookie), 0);
	t = atomic_load(&exp.transactions);
	for (unsigned int i = 0; i < 12; i++)
		handle_nested_irq(c0);
	CHECK(sim_console_contains("handled storm"));
	CHECK_EQ(irq_get_depth(c0), 1);
	CHECK_EQ(atomic_load(&child_runs), 10);
	CHECK_EQ(exp.mask_hw & 1u, 1u);
	CHECK_EQ(atomic_load(&exp.transactions), t + 1);
	CHECK_EQ(atomic_load(&exp.unlocked_changes), 0u);
	free_irq(c0, &cookie);
	teardown();
}

/*
 * Undoing the rules' disables: the tick's poll finds a nested line's
 * back-off run out, but its controller's bus cannot be taken there, so
 * the release is handed to the thread of its parent, which unmasks it in
 * the expander under the bus lock (one transaction), not in the chip's
 * cache from the tick (to reach the hardware at some later bus sync).
 * The poll runs none of the line's handlers: they are thread functions.
 */
static void raise_through_parent(unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		exp_raise(0);
		sim_run(0);
		while (irq_threads_run())
			;
	}
}

static void released_by_parents_thread(unsigned int c0, const char *released)
{
	unsigned int t = atomic_load(&exp.transactions);
	int runs = atomic_load(&child_runs);

	sim_time_advance(61ull * 1000 * 1000 * 1000);	/* past any back-off */
	irq_spurious_poll();
	CHECK_EQ(atomic_load(&exp.unlocked_changes), 0u);	/* nothing from the tick */
	CHECK_EQ(atomic_load(&child_runs), runs);		/* no handler polled */
	CHECK_EQ(exp.mask_hw & 1u, 1u);
	while (irq_threads_run())
		;
	CHECK(sim_console_contains(released));
	CHECK_EQ(irq_get_depth(c0), 0);
	CHECK_EQ(exp.mask_hw & 1u, 0u);				/* in the expander */
	CHECK_EQ(atomic_load(&exp.transactions), t + 1);
	CHECK_EQ(atomic_load(&exp.unlocked_changes), 0u);
	raise_through_parent(1);				/* and it runs again */
	CHECK_EQ(atomic_load(&child_runs), runs + 1);
}

/*
 * A rule disables nested line c0, whose handler is @fn, within @events
 * raised through the parent (the console says @disabled); the tick's poll
 * hands the release to the parent's thread (@released).
 */
static void rule_released_in_parents_thread(irq_handler_t fn, unsigned int storm_limit,
					    unsigned int events, const char *disabled,
					    const char *released)
{
	unsigned int c0;
	int cookie;

	setup();
	c0 = (unsigned int)exp.child;
	parent_request();
	/* The simulated clock stands still: the storm rule only where asked. */
	CHECK_EQ(irq_set_storm_limit(parent_irq(), 0, 0), 0);
	CHECK_EQ(irq_set_storm_limit(c0, storm_limit, storm_limit ? 10 : 0), 0);
	CHECK_EQ(request_threaded_irq(c0, NULL, fn, 0, "c0", &cookie), 0);
	raise_through_parent(events);
	CHECK(sim_console_contains(disabled));
	CHECK_EQ(irq_get_depth(c0), 1);
	CHECK_EQ(exp.mask_hw & 1u, 1u);
	released_by_parents_thread(c0, released);
	free_irq(c0, &cookie);
	free_irq(parent_irq(), &exp);
	teardown();
}

TEST(nested_stuck_line_is_released_in_its_parents_thread_under_the_bus_lock)
{
	rule_released_in_parents_thread(child_none_fn, 0, IRQ_SPURIOUS_WINDOW, "Disabling IRQ #",
					"re-enabled after back-off");
}

/* 10 handled events per 10 ms throttle it. */
TEST(nested_storm_throttle_is_lifted_in_its_parents_thread_under_the_bus_lock)
{
	rule_released_in_parents_thread(child_fn, 1000, 12, "handled storm",
					"storm throttle lifted");
}

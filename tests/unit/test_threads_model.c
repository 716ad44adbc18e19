// SPDX-License-Identifier: MIT
/*
 * What tests/fuzz/fuzz_model.c found against the reference model
 * (tests/model) for threaded actions, each as a plain test with the
 * core's runner (deterministic).
 *
 * The stuck-line rule's deferred judgement (spurious.c): "a primary that
 * only woke threads is judged by what the threads did, one event later:
 * the event counts as handled when some thread returned IRQ_HANDLED since
 * the event before, else as unhandled". A thread that returned
 * IRQ_HANDLED before that event must not count for it: not one of an
 * earlier handler of the line, nor one whose event was judged already.
 */
#include <stdio.h>
#include <string.h>
#include "fixture.h"

static struct fixture fx;

/* A device on a shared edge line: a primary that claims or wakes. */
struct jdev {
	bool		claim;		/* the primary claims the next event itself */
	bool		wake;		/* the primary wakes the thread for it */
	irqreturn_t	thread_ret;
	int		thread_runs;
};

static irqreturn_t jdev_primary(int irq, void *dev_id)
{
	struct jdev *d = dev_id;

	(void)irq;
	if (d->claim)
		return IRQ_HANDLED;
	return d->wake ? IRQ_WAKE_THREAD : IRQ_NONE;
}

static irqreturn_t jdev_thread(int irq, void *dev_id)
{
	struct jdev *d = dev_id;

	(void)irq;
	d->thread_runs++;
	return d->thread_ret;
}

static int line;

static void setup(void)
{
	fx_init(&fx, 2, SIMPIC_FASTEOI);
	sim_irq_threads_native(false);
	irq_force_threading(false);
	irq_set_storm_default(0, 0);
	line = simpic_map(fx.pic, 6, IRQ_TYPE_EDGE_RISING);
	CHECK(line >= 0);
}

/* One event, taken by CPU 0; then CPU 0's threads run. */
static void event_then_threads(void)
{
	simpic_raise(fx.pic, 6);
	sim_run(0);
	while (irq_threads_run())
		;
}

static unsigned int unhandled_count(void)
{
	char path[64], buf[256];
	const char *p;
	unsigned int n = ~0u;

	snprintf(path, sizeof(path), "/proc/irq/%d/spurious", line);
	CHECK(irq_proc_read(path, buf, sizeof(buf)) > 0);
	p = strstr(buf, "unhandled ");
	CHECK(p && sscanf(p, "unhandled %u", &n) == 1);
	return n;
}

/*
 * A line whose earlier handler's threads returned IRQ_HANDLED, requested
 * again by a driver whose thread finds nothing: the second wake-only
 * event is unhandled (the first has nothing to be judged by).
 */
TEST(rerequested_threaded_line_is_judged_by_its_new_threads_only)
{
	struct jdev a = { .wake = true, .thread_ret = IRQ_HANDLED };
	struct jdev b = { .wake = true, .thread_ret = IRQ_NONE };

	setup();
	CHECK_EQ(request_threaded_irq((unsigned int)line, jdev_primary, jdev_thread, 0, "a", &a),
		 0);
	for (int i = 0; i < 3; i++)
		event_then_threads();
	CHECK_EQ(a.thread_runs, 3);
	free_irq((unsigned int)line, &a);

	CHECK_EQ(request_threaded_irq((unsigned int)line, jdev_primary, jdev_thread, 0, "b", &b),
		 0);
	event_then_threads();
	CHECK_EQ(unhandled_count(), 0u);
	event_then_threads();
	CHECK_EQ(b.thread_runs, 2);
	CHECK_EQ(unhandled_count(), 1u);
	free_irq((unsigned int)line, &b);
}

/*
 * Shared: an event a plain handler claimed while the thread was woken
 * too, the thread claims it; then two wake-only events whose thread runs
 * find nothing. The second of them is unhandled: the thread's
 * IRQ_HANDLED came before the event before it.
 */
TEST(thread_claim_before_the_event_before_does_not_count)
{
	struct jdev p = { .claim = true };
	struct jdev t = { .wake = true, .thread_ret = IRQ_HANDLED };

	setup();
	CHECK_EQ(request_irq((unsigned int)line, jdev_primary, IRQF_SHARED, "p", &p), 0);
	CHECK_EQ(request_threaded_irq((unsigned int)line, jdev_primary, jdev_thread, IRQF_SHARED,
				      "t", &t), 0);
	event_then_threads();			/* IRQ_HANDLED | IRQ_WAKE_THREAD */
	CHECK_EQ(t.thread_runs, 1);
	p.claim = false;
	t.thread_ret = IRQ_NONE;
	event_then_threads();			/* wake-only: nothing to judge by yet */
	CHECK_EQ(unhandled_count(), 0u);
	event_then_threads();			/* no thread claimed since the one before */
	CHECK_EQ(t.thread_runs, 3);
	CHECK_EQ(unhandled_count(), 1u);
	free_irq((unsigned int)line, &t);
	free_irq((unsigned int)line, &p);
}

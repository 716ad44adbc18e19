// SPDX-License-Identifier: MIT
/*
 * Fault injection through the simulated controller: hardware that drops,
 * sticks, lies, misroutes or forgets, and an allocator that fails at each
 * allocation in turn. Each test says what the core must still guarantee.
 */
#include <pthread.h>
#include <genirq/compat.h>
#include <sched.h>
#include "fixture.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#define leak_check()	CHECK_EQ(__lsan_do_recoverable_leak_check(), 0)
#else
#define leak_check()	do { } while (0)
#endif

/*
 * A controller that loses edges while a line is masked (as an IO-APIC
 * edge pin does): disable_irq must not lose the device's event, so an
 * edge line is left unmasked while disabled and masked only when an event
 * actually comes, which the core then replays on the last enable.
 */
static void edge_dropped_while_masked(enum simpic_style style)
{
	struct fixture fx;
	struct dev d;
	struct simpic_line_stats s;

	fx_init(&fx, 1, style);
	dev_init(&d, &fx, 3, false);
	simpic_set_fault(fx.pic, 3, SIMPIC_DROP_MASKED_EDGE);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	disable_irq(d.irq);
	dev_raise(&d);			/* reaches the core: line not masked yet */
	sim_run(0);
	dev_raise(&d);			/* now masked: dropped, but already pending */
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 0);
	enable_irq(d.irq);
	/* Replayed from the resend softirq, run at the end of enable_irq. */
	CHECK_EQ(atomic_load(&d.calls), 1);
	CHECK_EQ(atomic_load(&d.want), 0);		/* both events serviced */
	simpic_line_stats(fx.pic, 3, &s);
	CHECK(s.dropped <= 1);
	fx_check_ended_once(&fx, 3, style);
	/* A second round, with the line idle at disable. */
	disable_irq(d.irq);
	enable_irq(d.irq);
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 2);
	fx_check_ended_once(&fx, 3, style);
}

TEST_EACH_CHIP(fault_edge_dropped_while_masked_is_not_lost, edge_dropped_while_masked)

/*
 * A replay the controller can't send is run in software; the controller
 * saw one delivery, so it must see one end, not two, also while cost
 * accounting wraps the line's flow. The replay counts as an event.
 */
static void software_replay_ends_once(enum simpic_style style, bool cost)
{
	struct fixture fx;
	struct dev d;
	struct simpic_line_stats s;
	struct irq_cost c;

	fx_init(&fx, 1, style);
	dev_init(&d, &fx, 4, false);
	simpic_set_fault(fx.pic, 4, SIMPIC_NO_RETRIGGER);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	CHECK_EQ(irq_set_cost_accounting(d.irq, cost), 0);
	disable_irq_nosync(d.irq);
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 0);
	enable_irq(d.irq);
	/* Replayed from the resend softirq, run at the end of enable_irq. */
	CHECK_EQ(atomic_load(&d.calls), 1);
	CHECK_EQ(atomic_load(&d.handled), 1);
	CHECK_EQ(irq_stat_total(d.irq), 2);
	simpic_line_stats(fx.pic, 4, &s);
	CHECK_EQ(s.retriggers, 0);
	fx_check_ended_once(&fx, 4, style);
	CHECK_EQ(irq_get_cost(d.irq, &c), 0);
	CHECK_EQ(c.count, cost ? 1 : 0);	/* the delivery the flow took */
}

TEST(fault_no_retrigger_software_replay_ends_once_ack_chip)
{
	software_replay_ends_once(SIMPIC_ACK, false);
}

TEST(fault_no_retrigger_software_replay_ends_once_with_cost_accounting)
{
	software_replay_ends_once(SIMPIC_ACK, true);
	software_replay_ends_once(SIMPIC_FASTEOI, true);
}

TEST(fault_no_retrigger_software_replay_ends_once_eoi_chip)
{
	software_replay_ends_once(SIMPIC_FASTEOI, false);
}

/*
 * More lines wait for a software replay at once than resend.c's ring
 * holds (16): each is still replayed once, and ended once. Softirqs are
 * held off while they are enabled, so that all wait together; then a
 * second round, so that the first left nothing marked.
 */
TEST(fault_no_retrigger_more_replays_than_the_ring_each_run_once)
{
	enum { N = 24 };
	struct fixture fx;
	static struct dev d[N];

	fx_init(&fx, 1, SIMPIC_ACK);
	fx_replay_lines_each_once(&fx, d, N);
}

/*
 * A level line stuck asserted whose handler says "not mine": the
 * stuck-line rule disables it with a report, the rest of the machine
 * keeps working, and the poll re-enables it after its back-off.
 */
TEST(fault_level_line_stuck_asserted_is_disabled_reported_and_retried)
{
	struct fixture fx;
	struct dev d, t;
	struct simpic_line_stats s;
	char path[64], buf[256];

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 6, true);
	dev_init(&t, &fx, 1, false);
	CHECK_EQ(dev_request(&d, 0, "stuck"), 0);
	CHECK_EQ(dev_request(&t, 0, "timer"), 0);
	d.force = IRQ_NONE;
	simpic_raise(fx.pic, 6);	/* asserted for good */
	sim_run(0);
	CHECK(sim_console_contains("nobody cared"));
	CHECK(sim_console_contains("\"stuck\""));
	CHECK(sim_console_contains("Disabling IRQ #"));
	CHECK_EQ(irq_get_depth(d.irq), 1);
	simpic_line_stats(fx.pic, 6, &s);
	CHECK(s.masked && s.asserted);
	CHECK(s.delivered <= 100000);
	fx_check_ended_once(&fx, 6, SIMPIC_FASTEOI);
	snprintf(path, sizeof(path), "/proc/irq/%d/spurious", d.irq);
	CHECK(irq_proc_read(path, buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "disabled-by-spurious-rule") != NULL);
	dev_raise(&t);
	sim_run(0);
	CHECK_EQ(atomic_load(&t.handled), 1);
	/* The device is fixed; after the back-off the poll brings it back. */
	simpic_lower(fx.pic, 6);
	d.force = 0;
	sim_console_clear();
	sim_time_advance(200ull * 1000 * 1000);
	irq_spurious_poll();
	CHECK(sim_console_contains("re-enabled"));
	CHECK_EQ(irq_get_depth(d.irq), 0);
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.handled), 1);
}

/* The controller's spurious vector: counted in SPU, nothing dispatched. */
TEST(fault_spurious_vector_is_counted_and_dispatches_nothing)
{
	struct fixture fx;
	struct dev d;
	char buf[1024];
	unsigned long err = irq_error_count();

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 2, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	simpic_inject_spurious(fx.pic, 1);
	CHECK_EQ(sim_run(1), 1);
	CHECK_EQ(irq_spurious_count(1), 1);
	CHECK_EQ(irq_spurious_count(0), 0);
	CHECK_EQ(atomic_load(&d.calls), 0);
	CHECK_EQ(irq_stat_total(d.irq), 0);
	CHECK_EQ(irq_error_count(), err);
	CHECK(irq_proc_read("/proc/interrupts", buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, " SPU:          0          1") != NULL);
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.handled), 1);
}

/*
 * A controller that delivers to the wrong CPU: the core handles the event
 * where it arrived, counts it there, and ends it once.
 */
TEST(fault_delivery_to_wrong_cpu_is_handled_where_it_lands)
{
	struct fixture fx;
	struct dev d;
	struct simpic_line_stats s;
	struct irq_cpumask m;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 7, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	cpumask_clear(&m);
	cpumask_set_cpu(0, &m);
	CHECK_EQ(irq_set_affinity(d.irq, &m), 0);
	simpic_set_fault(fx.pic, 7, SIMPIC_WRONG_CPU);
	dev_raise(&d);
	CHECK_EQ(sim_run(0), 0);		/* not for CPU 0 after all */
	CHECK_EQ(sim_run(1), 1);
	CHECK_EQ(atomic_load(&d.handled), 1);
	CHECK_EQ(d.last_cpu, 1);
	CHECK_EQ(irq_stat_cpu(d.irq, 1), 1);
	CHECK_EQ(irq_stat_cpu(d.irq, 0), 0);
	simpic_line_stats(fx.pic, 7, &s);
	CHECK_EQ(s.per_cpu[1], 1);
	fx_check_ended_once(&fx, 7, SIMPIC_FASTEOI);
	/* The requested affinity is still what the driver asked. */
	irq_get_affinity(d.irq, &m);
	CHECK(cpumask_test_cpu(0, &m) && !cpumask_test_cpu(1, &m));
}

/*
 * An event raised while free_irq runs. Deterministically: the line is
 * routed to CPU 1, the event waits at the controller while CPU 0 frees
 * one sharer, and CPU 1 takes it after the unlink: the freed handler
 * never sees it, the sharer does. When the last handler goes the line is
 * shut down; the edge stays latched at the controller and the next driver
 * may see one unclaimed call, never a claimed one. Threads do the same
 * with real overlap below.
 */
TEST(fault_raise_during_free_irq_reaches_no_freed_handler)
{
	struct fixture fx;
	struct dev a, b, c;

	struct irq_cpumask m;

	fx_init(&fx, 2, SIMPIC_ACK);
	dev_init(&a, &fx, 8, false);
	b = a;
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK_EQ(irq_set_affinity(a.irq, &m), 0);
	CHECK_EQ(dev_request(&a, IRQF_SHARED, "a"), 0);
	CHECK_EQ(dev_request(&b, IRQF_SHARED, "b"), 0);
	dev_raise(&b);
	atomic_store(&a.want, 1);	/* a would claim it too, if called */
	free_irq(a.irq, &a);
	atomic_store(&a.freed, 1);
	CHECK_EQ(sim_run(1), 1);
	CHECK_EQ(atomic_load(&b.handled), 1);
	CHECK_EQ(atomic_load(&a.calls), 0);
	fx_check_ended_once(&fx, 8, SIMPIC_ACK);
	dev_raise(&b);
	free_irq(b.irq, &b);
	atomic_store(&b.freed, 1);
	sim_run(1);
	do_softirq();
	CHECK_EQ(atomic_load(&b.after_free), 0);
	CHECK_EQ(atomic_load(&a.after_free), 0);
	c = a;
	atomic_store(&c.calls, 0);
	atomic_store(&c.want, 0);
	atomic_store(&c.freed, 0);
	CHECK_EQ(dev_request(&c, 0, "c"), 0);
	sim_run(1);
	do_softirq();
	CHECK(atomic_load(&c.calls) <= 1);
	CHECK_EQ(atomic_load(&c.handled), 0);
	CHECK_EQ(irq_get_depth(c.irq), 0);
	fx_check_ended_once(&fx, 8, SIMPIC_ACK);
}

/* The same with real threads: CPU 1 takes the line, CPU 2 raises it. */
static atomic_bool stop;
static struct fixture tfx;
static struct dev tdev;

static void taker(void *arg)
{
	(void)arg;
	while (!atomic_load(&stop))
		port_cpu_relax();
}

static void raiser(void *arg)
{
	(void)arg;
	while (!atomic_load(&stop)) {
		simpic_raise(tfx.pic, tdev.hw);
		sched_yield();
	}
}

TEST(fault_raise_during_free_irq_threads)
{
	struct irq_cpumask m;

	fx_init(&tfx, 3, SIMPIC_FASTEOI);
	dev_init(&tdev, &tfx, 9, false);
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK_EQ(irq_set_affinity(tdev.irq, &m), 0);
	sim_cpu_switch(0);
	CHECK_EQ(sim_thread_start(1, taker, NULL), 0);
	CHECK_EQ(sim_thread_start(2, raiser, NULL), 0);
	for (int i = 0; i < 2000; i++) {
		atomic_store(&tdev.freed, 0);
		CHECK_EQ(dev_request(&tdev, 0, "churn"), 0);
		sched_yield();
		free_irq(tdev.irq, &tdev);
		atomic_store(&tdev.freed, 1);
		sched_yield();
		CHECK_EQ(atomic_load(&tdev.after_free), 0);
	}
	atomic_store(&stop, true);
	sim_thread_join_all();
	CHECK_EQ(atomic_load(&tdev.after_free), 0);
}

/*
 * A lost end of interrupt wedges the line at the controller (it stays in
 * service); the core itself ended it exactly once, stays consistent, and
 * every other line keeps working.
 */
TEST(fault_missing_eoi_wedges_only_its_line)
{
	struct fixture fx;
	struct dev d, t;
	struct simpic_line_stats s;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 5, false);
	dev_init(&t, &fx, 6, false);
	CHECK_EQ(dev_request(&d, 0, "lossy"), 0);
	CHECK_EQ(dev_request(&t, 0, "other"), 0);
	simpic_set_fault(fx.pic, 5, SIMPIC_LOSE_EOI);
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.handled), 1);
	simpic_line_stats(fx.pic, 5, &s);
	CHECK_EQ(s.eois, s.delivered);		/* the core sent it, once */
	CHECK(s.in_service);			/* the controller lost it */
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 1);	/* wedged: never delivered */
	CHECK_EQ(irq_get_depth(d.irq), 0);
	dev_raise(&t);
	sim_run(0);
	CHECK_EQ(atomic_load(&t.handled), 1);
	fx_check_ended_once(&fx, 6, SIMPIC_FASTEOI);
	/* The core holds nothing: the line can still be freed and reused. */
	free_irq(d.irq, &d);
	CHECK_EQ(dev_request(&d, 0, "lossy"), 0);
	free_irq(d.irq, &d);
}

/*
 * Out of memory at every allocation in turn: each call that fails says
 * -ENOMEM and leaves everything as it was; at the end nothing has leaked.
 */
struct alloc_run {
	int	req_a, map, descs, req_b, req_c;
};

#define DESC_FIRST	62	/* 62..65: crosses into a second group of 64 */
#define DESC_COUNT	4

static void alloc_scenario(struct fixture *fx, struct dev *a, struct dev *b, struct dev *c,
			   irq_hw_number_t map_hw, struct alloc_run *r)
{
	r->req_a = dev_request(a, IRQF_SHARED, "a");
	r->map = irq_create_mapping(simpic_domain(fx->pic), map_hw);
	r->descs = irq_alloc_descs(DESC_FIRST, DESC_COUNT);
	r->req_b = dev_request(b, IRQF_SHARED, "b");
	r->req_c = dev_request(c, IRQF_SHARED, "c");
}

/* What a failed call must have left: exactly the successful ones' state. */
static void state_after(struct fixture *fx, struct dev *a, irq_hw_number_t map_hw,
			const struct alloc_run *r)
{
	char buf[512], path[64];
	int n = (r->req_a == 0) + (r->req_b == 0) + (r->req_c == 0);
	int names = 0;

	snprintf(path, sizeof(path), "/proc/irq/%d", a->irq);
	CHECK(irq_proc_list(path, buf, sizeof(buf)) > 0);
	for (const char *p = buf; (p = strstr(p, "/\n")) != NULL; p++)
		names++;
	CHECK_EQ(names, n);
	CHECK_EQ(irq_get_depth(a->irq), n ? 0 : 1);
	CHECK_EQ(irq_find_mapping(simpic_domain(fx->pic), map_hw) >= 0, r->map >= 0);
	for (unsigned int i = DESC_FIRST; i < DESC_FIRST + DESC_COUNT; i++)
		CHECK_EQ(irq_to_desc(i) != NULL, r->descs >= 0);
}

static void undo(struct dev *a, struct dev *b, struct dev *c, const struct alloc_run *r)
{
	if (r->req_c == 0)
		free_irq(a->irq, c);
	if (r->req_b == 0)
		free_irq(a->irq, b);
	if (r->req_a == 0)
		free_irq(a->irq, a);
	if (r->descs >= 0)
		irq_free_descs((unsigned int)r->descs, DESC_COUNT);
}

TEST(fault_allocation_failure_at_every_point_changes_nothing_and_leaks_nothing)
{
	struct fixture fx;
	struct dev a, b, c;
	unsigned long k, tried = 0;
	irq_hw_number_t map_hw = 12;	/* a new line each round: mappings stay */

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 11, false);
	b = a;
	c = a;
	for (k = 1;; k++, map_hw++) {
		struct alloc_run r;
		long live = sim_alloc_live();
		unsigned long before = sim_alloc_count();
		int failures;
		bool reached;

		CHECK(map_hw < FIX_LINES);
		sim_alloc_fail_at(k);
		alloc_scenario(&fx, &a, &b, &c, map_hw, &r);
		sim_alloc_fail_at(0);
		reached = sim_alloc_count() - before >= k;
		failures = (r.req_a == -ENOMEM) + (r.map == -ENOMEM) + (r.descs == -ENOMEM) +
			   (r.req_b == -ENOMEM) + (r.req_c == -ENOMEM);
		if (failures != (reached ? 1 : 0))
			test_fail(__FILE__, __LINE__, "k=%lu: %d calls failed (%d %d %d %d %d)", k,
				  failures, r.req_a, r.map, r.descs, r.req_b, r.req_c);
		CHECK(r.req_a == 0 || r.req_a == -ENOMEM);
		CHECK(r.req_b == 0 || r.req_b == -ENOMEM);
		CHECK(r.req_c == 0 || r.req_c == -ENOMEM);
		CHECK(r.descs == DESC_FIRST || r.descs == -ENOMEM);
		state_after(&fx, &a, map_hw, &r);
		/* A refused handler is never called; the others still work. */
		dev_raise(&a);
		sim_run(0);
		CHECK_EQ(atomic_load(&a.want), r.req_a == 0 ? 0 : 1);
		atomic_store(&a.want, 0);
		atomic_store(&b.want, 0);
		atomic_store(&c.want, 0);
		undo(&a, &b, &c, &r);
		/* Everything but the new mapping (domains keep theirs) is back. */
		CHECK_EQ(sim_alloc_live() - (r.map >= 0 ? 1 : 0), live);
		if (!reached)
			break;
		tried++;
	}
	CHECK(tried >= 8);
	printf("  allocation points failed in turn: %lu\n", tried);
	leak_check();
}

/*
 * enable_irq() while the line's handler runs (here: from the handler, so
 * deterministically; in general from another CPU). A level line is still
 * asserted until its handler has serviced the device: unmasking it then
 * would deliver it again for an event being handled. The flow that runs
 * unmasks it at its end instead.
 */
static struct fixture *reenable_fx;

static irqreturn_t reenable_handler(int irq, void *dev_id)
{
	struct dev *d = dev_id;

	atomic_fetch_add(&d->calls, 1);
	disable_irq_nosync((unsigned int)irq);
	enable_irq((unsigned int)irq);		/* interrupts are on in here */
	simpic_lower(reenable_fx->pic, d->hw);
	return IRQ_HANDLED;
}

static void enable_during_level_handler_cost(enum simpic_style style, bool cost)
{
	struct fixture fx;
	struct dev d;
	struct simpic_line_stats s;

	fx_init(&fx, 1, style);
	reenable_fx = &fx;
	dev_init(&d, &fx, 10, true);
	CHECK_EQ(request_irq(d.irq, reenable_handler, 0, "reenable", &d), 0);
	CHECK_EQ(irq_set_cost_accounting((unsigned int)d.irq, cost), 0);
	simpic_raise(fx.pic, 10);
	sim_run(0);
	simpic_line_stats(fx.pic, 10, &s);
	CHECK_EQ(atomic_load(&d.calls), 1);
	CHECK_EQ(s.delivered, 1);
	CHECK(!s.masked);			/* reopened by the flow */
	CHECK_EQ(irq_get_depth(d.irq), 0);
	simpic_raise(fx.pic, 10);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 2);
}

static void enable_during_level_handler(enum simpic_style style)
{
	enable_during_level_handler_cost(style, false);
}

/* The same with cost accounting wrapping the level flow. */
TEST(fault_enable_during_level_handler_with_cost_accounting)
{
	enable_during_level_handler_cost(SIMPIC_ACK, true);
}

TEST(fault_enable_during_level_handler_does_not_deliver_it_again_ack_chip)
{
	enable_during_level_handler(SIMPIC_ACK);
}

TEST(fault_enable_during_level_handler_leaves_it_open_eoi_chip)
{
	enable_during_level_handler(SIMPIC_FASTEOI);
}

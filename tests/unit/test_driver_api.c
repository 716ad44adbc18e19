// SPDX-License-Identifier: MIT
/*
 * The request flags and small verbs drivers use: IRQF_TRIGGER_*,
 * IRQF_NO_AUTOEN, IRQ_NOTCONNECTED, disable_hardirq(),
 * request_any_context_irq(), owner-grouped requests and a threaded
 * action's priority and CPU. Each misuse: one console line, nothing
 * changed.
 */
#include <genirq/compat.h>
#include <genirq/trace.h>
#include "fixture.h"
#include "internals.h"

static struct fixture fx;

static irqreturn_t nop_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_NONE;
}

static unsigned int trigger_of(int irq)
{
	return irq_get_irq_data((unsigned int)irq)->trigger;
}

static enum irq_flow_kind flow_of(int irq)
{
	return (enum irq_flow_kind)irq_to_desc((unsigned int)irq)->flow_kind;
}

TEST(request_trigger_flags_program_the_line_and_its_flow)
{
	struct dev d;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(trigger_of(d.irq), IRQ_TYPE_EDGE_RISING);
	CHECK_EQ(flow_of(d.irq), IRQ_FLOW_EDGE);
	d.level = true;
	CHECK_EQ(dev_request(&d, IRQF_TRIGGER_HIGH, "lvl"), 0);
	CHECK_EQ(trigger_of(d.irq), IRQ_TYPE_LEVEL_HIGH);
	CHECK_EQ(flow_of(d.irq), IRQ_FLOW_LEVEL);
	/* The level flow runs it: the device's level is serviced once. */
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.handled), 1);
	free_irq((unsigned int)d.irq, &d);
	/* The trigger stays with the line; NONE leaves it as it is. */
	CHECK_EQ(dev_request(&d, IRQF_TRIGGER_NONE, "lvl"), 0);
	CHECK_EQ(trigger_of(d.irq), IRQ_TYPE_LEVEL_HIGH);
	free_irq((unsigned int)d.irq, &d);
}

TEST(sharer_with_another_trigger_is_refused_and_the_line_unchanged)
{
	struct dev a, b, c;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 5, true);
	b = a;
	c = a;
	CHECK_EQ(dev_request(&a, IRQF_SHARED | IRQF_TRIGGER_HIGH, "alpha"), 0);
	sim_console_clear();
	CHECK_EQ(dev_request(&b, IRQF_SHARED | IRQF_TRIGGER_RISING, "beta"), -EBUSY);
	CHECK(sim_console_contains("\"beta\" (flags 0x81) can't share with \"alpha\" "
				   "(flags 0x84, trigger 0x4)"));
	CHECK_EQ(trigger_of(a.irq), IRQ_TYPE_LEVEL_HIGH);
	CHECK_EQ(can_request_irq((unsigned int)a.irq, IRQF_SHARED | IRQF_TRIGGER_RISING), 0);
	CHECK_EQ(can_request_irq((unsigned int)a.irq, IRQF_SHARED | IRQF_TRIGGER_HIGH), 1);
	/* The same trigger, or none, shares. */
	CHECK_EQ(dev_request(&b, IRQF_SHARED, "beta"), 0);
	CHECK_EQ(dev_request(&c, IRQF_SHARED | IRQF_TRIGGER_HIGH, "gamma"), 0);
	free_irq((unsigned int)a.irq, &c);
	free_irq((unsigned int)a.irq, &b);
	free_irq((unsigned int)a.irq, &a);
}

TEST(trigger_both_edge_and_level_is_refused_with_a_console_line)
{
	struct dev d;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 4, false);
	CHECK_EQ(dev_request(&d, IRQF_TRIGGER_RISING | IRQF_TRIGGER_LOW, "x"), -EINVAL);
	CHECK(sim_console_contains("request refused: a trigger both edge and level"));
	CHECK_EQ(trigger_of(d.irq), IRQ_TYPE_EDGE_RISING);
	CHECK_EQ(can_request_irq((unsigned int)d.irq, 0), 1);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 1);
}

/* A controller whose lines can't be level-low. */
static void quiet(struct irq_data *d) { (void)d; }
static int no_low(struct irq_data *d, unsigned int type)
{
	(void)d;
	return type == IRQ_TYPE_LEVEL_LOW ? -EINVAL : 0;
}
static const struct irq_chip no_low_chip = {
	.name = "nolow", .mask = quiet, .unmask = quiet, .ack = quiet, .set_type = no_low,
};

TEST(trigger_the_controller_refuses_fails_the_request_and_changes_nothing)
{
	long live;
	int irq, cookie;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	irq = irq_alloc_descs(-1, 1);
	CHECK(irq >= 0);
	CHECK_EQ(irq_set_chip((unsigned int)irq, &no_low_chip, NULL), 0);
	CHECK_EQ(irq_set_irq_type((unsigned int)irq, IRQ_TYPE_EDGE_FALLING), 0);
	live = sim_alloc_live();
	CHECK_EQ(request_irq((unsigned int)irq, nop_handler, IRQF_TRIGGER_LOW, "low", &cookie),
		 -EINVAL);
	CHECK(sim_console_contains("refused: trigger 0x8 not taken (-22)"));
	CHECK_EQ(trigger_of(irq), IRQ_TYPE_EDGE_FALLING);
	CHECK_EQ(sim_alloc_live(), live);
	CHECK_EQ(can_request_irq((unsigned int)irq, 0), 1);
	CHECK_EQ(request_irq((unsigned int)irq, nop_handler, IRQF_TRIGGER_HIGH, "high", &cookie),
		 0);
	CHECK_EQ(trigger_of(irq), IRQ_TYPE_LEVEL_HIGH);
	free_irq((unsigned int)irq, &cookie);
}

static void no_autoen(enum simpic_style style)
{
	struct dev d;
	struct simpic_line_stats s;

	fx_init(&fx, 1, style);
	dev_init(&d, &fx, 6, false);
	CHECK_EQ(dev_request(&d, IRQF_NO_AUTOEN, "late"), 0);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 1);
	simpic_line_stats(fx.pic, 6, &s);
	CHECK(s.masked);
	/* An event before the driver is ready waits at the controller... */
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 0);
	/* ...and comes once the driver enables the line. */
	enable_irq((unsigned int)d.irq);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 0);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.handled), 1);
	free_irq((unsigned int)d.irq, &d);
	fx_check_ended_once(&fx, 6, style);
}

TEST_EACH_CHIP(no_autoen_line_waits_for_the_drivers_enable, no_autoen)

TEST(no_autoen_on_a_shared_request_is_refused)
{
	struct dev d;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 6, false);
	CHECK_EQ(dev_request(&d, IRQF_NO_AUTOEN | IRQF_SHARED, "late"), -EINVAL);
	CHECK(sim_console_contains("request refused: IRQF_NO_AUTOEN on a shared line"));
	CHECK_EQ(can_request_irq((unsigned int)d.irq, 0), 1);
}

TEST(not_connected_lines_refuse_every_request_with_enotconn)
{
	struct irqaction act = { .handler = nop_handler, .name = "nc" };
	struct irq_owner owner = { 0 };
	long live;
	int cookie;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	live = sim_alloc_live();
	CHECK_EQ(request_irq(IRQ_NOTCONNECTED, nop_handler, 0, "nc", &cookie), -ENOTCONN);
	CHECK_EQ(request_threaded_irq(IRQ_NOTCONNECTED, NULL, nop_handler, IRQF_ONESHOT, "nc",
				      &cookie), -ENOTCONN);
	CHECK_EQ(request_any_context_irq(IRQ_NOTCONNECTED, nop_handler, 0, "nc", &cookie),
		 -ENOTCONN);
	CHECK_EQ(devm_request_irq(&owner, IRQ_NOTCONNECTED, nop_handler, 0, "nc", &cookie),
		 -ENOTCONN);
	CHECK_EQ(setup_irq(IRQ_NOTCONNECTED, &act), -ENOTCONN);
	CHECK_EQ(can_request_irq(IRQ_NOTCONNECTED, 0), 0);
	CHECK(owner.head == NULL);
	CHECK_EQ(sim_alloc_live(), live);
}

/* A threaded device whose thread the test runs when it wants (core runner). */
static atomic_int thread_runs;

static irqreturn_t wake_primary(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_WAKE_THREAD;
}

static irqreturn_t count_thread(int irq, void *dev_id)
{
	struct dev *d = dev_id;

	(void)irq;
	atomic_fetch_add(&thread_runs, 1);
	simpic_lower(fx.pic, d->hw);
	return IRQ_HANDLED;
}

static void runner_machine(unsigned int cpus)
{
	fx_init(&fx, cpus, SIMPIC_FASTEOI);
	sim_irq_threads_native(false);
	atomic_store(&thread_runs, 0);
}

static void runner_done(void)
{
	while (irq_threads_run())
		;
	sim_irq_threads_native(true);
}

TEST(disable_hardirq_waits_for_primaries_and_says_whether_threads_are_out)
{
	struct dev d;

	runner_machine(1);
	dev_init(&d, &fx, 7, true);
	CHECK_EQ(request_threaded_irq((unsigned int)d.irq, wake_primary, count_thread,
				      IRQF_ONESHOT, "thr", &d), 0);
	CHECK(synchronize_hardirq((unsigned int)d.irq));
	dev_raise(&d);
	sim_run(0);
	/* The thread is woken, not run: the primaries are done, the thread is not. */
	CHECK(!disable_hardirq((unsigned int)d.irq));
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 1);
	CHECK(!synchronize_hardirq((unsigned int)d.irq));
	CHECK_EQ(irq_threads_run(), 1u);
	CHECK(synchronize_hardirq((unsigned int)d.irq));
	enable_irq((unsigned int)d.irq);
	CHECK(disable_hardirq((unsigned int)d.irq));
	enable_irq((unsigned int)d.irq);
	CHECK(!synchronize_hardirq(4000));
	free_irq((unsigned int)d.irq, &d);
	runner_done();
}

static atomic_int hardirq_verb_ret;
static unsigned int hardirq_verb_target;

static irqreturn_t calls_disable_hardirq(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	atomic_store(&hardirq_verb_ret, disable_hardirq(hardirq_verb_target));
	return IRQ_HANDLED;
}

TEST(disable_hardirq_from_a_handler_is_reported_and_takes_the_depth)
{
	struct dev a, b;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 8, false);
	dev_init(&b, &fx, 9, false);
	hardirq_verb_target = (unsigned int)b.irq;
	CHECK_EQ(request_irq((unsigned int)a.irq, calls_disable_hardirq, 0, "a", &a), 0);
	CHECK_EQ(dev_request(&b, 0, "b"), 0);
	simpic_raise(fx.pic, 8);
	sim_run(0);
	CHECK(sim_console_contains("disable_hardirq in interrupt context: not waiting"));
	CHECK_EQ(atomic_load(&hardirq_verb_ret), 1);
	CHECK_EQ(irq_get_depth((unsigned int)b.irq), 1);
	enable_irq((unsigned int)b.irq);
	free_irq((unsigned int)a.irq, &a);
	free_irq((unsigned int)b.irq, &b);
}

static atomic_int any_in_irq;

static irqreturn_t any_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	atomic_store(&any_in_irq, in_irq() ? 1 : 2);
	return IRQ_HANDLED;
}

TEST(request_any_context_irq_installs_a_primary_on_a_plain_line)
{
	struct dev d;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 10, false);
	CHECK_EQ(request_any_context_irq((unsigned int)d.irq, any_handler, 0, "any", &d),
		 IRQC_IS_HARDIRQ);
	simpic_raise(fx.pic, 10);
	sim_run(0);
	CHECK_EQ(atomic_load(&any_in_irq), 1);
	/* Its errors are request_irq()'s. */
	CHECK_EQ(request_any_context_irq((unsigned int)d.irq, any_handler, 0, "any", &fx),
		 -EBUSY);
	free_irq((unsigned int)d.irq, &d);
}

/* The order handlers are removed in, from the trace's FREE events. */
static char freed_names[8][IRQ_TRACE_NAME_LEN];
static unsigned int nr_freed;

static void note_free(const struct irq_trace_event *ev, void *arg)
{
	(void)arg;
	if (ev->type == IRQ_TRACE_FREE && nr_freed < 8)
		memcpy(freed_names[nr_freed++], ev->name, IRQ_TRACE_NAME_LEN);
}

TEST(owner_release_frees_every_request_of_the_owner_newest_first)
{
	struct irq_owner owner = { 0 }, other = { 0 };
	struct dev a, b, c, x;
	long live;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 11, false);
	dev_init(&b, &fx, 12, false);
	c = b;
	dev_init(&x, &fx, 13, false);
	nr_freed = 0;
	irq_trace_set_hook(note_free, NULL);
	irq_trace_enable(true);
	for (int irq = a.irq; irq <= x.irq; irq++)
		CHECK_EQ(irq_trace_line((unsigned int)irq, true), 0);
	live = sim_alloc_live();
	CHECK_EQ(devm_request_irq(&owner, (unsigned int)a.irq, dev_handler, 0, "first", &a), 0);
	CHECK_EQ(devm_request_irq(&owner, (unsigned int)b.irq, dev_handler, IRQF_SHARED,
				  "second", &b), 0);
	CHECK_EQ(devm_request_threaded_irq(&owner, (unsigned int)b.irq, NULL, dev_handler,
					   IRQF_SHARED, "third", &c), 0);
	CHECK_EQ(devm_request_irq(&other, (unsigned int)x.irq, dev_handler, 0, "other", &x), 0);
	/* A failed request leaves no record. */
	CHECK_EQ(devm_request_irq(&owner, (unsigned int)a.irq, dev_handler, 0, "dup", &b), -EBUSY);
	CHECK_EQ(devm_request_irq(NULL, (unsigned int)a.irq, dev_handler, 0, "none", &b), -EINVAL);
	sim_alloc_fail_at(1);
	CHECK_EQ(devm_request_irq(&owner, (unsigned int)x.irq, dev_handler, IRQF_SHARED, "oom",
				  &b), -ENOMEM);
	sim_alloc_fail_at(0);
	CHECK_EQ(can_request_irq((unsigned int)x.irq, 0), 0);
	CHECK_EQ(irq_owner_release(&owner), 3u);
	CHECK_EQ(nr_freed, 3u);
	CHECK_STR(freed_names[0], "third");
	CHECK_STR(freed_names[1], "second");
	CHECK_STR(freed_names[2], "first");
	CHECK_EQ(can_request_irq((unsigned int)a.irq, 0), 1);
	CHECK_EQ(can_request_irq((unsigned int)b.irq, 0), 1);
	CHECK(owner.head == NULL);
	CHECK_EQ(irq_owner_release(&owner), 0u);
	/* The other owner's request is still there, and its records only. */
	CHECK_EQ(can_request_irq((unsigned int)x.irq, 0), 0);
	devm_free_irq(&owner, (unsigned int)x.irq, &x);
	CHECK(sim_console_contains("devm_free_irq of dev_id"));
	CHECK_EQ(can_request_irq((unsigned int)x.irq, 0), 0);
	devm_free_irq(&other, (unsigned int)x.irq, &x);
	CHECK_EQ(can_request_irq((unsigned int)x.irq, 0), 1);
	CHECK(other.head == NULL);
	CHECK_EQ(sim_alloc_live(), live);
	irq_trace_set_hook(NULL, NULL);
	irq_trace_enable(false);
}

static const char *thread_file(int irq, char *buf, size_t size)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/irq/%d/threads", irq);
	CHECK(irq_proc_read(path, buf, size) > 0);
	return buf;
}

TEST(thread_priority_and_cpu_at_request_time_reach_the_port_and_the_views)
{
	struct irq_thread_attr attr = { .prio = 80, .cpu = 1 };
	char buf[2048], row[160], name[32];
	struct dev d, e;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 14, true);
	dev_init(&e, &fx, 15, true);
	CHECK_EQ(irq_request_threaded_attr((unsigned int)d.irq, wake_primary, count_thread,
					   IRQF_ONESHOT, "prio", &d, &attr), 0);
	CHECK_EQ(sim_irq_thread_last_prio(), 80);
	CHECK_EQ(request_threaded_irq((unsigned int)e.irq, wake_primary, count_thread,
				      IRQF_ONESHOT, "dflt", &e), 0);
	CHECK_EQ(sim_irq_thread_last_prio(), IRQ_THREAD_PRIO_DEFAULT);
	snprintf(name, sizeof(name), "irq/%d-prio", d.irq);
	snprintf(row, sizeof(row), "%-24s %10d %10d %4d %4d %-5s", name, 0, 0, 0, 80, "1");
	CHECK(strstr(thread_file(d.irq, buf, sizeof(buf)), row) != NULL);
	CHECK(strstr(buf, "PRIO") != NULL);
	CHECK(strstr(buf, "dflt") == NULL);
	CHECK(irq_show_threads(buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, row) != NULL);
	snprintf(name, sizeof(name), "irq/%d-dflt", e.irq);
	snprintf(row, sizeof(row), "%-24s %10d %10d %4d %4d %-5s", name, 0, 0, 0, 50, "line");
	CHECK(strstr(buf, row) != NULL);
	free_irq((unsigned int)d.irq, &d);
	free_irq((unsigned int)e.irq, &e);
}

TEST(a_thread_given_a_cpu_runs_there_while_it_is_online)
{
	struct irq_thread_attr attr = { .prio = 0, .cpu = 1 };
	struct dev d;

	runner_machine(2);
	dev_init(&d, &fx, 16, true);
	CHECK_EQ(irq_request_threaded_attr((unsigned int)d.irq, wake_primary, count_thread,
					   IRQF_ONESHOT, "pin", &d, &attr), 0);
	/* The line comes to CPU 0; its thread is woken on CPU 1. */
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(irq_threads_run(), 0u);
	sim_cpu_switch(1);
	CHECK_EQ(irq_threads_run(), 1u);
	sim_cpu_switch(0);
	CHECK_EQ(atomic_load(&thread_runs), 1);
	CHECK_EQ(irq_to_desc((unsigned int)d.irq)->action->thread->prio, IRQ_THREAD_PRIO_DEFAULT);
	/* CPU 1 offline: the thread follows its line, on CPU 0. */
	irq_cpu_set_online(1, false);
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(irq_threads_run(), 1u);
	CHECK_EQ(atomic_load(&thread_runs), 2);
	irq_cpu_set_online(1, true);
	free_irq((unsigned int)d.irq, &d);
	runner_done();
}

TEST(an_unbound_thread_follows_the_lines_effective_affinity)
{
	struct irq_cpumask m;
	struct dev d;

	runner_machine(2);
	dev_init(&d, &fx, 17, true);
	CHECK_EQ(request_threaded_irq((unsigned int)d.irq, wake_primary, count_thread,
				      IRQF_ONESHOT, "follow", &d), 0);
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK_EQ(irq_set_affinity((unsigned int)d.irq, &m), 0);
	irq_wake_thread((unsigned int)d.irq, &d);
	CHECK_EQ(irq_threads_run(), 0u);
	sim_cpu_switch(1);
	CHECK_EQ(irq_threads_run(), 1u);
	sim_cpu_switch(0);
	free_irq((unsigned int)d.irq, &d);
	runner_done();
}

TEST(a_thread_priority_or_cpu_that_cant_be_had_is_refused)
{
	struct irq_thread_attr high = { .prio = IRQ_THREAD_PRIO_MAX + 1, .cpu = -1 };
	struct irq_thread_attr nocpu = { .prio = 10, .cpu = 2 };
	struct irq_thread_attr neg = { .prio = 10, .cpu = -2 };
	struct irq_thread_attr ok = { .prio = 10, .cpu = -1 };
	struct irqaction act = { .handler = nop_handler, .name = "act", .thread_attr = &ok };
	struct dev d;
	long live;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 18, true);
	live = sim_alloc_live();
	CHECK_EQ(irq_request_threaded_attr((unsigned int)d.irq, NULL, count_thread, IRQF_ONESHOT,
					   "t", &d, &high), -EINVAL);
	CHECK(sim_console_contains("refused: a thread priority above IRQ_THREAD_PRIO_MAX"));
	CHECK_EQ(irq_request_threaded_attr((unsigned int)d.irq, NULL, count_thread, IRQF_ONESHOT,
					   "t", &d, &nocpu), -EINVAL);
	CHECK_EQ(irq_request_threaded_attr((unsigned int)d.irq, NULL, count_thread, IRQF_ONESHOT,
					   "t", &d, &neg), -EINVAL);
	CHECK(sim_console_contains("refused: a thread CPU that does not exist"));
	CHECK_EQ(irq_request_threaded_attr((unsigned int)d.irq, nop_handler, NULL, 0, "t", &d,
					   &ok), -EINVAL);
	CHECK_EQ(setup_irq((unsigned int)d.irq, &act), -EINVAL);
	CHECK(sim_console_contains("refused: a thread priority or CPU, but no thread"));
	CHECK_EQ(can_request_irq((unsigned int)d.irq, 0), 1);
	CHECK_EQ(sim_alloc_live(), live);
	/* setup_irq() takes the attributes of a caller's action. */
	act.handler = NULL;
	act.thread_fn = count_thread;
	act.flags = IRQF_ONESHOT;
	act.dev_id = &d;
	CHECK_EQ(setup_irq((unsigned int)d.irq, &act), 0);
	CHECK_EQ(sim_irq_thread_last_prio(), 10);
	free_irq((unsigned int)d.irq, &d);
}

// SPDX-License-Identifier: MIT
/*
 * The minimal configuration (tests/kit/config_minimal.h: one CPU, 64
 * lines, every optional feature left out), built from genirq.mk's lists
 * as an embedder's build takes them: what every line needs still works,
 * and each left-out feature's stubs do what <genirq/config.h> and the
 * headers say.
 */
#include <genirq/ipi.h>
#include <genirq/irqdomain.h>
#include <genirq/msi.h>
#include <genirq/nmi.h>
#include <genirq/percpu_irq.h>
#include <genirq/priority.h>
#include <genirq/pm.h>
#include <genirq/top.h>
#include <genirq/trace.h>

#include "../unit/fixture.h"
#include "internals.h"

_Static_assert(GENIRQ_NR_CPUS == 1 && GENIRQ_MAX_IRQS == 64, "the minimal settings");
/* (make unit-minimal also builds them keeping the two rules, STORM and SPURIOUS.) */
_Static_assert(!GENIRQ_THREADS && !GENIRQ_MSI && !GENIRQ_IPI && !GENIRQ_AUTOPROBE &&
	       !GENIRQ_TEXT_VIEWS && !GENIRQ_COST && !GENIRQ_TRACE &&
	       !GENIRQ_PERCPU_IRQ && !GENIRQ_PRIORITY && !GENIRQ_PM && !GENIRQ_NMI,
	       "every optional feature left out");

/*
 * A refusal or a stuck line is said on the console only with console text
 * (GENIRQ_REPORTS: make unit-minimal builds these tests with it and
 * without); without it the console stays silent and the errno is the same.
 */
#define REPORTED	((bool)GENIRQ_REPORTS)

/* Events a storm build throttles within one window (500,000/s over 100 ms). */
#define STORM_EVENTS	60000

static struct fixture fx;

static void min_init(enum simpic_style style)
{
	CHECK_EQ(sim_init(1, GENIRQ_MAX_IRQS), 0);
	fx.nr_cpus = 1;
	fx.pic = simpic_create("sim", FIX_LINES, style);
	CHECK(fx.pic != NULL);
	sim_attach(fx.pic);
	sim_console_clear();
}

static void dispatch_on(enum simpic_style style, bool level)
{
	struct dev d;

	min_init(style);
	dev_init(&d, &fx, 4, level);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
	CHECK_EQ(irq_stat_cpu((unsigned int)d.irq, 0), 1ul);
	/* Disabled, the event waits; enabled again, it is taken. */
	disable_irq((unsigned int)d.irq);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
	enable_irq((unsigned int)d.irq);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.handled), 2);
	free_irq((unsigned int)d.irq, &d);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.calls), 2);	/* freed: not called again */
}

TEST(minimal_edge_line_on_an_ack_chip_dispatches_and_disables)
{
	dispatch_on(SIMPIC_ACK, false);
}

TEST(minimal_level_line_on_an_eoi_chip_dispatches_and_disables)
{
	dispatch_on(SIMPIC_FASTEOI, true);
}

/*
 * Software replays (a controller without retrigger) of more lines at
 * once than resend.c's ring holds: a build of 64 lines keeps no ring
 * and its softirq looks at each line, and each is still replayed once,
 * round after round. Softirqs are held off while the lines are enabled,
 * so that all wait together.
 */
TEST(minimal_software_replays_of_many_lines_each_run_once)
{
	enum { N = 20 };
	static struct dev d[N];

	min_init(SIMPIC_ACK);
	fx_replay_lines_each_once(&fx, d, N);
	for (int i = 0; i < N; i++)
		free_irq((unsigned int)d[i].irq, &d[i]);
}

TEST(minimal_shared_line_runs_each_handler)
{
	struct dev a, b;

	min_init(SIMPIC_ACK);
	dev_init(&a, &fx, 6, true);
	b = a;
	CHECK_EQ(dev_request(&a, IRQF_SHARED, "a"), 0);
	CHECK_EQ(dev_request(&b, IRQF_SHARED, "b"), 0);
	atomic_store(&b.want, 1);
	simpic_raise(fx.pic, 6);
	CHECK_EQ(atomic_load(&b.handled), 1);
	CHECK_EQ(atomic_load(&a.calls), 1);
	free_irq((unsigned int)a.irq, &a);
	free_irq((unsigned int)b.irq, &b);
}

/*
 * A line nobody serves: a level line its device holds asserted, whose one
 * handler never claims it. The stuck-line rule (GENIRQ_SPURIOUS) disables
 * it within one window of 100,000 events, said with the handler's name
 * when the build has console text. Without the rule the line keeps
 * firing, never disabled and never reported, until its device lets go
 * (here after DEAF_EVENTS); each event is still counted.
 */
#define DEAF_EVENTS	150000

static atomic_int deaf_calls;

static irqreturn_t deaf(int irq, void *dev_id)
{
	struct dev *d = dev_id;

	(void)irq;
	if (atomic_fetch_add(&deaf_calls, 1) + 1 == DEAF_EVENTS)
		simpic_lower(d->fx->pic, d->hw);	/* the device lets go */
	return IRQ_NONE;
}

TEST(minimal_screaming_line_is_disabled_only_with_the_stuck_line_rule)
{
	struct dev d;
	char want[64];
	unsigned int irq;
	int calls;

	min_init(SIMPIC_ACK);
	dev_init(&d, &fx, 5, true);
	irq = (unsigned int)d.irq;
	atomic_store(&deaf_calls, 0);
	CHECK_EQ(request_irq(irq, deaf, 0, "deaf", &d), 0);
	simpic_raise(fx.pic, 5);
	sim_run(0);		/* every event the line raises, until it stops */
	calls = atomic_load(&deaf_calls);
	CHECK_EQ(irq_stat_cpu(irq, 0), (unsigned long)calls);
	snprintf(want, sizeof(want), "irq %u: nobody cared", irq);
	if (GENIRQ_SPURIOUS) {
		CHECK_EQ(calls, (int)IRQ_SPURIOUS_WINDOW);
		CHECK_EQ(irq_get_depth(irq), 1);
		CHECK_EQ(sim_console_contains(want), REPORTED);
		CHECK_EQ(sim_console_contains("\"deaf\""), REPORTED);
		simpic_lower(fx.pic, 5);
		enable_irq(irq);	/* undoes the rule's disable */
	} else {
		CHECK_EQ(calls, DEAF_EVENTS);
		CHECK_EQ(irq_get_depth(irq), 0);
		CHECK(!sim_console_contains(want));
		CHECK(!sim_console_contains("Disabling IRQ"));
		irq_spurious_poll();	/* nothing to retry */
	}
	CHECK_EQ(irq_get_depth(irq), 0);
	free_irq(irq, &d);
	/* The line is served as ever once a handler claims. */
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
	free_irq(irq, &d);
}

/*
 * noirqdebug turns both rules off in every build: the same line nobody
 * serves is never disabled, with the stuck-line rule or without it.
 */
TEST(minimal_noirqdebug_leaves_a_screaming_line_enabled)
{
	struct dev d;
	unsigned int irq;

	min_init(SIMPIC_ACK);
	dev_init(&d, &fx, 5, true);
	irq = (unsigned int)d.irq;
	atomic_store(&deaf_calls, 0);
	irq_set_noirqdebug(true);
	CHECK_EQ(sim_console_contains("IRQ lockup detection disabled"), REPORTED);
	CHECK_EQ(request_irq(irq, deaf, 0, "deaf", &d), 0);
	simpic_raise(fx.pic, 5);
	sim_run(0);
	CHECK_EQ(atomic_load(&deaf_calls), DEAF_EVENTS);
	CHECK_EQ(irq_get_depth(irq), 0);
	CHECK(!sim_console_contains("nobody cared"));
	free_irq(irq, &d);
	irq_set_noirqdebug(false);
}

/* A bogus return value: every build reports it, from the budget of 100, and no more. */
static irqreturn_t bogus(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return (irqreturn_t)0x40;
}

TEST(minimal_bogus_returns_are_reported_from_the_budget)
{
	struct dev d;
	char want[64];
	unsigned int irq;

	min_init(SIMPIC_ACK);
	dev_init(&d, &fx, 12, false);
	irq = (unsigned int)d.irq;
	CHECK_EQ(atomic_load(&irq_reports_left), IRQ_REPORT_LIMIT);
	CHECK_EQ(request_irq(irq, bogus, 0, "bogus", &d), 0);
	simpic_raise(fx.pic, 12);
	CHECK_EQ(atomic_load(&irq_reports_left), IRQ_REPORT_LIMIT - 1);
	snprintf(want, sizeof(want), "irq event %u: bogus return value 40", irq);
	CHECK_EQ(sim_console_contains(want), REPORTED);
	CHECK_EQ(sim_console_contains("\"bogus\""), REPORTED);
	for (int i = 0; i < IRQ_REPORT_LIMIT + 50; i++)
		simpic_raise(fx.pic, 12);
	CHECK_EQ(atomic_load(&irq_reports_left), 0);
	CHECK_EQ(irq_stat_cpu(irq, 0), IRQ_REPORT_LIMIT + 51ul);
	CHECK_EQ(irq_get_depth(irq), 0);
	free_irq(irq, &d);
}

/* Deliveries with nothing behind them (SPU) and error events (ERR) are counted in every build. */
TEST(minimal_spurious_vectors_and_errors_are_counted)
{
	struct dev d;
	int irq;

	min_init(SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	simpic_inject_spurious(fx.pic, 0);	/* CPU 0 takes it at once */
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 0);
	CHECK_EQ(irq_spurious_count(0), 1ul);
	CHECK_EQ(generic_handle_domain_irq(simpic_domain(fx.pic), 17), -EINVAL);
	irq = irq_alloc_descs(-1, 1);
	CHECK(irq >= 0);
	irq_enter();
	CHECK_EQ(generic_handle_irq((unsigned int)irq), 0);	/* a line with no controller */
	irq_exit();
	CHECK_EQ(irq_error_count(), 2ul);
	CHECK_EQ(sim_console_contains("event on a line with no controller"), REPORTED);
	free_irq((unsigned int)d.irq, &d);
}

/*
 * The storm rule (GENIRQ_STORM) throttles a handled flood within a window
 * (50,000 events at 500,000/s over 100 ms), with or without the
 * stuck-line rule, and irq_spurious_poll() lifts it after its back-off;
 * without it a flood is never throttled (and not reported).
 */
TEST(minimal_handled_storm_is_throttled_only_with_the_storm_rule)
{
	struct dev d;
	unsigned int irq;

	min_init(SIMPIC_ACK);
	dev_init(&d, &fx, 7, false);
	irq = (unsigned int)d.irq;
	CHECK_EQ(dev_request(&d, 0, "flood"), 0);
	for (int i = 0; i < STORM_EVENTS; i++)
		dev_raise(&d);
	if (GENIRQ_STORM) {
		CHECK(atomic_load(&d.handled) < STORM_EVENTS);
		CHECK_EQ(irq_get_depth(irq), 1);
		CHECK_EQ(sim_console_contains("handled storm"), REPORTED);
		CHECK_EQ(irq_set_storm_limit(irq, 1000, 10), 0);
		irq_spurious_poll();			/* its back-off (100 ms) not out yet */
		CHECK_EQ(irq_get_depth(irq), 1);
		sim_time_advance(150ull * 1000 * 1000);
		irq_spurious_poll();
		CHECK_EQ(irq_get_depth(irq), 0);
		CHECK_EQ(sim_console_contains("storm throttle lifted"), REPORTED);
	} else {
		CHECK_EQ(atomic_load(&d.handled), STORM_EVENTS);
		CHECK_EQ(irq_get_depth(irq), 0);
		CHECK_EQ(irq_set_storm_limit(irq, 1000, 10), -ENOSYS);
		CHECK_EQ(irq_pending_loop_max(), 0u);
	}
	CHECK(!sim_console_contains("nobody cared"));
	free_irq(irq, &d);
}

static irqreturn_t thread_fn(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_HANDLED;
}

TEST(minimal_thread_function_is_refused_with_enosys)
{
	struct dev d;
	char want[96];

	min_init(SIMPIC_FASTEOI);
	dev_init(&d, &fx, 8, true);
	CHECK_EQ(request_threaded_irq((unsigned int)d.irq, dev_handler, thread_fn, IRQF_ONESHOT,
				      "thr", &d), -ENOSYS);
	snprintf(want, sizeof(want), "irq %d: a thread function, but threaded handlers are not built",
		 d.irq);
	CHECK_EQ(sim_console_contains(want), REPORTED);
	CHECK(irq_to_desc((unsigned int)d.irq)->action == NULL);
	/* Bad input is still -EINVAL first: a line out of range. */
	CHECK_EQ(request_threaded_irq(GENIRQ_MAX_IRQS, dev_handler, thread_fn, 0, "x", &d), -EINVAL);
	/* Without a thread function it is request_irq(). */
	CHECK_EQ(request_threaded_irq((unsigned int)d.irq, dev_handler, NULL, 0, "thr", &d), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
	irq_force_threading(true);	/* nothing to force: the next request is a plain one */
	free_irq((unsigned int)d.irq, &d);
	CHECK_EQ(dev_request(&d, 0, "again"), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 2);
	CHECK_EQ(irq_threads_run(), 0u);
	CHECK(!irq_threads_pending());
	free_irq((unsigned int)d.irq, &d);
}

TEST(minimal_autoprobe_finds_no_line)
{
	struct dev d;

	min_init(SIMPIC_ACK);
	dev_init(&d, &fx, 9, false);
	CHECK_EQ(probe_irq_on(), 0ul);
	simpic_raise(fx.pic, 9);
	CHECK_EQ(probe_irq_off(0), 0);
	CHECK_EQ(probe_irq_mask(0xffff), 0u);
}

TEST(minimal_text_views_cost_and_top_are_enosys)
{
	struct dev d;
	struct irq_cost cost = { .count = 7 };
	struct irq_top_line lines[2];
	struct irq_top_snap a, b;
	struct irq_top_row rows[2];
	char buf[64] = "untouched";

	min_init(SIMPIC_ACK);
	dev_init(&d, &fx, 10, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	CHECK_EQ(irq_proc_read("/proc/interrupts", buf, sizeof(buf)), -ENOSYS);
	CHECK_EQ(irq_proc_write("/proc/irq/10/smp_affinity", "1", 1), -ENOSYS);
	CHECK_EQ(irq_proc_list("/proc/irq", buf, sizeof(buf)), -ENOSYS);
	CHECK_EQ(irq_show_threads(buf, sizeof(buf)), -ENOSYS);
	CHECK(strcmp(buf, "untouched") == 0);
	CHECK_EQ(irq_set_proc_hidden((unsigned int)d.irq, true), 0);
	CHECK_EQ(irq_set_cost_accounting((unsigned int)d.irq, true), -ENOSYS);
	CHECK_EQ(irq_get_cost((unsigned int)d.irq, &cost), -ENOSYS);
	CHECK_EQ(cost.count, 7ul);
	irq_top_snap_init(&a, lines, 1);
	irq_top_snap_init(&b, lines + 1, 1);
	irq_top_sample(&a);
	dev_raise(&d);
	irq_top_sample(&b);
	CHECK_EQ(a.nr + b.nr, 0u);
	CHECK_EQ(irq_top_diff(&a, &b, rows, 2), 0u);
	CHECK_EQ(irq_top_show(&a, &b, rows, 2, buf, sizeof(buf)), -ENOSYS);
	/* The line was still counted: irq_stat_cpu() is no optional feature. */
	CHECK_EQ(irq_stat_cpu((unsigned int)d.irq, 0), 1ul);
	free_irq((unsigned int)d.irq, &d);
}

static int hook_calls;

static void hook(const struct irq_trace_event *ev, void *arg)
{
	(void)ev;
	(void)arg;
	hook_calls++;
}

TEST(minimal_tracing_records_nothing)
{
	struct dev d;
	struct irq_trace_event ev[4];
	unsigned long dropped = 5;

	min_init(SIMPIC_ACK);
	dev_init(&d, &fx, 11, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	irq_trace_set_hook(hook, NULL);
	irq_trace_enable(true);
	CHECK(!irq_trace_enabled());
	CHECK_EQ(irq_trace_line((unsigned int)d.irq, true), -ENOSYS);
	CHECK_EQ(irq_trace_line((unsigned int)d.irq, false), 0);
	CHECK(!irq_trace_line_enabled((unsigned int)d.irq));
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
	CHECK_EQ(irq_trace_read(0, ev, 4, &dropped), 0u);
	CHECK_EQ(dropped, 0ul);
	CHECK_EQ(irq_trace_recorded(0), 0ul);
	CHECK_EQ(hook_calls, 0);
	CHECK(strcmp(irq_trace_type_name(IRQ_TRACE_HANDLER_ENTRY), "?") == 0);
	free_irq((unsigned int)d.irq, &d);
}

TEST(minimal_msi_and_ipi_are_enosys)
{
	struct pci_msi_dev pdev;
	struct msi_msg msg;
	struct irq_cpumask one = { { 1ul } };

	min_init(SIMPIC_ACK);
	CHECK(msi_create_irq_domain(NULL, "PCI-MSI", MSI_PARENT_EOI) == NULL);
	CHECK_EQ(pci_msi_dev_init(&pdev, NULL, NULL, 0), -ENOSYS);
	CHECK_EQ(pci_enable_msi(&pdev, NULL), -ENOSYS);
	CHECK_EQ(pci_enable_msix(&pdev, NULL, 2), -ENOSYS);
	CHECK_EQ(msi_get_msg(1, &msg), -ENOSYS);
	CHECK_EQ(irq_reserve_ipi(NULL, &one), -ENOSYS);
	CHECK_EQ(ipi_send_single(1, 0), -ENOSYS);
	CHECK_EQ(ipi_get_irq(1, 0), -ENOSYS);
}

/* Without per-CPU requests such a request is -ENOSYS and said; a per-CPU
 * line still takes request_irq() with IRQF_PERCPU. */
TEST(minimal_percpu_request_is_enosys_and_logged)
{
	struct dev d;
	struct dev per[GENIRQ_NR_CPUS];
	char want[96];

	min_init(SIMPIC_ACK);
	dev_init(&d, &fx, 12, false);
	CHECK_EQ(irq_set_percpu((unsigned int)d.irq), 0);
	CHECK_EQ(request_percpu_irq((unsigned int)d.irq, dev_handler, "pcpu", per), -ENOSYS);
	snprintf(want, sizeof(want), "irq %d: a per-CPU request, but GENIRQ_PERCPU_IRQ is 0 in this build",
		 d.irq);
	CHECK_EQ(sim_console_contains(want), REPORTED);
	CHECK(irq_to_desc((unsigned int)d.irq)->action == NULL);
	enable_percpu_irq((unsigned int)d.irq, IRQ_TYPE_NONE);
	CHECK(!irq_percpu_is_enabled((unsigned int)d.irq));
	CHECK_EQ(free_percpu_irq((unsigned int)d.irq, per), -EINVAL);
	CHECK_EQ(dev_request(&d, IRQF_PERCPU, "tick"), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
	CHECK_EQ(irq_percpu_strays((unsigned int)d.irq), 0ul);
	free_irq((unsigned int)d.irq, &d);
}

/* Without priorities setting one is -ENOSYS and said; the line keeps working without one. */
TEST(minimal_priority_is_enosys_and_logged)
{
	struct dev d;
	char want[96];

	min_init(SIMPIC_ACK);
	dev_init(&d, &fx, 13, false);
	irq_set_kernel_priority(4);
	CHECK_EQ(irq_kernel_priority(), 0u);
	CHECK_EQ(irq_set_priority((unsigned int)d.irq, 1), -ENOSYS);
	snprintf(want, sizeof(want), "irq %d: a priority, but GENIRQ_PRIORITY is 0 in this build", d.irq);
	CHECK_EQ(sim_console_contains(want), REPORTED);
	CHECK_EQ(irq_get_priority((unsigned int)d.irq), -ENOENT);
	CHECK(!irq_is_zero_latency((unsigned int)d.irq));
	/* No line is zero-latency, so nothing a zero-latency line refuses is refused. */
	CHECK_EQ(dev_request(&d, IRQF_SHARED, "dev"), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
	free_irq((unsigned int)d.irq, &d);
}

/*
 * One CPU: a line has nowhere to move, so hotplug neither moves nor shuts
 * it down, and a mask may name CPU 0 only.
 */
TEST(minimal_one_cpu_lines_stay_on_it_through_hotplug)
{
	struct dev d;
	struct irq_cpumask zero = { { 1ul } }, one = { { 2ul } }, got;

	min_init(SIMPIC_FASTEOI);
	irq_cpu_set_online(0, true);
	dev_init(&d, &fx, 14, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	CHECK_EQ(irq_set_affinity((unsigned int)d.irq, &zero), 0);
	CHECK_EQ(irq_set_affinity((unsigned int)d.irq, &one), -EINVAL);
	CHECK_EQ(irq_get_affinity((unsigned int)d.irq, &got), 0);
	CHECK_EQ(got.bits[0], 1ul);
	irq_cpu_set_online(0, false);
	CHECK(!cpumask_test_cpu(0, irq_cpu_online_mask()));
	CHECK_EQ(irq_set_affinity((unsigned int)d.irq, &zero), -EINVAL);	/* no CPU online */
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);	/* not shut down: still delivered */
	irq_cpu_set_online(0, true);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 2);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 0);
	free_irq((unsigned int)d.irq, &d);
}

TEST(minimal_wake_is_enosys_and_suspend_leaves_lines_live)
{
	struct dev d;
	char text[8] = "x";

	min_init(SIMPIC_ACK);
	dev_init(&d, &fx, 12, false);
	CHECK_EQ(dev_request(&d, 0, "d"), 0);
	CHECK_EQ(enable_irq_wake((unsigned int)d.irq), -ENOSYS);
	CHECK_EQ(disable_irq_wake((unsigned int)d.irq), -ENOSYS);
	CHECK_EQ(irq_get_wake_depth((unsigned int)d.irq), -ENOSYS);
	suspend_device_irqs();
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
	CHECK(!pm_wakeup_pending());
	CHECK_EQ(irq_pm_wakeup_irq(), -ENOSYS);
	CHECK_EQ(irq_pm_wakeup_reason(text, sizeof(text)), -ENOSYS);
	CHECK_STR(text, "x");
	resume_device_irqs();
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 0);
	free_irq((unsigned int)d.irq, &d);
}

TEST(minimal_nmi_request_is_enosys_with_one_line_and_the_line_stays_ordinary)
{
	struct dev d;
	static int instances[GENIRQ_NR_CPUS];

	min_init(SIMPIC_FASTEOI);
	dev_init(&d, &fx, 13, false);
	sim_console_clear();
	CHECK_EQ(request_nmi((unsigned int)d.irq, dev_handler, IRQF_NO_AUTOEN, "nmi", &d), -ENOSYS);
	CHECK_EQ(sim_console_contains("GENIRQ_NMI"), REPORTED);
	CHECK_EQ(request_percpu_nmi((unsigned int)d.irq, dev_handler, "nmi", instances), -ENOSYS);
	CHECK_EQ(prepare_percpu_nmi((unsigned int)d.irq), -ENOSYS);
	CHECK(free_nmi((unsigned int)d.irq, &d) == NULL);
	CHECK(!irq_is_nmi((unsigned int)d.irq));
	CHECK_EQ(dev_request(&d, 0, "d"), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
	free_irq((unsigned int)d.irq, &d);
}

/* Without console text nothing is formatted or parsed and the log writes nothing. */
TEST(minimal_console_text_only_with_reports)
{
	struct irq_cpumask cpu0 = { { 1ul } }, got = { { 0ul } };
	char buf[16] = "x";

	min_init(SIMPIC_ACK);
	irq_log("said %d", 42);
	CHECK_EQ(sim_console_contains("genirq: said 42"), REPORTED);
	if (GENIRQ_REPORTS) {
		CHECK_EQ(irq_snprintf(buf, sizeof(buf), "%d-%s", 42, "a"), 4);
		CHECK_STR(buf, "42-a");
		CHECK_EQ(irq_cpumask_print_list(buf, sizeof(buf), &cpu0), 1);
		CHECK_STR(buf, "0");
		CHECK_EQ(irq_cpumask_parselist("0\n", 2, &got), 0);
		CHECK_EQ(got.bits[0], 1ul);
		CHECK_EQ(irq_cpumask_parse("1", 1, &got), 0);
		CHECK_EQ(got.bits[0], 1ul);
	} else {
		CHECK_EQ(irq_snprintf(buf, sizeof(buf), "%d-%s", 42, "a"), -ENOSYS);
		CHECK_STR(buf, "");
		CHECK_EQ(irq_cpumask_print_list(buf, sizeof(buf), &cpu0), -ENOSYS);
		CHECK_EQ(irq_cpumask_print(buf, sizeof(buf), &cpu0, 1), -ENOSYS);
		/* Nor is any text read: the mask is left as it was. */
		got.bits[0] = 2ul;
		CHECK_EQ(irq_cpumask_parselist("0", 1, &got), -ENOSYS);
		CHECK_EQ(irq_cpumask_parse("1", 1, &got), -ENOSYS);
		CHECK_EQ(got.bits[0], 2ul);
	}
}

/* Without owner-grouped requests one is -ENOSYS and said; nothing is requested. */
TEST(minimal_owner_request_is_enosys_and_logged)
{
	struct irq_owner owner = { 0 };
	struct dev d;
	char want[96];

	min_init(SIMPIC_ACK);
	dev_init(&d, &fx, 9, false);
	CHECK_EQ(devm_request_irq(&owner, (unsigned int)d.irq, dev_handler, 0, "devm", &d), -ENOSYS);
	snprintf(want, sizeof(want), "irq %d: an owner-grouped request, but GENIRQ_DEVRES is 0 in this build",
		 d.irq);
	CHECK_EQ(sim_console_contains(want), REPORTED);
	CHECK(irq_to_desc((unsigned int)d.irq)->action == NULL);
	devm_free_irq(&owner, (unsigned int)d.irq, &d);
	CHECK_EQ(irq_owner_release(&owner), 0u);
	/* The line itself still takes a plain request. */
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
	free_irq((unsigned int)d.irq, &d);
}

/* Without firmware-node domains no domain answers for a node, and no tree domain is made. */
TEST(minimal_fwnode_domains_are_enosys)
{
	static const struct irq_chip chip = { .name = "fw" };
	static const char node[] = "intc";
	struct irq_fwspec spec = { .fwnode = node, .param_count = 1, .param = { 3 } };
	irq_hw_number_t hw = 0;
	unsigned int type = 0;
	struct dev d;

	min_init(SIMPIC_ACK);
	CHECK(irq_domain_create_tree("sparse", &chip, NULL) == NULL);
	CHECK_EQ(sim_console_contains("domain sparse: a tree domain, but GENIRQ_FWNODE is 0 in this build"),
		 REPORTED);
	CHECK_EQ(irq_domain_set_fwnode(simpic_domain(fx.pic), node, "intc", NULL, NULL), -ENOSYS);
	CHECK(irq_find_matching_fwnode(node) == NULL);
	CHECK(irq_domain_fwnode_name(simpic_domain(fx.pic)) == NULL);
	CHECK_EQ(irq_create_fwspec_mapping(NULL, &spec), -ENOSYS);
	CHECK_EQ(irq_create_fwspec_mapping(simpic_domain(fx.pic), &spec), -ENOSYS);
	CHECK_EQ(irq_domain_xlate_twocell(simpic_domain(fx.pic), &spec, &hw, &type), -ENOSYS);
	/* A flat domain still maps its lines. */
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(irq_find_mapping(simpic_domain(fx.pic), 3), d.irq);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
	free_irq((unsigned int)d.irq, &d);
}

static int never_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr, void *arg)
{
	(void)d;
	(void)virq;
	(void)nr;
	(void)arg;
	return -EIO;
}

/* Without hierarchical domains every domain is flat: none is stacked, a line has one level. */
TEST(minimal_hierarchy_is_enosys_and_lines_are_flat)
{
	static const struct irq_domain_ops ops = { .alloc = never_alloc };
	struct irq_domain *flat;
	struct dev d;

	min_init(SIMPIC_FASTEOI);
	flat = simpic_domain(fx.pic);
	CHECK(irq_domain_create_hierarchy(NULL, "stack", 4, &ops, NULL) == NULL);
	CHECK_EQ(irq_domain_set_hierarchy_ops(flat, &ops, NULL), -ENOSYS);
	CHECK(irq_domain_get_parent(flat) == NULL);
	CHECK_EQ(irq_domain_alloc_irqs(flat, 1, -1, NULL), -ENOSYS);
	dev_init(&d, &fx, 6, false);
	CHECK(irq_domain_get_irq_data(flat, (unsigned int)d.irq) == irq_get_irq_data((unsigned int)d.irq));
	CHECK(irq_get_irq_data((unsigned int)d.irq)->parent_data == NULL);
	CHECK_EQ(irq_domain_free_irqs((unsigned int)d.irq, 1), -ENOSYS);
	CHECK_EQ(irq_domain_activate_irq(irq_get_irq_data((unsigned int)d.irq), false), -ENOSYS);
	CHECK(!irq_domain_is_activated((unsigned int)d.irq));
	CHECK_EQ(irq_chip_set_affinity_parent(irq_get_irq_data((unsigned int)d.irq), irq_cpu_online_mask()),
		 -ENOSYS);
	/* The flat line is requested and taken as ever. */
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
	free_irq((unsigned int)d.irq, &d);
}

/*
 * Without line freeing (GENIRQ_FREE_LINES 0) a line stays for the
 * system's life: irq_free_descs() and irq_dispose_mapping() are -ENOSYS
 * and said, the line stays mapped, taken and working, and a read section
 * holds nothing.
 */
TEST(minimal_lines_stay_made_without_line_freeing)
{
	char want[96];
	struct dev d;
	int irq, next;

	min_init(SIMPIC_FASTEOI);
	irq = irq_alloc_descs(-1, 1);
	CHECK(irq >= 0);
	sim_console_clear();
	CHECK_EQ(irq_free_descs((unsigned int)irq, 1), -ENOSYS);
	snprintf(want, sizeof(want), "irq %d: irq_free_descs(), but GENIRQ_FREE_LINES is 0 in this build",
		 irq);
	CHECK_EQ(sim_console_contains(want), REPORTED);
	CHECK(irq_to_desc((unsigned int)irq) != NULL);
	/* Its number stays taken. */
	CHECK_EQ(irq_alloc_descs(irq, 1), -EBUSY);
	next = irq_alloc_descs(-1, 1);
	CHECK(next >= 0 && next != irq);
	CHECK_EQ(irq_desc_read_lock(), 0u);
	irq_desc_read_unlock(0);

	dev_init(&d, &fx, 5, false);
	sim_console_clear();
	CHECK_EQ(irq_dispose_mapping((unsigned int)d.irq), -ENOSYS);
	snprintf(want, sizeof(want),
		 "irq %d: irq_dispose_mapping(), but GENIRQ_FREE_LINES is 0 in this build", d.irq);
	CHECK_EQ(sim_console_contains(want), REPORTED);
	CHECK_EQ(irq_find_mapping(simpic_domain(fx.pic), 5), d.irq);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
	free_irq((unsigned int)d.irq, &d);
	/* Freed of its handler, the line is requested again. */
	CHECK_EQ(dev_request(&d, 0, "again"), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 2);
	free_irq((unsigned int)d.irq, &d);
}

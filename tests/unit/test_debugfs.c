// SPDX-License-Identifier: MIT
/*
 * /sys/kernel/debug/irq/irqs/N: one line's whole state. Every field is
 * checked against what the test did to the line; bad paths change nothing.
 */
#include <genirq/irqdomain.h>
#include <genirq/compat.h>
#include <genirq/msi.h>
#include <genirq/trace.h>
#include <genirq/chip/simpci.h>
#include "fixture.h"

#define MS		1000000ull
#define DUMP_MAX	4096

static int dump(int irq, char *buf)
{
	char path[64];

	snprintf(path, sizeof(path), "/sys/kernel/debug/irq/irqs/%d", irq);
	return irq_proc_read(path, buf, DUMP_MAX);
}

/* The dump's line that starts with @key (its first), or "" when none. */
static const char *field(const char *buf, const char *key)
{
	static char line[256];
	size_t k = strlen(key);

	for (const char *p = buf; *p; p = strchr(p, '\n') + 1) {
		const char *end = strchr(p, '\n');

		if (!strncmp(p, key, k)) {
			snprintf(line, sizeof(line), "%.*s", (int)(end - p), p);
			return line;
		}
		if (!end)
			break;
	}
	return "";
}

/* A bit's name on a line of its own under its word. */
static bool has_bit(const char *buf, const char *name)
{
	char want[64];

	snprintf(want, sizeof(want), "\n            %s\n", name);
	return strstr(buf, want) != NULL;
}

TEST(debugfs_dump_of_a_flat_line_has_every_field)
{
	struct fixture fx;
	struct dev a, b;
	struct irq_cpumask cpu1;
	char buf[DUMP_MAX];
	int n;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 3, true);
	b = a;
	CHECK_EQ(dev_request(&a, IRQF_SHARED, "uart"), 0);
	CHECK_EQ(dev_request(&b, IRQF_SHARED | IRQF_SAMPLE_RANDOM, "edu"), 0);
	dev_raise(&a);
	dev_raise(&a);
	cpumask_clear(&cpu1);
	cpumask_set_cpu(1, &cpu1);
	CHECK_EQ(irq_set_affinity((unsigned int)a.irq, &cpu1), 0);
	dev_raise(&a);
	sim_run(1);
	n = dump(a.irq, buf);
	CHECK(n > 0 && n < DUMP_MAX);
	CHECK_EQ((size_t)n, strlen(buf));
	CHECK_STR(buf,
		  "handler:  handle_fasteoi_irq\n"
		  "action:   uart\n"
		  "            IRQF_SHARED\n"
		  "action:   edu\n"
		  "            IRQF_SHARED\n"
		  "            IRQF_SAMPLE_RANDOM\n"
		  "istate:   0x00000080\n"
		  "            IRQS_STARTED\n"
		  "ddepth:   0\n"
		  "wdepth:   0\n"
		  "trigger:  0x00000004\n"
		  "            IRQ_TYPE_LEVEL_HIGH\n"
		  "dstate:   0x00000000\n"
		  "affinity: 1\n"
		  "effectiv: 1\n"
		  "count:    3\n"
		  "percpu:   0:2 1:1\n"
		  "state:    normal\n"
		  "spurious: irq_count 0, unhandled 0, last_unhandled 0 ms\n"
		  "storm:    limit 500000/s, window 100 ms, budget 50000, throttles 0\n"
		  "threaded: no, 0 thread(s), 0 active, oneshot mask 0x0\n"
		  "cost:     off\n"
		  "domain:  sim\n"
		  " hwirq:   0x3\n"
		  " chip:    simpic-eoi\n"
		  "  ops:     mask unmask eoi set_type set_affinity retrigger compose_msi_msg "
		  "ipi_send_single\n");
	/* The view is bounded like every other: cut, terminated, full length said. */
	memset(buf, 'Z', sizeof(buf));
	CHECK_EQ(irq_proc_read("/sys/kernel/debug/irq/irqs/0", buf, 16), n);
	CHECK_EQ(strlen(buf), 15);
	CHECK_EQ(buf[16], 'Z');
}

/* Each flow's function name, on the chip style that picks it. */
TEST(debugfs_handler_names_the_flow)
{
	static const struct irq_chip bare = { .name = "bare" };
	struct fixture fx;
	struct dev lvl, edge, pc;
	char buf[DUMP_MAX];
	int none;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&lvl, &fx, 1, true);
	dev_init(&edge, &fx, 2, false);
	dev_init(&pc, &fx, 4, false);
	CHECK_EQ(irq_set_percpu((unsigned int)pc.irq), 0);
	CHECK(dump(lvl.irq, buf) > 0);
	CHECK_STR(field(buf, "handler:"), "handler:  handle_level_irq");
	CHECK_STR(field(buf, "action:"), "action:   none");
	CHECK_STR(field(buf, " chip:"), " chip:    simpic");
	CHECK_STR(field(buf, "  ops:"), "  ops:     mask unmask ack set_type set_affinity retrigger "
					"compose_msi_msg ipi_send_single");
	CHECK(dump(edge.irq, buf) > 0);
	CHECK_STR(field(buf, "handler:"), "handler:  handle_edge_irq");
	CHECK(has_bit(buf, "IRQ_TYPE_EDGE_RISING"));
	CHECK(dump(pc.irq, buf) > 0);
	CHECK_STR(field(buf, "handler:"), "handler:  handle_percpu_irq");
	CHECK(has_bit(buf, "IRQS_PER_CPU"));
	/* A descriptor with no controller yet, then a chip with no primitive. */
	none = irq_alloc_descs(-1, 1);
	CHECK(none >= 0);
	CHECK(dump(none, buf) > 0);
	CHECK_STR(field(buf, "handler:"), "handler:  handle_bad_irq");
	CHECK_STR(field(buf, "domain:"), "domain:  none");
	CHECK_EQ(irq_set_chip((unsigned int)none, &bare, NULL), 0);
	CHECK(dump(none, buf) > 0);
	CHECK_STR(field(buf, "handler:"), "handler:  handle_simple_irq");
	CHECK_STR(field(buf, " chip:"), " chip:    bare");
	CHECK_STR(field(buf, "  ops:"), "  ops:     ");
	CHECK_EQ(irq_set_handler((unsigned int)none, handle_edge_irq), 0);
	CHECK(dump(none, buf) > 0);
	CHECK_STR(field(buf, "handler:"), "handler:  handle_edge_irq");
}

TEST(debugfs_traced_line_names_its_bit_and_keeps_its_flow)
{
	struct fixture fx;
	struct dev d;
	char buf[DUMP_MAX];

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 5, true);
	CHECK_EQ(dev_request(&d, 0, "traced"), 0);
	CHECK(dump(d.irq, buf) > 0);
	CHECK(!has_bit(buf, "IRQS_TRACED"));
	CHECK_EQ(irq_trace_line((unsigned int)d.irq, true), 0);
	CHECK(dump(d.irq, buf) > 0);
	CHECK(has_bit(buf, "IRQS_TRACED"));
	CHECK_STR(field(buf, "handler:"), "handler:  handle_fasteoi_irq");
	CHECK_EQ(irq_trace_line((unsigned int)d.irq, false), 0);
	CHECK(dump(d.irq, buf) > 0);
	CHECK(!has_bit(buf, "IRQS_TRACED"));
	irq_trace_reset();
}

static void cascade_flow(struct irq_desc *desc)
{
	(void)desc;
}

TEST(debugfs_cascade_is_noreq_and_custom)
{
	struct fixture fx;
	struct dev c;
	char buf[DUMP_MAX];

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&c, &fx, 6, true);
	CHECK_EQ(irq_set_chained_handler((unsigned int)c.irq, cascade_flow, NULL), 0);
	CHECK(dump(c.irq, buf) > 0);
	CHECK_STR(field(buf, "handler:"), "handler:  custom (irq_set_handler or a cascade)");
	CHECK(has_bit(buf, "IRQS_NOREQUEST"));
	CHECK(has_bit(buf, "IRQS_STARTED"));
}

TEST(debugfs_depth_masked_and_affinity_follow_the_line)
{
	struct fixture fx;
	struct dev a;
	struct irq_cpumask one;
	char buf[DUMP_MAX];

	fx_init(&fx, 4, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 7, false);
	CHECK_EQ(dev_request(&a, 0, "nic"), 0);
	cpumask_clear(&one);
	cpumask_set_cpu(2, &one);
	cpumask_set_cpu(3, &one);
	CHECK_EQ(irq_set_affinity((unsigned int)a.irq, &one), 0);
	disable_irq((unsigned int)a.irq);
	disable_irq((unsigned int)a.irq);
	CHECK(dump(a.irq, buf) > 0);
	CHECK_STR(field(buf, "ddepth:"), "ddepth:   2");
	CHECK_STR(field(buf, "affinity:"), "affinity: 2-3");
	CHECK_STR(field(buf, "effectiv:"), "effectiv: 2");
	CHECK_STR(field(buf, "percpu:"), "percpu:   0:0 1:0 2:0 3:0");
	CHECK_STR(field(buf, "state:"), "state:    disabled");
	CHECK(has_bit(buf, "IRQS_DISABLED"));
	/* An edge line raised while disabled: masked, pending, for the replay. */
	sim_cpu_switch(2);
	dev_raise(&a);
	sim_run(2);
	CHECK(dump(a.irq, buf) > 0);
	CHECK(has_bit(buf, "IRQS_PENDING"));
	CHECK(has_bit(buf, "IRQS_MASKED"));
	CHECK_STR(field(buf, "percpu:"), "percpu:   0:0 1:0 2:1 3:0");
	enable_irq((unsigned int)a.irq);
	enable_irq((unsigned int)a.irq);
	sim_run(2);
	CHECK(dump(a.irq, buf) > 0);
	CHECK_STR(field(buf, "ddepth:"), "ddepth:   0");
	CHECK(!has_bit(buf, "IRQS_DISABLED") && !has_bit(buf, "IRQS_PENDING"));
	CHECK_STR(field(buf, "count:"), "count:    2");
	sim_cpu_switch(0);
}

/* Unhandled events open the stuck-line window; handled ones count in it. */
TEST(debugfs_spurious_window_counts)
{
	struct fixture fx;
	struct dev a;
	char buf[DUMP_MAX];

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 6, false);
	CHECK_EQ(dev_request(&a, 0, "flaky"), 0);
	sim_time_advance(3 * MS);
	for (int i = 0; i < 3; i++) {
		simpic_raise(fx.pic, 6);	/* the device wants nothing: IRQ_NONE */
		sim_run(0);
	}
	sim_time_advance(2 * MS);
	for (int i = 0; i < 2; i++) {
		dev_raise(&a);
		sim_run(0);
	}
	CHECK(dump(a.irq, buf) > 0);
	CHECK_STR(field(buf, "spurious:"), "spurious: irq_count 5, unhandled 3, last_unhandled 3 ms");
	CHECK_STR(field(buf, "count:"), "count:    5");
	CHECK_STR(field(buf, "state:"), "state:    normal");
	CHECK(!has_bit(buf, "IRQS_SPURIOUS_DISABLED"));
	CHECK_STR(field(buf, "poll:"), "");
}

/* A level line nobody services: disabled by the stuck-line rule. */
TEST(debugfs_spurious_figures_and_poll_back_off)
{
	struct fixture fx;
	struct dev a;
	char buf[DUMP_MAX];

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&a, &fx, 5, true);
	CHECK_EQ(dev_request(&a, 0, "broken"), 0);
	sim_time_advance(7 * MS);
	simpic_raise(fx.pic, 5);
	sim_run(0);
	CHECK_EQ(irq_get_depth(a.irq), 1);
	CHECK(dump(a.irq, buf) > 0);
	CHECK_STR(field(buf, "state:"), "state:    disabled-by-spurious-rule");
	CHECK(has_bit(buf, "IRQS_SPURIOUS_DISABLED"));
	CHECK(strncmp(field(buf, "spurious:"), "spurious: irq_count ", 20) == 0);
	CHECK(strstr(field(buf, "spurious:"), "last_unhandled 7 ms") != NULL);
	CHECK_STR(field(buf, "poll:"), "poll:     retry at 107 ms, back-off 100 ms");
	CHECK_STR(field(buf, "ddepth:"), "ddepth:   1");
}

/*
 * A line that screams again at each retry waits twice as long each time,
 * up to 60 s, then 60 s on every retry after.
 */
TEST(debugfs_poll_back_off_doubles_up_to_60_s)
{
	static const unsigned int want_ms[] = { 100, 200, 400, 800, 1600, 3200, 6400, 12800,
						25600, 51200, 60000, 60000, 60000 };
	struct fixture fx;
	struct dev a;
	char buf[DUMP_MAX], want[80];
	unsigned long long now = 0;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&a, &fx, 5, true);
	CHECK_EQ(dev_request(&a, 0, "broken"), 0);
	simpic_raise(fx.pic, 5);
	sim_run(0);
	for (unsigned int i = 0; i < sizeof(want_ms) / sizeof(want_ms[0]); i++) {
		CHECK_EQ(irq_get_depth(a.irq), 1);
		CHECK(dump(a.irq, buf) > 0);
		snprintf(want, sizeof(want), "poll:     retry at %llu ms, back-off %u ms",
			 now + want_ms[i], want_ms[i]);
		CHECK_STR(field(buf, "poll:"), want);
		/* Not early (the poller works every 10 ms); then retried, it screams again. */
		sim_time_advance((want_ms[i] - 20) * MS);
		irq_spurious_poll();
		CHECK_EQ(irq_get_depth(a.irq), 1);
		CHECK(!sim_console_contains("re-enabled after back-off"));
		sim_time_advance(20 * MS);
		irq_spurious_poll();
		sim_run(0);
		CHECK(sim_console_contains("re-enabled after back-off"));
		sim_console_clear();
		now += want_ms[i];
	}
}

/* A healthy handler too fast for its limit: throttled by the storm rule. */
TEST(debugfs_storm_figures_and_throttle)
{
	struct fixture fx;
	struct dev a;
	char buf[DUMP_MAX];

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 2, false);
	CHECK_EQ(dev_request(&a, 0, "fast"), 0);
	CHECK_EQ(irq_set_storm_limit((unsigned int)a.irq, 1000, 10), 0);
	CHECK(dump(a.irq, buf) > 0);
	CHECK_STR(field(buf, "storm:"), "storm:    limit 1000/s, window 10 ms, budget 10, throttles 0");
	for (int i = 0; i < 40 && irq_get_depth(a.irq) == 0; i++) {
		dev_raise(&a);
		sim_run(0);
		sim_time_advance(MS / 10);
	}
	CHECK_EQ(irq_get_depth(a.irq), 1);
	CHECK(dump(a.irq, buf) > 0);
	CHECK_STR(field(buf, "state:"), "state:    throttled-storm");
	CHECK(has_bit(buf, "IRQS_STORM"));
	CHECK_STR(field(buf, "storm:"), "storm:    limit 1000/s, window 10 ms, budget 10, throttles 1");
	CHECK(strncmp(field(buf, "throttle:"), "throttle: until ", 16) == 0);
	CHECK(strstr(field(buf, "throttle:"), ", back-off 100 ms") != NULL);
}

static atomic_int thread_runs;

static irqreturn_t slow_thread(int irq, void *dev_id)
{
	struct dev *d = dev_id;

	(void)irq;
	atomic_fetch_add(&thread_runs, 1);
	simpic_lower(d->fx->pic, d->hw);
	return IRQ_HANDLED;
}

static irqreturn_t quick(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_WAKE_THREAD;
}

TEST(debugfs_threads_listed_with_oneshot_state)
{
	struct fixture fx;
	struct dev a;
	char buf[DUMP_MAX], want[128];

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	sim_irq_threads_native(false);
	atomic_store(&thread_runs, 0);
	dev_init(&a, &fx, 9, true);
	CHECK_EQ(request_threaded_irq((unsigned int)a.irq, quick, slow_thread, IRQF_ONESHOT,
				      "sensor", &a), 0);
	CHECK(dump(a.irq, buf) > 0);
	snprintf(want, sizeof(want), "thread:   irq/%d-sensor wakeups 0 runs 0 cpu 0 sleeping", a.irq);
	CHECK_STR(field(buf, "thread:"), want);
	CHECK_STR(field(buf, "threaded:"), "threaded: yes, 1 thread(s), 0 active, oneshot mask 0x0");
	CHECK(has_bit(buf, "IRQF_ONESHOT"));
	CHECK(has_bit(buf, "IRQS_ONESHOT"));
	CHECK(!has_bit(buf, "IRQS_MASKED"));
	simpic_raise(fx.pic, 9);
	sim_run(0);
	CHECK(dump(a.irq, buf) > 0);	/* woken, not run: the line stays masked */
	snprintf(want, sizeof(want), "thread:   irq/%d-sensor wakeups 1 runs 0 cpu 0 woken", a.irq);
	CHECK_STR(field(buf, "thread:"), want);
	CHECK_STR(field(buf, "threaded: "), "threaded: yes, 1 thread(s), 1 active, oneshot mask 0x1");
	CHECK(has_bit(buf, "IRQS_MASKED"));
	while (irq_threads_run())
		;
	CHECK_EQ(atomic_load(&thread_runs), 1);
	CHECK(dump(a.irq, buf) > 0);
	snprintf(want, sizeof(want), "thread:   irq/%d-sensor wakeups 1 runs 1 cpu 0 sleeping", a.irq);
	CHECK_STR(field(buf, "thread:"), want);
	CHECK_STR(field(buf, "threaded: "), "threaded: yes, 1 thread(s), 0 active, oneshot mask 0x0");
	CHECK(!has_bit(buf, "IRQS_MASKED"));
	CHECK(has_bit(buf, "IRQS_ONESHOT"));		/* the line's kind, kept */
}

/* Host cycles are virtual nanoseconds: the handler's time is the test's. */
static irqreturn_t takes_time(int irq, void *dev_id)
{
	(void)irq;
	sim_time_advance(*(uint64_t *)dev_id);
	return IRQ_HANDLED;
}

TEST(debugfs_cost_figures_when_accounting_is_on)
{
	struct fixture fx;
	struct dev a;
	static uint64_t spend;
	char buf[DUMP_MAX];

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 8, false);
	CHECK_EQ(request_irq((unsigned int)a.irq, takes_time, 0, "timed", &spend), 0);
	CHECK_EQ(irq_set_cost_accounting((unsigned int)a.irq, true), 0);
	CHECK(dump(a.irq, buf) > 0);
	CHECK_STR(field(buf, "handler:"), "handler:  handle_fasteoi_irq, timed");
	CHECK_STR(field(buf, "cost:"), "cost:     on, 0 timed, mean 0 cycles, max 0 cycles");
	spend = 1000;
	simpic_raise(fx.pic, 8);
	spend = 3000;
	simpic_raise(fx.pic, 8);
	CHECK(dump(a.irq, buf) > 0);
	CHECK_STR(field(buf, "cost:"), "cost:     on, 2 timed, mean 2000 cycles, max 3000 cycles");
	CHECK_EQ(irq_set_cost_accounting((unsigned int)a.irq, false), 0);
	CHECK(dump(a.irq, buf) > 0);
	CHECK_STR(field(buf, "handler:"), "handler:  handle_fasteoi_irq");
	CHECK_STR(field(buf, "cost:"), "cost:     off, 2 timed, mean 2000 cycles, max 3000 cycles");
}

#define VEC_FIRST	16
#define DEV_ID		0x0018u		/* 00:03.0 */

/* PCI-MSI stacked on the simulated PIC: both levels, outermost first. */
TEST(debugfs_msi_line_shows_every_level_of_the_hierarchy)
{
	static const struct simpci_config one_msi = { .msi = true };
	struct fixture fx;
	struct irq_domain *msi;
	struct simpci *pci;
	struct pci_msi_dev pdev;
	struct dev cookie;
	char buf[DUMP_MAX], want[512];
	irq_hw_number_t vec;
	int irq;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	CHECK_EQ(simpic_enable_hierarchy(fx.pic, VEC_FIRST, 16), 0);
	msi = msi_create_irq_domain(simpic_domain(fx.pic), "PCI-MSI", MSI_PARENT_EOI);
	CHECK(msi != NULL);
	pci = simpci_create(fx.pic, &one_msi);
	CHECK(pci != NULL);
	CHECK_EQ(pci_msi_dev_init(&pdev, &simpci_cfg_ops, pci, DEV_ID), 0);
	irq = pci_enable_msi(&pdev, msi);
	CHECK(irq >= 0);
	vec = irq_get_irq_data((unsigned int)irq)->parent_data->hwirq;
	memset(&cookie, 0, sizeof(cookie));
	atomic_store(&cookie.want, 1);
	CHECK_EQ(request_irq((unsigned int)irq, dev_handler, 0, "edu-msi", &cookie), 0);
	CHECK_EQ(simpci_fire(pci, 0), 1);
	sim_run(0);
	CHECK(dump(irq, buf) > 0);
	CHECK_STR(field(buf, "dstate:"), "dstate:   0x00000003");
	CHECK(has_bit(buf, "IRQD_HIER"));
	CHECK(has_bit(buf, "IRQD_ACTIVATED"));
	CHECK_STR(field(buf, "count:"), "count:    1");
	CHECK_STR(field(buf, "percpu:"), "percpu:   0:1 1:0");
	CHECK_STR(field(buf, "action:"), "action:   edu-msi");
	CHECK_EQ(atomic_load(&cookie.handled), 1);
	snprintf(want, sizeof(want),
		 "domain:  PCI-MSI\n"
		 " hwirq:   0x%lx\n"
		 " chip:    PCI-MSI\n"
		 "  ops:     mask unmask eoi set_affinity retrigger\n"
		 " parent:\n"
		 "    domain:  sim\n"
		 "     hwirq:   0x%lx\n"
		 "     chip:    simpic-eoi\n"
		 "      ops:     mask unmask eoi set_type set_affinity retrigger compose_msi_msg "
		 "ipi_send_single\n",
		 (unsigned long)MSI_HWIRQ(DEV_ID, 0), (unsigned long)vec);
	CHECK(strstr(buf, want) != NULL);
	CHECK(strlen(strstr(buf, want)) == strlen(want));	/* the levels end the dump */
	CHECK(vec >= VEC_FIRST && vec < VEC_FIRST + 16);
}

TEST(debugfs_bad_paths_are_refused_and_change_nothing)
{
	static const char *const bad[] = {
		"/sys/kernel/debug/irq/irqs/7",			/* no descriptor */
		"/sys/kernel/debug/irq/irqs/8192",		/* at the capacity */
		"/sys/kernel/debug/irq/irqs/99999999999999999999",	/* out of range */
		"/sys/kernel/debug/irq/irqs/x",			/* garbage */
		"/sys/kernel/debug/irq/irqs/-1",
		"/sys/kernel/debug/irq/irqs/01",
		"/sys/kernel/debug/irq/irqs/0x",
		"/sys/kernel/debug/irq/irqs/0/",
		"/sys/kernel/debug/irq/irqs/0/spurious",
		"/sys/kernel/debug/irq/irqs//0",
		"/sys/kernel/debug/irq/irqs0",
		"/sys/kernel/debug/irq/irq/0",
		"sys/kernel/debug/irq/irqs/0",
		"/proc/sys/kernel/debug/irq/irqs/0",
	};
	struct fixture fx;
	struct dev a;
	char before[DUMP_MAX], buf[DUMP_MAX];

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 3, true);
	CHECK_EQ(dev_request(&a, 0, "uart"), 0);
	CHECK_EQ(a.irq, 0);
	CHECK(dump(0, before) > 0);
	for (unsigned int i = 0; i < GENIRQ_ARRAY_SIZE(bad); i++) {
		CHECK_EQ(irq_proc_read(bad[i], buf, sizeof(buf)), -ENOENT);
		CHECK_EQ(irq_proc_write(bad[i], "1", 1), -ENOENT);
	}
	CHECK_EQ(irq_proc_read("/sys/kernel/debug/irq/irqs", buf, sizeof(buf)), -EISDIR);
	CHECK_EQ(irq_proc_read("/sys/kernel/debug/irq/irqs/", buf, sizeof(buf)), -EISDIR);
	CHECK_EQ(irq_proc_write("/sys/kernel/debug/irq/irqs/0", "trigger", 7), -EACCES);
	CHECK_EQ(irq_proc_write("/sys/kernel/debug/irq/irqs", "1", 1), -EISDIR);
	CHECK_EQ(irq_proc_list("/sys/kernel/debug/irq/irqs/0", buf, sizeof(buf)), -ENOENT);
	CHECK(dump(0, buf) > 0);
	CHECK_STR(buf, before);
	CHECK_EQ(irq_get_depth(0), 0);
}

TEST(debugfs_directory_lists_every_descriptor)
{
	struct fixture fx;
	struct dev a, b;
	char buf[256];
	int bare;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 3, true);
	dev_init(&b, &fx, 4, true);
	bare = irq_alloc_descs(-1, 1);
	CHECK_EQ(bare, 2);
	CHECK(irq_proc_list("/sys/kernel/debug/irq/irqs", buf, sizeof(buf)) > 0);
	CHECK_STR(buf, "0\n1\n2\n");
	CHECK(irq_proc_list("/sys/kernel/debug/irq/irqs/", buf, sizeof(buf)) > 0);
	CHECK_STR(buf, "0\n1\n2\n");
	CHECK(irq_proc_list("/proc/irq", buf, sizeof(buf)) > 0);
	CHECK_STR(buf, "prof_cpu_mask\n0/\n1/\n");			/* /proc: lines with a chip */
}

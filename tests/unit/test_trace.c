// SPDX-License-Identifier: MIT
/* Trace events: per-CPU rings, pairing, order, drops, per-line enable, the hook. */
#include <string.h>
#include <genirq/trace.h>
#include <genirq/compat.h>
#include "fixture.h"
#include "shell.h"

#define US	1000ull
#define MS	1000000ull

static struct irq_trace_event evs[GENIRQ_TRACE_EVENTS];

/* Raise @d @times times, @gap ns apart, each taken on CPU @cpu. */
static void fire_on(struct dev *d, unsigned int cpu, int times, uint64_t gap)
{
	for (int i = 0; i < times; i++) {
		sim_time_advance(gap);
		dev_raise(d);
		sim_run(cpu);
	}
}

/* CPU @cpu's events; *@dropped the overwritten ones. */
static unsigned int read_cpu(unsigned int cpu, unsigned long *dropped)
{
	return irq_trace_read(cpu, evs, GENIRQ_TRACE_EVENTS, dropped);
}

/* How many of the @n events read are of @type on line @irq. */
static unsigned int count(unsigned int n, unsigned int type, unsigned int irq)
{
	unsigned int c = 0;

	for (unsigned int i = 0; i < n; i++)
		c += evs[i].type == type && evs[i].irq == irq;
	return c;
}

/* Every handler entry is followed by its exit, no other entry between on the CPU. */
static bool paired(unsigned int n)
{
	int open = -1;

	for (unsigned int i = 0; i < n; i++) {
		if (evs[i].type == IRQ_TRACE_HANDLER_ENTRY) {
			if (open >= 0)
				return false;
			open = (int)i;
		} else if (evs[i].type == IRQ_TRACE_HANDLER_EXIT) {
			if (open < 0 || evs[open].irq != evs[i].irq ||
			    strcmp(evs[open].name, evs[i].name) != 0)
				return false;
			open = -1;
		}
	}
	return open < 0;
}

TEST(trace_is_off_by_default_and_records_nothing)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(dev_request(&d, 0, "quiet"), 0);
	fire_on(&d, 0, 5, US);
	CHECK_EQ(atomic_load(&d.handled), 5);
	CHECK(!irq_trace_enabled());
	CHECK(!irq_trace_line_enabled((unsigned int)d.irq));
	CHECK_EQ(irq_trace_recorded(0), 0);
	CHECK_EQ(read_cpu(0, NULL), 0);
}

static void entry_exit_pairs(enum simpic_style style)
{
	struct fixture fx;
	struct dev d;
	unsigned long dropped = 99;
	unsigned int n;

	fx_init(&fx, 1, style);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(dev_request(&d, 0, "a-long-device-name"), 0);
	CHECK_EQ(irq_trace_line((unsigned int)d.irq, true), 0);
	CHECK(irq_trace_line_enabled((unsigned int)d.irq));
	fire_on(&d, 0, 3, 10 * US);
	CHECK_EQ(atomic_load(&d.handled), 3);
	n = read_cpu(0, &dropped);
	CHECK_EQ(n, 6);
	CHECK_EQ(dropped, 0);
	for (unsigned int i = 0; i < n; i++) {
		CHECK_EQ(evs[i].type, i % 2 ? IRQ_TRACE_HANDLER_EXIT : IRQ_TRACE_HANDLER_ENTRY);
		CHECK_EQ(evs[i].irq, (unsigned int)d.irq);
		CHECK_EQ(evs[i].cpu, 0);
		CHECK(strcmp(evs[i].name, "a-long-devi") == 0);	/* cut to 11 bytes */
		if (i % 2)
			CHECK_EQ(evs[i].arg, IRQ_HANDLED);
		if (i)
			CHECK(evs[i].ts >= evs[i - 1].ts);
	}
	/* 10 us between events: the stamps are the port's clock. */
	CHECK_EQ(evs[2].ts - evs[0].ts, 10 * US);
	CHECK(paired(n));
}
TEST_EACH_CHIP(trace_handler_entry_and_exit_pair_in_order, entry_exit_pairs)

TEST(trace_shared_line_runs_its_handlers_in_order_each_paired)
{
	struct fixture fx;
	struct dev a, b;
	unsigned int n, irq;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&a, &fx, 4, false);
	dev_init(&b, &fx, 4, false);
	irq = (unsigned int)a.irq;
	CHECK_EQ(dev_request(&a, IRQF_SHARED, "first"), 0);
	CHECK_EQ(irq_trace_line(irq, true), 0);
	/* Installed on a traced line: traced too, and the request recorded. */
	CHECK_EQ(dev_request(&b, IRQF_SHARED, "second"), 0);
	atomic_store(&b.want, 1);
	fire_on(&a, 0, 1, US);
	n = read_cpu(0, NULL);
	CHECK_EQ(n, 5);
	CHECK_EQ(evs[0].type, IRQ_TRACE_REQUEST);
	CHECK(strcmp(evs[0].name, "second") == 0);
	CHECK(strcmp(evs[1].name, "first") == 0 && evs[1].type == IRQ_TRACE_HANDLER_ENTRY);
	CHECK(strcmp(evs[2].name, "first") == 0 && evs[2].type == IRQ_TRACE_HANDLER_EXIT);
	CHECK(strcmp(evs[3].name, "second") == 0 && evs[3].type == IRQ_TRACE_HANDLER_ENTRY);
	CHECK(strcmp(evs[4].name, "second") == 0 && evs[4].type == IRQ_TRACE_HANDLER_EXIT);
	CHECK(paired(n));
	free_irq(irq, &b);
	n = read_cpu(0, NULL);
	CHECK_EQ(evs[n - 1].type, IRQ_TRACE_FREE);
	CHECK(strcmp(evs[n - 1].name, "second") == 0);
}

TEST(trace_each_cpu_records_into_its_own_ring)
{
	struct fixture fx;
	struct dev d;
	struct irq_cpumask m;
	unsigned int n;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 5, false);
	CHECK_EQ(dev_request(&d, 0, "moved"), 0);
	CHECK_EQ(irq_trace_line((unsigned int)d.irq, true), 0);
	fire_on(&d, 0, 1, US);
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK_EQ(irq_set_affinity((unsigned int)d.irq, &m), 0);
	fire_on(&d, 1, 2, US);
	CHECK_EQ(atomic_load(&d.handled), 3);
	/* CPU0: one event's pair, then the move (recorded where it was asked). */
	n = read_cpu(0, NULL);
	CHECK_EQ(n, 3);
	CHECK_EQ(evs[2].type, IRQ_TRACE_AFFINITY);
	CHECK_EQ(evs[2].arg, 2u);
	/* CPU1: the two events after the move, stamped with CPU 1. */
	n = read_cpu(1, NULL);
	CHECK_EQ(n, 4);
	CHECK(paired(n));
	for (unsigned int i = 0; i < n; i++)
		CHECK_EQ(evs[i].cpu, 1);
	CHECK_EQ(evs[0].ts, evs[1].ts);		/* no time passed in the handler */
}

TEST(trace_ring_wrap_overwrites_the_oldest_and_counts_the_drops)
{
	struct fixture fx;
	struct dev d;
	unsigned long dropped;
	unsigned int n, extra = 10;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(dev_request(&d, 0, "wrap"), 0);
	CHECK_EQ(irq_trace_line((unsigned int)d.irq, true), 0);
	/* Two events each: the ring's size, then 2 * extra more. */
	fire_on(&d, 0, GENIRQ_TRACE_EVENTS / 2 + (int)extra, US);
	CHECK_EQ(irq_trace_recorded(0), GENIRQ_TRACE_EVENTS + 2 * extra);
	n = read_cpu(0, &dropped);
	CHECK_EQ(n, GENIRQ_TRACE_EVENTS);
	CHECK_EQ(dropped, 2 * extra);
	/* The oldest kept is event extra + 1's entry: stamped (extra + 1) us. */
	CHECK_EQ(evs[0].type, IRQ_TRACE_HANDLER_ENTRY);
	CHECK_EQ(evs[0].ts - evs[n - 1].ts + (GENIRQ_TRACE_EVENTS / 2 - 1) * US, 0);
	for (unsigned int i = 2; i < n; i += 2)
		CHECK_EQ(evs[i].ts - evs[i - 2].ts, US);
	CHECK(paired(n));
	/* A short copy takes the oldest; reset empties and zeroes the drops. */
	CHECK_EQ(irq_trace_read(0, evs, 3, &dropped), 3);
	irq_trace_reset();
	CHECK_EQ(read_cpu(0, &dropped), 0);
	CHECK_EQ(dropped, 0);
}

TEST(trace_per_line_enable_records_only_that_line)
{
	struct fixture fx;
	struct dev a, b;
	unsigned int n;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&a, &fx, 3, false);
	dev_init(&b, &fx, 6, true);
	CHECK_EQ(dev_request(&a, 0, "traced"), 0);
	CHECK_EQ(dev_request(&b, 0, "untraced"), 0);
	CHECK_EQ(irq_trace_line((unsigned int)b.irq, true), 0);
	CHECK_EQ(irq_trace_line((unsigned int)b.irq, false), 0);
	CHECK_EQ(irq_trace_line((unsigned int)a.irq, true), 0);
	fire_on(&a, 0, 2, US);
	fire_on(&b, 0, 3, US);
	CHECK_EQ(atomic_load(&a.handled), 2);
	CHECK_EQ(atomic_load(&b.handled), 3);
	n = read_cpu(0, NULL);
	CHECK_EQ(n, 4);
	CHECK_EQ(count(n, IRQ_TRACE_HANDLER_ENTRY, (unsigned int)a.irq), 2);
	CHECK_EQ(count(n, IRQ_TRACE_HANDLER_ENTRY, (unsigned int)b.irq), 0);
	/* Off again: nothing more, and the line works as before. */
	CHECK_EQ(irq_trace_line((unsigned int)a.irq, false), 0);
	fire_on(&a, 0, 2, US);
	CHECK_EQ(atomic_load(&a.handled), 4);
	CHECK_EQ(irq_trace_recorded(0), 4);
	/* A line that does not exist: a clear error, nothing changed. */
	CHECK_EQ(irq_trace_line(9999, true), -EINVAL);
	CHECK(!irq_trace_line_enabled(9999));
	CHECK_EQ(irq_trace_read(GENIRQ_NR_CPUS, evs, 4, NULL), 0);
	CHECK(strcmp(irq_trace_type_name(IRQ_TRACE_NR_TYPES), "?") == 0);
	CHECK(strcmp(irq_trace_type_name(IRQ_TRACE_PENDING), "pending") == 0);
}

static unsigned int soft_runs;

static void soft_fn(void)
{
	soft_runs++;
}

static irqreturn_t raising_handler(int irq, void *dev_id)
{
	raise_softirq(TASKLET_SOFTIRQ);
	return dev_handler(irq, dev_id);
}

TEST(trace_global_enable_traces_every_line_and_softirqs)
{
	struct fixture fx;
	struct dev a, b;
	unsigned int n, first_soft = 0;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 3, false);
	dev_init(&b, &fx, 7, false);
	open_softirq(TASKLET_SOFTIRQ, soft_fn);
	CHECK_EQ(request_irq((unsigned int)a.irq, raising_handler, 0, "raiser", &a), 0);
	CHECK_EQ(dev_request(&b, 0, "other"), 0);
	soft_runs = 0;
	irq_trace_enable(true);
	CHECK(irq_trace_enabled());
	CHECK(irq_trace_line_enabled((unsigned int)b.irq));
	fire_on(&a, 0, 1, US);
	fire_on(&b, 0, 1, US);
	CHECK_EQ(soft_runs, 1);
	n = read_cpu(0, NULL);
	CHECK_EQ(count(n, IRQ_TRACE_HANDLER_ENTRY, (unsigned int)a.irq), 1);
	CHECK_EQ(count(n, IRQ_TRACE_HANDLER_ENTRY, (unsigned int)b.irq), 1);
	CHECK_EQ(count(n, IRQ_TRACE_SOFTIRQ_ENTRY, TASKLET_SOFTIRQ), 1);
	CHECK_EQ(count(n, IRQ_TRACE_SOFTIRQ_EXIT, TASKLET_SOFTIRQ), 1);
	/* The softirq runs at irq_exit, after the handler that raised it. */
	for (unsigned int i = 0; i < n; i++)
		if (evs[i].type == IRQ_TRACE_SOFTIRQ_ENTRY)
			first_soft = i;
	CHECK(first_soft >= 2 && evs[first_soft - 1].type == IRQ_TRACE_HANDLER_EXIT);
	CHECK_EQ(evs[first_soft + 1].type, IRQ_TRACE_SOFTIRQ_EXIT);
	/* A line made while tracing is on is traced from its first event. */
	{
		struct dev c;
		unsigned int before = irq_trace_recorded(0);

		dev_init(&c, &fx, 12, false);
		CHECK(irq_trace_line_enabled((unsigned int)c.irq));
		CHECK_EQ(dev_request(&c, 0, "newborn"), 0);
		fire_on(&c, 0, 1, US);
		n = read_cpu(0, NULL);
		CHECK_EQ(n, before + 3);	/* request, entry, exit */
		CHECK_EQ(count(n, IRQ_TRACE_HANDLER_EXIT, (unsigned int)c.irq), 1);
	}
	irq_trace_enable(false);
	CHECK(!irq_trace_line_enabled((unsigned int)a.irq));
	fire_on(&a, 0, 1, US);
	CHECK_EQ(soft_runs, 2);
	CHECK_EQ(irq_trace_recorded(0), n);	/* nothing since */
}

TEST(trace_disabled_line_records_pending_then_replay)
{
	struct fixture fx;
	struct dev d;
	unsigned int n, irq;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&d, &fx, 3, false);
	irq = (unsigned int)d.irq;
	CHECK_EQ(dev_request(&d, 0, "late"), 0);
	CHECK_EQ(irq_trace_line(irq, true), 0);
	disable_irq(irq);
	fire_on(&d, 0, 1, US);
	CHECK_EQ(atomic_load(&d.handled), 0);
	n = read_cpu(0, NULL);
	CHECK_EQ(n, 1);
	CHECK_EQ(evs[0].type, IRQ_TRACE_PENDING);
	CHECK_EQ(evs[0].arg, IRQ_TRACE_WHY_DISABLED);
	enable_irq(irq);
	sim_run(0);
	do_softirq();
	CHECK_EQ(atomic_load(&d.handled), 1);
	n = read_cpu(0, NULL);
	CHECK_EQ(evs[1].type, IRQ_TRACE_REPLAY);
	CHECK_EQ(count(n, IRQ_TRACE_HANDLER_EXIT, irq), 1);
	CHECK(paired(n));
}

TEST(trace_storm_throttle_and_release_are_recorded)
{
	struct fixture fx;
	struct dev d;
	unsigned int n, irq;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	irq = (unsigned int)d.irq;
	CHECK_EQ(irq_set_storm_limit(irq, 1000, 10), 0);	/* 10 per 10 ms */
	CHECK_EQ(dev_request(&d, 0, "edgy"), 0);
	CHECK_EQ(irq_trace_line(irq, true), 0);
	fire_on(&d, 0, 12, 100 * US);
	n = read_cpu(0, NULL);
	CHECK_EQ(count(n, IRQ_TRACE_STORM_THROTTLE, irq), 1);
	CHECK_EQ(count(n, IRQ_TRACE_PENDING, irq), 1);	/* masked: the second waits at the chip */
	sim_time_advance(100 * MS);
	irq_spurious_poll();
	n = read_cpu(0, NULL);
	CHECK_EQ(count(n, IRQ_TRACE_STORM_RELEASE, irq), 1);
}

struct hook_log {
	unsigned int	calls;
	unsigned int	types[8];
};

static void hook(const struct irq_trace_event *ev, void *arg)
{
	struct hook_log *log = arg;

	if (log->calls < 8)
		log->types[log->calls] = ev->type;
	log->calls++;
}

TEST(trace_embedder_hook_takes_the_events_instead_of_the_rings)
{
	struct fixture fx;
	struct dev d;
	struct hook_log log = { 0 };

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(dev_request(&d, 0, "hooked"), 0);
	irq_trace_set_hook(hook, &log);
	CHECK_EQ(irq_trace_line((unsigned int)d.irq, true), 0);
	fire_on(&d, 0, 2, US);
	CHECK_EQ(log.calls, 4);
	CHECK_EQ(log.types[0], IRQ_TRACE_HANDLER_ENTRY);
	CHECK_EQ(log.types[3], IRQ_TRACE_HANDLER_EXIT);
	CHECK_EQ(irq_trace_recorded(0), 0);
	irq_trace_set_hook(NULL, NULL);
	fire_on(&d, 0, 1, US);
	CHECK_EQ(log.calls, 4);
	CHECK_EQ(irq_trace_recorded(0), 2);
}

TEST(trace_and_cost_accounting_compose_and_come_apart)
{
	struct fixture fx;
	struct dev d;
	struct irq_cost c;
	unsigned int irq;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	irq = (unsigned int)d.irq;
	CHECK_EQ(dev_request(&d, 0, "both"), 0);
	CHECK_EQ(irq_set_cost_accounting(irq, true), 0);
	CHECK_EQ(irq_trace_line(irq, true), 0);
	fire_on(&d, 0, 2, US);
	CHECK_EQ(irq_get_cost(irq, &c), 0);
	CHECK_EQ(c.count, 2);
	CHECK_EQ(irq_trace_recorded(0), 4);
	/* Cost off while traced: tracing goes on; trace off: the flow alone. */
	CHECK_EQ(irq_set_cost_accounting(irq, false), 0);
	fire_on(&d, 0, 1, US);
	CHECK_EQ(irq_trace_recorded(0), 6);
	CHECK_EQ(irq_set_cost_accounting(irq, true), 0);
	CHECK_EQ(irq_trace_line(irq, false), 0);
	fire_on(&d, 0, 1, US);
	CHECK_EQ(irq_get_cost(irq, &c), 0);
	CHECK_EQ(c.count, 3);
	CHECK_EQ(irq_trace_recorded(0), 6);
	CHECK_EQ(atomic_load(&d.handled), 4);
}

static char shell_out[65536];
static size_t shell_len;

static void shell_write(const char *text, size_t len)
{
	if (shell_len + len < sizeof(shell_out)) {
		memcpy(shell_out + shell_len, text, len);
		shell_len += len;
		shell_out[shell_len] = '\0';
	}
}

static unsigned int lines_starting(const char *prefix)
{
	unsigned int n = 0;
	size_t len = strlen(prefix);

	for (const char *p = shell_out; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		n += strncmp(p, prefix, len) == 0;
	return n;
}

TEST(trace_shell_command_starts_stops_dumps_and_refuses_bad_words)
{
	static struct shell sh;
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(dev_request(&d, 0, "shelled"), 0);
	shell_init(&sh, shell_write, NULL, 0);
	shell_len = 0;
	CHECK_EQ(shell_exec(&sh, "trace start"), 0);
	CHECK(irq_trace_enabled());
	fire_on(&d, 0, 2, US);
	CHECK_EQ(shell_exec(&sh, "trace stop"), 0);
	CHECK(!irq_trace_enabled());
	CHECK(!irq_trace_line_enabled((unsigned int)d.irq));
	fire_on(&d, 0, 1, US);
	CHECK_EQ(shell_exec(&sh, "trace status"), 0);
	CHECK(strstr(shell_out, "trace: off\n  cpu0: 4 events recorded, 0 dropped (ring of") != NULL);
	/* The dump: a header, one section a CPU, an E line an event, the end. */
	shell_len = 0;
	CHECK_EQ(shell_exec(&sh, "trace dump"), 0);
	CHECK(strncmp(shell_out, "TRACE-BEGIN 1 2 ", 16) == 0);
	CHECK(strstr(shell_out, "TRACE-CPU 0 4 0 4\n") != NULL);
	CHECK(strstr(shell_out, "TRACE-CPU 1 0 0 0\n") != NULL);
	CHECK_EQ(lines_starting("E "), 4);
	CHECK(strstr(shell_out, "\nTRACE-END 4 ") != NULL);
	/* One line at a time, kept across starts until reset. */
	CHECK_EQ(shell_exec(&sh, "trace start 99999"), -EINVAL);
	CHECK_EQ(shell_exec(&sh, "trace start x"), -EINVAL);
	CHECK_EQ(shell_exec(&sh, "trace sideways"), -EINVAL);
	CHECK_EQ(shell_exec(&sh, "trace"), -EINVAL);
	CHECK(strstr(shell_out, "error: trace: invalid argument (-22); usage: trace start") != NULL);
	CHECK(!irq_trace_enabled());
	CHECK_EQ(irq_trace_recorded(0), 4);		/* the refusals changed nothing */
	CHECK_EQ(shell_exec(&sh, "trace reset"), 0);
	CHECK_EQ(irq_trace_recorded(0), 0);
}

/*
 * Tracing switched on and off while another CPU takes the line: every
 * event is served (none lost to a call being swapped), and the calls
 * change only while no handler runs (TSan).
 */
static struct dev racing;
static atomic_int trace_toggles_left, racing_started;

static void toggles_trace(void *arg)
{
	(void)arg;
	while (!atomic_load(&racing_started))
		port_cpu_relax();
	while (atomic_fetch_sub(&trace_toggles_left, 1) > 0)
		CHECK_EQ(irq_trace_line((unsigned int)racing.irq,
					atomic_load(&trace_toggles_left) & 1), 0);
}

/* Events all along the toggling, and at least 2,000 of them. */
static void takes_traced_events(void *arg)
{
	(void)arg;
	atomic_store(&racing_started, 1);
	for (int raised = 0; atomic_load(&trace_toggles_left) > 0 || raised < 2000; raised++) {
		port_irq_disable();
		dev_raise(&racing);
		port_irq_enable();
	}
}

TEST(trace_switched_while_the_line_fires_elsewhere_loses_no_event)
{
	struct fixture fx;
	struct irq_cpumask m;

	fx_init(&fx, 3, SIMPIC_FASTEOI);
	dev_init(&racing, &fx, 3, false);
	CHECK_EQ(dev_request(&racing, 0, "racing"), 0);
	/* No time passes here: 50,000 events would be a storm to throttle. */
	CHECK_EQ(irq_set_storm_limit((unsigned int)racing.irq, 0, 0), 0);
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK_EQ(irq_set_affinity((unsigned int)racing.irq, &m), 0);
	atomic_store(&trace_toggles_left, 2000);
	atomic_store(&racing_started, 0);
	CHECK_EQ(sim_thread_start(1, takes_traced_events, NULL), 0);
	CHECK_EQ(sim_thread_start(2, toggles_trace, NULL), 0);
	sim_thread_join_all();
	CHECK_EQ(atomic_load(&racing.want), 0);
	CHECK(atomic_load(&racing.handled) > 0);
	CHECK_EQ(atomic_load(&racing.calls), atomic_load(&racing.handled));
	CHECK_EQ(atomic_load(&racing.calls), (int)irq_stat_total((unsigned int)racing.irq));
	CHECK(!irq_trace_line_enabled((unsigned int)racing.irq));
}

// SPDX-License-Identifier: MIT
/*
 * edu_line.c - the scenarios driven by two edu devices on one level line
 * (see edu_line.h): autoprobe, shared-line, affinity-move,
 * free-vs-running and screaming-line, on any machine that wires two edus
 * to one input of its controller. Time is port_time_ns().
 */
#include <stdatomic.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "edu_line.h"
#include "oneshot.h"

#define STORM_WAIT_MS		5000	/* 100,000 events took 0.3-0.5 s in QEMU */
#define SLOW_HANDLER_MS		50
#define SCREAM_TICKS		3	/* screaming-line: ticks after the storm */

static const struct edu_line_env *env;
static int line = -1;

struct edu_dev {
	unsigned int		i;
	_Atomic unsigned long	claims, calls;
	_Atomic unsigned int	last_cpu;
	_Atomic bool		slow;
};
static struct scenario_slow slow;	/* free-vs-running, on dev[0] */
static struct edu_dev dev[EDU_LINE_DEVS];

static uint64_t ms_ns(unsigned int ms)
{
	return ms * NS_PER_MS;
}

/* Claim only what this device raised: the shared-line contract. */
static irqreturn_t edu_handler(int irq, void *cookie)
{
	struct edu_dev *d = cookie;
	uint32_t st = env->status(env->dev[d->i]);

	(void)irq;
	atomic_fetch_add(&d->calls, 1);
	if (!st)
		return IRQ_NONE;
	if (atomic_load(&d->slow))
		scenario_slow_run(&slow, SLOW_HANDLER_MS);
	env->ack(env->dev[d->i], st);
	atomic_store(&d->last_cpu, port_cpu_id());
	atomic_fetch_add(&d->claims, 1);
	return IRQ_HANDLED;
}

/*
 * screaming-line's poll: once the line is disabled as stuck, the core
 * polls it from the timer, in hardirq context and with interrupts on, on
 * whatever stack the timer runs (the interrupted one, on pseries). The
 * first polled run waits there for a tick: a port must take that tick as
 * an ordinary nested interrupt.
 */
static _Atomic bool poll_wait_tick, poll_nested, poll_done;

/* The screaming-line handler: never looks at the device. */
static irqreturn_t deaf_handler(int irq, void *cookie)
{
	(void)cookie;
	if (atomic_load(&poll_wait_tick) && irq_get_depth((unsigned int)irq) > 0) {
		unsigned long t = env->ticks(port_cpu_id());
		uint64_t end = port_time_ns() + ms_ns(SCENARIO_WAIT_MS);

		atomic_store(&poll_wait_tick, false);
		while (env->ticks(port_cpu_id()) == t && port_time_ns() < end)
			port_cpu_relax();
		atomic_store(&poll_nested, env->ticks(port_cpu_id()) != t);
		atomic_store(&poll_done, true);
	}
	return IRQ_NONE;
}

static bool wait_claims(struct edu_dev *d, unsigned long want)
{
	return scenario_wait_count(&d->claims, want);
}

static unsigned int unhandled(void)
{
	char buf[128];
	unsigned int n = 0;
	const char *p;
	char path[48];

	irq_snprintf(path, sizeof(path), "/proc/irq/%d/spurious", line);
	if (irq_proc_read(path, buf, sizeof(buf)) < 0)
		return ~0u;
	for (p = buf; *p && !(p[0] == 'u' && p[1] == 'n'); p++)
		;
	while (*p && (*p < '0' || *p > '9'))
		p++;
	while (*p >= '0' && *p <= '9')
		n = n * 10 + (unsigned int)(*p++ - '0');
	return n;
}

static void scenario_autoprobe(struct scenario_tally *t)
{
	unsigned long mask;
	int found;

	if (!SCENARIO_NEEDS(t, "autoprobe", GENIRQ_AUTOPROBE))
		return;
	mask = probe_irq_on();
	env->raise(env->dev[0], EDU_BIT_A);
	port_delay_us(20000);
	found = probe_irq_off(mask);
	env->ack(env->dev[0], EDU_BIT_A);
	if (found != line)
		scenario_fail(t, "autoprobe", "probe_irq_off gave %d, the edu line is %d",
			      found, line);
	else
		scenario_pass(t, "autoprobe", "probe_irq_on/off found irq %d (%s) "
			      "after edu A asserted it", found, env->line_name);
}

static void scenario_shared(struct scenario_tally *t)
{
	unsigned long a0 = atomic_load(&dev[0].claims), b0 = atomic_load(&dev[1].claims);
	unsigned long ev0 = irq_stat_total((unsigned int)line), flags, ev_both;
	unsigned int un0 = unhandled(), relatched;
	bool ok_a, ok_b, ok_both;
	char nr[12];

	env->raise(env->dev[0], EDU_BIT_A);		/* taken right after the store */
	ok_a = wait_claims(&dev[0], a0 + 1) && atomic_load(&dev[1].claims) == b0;
	env->raise(env->dev[1], EDU_BIT_B);
	ok_b = wait_claims(&dev[1], b0 + 1) && atomic_load(&dev[0].claims) == a0 + 1;
	flags = port_irq_save();
	ev_both = irq_stat_total((unsigned int)line);
	env->raise(env->dev[0], EDU_BIT_A);
	env->raise(env->dev[1], EDU_BIT_B);
	port_irq_restore(flags);
	ok_both = wait_claims(&dev[0], a0 + 2) && wait_claims(&dev[1], b0 + 2);
	ev_both = irq_stat_total((unsigned int)line) - ev_both;
	relatched = unhandled() - un0;
	irq_snprintf(nr, sizeof(nr), "%u", relatched);
	if (!ok_a || !ok_b || !ok_both || relatched > env->relatched_max)
		scenario_fail(t, "shared-line", "A alone %d, B alone %d, both %d; unhandled %u -> %u",
			      ok_a, ok_b, ok_both, un0, unhandled());
	else
		scenario_pass(t, "shared-line", "edu slots %u and %u on %s: A alone claimed "
			      "by A, B alone by B, both raised: both serviced in %lu event(s); "
			      "%lu events, %s unhandled%s", env->slot[0], env->slot[1], env->line_name,
			      ev_both, irq_stat_total((unsigned int)line) - ev0,
			      relatched ? nr : "none", relatched ? " (requests the controller "
			      "latched when A's ack left the line asserted, found with nothing to "
			      "do)" : "");
}

/* Why a scenario that needs CPU1 cannot run. */
static const char *no_cpu1(void)
{
	return port_nr_cpus() < 2 ? "uniprocessor machine (-smp 1)" : "cpu1 did not come up";
}

static void scenario_affinity(struct scenario_tally *t)
{
	char path[48];
	unsigned long c1 = irq_stat_cpu((unsigned int)line, 1), a0 = atomic_load(&dev[0].claims);
	int err, bad_zero, bad_offline;
	bool arrived;

	if (cpumask_weight(irq_cpu_online_mask()) < 2) {
		scenario_skip(t, "affinity-move", "%s", no_cpu1());
		return;
	}
	irq_snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity", line);
	err = irq_proc_write(path, "2", 1);
	env->raise(env->dev[0], EDU_BIT_A);
	arrived = wait_claims(&dev[0], a0 + 1);
	c1 = irq_stat_cpu((unsigned int)line, 1) - c1;
	bad_zero = irq_proc_write(path, "0", 1);
	bad_offline = irq_proc_write(path, "4", 1);
	irq_proc_write(path, "1", 1);
	if (err || !arrived || c1 != 1 || atomic_load(&dev[0].last_cpu) != 1 ||
	    bad_zero != -EINVAL || bad_offline != -EINVAL)
		scenario_fail(t, "affinity-move", "write 2: %d; event on cpu1: %lu (handler on "
			      "cpu%u); mask 0: %d, mask 4 (offline): %d", err, c1,
			      atomic_load(&dev[0].last_cpu), bad_zero, bad_offline);
	else
		scenario_pass(t, "affinity-move", "echo 2 > %s: %s, the "
			      "edu event counted on CPU1; masks 0 and 4 (offline) refused with "
			      "-EINVAL", path, env->route_cpu1);
}

static void scenario_free_running(struct scenario_tally *t)
{
	struct edu_dev *d = &dev[0];
	char path[48];
	bool running, done;
	int err;

	irq_snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity", line);
	if (irq_proc_write(path, "2", 1) < 0) {
		scenario_fail(t, "free-vs-running", "cannot route irq %d to cpu1", line);
		return;
	}
	scenario_slow_reset(&slow);
	atomic_store(&d->slow, true);
	env->raise(env->dev[d->i], EDU_BIT_A);
	running = scenario_slow_freeing(&slow);
	free_irq((unsigned int)line, d);
	done = scenario_slow_done(&slow);
	atomic_store(&d->slow, false);
	irq_proc_write(path, "1", 1);
	err = request_irq((unsigned int)line, edu_handler, IRQF_SHARED, "edu-a", d);
	if (!running || !done || err)
		scenario_fail(t, "free-vs-running", "handler running at free_irq: %d, finished "
			      "when free_irq returned: %d, request again: %d", running, done, err);
	else
		scenario_pass(t, "free-vs-running", "free_irq on cpu0 returned only after the "
			      "%u ms edu handler on cpu1 finished", SLOW_HANDLER_MS);
}

static void scenario_screaming(struct scenario_tally *t)
{
	uint64_t end;
	unsigned long ticks, events, a0;
	int depth, depth_after, err;
	bool back;

	/* Without the stuck-line rule nothing would ever disable the line. */
	if (!SCENARIO_NEEDS(t, "screaming-line", GENIRQ_SPURIOUS))
		return;
	if (env->no_storm) {
		scenario_skip(t, "screaming-line", "%s", env->no_storm);
		return;
	}
	edu_line_release();
	err = request_irq((unsigned int)line, deaf_handler, IRQF_SHARED, "edu-deaf", &dev[0]);
	events = irq_stat_total((unsigned int)line);
	scenario_expect(t, "a stuck interrupt line, disabled");
	env->raise(env->dev[0], EDU_BIT_A);		/* and never acknowledged */
	end = port_time_ns() + ms_ns(STORM_WAIT_MS);
	while (irq_get_depth(line) == 0 && port_time_ns() < end)
		port_cpu_relax();
	scenario_expect_end(t);
	depth = irq_get_depth(line);
	events = irq_stat_total((unsigned int)line) - events;
	env->ack(env->dev[0], EDU_BIT_A);
	ticks = env->ticks(0);		/* the timer still ticks: wait for a few */
	end = port_time_ns() + ms_ns(SCENARIO_WAIT_MS);
	while (env->ticks(0) - ticks < SCREAM_TICKS && port_time_ns() < end)
		port_cpu_relax();
	ticks = env->ticks(0) - ticks;
	atomic_store(&poll_nested, false);
	if (!env->poll_in_tick) {
		atomic_store(&poll_done, false);
		atomic_store(&poll_wait_tick, true);	/* the next poll of the line */
		scenario_wait_flag(&poll_done);
		atomic_store(&poll_wait_tick, false);
	}

	enable_irq((unsigned int)line);		/* the device is quiet now */
	depth_after = irq_get_depth(line);
	free_irq((unsigned int)line, &dev[0]);
	edu_line_restore();
	a0 = atomic_load(&dev[0].claims);
	env->raise(env->dev[0], EDU_BIT_A);
	back = wait_claims(&dev[0], a0 + 1);
	if (err || depth < 1 || depth_after != 0 || ticks < SCREAM_TICKS || !back ||
	    (!env->poll_in_tick && !atomic_load(&poll_nested)))
		scenario_fail(t, "screaming-line", "request %d; depth after the storm %d after %lu "
			      "events, after enable_irq %d; ticks after it %lu of %u in %u ms; a "
			      "tick in the polled handler %d; line back %d", err, depth, events,
			      depth_after, ticks, SCREAM_TICKS, SCENARIO_WAIT_MS,
			      atomic_load(&poll_nested), back);
	else
		scenario_pass(t, "screaming-line", "an edu raised and never acknowledged: disabled "
			      "by the spurious detector after %lu events, timer kept ticking (%lu "
			      "ticks after it%s), enable_irq brought it back (an edu event claimed "
			      "again)", events, ticks,
			      env->poll_in_tick ? "" : ", one nested in the polled handler");
}

void edu_line_skip(struct scenario_tally *t, const char *const names[], unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		scenario_skip(t, names[i], "needs two edu devices on one INTA line "
			      "(-device edu,addr=1 -device edu,addr=5)");
}

/* The shell's probe: edu @which (1 or 2) asserts; its handlers step aside. */
int edu_line_autoprobe(unsigned int which)
{
	unsigned long mask;
	int found;

	if (line < 0 || which < 1 || which > EDU_LINE_DEVS)
		return -ENODEV;
	edu_line_release();
	mask = probe_irq_on();
	env->raise(env->dev[which - 1], EDU_BIT_A);
	port_delay_us(20000);
	found = probe_irq_off(mask);
	env->ack(env->dev[which - 1], EDU_BIT_A);
	edu_line_restore();
	return found;
}


int edu_line_irq(void)
{
	return line;
}

unsigned long edu_line_claims(unsigned int i)
{
	return i < EDU_LINE_DEVS ? atomic_load(&dev[i].claims) : 0;
}

bool edu_line_wait_claims(unsigned int i, unsigned long want)
{
	return i < EDU_LINE_DEVS && wait_claims(&dev[i], want);
}

unsigned int edu_line_unhandled(void)
{
	return unhandled();
}

void edu_line_release(void)
{
	free_irq((unsigned int)line, &dev[0]);
	free_irq((unsigned int)line, &dev[1]);
}

/* After threaded-oneshot the drivers are threads, so the shell lists them. */
static bool threaded_drivers;

/* A threaded driver's primary: my device? Then edu_handler() runs as the
 * thread, the line masked (ONESHOT) until it returns. */
static irqreturn_t edu_wake(int irq, void *cookie)
{
	struct edu_dev *d = cookie;

	(void)irq;
	return env->status(env->dev[d->i]) ? IRQ_WAKE_THREAD : IRQ_NONE;
}

void edu_line_restore(void)
{
	static const char *const names[EDU_LINE_DEVS] = { "edu-a", "edu-b" };

	for (unsigned int i = 0; i < EDU_LINE_DEVS; i++)
		if (threaded_drivers)
			request_threaded_irq((unsigned int)line, edu_wake, edu_handler,
					     IRQF_SHARED | IRQF_ONESHOT, names[i], &dev[i]);
		else
			request_irq((unsigned int)line, edu_handler, IRQF_SHARED, names[i],
				    &dev[i]);
}

static void oneshot_raise(void *cookie)
{
	const struct edu *e = cookie;

	env->raise(e, EDU_BIT_A);
}

static uint32_t oneshot_status(void *cookie)
{
	return env->status(cookie);
}

static void oneshot_clear(void *cookie, uint32_t bits)
{
	env->ack(cookie, bits);
}

void edu_line_threaded_oneshot(struct scenario_tally *t, void (*idle)(void),
			       int (*chip_masked)(unsigned int irq), const char *chip)
{
	struct oneshot_edu o = {
		.irq = (unsigned int)line, .dev = (void *)env->dev[0], .raise = oneshot_raise,
		.status = oneshot_status, .clear = oneshot_clear, .idle = idle,
		.chip_masked = chip_masked, .chip = chip,
	};

	if (line < 0) {
		scenario_skip(t, "threaded-oneshot", "no working edu line");
		return;
	}
	if (!SCENARIO_NEEDS(t, "threaded-oneshot", GENIRQ_THREADS))
		return;
	edu_line_release();
	scenario_threaded_oneshot(t, &o);
	threaded_drivers = !env->plain_drivers;
	edu_line_restore();
}

void edu_line_scenarios(struct scenario_tally *t, const struct edu_line_env *e, int irq)
{
	env = e;
	line = irq;
	for (unsigned int i = 0; i < EDU_LINE_DEVS; i++) {
		env->ack(env->dev[i], 0xffffffffu);
		dev[i].i = i;
	}
	if (!env->no_autoprobe)
		scenario_autoprobe(t);
	if (request_irq((unsigned int)line, edu_handler, IRQF_SHARED, "edu-a", &dev[0]) < 0 ||
	    request_irq((unsigned int)line, edu_handler, IRQF_SHARED, "edu-b", &dev[1]) < 0) {
		scenario_fail(t, "shared-line", "request_irq on irq %d failed", line);
		line = -1;
		return;
	}
	scenario_shared(t);
	if (env->after_shared)
		env->after_shared(t);
	scenario_affinity(t);
	if (cpumask_weight(irq_cpu_online_mask()) >= 2)
		scenario_free_running(t);
	else if (env->up_skips_free_running)
		scenario_skip(t, "free-vs-running", "%s", no_cpu1());
	scenario_screaming(t);
}

// SPDX-License-Identifier: MIT
/*
 * scenarios.c - the scenarios two edu devices on one wired source drive:
 * shared-line, affinity-move, free-vs-running and screaming-line; and the
 * edu half of autoprobe.
 */
#include <stdatomic.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/proc.h>

#include "oneshot.h"
#include "scenario.h"
#include "demo.h"

#define BIT_A			0x1u
#define BIT_B			0x2u
#define CLAIM_WAIT_MS		1000
#define STORM_WAIT_MS		5000	/* the detector's 100,000 events */
#define SLOW_HANDLER_MS		50
#define TICK_PROBE_US		30000	/* the tick still runs after a storm */
#define PROBE_SETTLE_US		20000	/* autoprobe: time for the edu to assert */

static struct edu edu[EDU_MAX];
static unsigned int nr_edu;
static int line = -1;
static char affinity_path[48];

/* One device's view of the shared line. */
struct edu_dev {
	const struct edu	*e;
	const char		*name;
	_Atomic unsigned long	claims;
	_Atomic unsigned int	cpu;		/* where it was last claimed */
	_Atomic bool		slow, entered, left;
};
static struct edu_dev dev[EDU_MAX];

static void spin_ms(unsigned int ms)
{
	uint64_t end = rdtime() + ms_to_ticks(ms);

	while (rdtime() < end)
		port_cpu_relax();
}

/* The shared-line contract: claim only what this device raised. */
static irqreturn_t edu_handler(int irq, void *cookie)
{
	struct edu_dev *d = cookie;
	uint32_t st = edu_status(d->e);

	(void)irq;
	if (!st)
		return IRQ_NONE;
	if (atomic_load(&d->slow)) {
		atomic_store(&d->entered, true);
		spin_ms(SLOW_HANDLER_MS);
		atomic_store(&d->left, true);
	}
	edu_ack(d->e, st);
	atomic_store(&d->cpu, port_cpu_id());
	atomic_fetch_add(&d->claims, 1);
	return IRQ_HANDLED;
}

/* The screaming-line handler: never looks at the device. */
static irqreturn_t deaf_handler(int irq, void *cookie)
{
	(void)irq;
	(void)cookie;
	return IRQ_NONE;
}

static int attach(struct edu_dev *d)
{
	return request_irq((unsigned int)line, edu_handler, IRQF_SHARED, d->name, d);
}

static void detach_all(void)
{
	for (unsigned int i = 0; i < nr_edu; i++)
		free_irq((unsigned int)line, &dev[i]);
}

static bool claimed_by(struct edu_dev *d, unsigned long want)
{
	uint64_t end = rdtime() + ms_to_ticks(CLAIM_WAIT_MS);

	while (atomic_load(&d->claims) < want && rdtime() < end)
		port_cpu_relax();
	return atomic_load(&d->claims) >= want;
}

/* The "unhandled N" figure of /proc/irq/N/spurious. */
static unsigned long unhandled(void)
{
	static const char key[] = "unhandled ";
	char path[48], buf[160];
	unsigned long n = 0;

	irq_snprintf(path, sizeof(path), "/proc/irq/%d/spurious", line);
	if (irq_proc_read(path, buf, sizeof(buf)) < 0)
		return ~0ul;
	for (const char *p = buf; *p; p++) {
		unsigned int k = 0;

		while (key[k] && p[k] == key[k])
			k++;
		if (key[k])
			continue;
		for (p += k; *p >= '0' && *p <= '9'; p++)
			n = n * 10 + (unsigned long)(*p - '0');
		break;
	}
	return n;
}

static void scenario_shared(struct scenario_tally *t)
{
	unsigned long a = atomic_load(&dev[0].claims), b = atomic_load(&dev[1].claims);
	unsigned long un = unhandled(), ev = irq_stat_total((unsigned int)line), both, flags;
	unsigned long relatched;
	bool alone_a, alone_b, together;

	edu_raise(&edu[0], BIT_A);
	alone_a = claimed_by(&dev[0], a + 1) && atomic_load(&dev[1].claims) == b;
	edu_raise(&edu[1], BIT_B);
	alone_b = claimed_by(&dev[1], b + 1) && atomic_load(&dev[0].claims) == a + 1;
	flags = port_irq_save();		/* both asserted before either is seen */
	both = irq_stat_total((unsigned int)line);
	edu_raise(&edu[0], BIT_A);
	edu_raise(&edu[1], BIT_B);
	port_irq_restore(flags);
	together = claimed_by(&dev[0], a + 2) && claimed_by(&dev[1], b + 2);
	both = irq_stat_total((unsigned int)line) - both;
	/* The first ack of the pair leaves the line asserted: a latching
	 * gateway takes that as one more request, which nobody can claim. */
	relatched = unhandled() - un;
	if (!alone_a || !alone_b || !together || relatched > (virt_wired_latches ? 2u : 0u))
		scenario_fail(t, "shared-line", "A alone %d, B alone %d, both %d; unhandled %lu -> %lu",
			      alone_a, alone_b, together, un, unhandled());
	else
		scenario_pass(t, "shared-line", "edu slots %u and %u on %s source %u: A alone "
			      "claimed by A, B alone by B, both raised: both serviced (%lu "
			      "event(s)); %lu events, %lu unhandled%s", edu[0].slot, edu[1].slot,
			      virt_wired_name, edu[0].src, both, irq_stat_total((unsigned int)line) - ev,
			      relatched, relatched ? " (requests QEMU latched when A's ack left the "
			      "line asserted, found with nothing to do)" : "");
}

/*
 * A notification whose source is gone by the claim: with this hart's
 * interrupts off, the edu asserts (the source pends, the hart's external
 * line rises) and disable_irq_nosync() clears its enable bit. QEMU 7.2's
 * PLIC does not re-evaluate on an enable write, so the hart still traps
 * once interrupts are on - and claims 0, which must be counted, not
 * dispatched. enable_irq then delivers the request still pending. (With
 * the APLIC the message has reached the IMSIC before the mask: no claim 0.)
 */
static void scenario_spurious(struct scenario_tally *t)
{
	unsigned int cpu = port_cpu_id();
	unsigned long spu = irq_spurious_count(cpu), ev = irq_stat_total((unsigned int)line);
	unsigned long a = atomic_load(&dev[0].claims), flags;
	bool back;

	flags = port_irq_save();
	edu_raise(&edu[0], BIT_A);
	disable_irq_nosync((unsigned int)line);
	port_irq_restore(flags);		/* the trap, if the line is still up */
	spu = irq_spurious_count(cpu) - spu;
	ev = irq_stat_total((unsigned int)line) - ev;
	enable_irq((unsigned int)line);
	back = claimed_by(&dev[0], a + 1);
	if (spu == 0 && ev == 1 && back)
		scenario_skip(t, "spurious-vector", "the request was already in this hart's %s "
			      "when its %s source was masked: taken as an event of the disabled "
			      "line and held to enable_irq; no claim can read 0 here",
			      virt_wired_reforwards ? "IMSIC file" : "external line", virt_wired_name);
	else if (spu != 1 || ev != 0 || !back)
		scenario_fail(t, "spurious-vector", "%lu spurious, %lu events on the masked "
			      "line, delivered after enable_irq: %d", spu, ev, back);
	else
		scenario_pass(t, "spurious-vector", "the edu source masked between its "
			      "notification and the claim: claim 0 counted in SPU on cpu%u, "
			      "nothing dispatched; enable_irq delivered the pending request", cpu);
}

static void scenario_affinity(struct scenario_tally *t)
{
	unsigned long on1 = irq_stat_cpu((unsigned int)line, 1), a = atomic_load(&dev[0].claims);
	int moved, zero, offline;
	bool arrived;

	moved = irq_proc_write(affinity_path, "2", 1);
	edu_raise(&edu[0], BIT_A);
	arrived = claimed_by(&dev[0], a + 1);
	on1 = irq_stat_cpu((unsigned int)line, 1) - on1;
	zero = irq_proc_write(affinity_path, "0", 1);
	offline = irq_proc_write(affinity_path, "4", 1);
	irq_proc_write(affinity_path, "1", 1);
	if (moved || !arrived || on1 != 1 || atomic_load(&dev[0].cpu) != 1 ||
	    zero != -EINVAL || offline != -EINVAL)
		scenario_fail(t, "affinity-move", "write 2: %d; events on cpu1: %lu (claimed on "
			      "cpu%u); mask 0: %d, mask 4 (offline): %d", moved, on1,
			      atomic_load(&dev[0].cpu), zero, offline);
	else
		scenario_pass(t, "affinity-move", "echo 2 > %s: the source routed to "
			      "hart %lu (%s), the edu event counted on CPU1; masks 0 and 4 "
			      "(offline) refused with -EINVAL", affinity_path, machine.hartid[1],
			      virt_wired_reforwards ? "the APLIC's target register" :
			      "the PLIC enable bit in its context");
}

static void oneshot_raise(void *cookie)
{
	edu_raise(((struct edu_dev *)cookie)->e, BIT_A);
}

static uint32_t oneshot_status(void *cookie)
{
	return edu_status(((struct edu_dev *)cookie)->e);
}

static void oneshot_clear(void *cookie, uint32_t bits)
{
	edu_ack(((struct edu_dev *)cookie)->e, bits);
}

static void oneshot_idle(void)
{
	riscv64_idle(NULL);
}

/* threaded-oneshot (demo/oneshot.c) on edu A alone; the drivers come back after. */
static void scenario_threaded(struct scenario_tally *t)
{
	struct oneshot_edu o = {
		.irq = (unsigned int)line, .dev = &dev[0], .raise = oneshot_raise,
		.status = oneshot_status, .clear = oneshot_clear, .idle = oneshot_idle,
	};

	detach_all();
	scenario_threaded_oneshot(t, &o);
	attach(&dev[0]);
	attach(&dev[1]);
}

/* free_irq on cpu0 while the edu handler runs on cpu1: it must wait. */
static void scenario_free_running(struct scenario_tally *t)
{
	struct edu_dev *d = &dev[0];
	bool inside, finished;
	int err;

	if (irq_proc_write(affinity_path, "2", 1) < 0) {
		scenario_fail(t, "free-vs-running", "cannot route irq %d to cpu1", line);
		return;
	}
	atomic_store(&d->entered, false);
	atomic_store(&d->left, false);
	atomic_store(&d->slow, true);
	edu_raise(d->e, BIT_A);
	while (!atomic_load(&d->entered))
		port_cpu_relax();
	inside = !atomic_load(&d->left);
	free_irq((unsigned int)line, d);
	finished = atomic_load(&d->left);
	atomic_store(&d->slow, false);
	irq_proc_write(affinity_path, "1", 1);
	err = attach(d);
	if (!inside || !finished || err)
		scenario_fail(t, "free-vs-running", "handler running at free_irq: %d, finished "
			      "when free_irq returned: %d, request again: %d", inside, finished, err);
	else
		scenario_pass(t, "free-vs-running", "free_irq on cpu0 returned only after the "
			      "%u ms edu handler on cpu1 finished", SLOW_HANDLER_MS);
}

static void scenario_screaming(struct scenario_tally *t)
{
	unsigned long ev = irq_stat_total((unsigned int)line), ticks, a;
	uint64_t end;
	int err, depth, depth_after;
	bool back;

	if (!virt_wired_reforwards) {
		scenario_skip(t, "screaming-line", "QEMU 7.2's %s gateway never forwards a level "
			      "still asserted at complete: an edu raised and never acknowledged is "
			      "delivered once, not as a storm (docs/riscv64.md)", virt_wired_name);
		return;
	}
	detach_all();
	err = request_irq((unsigned int)line, deaf_handler, IRQF_SHARED, "edu-deaf", &dev[0]);
	scenario_expect(t, "a stuck interrupt line, disabled");
	edu_raise(&edu[0], BIT_A);		/* and never acknowledged */
	end = rdtime() + ms_to_ticks(STORM_WAIT_MS);
	while (irq_get_depth((unsigned int)line) == 0 && rdtime() < end)
		port_cpu_relax();
	scenario_expect_end(t);
	depth = irq_get_depth((unsigned int)line);
	ev = irq_stat_total((unsigned int)line) - ev;
	edu_ack(&edu[0], BIT_A);
	ticks = riscv64_ticks(0);
	port_delay_us(TICK_PROBE_US);
	ticks = riscv64_ticks(0) - ticks;
	enable_irq((unsigned int)line);		/* the device is quiet now */
	depth_after = irq_get_depth((unsigned int)line);
	free_irq((unsigned int)line, &dev[0]);
	attach(&dev[0]);
	attach(&dev[1]);
	a = atomic_load(&dev[0].claims);
	edu_raise(&edu[0], BIT_A);
	back = claimed_by(&dev[0], a + 1);
	if (err || depth < 1 || depth_after != 0 || ticks == 0 || !back)
		scenario_fail(t, "screaming-line", "request %d; depth %d after %lu events, %d "
			      "after enable_irq; ticks in 30 ms: %lu; line back: %d", err, depth,
			      ev, depth_after, ticks, back);
	else
		scenario_pass(t, "screaming-line", "an edu raised and never acknowledged: "
			      "disabled by the spurious detector after %lu events, the timer kept "
			      "ticking (%lu ticks in 30 ms), enable_irq brought it back (an edu "
			      "event claimed again)", ev, ticks);
}

void virt_line_scenarios(struct scenario_tally *t)
{
	bool smp = cpumask_weight(irq_cpu_online_mask()) >= 2;
	const char *up = machine.nr_cpus < 2 ? "uniprocessor machine (-smp 1)" : "cpu1 did not come up";

	nr_edu = edu_probe(edu, EDU_MAX);
	if (nr_edu < 2 || edu[0].src != edu[1].src) {
		static const char *const names[] = { "shared-line", "spurious-vector", "screaming-line",
						     "threaded-oneshot",
						     "affinity-move", "free-vs-running" };

		for (unsigned int i = 0; i < GENIRQ_ARRAY_SIZE(names); i++)
			scenario_skip(t, names[i], "needs two edu devices on one INTA source "
				      "(-device edu,addr=1 -device edu,addr=5)");
		return;
	}
	line = virt_map_wired(edu[0].src);
	irq_snprintf(affinity_path, sizeof(affinity_path), "/proc/irq/%d/smp_affinity", line);
	dev[0] = (struct edu_dev){ .e = &edu[0], .name = "edu-a" };
	dev[1] = (struct edu_dev){ .e = &edu[1], .name = "edu-b" };
	edu_ack(&edu[0], ~0u);
	edu_ack(&edu[1], ~0u);
	if (line < 0 || attach(&dev[0]) < 0 || attach(&dev[1]) < 0) {
		scenario_fail(t, "shared-line", "source %u: irq %d, request_irq failed",
			      edu[0].src, line);
		line = -1;
		return;
	}
	scenario_shared(t);
	scenario_spurious(t);
	if (smp) {
		scenario_affinity(t);
		scenario_free_running(t);
	} else {
		scenario_skip(t, "affinity-move", "%s", up);
		scenario_skip(t, "free-vs-running", "%s", up);
	}
	scenario_screaming(t);
	scenario_threaded(t);
}

/* The shell's probe and autoprobe's edu half: edu @which (1 or 2)
 * asserts while its handlers step aside. */
int virt_edu_autoprobe(unsigned int which)
{
	unsigned long mask;
	int found;

	if (line < 0 || which < 1 || which > nr_edu)
		return -ENODEV;
	detach_all();
	mask = probe_irq_on();
	edu_raise(&edu[which - 1], BIT_A);
	port_delay_us(PROBE_SETTLE_US);
	found = probe_irq_off(mask);
	edu_ack(&edu[which - 1], BIT_A);
	attach(&dev[0]);
	attach(&dev[1]);
	return found;
}

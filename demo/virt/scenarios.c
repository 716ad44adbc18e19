// SPDX-License-Identifier: MIT
/*
 * scenarios.c - the scenarios driven by two edu devices on one level PCI
 * line (a GIC SPI): shared-line, autoprobe, screaming-line,
 * affinity-move, free-vs-running, threaded-oneshot and spurious-vector.
 */
#include <stdatomic.h>
#include <genirq/hardirq.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/proc.h>

#include "scenario.h"
#include "demo.h"

#define EDU_BIT_A		0x1u
#define EDU_BIT_B		0x2u
#define WAIT_MS			1000
#define STORM_WAIT_MS		5000	/* 100,000 events took 0.3-0.5 s in QEMU */
#define SLOW_HANDLER_MS		50

static struct edu edu[EDU_MAX];
static unsigned int nr_edu;
static int line = -1;

struct edu_dev {
	const struct edu	*e;
	_Atomic unsigned long	claims, calls;
	_Atomic unsigned int	last_cpu;
	_Atomic bool		slow, running, done;
};
static struct edu_dev dev[EDU_MAX];

/* Claim only what this device raised: the shared-line contract. */
static irqreturn_t edu_handler(int irq, void *cookie)
{
	struct edu_dev *d = cookie;
	uint32_t st = edu_status(d->e);

	(void)irq;
	atomic_fetch_add(&d->calls, 1);
	if (!st)
		return IRQ_NONE;
	if (atomic_load(&d->slow)) {
		uint64_t end = cntvct() + ms_to_cnt(SLOW_HANDLER_MS);

		atomic_store(&d->running, true);
		while (cntvct() < end)
			port_cpu_relax();
		atomic_store(&d->done, true);
	}
	edu_ack(d->e, st);
	atomic_store(&d->last_cpu, port_cpu_id());
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

static bool wait_claims(struct edu_dev *d, unsigned long want)
{
	uint64_t end = cntvct() + ms_to_cnt(WAIT_MS);

	while (atomic_load(&d->claims) < want)
		if (cntvct() >= end)
			return false;
	return true;
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

	mask = probe_irq_on();
	edu_raise(&edu[0], EDU_BIT_A);
	port_delay_us(20000);
	found = probe_irq_off(mask);
	edu_ack(&edu[0], EDU_BIT_A);
	if (found != line)
		scenario_fail(t, "autoprobe", "probe_irq_off gave %d, the edu line is %d",
			      found, line);
	else
		scenario_pass(t, "autoprobe", "probe_irq_on/off found irq %d (GIC INTID %u) "
			      "after edu A asserted it", found, edu[0].intid);
}

static void scenario_shared(struct scenario_tally *t)
{
	unsigned long a0 = atomic_load(&dev[0].claims), b0 = atomic_load(&dev[1].claims);
	unsigned long ev0 = irq_stat_total((unsigned int)line), flags, ev_both;
	unsigned int un0 = unhandled();
	bool ok_a, ok_b, ok_both;

	edu_raise(&edu[0], EDU_BIT_A);		/* taken right after the store */
	ok_a = wait_claims(&dev[0], a0 + 1) && atomic_load(&dev[1].claims) == b0;
	edu_raise(&edu[1], EDU_BIT_B);
	ok_b = wait_claims(&dev[1], b0 + 1) && atomic_load(&dev[0].claims) == a0 + 1;
	flags = port_irq_save();
	ev_both = irq_stat_total((unsigned int)line);
	edu_raise(&edu[0], EDU_BIT_A);
	edu_raise(&edu[1], EDU_BIT_B);
	port_irq_restore(flags);
	ok_both = wait_claims(&dev[0], a0 + 2) && wait_claims(&dev[1], b0 + 2);
	ev_both = irq_stat_total((unsigned int)line) - ev_both;
	if (!ok_a || !ok_b || !ok_both || unhandled() != un0)
		scenario_fail(t, "shared-line", "A alone %d, B alone %d, both %d; unhandled %u -> %u",
			      ok_a, ok_b, ok_both, un0, unhandled());
	else
		scenario_pass(t, "shared-line", "edu slots %u and %u on INTID %u: A alone claimed "
			      "by A, B alone by B, both raised: both serviced in %lu event(s); "
			      "%lu events, none unhandled", edu[0].slot, edu[1].slot, edu[0].intid,
			      ev_both, irq_stat_total((unsigned int)line) - ev0);
}

static void scenario_affinity(struct scenario_tally *t)
{
	char path[48];
	unsigned long c1 = irq_stat_cpu((unsigned int)line, 1), a0 = atomic_load(&dev[0].claims);
	int err, bad_zero, bad_offline;
	bool arrived;

	if (cpumask_weight(irq_cpu_online_mask()) < 2) {
		scenario_skip(t, "affinity-move", "%s", machine.nr_cpus < 2 ?
			      "uniprocessor machine (-smp 1)" : "cpu1 did not come up");
		return;
	}
	irq_snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity", line);
	err = irq_proc_write(path, "2", 1);
	edu_raise(&edu[0], EDU_BIT_A);
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
		scenario_pass(t, "affinity-move", "echo 2 > %s: routed to MPIDR 0x%lx (%s), the "
			      "edu event counted on CPU1; masks 0 and 4 (offline) refused with "
			      "-EINVAL", path, (unsigned long)machine.mpidr[1],
			      machine.gic_version == 3 ? "GICv3 GICD_IROUTER" : "GICv2 GICD_ITARGETSR byte");
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
	atomic_store(&d->running, false);
	atomic_store(&d->done, false);
	atomic_store(&d->slow, true);
	edu_raise(d->e, EDU_BIT_A);
	while (!atomic_load(&d->running))
		port_cpu_relax();
	running = !atomic_load(&d->done);
	free_irq((unsigned int)line, d);
	done = atomic_load(&d->done);
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

	free_irq((unsigned int)line, &dev[0]);
	free_irq((unsigned int)line, &dev[1]);
	err = request_irq((unsigned int)line, deaf_handler, IRQF_SHARED, "edu-deaf", &dev[0]);
	events = irq_stat_total((unsigned int)line);
	scenario_expect(t, "a stuck interrupt line, disabled");
	edu_raise(&edu[0], EDU_BIT_A);		/* and never acknowledged */
	end = cntvct() + ms_to_cnt(STORM_WAIT_MS);
	while (irq_get_depth(line) == 0 && cntvct() < end)
		port_cpu_relax();
	scenario_expect_end(t);
	depth = irq_get_depth(line);
	events = irq_stat_total((unsigned int)line) - events;
	edu_ack(&edu[0], EDU_BIT_A);
	ticks = aarch64_ticks(0);
	port_delay_us(30000);
	ticks = aarch64_ticks(0) - ticks;

	enable_irq((unsigned int)line);		/* the device is quiet now */
	depth_after = irq_get_depth(line);
	free_irq((unsigned int)line, &dev[0]);
	request_irq((unsigned int)line, edu_handler, IRQF_SHARED, "edu-a", &dev[0]);
	request_irq((unsigned int)line, edu_handler, IRQF_SHARED, "edu-b", &dev[1]);
	a0 = atomic_load(&dev[0].claims);
	edu_raise(&edu[0], EDU_BIT_A);
	back = wait_claims(&dev[0], a0 + 1);
	if (err || depth < 1 || depth_after != 0 || ticks == 0 || !back)
		scenario_fail(t, "screaming-line", "request %d; depth after the storm %d after %lu "
			      "events, after enable_irq %d; ticks in 30 ms %lu; line back %d", err,
			      depth, events, depth_after, ticks, back);
	else
		scenario_pass(t, "screaming-line", "an edu raised and never acknowledged: disabled "
			      "by the spurious detector after %lu events, timer kept ticking (%lu "
			      "ticks in 30 ms), enable_irq brought it back (an edu event claimed again)", events, ticks);
}

/*
 * threaded-oneshot: the edu line (level) with one action whose primary
 * only wakes the thread and whose thread clears the device. IRQF_ONESHOT
 * keeps the line masked from the primary until the thread has returned,
 * or the still-asserted level would storm. There are no port threads:
 * the core runs the thread function from irq_threads_run(), here from
 * the waiting loop (and from the idle loop otherwise).
 */
#define ONESHOT_RAISES	20

static _Atomic unsigned long oneshot_primaries, oneshot_threads, oneshot_unmasked;

static irqreturn_t oneshot_primary(int irq, void *cookie)
{
	struct edu_dev *d = cookie;

	(void)irq;
	if (!edu_status(d->e))
		return IRQ_NONE;
	atomic_fetch_add(&oneshot_primaries, 1);
	return IRQ_WAKE_THREAD;		/* the device stays asserted */
}

static irqreturn_t oneshot_thread(int irq, void *cookie)
{
	struct edu_dev *d = cookie;

	if (irq_get_masked((unsigned int)irq) != 1 || in_interrupt())
		atomic_fetch_add(&oneshot_unmasked, 1);
	edu_ack(d->e, edu_status(d->e));
	atomic_fetch_add(&oneshot_threads, 1);
	return IRQ_HANDLED;
}

static bool wait_threads(unsigned long want)
{
	uint64_t end = cntvct() + ms_to_cnt(WAIT_MS);

	while (atomic_load(&oneshot_threads) < want) {
		irq_threads_run();
		if (cntvct() >= end)
			return false;
	}
	return true;
}

static void scenario_threaded_oneshot(struct scenario_tally *t)
{
	unsigned int un0 = unhandled(), i;
	int err, masked_after;

	free_irq((unsigned int)line, &dev[0]);
	free_irq((unsigned int)line, &dev[1]);
	err = request_threaded_irq((unsigned int)line, oneshot_primary, oneshot_thread,
				   IRQF_ONESHOT, "edu-thread", &dev[0]);
	for (i = 0; err == 0 && i < ONESHOT_RAISES; i++) {
		edu_raise(&edu[0], EDU_BIT_A);
		if (!wait_threads(i + 1))
			break;
	}
	masked_after = irq_get_masked((unsigned int)line);
	if (err == 0)
		free_irq((unsigned int)line, &dev[0]);
	request_irq((unsigned int)line, edu_handler, IRQF_SHARED, "edu-a", &dev[0]);
	request_irq((unsigned int)line, edu_handler, IRQF_SHARED, "edu-b", &dev[1]);
	if (err || i != ONESHOT_RAISES || atomic_load(&oneshot_primaries) != ONESHOT_RAISES ||
	    atomic_load(&oneshot_threads) != ONESHOT_RAISES || atomic_load(&oneshot_unmasked) ||
	    masked_after != 0 || unhandled() != un0)
		scenario_fail(t, "threaded-oneshot", "request %d; %u raises, %lu primaries, %lu "
			      "thread runs, %lu of them with the line unmasked or in interrupt "
			      "context; masked after %d; unhandled %u -> %u", err, i,
			      atomic_load(&oneshot_primaries), atomic_load(&oneshot_threads),
			      atomic_load(&oneshot_unmasked), masked_after, un0, unhandled());
	else
		scenario_pass(t, "threaded-oneshot", "edu on INTID %u (level), IRQF_ONESHOT: %u "
			      "raises, %u primaries that only woke the thread, %u thread runs (core "
			      "runner) each with the line held masked (ONESHOT), 0 unhandled, unmasked after",
			      edu[0].intid, ONESHOT_RAISES, ONESHOT_RAISES, ONESHOT_RAISES);
}

void virt_line_scenarios(struct scenario_tally *t)
{
	nr_edu = edu_probe(edu, EDU_MAX);
	if (nr_edu < 2 || edu[0].intid != edu[1].intid) {
		const char *why = "needs two edu devices on one INTA line "
				  "(-device edu,addr=1 -device edu,addr=5)";

		scenario_skip(t, "autoprobe", "%s", why);
		scenario_skip(t, "shared-line", "%s", why);
		scenario_skip(t, "screaming-line", "%s", why);
		scenario_skip(t, "affinity-move", "%s", why);
		return;
	}
	line = aarch64_gic_map(edu[0].intid, IRQ_TYPE_LEVEL_HIGH);
	for (unsigned int i = 0; i < nr_edu; i++) {
		edu_ack(&edu[i], 0xffffffffu);
		dev[i].e = &edu[i];
	}
	if (line < 0) {
		scenario_fail(t, "autoprobe", "INTID %u not mapped: %d", edu[0].intid, line);
		return;
	}
	scenario_autoprobe(t);
	if (request_irq((unsigned int)line, edu_handler, IRQF_SHARED, "edu-a", &dev[0]) < 0 ||
	    request_irq((unsigned int)line, edu_handler, IRQF_SHARED, "edu-b", &dev[1]) < 0) {
		scenario_fail(t, "shared-line", "request_irq on irq %d failed", line);
		return;
	}
	scenario_shared(t);
	scenario_affinity(t);
	if (cpumask_weight(irq_cpu_online_mask()) >= 2)
		scenario_free_running(t);
	scenario_screaming(t);
	scenario_threaded_oneshot(t);
}

/* The shell's probe: edu @which (1 or 2) asserts; its handlers step aside. */
int virt_edu_autoprobe(unsigned int which)
{
	unsigned long mask;
	int found;

	if (line < 0 || which < 1 || which > nr_edu)
		return -ENODEV;
	free_irq((unsigned int)line, &dev[0]);
	free_irq((unsigned int)line, &dev[1]);
	mask = probe_irq_on();
	edu_raise(&edu[which - 1], EDU_BIT_A);
	port_delay_us(20000);
	found = probe_irq_off(mask);
	edu_ack(&edu[which - 1], EDU_BIT_A);
	request_irq((unsigned int)line, edu_handler, IRQF_SHARED, "edu-a", &dev[0]);
	request_irq((unsigned int)line, edu_handler, IRQF_SHARED, "edu-b", &dev[1]);
	return found;
}

bool virt_have_edu_pair(void)
{
	return line >= 0;
}

/*
 * spurious-vector: an interrupt withdrawn between the exception and the
 * acknowledge, the way a spurious INTID arises on real hardware. With
 * local interrupts off, edu A asserts the line until the CPU sees the
 * IRQ pending (ISR_EL1.I); a one-shot hook at the exception entry then
 * disables the line at the GIC before the driver acknowledges: the GIC
 * has nothing to give, the IAR reads 1023, which must be counted (SPU)
 * and not dispatched.
 */
#define ISR_EL1_I	(1u << 7)
/* A tick pending with the edu wins the acknowledge (it is more urgent):
 * that try proves nothing and is made again, on the next tick edge. */
#define SPURIOUS_TRIES	5

static _Atomic unsigned long hook_runs;

static void withdraw_then_handle(void)
{
	struct aarch64_regs regs = { 0 };

	aarch64_irq_hook = NULL;
	atomic_fetch_add(&hook_runs, 1);
	disable_irq_nosync((unsigned int)line);
	aarch64_irq(&regs);		/* the driver's usual path, now with nothing pending */
}

static bool irq_pending_at_cpu(void)
{
	uint64_t isr;

	__asm__ __volatile__("isb; mrs %0, isr_el1" : "=r"(isr));
	return isr & ISR_EL1_I;
}

/* One try: 1 when the IAR read 1023, 0 when another interrupt (the
 * tick, more urgent) won the acknowledge, -1 when something was wrong. */
static int withdraw_once(unsigned int cpu, unsigned long *spu, unsigned long *ev)
{
	unsigned long spu0 = irq_spurious_count(cpu), ev0 = irq_stat_total((unsigned int)line);
	unsigned long claims0 = atomic_load(&dev[0].claims), flags, tick = aarch64_ticks(cpu);
	uint64_t end;
	bool seen;

	while (aarch64_ticks(cpu) == tick)	/* the next tick is 10 ms away */
		port_cpu_relax();
	atomic_store(&hook_runs, 0);
	flags = port_irq_save();
	edu_raise(&edu[0], EDU_BIT_A);
	end = cntvct() + ms_to_cnt(WAIT_MS);
	while (!(seen = irq_pending_at_cpu()) && cntvct() < end)
		;
	aarch64_irq_hook = withdraw_then_handle;
	port_irq_restore(flags);	/* the exception: the hook, then the driver */
	aarch64_irq_hook = NULL;
	*spu = irq_spurious_count(cpu) - spu0;
	*ev = irq_stat_total((unsigned int)line) - ev0;
	edu_ack(&edu[0], EDU_BIT_A);
	enable_irq((unsigned int)line);
	if (!seen || atomic_load(&hook_runs) != 1 || *spu > 1 || *ev != 0 ||
	    atomic_load(&dev[0].claims) != claims0)
		return -1;
	return (int)*spu;
}

void virt_spurious_scenario(struct scenario_tally *t)
{
	unsigned int cpu = port_cpu_id(), tries = 0;
	unsigned long spu = 0, ev = 0;
	int got = 0;

	if (line < 0) {
		scenario_skip(t, "spurious-vector", "needs the edu line (two edu devices)");
		return;
	}
	while (got == 0 && tries++ < SPURIOUS_TRIES)
		got = withdraw_once(cpu, &spu, &ev);
	if (got != 1)
		scenario_fail(t, "spurious-vector", "try %u: exceptions %lu, spurious counted %lu, "
			      "line events %lu (a host that stalls the vCPU past a tick: %u tries)",
			      tries, atomic_load(&hook_runs), spu, ev, SPURIOUS_TRIES);
	else
		scenario_pass(t, "spurious-vector", "edu INTID %u withdrawn between the IRQ exception "
			      "and the acknowledge: IAR read 1023, counted once in SPU on cpu%u, "
			      "nothing dispatched (try %u)", edu[0].intid, cpu, tries);
}

// SPDX-License-Identifier: MIT
/*
 * scenarios.c - the scenarios driven by two edu devices on one level PCI
 * line (an XICS LSI): shared-line, autoprobe, screaming-line,
 * affinity-move, free-vs-running and threaded-oneshot.
 */
#include <stdatomic.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/irqdomain.h>
#include <genirq/msi.h>
#include <genirq/proc.h>
#include <genirq/chip/xics.h>

#include "oneshot.h"
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
		uint64_t end = mftb() + ms_to_tb(SLOW_HANDLER_MS);

		atomic_store(&d->running, true);
		while (mftb() < end)
			port_cpu_relax();
		atomic_store(&d->done, true);
	}
	edu_ack(d->e, st);
	atomic_store(&d->last_cpu, port_cpu_id());
	atomic_fetch_add(&d->claims, 1);
	return IRQ_HANDLED;
}

/* The primary of a threaded driver on the shared line: my device? Then
 * edu_handler() runs as the thread, the line masked until it returns. */
static irqreturn_t edu_wake(int irq, void *cookie)
{
	struct edu_dev *d = cookie;

	(void)irq;
	return edu_status(d->e) ? IRQ_WAKE_THREAD : IRQ_NONE;
}

static bool threaded_drivers;	/* after threaded-oneshot: the shell lists them */

/* Install edu A's and B's drivers: plain handlers, threaded ones later. */
static int request_drivers(void)
{
	static const char *const names[EDU_MAX] = { "edu-a", "edu-b" };
	int err = 0;

	for (unsigned int i = 0; i < nr_edu && !err; i++)
		err = threaded_drivers ?
		      request_threaded_irq((unsigned int)line, edu_wake, edu_handler,
					   IRQF_SHARED | IRQF_ONESHOT, names[i], &dev[i]) :
		      request_irq((unsigned int)line, edu_handler, IRQF_SHARED, names[i], &dev[i]);
	return err;
}

static void free_drivers(void)
{
	for (unsigned int i = 0; i < nr_edu; i++)
		free_irq((unsigned int)line, &dev[i]);
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
	uint64_t end = mftb() + ms_to_tb(WAIT_MS);

	while (atomic_load(&d->claims) < want)
		if (mftb() >= end)
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
		scenario_pass(t, "autoprobe", "probe_irq_on/off found irq %d (XICS LSI 0x%x) "
			      "after edu A asserted it", found, edu[0].lsi);
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
		scenario_pass(t, "shared-line", "edu slots %u and %u on LSI 0x%x: A alone claimed "
			      "by A, B alone by B, both raised: both serviced in %lu event(s); "
			      "%lu events, none unhandled", edu[0].slot, edu[1].slot, edu[0].lsi,
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
		scenario_pass(t, "affinity-move", "echo 2 > %s: ibm,set-xive to server %u, the "
			      "edu event counted on CPU1; masks 0 and 4 (offline) refused with "
			      "-EINVAL", path, machine.server[1]);
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

	free_drivers();
	err = request_irq((unsigned int)line, deaf_handler, IRQF_SHARED, "edu-deaf", &dev[0]);
	events = irq_stat_total((unsigned int)line);
	scenario_expect(t, "a stuck interrupt line, disabled");
	edu_raise(&edu[0], EDU_BIT_A);		/* and never acknowledged */
	end = mftb() + ms_to_tb(STORM_WAIT_MS);
	while (irq_get_depth(line) == 0 && mftb() < end)
		port_cpu_relax();
	scenario_expect_end(t);
	depth = irq_get_depth(line);
	events = irq_stat_total((unsigned int)line) - events;
	edu_ack(&edu[0], EDU_BIT_A);
	ticks = ppc64_ticks(0);
	port_delay_us(30000);
	ticks = ppc64_ticks(0) - ticks;

	enable_irq((unsigned int)line);		/* the device is quiet now */
	depth_after = irq_get_depth(line);
	free_irq((unsigned int)line, &dev[0]);
	request_drivers();
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
 * msi: edu-a's MSI through the PCI-MSI domain on XICS (docs/ppc64.md,
 * MSI): the firmware gives the MSI and its XICS source (RTAS); N raises
 * -> N handler runs on cpu0; affinity to cpu1 (ibm,set-xive) -> N more
 * there, the message unchanged (the destination is the source's server);
 * free -> the source goes back to the firmware. edu-a's INTx handler
 * stays requested: the device sends no INTx while MSI is on.
 */
#define MSI_ROUNDS	20

static _Atomic unsigned long msi_runs[2];

static irqreturn_t msi_handler(int irq, void *cookie)
{
	const struct edu *e = cookie;

	(void)irq;
	edu_ack(e, edu_status(e));
	atomic_fetch_add(&msi_runs[port_cpu_id() & 1], 1);
	return IRQ_HANDLED;
}

static uint32_t msi_cfg_read(void *ctx, unsigned int off)
{
	return edu_cfg_read((unsigned int)(uintptr_t)ctx, off);
}

static void msi_cfg_write(void *ctx, unsigned int off, uint32_t val)
{
	edu_cfg_write((unsigned int)(uintptr_t)ctx, off, val);
}

static const struct pci_cfg_ops msi_cfg = { .read32 = msi_cfg_read, .write32 = msi_cfg_write };

/* Raise @n messages one at a time; return how many ran on @cpu. */
static unsigned long msi_burst(const struct edu *e, unsigned int n, unsigned int cpu)
{
	unsigned long before = atomic_load(&msi_runs[cpu]);

	for (unsigned int i = 0; i < n; i++) {
		unsigned long total = atomic_load(&msi_runs[0]) + atomic_load(&msi_runs[1]);
		uint64_t end;

		edu_raise(e, EDU_BIT_A);
		end = mftb() + ms_to_tb(WAIT_MS);
		while (atomic_load(&msi_runs[0]) + atomic_load(&msi_runs[1]) == total && mftb() < end)
			port_cpu_relax();
	}
	return atomic_load(&msi_runs[cpu]) - before;
}

static void scenario_msi(struct scenario_tally *t)
{
	const struct edu *e = &edu[0];
	struct pci_msi_dev pdev;
	struct msi_msg m0 = { 0, 0, 0 }, m1 = { 0, 0, 0 };
	struct cpumask cpu;
	unsigned int used0, used1, used2, eff = 0;
	unsigned long on0, on1 = 0;
	bool smp = cpumask_weight(irq_cpu_online_mask()) >= 2;
	struct irq_data *d;
	unsigned long src = 0;
	int irq, err;

	if (!nr_edu || !ppc64_msi_domain) {
		scenario_skip(t, "msi", "no edu device or no PCI-MSI domain");
		return;
	}
	used0 = xics_msi_lines(ppc64_xics);
	err = pci_msi_dev_init(&pdev, &msi_cfg, (void *)(uintptr_t)e->slot, e->slot << 3);
	irq = err ? err : pci_enable_msi(&pdev, ppc64_msi_domain);
	if (irq < 0) {
		scenario_fail(t, "msi", "pci_enable_msi on edu-a: %d", irq);
		return;
	}
	err = request_irq((unsigned int)irq, msi_handler, 0, "edu-msi", (void *)e);
	used1 = xics_msi_lines(ppc64_xics);
	msi_get_msg((unsigned int)irq, &m0);
	d = irq_domain_get_irq_data(xics_domain(ppc64_xics), (unsigned int)irq);
	if (d)
		src = (unsigned long)d->hwirq;	/* the XICS level's: the source */
	on0 = err ? 0 : msi_burst(e, MSI_ROUNDS, 0);
	if (smp && !err) {
		cpumask_clear(&cpu);
		cpumask_set_cpu(1, &cpu);
		err = irq_set_affinity((unsigned int)irq, &cpu);
		if (!err && !irq_get_effective_affinity((unsigned int)irq, &cpu))
			eff = cpumask_first(&cpu);
		msi_get_msg((unsigned int)irq, &m1);
		on1 = err ? 0 : msi_burst(e, MSI_ROUNDS, 1);
		cpumask_clear(&cpu);
		cpumask_set_cpu(0, &cpu);
		irq_set_affinity((unsigned int)irq, &cpu);
	}
	free_irq((unsigned int)irq, (void *)e);
	pci_disable_msi(&pdev);
	used2 = xics_msi_lines(ppc64_xics);
	if (err || on0 != MSI_ROUNDS || (smp && (on1 != MSI_ROUNDS || eff != 1)) ||
	    used1 != used0 + 1 || used2 != used0)
		scenario_fail(t, "msi", "err %d; %lu of %u on cpu0, %lu on cpu1 (effective %u); "
			      "XICS MSI lines in use %u -> %u -> %u", err, on0, MSI_ROUNDS, on1, eff,
			      used0, used1, used2);
	else if (!smp)
		scenario_pass(t, "msi", "edu-a: %u msgs -> %lu runs (irq %d, XICS source 0x%lx from "
			      "ibm,change-msi, msg 0x%x%08x/0x%x); no cpu1 to move to; XICS MSI "
			      "lines in use %u -> %u -> %u", MSI_ROUNDS, on0, irq, src, m0.address_hi,
			      m0.address_lo, m0.data, used0, used1, used2);
	else
		scenario_pass(t, "msi", "edu-a: %u msgs -> %lu runs on cpu0 (irq %d, XICS source 0x%lx "
			      "from ibm,change-msi, msg 0x%x%08x/0x%x); affinity cpu1: %lu runs on "
			      "cpu1, effective %u, msg %s; XICS MSI lines in use %u -> %u -> %u",
			      MSI_ROUNDS, on0, irq, src, m0.address_hi, m0.address_lo, m0.data, on1,
			      eff, (m1.address_lo == m0.address_lo && m1.address_hi == m0.address_hi &&
				    m1.data == m0.data) ? "unchanged" : "changed", used0, used1, used2);
}

static void oneshot_raise(void *cookie)
{
	edu_raise(((struct edu_dev *)cookie)->e, EDU_BIT_A);
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
	ppc64_idle(NULL);
}

/* edu A alone on the line for the scenario; the drivers come back threaded. */
static void scenario_threaded(struct scenario_tally *t)
{
	struct oneshot_edu o = {
		.irq = (unsigned int)line, .dev = &dev[0], .raise = oneshot_raise,
		.status = oneshot_status, .clear = oneshot_clear, .idle = oneshot_idle,
	};

	free_drivers();
	scenario_threaded_oneshot(t, &o);
	threaded_drivers = true;
	if (request_drivers() < 0)
		scenario_fail(t, "threaded-oneshot", "the threaded edu drivers: request failed");
}

void ppc64_line_scenarios(struct scenario_tally *t)
{
	nr_edu = edu_probe(edu, EDU_MAX);
	if (nr_edu < 2 || edu[0].lsi != edu[1].lsi) {
		const char *why = "needs two edu devices on one INTA line "
				  "(-device edu,addr=1 -device edu,addr=5)";

		scenario_msi(t);
		scenario_skip(t, "autoprobe", "%s", why);
		scenario_skip(t, "shared-line", "%s", why);
		scenario_skip(t, "screaming-line", "%s", why);
		scenario_skip(t, "affinity-move", "%s", why);
		scenario_skip(t, "threaded-oneshot", "%s", why);
		return;
	}
	line = xics_map(ppc64_xics, edu[0].lsi, IRQ_TYPE_LEVEL_HIGH);
	for (unsigned int i = 0; i < nr_edu; i++) {
		edu_ack(&edu[i], 0xffffffffu);
		dev[i].e = &edu[i];
	}
	if (line < 0) {
		scenario_fail(t, "autoprobe", "LSI 0x%x not mapped: %d", edu[0].lsi, line);
		return;
	}
	scenario_autoprobe(t);
	if (request_drivers() < 0) {
		scenario_fail(t, "shared-line", "request_irq on irq %d failed", line);
		return;
	}
	scenario_shared(t);
	scenario_affinity(t);
	if (cpumask_weight(irq_cpu_online_mask()) >= 2)
		scenario_free_running(t);
	scenario_screaming(t);
	scenario_msi(t);
	scenario_threaded(t);
}

/* The shell's probe: edu @which (1 or 2) asserts; its handlers step aside. */
int ppc64_edu_autoprobe(unsigned int which)
{
	unsigned long mask;
	int found;

	if (line < 0 || which < 1 || which > nr_edu)
		return -ENODEV;
	free_drivers();
	mask = probe_irq_on();
	edu_raise(&edu[which - 1], EDU_BIT_A);
	port_delay_us(20000);
	found = probe_irq_off(mask);
	edu_ack(&edu[which - 1], EDU_BIT_A);
	request_drivers();
	return found;
}

bool ppc64_have_edu_pair(void)
{
	return line >= 0;
}

// SPDX-License-Identifier: MIT
/*
 * scenarios.c - pseries' two edu devices on one level PCI line (an XICS
 * LSI): the shared scenarios of that line (demo/edu_line.c: autoprobe,
 * shared-line, affinity-move, free-vs-running, screaming-line,
 * threaded-oneshot), and msi on edu A.
 */
#include <stdatomic.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/irqdomain.h>
#include <genirq/msi.h>
#include <genirq/proc.h>
#include <genirq/chip/xics.h>

#include "edu_line.h"
#include "scenario.h"
#include "demo.h"


static struct edu edu[EDU_MAX];
static unsigned int nr_edu;
static char line_name[32], route_cpu1[48];

static struct edu_line_env env = {
	.dev = { &edu[0], &edu[1] }, .raise = edu_raise, .ack = edu_ack, .status = edu_status,
	.line_name = line_name, .route_cpu1 = route_cpu1, .ticks = ppc64_ticks,
};

/*
 * msi: edu-a's MSI through the PCI-MSI domain on XICS (docs/ppc64.md,
 * MSI): the firmware gives the MSI and its XICS source (RTAS); N raises
 * -> N handler runs on cpu0; affinity to cpu1 (ibm,set-xive) -> N more
 * there, the message unchanged (the destination is the source's server);
 * free -> the source goes back to the firmware. edu-a's INTx handler
 * stays requested: the device sends no INTx while MSI is on.
 * Alike ppce500's sc_msi and demo/msi_move.c, not shared: the allocator
 * counted, the source shown and the verdict line are each machine's.
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
		end = ppc64_mftb() + ppc64_ms_to_tb(SCENARIO_WAIT_MS);
		while (atomic_load(&msi_runs[0]) + atomic_load(&msi_runs[1]) == total && ppc64_mftb() < end)
			port_cpu_relax();
	}
	return atomic_load(&msi_runs[cpu]) - before;
}

static void scenario_msi(struct scenario_tally *t)
{
	const struct edu *e = &edu[0];
	struct pci_msi_dev pdev;
	struct msi_msg m0 = { 0, 0, 0 }, m1 = { 0, 0, 0 };
	struct irq_cpumask cpu;
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

/* threaded-oneshot's wait step: the idle loop runs this CPU's woken threads. */
static void oneshot_idle(void)
{
	ppc64_idle(NULL);
}

void ppc64_line_scenarios(struct scenario_tally *t)
{
	static const char *const needs[] = { "autoprobe", "shared-line", "screaming-line",
					     "affinity-move", "threaded-oneshot" };
	unsigned int n = edu_probe(edu, EDU_MAX);
	int line;

	nr_edu = n;
	if (n < 2 || edu[0].lsi != edu[1].lsi) {
		scenario_msi(t);
		edu_line_skip(t, needs, GENIRQ_ARRAY_SIZE(needs));
		return;
	}
	line = xics_map(ppc64_xics, edu[0].lsi, IRQ_TYPE_LEVEL_HIGH);
	if (line < 0) {
		scenario_fail(t, "autoprobe", "LSI 0x%x not mapped: %d", edu[0].lsi, line);
		return;
	}
	irq_snprintf(line_name, sizeof(line_name), "XICS LSI 0x%x", edu[0].lsi);
	irq_snprintf(route_cpu1, sizeof(route_cpu1), "ibm,set-xive to server %u",
		     machine.server[1 % machine.nr_cpus]);
	env.slot[0] = edu[0].slot;
	env.slot[1] = edu[1].slot;
	edu_line_scenarios(t, &env, line);
	scenario_msi(t);
	edu_line_threaded_oneshot(t, oneshot_idle, NULL, NULL);
}

/* The shell's probe. */
int ppc64_edu_autoprobe(unsigned int which)
{
	return edu_line_autoprobe(which);
}

bool ppc64_have_edu_pair(void)
{
	return edu_line_irq() >= 0;
}

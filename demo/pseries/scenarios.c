// SPDX-License-Identifier: MIT
/*
 * scenarios.c - pseries' two edu devices on one level PCI line (an XICS
 * LSI): the shared scenarios of that line (demo/edu_line.c: autoprobe,
 * shared-line, affinity-move, free-vs-running, screaming-line,
 * threaded-oneshot).
 */
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/proc.h>
#include <genirq/chip/xics.h>

#include "edu_line.h"
#include "scenario.h"
#include "demo.h"

static struct edu edu[EDU_MAX];
static char line_name[32], route_cpu1[48];

static struct edu_line_env env = {
	.dev = { &edu[0], &edu[1] }, .raise = edu_raise, .ack = edu_ack, .status = edu_status,
	.line_name = line_name, .route_cpu1 = route_cpu1, .ticks = ppc64_ticks,
};

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

	if (n < 2 || edu[0].lsi != edu[1].lsi) {
		for (unsigned int i = 0; i < GENIRQ_ARRAY_SIZE(needs); i++)
			scenario_skip(t, needs[i], "needs two edu devices on one INTA line "
				      "(-device edu,addr=1 -device edu,addr=5)");
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

// SPDX-License-Identifier: MIT
/*
 * scenarios.c - the riscv64 virt's two edu devices on one wired source
 * (PLIC or APLIC): the shared scenarios of that line (demo/edu_line.c:
 * shared-line, affinity-move, free-vs-running, screaming-line,
 * threaded-oneshot), spurious-vector right after shared-line, and the edu
 * half of autoprobe (main.c's scenario).
 */
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/proc.h>

#include "edu_line.h"
#include "scenario.h"
#include "demo.h"

static struct edu edu[EDU_MAX];
static char line_name[32], route_cpu1[80], no_storm[192];

static void scenario_spurious(struct scenario_tally *t);

/* autoprobe is main.c's (the UART, then edu A through edu_line_autoprobe());
 * after threaded-oneshot the drivers are threaded ONESHOT ones (threads). */
static struct edu_line_env env = {
	.dev = { &edu[0], &edu[1] }, .raise = edu_raise, .ack = edu_ack, .status = edu_status,
	.line_name = line_name, .route_cpu1 = route_cpu1, .ticks = riscv64_ticks,
	.no_autoprobe = true, .after_shared = scenario_spurious, .up_skips_free_running = true,
};

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
	unsigned int cpu = port_cpu_id(), line = (unsigned int)edu_line_irq();
	unsigned long spu = irq_spurious_count(cpu), ev = irq_stat_total(line);
	unsigned long a = edu_line_claims(0), flags;
	bool back;

	flags = port_irq_save();
	edu_raise(&edu[0], EDU_BIT_A);
	disable_irq_nosync(line);
	port_irq_restore(flags);		/* the trap, if the line is still up */
	spu = irq_spurious_count(cpu) - spu;
	ev = irq_stat_total(line) - ev;
	enable_irq(line);
	back = edu_line_wait_claims(0, a + 1);
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

/* threaded-oneshot's wait step: the idle loop runs this hart's woken threads. */
static void oneshot_idle(void)
{
	riscv64_idle(NULL);
}

void virt_line_scenarios(struct scenario_tally *t)
{
	static const char *const needs[] = { "shared-line", "spurious-vector", "screaming-line",
					     "threaded-oneshot", "affinity-move", "free-vs-running" };
	unsigned int n = edu_probe(edu, EDU_MAX);
	int line;

	if (n < 2 || edu[0].src != edu[1].src) {
		edu_line_skip(t, needs, GENIRQ_ARRAY_SIZE(needs));
		return;
	}
	env.slot[0] = edu[0].slot;
	env.slot[1] = edu[1].slot;
	line = irq_create_fwspec_mapping(NULL, &edu[0].fw);	/* level, as the tree says */
	if (line < 0) {
		scenario_fail(t, "shared-line", "source %u not mapped: %d", edu[0].src, line);
		return;
	}
	irq_snprintf(line_name, sizeof(line_name), "%s source %u", virt_wired_name, edu[0].src);
	irq_snprintf(route_cpu1, sizeof(route_cpu1), "the source routed to hart %lu (%s)",
		     machine.hartid[1 % machine.nr_cpus], virt_wired_reforwards ?
		     "the APLIC's target register" : "the PLIC enable bit in its context");
	/* Both latch a request each time the line rises (demo.h); only the
	 * APLIC driver re-forwards a level still asserted at eoi. */
	env.relatched_max = virt_wired_latches ? 2u : 0u;
	if (!virt_wired_reforwards) {
		irq_snprintf(no_storm, sizeof(no_storm), "QEMU 7.2's %s gateway never forwards "
			     "a level still asserted at complete: an edu raised and never "
			     "acknowledged is delivered once, not as a storm (docs/riscv64.md)",
			     virt_wired_name);
		env.no_storm = no_storm;
	}
	edu_line_scenarios(t, &env, line);
	edu_line_threaded_oneshot(t, oneshot_idle, NULL, NULL);
}

/* The shell's probe and autoprobe's edu half. */
int virt_edu_autoprobe(unsigned int which)
{
	return edu_line_autoprobe(which);
}

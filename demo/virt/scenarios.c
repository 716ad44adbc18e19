// SPDX-License-Identifier: MIT
/*
 * scenarios.c - virt's two edu devices, whose INTA the interrupt-map
 * gives one GIC SPI: the shared scenarios of that line (demo/edu_line.c),
 * then threaded-oneshot and spurious-vector on it.
 */
#include <stdatomic.h>
#include <genirq/hardirq.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/proc.h>

#include "edu_line.h"
#include "scenario.h"
#include "demo.h"

#define WAIT_MS			1000

static struct edu edu[EDU_MAX];
static char line_name[32], route_cpu1[64];

static struct edu_line_env env = {
	.dev = { &edu[0], &edu[1] }, .raise = edu_raise, .ack = edu_ack, .status = edu_status,
	.line_name = line_name, .route_cpu1 = route_cpu1, .ticks = aarch64_ticks,
	.poll_in_tick = true,
};

/* threaded-oneshot's wait step: the idle loop runs this CPU's woken threads. */
static void oneshot_idle(void)
{
	aarch64_idle(NULL);
}

void virt_line_scenarios(struct scenario_tally *t)
{
	static const char *const needs[] = { "autoprobe", "shared-line", "screaming-line",
					     "affinity-move", "threaded-oneshot" };
	unsigned int n = edu_probe(edu, EDU_MAX);
	int line;

	if (n < 2 || edu[0].intid != edu[1].intid) {
		edu_line_skip(t, needs, GENIRQ_ARRAY_SIZE(needs));
		return;
	}
	line = irq_create_fwspec_mapping(NULL, &edu[0].fw);	/* level, as the tree says */
	if (line < 0) {
		scenario_fail(t, "autoprobe", "INTID %u not mapped: %d", edu[0].intid, line);
		return;
	}
	irq_snprintf(line_name, sizeof(line_name), "GIC INTID %u", edu[0].intid);
	irq_snprintf(route_cpu1, sizeof(route_cpu1), "routed to MPIDR 0x%lx (%s)",
		     (unsigned long)machine.mpidr[1 % machine.nr_cpus],
		     machine.gic_version == 3 ? "GICv3 GICD_IROUTER" : "GICv2 GICD_ITARGETSR byte");
	env.slot[0] = edu[0].slot;
	env.slot[1] = edu[1].slot;
	edu_line_scenarios(t, &env, line);
	edu_line_threaded_oneshot(t, oneshot_idle, NULL, NULL);
}

/* The shell's probe. */
int virt_edu_autoprobe(unsigned int which)
{
	return edu_line_autoprobe(which);
}

bool virt_have_edu_pair(void)
{
	return edu_line_irq() >= 0;
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
	disable_irq_nosync((unsigned int)edu_line_irq());
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
	int line = edu_line_irq();
	unsigned long spu0 = irq_spurious_count(cpu), ev0 = irq_stat_total((unsigned int)line);
	unsigned long claims0 = edu_line_claims(0), flags, tick = aarch64_ticks(cpu);
	uint64_t end;
	bool seen;

	while (aarch64_ticks(cpu) == tick)	/* the next tick is 10 ms away */
		port_cpu_relax();
	atomic_store(&hook_runs, 0);
	flags = port_irq_save();
	edu_raise(&edu[0], EDU_BIT_A);
	end = aarch64_cntvct() + aarch64_ms_to_cnt(WAIT_MS);
	while (!(seen = irq_pending_at_cpu()) && aarch64_cntvct() < end)
		;
	aarch64_irq_hook = withdraw_then_handle;
	port_irq_restore(flags);	/* the exception: the hook, then the driver */
	aarch64_irq_hook = NULL;
	*spu = irq_spurious_count(cpu) - spu0;
	*ev = irq_stat_total((unsigned int)line) - ev0;
	edu_ack(&edu[0], EDU_BIT_A);
	enable_irq((unsigned int)line);
	if (!seen || atomic_load(&hook_runs) != 1 || *spu > 1 || *ev != 0 ||
	    edu_line_claims(0) != claims0)
		return -1;
	return (int)*spu;
}

void virt_spurious_scenario(struct scenario_tally *t)
{
	unsigned int cpu = port_cpu_id(), tries = 0;
	unsigned long spu = 0, ev = 0;
	int got = 0;

	if (edu_line_irq() < 0) {
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

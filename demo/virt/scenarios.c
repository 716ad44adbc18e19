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
};

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
	const struct edu *e = cookie;

	(void)irq;
	if (!edu_status(e))
		return IRQ_NONE;
	atomic_fetch_add(&oneshot_primaries, 1);
	return IRQ_WAKE_THREAD;		/* the device stays asserted */
}

static irqreturn_t oneshot_thread(int irq, void *cookie)
{
	const struct edu *e = cookie;

	if (irq_get_masked((unsigned int)irq) != 1 || in_interrupt())
		atomic_fetch_add(&oneshot_unmasked, 1);
	edu_ack(e, edu_status(e));
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
	unsigned int un0 = edu_line_unhandled(), i;
	int line = edu_line_irq(), err, masked_after;

	edu_line_release();
	err = request_threaded_irq((unsigned int)line, oneshot_primary, oneshot_thread,
				   IRQF_ONESHOT, "edu-thread", &edu[0]);
	for (i = 0; err == 0 && i < ONESHOT_RAISES; i++) {
		edu_raise(&edu[0], EDU_BIT_A);
		if (!wait_threads(i + 1))
			break;
	}
	masked_after = irq_get_masked((unsigned int)line);
	if (err == 0)
		free_irq((unsigned int)line, &edu[0]);
	edu_line_restore();
	if (err || i != ONESHOT_RAISES || atomic_load(&oneshot_primaries) != ONESHOT_RAISES ||
	    atomic_load(&oneshot_threads) != ONESHOT_RAISES || atomic_load(&oneshot_unmasked) ||
	    masked_after != 0 || edu_line_unhandled() != un0)
		scenario_fail(t, "threaded-oneshot", "request %d; %u raises, %lu primaries, %lu "
			      "thread runs, %lu of them with the line unmasked or in interrupt "
			      "context; masked after %d; unhandled %u -> %u", err, i,
			      atomic_load(&oneshot_primaries), atomic_load(&oneshot_threads),
			      atomic_load(&oneshot_unmasked), masked_after, un0, edu_line_unhandled());
	else
		scenario_pass(t, "threaded-oneshot", "edu on INTID %u (level), IRQF_ONESHOT: %u "
			      "raises, %u primaries that only woke the thread, %u thread runs (core "
			      "runner) each with the line held masked (ONESHOT), 0 unhandled, unmasked after",
			      edu[0].intid, ONESHOT_RAISES, ONESHOT_RAISES, ONESHOT_RAISES);
}

void virt_line_scenarios(struct scenario_tally *t)
{
	static const char *const needs[] = { "autoprobe", "shared-line", "screaming-line",
					     "affinity-move", "threaded-oneshot" };
	unsigned int n = edu_probe(edu, EDU_MAX);
	int line;

	if (n < 2 || edu[0].intid != edu[1].intid) {
		for (unsigned int i = 0; i < GENIRQ_ARRAY_SIZE(needs); i++)
			scenario_skip(t, needs[i], "needs two edu devices on one INTA line "
				      "(-device edu,addr=1 -device edu,addr=5)");
		return;
	}
	line = aarch64_gic_map(edu[0].intid, IRQ_TYPE_LEVEL_HIGH);
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
	if (edu_line_irq() >= 0)
		scenario_threaded_oneshot(t);
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

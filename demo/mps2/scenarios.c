// SPDX-License-Identifier: MIT
/*
 * scenarios.c - what the NVIC's priorities do under genirq on mps2-an385:
 *
 *  nesting       TIMER1 (more urgent) preempts a running TIMER0 handler at
 *                once; TIMER0, pended from a running TIMER1 handler, waits
 *                until that handler has returned
 *  zero-latency  a line above BASEPRI takes no shared or threaded
 *                handler, and runs while the kernel has interrupts off,
 *                when a kernel line pended at the same time waits
 *
 * and the bench: the soft line through genirq against a bare handler on
 * another, under -icount (one instruction a nanosecond).
 */
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/priority.h>
#include <genirq/chip/nvic.h>

#include "scenario.h"
#include "mps2.h"

#define SPIN_MAX	2000000u	/* loop rounds a handler waits for the other, at most */
#define TIMER_SOON	100u		/* 4 us at 25 MHz */
#define BENCH_ROUNDS	10000u

static struct nvic *nvic;
static char order[16];
static volatile unsigned int nr_order;
static volatile bool timer0_saw_active1, timer1_saw_active0, reverse;

static void note(char c)
{
	if (nr_order < sizeof(order) - 1)
		order[nr_order++] = c;
	order[nr_order] = '\0';
}

static bool seen(char c)
{
	for (unsigned int i = 0; i < nr_order; i++)
		if (order[i] == c)
			return true;
	return false;
}

/*
 * TIMER0, the less urgent: forward, it starts TIMER1 and waits for its
 * handler, which must come in the middle of this one ("0" "1" "x").
 */
static irqreturn_t timer0(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	mps2_timer_stop(TIMER0_BASE);
	note('0');
	if (!reverse) {
		mps2_timer_start(TIMER1_BASE, TIMER_SOON);
		for (unsigned int i = 0; i < SPIN_MAX && !seen('1'); i++)
			__asm__ __volatile__("" ::: "memory");
	}
	note('x');
	return IRQ_HANDLED;
}

/*
 * TIMER1, the more urgent: forward, it notes TIMER0 active beneath it;
 * reverse, it pends TIMER0 and spins: TIMER0 must not come before "y".
 */
static irqreturn_t timer1(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	mps2_timer_stop(TIMER1_BASE);
	note('1');
	timer1_saw_active0 = nvic_is_active(nvic, LINE_TIMER0);
	if (reverse) {
		nvic_set_pending(nvic, LINE_TIMER0, true);
		for (unsigned int i = 0; i < SPIN_MAX / 100 && !seen('0'); i++)
			__asm__ __volatile__("" ::: "memory");
	}
	note('y');
	return IRQ_HANDLED;
}

static bool wait_order(unsigned int n)
{
	uint64_t end = mps2_clock() + mps2_ms_to_counts(SCENARIO_WAIT_MS);

	while (nr_order < n && mps2_clock() < end)
		port_cpu_relax();
	return nr_order >= n;
}

static void nesting(struct scenario_tally *t, int timer0_irq, int timer1_irq)
{
	bool fwd_ok, rev_ok, fwd_active;
	char fwd[sizeof(order)];

	if (request_irq((unsigned int)timer0_irq, timer0, 0, "timer0", &order) < 0 ||
	    request_irq((unsigned int)timer1_irq, timer1, 0, "timer1", &order) < 0) {
		scenario_fail(t, "nesting", "request_irq of the timers");
		return;
	}
	nr_order = 0;
	reverse = false;
	mps2_timer_start(TIMER0_BASE, TIMER_SOON);
	wait_order(4);
	fwd_active = timer1_saw_active0;
	for (unsigned int i = 0; i <= nr_order; i++)
		fwd[i] = order[i];
	fwd_ok = nr_order == 4 && fwd[0] == '0' && fwd[1] == '1' && fwd[2] == 'y' && fwd[3] == 'x';

	nr_order = 0;
	reverse = true;
	mps2_timer_start(TIMER1_BASE, TIMER_SOON);
	wait_order(4);
	rev_ok = nr_order == 4 && order[0] == '1' && order[1] == 'y' && order[2] == '0' &&
		 order[3] == 'x' && !timer1_saw_active0;
	free_irq((unsigned int)timer0_irq, &order);
	free_irq((unsigned int)timer1_irq, &order);
	if (!fwd_ok || !fwd_active || !rev_ok)
		scenario_fail(t, "nesting", "TIMER0 (prio %d) then TIMER1 (prio %d): order '%s' "
			      "(want 01yx), TIMER0 active under TIMER1 %d; TIMER1 pending TIMER0: "
			      "'%s' (want 1y0x)", irq_get_priority((unsigned int)timer0_irq),
			      irq_get_priority((unsigned int)timer1_irq), fwd, fwd_active, order);
	else
		scenario_pass(t, "nesting", "TIMER1 (prio %d) preempted the running TIMER0 handler "
			      "(prio %d): '%s', both active (IABR) inside TIMER1; TIMER0 pended "
			      "from TIMER1's handler waited for its end: '%s'",
			      irq_get_priority((unsigned int)timer1_irq),
			      irq_get_priority((unsigned int)timer0_irq), fwd, order);
}

/* --- zero-latency --- */

static volatile unsigned long fast_calls;
static int fast_dev;

/* LINE_FAST's vector: no genirq on the way, nothing of genirq called. */
void mps2_fast_handler(void)
{
	fast_calls++;
}

static irqreturn_t nothing(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	return IRQ_HANDLED;
}

static volatile unsigned long held_calls;
static int held_dev;

static irqreturn_t held(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	held_calls++;
	mps2_timer_stop(TIMER0_BASE);
	return IRQ_HANDLED;
}

static void zero_latency(struct scenario_tally *t, int fast, int timer0_irq)
{
	int shared = request_irq((unsigned int)fast, nothing, IRQF_SHARED, "fast", &fast_dev);
	int threaded = request_threaded_irq((unsigned int)fast, NULL, nothing, IRQF_ONESHOT,
					    "fast", &fast_dev);
	unsigned long flags, fast_in, held_in;

	if (!irq_is_zero_latency((unsigned int)fast) || shared != -EINVAL ||
	    (threaded != -EINVAL && threaded != -ENOSYS)) {
		scenario_fail(t, "zero-latency", "line %d (prio %d, kernel level %u): "
			      "zero-latency %d, shared request %d, threaded %d (want -EINVAL)",
			      fast, irq_get_priority((unsigned int)fast), irq_kernel_priority(),
			      irq_is_zero_latency((unsigned int)fast), shared, threaded);
		return;
	}
	if (request_irq((unsigned int)timer0_irq, held, 0, "timer0", &held_dev) < 0) {
		scenario_fail(t, "zero-latency", "request_irq of TIMER0");
		return;
	}
	/* Interrupts off: TIMER0 and the fast line pended together. */
	nvic_set_pending(nvic, LINE_FAST, false);
	flags = port_irq_save();
	armv7m_write(ARMV7M_NVIC_ISER0, 1u << LINE_FAST);	/* its vector is not genirq's */
	nvic_set_pending(nvic, LINE_TIMER0, true);
	nvic_set_pending(nvic, LINE_FAST, true);
	__asm__ __volatile__("dsb\n\tisb" ::: "memory");
	fast_in = fast_calls;
	held_in = held_calls;
	port_irq_restore(flags);
	free_irq((unsigned int)timer0_irq, &held_dev);
	if (fast_in != 1 || held_in != 0 || held_calls != 1)
		scenario_fail(t, "zero-latency", "with local interrupts off: the fast line ran %lu "
			      "time(s) (want 1), TIMER0 %lu (want 0); after: TIMER0 %lu (want 1)",
			      fast_in, held_in, held_calls);
	else
		scenario_pass(t, "zero-latency", "line %d at prio %d, above the kernel's level %u: "
			      "shared and threaded requests refused (%d, %d); pended with "
			      "local interrupts off (BASEPRI 0x%x) it ran at once while TIMER0, "
			      "pended with it, waited for the restore", fast,
			      irq_get_priority((unsigned int)fast), irq_kernel_priority(), shared,
			      threaded, GENIRQ_ARMV7M_BASEPRI);
}

void mps2_priority_scenarios(struct scenario_tally *t, struct nvic *n, int timer0_irq,
			     int timer1_irq, int fast)
{
	nvic = n;
	nesting(t, timer0_irq, timer1_irq);
	zero_latency(t, fast, timer0_irq);
}

/* --- the bench --- */

static volatile unsigned long bare_calls, genirq_calls;
static int bench_dev;

void mps2_bare_handler(void)
{
	bare_calls++;
}

static irqreturn_t bench_handler(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	genirq_calls++;
	return IRQ_HANDLED;
}

/* Counts of the 25 MHz clock (40 instructions each at shift=0) for BENCH_ROUNDS round trips. */
static uint64_t rounds(unsigned int line, volatile unsigned long *calls)
{
	unsigned long before = *calls;
	uint64_t t0 = mps2_clock();

	for (unsigned int i = 0; i < BENCH_ROUNDS; i++)
		armv7m_write(ARMV7M_STIR, line);
	t0 = mps2_clock() - t0;
	return *calls - before == BENCH_ROUNDS ? t0 : 0;
}

void mps2_bench(struct scenario_tally *t, int soft_irq)
{
	uint64_t g, b, empty;
	unsigned long per_g, per_b;

	free_irq((unsigned int)soft_irq, t);
	if (request_irq((unsigned int)soft_irq, bench_handler, 0, "bench", &bench_dev) < 0) {
		scenario_fail(t, "guest-bench", "request_irq");
		return;
	}
	armv7m_write(ARMV7M_NVIC_ISER0, 1u << LINE_BARE);	/* the bare line's own vector */
	empty = mps2_clock();
	for (unsigned int i = 0; i < BENCH_ROUNDS; i++)
		__asm__ __volatile__("" ::: "memory");
	empty = mps2_clock() - empty;
	g = rounds(LINE_SOFT, &genirq_calls);
	b = rounds(LINE_BARE, &bare_calls);
	if (!g || !b) {
		scenario_fail(t, "guest-bench", "handler runs missing: genirq %lu, bare %lu",
			      genirq_calls, bare_calls);
		return;
	}
	/* Instructions per round trip: counts * 40 / rounds. */
	per_g = (unsigned long)(g * (1000000000u / MPS2_CLOCK_HZ) / BENCH_ROUNDS);
	per_b = (unsigned long)(b * (1000000000u / MPS2_CLOCK_HZ) / BENCH_ROUNDS);
	mps2_printf("guest-bench: software-pended NVIC line (STIR) to the handler and back, "
		    "instructions a round trip: genirq %lu, bare %lu (%u rounds; empty loop %lu)\n",
		    per_g, per_b, BENCH_ROUNDS,
		    (unsigned long)(empty * (1000000000u / MPS2_CLOCK_HZ) / BENCH_ROUNDS));
	scenario_pass(t, "guest-bench", "under -icount shift=0: genirq %lu, bare %lu instructions "
		      "a round trip, ratio %lu.%02lu", per_g, per_b, per_g / per_b,
		      per_g * 100 / per_b % 100);
}

// SPDX-License-Identifier: MIT
/*
 * pit.c - the 8254 timer, channel 0: the tick, and the TSC calibration
 * that gives the port its clock.
 */
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/port.h>

#include "pc.h"

#define PIT_INPUT_HZ	1193182u
#define PIT_DIVISOR	((PIT_INPUT_HZ + PIT_HZ / 2) / PIT_HZ)
#define PIT_CH0		0x40
#define PIT_MODE	0x43
#define PIT_MODE2_LOHI	0x34	/* channel 0, lo/hi byte, rate generator, binary */
#define PIT_LATCH_CH0	0x00
/* Calibrate over this many PIT periods: 50 ms at 100 Hz. */
#define CALIBRATE_PERIODS	5u

static volatile unsigned long ticks;
static uint64_t tsc_khz = 1000000;	/* 1 GHz until calibrated */
void (*volatile x86_tick_hook)(void);

void pit_start(void)
{
	outb(PIT_MODE, PIT_MODE2_LOHI);
	outb(PIT_CH0, PIT_DIVISOR & 0xFF);
	outb(PIT_CH0, PIT_DIVISOR >> 8);
}

static unsigned int pit_count(void)
{
	unsigned int lo;

	outb(PIT_MODE, PIT_LATCH_CH0);
	lo = inb(PIT_CH0);
	return lo | ((unsigned int)inb(PIT_CH0) << 8);
}

/* The counter counts down and reloads: a rise is one period gone. */
static void wait_period(unsigned int *last)
{
	for (;;) {
		unsigned int c = pit_count();
		bool wrapped = c > *last;

		*last = c;
		if (wrapped)
			return;
	}
}

void x86_tsc_calibrate(void)
{
	unsigned int last = pit_count();
	uint64_t t0, t1;

	wait_period(&last);
	t0 = x86_rdtsc();
	for (unsigned int i = 0; i < CALIBRATE_PERIODS; i++)
		wait_period(&last);
	t1 = x86_rdtsc();
	tsc_khz = (t1 - t0) * PIT_HZ / CALIBRATE_PERIODS / 1000u;
	if (tsc_khz == 0)
		tsc_khz = 1;
}

uint64_t x86_tsc_khz(void)
{
	return tsc_khz;
}

uint64_t x86_tsc_to_ns(uint64_t tsc)
{
	/* Split so tsc * 10^6 cannot overflow. */
	return tsc / tsc_khz * 1000000u + tsc % tsc_khz * 1000000u / tsc_khz;
}

uint64_t port_time_ns(void)
{
	return x86_tsc_to_ns(x86_rdtsc());
}

/*
 * Will an interrupt end a hlt on this CPU within a tick? Yes when the
 * port's local timer runs here, or when the PIT's line is enabled and
 * routed here. Asked with local interrupts off: on a CPU with no local
 * timer (i386, one CPU) nothing can disable the PIT between the answer
 * and the hlt.
 */
static bool tick_wakes_cpu(void)
{
	struct irq_cpumask m;

	if (x86_local_timer_ticks())
		return true;
	return irq_get_depth(PIT_IRQ) == 0 && irq_get_effective_affinity(PIT_IRQ, &m) == 0 &&
	       cpumask_test_cpu(port_cpu_id(), &m);
}

void x86_idle(void)
{
	if (port_irqs_disabled()) {
		port_cpu_relax();
		return;
	}
	irq_threads_run();
	port_irq_disable();
	/* Tested with interrupts off: a thread woken since the run above
	 * would otherwise wait for the next interrupt. */
	if (!irq_threads_pending() && tick_wakes_cpu()) {
		x86_safe_halt();
		return;
	}
	port_irq_enable();
	port_cpu_relax();
}

void port_delay_us(unsigned long us)
{
	uint64_t end = port_time_ns() + (uint64_t)us * 1000u;

	while (port_time_ns() < end)
		x86_idle();
}

uint64_t port_cycles(void)
{
	return x86_rdtsc();
}

static irqreturn_t pit_irq(int irq, void *dev)
{
	void (*hook)(void) = x86_tick_hook;

	(void)irq;
	(void)dev;
	ticks++;
	if (hook)
		hook();
	irq_spurious_poll();
	return IRQ_HANDLED;
}

int pit_request(void)
{
	return request_irq(PIT_IRQ, pit_irq, IRQF_DISABLED, "timer", NULL);
}

unsigned long pit_ticks(void)
{
	return ticks;
}

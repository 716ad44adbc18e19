// SPDX-License-Identifier: MIT
/*
 * clock.c - the mps2 kernel's clocks: the CMSDK dual timer's first
 * counter, free running at 25 MHz from 0xffffffff down (port_time_ns();
 * a second clock of the machine besides SysTick, for timer-ticks), and
 * the two CMSDK timers that the nesting scenario runs.
 */
#include <genirq/port.h>

#include "mps2.h"

#define DT_LOAD		0x00u
#define DT_VALUE	0x04u
#define DT_CONTROL	0x08u
#define DT_EN		(1u << 7)
#define DT_32BIT	(1u << 1)

#define TIMER_CTRL	0x00u
#define TIMER_VALUE	0x04u
#define TIMER_RELOAD	0x08u
#define TIMER_INTCLEAR	0x0cu
#define TIMER_EN	(1u << 0)
#define TIMER_IRQEN	(1u << 3)

static uint32_t last;		/* the counter's last value read, counted up */
static uint64_t high;		/* wraps seen, << 32 */

void mps2_clock_init(void)
{
	armv7m_write(DUALTIMER_BASE + DT_LOAD, 0xffffffffu);
	armv7m_write(DUALTIMER_BASE + DT_CONTROL, DT_EN | DT_32BIT);	/* free running */
}

/* Counts since start; a wrap (171 s) is seen if the clock is read once in
 * each (the tick reads it). */
uint64_t mps2_clock(void)
{
	unsigned long flags = port_irq_save();
	uint32_t now = ~armv7m_read(DUALTIMER_BASE + DT_VALUE);
	uint64_t t;

	if (now < last)
		high += 1ull << 32;
	last = now;
	t = high | now;
	port_irq_restore(flags);
	return t;
}

uint64_t mps2_ms_to_counts(unsigned int ms)
{
	return (uint64_t)ms * (MPS2_CLOCK_HZ / 1000u);
}

uint64_t port_time_ns(void)
{
	return mps2_clock() * (1000000000u / MPS2_CLOCK_HZ);
}

uint64_t port_cycles(void)
{
	return mps2_clock();
}

void port_delay_us(unsigned long us)
{
	uint64_t end = mps2_clock() + (uint64_t)us * (MPS2_CLOCK_HZ / 1000000u);

	while (mps2_clock() < end)
		port_cpu_relax();
}

void mps2_timer_start(uint32_t base, uint32_t reload)
{
	armv7m_write(base + TIMER_CTRL, 0);
	armv7m_write(base + TIMER_RELOAD, reload);
	armv7m_write(base + TIMER_VALUE, reload);
	armv7m_write(base + TIMER_CTRL, TIMER_EN | TIMER_IRQEN);
}

void mps2_timer_stop(uint32_t base)
{
	armv7m_write(base + TIMER_CTRL, 0);
	armv7m_write(base + TIMER_INTCLEAR, 1);
}

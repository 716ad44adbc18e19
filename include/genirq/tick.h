/* SPDX-License-Identifier: MIT */
/*
 * tick.h - port_time_ns() for a kernel whose only clock is a periodic
 * tick (an RTOS's tick count, a teaching kernel's `ticks`):
 *
 *	uint64_t port_time_ns(void) { return irq_ticks_to_ns(ticks, HZ); }
 *
 * The core asks port_time_ns() for the spurious detector's decay, the
 * storm rule's window and trace time stamps; a tick-granular clock is
 * enough for the first two (their windows are 100 ms and up). Two things
 * to know with such a clock: port_delay_us() must be the kernel's own (the
 * default spins on port_time_ns(), which stands still while interrupts
 * are off), and trace time stamps are only as fine as the tick (give a
 * finer port_trace_clock() if the kernel has a cycle counter).
 */
#ifndef GENIRQ_TICK_H
#define GENIRQ_TICK_H

#include <stdint.h>

/**
 * irq_ticks_to_ns - a tick count at @hz ticks a second, in nanoseconds
 * @ticks: ticks since boot
 * @hz: the tick rate (not 0)
 *
 * Exact for any @hz (1024 Hz included), without overflow for as long as
 * the result fits in 64 bits (584 years).
 *
 * Context: any.
 * Return: @ticks in nanoseconds.
 */
static inline uint64_t irq_ticks_to_ns(uint64_t ticks, uint32_t hz)
{
	return ticks / hz * 1000000000u + ticks % hz * 1000000000u / hz;
}

#endif /* GENIRQ_TICK_H */

// SPDX-License-Identifier: MIT
/*
 * test_tick.c - <genirq/tick.h>: a tick count as nanoseconds, exact at
 * rates that do and do not divide a second, without overflow far out.
 */
#include <genirq/tick.h>
#include "fixture.h"

TEST(ticks_to_ns_is_exact_at_rates_that_divide_a_second)
{
	CHECK(irq_ticks_to_ns(0, 100) == 0);
	CHECK(irq_ticks_to_ns(1, 100) == 10000000u);
	CHECK(irq_ticks_to_ns(250, 1000) == 250000000u);
	CHECK(irq_ticks_to_ns(3, 1) == 3000000000u);
}

TEST(ticks_to_ns_is_exact_at_rates_that_do_not)
{
	/* 1024 Hz: 976562.5 ns a tick; two ticks are exactly 1953125 ns. */
	CHECK(irq_ticks_to_ns(1, 1024) == 976562u);
	CHECK(irq_ticks_to_ns(2, 1024) == 1953125u);
	CHECK(irq_ticks_to_ns(1024, 1024) == 1000000000u);
	/* 32768 Hz (a watch crystal): one second and one tick. */
	CHECK(irq_ticks_to_ns(32769, 32768) == 1000000000u + 30517u);
}

TEST(ticks_to_ns_does_not_overflow_after_years)
{
	/* Ten years at 1000 Hz: ticks * 1e9 alone would overflow 64 bits. */
	uint64_t ticks = 10ull * 365 * 24 * 3600 * 1000;

	CHECK(irq_ticks_to_ns(ticks, 1000) == ticks * 1000000u);
	CHECK(irq_ticks_to_ns(ticks + 1, 1024) > irq_ticks_to_ns(ticks, 1024));
}

static volatile uint64_t fake_ticks;
static uint64_t tick_time_ns(void)
{
	return irq_ticks_to_ns(fake_ticks, 250);
}

TEST(ticks_to_ns_follows_a_changing_counter)
{
	fake_ticks = 0;
	CHECK(tick_time_ns() == 0);
	fake_ticks = 251;
	CHECK(tick_time_ns() == 1004000000u);
}

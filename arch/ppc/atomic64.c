// SPDX-License-Identifier: MIT
/*
 * atomic64.c - the 64-bit C11 atomics a 32-bit PowerPC compiler leaves
 * to a library (libatomic's __atomic_*_8), for the freestanding kernel:
 * one lock, taken with local interrupts off.
 */
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <genirq/port.h>

static atomic_flag lock64 = ATOMIC_FLAG_INIT;

static unsigned long take(void)
{
	unsigned long flags = port_irq_save();

	while (atomic_flag_test_and_set_explicit(&lock64, memory_order_acquire))
		;
	return flags;
}

static void give(unsigned long flags)
{
	atomic_flag_clear_explicit(&lock64, memory_order_release);
	port_irq_restore(flags);
}

uint64_t load8(const volatile void *p, int order) __asm__("__atomic_load_8");
void store8(volatile void *p, uint64_t v, int order) __asm__("__atomic_store_8");
bool cmpxchg8(volatile void *p, void *expected, uint64_t desired, int ok_order,
	      int fail_order) __asm__("__atomic_compare_exchange_8");

uint64_t load8(const volatile void *p, int order)
{
	unsigned long flags = take();
	uint64_t v = *(const volatile uint64_t *)p;

	(void)order;
	give(flags);
	return v;
}

void store8(volatile void *p, uint64_t v, int order)
{
	unsigned long flags = take();

	(void)order;
	*(volatile uint64_t *)p = v;
	give(flags);
}

bool cmpxchg8(volatile void *p, void *expected, uint64_t desired, int ok_order,
	      int fail_order)
{
	unsigned long flags = take();
	uint64_t *e = expected, cur = *(volatile uint64_t *)p;
	bool ok = cur == *e;

	(void)ok_order;
	(void)fail_order;
	if (ok)
		*(volatile uint64_t *)p = desired;
	else
		*e = cur;
	give(flags);
	return ok;
}

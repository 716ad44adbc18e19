// SPDX-License-Identifier: MIT
/*
 * atomic64.c - the 8-byte atomics GCC leaves to libatomic on i386.
 *
 * With -mgeneral-regs-only the compiler has no x87/SSE 8-byte load, so
 * _Atomic uint64_t (the core's poll deadline) becomes calls. lock
 * cmpxchg8b (every i586 and later) does all three, SMP-safe.
 */
#include <stdbool.h>
#include <stdint.h>

uint64_t __atomic_load_8(const volatile void *mem, int model);
void __atomic_store_8(volatile void *mem, uint64_t val, int model);
bool __atomic_compare_exchange_8(volatile void *mem, void *expected, uint64_t desired,
				 bool weak, int success, int failure);

/* Store @new at @p if it holds @old. Return: what @p held. */
static uint64_t cmpxchg8b(volatile void *p, uint64_t old, uint64_t new)
{
	uint64_t prev;

	__asm__ __volatile__("lock cmpxchg8b %1"
			     : "=A"(prev), "+m"(*(volatile uint64_t *)p)
			     : "b"((uint32_t)new), "c"((uint32_t)(new >> 32)), "0"(old)
			     : "memory");
	return prev;
}

uint64_t __atomic_load_8(const volatile void *mem, int model)
{
	(void)model;
	/* Equal: writes the same value back; else: no write. Either way, a read. */
	return cmpxchg8b((volatile void *)(uintptr_t)mem, 0, 0);
}

void __atomic_store_8(volatile void *mem, uint64_t val, int model)
{
	uint64_t old = *(volatile uint64_t *)mem, seen;

	(void)model;
	while ((seen = cmpxchg8b(mem, old, val)) != old)
		old = seen;
}

bool __atomic_compare_exchange_8(volatile void *mem, void *expected, uint64_t desired,
				 bool weak, int success, int failure)
{
	uint64_t want = *(uint64_t *)expected, seen = cmpxchg8b(mem, want, desired);

	(void)weak;
	(void)success;
	(void)failure;
	if (seen == want)
		return true;
	*(uint64_t *)expected = seen;
	return false;
}

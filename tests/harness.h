/* SPDX-License-Identifier: MIT */
/*
 * harness.h - genirq's unit-test harness.
 *
 * TEST(name) registers a test; the runner forks each into its own process
 * so one test's state (or crash) never leaks into the next, and prints
 * "TEST name: PASS|FAIL" lines and last "N passed, N failed".
 * CHECK* stop the test at the first broken expectation, saying where.
 */
#ifndef GENIRQ_TEST_HARNESS_H
#define GENIRQ_TEST_HARNESS_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

void test_register(const char *name, void (*fn)(void));
/*
 * The environment variable @name as a whole decimal number from @lo to
 * @hi, or @dflt when it is unset; any other value stops the process with
 * a message naming the range and status 2, before a test runs on it.
 */
long test_env_number(const char *name, long dflt, long lo, long hi);

/* The stress tests' STRESS_EVENTS: 10^6 unless set; at least 1,000. */
static inline long stress_events(void)
{
	return test_env_number("STRESS_EVENTS", 1000000, 1000, 1000000000000L);
}
void test_fail(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4), noreturn));

#define TEST(name)							\
	static void name(void);						\
	__attribute__((constructor)) static void register_##name(void)	\
	{								\
		test_register(#name, name);				\
	}								\
	static void name(void)

#define CHECK(cond)							\
	do {								\
		if (!(cond))						\
			test_fail(__FILE__, __LINE__, "%s", #cond);	\
	} while (0)

#define CHECK_EQ(a, b)							\
	do {								\
		long long _a = (long long)(a), _b = (long long)(b);	\
		if (_a != _b)						\
			test_fail(__FILE__, __LINE__, "%s == %s: %lld != %lld", \
				  #a, #b, _a, _b);			\
	} while (0)

#define CHECK_STR(a, b)							\
	do {								\
		const char *_a = (a), *_b = (b);			\
		if (strcmp(_a, _b) != 0)				\
			test_fail(__FILE__, __LINE__, "%s:\n--- got ---\n%s\n--- want ---\n%s", \
				  #a, _a, _b);				\
	} while (0)

#endif /* GENIRQ_TEST_HARNESS_H */

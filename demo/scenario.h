/* SPDX-License-Identifier: MIT */
/*
 * scenario.h - the scenario lines every demo kernel and the host suite
 * print, in the one format of SCENARIOS.md:
 *
 *   SCENARIO <name>: PASS [detail]
 *   SCENARIO <name>: FAIL <expected, happened>
 *   SCENARIO <name>: SKIP <reason>
 *   SCENARIOS: N passed, N failed, N skipped
 */
#ifndef GENIRQ_DEMO_SCENARIO_H
#define GENIRQ_DEMO_SCENARIO_H

#include <stddef.h>

struct scenario_tally {
	void		(*write)(const char *text, size_t len);
	unsigned int	passed, failed, skipped;
};

void scenario_pass(struct scenario_tally *t, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void scenario_fail(struct scenario_tally *t, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void scenario_skip(struct scenario_tally *t, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Print the summary line. Return: 0 when nothing failed and something passed. */
int scenario_summary(struct scenario_tally *t);

#endif /* GENIRQ_DEMO_SCENARIO_H */

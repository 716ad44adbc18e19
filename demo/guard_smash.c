// SPDX-License-Identifier: MIT
/*
 * guard_smash.c - a stack guard word overwritten on purpose, which the
 * port's check must catch (see guard_smash.h).
 */
#include <genirq/port.h>
#include <genirq/proc.h>

#include "guard_smash.h"
#include "scenario.h"

void guard_smash(const char *bootargs, const struct guard_smash *g)
{
	bool softirq = scenario_contains(bootargs, "smash-softirq-guard");
	const char *arg = softirq ? "smash-softirq-guard" : "smash-irq-guard";
	unsigned int cpu = port_cpu_id();
	volatile uint64_t *guard;
	char line[160];
	int n;

	if (!softirq && !scenario_contains(bootargs, arg))
		return;
	guard = g->guard(cpu, softirq);
	n = irq_snprintf(line, sizeof(line), "genirq: %s: cpu%u's %s stack guard word "
			 "overwritten, then a self-IPI\n", arg, cpu, softirq ? "softirq" : "hardirq");
	g->write(line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1);
	*guard = ~*guard;
	g->interrupt();
	irq_snprintf(line, sizeof(line), "%s: the interrupt returned, the overwritten guard "
		     "word unnoticed", arg);
	g->fail(line);
}

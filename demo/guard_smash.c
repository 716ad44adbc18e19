// SPDX-License-Identifier: MIT
/*
 * guard_smash.c - a stack guard word overwritten on purpose, or a handler
 * run past the bottom of its stack, which the port's checks must catch
 * (see guard_smash.h).
 */
#include <genirq/port.h>
#include <genirq/proc.h>

#include "guard_smash.h"
#include "scenario.h"

#define OVERRUN_BELOW	128	/* bytes past the top guard word: below the stack */
#define OVERRUN_WAIT_MS	SCENARIO_WAIT_MS	/* at most, for the tick that comes in down there */

static const struct guard_smash *smash;

static void say(const char *arg, const char *what)
{
	char line[160];
	int n = irq_snprintf(line, sizeof(line), "genirq: %s: %s\n", arg, what);

	smash->write(line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1);
}

/*
 * In the IPI's handler, on the hardirq stack with interrupts on: every
 * byte from this frame down to OVERRUN_BELOW below the top guard word
 * written, then a wait down there for a tick.
 */
static __attribute__((noinline)) void overrun(void)
{
	char here;
	uintptr_t below = (uintptr_t)smash->guard(port_cpu_id(), false) - OVERRUN_BELOW;
	size_t bytes = (uintptr_t)&here - below;
	volatile char big[bytes];
	unsigned long ticks;

	for (size_t i = 0; i < bytes; i++)
		big[i] = (char)0xee;
	(void)big[0];
	ticks = smash->wait_tick(OVERRUN_WAIT_MS);
	smash->fail(ticks ? "smash-irq-nested: the tick below the hardirq stack came back"
			  : "smash-irq-nested: no tick came in below the hardirq stack");
}

void guard_smash(const char *bootargs, const struct guard_smash *g)
{
	bool softirq = scenario_contains(bootargs, "smash-softirq-guard");
	const char *arg = softirq ? "smash-softirq-guard" : "smash-irq-guard";
	unsigned int cpu = port_cpu_id();
	volatile uint64_t *guard;
	char line[160];

	smash = g;
	if (scenario_contains(bootargs, "smash-irq-nested")) {
		say("smash-irq-nested", "an interrupt whose handler runs past the bottom of the "
		    "hardirq stack and waits there for a tick");
		g->interrupt(overrun);
		g->fail("smash-irq-nested: the handler below the hardirq stack returned");
	}
	if (!softirq && !scenario_contains(bootargs, arg))
		return;
	guard = g->guard(cpu, softirq);
	irq_snprintf(line, sizeof(line), "cpu%u's %s stack guard word overwritten, then a "
		     "self-IPI", cpu, softirq ? "softirq" : "hardirq");
	say(arg, line);
	*guard = ~*guard;
	g->interrupt(NULL);
	irq_snprintf(line, sizeof(line), "%s: the interrupt returned, the overwritten guard "
		     "word unnoticed", arg);
	g->fail(line);
}

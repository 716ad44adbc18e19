// SPDX-License-Identifier: MIT
/*
 * pm_scenario.c - the raise and suspend rows (pm_scenario.h).
 */
#include <genirq/compat.h>
#include <genirq/config.h>
#include <genirq/irq.h>
#include <genirq/proc.h>
#include <genirq/port.h>
#include <genirq/trace.h>

#include "pm_cmd.h"
#include "pm_scenario.h"
#include "scenario.h"
#include "shell.h"

/* How long raise looks for a second event after the first. */
#define RAISE_SETTLE_US		20000u

static struct irq_trace_event ring[64];

/* Handler entries on line @irq in every CPU's trace ring. */
static unsigned int handler_runs(unsigned int irq)
{
	unsigned int runs = 0;

	for (unsigned int cpu = 0; cpu < GENIRQ_NR_CPUS; cpu++) {
		unsigned int n = irq_trace_read(cpu, ring, GENIRQ_ARRAY_SIZE(ring), NULL);

		for (unsigned int i = 0; i < n; i++)
			runs += ring[i].irq == irq && ring[i].type == IRQ_TRACE_HANDLER_ENTRY;
	}
	return runs;
}

void pm_scenario_raise(struct scenario_tally *t, int irq, const char *why)
{
	unsigned long before, after;
	unsigned int runs;
	int err;

	if (irq < 0) {
		scenario_skip(t, "raise", "%s", why);
		return;
	}
	if (!SCENARIO_NEEDS(t, "raise", GENIRQ_TRACE))
		return;
	irq_trace_reset();
	err = irq_trace_line((unsigned int)irq, true);
	if (!err) {
		err = pm_raise((unsigned int)irq, &before, &after);
		port_delay_us(RAISE_SETTLE_US);		/* a second event would be here by now */
		after = irq_stat_total((unsigned int)irq);
		(void)irq_trace_line((unsigned int)irq, false);
	}
	if (err) {
		scenario_fail(t, "raise", "irq %d: irq_set_irqchip_state(PENDING) or its trace: %d",
			      irq, err);
		return;
	}
	runs = handler_runs((unsigned int)irq);
	irq_trace_reset();
	if (after - before != 1 || runs != 1)
		scenario_fail(t, "raise", "irq %d made pending at its controller: expected events +1, "
			      "one handler run; got +%lu, %u run(s)", irq, after - before, runs);
	else
		scenario_pass(t, "raise", "irq %d made pending at its controller "
			      "(irq_set_irqchip_state): events +1, its handler ran once", irq);
}

void pm_scenario_suspend(struct scenario_tally *t, const struct shell_machine *machine,
			 const char *why)
{
	static struct shell sh;
	static char arg0[] = "suspend", arg1[] = "timer";
	char *argv[] = { arg0, arg1 };
	const struct pm_sleep *s = pm_last_sleep();
	char named[64], reason[sizeof(s->reason)];
	size_t n = 0;
	int err;

	if (why) {
		scenario_skip(t, "suspend", "%s", why);
		return;
	}
	if (!SCENARIO_NEEDS(t, "suspend", GENIRQ_PM))
		return;
	shell_init(&sh, shell_discard, NULL, 0);
	sh.machine = machine;
	err = shell_cmd_suspend(&sh, 2, argv);
	if (err || !s->done) {
		scenario_fail(t, "suspend", "suspend timer: %d %s", err, sh.why);
		return;
	}
	for (; s->reason[n] && s->reason[n] != '\n'; n++)	/* its line, without the newline */
		reason[n] = s->reason[n];
	reason[n] = '\0';
	irq_snprintf(named, sizeof(named), "%u %s", s->wake, s->timer);
	if (s->wake_events != 1 || s->suspended_max > 1 || !shell_str_eq(reason, named))
		scenario_fail(t, "suspend", "expected the wake timer's one event, no suspended line run, "
			      "wakeup_reason \"%u %s\"; got %lu wake event(s), %lu on suspended line %u, "
			      "wakeup_reason \"%s\"", s->wake, s->timer, s->wake_events,
			      s->suspended_max, s->suspended_line, reason);
	else
		scenario_pass(t, "suspend", "suspend_device_irqs(), the CPU in its idle instruction "
			      "until %s (irq %u, the only wake line) fired once; no suspended line ran; "
			      "wakeup_reason %s", s->timer, s->wake, reason);
}

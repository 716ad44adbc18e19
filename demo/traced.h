/* SPDX-License-Identifier: MIT */
/*
 * traced.h - the workload of `make trace ARCH=<isa>`, the same mechanism
 * on every demo kernel: the kernel argument "trace" makes the kernel trace
 * every line but its timers', run a list of named scenarios in order, and
 * leave the rings for the shell's `trace dump`.
 *
 * A port lists its own scenario functions, the ones that flood first (a
 * screaming line: up to 100,000 events, which overwrite a ring of
 * GENIRQ_TRACE_EVENTS) at the head so that what follows stays in the
 * rings; soft_replay_scenario() is the same everywhere.
 */
#ifndef GENIRQ_DEMO_TRACED_H
#define GENIRQ_DEMO_TRACED_H

#include "scenario.h"

struct traced_scenario {
	const char	*name;
	void		(*run)(void);	/* its verdicts go to traced_run()'s tally */
};

/*
 * Trace every line but @quiet's @nquiet (negative numbers skipped), then
 * run @list's @n scenarios in order. On one CPU it says that no affinity
 * move can be shown. Tracing stays on: the caller stops it.
 */
void traced_run(struct scenario_tally *t, const int *quiet, unsigned int nquiet,
		const struct traced_scenario *list, unsigned int n);

/*
 * traced_run() of the list a machine whose edu line's scenarios come as
 * one call (@line: shared-line, affinity-move, screaming-line, ...)
 * shares: @line first (its screaming line floods the rings), then
 * @softirq, then soft-replay.
 */
void traced_run_line(struct scenario_tally *t, const int *quiet, unsigned int nquiet,
		     void (*line)(struct scenario_tally *t), void (*softirq)(void));

/*
 * soft-replay: a software edge line (no hardware behind it, raised by
 * calling its flow as an interrupt entry would) disabled, raised,
 * enabled: held PENDING while off, replayed exactly once from the resend
 * softirq at enable; then raised again from inside its own handler: the
 * edge flow re-runs the handler for it. Trace events: pending, replay,
 * softirq IRQ_RESEND, rerun.
 */
void soft_replay_scenario(struct scenario_tally *t);
/* The same for a traced_run() list, on its tally. */
void traced_soft_replay(void);

#endif /* GENIRQ_DEMO_TRACED_H */

// SPDX-License-Identifier: MIT
/*
 * traced.c - the traced workload and the soft-replay scenario (see
 * traced.h).
 */
#include <stdatomic.h>
#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "trace_cmd.h"
#include "traced.h"

#define NAME	"soft-replay"

static struct scenario_tally *traced_tally;

void traced_run(struct scenario_tally *t, const int *quiet, unsigned int nquiet,
		const struct traced_scenario *list, unsigned int n)
{
	traced_tally = t;
	trace_begin_quiet(quiet, nquiet);
	if (cpumask_weight(irq_cpu_online_mask()) < 2)
		irq_log("trace: one CPU online: no affinity move to show (uniprocessor)");
	for (unsigned int i = 0; i < n; i++)
		list[i].run();
}

static void (*line_scenarios)(struct scenario_tally *t);

static void run_line_scenarios(void)
{
	line_scenarios(traced_tally);
}

void traced_run_line(struct scenario_tally *t, const int *quiet, unsigned int nquiet,
		     void (*line)(struct scenario_tally *t), void (*softirq)(void))
{
	const struct traced_scenario list[] = {
		{ "line", run_line_scenarios },
		{ "softirq", softirq },
		{ "soft-replay", traced_soft_replay },
	};

	line_scenarios = line;
	traced_run(t, quiet, nquiet, list, GENIRQ_ARRAY_SIZE(list));
}

/* The line's controller: nothing to program; ack and mask make it an edge flow. */
static void soft_nop(struct irq_data *d)
{
	(void)d;
}

static const struct irq_chip soft_chip = {
	.name	= "soft",
	.ack	= soft_nop,
	.mask	= soft_nop,
	.unmask	= soft_nop,
};

static struct {
	unsigned int	irq;
	_Atomic unsigned long	runs;
	_Atomic unsigned int	raise_again;	/* the handler raises its own line once */
} soft;

/* An event on the line, delivered the way a port's interrupt entry does. */
static void soft_raise(void)
{
	unsigned long flags = port_irq_save();

	irq_enter();
	generic_handle_irq(soft.irq);
	irq_exit();
	port_irq_restore(flags);
}

static irqreturn_t soft_handler(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	atomic_fetch_add(&soft.runs, 1);
	if (atomic_exchange(&soft.raise_again, 0u))
		generic_handle_irq(soft.irq);	/* comes while this run is in progress */
	return IRQ_HANDLED;
}

void soft_replay_scenario(struct scenario_tally *t)
{
	unsigned long off, on, again;
	int irq = irq_alloc_descs(-1, 1);
	int err = irq < 0 ? irq : 0;

	if (!err)
		err = irq_set_chip((unsigned int)irq, &soft_chip, NULL);
	if (!err)
		err = irq_set_irq_type((unsigned int)irq, IRQ_TYPE_EDGE_RISING);
	if (!err) {
		soft.irq = (unsigned int)irq;
		err = request_irq(soft.irq, soft_handler, 0, "soft", &soft);
	}
	if (err) {
		scenario_fail(t, NAME, "software line %d: setup %d", irq, err);
		return;
	}
	disable_irq(soft.irq);
	soft_raise();
	off = atomic_load(&soft.runs);
	enable_irq(soft.irq);
	do_softirq();			/* the resend softirq, when enable_irq left it to one */
	on = atomic_load(&soft.runs) - off;
	atomic_store(&soft.raise_again, 1u);
	soft_raise();
	again = atomic_load(&soft.runs) - off - on;
	free_irq(soft.irq, &soft);
	irq_free_descs(soft.irq, 1);
	if (off == 0 && on == 1 && again == 2)
		scenario_pass(t, NAME, "irq %u: 0 runs while disabled, 1 replayed at enable_irq, "
			      "2 runs for an event raised during its own handler", soft.irq);
	else
		scenario_fail(t, NAME, "irq %u: %lu runs while disabled (want 0), %lu at enable "
			      "(want 1), %lu for a raise within the handler (want 2)",
			      soft.irq, off, on, again);
}

void traced_soft_replay(void)
{
	soft_replay_scenario(traced_tally);
}

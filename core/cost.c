// SPDX-License-Identifier: MIT
/*
 * cost.c - per-line cost accounting, switched on per line at run time.
 *
 * Off costs nothing: no flow tests for it. Turning it on swaps the line's
 * flow for handle_cost_irq(), which reads the port's cycle counter around
 * the real flow and records the line's count, total and largest time,
 * and a log2 histogram. Turning it off puts the real flow back; the
 * figures stay readable (and keep adding up if it is turned on again).
 * While it is on, irq_desc_set_flow() changes the flow behind the wrapper.
 */
#include "internals.h"

struct irq_cost_acct {
	irq_flow_handler_t	flow;		/* [L] the line's real flow */
	bool			on;		/* [L] */
	struct irq_cost		stats;		/* [L] */
};

/* Which histogram bucket @cycles falls into (bucket 0: below 2^SHIFT). */
static unsigned int cost_bucket(uint64_t cycles)
{
	unsigned int b = 0;

	cycles >>= IRQ_COST_SHIFT;
	while (cycles && b < IRQ_COST_BUCKETS - 1) {
		cycles >>= 1;
		b++;
	}
	return b;
}

/* The measuring flow: only lines with accounting on ever run it. */
void handle_cost_irq(struct irq_desc *desc)
{
	struct irq_cost_acct *acct = desc->cost;
	uint64_t t0 = port_cycles(), dt;
	struct irq_cost *s;

	acct->flow(desc);
	dt = port_cycles() - t0;
	desc_lock(desc);
	s = &acct->stats;
	s->count++;
	s->total_cycles += dt;
	if (dt > s->max_cycles)
		s->max_cycles = dt;
	s->hist[cost_bucket(dt)]++;
	desc_unlock(desc);
}

irq_flow_handler_t irq_desc_flow(struct irq_desc *desc)
{
	return desc->handle_irq == handle_cost_irq ? desc->cost->flow : desc->handle_irq;
}

void irq_desc_set_flow(struct irq_desc *desc, irq_flow_handler_t flow)
{
	if (desc->cost && desc->cost->on)
		desc->cost->flow = flow;
	else
		desc->handle_irq = flow;
}

int irq_set_cost_accounting(unsigned int irq, bool on)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irq_cost_acct *fresh = NULL;
	unsigned long flags;

	if (!desc)
		return -EINVAL;
	/* Allocate outside the lock; a racing first caller's copy wins. */
	if (on && !desc->cost) {
		fresh = irq_zalloc(sizeof(*fresh));
		if (!fresh)
			return -ENOMEM;
	}
	flags = desc_lock_irqsave(desc);
	if (!desc->cost) {
		desc->cost = fresh;
		fresh = NULL;
	}
	if (desc->cost && on != desc->cost->on) {
		struct irq_cost_acct *acct = desc->cost;

		if (on) {
			acct->flow = desc->handle_irq;
			desc->handle_irq = handle_cost_irq;
		} else {
			desc->handle_irq = acct->flow;
		}
		acct->on = on;
	}
	desc_unlock_irqrestore(desc, flags);
	irq_free(fresh);
	return 0;
}

int irq_get_cost(unsigned int irq, struct irq_cost *out)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned long flags;

	if (!desc || !out)
		return -EINVAL;
	flags = desc_lock_irqsave(desc);
	if (desc->cost) {
		*out = desc->cost->stats;
		out->enabled = desc->cost->on;
	} else {
		*out = (struct irq_cost){ .enabled = false };
	}
	desc_unlock_irqrestore(desc, flags);
	return 0;
}

/* desc.c: the descriptor goes away. */
void irq_cost_release(struct irq_desc *desc)
{
	irq_free(desc->cost);
	desc->cost = NULL;
}

// SPDX-License-Identifier: MIT
/*
 * cost.c - per-line cost accounting, switched on per line at run time.
 *
 * Off costs nothing: no flow tests for it. Turning it on makes the line
 * instrumented (entry.c, irq_desc_update_entry()): its entry,
 * handle_instrumented_irq(), reads the port's cycle counter around the
 * flow and hands the time to irq_cost_add(), which records the line's
 * count, total and largest time, and a log2 histogram. Turning it off
 * gives the line its flow back (unless it is traced); the figures stay
 * readable (and keep adding up if it is turned on again).
 *
 * The figures are published before the entry that uses them (release);
 * a CPU that still finds no figures (it read the entry before it saw
 * them) runs the flow untimed, once.
 */
#include "internals.h"

GENIRQ_FEATURE_SOURCE(GENIRQ_COST, "COST");

struct irq_cost_acct {
	atomic_bool		on;		/* written under [L]; trace.c reads it without */
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

static struct irq_cost_acct *cost_of(struct irq_desc *desc)
{
	return atomic_load_explicit(&desc->cost, memory_order_relaxed);
}

bool irq_cost_on(struct irq_desc *desc)
{
	struct irq_cost_acct *acct = atomic_load_explicit(&desc->cost, memory_order_acquire);

	return acct && atomic_load_explicit(&acct->on, memory_order_relaxed);
}

void irq_cost_add(struct irq_desc *desc, uint64_t dt)
{
	struct irq_cost_acct *acct = atomic_load_explicit(&desc->cost, memory_order_acquire);
	struct irq_cost *s;

	if (irq_unlikely(!acct))
		return;
	desc_lock(desc);
	s = &acct->stats;
	s->count++;
	s->total_cycles += dt;
	if (dt > s->max_cycles)
		s->max_cycles = dt;
	s->hist[cost_bucket(dt)]++;
	desc_unlock(desc);
}

int irq_set_cost_accounting(unsigned int irq, bool on)
{
	struct irq_cost_acct *fresh = NULL;
	struct irq_desc *desc;
	unsigned long flags;
	unsigned int rd;

	if (!(desc = irq_desc_get(irq, &rd)))
		return -EINVAL;
	/* Allocate outside the lock; a racing first caller's copy wins. */
	if (on && !cost_of(desc)) {
		fresh = irq_zalloc(sizeof(*fresh));
		if (!fresh) {
			irq_desc_put(rd);
			return -ENOMEM;
		}
	}
	flags = desc_lock_irqsave(desc);
	if (!cost_of(desc) && fresh) {
		irq_atomic_store(&desc->cost, fresh, memory_order_release);
		fresh = NULL;
	}
	if (cost_of(desc) && on != atomic_load_explicit(&cost_of(desc)->on, memory_order_relaxed)) {
		irq_atomic_store(&cost_of(desc)->on, on, memory_order_relaxed);
		irq_desc_update_entry(desc);
	}
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	irq_free(fresh);
	return 0;
}

int irq_get_cost(unsigned int irq, struct irq_cost *out)
{
	struct irq_desc *desc;
	unsigned long flags;
	unsigned int rd;

	if (!out || !(desc = irq_desc_get(irq, &rd)))
		return -EINVAL;
	flags = desc_lock_irqsave(desc);
	if (cost_of(desc)) {
		*out = cost_of(desc)->stats;
		out->enabled = atomic_load_explicit(&cost_of(desc)->on, memory_order_relaxed);
	} else {
		*out = (struct irq_cost){ .enabled = false };
	}
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	return 0;
}

/* desc.c: the descriptor goes away. */
void irq_cost_release(struct irq_desc *desc)
{
	irq_free(cost_of(desc));
	irq_atomic_store(&desc->cost, NULL, memory_order_relaxed);
}

/* SPDX-License-Identifier: MIT */
/*
 * model.h - a reference model of one interrupt line: what genirq's driver
 * API promises, written as plainly as possible and separately from core/.
 *
 * The model knows nothing of locks, flows or controllers' primitives. It
 * says, for each call a driver or device makes, what the observable state
 * of the line must be afterwards (handlers, disable depth, affinity,
 * spurious counters), and, for each handler call the core makes, whether
 * that call was allowed. tests/fuzz/fuzz_model.c runs the same operations
 * on the real core and on this model and compares them after every step.
 */
#ifndef GENIRQ_MODEL_H
#define GENIRQ_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#define MODEL_SLOTS	3	/* devices (handlers) that may share the line */
#define MODEL_CPUS	2
#define MODEL_NONE	(-1)

/* Mirrors of the core's documented constants (interrupt.h, spurious.c). */
#define MODEL_SPURIOUS_DECAY_NS	(100ull * 1000 * 1000)
#define MODEL_SPURIOUS_WINDOW	100000u

enum model_slot_state {
	SLOT_FREE,		/* no handler: the device may not interrupt */
	SLOT_INSTALLED,		/* request_irq/setup_irq returned 0 */
	SLOT_FREEING,		/* inside free_irq: calls still allowed */
};

struct model_slot {
	enum model_slot_state	state;
	bool			shared;		/* asked for IRQF_SHARED */
	unsigned int		want;		/* events raised, not yet serviced */
};

struct model_line {
	bool		level;
	struct model_slot slot[MODEL_SLOTS];
	int		order[MODEL_SLOTS];	/* handler chain, install order */
	int		nr_handlers;
	unsigned int	depth;			/* nested disables; never negative */
	unsigned int	affinity;		/* requested CPUs (bit mask) */
	unsigned int	route;			/* the CPU the line is delivered to */
	/* The stuck-line rule's counters (/proc/irq/N/spurious). */
	unsigned int	count, unhandled;
	uint64_t	last_unhandled;
	/* Accounting of handler calls. */
	bool		in_chain;		/* inside one run of the chain */
	int		chain_pos;		/* next expected position in order[] */
	bool		chain_claimed;
	unsigned long	runs;			/* chain runs seen */
	unsigned long	stale_runs;		/* edge runs with nothing owed */
};

/* The result the model expects from a call, with the state it leaves. */
void model_init(struct model_line *m, bool level, unsigned int depth);
int model_request(struct model_line *m, int slot, bool shared);	/* 0 / -EBUSY */
void model_request_failed(struct model_line *m, int slot);	/* undo a refused one */
void model_free_begin(struct model_line *m, int slot);
void model_free_end(struct model_line *m, int slot);
void model_disable(struct model_line *m);
void model_enable(struct model_line *m);
int model_set_affinity(struct model_line *m, unsigned int mask, unsigned int online);
void model_raise(struct model_line *m, int slot);		/* edge or assert */
void model_deassert(struct model_line *m, int slot);
bool model_line_asserted(const struct model_line *m);	/* level: wired OR */

/*
 * A handler call: @slot ran on @cpu at time @now. Return: NULL when the
 * call was allowed, else why not. *@claim says what the device answers.
 */
const char *model_handler_call(struct model_line *m, int slot, unsigned int cpu,
			       uint64_t now, bool *claim);
/* Is every owed event serviced (after the line's CPU took its interrupts)? */
bool model_nothing_owed(const struct model_line *m);
bool model_should_deliver(const struct model_line *m);

#endif /* GENIRQ_MODEL_H */

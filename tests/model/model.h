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
 *
 * Threaded actions (request_threaded_irq()): a slot's primary is plain
 * (no thread), quick (services its device in hardirq context and hands
 * the rest to its thread), deferring (leaves the device to its thread) or
 * absent (NULL: always wakes the thread). The model says when a thread
 * may run (woken, at most once per wake-up batch, not after free_irq()),
 * when an IRQF_ONESHOT line must be masked (from a delivery that left a
 * woken thread until the last one returned) and how the stuck-line rule
 * judges events whose primaries only woke threads.
 *
 * CPU hotplug and managed lines (<genirq/affinity.h>, irq_cpu_set_online()):
 * a started line whose CPU goes offline moves to its affinity's other
 * online CPUs, or is shut down when it has none (its events wait at the
 * controller) and started again when one of them returns or a driver
 * routes it elsewhere; woken threads queued on the CPU move with it. A
 * managed line (pci_alloc_irq_vectors_affinity() with PCI_IRQ_AFFINITY)
 * refuses /proc/irq/N/smp_affinity writes with -EIO, and is not started
 * while none of its CPUs is online.
 */
#ifndef GENIRQ_MODEL_H
#define GENIRQ_MODEL_H

#include <stdbool.h>
#include <genirq/compat.h>
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

/* What a slot's primary does (request_threaded_irq()'s handler). */
enum model_primary {
	PRIM_PLAIN,		/* request_irq(): no thread; claims its events */
	PRIM_QUICK,		/* services the device, IRQ_WAKE_THREAD for the rest */
	PRIM_DEFER,		/* IRQ_WAKE_THREAD; the thread services the device */
	PRIM_NULL,		/* no primary: the core always wakes the thread */
};

struct model_slot {
	enum model_slot_state	state;
	bool			shared;		/* asked for IRQF_SHARED */
	unsigned int		want;		/* events raised, not yet serviced */
	/* Threaded actions. */
	enum model_primary	prim;
	bool			oneshot;	/* asked for IRQF_ONESHOT */
	bool			woken;		/* woken, its run not started yet */
	bool			running;	/* in its thread function */
	bool			oneshot_bit;	/* its bit of threads_oneshot: a delivery
						 * woke it, the run has not returned */
	unsigned int		handed;		/* PRIM_QUICK: serviced, the thread to finish */
	unsigned int		queue_cpu;	/* the CPU it was woken for */
	unsigned long		wakeups, runs;	/* wake-ups that started a run; runs */
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
	bool		chain_woke;		/* a primary of this run woke a thread */
	unsigned long	runs;			/* chain runs seen */
	unsigned long	stale_runs;		/* edge runs with nothing owed */
	/* Threaded actions. */
	bool		oneshot;		/* the line is IRQF_ONESHOT (its first handler) */
	bool		oneshot_masks;		/* its flow masks for threads (not
						 * handle_edge_irq(), as Linux's) */
	bool		held;			/* masked by a delivery for woken threads */
	bool		deferred;		/* a wake-only event waits for its judgement */
	unsigned long	threads_handled;	/* thread runs that returned IRQ_HANDLED */
	unsigned long	handled_last;		/* threads_handled at the event before */
	/* CPU hotplug and managed affinity. */
	bool		managed;		/* smp_affinity writes are -EIO */
	unsigned int	online;			/* online CPUs (bit mask) */
	bool		started;		/* routed and open to events (below its depth) */
	bool		shutdown;		/* shut down: none of its CPUs is online */
};

/* The result the model expects from a call, with the state it leaves. */
void model_init(struct model_line *m, bool level, unsigned int depth);
int model_request(struct model_line *m, int slot, bool shared);	/* 0 / -EBUSY */
/* request_threaded_irq(): also -EINVAL (NULL primary, level, no ONESHOT). */
int model_request_threaded(struct model_line *m, int slot, bool shared, bool oneshot,
			   enum model_primary prim);
/* With request flags: MODEL_NO_AUTOEN, MODEL_OTHER_TRIGGER (a trigger
 * that is not the line's; the caller asks for it only on a sharer). */
#define MODEL_NO_AUTOEN		0x1u
#define MODEL_OTHER_TRIGGER	0x2u
int model_request_flags(struct model_line *m, int slot, bool shared, bool oneshot,
			enum model_primary prim, unsigned int flags);
void model_request_failed(struct model_line *m, int slot);	/* undo a refused one */
void model_free_begin(struct model_line *m, int slot);
/* free_irq() returned. Return: NULL, or why that was too early. */
const char *model_free_end(struct model_line *m, int slot);
void model_disable(struct model_line *m);
void model_enable(struct model_line *m);
int model_set_affinity(struct model_line *m, unsigned int mask);
/* A write of @mask to /proc/irq/N/smp_affinity: -EIO on a managed line. */
int model_proc_affinity(struct model_line *m, unsigned int mask);
/* CPU @cpu goes offline (@up false) or comes back online. */
void model_cpu_set(struct model_line *m, unsigned int cpu, bool up);
void model_raise(struct model_line *m, int slot);		/* edge or assert */
void model_deassert(struct model_line *m, int slot);
bool model_line_asserted(const struct model_line *m);	/* level: wired OR */

/*
 * A handler call (a threaded action's primary): @slot ran on @cpu at time
 * @now. Return: NULL when the call was allowed, else why not. *@ret says
 * what it returns: 0 IRQ_NONE, 1 IRQ_HANDLED, 2 IRQ_WAKE_THREAD.
 */
const char *model_primary_call(struct model_line *m, int slot, unsigned int cpu,
			       uint64_t now, int *ret);
/*
 * @n runs of a chain the model can't see (only NULL primaries), each a
 * delivery on @cpu while the line was enabled.
 */
const char *model_silent_runs(struct model_line *m, unsigned long n, unsigned int cpu,
			      uint64_t now);	/* NULL, or why they were not allowed */
bool model_chain_visible(const struct model_line *m);	/* some primary to see */
/* irq_wake_thread() from process context: as a primary's wake on @cpu. */
void model_wake(struct model_line *m, int slot, unsigned int cpu);
/* A thread function of @slot starts on @cpu. Return: NULL when allowed, else why not. */
const char *model_thread_begin(struct model_line *m, int slot, unsigned int cpu);
/* It services its device. Return: whether it found work (IRQ_HANDLED). */
bool model_thread_service(struct model_line *m, int slot);
void model_thread_end(struct model_line *m, int slot, bool handled);
/* Some thread of an IRQF_ONESHOT line a delivery woke has not returned (its bit set). */
bool model_oneshot_busy(const struct model_line *m);
bool model_threads_idle(const struct model_line *m);	/* none woken or running */
/* Is every owed event serviced (after the line's CPU took its interrupts)? */
bool model_nothing_owed(const struct model_line *m);
/* As model_nothing_owed(), but owed to a woken thread or a held line is fine. */
bool model_nothing_lost(const struct model_line *m);
bool model_should_deliver(const struct model_line *m);

#endif /* GENIRQ_MODEL_H */

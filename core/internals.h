/* SPDX-License-Identifier: MIT */
/*
 * internals.h - genirq core internals: include only from core/ and tests/.
 *
 * Locking, once for the whole core (see also <genirq/spinlock.h>):
 *   irq_probe_lock  serializes autoprobes (held across the delays)
 *   irq_sparse_lock guards the descriptor table, domains, number bitmap
 *   desc->lock      guards the fields of one descriptor marked [L]
 * Fields marked [A] are C11 atomics read without the lock; [C] fields are
 * written once at set-up, before the line can fire; [P] are per-CPU and
 * written only by their CPU.
 */
#ifndef GENIRQ_CORE_INTERNALS_H
#define GENIRQ_CORE_INTERNALS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/compiler.h>
#include <genirq/hardirq.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>
#include <genirq/spinlock.h>

/* Line state bits (desc->istate). */
enum {
	IRQS_DISABLED		= 1u << 0,	/* depth > 0 */
	IRQS_INPROGRESS		= 1u << 1,	/* handlers running on some CPU */
	IRQS_PENDING		= 1u << 2,	/* an event waits to be handled */
	IRQS_REPLAY		= 1u << 3,	/* a replay was sent, not yet taken */
	IRQS_AUTODETECT		= 1u << 4,	/* autoprobe candidate */
	IRQS_WAITING		= 1u << 5,	/* autoprobe: not fired yet */
	IRQS_MASKED		= 1u << 6,	/* masked at the controller */
	IRQS_STARTED		= 1u << 7,	/* chip startup done */
	IRQS_PER_CPU		= 1u << 8,	/* per-CPU line: no lock */
	IRQS_SPURIOUS_DISABLED	= 1u << 9,	/* disabled by the stuck-line rule */
	IRQS_NOREQUEST		= 1u << 10,	/* chained: not for drivers */
	IRQS_CPU_SHUTDOWN	= 1u << 11,	/* shut down: no online CPU in its affinity */
};

/*
 * The stuck-line rule of the seed: a window of 100,000 events of which
 * more than 99,900 were unhandled disables the line. The other 100 may be
 * a working device that shares the line with a broken one.
 */
#define IRQ_SPURIOUS_WINDOW	100000u
#define IRQ_SPURIOUS_LIMIT	99900u
/* An unhandled event older than this restarts the count (decay). */
#define IRQ_SPURIOUS_DECAY_NS	(100ull * 1000 * 1000)
/* A disabled line is retried after this, doubling each time, up to the cap. */
#define IRQ_POLL_BACKOFF_NS	(100ull * 1000 * 1000)
#define IRQ_POLL_BACKOFF_MAX_NS	(60ull * 1000 * 1000 * 1000)
/* irq_spurious_poll() does its work at most this often. */
#define IRQ_POLL_INTERVAL_NS	(10ull * 1000 * 1000)
/* The seed printed at most 100 reports of bad interrupts, ever. */
#define IRQ_REPORT_LIMIT	100
/* Softirqs restart at most this often in one irq_exit, then wait. */
#define MAX_SOFTIRQ_RESTART	10
/* Per-CPU counters come in groups of this many lines (see desc.c). */
#define IRQ_KSTAT_GROUP		64u

struct irq_desc {
	struct irq_spinlock	lock;
	atomic_uint		istate;		/* [A] IRQS_*; written under [L] */
	unsigned int		depth;		/* [L] nested disables */
	struct irqaction	*_Atomic action;	/* [A] head; written under [L] */
	irq_flow_handler_t	handle_irq;	/* [L] the line's flow */
	/* Resolved chip primitives: never NULL, so flows call them blind. */
	void			(*ack)(struct irq_data *d);	/* [L] */
	void			(*eoi)(struct irq_data *d);	/* [L] */
	void			(*mask)(struct irq_data *d);	/* [L] */
	void			(*unmask)(struct irq_data *d);	/* [L] */
	atomic_ulong		*kstat;		/* [C] CPU c's count at kstat[c * IRQ_KSTAT_GROUP] */
	struct irq_data		data;		/* [L] */
	void			*handler_data;	/* [L] chained handler's */
	struct cpumask		affinity;	/* [L] requested */
	/* Stuck-line detection, all [L]. */
	unsigned int		irq_count;
	unsigned int		irqs_unhandled;
	uint64_t		last_unhandled;
	uint64_t		retry_at;	/* when a disabled line is retried */
	uint64_t		backoff;
	struct irq_cost_acct	*cost;		/* [L] NULL until cost accounting is first on */
};

/* Per-CPU state, one cache line each so CPUs never share one. */
struct irq_cpu {
	unsigned int		preempt_count;		/* [P] */
	unsigned int		softirq_pending;	/* [P] */
	void			*regs;			/* [P] */
	atomic_uint		percpu_seq;		/* [P] odd inside a per-CPU handler */
	atomic_ulong		spurious;		/* [P] SPU row */
} __irq_cacheline_aligned;

extern struct irq_cpu irq_cpus[GENIRQ_NR_CPUS];
extern struct irq_spinlock irq_sparse_lock;
extern const struct irq_chip no_irq_chip;
extern atomic_bool irq_noirqdebug;

static inline struct irq_cpu *irq_this_cpu(void)
{
	return &irq_cpus[port_cpu_id_fast()];
}

static inline unsigned int desc_state(struct irq_desc *desc)
{
	return atomic_load_explicit(&desc->istate, memory_order_relaxed);
}

/* Store the line state; caller holds desc->lock (or owns a per-CPU line). */
static inline void desc_set_state(struct irq_desc *desc, unsigned int st)
{
	atomic_store_explicit(&desc->istate, st, memory_order_relaxed);
}

static inline struct irqaction *desc_action(struct irq_desc *desc)
{
	return atomic_load_explicit(&desc->action, memory_order_acquire);
}

static inline bool desc_is_level(struct irq_desc *desc)
{
	return (desc->data.trigger & IRQ_TYPE_LEVEL_MASK) != 0;
}

/* Count one event on this CPU; only this CPU writes its counter. */
static inline void desc_kstat_inc(struct irq_desc *desc, unsigned int cpu)
{
	atomic_ulong *c = &desc->kstat[cpu * IRQ_KSTAT_GROUP];

	atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + 1,
			      memory_order_relaxed);
}

/* softirq.c: what irq_exit() does when softirqs wait. */
void irq_exit_slow(struct irq_cpu *c);

/*
 * The port's whole interrupt path for one event (irq_handle_entry()):
 * irq_enter(), the flow, irq_exit(), with one lookup of this CPU's state
 * instead of one per step. irq_exit()'s softirq run is out of line.
 */
static inline void irq_entry_run(struct irq_desc *desc, void *regs)
{
	struct irq_cpu *c = irq_this_cpu();
	void *old_regs;

	irq_opaque(c);	/* one register across the flow, not cpu and base */
	old_regs = c->regs;
	c->regs = regs;
	c->preempt_count += HARDIRQ_OFFSET;
	desc->handle_irq(desc);
	c->preempt_count -= HARDIRQ_OFFSET;
	if (irq_unlikely(c->softirq_pending))
		irq_exit_slow(c);
	c->regs = old_regs;
}

/* desc.c */
struct irq_desc *irq_desc_lookup_checked(unsigned int irq);
bool irq_desc_iter(unsigned int *irq, struct irq_desc **desc);

/* chip.c: startup/shutdown and enable/disable with the chip's defaults. */
void irq_chip_resolve(struct irq_desc *desc);
unsigned int irq_desc_startup(struct irq_desc *desc);
void irq_desc_shutdown(struct irq_desc *desc);
void irq_desc_enable(struct irq_desc *desc);
void irq_desc_disable(struct irq_desc *desc);
void irq_desc_mask(struct irq_desc *desc);
void irq_desc_unmask(struct irq_desc *desc);
int irq_desc_retrigger(struct irq_desc *desc);
void irq_choose_flow(struct irq_desc *desc);
bool irq_desc_has_chip(struct irq_desc *desc);
void irq_desc_apply_affinity(struct irq_desc *desc);

/* flow.c */
irqreturn_t irq_run_handlers(struct irq_desc *desc, struct irqaction *action);

/* cost.c: set a line's flow (behind the measuring wrapper while it is on). */
struct irq_cost_acct;
void handle_cost_irq(struct irq_desc *desc);
void irq_desc_set_flow(struct irq_desc *desc, irq_flow_handler_t flow);
void irq_cost_release(struct irq_desc *desc);

/* manage.c: depth changes under desc->lock. */
void irq_disable_locked(struct irq_desc *desc);
void irq_enable_locked(struct irq_desc *desc);
void irq_wait_idle(struct irq_desc *desc);

/* spurious.c */
void irq_note_slow(struct irq_desc *desc, irqreturn_t ret);
void irq_report_bad(struct irq_desc *desc, irqreturn_t ret);
void irq_spurious_forget(struct irq_desc *desc);

static inline void note_interrupt(struct irq_desc *desc, irqreturn_t ret)
{
	/* The handled path of a line with no open window costs two tests. */
	if (irq_likely(ret == IRQ_HANDLED && desc->irqs_unhandled == 0))
		return;
	if (!atomic_load_explicit(&irq_noirqdebug, memory_order_relaxed))
		irq_note_slow(desc, ret);
}

/* resend.c */
void irq_resend(struct irq_desc *desc);
void irq_resend_init(void);

/* softirq.c */
void irq_softirq_init(void);

/* mem.c */
void *irq_zalloc(size_t size);
void irq_free(void *ptr);

/* format.c */
void irq_log_handlers(struct irq_desc *desc);

/* spurious.c, affinity.c: state reset by irq_core_init() */
void irq_misc_reset(void);
void irq_affinity_reset(void);
void irq_set_prof_cpu_mask(const struct cpumask *m);

#endif /* GENIRQ_CORE_INTERNALS_H */

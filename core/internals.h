/* SPDX-License-Identifier: MIT */
/*
 * internals.h - genirq core internals: include only from core/ and tests/.
 *
 * Locking, once for the whole core (see also <genirq/spinlock.h>):
 *   irq_probe_lock  serializes autoprobes (held across the delays)
 *   irq_sparse_lock guards the descriptor table, domains, number bitmap
 *   desc->lock      guards the fields of one descriptor marked [L]; it is
 *                   bit IRQS_LOCKED of the line state (desc_lock())
 * Fields marked [A] are C11 atomics read without the lock; [C] fields are
 * written once at set-up, before the line can fire; [P] are per-CPU and
 * written only by their CPU; [O] are written only by the CPU that owns
 * the line's IRQS_INPROGRESS, which may run without the lock (flow.c).
 */
#ifndef GENIRQ_CORE_INTERNALS_H
#define GENIRQ_CORE_INTERNALS_H

/* At -Os, one copy of irq_spin_lock_irqsave() for the core (<genirq/spinlock.h>). */
#define GENIRQ_SPIN_SHARED

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/compiler.h>
#include <genirq/compat.h>
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
	IRQS_STORM		= 1u << 12,	/* throttled by the storm rule (storm.c) */
	IRQS_DYING		= 1u << 13,	/* being freed: no request starts (desc.c, domain.c) */
	IRQS_ONESHOT		= 1u << 14,	/* IRQF_ONESHOT: masked until threads return */
	IRQS_LOCKED		= 1u << 15,	/* desc->lock held (desc_lock()) */
	IRQS_TRACED		= 1u << 16,	/* trace events recorded (trace.c) */
	IRQS_MOVE_PENDING	= 1u << 17,	/* a move to affinity waits for an event (affinity.c) */
	IRQS_NESTED		= 1u << 18,	/* run from a parent's thread (nested.c) */
	IRQS_BUS_LOCK		= 1u << 19,	/* its chip has bus_lock (irq_chip_resolve()) */
	IRQS_WAKE_ARMED		= 1u << 20,	/* a wake line while suspended (pm.c) */
	IRQS_MANAGED		= 1u << 21,	/* affinity spread by the core (affinity_notify.c) */
	IRQS_NMI		= 1u << 22,	/* an NMI line: its flow takes no lock (nmi.c) */
	IRQS_BUS_RELEASE	= 1u << 23,	/* a rule's release waits for its parent's thread (nested.c) */
};

/* Time units, once for the core (port_time_ns() counts nanoseconds). */
#define NSEC_PER_USEC		1000ull
#define NSEC_PER_MSEC		1000000ull
#define NSEC_PER_SEC		1000000000ull
#define MSEC_PER_SEC		1000u

/*
 * The stuck-line rule of Linux 2.6.9: a window of 100,000 events of which
 * more than 99,900 were unhandled disables the line. The other 100 may be
 * a working device that shares the line with a broken one.
 */
#define IRQ_SPURIOUS_WINDOW	100000u
#define IRQ_SPURIOUS_LIMIT	99900u
/* An unhandled event older than this restarts the count (decay). */
#define IRQ_SPURIOUS_DECAY_NS	(100 * NSEC_PER_MSEC)
/*
 * A disabled line is retried after this, doubling each time, up to the
 * cap; so the descriptor keeps only the count of disables, saturated at
 * the first that reaches the cap (irq_spurious_backoff_ms()).
 */
#define IRQ_POLL_BACKOFF_MS	100u
#define IRQ_POLL_BACKOFF_MAX_MS	(60u * MSEC_PER_SEC)
#define IRQ_POLL_BACKOFF_STEPS	11u
_Static_assert((IRQ_POLL_BACKOFF_MS << (IRQ_POLL_BACKOFF_STEPS - 2)) < IRQ_POLL_BACKOFF_MAX_MS &&
	       (IRQ_POLL_BACKOFF_MS << (IRQ_POLL_BACKOFF_STEPS - 1)) >= IRQ_POLL_BACKOFF_MAX_MS,
	       "IRQ_POLL_BACKOFF_STEPS: the first step at the cap");
/* irq_spurious_poll() does its work at most this often. */
#define IRQ_POLL_INTERVAL_NS	(10 * NSEC_PER_MSEC)
/* Linux 2.6.9 printed at most 100 reports of bad interrupts, ever. */
#define IRQ_REPORT_LIMIT	100
/* Softirqs restart at most this often in one irq_exit, then wait. */
#define MAX_SOFTIRQ_RESTART	10
/* Per-CPU counters come in groups of this many lines (see desc.c). */
#define IRQ_KSTAT_GROUP		64u

/*
 * A line's descriptor, allocated cache-aligned (irq_zalloc_desc()). Its
 * first cache line holds everything an event on a quiet edge or fasteoi
 * line with one plain action touches (the entry's count, the flow's
 * controller call, the action's call and argument, the chip's
 * irq_data.hwirq); the second, the rest of irq_data, the chain and ack;
 * then eoi and the masking primitives (the level flow, per-CPU lines,
 * the masked paths); the others, the bookkeeping of the slow paths and
 * the verbs (docs/performance.md).
 */
struct irq_desc {
	/* -- cache line 0: every event -- */
	/*
	 * [A] IRQS_* and the lock bit. While IRQS_LOCKED is set only the
	 * holder writes it; without it, only flow.c's compare-and-swap that
	 * takes and gives back IRQS_INPROGRESS on a quiet line.
	 */
	atomic_uint		istate;
	/*
	 * Handled-storm throttling (storm.c): storm_left counts the window's
	 * handled events down to 0 (1 in a new descriptor, so the first event
	 * sets the rule up); while a stuck-line window is open it is held at
	 * 1, so every event takes irq_note_slow(), and the count goes on in
	 * storm_stash (nonzero exactly then). Only spurious.c moves the count
	 * between the two (irq_note_countdown_set()).
	 */
	atomic_uint		storm_left;	/* [O], and [L] (see note_interrupt()) */
	/*
	 * [A] what an event runs: the line's flow, or while the line is
	 * instrumented handle_instrumented_irq() around it; written under
	 * [L], only by irq_desc_update_entry() (entry.c).
	 */
	_Atomic irq_flow_handler_t handle_irq;
	atomic_ulong		*kstat;		/* [C] CPU c's count at kstat[c * IRQ_KSTAT_GROUP] */
	/*
	 * [L] the flow's own controller call, here with the hot fields: eoi
	 * for the fasteoi flow, ack for the others (ack and eoi themselves
	 * are further down). irq_desc_set_quiet_op() keeps it.
	 */
	void			(*quiet_op)(struct irq_data *d);
	/*
	 * The solo pair: the call and argument of a line's only action when
	 * it asks for neither IRQF_DISABLED nor IRQF_SAMPLE_RANDOM, so that
	 * an event that claimed the line (flow.c) reads no action; solo_call
	 * NULL otherwise (the flow walks the chain). Written under [L] (irq_solo_update(), manage.c):
	 * solo_call may be cleared at any time (an owner that read it before
	 * still runs an action that is installed until free_irq() waited for
	 * it); solo_arg, and solo_call to non-NULL, only while INPROGRESS is
	 * clear, so that no lock-free owner is between its claim and its read
	 * of the pair and none can be until the lock is dropped.
	 */
	_Atomic irq_handler_t	solo_call;
	void			*solo_arg;
	struct irq_data		data;		/* [L] irq, trigger, hwirq in line 0 */
	/* -- cache line 1: the rest of irq_data, the chain, ack; then eoi, masking -- */
	struct irqaction	*_Atomic action;	/* [A] head; written under [L] */
	/* Resolved chip primitives: never NULL, so flows call them blind. */
	void			(*ack)(struct irq_data *d);	/* [L] */
	void			(*eoi)(struct irq_data *d);	/* [L] */
	void			(*mask)(struct irq_data *d);	/* [L] */
	void			(*unmask)(struct irq_data *d);	/* [L] */
	/* -- the cold part: slow paths and verbs -- */
	unsigned int		depth;		/* [L] nested disables */
	unsigned char		flow_kind;	/* [L] enum irq_flow_kind of flow */
	bool			proc_hidden;	/* [L] shown as a port's summary row */
	bool			replay_queued;	/* resend.c's lock: waits for a software replay */
	/*
	 * Stuck-line detection, all [L]; the time a disabled line is retried
	 * lives with the line's group (irq_desc_retry_at()).
	 */
	unsigned int		irq_count;
	unsigned int		irqs_unhandled;
	uint8_t			backoffs;	/* disables since requested: irq_spurious_backoff_ms() */
	/*
	 * [L] callers waiting for the line's threads outside a read section
	 * (manage.c): irq_free_descs() refuses the line while there are any.
	 */
	uint8_t			waiters;
	/* The storm rule's other state, all [L]. */
	uint16_t		storm_backoff_ms;	/* at most 3.2 s */
	unsigned int		storm_stash;
	unsigned int		storm_budget;	/* events a window may hold; 0: not set up */
	unsigned int		storm_throttles;
	unsigned int		storm_window_ms;	/* 0: rule off for this line */
	/* Threaded handlers (thread.c). */
	atomic_uint		threads_active;	/* [A] threads woken or running */
	atomic_uint		threads_handled;	/* [A] thread runs that returned IRQ_HANDLED */
	unsigned int		threads_handled_last;	/* [L] spurious.c's deferred judgement */
	atomic_ulong		threads_oneshot;	/* [A] thread_mask bits woken, not yet returned */
	uint64_t		last_unhandled;
	uint64_t		storm_start;	/* window start */
	uint64_t		storm_until;	/* throttled until */
	void			*handler_data;	/* [L] chained handler's */
	struct irq_cpumask		affinity;	/* [L] requested */
	struct irq_cost_acct	*_Atomic cost;	/* [A] NULL until cost accounting is first on */
	_Atomic irq_flow_handler_t flow;	/* [A] the line's flow; written under [L] */
} __irq_cacheline_aligned;

/* An event on a quiet line reads and writes the descriptor's first line only. */
_Static_assert(offsetof(struct irq_desc, data.hwirq) + sizeof(irq_hw_number_t) <=
	       GENIRQ_CACHELINE, "the hot fields fit one cache line");
/* Four cache lines on a 64-bit port with one-word CPU masks (docs/performance.md). */
_Static_assert(sizeof(void *) < 8 || CPUMASK_LONGS > 1 ||
	       sizeof(struct irq_desc) <= 4 * GENIRQ_CACHELINE, "a descriptor is four cache lines");

/*
 * [L] when a line the stuck-line rule disabled is retried (spurious.c);
 * meaningful while IRQS_SPURIOUS_DISABLED. Kept with the line's group of
 * 64, not in the descriptor, which it would push to a fifth cache line.
 */
uint64_t *irq_desc_retry_at(struct irq_desc *desc);

/* The delay of the stuck-line rule's last disable of the line; 0: none since. */
static inline unsigned int irq_spurious_backoff_ms(const struct irq_desc *desc)
{
	unsigned int ms;

	if (desc->backoffs == 0)
		return 0;
	ms = IRQ_POLL_BACKOFF_MS << (desc->backoffs - 1u);
	return ms < IRQ_POLL_BACKOFF_MAX_MS ? ms : IRQ_POLL_BACKOFF_MAX_MS;
}

/*
 * [L] the line's sleep state (pm.c): its wake requests and flags, kept
 * with its group as retry_at is; 0 in a new descriptor. Only in a build
 * with GENIRQ_PM.
 */
uint32_t *irq_desc_pm(struct irq_desc *desc);

/*
 * [L] the line whose interrupt thread last found this nested line
 * disabled (handle_nested_irq() marked it pending), plus one; 0: none
 * known. Kept with the line's group as retry_at is (nested.c).
 */
uint32_t *irq_desc_nested_parent(struct irq_desc *desc);

/*
 * pm.c: the entry of a line armed to wake (IRQS_WAKE_ARMED, entry.c); the
 * texts of /proc/irq/N/wakeup and of the last wake reason (caller is a
 * reader, grace.c).
 */
#if GENIRQ_PM
void irq_pm_handle_wake(struct irq_desc *desc);
void irq_pm_show_wakeup(struct irq_text *t, struct irq_desc *desc);
void irq_pm_reason_show(struct irq_text *t);
unsigned int irq_pm_wake_depth(struct irq_desc *desc);	/* caller holds desc->lock */
#else
static inline void irq_pm_handle_wake(struct irq_desc *desc) { (void)desc; }
static inline void irq_pm_show_wakeup(struct irq_text *t, struct irq_desc *desc)
{
	(void)desc;
	irq_text_puts(t, "disabled\nnot built (GENIRQ_PM 0)\n");
}
static inline void irq_pm_reason_show(struct irq_text *t)
{
	irq_text_puts(t, "none\nnot built (GENIRQ_PM 0)\n");
}
static inline unsigned int irq_pm_wake_depth(struct irq_desc *desc) { (void)desc; return 0; }
#endif

/*
 * nmi.c: the NMI flow of a line marked IRQS_NMI (entry.c's
 * irq_choose_flow() picks it). Without GENIRQ_NMI no line is marked.
 */
#if GENIRQ_NMI
irq_flow_handler_t irq_nmi_flow(struct irq_desc *desc);
#else
static inline irq_flow_handler_t irq_nmi_flow(struct irq_desc *desc)
{
	(void)desc;
	return NULL;
}
#endif

/*
 * percpu_irq.c: free_percpu_irq() (@nmi false) and free_percpu_nmi()
 * (@nmi true), each refusing the other's line.
 */
#if GENIRQ_PERCPU_IRQ
int irq_percpu_free(unsigned int irq, void *percpu_dev_id, bool nmi);
#else
static inline int irq_percpu_free(unsigned int irq, void *percpu_dev_id, bool nmi)
{
	(void)irq;
	(void)percpu_dev_id;
	(void)nmi;
	return -EINVAL;	/* nothing was requested */
}
#endif

/* Which flow a line runs, so code never compares function pointers. */
enum irq_flow_kind {
	IRQ_FLOW_BAD,		/* handle_bad_irq: no controller */
	IRQ_FLOW_LEVEL,
	IRQ_FLOW_EDGE,
	IRQ_FLOW_FASTEOI,
	IRQ_FLOW_SIMPLE,
	IRQ_FLOW_PERCPU,
	IRQ_FLOW_CUSTOM,	/* irq_set_handler(), chained demultiplexers */
};

/*
 * Per-CPU state, one cache line each so CPUs never share one. Ordered so
 * that no field leaves a hole: 64 bytes on a 64-bit port, one line.
 */
struct irq_cpu {
	/*
	 * [P] written by its CPU only; read by grace periods (grace.c),
	 * which wait for a CPU to be seen outside hardirq context.
	 */
	atomic_uint		preempt_count;
	unsigned int		softirq_pending;	/* [P] */
	void			*regs;			/* [P] */
	atomic_uint		percpu_depth;		/* [P] per-CPU handlers running, nested */
	/* thread.c's runner, for ports without threads: woken threads, FIFO. */
	struct irq_spinlock	thread_lock;
	atomic_ulong		spurious;		/* [P] SPU row */
	atomic_uint		readers[2];		/* grace.c: readers by epoch */
	struct irq_thread	*thread_head;		/* [thread_lock] */
	struct irq_thread	*thread_tail;		/* [thread_lock] */
	struct irq_task		task;			/* [P] the runner's, without port_irq_task() */
} __irq_cacheline_aligned;

_Static_assert(sizeof(struct irq_cpu) == GENIRQ_CACHELINE, "a CPU's state is one cache line");

/*
 * The thread of one threaded action. The flags: RUNTHREAD, woken and not
 * yet started (wake-ups while it is set merge into one run); RUNNING, in
 * its thread function or finishing; QUEUED, on a CPU's runner queue;
 * NESTED, woken for the replays of nested lines its thread function
 * demultiplexes (irq_thread_wake_nested()), which need no run of it.
 */
enum {
	IRQTF_RUNTHREAD	= 1u << 0,
	IRQTF_RUNNING	= 1u << 1,
	IRQTF_QUEUED	= 1u << 2,
	IRQTF_NESTED	= 1u << 3,	/* replays of nested lines handed to it (nested.c) */
};

struct irq_thread {
	struct irqaction	*action;	/* [C] */
	struct irq_desc		*desc;		/* [C] lives while the action is installed */
	atomic_uint		flags;		/* IRQTF_* */
	struct irq_thread	*next;		/* [thread_lock] on a runner queue */
	atomic_ulong		wakeups;	/* wake-ups that started a run */
	atomic_ulong		runs;		/* thread function runs */
	atomic_uint		last_cpu;	/* where it ran last */
	bool			port_thread;	/* [C] port_irq_thread_create() made it */
	/* The core's runner: the run this one is nested in, in the same task. */
	struct irq_thread	*runner_prev;	/* [its task] */
	void			*port_data;
	/* [C] struct irq_thread_attr's: priority, and CPU or IRQ_THREAD_CPU_LINE */
	uint8_t			prio;
	int16_t			cpu;
	char			name[IRQ_THREAD_NAME_LEN];
};

extern struct irq_cpu irq_cpus[GENIRQ_NR_CPUS];
extern struct irq_spinlock irq_sparse_lock;
extern const struct irq_chip irq_no_chip;
/* The stuck-line and storm rules judge events (false: noirqdebug, note.c). */
extern atomic_bool irq_lockup_detection;

/*
 * A build for one CPU (GENIRQ_NR_CPUS 1) asks the port neither which CPU
 * runs (0: <genirq/port.h>'s range) nor how many there are (1).
 */
#define IRQ_UP	(GENIRQ_NR_CPUS == 1)

static inline unsigned int irq_cpu_id(void)
{
	return IRQ_UP ? 0 : port_cpu_id_fast();
}

static inline unsigned int irq_nr_cpus(void)
{
	return IRQ_UP ? 1 : port_nr_cpus();
}

static inline struct irq_cpu *irq_this_cpu(void)
{
	return &irq_cpus[irq_cpu_id()];
}

/*
 * The first line of an optional feature's own source (genirq.mk's
 * GENIRQ_SRCS_<feature>): a build that compiles the file while its
 * settings turn the feature off (a settings file's GENIRQ_<feature> 0
 * against GENIRQ_FEATURES, or a hand-made source list) stops here with
 * what to change, not at the first stub the file redefines.
 */
#define GENIRQ_FEATURE_SOURCE(on, name)						\
	_Static_assert(on, "this source belongs to the optional feature " name	\
		       ", which the settings turn off (GENIRQ_" name " is 0): leave it out " \
		       "of the build (GENIRQ_FEATURES in genirq.mk or CMake) or turn it on")

/*
 * A helper inlined into each caller for speed (the bench's request, free
 * and replay paths); a build that optimizes for size (-Os) lets the
 * compiler keep one copy instead. IRQ_BUILT_FOR_SPEED says which, for a
 * verb that keeps an inlined copy of a body the others share
 * (enable_irq(), manage.c).
 */
#ifdef __OPTIMIZE_SIZE__
# define __irq_speed_inline	inline
# define IRQ_BUILT_FOR_SPEED	0
#else
# define __irq_speed_inline	__irq_always_inline
# define IRQ_BUILT_FOR_SPEED	1
#endif

/*
 * Debug assertions: the rules the comments state ("caller holds
 * desc->lock", "interrupts off", "not in interrupt context"), checked
 * when the core is built with GENIRQ_DEBUG and compiled away otherwise.
 */
void irq_assert_failed(const char *what, const char *file, int line);
#ifdef GENIRQ_DEBUG
#define irq_assert(cond)							\
	do {									\
		if (irq_unlikely(!(cond)))					\
			irq_assert_failed(#cond, __FILE__, __LINE__);		\
	} while (0)
#else
#define irq_assert(cond)	((void)sizeof(!(cond)))
#endif

/* This CPU's context count: its own CPU writes it, others may read it. */
static inline unsigned int pc_get(struct irq_cpu *c)
{
	return atomic_load_explicit(&c->preempt_count, memory_order_relaxed);
}

static inline void pc_add(struct irq_cpu *c, unsigned int delta)
{
	irq_atomic_store(&c->preempt_count, pc_get(c) + delta, memory_order_relaxed);
}

/*
 * The store by which a CPU says it may hold what a freer unpublishes (its
 * hardirq count, its per-CPU handler depth), before it reads the thing.
 * With GENIRQ_PORT_MEMBARRIER (<genirq/port.h>) a plain store that only
 * the compiler keeps before the reads: the freer's irq_membarrier()
 * makes it seen (tests/spin/grace.pml). Otherwise the reader pays a full
 * barrier.
 */
static inline void reader_mark(atomic_uint *p, unsigned int v)
{
	if (GENIRQ_PORT_MEMBARRIER) {
		irq_atomic_store(p, v, memory_order_relaxed);
		atomic_signal_fence(memory_order_seq_cst);
	} else {
		irq_atomic_store(p, v, memory_order_seq_cst);
	}
}

/* The freer's side of reader_mark(): every CPU's mark made so far is seen. */
#if GENIRQ_PORT_MEMBARRIER
static inline void irq_membarrier(void)
{
	port_membarrier();
}
#else
static inline void irq_membarrier(void) { }
#endif

/*
 * Enter hardirq context before any descriptor is looked up (grace.c).
 * Leave it after the last use, with release.
 */
static inline void pc_hardirq_enter(struct irq_cpu *c, unsigned int offset)
{
	if (GENIRQ_PORT_MEMBARRIER)
		reader_mark(&c->preempt_count, pc_get(c) + offset);
	else
		atomic_fetch_add_explicit(&c->preempt_count, offset, memory_order_seq_cst);
}

static inline void pc_hardirq_exit(struct irq_cpu *c, unsigned int offset)
{
	irq_atomic_store(&c->preempt_count, pc_get(c) - offset, memory_order_release);
}

/*
 * The line state. Under desc->lock it includes IRQS_LOCKED, which
 * desc_set_state() keeps; flows test single bits, so it does no harm.
 */
static __irq_always_inline unsigned int desc_state(struct irq_desc *desc)
{
	return atomic_load_explicit(&desc->istate, memory_order_relaxed);
}

/* The rule "caller holds desc->lock", checked in GENIRQ_DEBUG builds. */
#define desc_assert_locked(desc)	irq_assert(desc_state(desc) & IRQS_LOCKED)

/* Store the line state; caller holds desc->lock, the only writer then. */
static __irq_always_inline void desc_set_state(struct irq_desc *desc, unsigned int st)
{
	desc_assert_locked(desc);
	irq_atomic_store(&desc->istate, st | IRQS_LOCKED, memory_order_relaxed);
}

/* desc.c: desc_lock() when the lock was held or the state changed under us. */
void irq_desc_lock_wait(struct irq_desc *desc);

static __irq_always_inline void desc_lock(struct irq_desc *desc)
{
	/*
	 * Setting a bit that is set already changes nothing, so a CPU that
	 * finds the lock held does no harm to the holder's stores.
	 */
	if (irq_unlikely(atomic_fetch_or_explicit(&desc->istate, (unsigned int)IRQS_LOCKED,
						  memory_order_acquire) & IRQS_LOCKED))
		irq_desc_lock_wait(desc);
}

/* Store the line state and drop the lock in one. */
static __irq_always_inline void desc_set_state_unlock(struct irq_desc *desc, unsigned int st)
{
	irq_atomic_store(&desc->istate, st & ~(unsigned int)IRQS_LOCKED,
			      memory_order_release);
}

static __irq_always_inline void desc_unlock(struct irq_desc *desc)
{
	desc_set_state_unlock(desc, desc_state(desc));
}

/*
 * The lock and lookup helpers every verb calls (desc_lock_irqsave() and its
 * pair, irq_desc_get(), desc_read_lock() and its pair) are inline where the core is
 * built for speed. A build for size (-Os) keeps one global copy of each
 * (desc.c, grace.c) instead of a static copy in every file that calls it:
 * there the inline definitions are named <name>_body, those copies' bodies
 * (a name with a leading double underscore would be the C library's).
 */
#ifdef __OPTIMIZE_SIZE__
# define __irq_size_shared(name)	name##_body
# define __irq_shared_inline		__irq_always_inline
unsigned long irq_desc_lock_irqsave(struct irq_desc *desc);
void irq_desc_unlock_irqrestore(struct irq_desc *desc, unsigned long flags);
struct irq_desc *irq_desc_get(unsigned int irq, unsigned int *cookie);

static inline unsigned long desc_lock_irqsave(struct irq_desc *desc)
{
	return irq_desc_lock_irqsave(desc);
}

static inline void desc_unlock_irqrestore(struct irq_desc *desc, unsigned long flags)
{
	irq_desc_unlock_irqrestore(desc, flags);
}

static inline unsigned int desc_read_lock(void)
{
	return irq_desc_read_lock();
}

static inline void desc_read_unlock(unsigned int cookie)
{
	irq_desc_read_unlock(cookie);
}
#else
# define __irq_size_shared(name)	name
# define __irq_shared_inline		inline
#endif

static __irq_shared_inline unsigned long
__irq_size_shared(desc_lock_irqsave)(struct irq_desc *desc)
{
	unsigned long flags = port_irq_save();

	desc_lock(desc);
	return flags;
}

static __irq_shared_inline void
__irq_size_shared(desc_unlock_irqrestore)(struct irq_desc *desc, unsigned long flags)
{
	desc_unlock(desc);
	port_irq_restore(flags);
}

static __irq_always_inline struct irqaction *desc_action(struct irq_desc *desc)
{
	return atomic_load_explicit(&desc->action, memory_order_acquire);
}

/*
 * The request flags that take an action off the flows' inlined chain and
 * the solo pair: IRQF_SAMPLE_RANDOM (its claims feed entropy), and under
 * the 2004 rule (GENIRQ_HANDLERS_IRQS_ON) IRQF_DISABLED, whose handler
 * runs with local interrupts off among handlers that run with them on.
 */
#define IRQF_SLOW_PATH	(IRQF_SAMPLE_RANDOM | (GENIRQ_HANDLERS_IRQS_ON ? IRQF_DISABLED : 0UL))

/* Whether a handler of @flags runs with local interrupts on. */
static inline bool action_irqs_on(unsigned long flags)
{
	return GENIRQ_HANDLERS_IRQS_ON && !(flags & IRQF_DISABLED);
}

/*
 * Whether something still uses line @desc, so it can't be freed or
 * unmapped: a handler, a caller waiting for its threads outside a read
 * section (waiters), or the port's reservation (NOREQUEST). Caller holds
 * desc->lock.
 */
static inline bool desc_in_use(struct irq_desc *desc)
{
	return desc_action(desc) || desc->waiters || (desc_state(desc) & IRQS_NOREQUEST);
}

static inline bool desc_is_level(struct irq_desc *desc)
{
	return (desc->data.trigger & IRQ_TYPE_LEVEL_MASK) != 0;
}

/* Count one event on this CPU; only this CPU writes its counter. */
static inline void desc_kstat_inc(struct irq_desc *desc, unsigned int cpu)
{
	atomic_ulong *c = &desc->kstat[(size_t)cpu * IRQ_KSTAT_GROUP];

	irq_atomic_store(c, atomic_load_explicit(c, memory_order_relaxed) + 1,
			      memory_order_relaxed);
}

/* softirq.c: what irq_exit() does when softirqs wait. */
void irq_exit_slow(struct irq_cpu *c);

/*
 * The port's whole interrupt path for one event (irq_handle_entry()):
 * irq_enter(), the count, the flow, irq_exit(), with one lookup of this
 * CPU's state instead of one per step. irq_exit()'s softirq run is out of
 * line. The flows themselves count nothing: whoever calls one counts.
 */
static inline void irq_entry_flow(struct irq_desc *desc, void *regs, unsigned int cpu,
				  struct irq_cpu *c)
{
	void *old_regs;

	irq_assert(port_irqs_disabled());
	desc_kstat_inc(desc, cpu);
	old_regs = c->regs;
	c->regs = regs;
	atomic_load_explicit(&desc->handle_irq, memory_order_relaxed)(desc);
	pc_hardirq_exit(c, HARDIRQ_OFFSET);
	if (irq_unlikely(c->softirq_pending))
		irq_exit_slow(c);
	c->regs = old_regs;
}

/* Hardirq context entered (pc_hardirq_enter()) before @desc was found. */
static inline void irq_entry_run(struct irq_desc *desc, void *regs)
{
	unsigned int cpu = irq_cpu_id();
	struct irq_cpu *c = &irq_cpus[cpu];

	irq_opaque(c);	/* one register across the flow, not cpu and base */
	pc_hardirq_enter(c, HARDIRQ_OFFSET);
	irq_entry_flow(desc, regs, cpu, c);
}

/* One event on a line inside an interrupt already entered: count, flow. */
static inline void desc_handle(struct irq_desc *desc)
{
	desc_kstat_inc(desc, irq_cpu_id());
	atomic_load_explicit(&desc->handle_irq, memory_order_relaxed)(desc);
}

/* desc.c */
struct irq_desc *irq_desc_lookup_checked(unsigned int irq);
/*
 * Keep @desc from irq_free_descs() without a read section (desc->waiters),
 * for a caller that waits for its threads and may run them: false when
 * it is being freed already (or has UINT8_MAX waiters). Caller holds
 * desc->lock. irq_desc_unpin() takes the lock itself.
 */
#if GENIRQ_THREADS
bool irq_desc_pin_locked(struct irq_desc *desc);
void irq_desc_unpin(struct irq_desc *desc);
#else
/* (Without threads nothing waits for one, and nothing pins a line.) */
static inline bool irq_desc_pin_locked(struct irq_desc *desc) { (void)desc; return false; }
static inline void irq_desc_unpin(struct irq_desc *desc) { (void)desc; }
#endif
/* Step to the next descriptor at or after *irq; caller is a reader (grace.c). */
bool irq_desc_iter(unsigned int *irq, struct irq_desc **desc);
extern atomic_uint irq_grace_epoch;

/*
 * irq_desc_read_lock(), inline for the core's verbs. Without line freeing
 * (GENIRQ_FREE_LINES 0) no descriptor is ever released: nothing to count.
 */
static __irq_shared_inline unsigned int __irq_size_shared(desc_read_lock)(void)
{
#if GENIRQ_FREE_LINES
	unsigned int cpu = irq_cpu_id();
	unsigned int e = atomic_load_explicit(&irq_grace_epoch, memory_order_seq_cst) & 1u;

	atomic_fetch_add_explicit(&irq_cpus[cpu].readers[e], 1u, memory_order_seq_cst);
	return cpu << 1 | e;
#else
	return 0;
#endif
}

static __irq_shared_inline void __irq_size_shared(desc_read_unlock)(unsigned int cookie)
{
#if GENIRQ_FREE_LINES
	atomic_fetch_sub_explicit(&irq_cpus[cookie >> 1].readers[cookie & 1u], 1u,
				  memory_order_release);
#else
	(void)cookie;
#endif
}

/*
 * A verb's lookup: enter a read section (grace.c) and find @irq's
 * descriptor; NULL (and no section held) when there is none. Every
 * non-NULL result is given back with irq_desc_put(*@cookie).
 */
static __irq_shared_inline struct irq_desc *
__irq_size_shared(irq_desc_get)(unsigned int irq, unsigned int *cookie)
{
	struct irq_desc *desc;

	/* (At -Os the read section's own copies, grace.c's, as every verb's.) */
	*cookie = desc_read_lock();
	desc = irq_to_desc(irq);
	if (!desc)
		desc_read_unlock(*cookie);
	return desc;
}

static inline void irq_desc_put(unsigned int cookie)
{
	desc_read_unlock(cookie);
}

/* grace.c: wait until no reader can hold a descriptor unpublished before. */
#if GENIRQ_FREE_LINES
void irq_desc_grace(void);
#endif

/* chip.c: startup/shutdown and enable/disable with the chip's defaults. */
void irq_chip_resolve(struct irq_desc *desc);
void irq_desc_set_quiet_op(struct irq_desc *desc);	/* after ack, eoi or the flow changed */
unsigned int irq_desc_startup(struct irq_desc *desc);
void irq_desc_shutdown(struct irq_desc *desc);
void irq_desc_enable(struct irq_desc *desc);
void irq_desc_disable(struct irq_desc *desc);
void irq_desc_mask(struct irq_desc *desc);
void irq_desc_unmask(struct irq_desc *desc);
int irq_desc_retrigger(struct irq_desc *desc);
bool irq_desc_chip_pending(struct irq_desc *desc);
void irq_choose_flow(struct irq_desc *desc);
/* Give a line controller @chip (NULL: none) with @chip_data, its primitives
 * resolved and the flow it calls for. Caller holds desc->lock. */
void irq_desc_set_chip(struct irq_desc *desc, const struct irq_chip *chip, void *chip_data);
bool irq_desc_has_chip(struct irq_desc *desc);		/* caller holds desc->lock */
#if GENIRQ_TEXT_VIEWS
bool irq_desc_has_chip_unlocked(struct irq_desc *desc);	/* takes it (proc.c) */
#endif
/* Whether @type is an IRQ_TYPE_* a line can have (not edge and level at once). */
bool irq_type_valid(unsigned int type);
/* Program @type through the chip and choose the flow; caller holds desc->lock.
 * Return: 0, or the chip's error (nothing changed then). */
int irq_desc_set_trigger(struct irq_desc *desc, unsigned int type);
void irq_desc_apply_affinity(struct irq_desc *desc);

/* affinity.c: carry out a pending move at the line's event. Caller holds
 * desc->lock; @st: the state the flow publishes next. Return: the new one. */
unsigned int irq_move_at_event(struct irq_desc *desc, unsigned int st);

#if GENIRQ_HIERARCHY
/* domain_hier.c: activate a hierarchical line not active yet (0 for a flat
 * one), at its first request. Caller holds desc->lock. */
int irq_desc_activate(struct irq_desc *desc);
/* Deactivate a hierarchical line (nothing for a flat one). Caller holds
 * desc->lock. */
void irq_desc_deactivate(struct irq_desc *desc);
/* After the last free_irq(), its handlers finished: a hierarchical line
 * still without handlers is deactivated (its resources, e.g. a vector, go
 * back; the next request activates it again); nothing for a flat line.
 * Takes desc->lock. */
void irq_desc_deactivate_unused(struct irq_desc *desc);
/* Line @virq is a hierarchy's: irq_domain_free_irqs() frees it. */
bool irq_domain_line_is_hier(unsigned int virq);
#else	/* every line is flat */
static inline int irq_desc_activate(struct irq_desc *desc)
{
	(void)desc;
	return 0;
}
static inline void irq_desc_deactivate(struct irq_desc *desc)
{
	(void)desc;
}
static inline void irq_desc_deactivate_unused(struct irq_desc *desc)
{
	(void)desc;
}
static inline bool irq_domain_line_is_hier(unsigned int virq)
{
	(void)virq;
	return false;
}
#endif

/* flow.c */
irqreturn_t irq_run_handlers(struct irq_desc *desc, struct irqaction *action);

/* thread.c; without GENIRQ_THREADS no action has a thread (manage.c refuses one). */
#if GENIRQ_THREADS
irqreturn_t irq_thread_primary(int irq, void *action);
/* nested.c: what a nested line's action is called with if its flow ever runs. */
irqreturn_t irq_nested_primary(int irq, void *action);
/*
 * nested.c: send a nested line's pending event again (resend.c, in its
 * softirq): to a thread of the line that read it, which runs
 * irq_nested_replay() of that line.
 */
void irq_nested_resend(struct irq_desc *desc);
void irq_nested_replay(struct irq_desc *parent);
/*
 * nested.c: the stuck-line poller or the storm rule found the back-off of
 * line @desc run out. Behind a slow bus (a nested line whose chip has
 * bus_lock) the release cannot reach the controller from there: it is
 * marked (IRQS_BUS_RELEASE) and true returned; the caller, once it has
 * let desc->lock go, calls irq_nested_release_later(), which hands it to
 * the thread of the line's parent (irq_nested_replay() releases it under
 * the bus lock), or releases it in place when there is no such thread.
 * Caller holds desc->lock.
 */
bool irq_nested_release_deferred(struct irq_desc *desc, bool *wake);
void irq_nested_release_later(struct irq_desc *desc);
#else
static inline irqreturn_t irq_thread_primary(int irq, void *action)
{
	(void)irq;
	(void)action;
	return IRQ_NONE;
}
static inline irqreturn_t irq_nested_primary(int irq, void *action)
{
	(void)irq;
	(void)action;
	return IRQ_NONE;
}
/* No line is nested. */
static inline void irq_nested_resend(struct irq_desc *desc) { (void)desc; }
static inline bool irq_nested_release_deferred(struct irq_desc *desc, bool *wake)
{
	(void)desc;
	(void)wake;
	return false;
}
static inline void irq_nested_release_later(struct irq_desc *desc) { (void)desc; }
#endif

/*
 * What an action's call is when the line is not traced (trace.c wraps it
 * while it is): its primary, or for a threaded action the core's wrapper
 * (a nested line's action has a thread function and no thread).
 */
static inline irq_handler_t action_real_call(struct irqaction *action)
{
	if (!GENIRQ_ENABLED(GENIRQ_THREADS) || !action->thread_fn)
		return action->handler;
	return action->thread ? irq_thread_primary : irq_nested_primary;
}

/*
 * chip.c: a slow-bus controller's lock around a configuration change
 * (struct irq_chip.bus_lock), taken without desc->lock; *@chip is the
 * chip to give to irq_desc_bus_sync_unlock() (NULL: no bus lock).
 * Return: 0, or -EINVAL (reported) in interrupt context, where the bus
 * can't be waited for: the caller changes nothing.
 */
int irq_desc_bus_lock_slow(struct irq_desc *desc, const char *verb, const struct irq_chip **chip);

static inline int irq_desc_bus_lock(struct irq_desc *desc, const char *verb,
				    const struct irq_chip **chip)
{
	*chip = NULL;
	if (irq_likely(!(desc_state(desc) & IRQS_BUS_LOCK)))
		return 0;
	return irq_desc_bus_lock_slow(desc, verb, chip);
}

static inline void irq_desc_bus_sync_unlock(struct irq_desc *desc, const struct irq_chip *chip)
{
	if (irq_unlikely(chip != NULL) && chip->bus_sync_unlock)
		chip->bus_sync_unlock(&desc->data);
}

/* flow.c: reopen a ONESHOT line no woken thread holds. Caller holds desc->lock. */
void irq_oneshot_unmask(struct irq_desc *desc);
#if GENIRQ_THREADS
void irq_thread_wake(struct irqaction *action, unsigned int cpu);
/* Wake @action's thread for irq_nested_replay() only; caller holds its desc->lock. */
void irq_thread_wake_nested(struct irqaction *action);
/* The interrupt thread the caller runs in (the innermost), or NULL. */
struct irq_thread *irq_thread_running(void);
bool irq_thread_is_current(struct irq_desc *desc);
bool irq_thread_is_self(struct irq_thread *t);
bool irq_threads_may_run(void);
void irq_wait_threads(struct irq_desc *desc, bool help);
void irq_wait_thread_idle(struct irq_thread *t, bool help);
void irq_threads_move_off(unsigned int cpu, const struct irq_cpumask *online);
int irq_thread_setup(struct irqaction *action, unsigned int irq);
void irq_thread_release(struct irqaction *action);
extern atomic_bool irq_forced_threading;

static inline bool irq_threading_forced(void)
{
	return atomic_load_explicit(&irq_forced_threading, memory_order_relaxed);
}
#else
/* No thread exists: nothing to wait for, move, make or release. */
static inline bool irq_thread_is_current(struct irq_desc *desc) { (void)desc; return false; }
static inline bool irq_thread_is_self(struct irq_thread *t) { (void)t; return false; }
static inline bool irq_threads_may_run(void) { return false; }
static inline void irq_wait_threads(struct irq_desc *desc, bool help) { (void)desc; (void)help; }
static inline void irq_wait_thread_idle(struct irq_thread *t, bool help) { (void)t; (void)help; }
static inline void irq_threads_move_off(unsigned int cpu, const struct irq_cpumask *online)
{
	(void)cpu;
	(void)online;
}
static inline int irq_thread_setup(struct irqaction *action, unsigned int irq)
{
	(void)action;
	(void)irq;
	return -ENOSYS;
}
static inline void irq_thread_release(struct irqaction *action) { (void)action; }
static inline bool irq_threading_forced(void) { return false; }
#endif

/*
 * entry.c, the owner of a line's entry (desc->handle_irq). Set a line's
 * flow @flow of kind @kind; caller holds desc->lock.
 */
void irq_desc_set_flow(struct irq_desc *desc, irq_flow_handler_t flow, enum irq_flow_kind kind);
/*
 * Point the line's entry at its flow, or at handle_instrumented_irq()
 * while it is instrumented (irq_desc_instrumented()). Caller holds
 * desc->lock, or the descriptor is not published yet.
 */
void irq_desc_update_entry(struct irq_desc *desc);
void handle_instrumented_irq(struct irq_desc *desc);

/* cost.c, or without GENIRQ_COST its stubs. */
#if GENIRQ_COST
void irq_cost_release(struct irq_desc *desc);
/* Whether the line's cost is measured now. */
bool irq_cost_on(struct irq_desc *desc);
/* One event of the line took @cycles (handle_instrumented_irq()). */
void irq_cost_add(struct irq_desc *desc, uint64_t cycles);
#else
/* No line's cost is ever measured. */
static inline void irq_cost_release(struct irq_desc *desc) { (void)desc; }
static inline bool irq_cost_on(struct irq_desc *desc) { (void)desc; return false; }
static inline void irq_cost_add(struct irq_desc *desc, uint64_t cycles)
{
	(void)desc;
	(void)cycles;
}
#endif

/* Whether the line is traced or its cost measured: one state, one entry. */
static inline bool irq_desc_instrumented(struct irq_desc *desc)
{
	return (GENIRQ_ENABLED(GENIRQ_TRACE) && (desc_state(desc) & IRQS_TRACED)) ||
	       irq_cost_on(desc);
}

/*
 * Whether the line's flow holds a ONESHOT line (state @st) masked from the
 * primary until the threads it woke return: the level and fasteoi flows
 * do (a fasteoi line's software replay too); the edge flow acks at once
 * and does not, as Linux's.
 */
static inline bool desc_flow_holds_oneshot(const struct irq_desc *desc, unsigned int st)
{
	return (st & IRQS_ONESHOT) &&
	       (desc->flow_kind == IRQ_FLOW_LEVEL || desc->flow_kind == IRQ_FLOW_FASTEOI);
}

/*
 * A ONESHOT line its flow holds, with a woken thread still to return:
 * whatever would reopen it meanwhile (the last enable_irq(), a CPU coming
 * back) leaves it masked, and the last thread to return reopens it
 * (irq_oneshot_unmask()). An edge line is never held.
 */
static inline bool desc_oneshot_held(struct irq_desc *desc)
{
	return GENIRQ_ENABLED(GENIRQ_THREADS) && desc_flow_holds_oneshot(desc, desc_state(desc)) &&
	       atomic_load(&desc->threads_oneshot) != 0;
}

/* The level below a line's @d: only hierarchies (domain_hier.c) have one. */
static inline struct irq_data *irq_data_parent(const struct irq_data *d)
{
	return GENIRQ_ENABLED(GENIRQ_HIERARCHY) ? d->parent_data : NULL;
}

/* manage.c: depth changes under desc->lock. */
void irq_disable_locked(struct irq_desc *desc);
void irq_enable_locked(struct irq_desc *desc);
void irq_wait_idle(struct irq_desc *desc);
void irq_wait_percpu_idle(void);	/* no CPU in a per-CPU or NMI handler begun before */

/* note.c: every build's */
extern atomic_int irq_reports_left;	/* reports still allowed; never below 0 */
bool irq_take_report(void);		/* one report from the budget, if any left */
/* The report of a bad event (@ret) on @desc with its handlers, if the budget has one left. */
void irq_report_bad(struct irq_desc *desc, irqreturn_t ret);
/* The same, whatever the budget (a stuck line's disable). */
void irq_report_event(struct irq_desc *desc, irqreturn_t ret);
/* The event note's slow part (spurious.c, or without the stuck-line rule note.c). */
void irq_note_slow(struct irq_desc *desc, irqreturn_t ret);

/* storm.c */
#define IRQ_STORM_IDLE		0x7fffffffu	/* countdown when the rule is off */
#if GENIRQ_STORM
unsigned int irq_storm_check(struct irq_desc *desc);
void irq_storm_forget(struct irq_desc *desc);
void irq_storm_poll(uint64_t now);
bool irq_storm_lift_due(struct irq_desc *desc, uint64_t now);	/* caller holds desc->lock */
void irq_storm_reset(void);
const char *irq_storm_state(struct irq_desc *desc, unsigned long *limit, unsigned int *window_ms);
void irq_note_pending_loop(unsigned int runs);
#else
/* Without the rule every line counts down from IRQ_STORM_IDLE and is never throttled. */
static inline unsigned int irq_storm_check(struct irq_desc *desc)
{
	(void)desc;
	return IRQ_STORM_IDLE;
}
static inline void irq_storm_forget(struct irq_desc *desc) { (void)desc; }
static inline void irq_storm_poll(uint64_t now) { (void)now; }
static inline bool irq_storm_lift_due(struct irq_desc *desc, uint64_t now)
{
	(void)desc;
	(void)now;
	return false;
}
static inline void irq_storm_reset(void) { }
static inline const char *irq_storm_state(struct irq_desc *desc, unsigned long *limit,
					  unsigned int *window_ms)
{
	(void)desc;
	*limit = 0;
	*window_ms = 0;
	return "not built";
}
static inline void irq_note_pending_loop(unsigned int runs) { (void)runs; }
#endif

/*
 * After each run of a line's handlers, by the CPU that owns its
 * IRQS_INPROGRESS, with or without desc->lock. A handled event costs one
 * decrement and one test: the storm rule's countdown, which is held at 1
 * while the stuck-line rule has a window open, so that both rules'
 * bookkeeping is in irq_note_slow() (under the lock). Only the owner
 * counts down; irq_set_storm_limit() may store a new countdown under the
 * lock meanwhile, and if the owner's store wins, the new limit still
 * holds from the next window on (storm.c keeps it in storm_budget).
 * Return: false if irq_note_slow() must see the event.
 */
static __irq_always_inline bool note_fast(struct irq_desc *desc, irqreturn_t ret)
{
	unsigned int left;

	if (irq_unlikely(ret != IRQ_HANDLED))
		return false;
	left = atomic_load_explicit(&desc->storm_left, memory_order_relaxed) - 1;
	irq_atomic_store(&desc->storm_left, left, memory_order_relaxed);
	return irq_likely(left != 0);
}

/* The storm countdown's other writers: under desc->lock. */
static inline void storm_left_set(struct irq_desc *desc, unsigned int n)
{
	irq_atomic_store(&desc->storm_left, n, memory_order_relaxed);
}

static inline unsigned int storm_left_get(struct irq_desc *desc)
{
	return atomic_load_explicit(&desc->storm_left, memory_order_relaxed);
}

/* noirqdebug: both rules off, the countdown at rest. Caller holds desc->lock. */
static inline bool note_rules_off(struct irq_desc *desc)
{
	if (atomic_load_explicit(&irq_lockup_detection, memory_order_relaxed))
		return false;
	storm_left_set(desc, IRQ_STORM_IDLE);	/* back in irq_note_slow() rarely */
	return true;
}

/* A primary's return that woke its threads (and maybe claimed the event as well). */
static inline bool note_woke_threads(irqreturn_t ret)
{
	return ((unsigned int)ret & IRQ_WAKE_THREAD) &&
	       (unsigned int)ret <= (IRQ_HANDLED | IRQ_WAKE_THREAD);
}

/* note_fast() and, if it must, irq_note_slow(): caller holds desc->lock. */
static inline void note_interrupt(struct irq_desc *desc, irqreturn_t ret)
{
	if (irq_likely(note_fast(desc, ret)))
		return;
	irq_note_slow(desc, ret);
}

/*
 * A new storm budget for the countdown in force: the stash while a
 * stuck-line window is open (spurious.c, the only one that moves the
 * countdown between the two; never without the rule), else the countdown
 * itself. Caller holds desc->lock.
 */
static inline void irq_note_countdown_set(struct irq_desc *desc, unsigned int n)
{
	desc_assert_locked(desc);
	if (desc->storm_stash)
		desc->storm_stash = n;
	else
		storm_left_set(desc, n);
}

/* spurious.c: the stuck-line rule */
#if GENIRQ_SPURIOUS
/* Both rules' state as at boot (from irq_misc_reset()). */
void irq_rules_reset(void);
void irq_spurious_forget(struct irq_desc *desc);
/* Undo whichever rule's disable has run out its back-off. Caller holds desc->lock. */
void irq_rules_release_due(struct irq_desc *desc);
#else
/*
 * Without the rule no window is ever open and no line is disabled as
 * stuck: what is left of each verb is the storm rule's (storm.c).
 */
static inline void irq_rules_reset(void)
{
	irq_storm_reset();
}
static inline void irq_spurious_forget(struct irq_desc *desc)
{
	irq_storm_forget(desc);
}
static inline void irq_rules_release_due(struct irq_desc *desc)
{
	if (GENIRQ_STORM)
		irq_storm_lift_due(desc, port_time_ns());
}
#endif

/* resend.c */
void irq_resend(struct irq_desc *desc);
void irq_resend_init(void);

/* softirq.c: the softirqs' actions (trace.c stands in for them while traced) */
void irq_softirq_init(void);
extern softirq_action_t irq_softirq_vec[NR_SOFTIRQS];

static inline softirq_action_t irq_softirq_action(unsigned int nr)
{
	return irq_softirq_vec[nr];
}

static inline void irq_softirq_set_action(unsigned int nr, softirq_action_t action)
{
	irq_softirq_vec[nr] = action;
}

/* mem.c */
void *irq_zalloc(size_t size);
void irq_free(void *ptr);

/* note.c: name the line's handlers (for a report) */
void irq_log_handlers(struct irq_desc *desc);

/* debugfs.c: /sys/kernel/debug/irq/irqs/N. Caller is a reader (grace.c). */
void irq_debugfs_show(struct irq_text *t, unsigned int irq, struct irq_desc *desc);

/*
 * affinity_notify.c (the MSI feature): line @irq given the CPUs of @a,
 * managed when @a says so, before its activation (msi.c; 0, -EINVAL);
 * whether @desc is managed and none of its CPUs is online (caller holds
 * desc->lock; without the feature no line is); the notifier call after a change
 * of line @irq's requested mask (no lock held); the hint for
 * /proc/irq/N/affinity_hint (false: none); the hint and notifier dropped
 * at the line's last free_irq() (no lock held) or with its descriptor
 * (under irq_sparse_lock).
 */
struct irq_affinity_desc;
#if GENIRQ_MSI
/* msi.c: whether MSI domain @d allows multi-message MSI (msi_domain_allow_multi()). */
bool irq_msi_domain_multi(struct irq_domain *d);
int irq_desc_set_affinity_desc(unsigned int irq, const struct irq_affinity_desc *a);
bool irq_desc_managed_offline(struct irq_desc *desc);
void irq_affinity_notify_changed(unsigned int irq, const struct irq_cpumask *mask);
bool irq_affinity_hint_get(unsigned int irq, struct irq_cpumask *out);
void irq_affinity_line_freed(unsigned int irq);
void irq_affinity_desc_gone(unsigned int irq);
#else
static inline bool irq_desc_managed_offline(struct irq_desc *desc) { (void)desc; return false; }
static inline void irq_affinity_notify_changed(unsigned int irq, const struct irq_cpumask *mask)
{
	(void)irq;
	(void)mask;
}
static inline bool irq_affinity_hint_get(unsigned int irq, struct irq_cpumask *out)
{
	(void)irq;
	(void)out;
	return false;
}
static inline void irq_affinity_line_freed(unsigned int irq) { (void)irq; }
static inline void irq_affinity_desc_gone(unsigned int irq) { (void)irq; }
#endif

/*
 * irqdomain_tree.c: the sparse map of a tree domain, IRQ_TREE_BITS of the
 * hardware number per level (64-slot nodes: 512 bytes on a 64-bit
 * machine, 11 levels at most). Lookups are lock-free; irq_tree_slot()
 * with @create runs under domain.c's domain_lock.
 */
#define IRQ_TREE_BITS		6u
#define IRQ_TREE_FANOUT		(1u << IRQ_TREE_BITS)
struct irq_tree_node;
struct irq_tree {
	struct irq_tree_node *_Atomic	root;	/* [A] */
	unsigned int			nodes;	/* under domain_lock */
};
#if GENIRQ_FWNODE
struct irq_desc *irq_tree_lookup(const struct irq_tree *t, irq_hw_number_t hw);
/* The slot of @hw, its path made when @create; NULL: no path (or no memory). */
struct irq_desc *_Atomic *irq_tree_slot(struct irq_tree *t, irq_hw_number_t hw, bool create);
#else	/* (no tree domain is made: never called) */
static inline struct irq_desc *irq_tree_lookup(const struct irq_tree *t, irq_hw_number_t hw)
{
	(void)t;
	(void)hw;
	return NULL;
}
static inline struct irq_desc *_Atomic *irq_tree_slot(struct irq_tree *t, irq_hw_number_t hw,
						      bool create)
{
	(void)t;
	(void)hw;
	(void)create;
	return NULL;
}
#endif

/*
 * domain.c's domain; domain_fwnode.c reads the firmware node's part.
 * Domains are never freed.
 */
struct irq_domain {
	const char		*name;
	const struct irq_chip	*chip;
	void			*chip_data;
	/* Hierarchical domains (below); NULL ops for flat ones. */
	struct irq_domain	*parent;
	const struct irq_domain_ops *ops;
	void			*host_data;
	/* The registry: every domain, and the firmware node it answers for. */
	struct irq_domain *_Atomic next;	/* [A] written under irq_domain_lock */
	const void		*fwnode;	/* under irq_domain_lock */
	const char		*fwnode_name;
	const struct irq_fwnode_ops *fw_ops;
	void			*fw_data;
	/* Tree domains: lines beyond the map (which is empty) are here. */
	bool			is_tree;
	struct irq_tree		tree;
	irq_hw_number_t		size;		/* compared with a line as is, in one instruction */
	struct irq_desc *_Atomic map[];	/* [A] written under irq_domain_lock */
};
/* Lock order: irq_domain_lock -> irq_sparse_lock -> desc->lock. */
extern struct irq_spinlock irq_domain_lock;
/* A zeroed domain named @name with a map of @size lines; NULL (reported)
 * when out of memory. Not registered yet. (Inline: a build with one
 * kind of domain keeps one copy, in its maker.) */
static inline struct irq_domain *irq_domain_alloc(const char *name, unsigned int size)
{
	/* The map is part of the domain: one load finds a line's descriptor. */
	size_t max = (SIZE_MAX - sizeof(struct irq_domain)) / sizeof(struct irq_desc *);
	struct irq_domain *d = (size_t)size <= max ?
		irq_zalloc(sizeof(*d) + sizeof(d->map[0]) * size) : NULL;

	if (!d) {
		irq_log("domain %s: out of memory", name ? name : "?");
		return NULL;
	}
	d->name = name ? name : "?";
	d->size = size;
	return d;
}

/* Add @d to the registry: from then on it is never freed. NULL: NULL. */
struct irq_domain *irq_domain_register(struct irq_domain *d);
#if GENIRQ_FREE_LINES
/* Mark line @desc dying (IRQS_DYING) or take the mark back (domain.c).
 * Caller holds desc->lock. */
void irq_desc_set_dying(struct irq_desc *desc, bool on);
#endif

/* domain.c: forget every domain (irq_core_init()) */
void irq_domain_registry_reset(void);
#if GENIRQ_TEXT_VIEWS
/* What kind of map @d has, for the views: its linear size (0: none),
 * *@tree for a tree domain, *@hier for a level of a hierarchy. */
unsigned int irq_domain_map_size(const struct irq_domain *d, bool *tree, bool *hier);
#endif

/* debugfs.c: /sys/kernel/debug/irq/domains, one row per domain. */
void irq_debugfs_domains(struct irq_text *t);

/* note.c, affinity.c: state reset by irq_core_init() */
void irq_misc_reset(void);
void irq_affinity_reset(void);
#if GENIRQ_TEXT_VIEWS
void irq_set_prof_cpu_mask(const struct irq_cpumask *m);	/* proc.c's file */
#endif

#endif /* GENIRQ_CORE_INTERNALS_H */

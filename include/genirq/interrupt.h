/* SPDX-License-Identifier: MIT */
/*
 * interrupt.h - the driver API: the verbs Linux driver authors know.
 *
 * Errors are negative errno values from <genirq/errno.h>; every function
 * says which it returns and leaves all state unchanged when it fails.
 */
#ifndef GENIRQ_INTERRUPT_H
#define GENIRQ_INTERRUPT_H

#include <stdbool.h>
#include <stdint.h>
#include <genirq/compiler.h>
#include <genirq/cpumask.h>
#include <genirq/errno.h>
#include <genirq/affinity.h>

GENIRQ_BEGIN_DECLS

typedef enum irqreturn {
	IRQ_NONE	= 0,	/* not my device */
	IRQ_HANDLED	= 1,	/* my device, serviced */
	IRQ_WAKE_THREAD	= 2,	/* my device: run my thread (threaded actions) */
} irqreturn_t;

#define IRQ_RETVAL(x)	((x) ? IRQ_HANDLED : IRQ_NONE)

typedef irqreturn_t (*irq_handler_t)(int irq, void *dev_id);

/* request_irq() flags. */
#define IRQF_SHARED		0x00000080UL	/* both sides must ask to share */
#define IRQF_DISABLED		0x00000020UL	/* run with local interrupts off:
						 * every handler does, unless the
						 * build keeps the 2004 rule
						 * (GENIRQ_HANDLERS_IRQS_ON) */
#define IRQF_SAMPLE_RANDOM	0x00000040UL	/* feed the entropy hook */
#define IRQF_PERCPU		0x00000400UL	/* line is per-CPU (IPI, local timer):
						 * required there, refused elsewhere */
#define IRQF_ONESHOT		0x00002000UL	/* keep the line masked until every
						 * woken thread of it has returned
						 * (level and fasteoi flows; an edge
						 * flow acks and only wakes again) */
#define IRQF_NO_THREAD		0x00010000UL	/* never forced into a thread */
#define IRQF_NO_AUTOEN		0x00080000UL	/* installed disabled (depth 1): the
						 * driver's enable_irq() starts it;
						 * refused with IRQF_SHARED */
/*
 * The trigger a request asks for (Linux's values, IRQ_TYPE_* of
 * <genirq/irq.h>). The first handler of a line programs it through the
 * controller (irq_chip.set_type) before the line starts; a sharer must
 * ask for the trigger in force or none. NONE: leave the line as it is.
 */
#define IRQF_TRIGGER_NONE	0x00000000UL
#define IRQF_TRIGGER_RISING	0x00000001UL
#define IRQF_TRIGGER_FALLING	0x00000002UL
#define IRQF_TRIGGER_HIGH	0x00000004UL
#define IRQF_TRIGGER_LOW	0x00000008UL
#define IRQF_TRIGGER_MASK \
	(IRQF_TRIGGER_RISING | IRQF_TRIGGER_FALLING | IRQF_TRIGGER_HIGH | IRQF_TRIGGER_LOW)
/* Sleep (<genirq/pm.h>), Linux's values and meaning. */
#define IRQF_NO_SUSPEND		0x00004000UL	/* live through suspend_device_irqs()
						 * (a timer, the console if asked) */
#define IRQF_EARLY_RESUME	0x00020000UL	/* resumed by irq_pm_syscore_resume() */
#define IRQF_COND_SUSPEND	0x00040000UL	/* may share with IRQF_NO_SUSPEND
						 * handlers: runs while asleep */
#define IRQF_VALID_MASK \
	(IRQF_SHARED | IRQF_DISABLED | IRQF_SAMPLE_RANDOM | IRQF_PERCPU | \
	 IRQF_ONESHOT | IRQF_NO_THREAD | IRQF_NO_SUSPEND | IRQF_EARLY_RESUME | \
	 IRQF_COND_SUSPEND | IRQF_NO_AUTOEN | IRQF_TRIGGER_MASK)

/*
 * A line that firmware describes as wired to nothing: every request on it
 * fails with -ENOTCONN, and no other verb takes it for a line.
 */
#define IRQ_NOTCONNECTED	(1U << 31)

/* What request_any_context_irq() installed. */
enum {
	IRQC_IS_HARDIRQ	= 0,	/* a primary handler, in hardirq context */
	IRQC_IS_NESTED	= 1,	/* a thread function, on a nested line */
};

/*
 * The thread of a threaded action, chosen at request time
 * (irq_request_threaded_attr(), or struct irqaction.thread_attr):
 * @prio: real-time priority given to port_irq_thread_create(),
 *	1 to IRQ_THREAD_PRIO_MAX; 0 means IRQ_THREAD_PRIO_DEFAULT
 * @cpu: the CPU its runs are woken on while it is online, or
 *	IRQ_THREAD_CPU_LINE: the CPU the line's event came to, or for a
 *	wake-up from process context one of the line's effective affinity
 *	(the thread follows the line as its affinity changes)
 */
struct irq_thread_attr {
	unsigned int	prio;
	int		cpu;
};
#define IRQ_THREAD_PRIO_DEFAULT	50	/* Linux's for interrupt threads */
#define IRQ_THREAD_PRIO_MAX	99	/* Linux's highest real-time priority */
#define IRQ_THREAD_CPU_LINE	(-1)

struct irq_thread;

/*
 * One handler on one line. request_irq() allocates it; setup_irq() takes
 * one the caller owns (static storage, no heap), which must stay valid
 * until free_irq() returns. Fields after thread_attr belong to the core.
 */
struct irqaction {
	/*
	 * What the flows call: handler and dev_id, or for a threaded action
	 * the core's primary wrapper and the action itself. What an event
	 * reads comes first: 32 bytes, which request_irq() places in one
	 * cache line (an action given to setup_irq() is its owner's to place).
	 */
	irq_handler_t		call;
	void			*call_arg;
#ifndef __cplusplus
	/* Written under the descriptor lock; read lock-free by the flows. */
	struct irqaction *_Atomic next;
#else
	struct irqaction	*next;
#endif
	unsigned long		flags;
	irq_handler_t		handler;	/* primary, hardirq context; NULL
						 * with thread_fn: always wake it */
	const char		*name;
	void			*dev_id;
	irq_handler_t		thread_fn;	/* NULL, or run in a thread */
	/* Its thread's priority and CPU; NULL: the defaults. Read at set-up only. */
	const struct irq_thread_attr *thread_attr;
	unsigned int		irq;
	unsigned char		allocated;	/* core frees it in free_irq() */
	unsigned char		block_offset;	/* then: its block starts this many
						 * bytes before it */
	unsigned long		thread_mask;	/* its bit in a ONESHOT line's mask */
	struct irq_thread	*thread;	/* NULL for a hardirq-only action */
};

/**
 * request_irq - install a handler on an interrupt line
 * @irq: global interrupt number
 * @handler: called when the line fires; returns IRQ_HANDLED or IRQ_NONE
 * @flags: IRQF_* flags
 * @name: shown in /proc/interrupts and reports; must outlive the handler
 * @dev_id: cookie passed to @handler; identifies the handler to free_irq()
 *
 * The first handler on a line starts it with a disable depth of 0; later
 * ones are appended when every handler on the line, and this one, asked
 * for IRQF_SHARED. The handler may run before this function returns.
 *
 * With IRQF_TRIGGER_* the first handler programs the line's trigger
 * through its controller before the line starts; with IRQF_NO_AUTOEN the
 * line is installed disabled (depth 1) and only the driver's enable_irq()
 * starts it.
 *
 * Context: any, except a handler of the same line. Does not wait.
 * Return: 0; -ENOTCONN for IRQ_NOTCONNECTED; -EINVAL for an out-of-range
 * line, a NULL handler, unknown flags, IRQF_SHARED without @dev_id,
 * IRQF_SHARED with IRQF_NO_AUTOEN, a trigger both edge and level, a
 * trigger the controller refuses (its error: reported), a chained (cascade) line, or
 * IRQF_PERCPU given on a normal line or missing on a per-CPU one (the
 * last three reported on the console); -ENOSYS for a line no controller
 * serves or one being freed (irq_free_descs(), irq_domain_free_irqs());
 * -EBUSY when sharing is refused (a per-CPU line takes one
 * handler; a sharer's IRQF_TRIGGER_* differs from the line's trigger:
 * reported); -ENOMEM when out of memory.
 */
int request_irq(unsigned int irq, irq_handler_t handler, unsigned long flags,
		const char *name, void *dev_id);

/**
 * request_threaded_irq - install a handler split in two: primary and thread
 * @irq: global interrupt number
 * @handler: primary, in hardirq context: IRQ_NONE (not my device),
 *	IRQ_HANDLED (done, no thread), IRQ_WAKE_THREAD (run @thread_fn);
 *	NULL means "always wake the thread"
 * @thread_fn: run in process context with local interrupts on, once per
 *	wake-up however many wake-ups came while it was pending; returns
 *	IRQ_HANDLED or IRQ_NONE, which is what the stuck-line rule judges the
 *	line by; NULL makes this request_irq()
 * @flags: IRQF_* flags; IRQF_ONESHOT keeps the line masked from the
 *	primary until the thread of every action woken has returned, on the
 *	level and fasteoi flows; the edge flow (an ack controller's edge
 *	line) acks at once and does not mask, as Linux's: a new edge while
 *	the thread is out only wakes it again
 * @name, @dev_id: as request_irq()
 *
 * The thread is the port's (port_irq_thread_create(), named irq/N-name)
 * or, on a port without threads, the core's: woken thread functions then
 * run from irq_threads_run() on the CPU the line is routed to. Sharers of
 * a line must agree on IRQF_ONESHOT.
 *
 * Context: as request_irq().
 * Return: as request_irq(), and -EINVAL for no handler and no thread, a
 * NULL @handler on a level line without IRQF_ONESHOT, or a thread on a
 * per-CPU line (reported); -EBUSY for IRQF_ONESHOT not matching the
 * line's other handlers (reported); -ENOMEM when the thread can't be made;
 * -ENOSYS (reported) for a @thread_fn in a build without threaded
 * handlers (GENIRQ_THREADS 0), where a NULL @thread_fn still installs
 * @handler as request_irq() does.
 */
int request_threaded_irq(unsigned int irq, irq_handler_t handler, irq_handler_t thread_fn,
			 unsigned long flags, const char *name, void *dev_id);

/**
 * irq_request_threaded_attr - request_threaded_irq() with its thread's priority and CPU
 * @attr: the thread's priority and CPU (struct irq_thread_attr); NULL
 *	for the defaults. Only read during the call.
 *
 * The priority is given to the port's thread (port_irq_thread_create());
 * both show in the threads view and in /proc/irq/N/threads.
 *
 * Context: as request_irq().
 * Return: as request_threaded_irq(), and -EINVAL (reported) for a
 * priority above IRQ_THREAD_PRIO_MAX, a CPU that is neither
 * IRQ_THREAD_CPU_LINE nor below port_nr_cpus(), or @attr without
 * @thread_fn.
 */
int irq_request_threaded_attr(unsigned int irq, irq_handler_t handler, irq_handler_t thread_fn,
			      unsigned long flags, const char *name, void *dev_id,
			      const struct irq_thread_attr *attr);

/**
 * request_any_context_irq - install @handler where the line can run it
 *
 * On a line whose events come from a parent's thread (a nested line,
 * irq_set_nested_thread()) @handler becomes the thread function of a
 * threaded request; elsewhere it is a primary handler, as request_irq().
 *
 * Context: as request_irq().
 * Return: IRQC_IS_HARDIRQ or IRQC_IS_NESTED (what was installed), or the
 * negative errno of request_irq() / request_threaded_irq().
 */
int request_any_context_irq(unsigned int irq, irq_handler_t handler, unsigned long flags,
			    const char *name, void *dev_id);

/*
 * Owner-grouped requests: Linux's devm_* pattern without a device model.
 * A request made through an owner is recorded there; irq_owner_release()
 * frees every request of the owner, newest first, as a driver's remove
 * path would. The owner is the caller's, zeroed before its first use
 * (struct irq_owner owner = { 0 }), and lives until it is released.
 * Calls for one owner must not run concurrently with its release.
 */
struct irq_devres;
struct irq_owner {
	struct irq_devres	*head;	/* the core's: newest request first */
};

#if GENIRQ_DEVRES	/* the stubs of a build without them follow irq_not_built() */
/**
 * devm_request_threaded_irq - request_threaded_irq() recorded in @owner
 *
 * Context: as request_irq().
 * Return: as request_threaded_irq(); -EINVAL for a NULL @owner; -ENOMEM
 * when the record can't be allocated (nothing requested then).
 */
int devm_request_threaded_irq(struct irq_owner *owner, unsigned int irq, irq_handler_t handler,
			      irq_handler_t thread_fn, unsigned long flags, const char *name,
			      void *dev_id);

/** devm_request_irq - request_irq() recorded in @owner. As devm_request_threaded_irq(). */
int devm_request_irq(struct irq_owner *owner, unsigned int irq, irq_handler_t handler,
		     unsigned long flags, const char *name, void *dev_id);

/**
 * devm_free_irq - free one request of @owner before the owner goes
 *
 * As free_irq(@irq, @dev_id), and the record is dropped. A request @owner
 * did not make is reported on the console and nothing is freed.
 * Context: as free_irq().
 */
void devm_free_irq(struct irq_owner *owner, unsigned int irq, void *dev_id);

/**
 * irq_owner_release - free every request of @owner, newest first
 *
 * Context: as free_irq(): not from interrupt context (reported there,
 * and nothing is freed).
 * Return: how many requests were freed.
 */
unsigned int irq_owner_release(struct irq_owner *owner);
#endif

#if GENIRQ_THREADS
/**
 * irq_wake_thread - wake the thread of the action installed with @dev_id
 *
 * As if its primary had returned IRQ_WAKE_THREAD, but without the ONESHOT
 * mask, which only a delivery takes: a delivery that wakes nothing
 * reopens the line while this thread is out; one that wakes it before it
 * started merges into its run and holds the line until that returns.
 * Nothing happens for an unknown @dev_id or an action without a thread.
 * Context: any.
 */
void irq_wake_thread(unsigned int irq, void *dev_id);

/**
 * irq_force_threading - run every handler requested from now on as a thread
 *
 * Linux's "threadirqs": a handler without IRQF_NO_THREAD, IRQF_PERCPU or
 * a thread of its own becomes the thread function of its action, behind
 * a primary that only wakes it, and the action is IRQF_ONESHOT; an action
 * that has a thread already gets IRQF_ONESHOT. Handlers installed before
 * keep running as they were requested.
 * Context: process context.
 */
void irq_force_threading(bool on);

/**
 * irq_threads_run - run this CPU's woken thread functions (core runner)
 *
 * For a port without threads of its own (no port_irq_thread_create()):
 * call it from the idle loop. Each thread function runs with local
 * interrupts on, in process context, preemptible by interrupts. The core
 * runs thread functions in two places only: here, and in a wait for
 * threads (synchronize_irq(), disable_irq(), free_irq()), which runs the
 * threads it waits for (queued on its CPU first, else on another CPU's
 * queue), never others, and holds no read section meanwhile. A thread some task runs already is not
 * started again until that run ends (runs never nest in themselves), and
 * it returns at once from inside a thread function: the runner does not
 * run unrelated thread functions inside one.
 *
 * What a driver sees differently from a port's own threads: a thread
 * function runs in the task that called the runner (its idle loop, or a
 * waiter), so it may run on the waiter's CPU and stack, and it runs only
 * when such a task gets there; a thread woken on a CPU that goes offline
 * moves to a CPU its line goes to. A port whose kernel switches tasks on a
 * CPU gives each task a record (port_irq_task()).
 *
 * Context: process context, local interrupts on; elsewhere, and inside a
 * thread function, it returns 0 at once. Never inside an
 * irq_desc_read_lock() section: a thread function that frees descriptors
 * would wait for that section forever.
 * Return: how many thread functions ran.
 */
unsigned int irq_threads_run(void);

/*
 * Whether irq_threads_run() has work on this CPU. An idle loop tests it
 * with local interrupts off before it sleeps: a thread woken by the last
 * interrupt must not wait for the next one. Context: any.
 */
bool irq_threads_pending(void);
#else
/* Without threaded handlers (GENIRQ_THREADS 0) no action has a thread: nothing to wake or run. */
static inline void irq_wake_thread(unsigned int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
}
static inline void irq_force_threading(bool on) { (void)on; }
static inline unsigned int irq_threads_run(void) { return 0; }
static inline bool irq_threads_pending(void) { return false; }
#endif

/**
 * setup_irq - install a caller-owned action (no allocation)
 * @irq: global interrupt number
 * @action: handler, flags, name and dev_id filled in; the rest is ignored
 *
 * As request_irq() but with storage the caller provides, for code that
 * runs before any allocator or must not allocate.
 *
 * Context: as request_irq().
 * Return: as request_irq(); -ENOMEM only for an action with a thread_fn
 * (its thread is allocated).
 */
int setup_irq(unsigned int irq, struct irqaction *action);

/**
 * free_irq - remove the handler installed with @dev_id
 * @irq: global interrupt number
 * @dev_id: the cookie given to request_irq() or setup_irq()
 *
 * Freeing the last handler shuts the line down. Does not return until no
 * CPU still runs the removed handler; a threaded action's pending thread
 * run finishes first, then its thread ends (from that thread itself the
 * call is reported and refused). An unknown @dev_id is reported on
 * the console and changes nothing. A shared line's driver must quiesce
 * its device first.
 *
 * Context: not from interrupt context (reported and refused there): it
 * waits for running handlers.
 */
void free_irq(unsigned int irq, void *dev_id);

/**
 * can_request_irq - would request_irq() with @flags find room on @irq?
 * Context: any. Return: 1 exactly when request_irq() with @flags would
 * not refuse the line (free, or shareable), else 0.
 */
int can_request_irq(unsigned int irq, unsigned long flags);

/**
 * disable_irq_nosync - disable a line, without waiting for handlers
 *
 * Disables nest: each call needs one enable_irq(). Events that arrive on
 * a disabled edge line are remembered and replayed by the last enable.
 *
 * Context: any.
 */
void disable_irq_nosync(unsigned int irq);

/**
 * disable_irq - disable a line and wait for running handlers to finish
 *
 * Waits for the line's threads too (woken or running); a thread function
 * of the line calling it is reported and waits for the hardirq part only.
 * In softirq context, or with local interrupts off, it waits for the
 * hardirq handlers only: a woken thread cannot run on this CPU until the
 * caller returns, so it may still be pending or running when this
 * returns (its next wake-up finds the line disabled as usual).
 * Context: process or softirq context. From hardirq context (any
 * handler) it takes the depth as disable_irq_nosync() does, reports the
 * call on the console and does not wait: the handler it would wait for
 * may be the one this CPU interrupted (its own line, or a line a nested
 * handler sits on), which cannot finish before it returns.
 */
void disable_irq(unsigned int irq);

/**
 * synchronize_hardirq - wait until no CPU runs a primary handler of @irq
 *
 * Its threads are not waited for.
 * Context: process or softirq context, or a handler of another line;
 * from hardirq context it is reported and returns without waiting, as
 * synchronize_irq() does.
 * Return: true when no thread of the line is woken or running either
 * (false also for a line that does not exist).
 */
bool synchronize_hardirq(unsigned int irq);

/**
 * disable_hardirq - disable a line and wait for its primary handlers only
 *
 * As disable_irq_nosync(), then synchronize_hardirq(): for a driver that
 * must stop the hardirq part (e.g. in a crash or poll path) and can't
 * wait for threads.
 * Context: as synchronize_hardirq().
 * Return: as synchronize_hardirq().
 */
bool disable_hardirq(unsigned int irq);

/**
 * enable_irq - undo one disable_irq()
 *
 * The call that brings the depth to 0 unmasks the line and replays an edge
 * that arrived while it was disabled, once. A level line is never
 * replayed: if it is still asserted the controller delivers it again.
 * An enable without a matching disable is reported and the depth stays 0.
 * On a line with no handler an enable matches a disable_irq() made on it
 * (the pair leaves the depth as it was), but the one that would start the
 * line is reported and changes nothing.
 *
 * Context: any.
 */
void enable_irq(unsigned int irq);

/**
 * synchronize_irq - wait until no CPU runs a handler of @irq
 *
 * and until no thread of @irq is woken or running (from one of them, in
 * softirq context or with local interrupts off: the hardirq handlers only,
 * as disable_irq()).
 * Context: process or softirq context. From hardirq context it is
 * reported and returns without waiting, as disable_irq() does.
 */
void synchronize_irq(unsigned int irq);

/* What irq_get_irqchip_state() and irq_set_irqchip_state() name. */
enum irqchip_irq_state {
	IRQCHIP_STATE_PENDING,	/* an event waits at the controller */
	IRQCHIP_STATE_ACTIVE,	/* taken by a CPU, its end not yet seen */
	IRQCHIP_STATE_MASKED,	/* the controller will not deliver it */
};

/**
 * irq_get_irqchip_state - what the controller holds of @irq
 * @which: pending, active or masked, as the hardware says (not the
 *         core's view: irq_get_masked() is the core's)
 *
 * Asks the first level of the line, its own down through a hierarchy,
 * whose chip reads states.
 * Context: any, not under the line's lock; takes it.
 * Return: 0 with *@state set; -EINVAL for an unknown line, an unknown
 * @which, or a controller that cannot tell (no level reads it), @state
 * then untouched; the controller's -errno.
 */
int irq_get_irqchip_state(unsigned int irq, enum irqchip_irq_state which, bool *state);

/**
 * irq_set_irqchip_state - set or clear a state at @irq's controller
 *
 * Pending set injects an event (the hardware delivers it as if the
 * device had raised it: for testing a driver on a real controller);
 * cleared, it drops one. Active and masked change the controller only;
 * the core's view of the line (its depth, irq_get_masked()) stays.
 * Context and Return: as irq_get_irqchip_state(); -EINVAL too for a
 * state this controller cannot set (a PLIC's pending bits are
 * read-only), nothing changed.
 */
int irq_set_irqchip_state(unsigned int irq, enum irqchip_irq_state which, bool val);

#if GENIRQ_AUTOPROBE
/**
 * probe_irq_on - start autoprobing unused lines
 *
 * Starts every line that has a controller and no handler, waits 20 ms
 * (early, long-standing interrupts) and 100 ms (spurious ones) and drops
 * the lines that fired meanwhile. The caller then makes its device
 * interrupt and calls probe_irq_off(). Probes are serialized.
 *
 * Context: process context; waits about 120 ms.
 * Return: a mask of the candidate lines below 32 (informational).
 */
unsigned long probe_irq_on(void);

/**
 * probe_irq_off - end an autoprobe and name the line that fired
 * @mask: the value probe_irq_on() returned (unused)
 *
 * Return: the line that fired; 0 when none did; minus the first line
 * when more than one fired.
 */
int probe_irq_off(unsigned long mask);

/**
 * probe_irq_mask - end an autoprobe and return every line that fired
 * @mask: lines to report
 *
 * Return: the lines below 16 that fired, ANDed with @mask.
 */
unsigned int probe_irq_mask(unsigned long mask);
#else
/* Without autoprobing (GENIRQ_AUTOPROBE 0): no candidate, no line ever found. */
static inline unsigned long probe_irq_on(void) { return 0; }
static inline int probe_irq_off(unsigned long mask) { (void)mask; return 0; }
static inline unsigned int probe_irq_mask(unsigned long mask) { (void)mask; return 0; }
#endif

/*
 * The register state the current interrupt interrupted, or NULL outside
 * an interrupt. Ports pass it to irq_handle_entry(); its layout is the
 * port's.
 */
void *get_irq_regs(void);

/*
 * Entropy hook: called with (irq, cycle or time stamp) after a line on
 * which a handler with IRQF_SAMPLE_RANDOM claimed an event. NULL turns it
 * off. Context of the hook: hardirq, local interrupts off.
 */
typedef void (*irq_entropy_hook_t)(unsigned int irq, uint64_t stamp);
void irq_set_entropy_hook(irq_entropy_hook_t hook);

/* Softirqs: deferred work run at irq_exit() in softirq context. */
enum {
	HI_SOFTIRQ = 0,
	TIMER_SOFTIRQ,
	IRQ_RESEND_SOFTIRQ,	/* core: software replay of edge events */
	IRQ_POLL_SOFTIRQ,	/* core: polls lines the spurious rule disabled */
	TASKLET_SOFTIRQ,
	NR_SOFTIRQS = 10
};

typedef void (*softirq_action_t)(void);

/* Install the action of softirq @nr (< NR_SOFTIRQS). Context: boot. */
void open_softirq(unsigned int nr, softirq_action_t action);
/* Mark softirq @nr pending on this CPU. Context: any. */
void raise_softirq(unsigned int nr);
/* As raise_softirq(), with local interrupts already off. */
void raise_softirq_irqoff(unsigned int nr);
/*
 * Run this CPU's pending softirqs now, unless in interrupt context. Ports
 * call it from their idle loop so softirqs raised from process context
 * do not wait for the next interrupt. Context: any; returns at once in
 * interrupt context.
 */
void do_softirq(void);

/**
 * irq_not_built - refuse a verb whose feature the build left out
 * @what: what the caller asked for ("a per-CPU request")
 * @feature: the switch that is 0 ("GENIRQ_PERCPU_IRQ")
 *
 * What a left-out feature's inline stub calls where leaving the verb out
 * silently would hide a driver's mistake: one console line, "irq N: WHAT,
 * but FEATURE is 0 in this build". Context: any.
 * Return: -ENOSYS.
 */
int irq_not_built(unsigned int irq, const char *what, const char *feature);

#if !GENIRQ_DEVRES
/*
 * Without owner-grouped requests (GENIRQ_DEVRES 0) a request through an
 * owner is -ENOSYS and said (nothing is requested, so the driver sees it
 * at once); with none made, a free or a release has nothing to do.
 */
static inline int devm_request_threaded_irq(struct irq_owner *owner, unsigned int irq,
					    irq_handler_t handler, irq_handler_t thread_fn,
					    unsigned long flags, const char *name, void *dev_id)
{
	(void)owner;
	(void)handler;
	(void)thread_fn;
	(void)flags;
	(void)name;
	(void)dev_id;
	return irq_not_built(irq, "an owner-grouped request", "GENIRQ_DEVRES");
}
static inline int devm_request_irq(struct irq_owner *owner, unsigned int irq,
				   irq_handler_t handler, unsigned long flags, const char *name,
				   void *dev_id)
{
	(void)owner;
	(void)handler;
	(void)flags;
	(void)name;
	(void)dev_id;
	return irq_not_built(irq, "an owner-grouped request", "GENIRQ_DEVRES");
}
static inline void devm_free_irq(struct irq_owner *owner, unsigned int irq, void *dev_id)
{
	(void)owner;
	(void)irq;
	(void)dev_id;
}
static inline unsigned int irq_owner_release(struct irq_owner *owner)
{
	(void)owner;
	return 0;
}
#endif

GENIRQ_END_DECLS

#endif /* GENIRQ_INTERRUPT_H */

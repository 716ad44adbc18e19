// SPDX-License-Identifier: MIT
/*
 * manage.c - the driver API: install and remove handlers, nest disables.
 */
#include "internals.h"
#include "prio.h"
#include "trace_points.h"
#include <genirq/irqdomain.h>

/*
 * Wait until no CPU runs a handler of @desc, which is not per-CPU; return
 * with desc->lock held (the flags to restore) and INPROGRESS clear.
 */
static __irq_speed_inline unsigned long wait_idle_lock(struct irq_desc *desc)
{
	for (;;) {
		unsigned long flags;

		while (desc_state(desc) & IRQS_INPROGRESS)
			port_cpu_relax();
		/* Re-check under the lock: a flow may have taken it meanwhile. */
		flags = desc_lock_irqsave(desc);
		if (!(desc_state(desc) & IRQS_INPROGRESS))
			return flags;
		desc_unlock_irqrestore(desc, flags);
	}
}

/* Wait until no CPU runs a handler of @desc. Called without desc->lock. */
void irq_wait_idle(struct irq_desc *desc)
{
	irq_assert(!in_irq());

	if (desc_state(desc) & (IRQS_PER_CPU | IRQS_NMI)) {
		irq_wait_percpu_idle();
		return;
	}
	desc_unlock_irqrestore(desc, wait_idle_lock(desc));
}

/*
 * Per-CPU lines and NMIs have no INPROGRESS: wait until each CPU is seen
 * outside every per-CPU or NMI handler, nested or not. Callers do not
 * wait from hardirq context, so this CPU runs none below us: on one CPU
 * (IRQ_UP) there is nothing to wait for. The handlers count themselves
 * in with reader_mark().
 */
void irq_wait_percpu_idle(void)
{
	if (IRQ_UP)
		return;
	irq_membarrier();
	for (unsigned int cpu = 0; cpu < irq_nr_cpus(); cpu++) {
		atomic_uint *depth = &irq_cpus[cpu].percpu_depth;

		while (atomic_load_explicit(depth, memory_order_seq_cst) != 0)
			port_cpu_relax();
	}
}

/* An action the solo pair can stand for: the flows' inlined chain runs it so. */
static bool action_plain(struct irqaction *action)
{
	return !(action->flags & IRQF_SLOW_PATH);
}

/*
 * Give the line the pair of @action, its only one, when @solo (it is
 * plain) and no lock-free owner can read the pair meanwhile (INPROGRESS
 * clear with the lock held); else clear the pair, and the flows walk the
 * chain. Return: true when @action could have it but for INPROGRESS.
 */
static __irq_speed_inline bool solo_set(struct irq_desc *desc, struct irqaction *action,
					bool solo)
{
	bool busy = desc_state(desc) & IRQS_INPROGRESS;

	desc_assert_locked(desc);
	if (solo && action && !busy) {
		desc->solo_arg = action->call_arg;
		irq_atomic_store(&desc->solo_call, action_real_call(action),
				      memory_order_relaxed);
		return false;
	}
	irq_atomic_store(&desc->solo_call, NULL, memory_order_relaxed);
	return solo && action && busy;
}

/*
 * Set or clear the line's solo pair (struct irq_desc) for its actions as
 * they are: the pair when its first stands alone and plain. Caller holds
 * the lock. Return: true when the pair waits for the line to be idle.
 */
static bool irq_solo_update(struct irq_desc *desc)
{
	struct irqaction *action = desc_action(desc);

	return solo_set(desc, action,
			action && !atomic_load_explicit(&action->next, memory_order_relaxed) &&
			action_plain(action));
}

/* free_irq() left a busy line with one plain action: its pair once it is idle. */
static __irq_noinline void solo_settle(struct irq_desc *desc)
{
	unsigned long flags = wait_idle_lock(desc);

	irq_solo_update(desc);
	desc_unlock_irqrestore(desc, flags);
}

/*
 * Waiting from hardirq context could be waiting for the very handler this
 * CPU interrupted (its own line, or one a nested handler sits on): that
 * handler can't finish before we return. Such a call is reported and
 * does not wait. Return: true when the caller may wait.
 */
static bool may_wait(unsigned int irq, const char *verb)
{
	if (irq_likely(!in_irq()))
		return true;
	irq_log("irq %u: %s in interrupt context: not waiting for handlers", irq, verb);
	return false;
}

/*
 * Wait for the threads of @desc, or for @only, one of them. A waiter may
 * run them itself (the core's runner, thread.c), and a thread function
 * may free descriptors, which waits for every read section: so the caller
 * gives its section *@rd up meanwhile, with the line pinned instead
 * (@pinned: pinned by the caller already; else pinned here), and has it
 * again on return. A line that can't be pinned is being freed: it has no
 * thread left to run, and the wait stays in the section.
 */
static void wait_threads_pinned(struct irq_desc *desc, struct irq_thread *only,
				unsigned int *rd, bool pinned)
{
	if (!pinned) {
		unsigned long flags = desc_lock_irqsave(desc);

		pinned = irq_desc_pin_locked(desc);
		desc_unlock_irqrestore(desc, flags);
	}
	if (pinned)
		irq_desc_put(*rd);
	if (only)
		irq_wait_thread_idle(only, pinned);
	else
		irq_wait_threads(desc, pinned);
	if (pinned) {
		*rd = desc_read_lock();
		irq_desc_unpin(desc);
	}
}

/*
 * Wait for the hardirq handlers, then for the threads. A thread function
 * of the line waiting for the line's threads would wait for itself: that
 * is reported, and only the hardirq part is waited for. In softirq
 * context, or with local interrupts off, no thread can run on this CPU
 * until the caller returns: the hardirq part is all it waits for there
 * (documented with the verbs).
 */
static void wait_handlers_and_threads(struct irq_desc *desc, unsigned int *rd, const char *verb)
{
	irq_wait_idle(desc);
	if (!irq_threads_may_run())
		return;
	if (irq_unlikely(irq_thread_is_current(desc))) {
		irq_log("irq %u: %s from a thread of the line: not waiting for its threads",
			desc->data.irq, verb);
		return;
	}
	if (atomic_load_explicit(&desc->threads_active, memory_order_acquire) != 0)
		wait_threads_pinned(desc, NULL, rd, false);
}

/*
 * An edge line whose controller can send an event again (retrigger) is
 * disabled lazily, as Linux 2.6.9's IO-APIC edge lines were: it stays
 * unmasked, and the first event that comes while it is disabled is marked
 * PENDING by the flow, which masks it then; the last enable replays it
 * through the retrigger, as promptly as an unmask would deliver it. A
 * controller that drops edges while a line is masked (IO-APIC edge pins,
 * SIMPIC_DROP_MASKED_EDGE) thus loses nothing. Other lines are masked at
 * once: a level line would only re-assert, the per-CPU and NMI flows do not
 * look at DISABLED, and controllers without retrigger (8259, MPIC, XICS) keep
 * an event pending while masked and deliver it on the unmask (ports rely
 * on that mask, e.g. to provoke the 8259's spurious IRQ15).
 */
static bool disable_lazily(struct irq_desc *desc)
{
	return !desc_is_level(desc) && desc->data.chip->retrigger &&
	       !(desc_state(desc) & (IRQS_PER_CPU | IRQS_NOREQUEST | IRQS_NMI));
}

/* One more disable. Caller holds desc->lock. */
void irq_disable_locked(struct irq_desc *desc)
{
	desc_assert_locked(desc);
	irq_assert(desc->depth != UINT32_MAX);

	if (desc->depth++ == 0) {
		desc_set_state(desc, desc_state(desc) | IRQS_DISABLED);
		if (!disable_lazily(desc))
			irq_desc_disable(desc);
	}
}

/*
 * The last enable leaves the line masked when no online CPU can take it
 * (CPU_SHUTDOWN), when a level line's handler still runs (the device
 * asserts it until that handler has serviced it, and handle_level_irq()
 * reopens it when it finishes), or when a ONESHOT line's threads have not
 * all returned (the last one reopens it).
 */
static __irq_noinline bool stays_masked(struct irq_desc *desc)
{
	unsigned int st = desc_state(desc);

	return (st & IRQS_CPU_SHUTDOWN) ||
	       ((st & IRQS_INPROGRESS) && desc->flow_kind == IRQ_FLOW_LEVEL) ||
	       desc_oneshot_held(desc);
}

/* One less disable; the last one reopens and replays. Caller holds the lock. */
void irq_enable_locked(struct irq_desc *desc)
{
	desc_assert_locked(desc);

	switch (desc->depth) {
	case 0:
		irq_log("irq %u: unbalanced enable_irq, depth stays 0", desc->data.irq);
		break;
	case 1:
		desc->depth = 0;
		irq_spurious_forget(desc);
		desc_set_state(desc, desc_state(desc) & ~IRQS_DISABLED);
		if (irq_unlikely(desc_state(desc) &
				 (IRQS_CPU_SHUTDOWN | IRQS_INPROGRESS | IRQS_ONESHOT)) &&
		    stays_masked(desc))
			;
		else if (desc_state(desc) & IRQS_STARTED)
			irq_desc_enable(desc);
		else if (irq_unlikely(irq_desc_managed_offline(desc)))
			/* Managed, none of its CPUs online: started when one comes. */
			desc_set_state(desc, desc_state(desc) | IRQS_CPU_SHUTDOWN);
		else
			irq_desc_startup(desc);
		irq_resend(desc);
		break;
	default:
		desc->depth--;
		break;
	}
}

/*
 * A verb's name, for its reports: without GENIRQ_REPORTS nothing prints
 * it, and the names are not kept.
 */
#define VERB(name)	(GENIRQ_REPORTS ? (name) : "")

/* What line_verb() does, in this order. */
enum {
	VERB_DISABLE	= 1u << 0,	/* one more disable */
	VERB_ENABLE	= 1u << 1,	/* one less; a software replay then runs */
	VERB_WAIT	= 1u << 2,	/* wait for the primaries (may_wait()) */
	VERB_THREADS	= 1u << 3,	/* and for the threads */
	VERB_IF_ACTION	= 1u << 4,	/* only if the line has a handler */
};

/*
 * One more disable, or with @enable one less, inside the controller's
 * bus lock; an enable_irq() of a line nobody handles is refused.
 */
static __irq_speed_inline void depth_change(struct irq_desc *desc, bool enable, const char *verb)
{
	const struct irq_chip *bus;
	unsigned long flags;

	if (irq_desc_bus_lock(desc, verb, &bus))
		return;
	flags = desc_lock_irqsave(desc);
	if (!enable)
		irq_disable_locked(desc);
	else if (!desc_action(desc) && !(desc_state(desc) & IRQS_NOREQUEST) && desc->depth <= 1)
		/*
		 * Starting a line nobody handles would only make strays; an
		 * enable that matches a disable of such a line (depth 2 and
		 * up) is taken, so the pair leaves the depth where it was.
		 */
		irq_log("irq %u: enable_irq with no handler installed, ignored", desc->data.irq);
	else
		irq_enable_locked(desc);
	desc_unlock_irqrestore(desc, flags);
	irq_desc_bus_sync_unlock(desc, bus);
}

/*
 * The disable, enable and wait verbs, @how a set of VERB_*. Return: false
 * when there is no such line or a thread of it still runs, else true
 * (synchronize_hardirq()'s answer).
 */
static __irq_speed_inline bool verb_body(unsigned int irq, unsigned int how, const char *verb)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(irq, &rd);
	bool idle;

	if (!desc)
		return false;
	if (how & (VERB_DISABLE | VERB_ENABLE))
		depth_change(desc, how & VERB_ENABLE, verb);
	if ((how & VERB_WAIT) && (!(how & VERB_IF_ACTION) || desc_action(desc)) &&
	    may_wait(irq, verb)) {
		if (how & VERB_THREADS)
			wait_handlers_and_threads(desc, &rd, verb);
		else
			irq_wait_idle(desc);
	}
	/* (Read only for the answer: the other verbs don't pay the load.) */
	idle = (how & (VERB_WAIT | VERB_THREADS)) != VERB_WAIT || !GENIRQ_ENABLED(GENIRQ_THREADS) ||
	       atomic_load_explicit(&desc->threads_active, memory_order_acquire) == 0;
	irq_desc_put(rd);
	/*
	 * A software replay waits in a softirq. With interrupts on and outside
	 * interrupt context (do_softirq() looks) nothing we could hold is
	 * needed by a handler, so run it now rather than at the next interrupt.
	 */
	if ((how & VERB_ENABLE) && !port_irqs_disabled())
		do_softirq();
	return idle;
}

/* verb_body(), one copy: every verb's, but enable_irq()'s where the core is built for speed. */
static __irq_noinline bool line_verb(unsigned int irq, unsigned int how, const char *verb)
{
	return verb_body(irq, how, verb);
}

void synchronize_irq(unsigned int irq)
{
	line_verb(irq, VERB_WAIT | VERB_THREADS, VERB("synchronize_irq"));
}

void disable_irq_nosync(unsigned int irq)
{
	line_verb(irq, VERB_DISABLE, VERB("disable_irq_nosync"));
}

void disable_irq(unsigned int irq)
{
	line_verb(irq, VERB_DISABLE | VERB_WAIT | VERB_THREADS | VERB_IF_ACTION,
		  VERB("disable_irq"));
}

/* synchronize_hardirq() and disable_hardirq() wait for the primaries, not the threads. */
bool synchronize_hardirq(unsigned int irq)
{
	return line_verb(irq, VERB_WAIT, VERB("synchronize_hardirq"));
}

bool disable_hardirq(unsigned int irq)
{
	return line_verb(irq, VERB_DISABLE | VERB_WAIT, VERB("disable_hardirq"));
}

/* The replay path's verb (bench/): inlined where the core is built for speed. */
void enable_irq(unsigned int irq)
{
	if (IRQ_BUILT_FOR_SPEED)
		verb_body(irq, VERB_ENABLE, VERB("enable_irq"));
	else
		line_verb(irq, VERB_ENABLE, VERB("enable_irq"));
}

/* Linux 2.6.9's sharing rule: every handler on the line, and the new one, must ask. */
static bool can_share(struct irqaction *old, unsigned long flags)
{
	return !old || (old->flags & flags & IRQF_SHARED);
}

/*
 * What setup_irq() refuses of a threaded action @new on @desc: a thread
 * on a per-CPU line; no primary on a level line without IRQF_ONESHOT
 * (the line would assert again the moment the flow unmasks it, before
 * the thread could quiet the device). Return: 0, or -EINVAL with @why set.
 */
static int thread_refused(struct irq_desc *desc, struct irqaction *new, const char **why)
{
	if (!GENIRQ_ENABLED(GENIRQ_THREADS) || !new->thread_fn)
		return 0;	/* (without threads prepare() refused a thread function) */
	if (desc_state(desc) & IRQS_PER_CPU) {
		*why = "is per-CPU: no threads there";
		return -EINVAL;
	}
	if (!new->handler && desc_is_level(desc) && !(new->flags & IRQF_ONESHOT) &&
	    !(desc_state(desc) & IRQS_NESTED)) {
		*why = "is level-triggered: a thread without a primary needs IRQF_ONESHOT";
		return -EINVAL;
	}
	return 0;
}

/*
 * A ONESHOT line's handlers each get a bit of the line's mask of threads
 * to wait for. Return: @new's bit, or 0 when every bit is taken.
 */
static unsigned long free_thread_bit(struct irqaction *old)
{
	unsigned long used = 0;

	for (; old; old = atomic_load_explicit(&old->next, memory_order_relaxed))
		used |= old->thread_mask;
	return ~used & (used + 1);
}

/*
 * Whether a sharer's IRQF_TRIGGER_* differs from the trigger the line has
 * (Linux's rule: a sharer asks for the line's trigger or none; a line
 * with none recorded takes any).
 */
static bool trigger_clash(struct irq_desc *desc, unsigned long flags)
{
	unsigned int want = (unsigned int)(flags & IRQF_TRIGGER_MASK);

	return want && desc->data.trigger != IRQ_TYPE_NONE && want != desc->data.trigger;
}

/*
 * Whether a handler asking for @flags may join @desc's handlers @old, for
 * setup_irq() and can_request_irq() alike: a per-CPU line takes one
 * handler (its dev_id is per CPU, not shared); sharers agree on
 * IRQF_ONESHOT.
 */
static bool can_add(struct irq_desc *desc, struct irqaction *old, unsigned long flags)
{
	return !old || (can_share(old, flags) && !(desc_state(desc) & IRQS_PER_CPU) &&
			!((old->flags ^ flags) & IRQF_ONESHOT) && !trigger_clash(desc, flags));
}

static void report_clash(struct irq_desc *desc, struct irqaction *old,
			 struct irqaction *new)
{
	irq_log("irq %u: \"%s\" (flags 0x%lx) can't share with \"%s\" (flags 0x%lx, trigger 0x%x)",
		desc->data.irq, new->name ? new->name : "?", new->flags,
		old->name ? old->name : "?", old->flags, (unsigned int)desc->data.trigger);
}

/*
 * What a request asking for @flags finds on @desc, for setup_irq() (@new,
 * its action: each refusal reported) and can_request_irq() (@new NULL)
 * alike: no controller, or a line being freed; a chained line, or
 * IRQF_PERCPU that does not match the line; @new's thread or priority;
 * then sharing. Caller holds desc->lock. Return: 0, -ENOSYS, -EINVAL or
 * -EBUSY.
 */
static __irq_speed_inline int line_refuses(struct irq_desc *desc, unsigned long flags,
					 struct irqaction *new)
{
	const char *why = NULL;
	unsigned int st;
	int ret = -EINVAL;

	if (!irq_desc_has_chip(desc) || ((st = desc_state(desc)) & IRQS_DYING))
		return -ENOSYS;
	if (st & IRQS_NOREQUEST)
		why = "is a chained (cascade) line, not for drivers";
	else if (st & IRQS_PER_CPU ? !(flags & IRQF_PERCPU) : (flags & IRQF_PERCPU) != 0)
		why = st & IRQS_PER_CPU ? "is per-CPU: IRQF_PERCPU is required" :
		      "is not per-CPU: IRQF_PERCPU is refused";
	else if (!new || ((ret = thread_refused(desc, new, &why)) == 0 &&
			  (ret = irq_priority_refuses(desc, new, &why)) == 0))
		ret = 0;
	if (ret) {
		if (new)
			irq_log("irq %u: request of \"%s\" refused: the line %s", desc->data.irq,
				new->name ? new->name : "?", why);
		return ret;
	}
	if (can_add(desc, desc_action(desc), flags))
		return 0;
	if (new)
		report_clash(desc, desc_action(desc), new);
	return -EBUSY;
}

int can_request_irq(unsigned int irq, unsigned long flags)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(irq, &rd);
	unsigned long lflags;
	int ret;

	if (!desc)
		return 0;
	/* Under the lock: free_irq() frees an action once it is unlinked. */
	lflags = desc_lock_irqsave(desc);
	ret = line_refuses(desc, flags, NULL) == 0;
	desc_unlock_irqrestore(desc, lflags);
	irq_desc_put(rd);
	return ret;
}

/* Whether @irq's events come from a parent's thread (irq_set_nested_thread()). */
static bool irq_line_nested(unsigned int irq)
{
	unsigned int rd;
	struct irq_desc *desc;
	bool nested;

	if (!GENIRQ_ENABLED(GENIRQ_THREADS))
		return false;
	desc = irq_desc_get(irq, &rd);
	if (!desc)
		return false;
	nested = (desc_state(desc) & IRQS_NESTED) != 0;
	irq_desc_put(rd);
	return nested;
}

/* A thread function in a build without threaded handlers: out of the request's way. */
static __irq_noinline int threads_not_built(unsigned int irq)
{
	irq_log("irq %u: a thread function, but threaded handlers are not built "
		"(GENIRQ_THREADS 0)", irq);
	return -ENOSYS;
}

/* The request flags that contradict each other: reported, -EINVAL. */
static __irq_noinline int flags_refused(unsigned int irq, unsigned long flags)
{
	const char *why;

	if ((flags & IRQF_SHARED) && (flags & IRQF_NO_AUTOEN))
		why = "IRQF_NO_AUTOEN on a shared line";
	else if (!irq_type_valid((unsigned int)(flags & IRQF_TRIGGER_MASK)))
		why = "a trigger both edge and level";
	else
		return 0;
	irq_log("irq %u: request refused: %s", irq, why);
	return -EINVAL;
}

static __irq_speed_inline int check_request(unsigned int irq, irq_handler_t handler,
					    irq_handler_t thread_fn, unsigned long flags,
					    void *dev_id)
{
	if (irq >= irq_nr_irqs() || (!handler && !thread_fn) || (flags & ~IRQF_VALID_MASK))
		return irq == IRQ_NOTCONNECTED ? -ENOTCONN : -EINVAL;
	if ((flags & IRQF_SHARED) && !dev_id)
		return -EINVAL;
	if (irq_unlikely(flags & (IRQF_NO_AUTOEN | IRQF_TRIGGER_MASK)))
		return flags_refused(irq, flags);
	return 0;
}

/*
 * What the first handler of a line sets up before it is published: the
 * trigger it asks for, then the activation of a hierarchical line
 * (Linux's irq_activate()). A failure leaves the line as it was. Caller
 * holds desc->lock. Return: 0, or the error (reported).
 */
static __irq_noinline int first_setup(struct irq_desc *desc, struct irqaction *new)
{
	unsigned int want = (unsigned int)(new->flags & IRQF_TRIGGER_MASK);
	unsigned int was = desc->data.trigger;
	int ret;

	if (want && want != was && (ret = irq_desc_set_trigger(desc, want)) != 0) {
		irq_log("irq %u: request of \"%s\" refused: trigger 0x%x not taken (%d)",
			desc->data.irq, new->name ? new->name : "?", want, ret);
		return ret;
	}
	if (irq_likely(!(desc->data.hier_flags & IRQD_HIER)))
		return 0;
	ret = irq_desc_activate(desc);
	if (ret) {
		irq_log("irq %u: request of \"%s\" refused: activation failed (%d)",
			desc->data.irq, new->name ? new->name : "?", ret);
		if (want && want != was)
			(void)irq_desc_set_trigger(desc, was);
	}
	return ret;
}

/* install() on a line found in a read section. */
static int install_desc(struct irq_desc *desc, unsigned int irq, struct irqaction *new)
{
	struct irqaction *old, *_Atomic *link;
	unsigned long flags;
	unsigned int st;
	int ret;

	new->irq = irq;
	flags = desc_lock_irqsave(desc);
	ret = line_refuses(desc, new->flags, new);
	if (ret)
		goto out_unlock;
	if (new->flags & IRQF_ONESHOT) {
		new->thread_mask = free_thread_bit(desc_action(desc));
		if (!new->thread_mask) {
			irq_log("irq %u: request of \"%s\" refused: no ONESHOT bit left",
				irq, new->name ? new->name : "?");
			ret = -EBUSY;
			goto out_unlock;
		}
	}
	/* Append: handlers run in the order they were installed. */
	link = &desc->action;
	while ((old = atomic_load_explicit(link, memory_order_relaxed)) != NULL)
		link = &old->next;
	if (link == &desc->action &&
	    irq_unlikely((new->flags & IRQF_TRIGGER_MASK) ||
			 (GENIRQ_ENABLED(GENIRQ_HIERARCHY) && (desc->data.hier_flags & IRQD_HIER))) &&
	    (ret = first_setup(desc, new)) != 0)
		goto out_unlock;
	if (GENIRQ_ENABLED(GENIRQ_THREADS) && new->thread)
		new->thread->desc = desc;
	/*
	 * A first plain action gives the line its pair; anything else takes
	 * it away. Its call is the real one until trace_irq_request() wraps it.
	 */
	solo_set(desc, new, link == &desc->action && action_plain(new));
	st = desc_state(desc);
	trace_irq_request(desc, st, new);
	irq_atomic_store(link, new, memory_order_release);

	if (link == &desc->action) {
		/* First handler: the line starts clean, enabled, depth 0. */
		irq_spurious_forget(desc);
		/* INPROGRESS stays: a freed handler may still be finishing. */
		st = desc_state(desc) & ~(IRQS_DISABLED | IRQS_AUTODETECT | IRQS_WAITING |
					  IRQS_PENDING | IRQS_REPLAY | IRQS_CPU_SHUTDOWN |
					  IRQS_ONESHOT);
		if (new->flags & IRQF_ONESHOT)
			st |= IRQS_ONESHOT;
		desc_set_state(desc, st);
		desc->threads_handled_last = 0;
		desc->depth = 0;
		desc->backoffs = 0;
		if (irq_unlikely(new->flags & IRQF_NO_AUTOEN)) {
			/* Installed disabled, never started: enable_irq() starts it. */
			desc_set_state(desc, desc_state(desc) | IRQS_DISABLED);
			desc->depth = 1;
		} else if (irq_unlikely(irq_desc_managed_offline(desc))) {
			/* Managed, none of its CPUs online: started when one comes. */
			desc_set_state(desc, desc_state(desc) | IRQS_CPU_SHUTDOWN);
		} else if (irq_desc_startup(desc)) {
			/* An event was waiting at the controller: take it. */
			desc_set_state(desc, desc_state(desc) | IRQS_PENDING);
			irq_resend(desc);
		}
	}
out_unlock:
	desc_unlock_irqrestore(desc, flags);
	return ret;
}

/*
 * Forced threading (irq_force_threading()): a handler becomes its
 * action's thread function behind a primary that only wakes it, and the
 * line is ONESHOT, as Linux's "threadirqs" does.
 */
static void force_thread(struct irqaction *new)
{
	if (!irq_threading_forced() ||
	    (new->flags & (IRQF_NO_THREAD | IRQF_PERCPU)))
		return;
	new->flags |= IRQF_ONESHOT;
	if (!new->thread_fn) {
		new->thread_fn = new->handler;
		new->handler = NULL;
	}
}

/*
 * A request on a nested line: its thread function runs in the parent's
 * thread (handle_nested_irq()), so it needs one and gets no thread of
 * its own; forced threading and a thread's attributes do not apply.
 */
static __irq_noinline int prepare_nested(unsigned int irq, struct irqaction *new)
{
	if (!new->thread_fn) {
		irq_log("irq %u: request of \"%s\" refused: the line is nested in its parent's "
			"thread: a thread function is needed", irq, new->name ? new->name : "?");
		return -EINVAL;
	}
	new->call = irq_nested_primary;
	new->call_arg = new;
	return 0;
}

/* A thread's priority or CPU (struct irq_thread_attr) that can't be had: reported. */
static __irq_noinline int attr_refused(unsigned int irq, struct irqaction *new)
{
	const struct irq_thread_attr *a = new->thread_attr;
	const char *why;

	if (!GENIRQ_ENABLED(GENIRQ_THREADS) || !new->thread_fn)
		why = "a thread priority or CPU, but no thread";
	else if (a->prio > IRQ_THREAD_PRIO_MAX)
		why = "a thread priority above IRQ_THREAD_PRIO_MAX";
	else if (a->cpu != IRQ_THREAD_CPU_LINE &&
		 (a->cpu < 0 || (unsigned int)a->cpu >= irq_nr_cpus()))
		why = "a thread CPU that does not exist";
	else
		return 0;
	irq_log("irq %u: request of \"%s\" refused: %s", irq, new->name ? new->name : "?", why);
	return -EINVAL;
}

/* What the flows call, and the thread, of an action on a line of its own. */
static int prepare(unsigned int irq, struct irqaction *new)
{
	int ret;

	force_thread(new);
	if (!GENIRQ_ENABLED(GENIRQ_THREADS) && new->thread_fn)
		return threads_not_built(irq);
	if (irq_unlikely(new->thread_attr) && (ret = attr_refused(irq, new)) != 0)
		return ret;
	if (GENIRQ_ENABLED(GENIRQ_THREADS) && new->thread_fn) {
		new->call = irq_thread_primary;
		new->call_arg = new;
		return irq_thread_setup(new, irq);
	}
	new->call = new->handler;
	new->call_arg = new->dev_id;
	return 0;
}

/*
 * setup_irq() for an action check_request() accepted: what the flows
 * call and the thread, then the line, inside its controller's bus lock.
 */
static int install(unsigned int irq, struct irqaction *new)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(irq, &rd);
	const struct irq_chip *bus;
	int ret;

	if (!desc)
		return -ENOSYS;
	if (GENIRQ_ENABLED(GENIRQ_THREADS) && irq_unlikely(desc_state(desc) & IRQS_NESTED))
		ret = prepare_nested(irq, new);
	else
		ret = prepare(irq, new);
	if (ret)
		goto out_put;
	ret = irq_desc_bus_lock(desc, VERB("request_irq"), &bus);
	if (ret == 0) {
		ret = install_desc(desc, irq, new);
		irq_desc_bus_sync_unlock(desc, bus);
	}
	if (ret)
		irq_thread_release(new);
out_put:
	irq_desc_put(rd);
	return ret;
}

int setup_irq(unsigned int irq, struct irqaction *new)
{
	int ret;

	if (!new)
		return -EINVAL;
	ret = check_request(irq, new->handler, new->thread_fn, new->flags, new->dev_id);
	if (ret)
		return ret;
	/* The core's fields of a caller's action (request_irq()'s come zeroed). */
	irq_atomic_store(&new->next, NULL, memory_order_relaxed);
	new->thread = NULL;
	new->thread_mask = 0;
	return install(irq, new);
}

/*
 * The first ACTION_HOT bytes of an action are what an event reads
 * (<genirq/interrupt.h>: call, call_arg, next, flags). A block from
 * port_alloc() is aligned only for its contents, so the action takes
 * ACTION_SLACK bytes more and starts where those bytes share a cache
 * line: with 16-byte aligned blocks (a 64-bit C library's malloc())
 * always; with less, whenever the slack reaches. Cheaper than asking
 * the port for aligned memory.
 */
#define ACTION_HOT	((unsigned int)offsetof(struct irqaction, handler))
#define ACTION_SLACK	16u

static struct irqaction *action_alloc(irq_handler_t handler, irq_handler_t thread_fn,
				      unsigned long flags, const char *name, void *dev_id)
{
	unsigned char *block = port_alloc(sizeof(struct irqaction) + ACTION_SLACK);
	unsigned int in_line, off = 0;
	struct irqaction *action;

	if (!block)
		return NULL;
	in_line = (unsigned int)((uintptr_t)block % GENIRQ_CACHELINE);
	if (in_line + ACTION_HOT > GENIRQ_CACHELINE && in_line + ACTION_SLACK >= GENIRQ_CACHELINE)
		off = GENIRQ_CACHELINE - in_line;
	action = (struct irqaction *)(void *)(block + off);
	*action = (struct irqaction){ .handler = handler, .thread_fn = thread_fn, .flags = flags,
				      .name = name, .dev_id = dev_id, .allocated = 1,
				      .block_offset = (unsigned char)off };
	return action;
}

static void action_free(struct irqaction *action)
{
	port_free((unsigned char *)action - action->block_offset);
}


/* request_threaded_irq(), with @attr for its thread (NULL: the defaults). */
static __irq_noinline int request_action(unsigned int irq, irq_handler_t handler,
					 irq_handler_t thread_fn, unsigned long flags,
					 const char *name, void *dev_id,
					 const struct irq_thread_attr *attr)
{
	struct irqaction *action;
	int ret;

	ret = check_request(irq, handler, thread_fn, flags, dev_id);
	if (ret)
		return ret;
	action = action_alloc(handler, thread_fn, flags, name, dev_id);
	if (!action)
		return -ENOMEM;
	action->thread_attr = attr;
	ret = install(irq, action);
	if (ret)
		action_free(action);
	else if (attr)
		action->thread_attr = NULL;	/* the caller's, read only during the call */
	return ret;
}

int irq_request_threaded_attr(unsigned int irq, irq_handler_t handler, irq_handler_t thread_fn,
			      unsigned long flags, const char *name, void *dev_id,
			      const struct irq_thread_attr *attr)
{
	return request_action(irq, handler, thread_fn, flags, name, dev_id, attr);
}

int request_threaded_irq(unsigned int irq, irq_handler_t handler, irq_handler_t thread_fn,
			 unsigned long flags, const char *name, void *dev_id)
{
	return request_action(irq, handler, thread_fn, flags, name, dev_id, NULL);
}

int request_any_context_irq(unsigned int irq, irq_handler_t handler, unsigned long flags,
			    const char *name, void *dev_id)
{
	int ret;

	if (irq_line_nested(irq)) {
		ret = request_threaded_irq(irq, NULL, handler, flags, name, dev_id);
		return ret ? ret : IRQC_IS_NESTED;
	}
	ret = request_irq(irq, handler, flags, name, dev_id);
	return ret ? ret : IRQC_IS_HARDIRQ;
}

int request_irq(unsigned int irq, irq_handler_t handler, unsigned long flags,
		const char *name, void *dev_id)
{
	/* check_request() refuses a NULL @handler: there is no thread either. */
	return request_action(irq, handler, NULL, flags, name, dev_id, NULL);
}

/* free_irq() of a line found in the read section *@rd. */
static void free_desc_action(struct irq_desc *desc, unsigned int irq, void *dev_id,
			     unsigned int *rd)
{
	struct irqaction *action = NULL, *_Atomic *link;
	const struct irq_chip *bus;
	unsigned long flags;
	bool settle = false, pinned = false, hier = false, last = false;

	if (in_interrupt()) {
		irq_log("irq %u: free_irq from interrupt context refused", irq);
		return;
	}
	(void)irq_desc_bus_lock(desc, VERB("free_irq"), &bus);	/* not in interrupt context: taken */
	flags = desc_lock_irqsave(desc);
	for (link = &desc->action;
	     (action = atomic_load_explicit(link, memory_order_relaxed)) != NULL;
	     link = &action->next)
		if (action->dev_id == dev_id)
			break;
	if (!action) {
		irq_log("irq %u: free_irq of an unknown dev_id %p, nothing freed", irq, dev_id);
		goto out_unlock;
	}
	if (GENIRQ_ENABLED(GENIRQ_NMI) && (desc_state(desc) & IRQS_NMI)) {
		irq_log("irq %u: free_irq of an NMI refused: free_nmi() or free_percpu_nmi() "
			"frees it, nothing freed", irq);
		action = NULL;
		goto out_unlock;
	}
	/* Without threads no action has one (irq_thread_setup() is -ENOSYS). */
	if (GENIRQ_ENABLED(GENIRQ_THREADS) && action->thread && irq_thread_is_self(action->thread)) {
		irq_log("irq %u: free_irq of \"%s\" from its own thread refused", irq,
			action->name ? action->name : "?");
		action = NULL;
		goto out_unlock;
	}
	/* Its thread is waited for below, with the line pinned from now on. */
	if (GENIRQ_ENABLED(GENIRQ_THREADS) && action->thread)
		pinned = irq_desc_pin_locked(desc);
	/* Unlink; a CPU walking the chain still finds the rest through action->next. */
	irq_atomic_store(link, atomic_load_explicit(&action->next, memory_order_relaxed),
			      memory_order_seq_cst);
	trace_irq(desc, FREE, 0, action->name);
	if (!desc_action(desc)) {
		unsigned int st;

		/* The last: deactivated below (read here, under the lock). */
		hier = GENIRQ_ENABLED(GENIRQ_HIERARCHY) && (desc->data.hier_flags & IRQD_HIER);
		last = true;
		irq_spurious_forget(desc);
		st = desc_state(desc);
		desc_set_state(desc, (st | IRQS_DISABLED) &
				     ~(IRQS_PENDING | IRQS_REPLAY | IRQS_ONESHOT));
		desc->depth = 1;
		irq_desc_shutdown(desc);
		/* No pair: nothing can claim the line now, and the next request sets it. */
		irq_atomic_store(&desc->solo_call, NULL, memory_order_relaxed);
	} else {
		/* Left with one plain action while busy: its pair once it is idle. */
		settle = irq_solo_update(desc);
	}
out_unlock:
	desc_unlock_irqrestore(desc, flags);
	irq_desc_bus_sync_unlock(desc, bus);
	if (!action)
		return;
	/*
	 * It is not ours to free while some CPU may still be running it, nor
	 * while its thread is woken or running: that run ends first, then the
	 * thread.
	 */
	irq_wait_idle(desc);
	if (irq_unlikely(settle))
		solo_settle(desc);
	if (GENIRQ_ENABLED(GENIRQ_THREADS) && action->thread) {
		wait_threads_pinned(desc, action->thread, rd, pinned);
		irq_thread_release(action);
	} else if (GENIRQ_ENABLED(GENIRQ_THREADS) && irq_unlikely(action->thread_fn != NULL)) {
		/* A run of handle_nested_irq() may still be in its thread function. */
		wait_threads_pinned(desc, NULL, rd, false);
	}
	/* Nothing of the line runs any more: the last handler gives back what activation took. */
	if (irq_unlikely(hier))
		irq_desc_deactivate_unused(desc);
	if (irq_unlikely(last))
		irq_affinity_line_freed(irq);
	if (action->allocated)
		action_free(action);
}

void free_irq(unsigned int irq, void *dev_id)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(irq, &rd);

	if (!desc) {
		irq_log("free_irq: irq %u does not exist", irq);
		return;
	}
	free_desc_action(desc, irq, dev_id, &rd);
	irq_desc_put(rd);
}

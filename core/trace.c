// SPDX-License-Identifier: MIT
/*
 * trace.c - trace events into per-CPU rings (see <genirq/trace.h>).
 *
 * How a line is traced without costing the others anything: the line
 * gets IRQS_TRACED in its state, which also keeps it off the flows'
 * lock-free path (that path's compare-and-swap wants an exact quiet
 * state) and makes it instrumented (entry.c): its entry,
 * handle_instrumented_irq(), runs the flow between
 * irq_trace_flow_begin() and irq_trace_flow_end(), which read the flow's
 * decisions from the line state before and after; each of its actions'
 * calls (action->call) becomes trace_call(), which records the handler's
 * entry and exit around the real call. The core's slower paths (request,
 * free, affinity, replay, the stuck-line and storm rules, threads) test
 * IRQS_TRACED where they already are, through trace_points.h. Softirqs
 * are traced by giving each vector a recording stand-in while global
 * tracing is on.
 *
 * The rings: each CPU writes only its own, with local interrupts off for
 * one event, so an interrupt nesting on that CPU cannot tear it. head
 * counts the events recorded since the last reset; slot head % SIZE is
 * the next one written, over the oldest once the ring has wrapped.
 */
#include <genirq/trace.h>

#include "internals.h"
#include "trace_points.h"

GENIRQ_FEATURE_SOURCE(GENIRQ_TRACE, "TRACE");

#define RING_MASK	(GENIRQ_TRACE_EVENTS - 1u)

_Static_assert((GENIRQ_TRACE_EVENTS & RING_MASK) == 0, "GENIRQ_TRACE_EVENTS: a power of two");
_Static_assert(sizeof(struct irq_trace_event) == 32, "one event is 32 bytes");

struct trace_ring {
	atomic_ulong		head;		/* [P] events recorded since reset */
	unsigned long		runs;		/* [P] handler chains entered, for the wrapper */
	struct irq_trace_event	ev[GENIRQ_TRACE_EVENTS];
};

static struct trace_ring rings[GENIRQ_NR_CPUS];
static atomic_bool trace_all;
static _Atomic irq_trace_hook_t trace_hook;
static void *_Atomic trace_hook_arg;

static const char *const type_names[IRQ_TRACE_NR_TYPES] = {
	[IRQ_TRACE_HANDLER_ENTRY]	= "handler-entry",
	[IRQ_TRACE_HANDLER_EXIT]	= "handler-exit",
	[IRQ_TRACE_PENDING]		= "pending",
	[IRQ_TRACE_RERUN]		= "rerun",
	[IRQ_TRACE_MASKED]		= "masked",
	[IRQ_TRACE_REPLAY]		= "replay",
	[IRQ_TRACE_SPURIOUS]		= "spurious-disable",
	[IRQ_TRACE_STORM_THROTTLE]	= "storm-throttle",
	[IRQ_TRACE_STORM_RELEASE]	= "storm-release",
	[IRQ_TRACE_POLL]		= "stuck-poll",
	[IRQ_TRACE_SOFTIRQ_ENTRY]	= "softirq-entry",
	[IRQ_TRACE_SOFTIRQ_EXIT]	= "softirq-exit",
	[IRQ_TRACE_THREAD_WAKE]		= "thread-wake",
	[IRQ_TRACE_THREAD_ENTRY]	= "thread-entry",
	[IRQ_TRACE_THREAD_EXIT]		= "thread-exit",
	[IRQ_TRACE_AFFINITY]		= "affinity",
	[IRQ_TRACE_REQUEST]		= "request",
	[IRQ_TRACE_FREE]		= "free",
};

const char *irq_trace_type_name(unsigned int type)
{
	return type < IRQ_TRACE_NR_TYPES ? type_names[type] : "?";
}

/* Record one event on this CPU (or hand it to the embedder's hook). */
static void record(unsigned int type, unsigned int irq, uint32_t arg, const char *name)
{
	irq_trace_hook_t hook = atomic_load_explicit(&trace_hook, memory_order_acquire);
	struct irq_trace_event ev = {
		.irq = irq, .type = (uint16_t)type, .arg = arg,
	};
	unsigned long flags, head;
	struct trace_ring *r;

	for (unsigned int i = 0; name && i < IRQ_TRACE_NAME_LEN - 1 && name[i]; i++)
		ev.name[i] = name[i];
	flags = port_irq_save();
	ev.cpu = (uint16_t)port_cpu_id();
	ev.ts = port_trace_clock();
	if (hook) {
		port_irq_restore(flags);
		hook(&ev, atomic_load_explicit(&trace_hook_arg, memory_order_relaxed));
		return;
	}
	if (ev.cpu < GENIRQ_NR_CPUS) {
		r = &rings[ev.cpu];
		head = atomic_load_explicit(&r->head, memory_order_relaxed);
		r->ev[head & RING_MASK] = ev;
		irq_atomic_store(&r->head, head + 1, memory_order_release);
	}
	port_irq_restore(flags);
}

void irq_trace_desc_event(struct irq_desc *desc, unsigned int type, uint32_t arg,
			  const char *name)
{
	record(type, desc->data.irq, arg, name);
}

static irqreturn_t trace_call(int irq, void *arg);

/* Calls are read by the flows without the lock: one store each way. */
static void set_call(struct irqaction *action, irq_handler_t fn)
{
	__atomic_store_n(&action->call, fn, __ATOMIC_RELEASE);
}

/*
 * A traced line's action: recorded around the real call. A line's
 * actions differ in call_arg (dev_id: distinct on a shared line; a
 * threaded action's own address), which finds the action, wrapped or
 * unwrapped meanwhile alike. Only an action free_irq() unlinked while
 * its flow was on the way here is not found: its event counts as
 * unhandled (free_irq() was taking it away).
 */
static irqreturn_t trace_call(int irq, void *arg)
{
	struct irq_desc *desc = irq_to_desc((unsigned int)irq);
	struct irqaction *action = desc ? desc_action(desc) : NULL, *head = action;
	unsigned int cpu = port_cpu_id();
	irqreturn_t ret;

	while (action && action->call_arg != arg)
		action = atomic_load_explicit(&action->next, memory_order_acquire);
	if (!action)
		return IRQ_NONE;
	if (action == head && cpu < GENIRQ_NR_CPUS)
		rings[cpu].runs++;
	record(IRQ_TRACE_HANDLER_ENTRY, (unsigned int)irq, 0, action->name);
	ret = action_real_call(action)(irq, arg);
	record(IRQ_TRACE_HANDLER_EXIT, (unsigned int)irq, (uint32_t)ret, action->name);
	if (ret == IRQ_WAKE_THREAD && action->thread)
		record(IRQ_TRACE_THREAD_WAKE, (unsigned int)irq, 0, action->name);
	return ret;
}

/*
 * Around a traced line's flow (handle_instrumented_irq(), entry.c): what
 * the flow decided, read from the line state before and after it and
 * from the handler chains this CPU entered meanwhile (an interrupt
 * nesting here puts back the count it found).
 */
unsigned long irq_trace_flow_begin(void)
{
	unsigned int cpu = port_cpu_id_fast();

	return cpu < GENIRQ_NR_CPUS ? rings[cpu].runs : 0;
}

void irq_trace_flow_end(struct irq_desc *desc, unsigned int before, unsigned long runs0)
{
	unsigned int cpu = port_cpu_id_fast(), after = desc_state(desc);
	unsigned long runs = 0;

	if (cpu < GENIRQ_NR_CPUS) {
		runs = rings[cpu].runs - runs0;
		rings[cpu].runs = runs0;
	}
	if (!runs && (after & IRQS_PENDING)) {
		uint32_t why = 0;

		if ((before | after) & IRQS_DISABLED)
			why |= IRQ_TRACE_WHY_DISABLED;
		if (before & IRQS_INPROGRESS)
			why |= IRQ_TRACE_WHY_INPROGRESS;
		if (!desc_action(desc))
			why |= IRQ_TRACE_WHY_NOACTION;
		record(IRQ_TRACE_PENDING, desc->data.irq, why, NULL);
	} else if (runs > 1) {
		record(IRQ_TRACE_RERUN, desc->data.irq, (uint32_t)runs, NULL);
	}
	if (runs && (after & IRQS_MASKED) && !(before & IRQS_MASKED) &&
	    !(after & (IRQS_INPROGRESS | IRQS_SPURIOUS_DISABLED | IRQS_STORM)))
		record(IRQ_TRACE_MASKED, desc->data.irq, 0, NULL);
}

/* Wrap or unwrap one action of a line. Caller holds desc->lock. */
static void wrap_action(struct irqaction *action, bool on)
{
	if (on)
		set_call(action, trace_call);
	else if (action->call == trace_call)
		set_call(action, action_real_call(action));
}

/* Trace @desc or stop. Caller holds desc->lock. */
static void set_line(struct irq_desc *desc, bool on)
{
	unsigned int st = desc_state(desc);

	if (!!(st & IRQS_TRACED) == on)
		return;
	desc_set_state(desc, on ? st | IRQS_TRACED : st & ~(unsigned int)IRQS_TRACED);
	for (struct irqaction *a = desc_action(desc); a;
	     a = atomic_load_explicit(&a->next, memory_order_relaxed))
		wrap_action(a, on);
	irq_desc_update_entry(desc);
}

/*
 * set_line() once no handler of the line runs: with the lock held and
 * INPROGRESS clear, no flow reads the actions' calls while they change
 * (a per-CPU line has no INPROGRESS: a CPU in its handler reads the old
 * call or the new one, one pointer either way).
 */
static void set_line_locked(struct irq_desc *desc, bool on)
{
	for (;;) {
		unsigned long flags = desc_lock_irqsave(desc);

		if (!(desc_state(desc) & IRQS_INPROGRESS)) {
			set_line(desc, on);
			desc_unlock_irqrestore(desc, flags);
			return;
		}
		desc_unlock_irqrestore(desc, flags);
		while (desc_state(desc) & IRQS_INPROGRESS)
			port_cpu_relax();
	}
}

int irq_trace_line(unsigned int irq, bool on)
{
	struct irq_desc *desc;
	unsigned int rd;

	if (!(desc = irq_desc_get(irq, &rd)))
		return -EINVAL;
	set_line_locked(desc, on);
	irq_desc_put(rd);
	return 0;
}

bool irq_trace_line_enabled(unsigned int irq)
{
	struct irq_desc *desc;
	unsigned int rd;
	bool on;

	if (!(desc = irq_desc_get(irq, &rd)))
		return false;
	on = (desc_state(desc) & IRQS_TRACED) != 0;
	irq_desc_put(rd);
	return on;
}

/*
 * Softirqs: while global tracing is on, each vector's action is a
 * stand-in that records around the real one (kept in softirq_real[]).
 */
static softirq_action_t softirq_real[NR_SOFTIRQS];

static void softirq_traced(unsigned int nr)
{
	softirq_action_t fn = softirq_real[nr];

	record(IRQ_TRACE_SOFTIRQ_ENTRY, nr, 0, NULL);
	if (fn)
		fn();
	record(IRQ_TRACE_SOFTIRQ_EXIT, nr, 0, NULL);
}

#define SOFTIRQ_STANDIN(n) \
	static void softirq_traced_##n(void) { softirq_traced(n); }
SOFTIRQ_STANDIN(0) SOFTIRQ_STANDIN(1) SOFTIRQ_STANDIN(2) SOFTIRQ_STANDIN(3)
SOFTIRQ_STANDIN(4) SOFTIRQ_STANDIN(5) SOFTIRQ_STANDIN(6) SOFTIRQ_STANDIN(7)
SOFTIRQ_STANDIN(8) SOFTIRQ_STANDIN(9)

static const softirq_action_t softirq_standins[NR_SOFTIRQS] = {
	softirq_traced_0, softirq_traced_1, softirq_traced_2, softirq_traced_3,
	softirq_traced_4, softirq_traced_5, softirq_traced_6, softirq_traced_7,
	softirq_traced_8, softirq_traced_9,
};
_Static_assert(NR_SOFTIRQS == 10, "one stand-in per softirq vector");

softirq_action_t irq_trace_softirq_action(unsigned int nr, softirq_action_t action)
{
	if (!atomic_load(&trace_all) || !action)
		return action;
	softirq_real[nr] = action;
	return softirq_standins[nr];
}

static void trace_softirqs(bool on)
{
	for (unsigned int nr = 0; nr < NR_SOFTIRQS; nr++) {
		softirq_action_t cur = irq_softirq_action(nr);

		if (on && cur && cur != softirq_standins[nr]) {
			softirq_real[nr] = cur;
			irq_softirq_set_action(nr, softirq_standins[nr]);
		} else if (!on && cur == softirq_standins[nr]) {
			irq_softirq_set_action(nr, softirq_real[nr]);
		}
	}
}

void irq_trace_desc_new(struct irq_desc *desc)
{
	if (!atomic_load_explicit(&trace_all, memory_order_relaxed))
		return;
	irq_atomic_store(&desc->istate, desc_state(desc) | IRQS_TRACED, memory_order_relaxed);
	irq_desc_update_entry(desc);
}

void irq_trace_installed(struct irq_desc *desc, struct irqaction *action)
{
	wrap_action(action, true);
	record(IRQ_TRACE_REQUEST, desc->data.irq, 0, action->name);
}

void irq_trace_enable(bool on)
{
	unsigned int irq = 0, rd = desc_read_lock();
	struct irq_desc *desc;

	atomic_store(&trace_all, on);
	for (; irq_desc_iter(&irq, &desc); irq++)
		set_line_locked(desc, on);
	desc_read_unlock(rd);
	trace_softirqs(on);
}

bool irq_trace_enabled(void)
{
	return atomic_load(&trace_all);
}

void irq_trace_reset(void)
{
	for (unsigned int cpu = 0; cpu < GENIRQ_NR_CPUS; cpu++)
		irq_atomic_store(&rings[cpu].head, 0UL, memory_order_release);
}

unsigned long irq_trace_recorded(unsigned int cpu)
{
	return cpu < GENIRQ_NR_CPUS ? atomic_load_explicit(&rings[cpu].head, memory_order_acquire)
				    : 0;
}

unsigned int irq_trace_read(unsigned int cpu, struct irq_trace_event *out, unsigned int max,
			    unsigned long *dropped)
{
	unsigned long head = irq_trace_recorded(cpu), kept, first;
	unsigned int n;

	kept = head < GENIRQ_TRACE_EVENTS ? head : GENIRQ_TRACE_EVENTS;
	if (dropped)
		*dropped = head - kept;
	if (cpu >= GENIRQ_NR_CPUS || !out)
		return 0;
	first = head - kept;
	n = kept < max ? (unsigned int)kept : max;
	for (unsigned int i = 0; i < n; i++)
		out[i] = rings[cpu].ev[(first + i) & RING_MASK];
	return n;
}

void irq_trace_set_hook(irq_trace_hook_t hook, void *arg)
{
	irq_atomic_store(&trace_hook_arg, arg, memory_order_relaxed);
	irq_atomic_store(&trace_hook, hook, memory_order_release);
}

/* irq_core_init(): nothing traced, empty rings, no hook. */
void irq_trace_init(void)
{
	atomic_store(&trace_all, false);
	irq_trace_set_hook(NULL, NULL);
	irq_trace_reset();
	for (unsigned int nr = 0; nr < NR_SOFTIRQS; nr++)
		softirq_real[nr] = NULL;
}

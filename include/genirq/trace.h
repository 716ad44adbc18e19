/* SPDX-License-Identifier: MIT */
/*
 * trace.h - what happened when, on which CPU: interrupt trace events.
 *
 * Off (the default) costs the interrupt path nothing: a traced line runs
 * behind a wrapper entry (as cost accounting does) and its actions behind
 * a wrapper call, so untraced lines execute exactly the code they run
 * without tracing. On, each CPU records into a ring of its own, without
 * locks: a CPU writes only its own ring, with its local interrupts off
 * for the few stores of one event; when the ring is full the oldest event
 * is overwritten and counted as dropped.
 *
 * Timestamps come from port_trace_clock() (<genirq/port.h>), nanoseconds
 * on one clock for all CPUs.
 *
 * An embedder with a tracer of its own points irq_trace_set_hook() at it:
 * every event then goes to the hook instead of the rings.
 */
#ifndef GENIRQ_TRACE_H
#define GENIRQ_TRACE_H

#include <stdbool.h>
#include <stdint.h>
#include <genirq/compiler.h>
#include <genirq/errno.h>

GENIRQ_BEGIN_DECLS

/* Events in each CPU's ring: GENIRQ_TRACE_EVENTS (<genirq/config.h>). */

/* Event types: .irq is the line unless the comment says otherwise. */
enum irq_trace_type {
	IRQ_TRACE_HANDLER_ENTRY,	/* an action's handler starts; .name */
	IRQ_TRACE_HANDLER_EXIT,		/* it returned .arg (irqreturn_t); .name */
	IRQ_TRACE_PENDING,		/* event kept PENDING, not run here; .arg:
					 * IRQ_TRACE_WHY_* bits of the reason */
	IRQ_TRACE_RERUN,		/* the running CPU ran events that came
					 * meanwhile: .arg handler-chain runs in all */
	IRQ_TRACE_MASKED,		/* the flow left the line masked */
	IRQ_TRACE_REPLAY,		/* enable_irq() replays a pending edge */
	IRQ_TRACE_SPURIOUS,		/* stuck-line rule disabled the line; .arg
					 * unhandled events in its window */
	IRQ_TRACE_STORM_THROTTLE,	/* storm rule disabled the line; .arg its
					 * window's event budget */
	IRQ_TRACE_STORM_RELEASE,	/* the storm back-off ran out: enabled */
	IRQ_TRACE_POLL,			/* a stuck line's handlers polled; .arg
					 * the result; 1 in .arg bit 8: let go */
	IRQ_TRACE_SOFTIRQ_ENTRY,	/* softirq .irq (vector number) starts */
	IRQ_TRACE_SOFTIRQ_EXIT,		/* and returns */
	IRQ_TRACE_THREAD_WAKE,		/* a primary woke the action's thread; .name */
	IRQ_TRACE_THREAD_ENTRY,		/* the thread function starts; .name */
	IRQ_TRACE_THREAD_EXIT,		/* it returned .arg; .name */
	IRQ_TRACE_AFFINITY,		/* affinity set: .arg the first 32 CPUs' bits */
	IRQ_TRACE_REQUEST,		/* handler .name installed */
	IRQ_TRACE_FREE,			/* handler .name removed */
	IRQ_TRACE_NR_TYPES
};

/* IRQ_TRACE_PENDING's reasons. */
#define IRQ_TRACE_WHY_DISABLED		0x1u	/* the line is disabled */
#define IRQ_TRACE_WHY_INPROGRESS	0x2u	/* another CPU runs its handlers */
#define IRQ_TRACE_WHY_NOACTION		0x4u	/* no handler installed */

#define IRQ_TRACE_NAME_LEN	12	/* action names are cut to 11 bytes */

/* One event: 32 bytes. */
struct irq_trace_event {
	uint64_t	ts;		/* port_trace_clock(), ns */
	uint32_t	irq;
	uint16_t	type;		/* enum irq_trace_type */
	uint16_t	cpu;
	uint32_t	arg;
	char		name[IRQ_TRACE_NAME_LEN];	/* NUL-padded, may be "" */
};

#if GENIRQ_TRACE	/* the stubs of a build without tracing are at the end */
/*
 * Trace every line, those made while it is on included, and softirqs
 * (@on); or stop tracing every line and softirqs.
 * Context: process context, may take each line's lock.
 */
void irq_trace_enable(bool on);
/* Is global tracing (irq_trace_enable()) on? */
bool irq_trace_enabled(void);

/*
 * Trace line @irq (@on) or stop; waits while a CPU runs its handlers.
 * Context: process context, never from the line's own handler.
 * Return: 0, or -EINVAL when @irq has no descriptor.
 */
int irq_trace_line(unsigned int irq, bool on);
/* Is @irq traced? */
bool irq_trace_line_enabled(unsigned int irq);

/* Empty every ring and zero the drop counts. Tracing may be on or off. */
void irq_trace_reset(void);

/*
 * Copy CPU @cpu's events, oldest first, into @out (at most @max); the
 * ring keeps them. *@dropped (if not NULL) is set to the events
 * overwritten since the last irq_trace_reset(). Events recorded while
 * this runs may be missed or, rarely, appear torn; stop tracing first for
 * an exact copy. Return: the number copied (0 for a CPU out of range).
 */
unsigned int irq_trace_read(unsigned int cpu, struct irq_trace_event *out, unsigned int max,
			    unsigned long *dropped);
/* Events recorded on CPU @cpu since the last reset, kept or dropped. */
unsigned long irq_trace_recorded(unsigned int cpu);

/*
 * The embedder's tracer: with a hook set, every event is passed to
 * @hook(event, @arg) on the CPU it happened on, in the context it
 * happened in (often hardirq, local interrupts off), instead of being
 * recorded. NULL restores the rings. Set it while tracing is off.
 */
typedef void (*irq_trace_hook_t)(const struct irq_trace_event *ev, void *arg);
void irq_trace_set_hook(irq_trace_hook_t hook, void *arg);

/* Short name of event type @type ("handler-entry", "pending"...), "?" if unknown. */
const char *irq_trace_type_name(unsigned int type);
#else
/*
 * A build without tracing (GENIRQ_TRACE 0): nothing is ever traced or
 * recorded; irq_trace_line() asking for tracing is -ENOSYS (stopping it
 * is 0), a hook is never called, every name is "?".
 */
typedef void (*irq_trace_hook_t)(const struct irq_trace_event *ev, void *arg);
static inline void irq_trace_enable(bool on) { (void)on; }
static inline bool irq_trace_enabled(void) { return false; }
static inline int irq_trace_line(unsigned int irq, bool on)
{
	(void)irq;
	return on ? -GENIRQ_ENOSYS : 0;
}
static inline bool irq_trace_line_enabled(unsigned int irq) { (void)irq; return false; }
static inline void irq_trace_reset(void) { }
static inline unsigned int irq_trace_read(unsigned int cpu, struct irq_trace_event *out,
					  unsigned int max, unsigned long *dropped)
{
	(void)cpu;
	(void)out;
	(void)max;
	if (dropped)
		*dropped = 0;
	return 0;
}
static inline unsigned long irq_trace_recorded(unsigned int cpu) { (void)cpu; return 0; }
static inline void irq_trace_set_hook(irq_trace_hook_t hook, void *arg)
{
	(void)hook;
	(void)arg;
}
static inline const char *irq_trace_type_name(unsigned int type) { (void)type; return "?"; }
#endif

GENIRQ_END_DECLS

#endif /* GENIRQ_TRACE_H */

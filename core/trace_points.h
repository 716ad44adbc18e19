/* SPDX-License-Identifier: MIT */
/*
 * trace_points.h - the core's trace points (trace.c), one line each
 * where they are. Every one tests the line's IRQS_TRACED bit first, on a
 * path off the flows' dispatch path, and costs nothing more when the line
 * is not traced.
 */
#ifndef GENIRQ_CORE_TRACE_POINTS_H
#define GENIRQ_CORE_TRACE_POINTS_H

#include <genirq/trace.h>

#include "internals.h"

#if GENIRQ_TRACE
void irq_trace_desc_event(struct irq_desc *desc, unsigned int type, uint32_t arg,
			  const char *name);
void irq_trace_init(void);
/* A descriptor being made, not yet published: traced while global tracing is on. */
void irq_trace_desc_new(struct irq_desc *desc);
/*
 * Around the flow of a traced line (handle_instrumented_irq()): begin
 * returns this CPU's count of handler chains entered; end records what
 * the flow decided, from the line state @before it and now, and from the
 * chains entered since @runs.
 */
unsigned long irq_trace_flow_begin(void);
void irq_trace_flow_end(struct irq_desc *desc, unsigned int before, unsigned long runs);
/* open_softirq(): the vector's action, behind a stand-in while tracing is on. */
softirq_action_t irq_trace_softirq_action(unsigned int nr, softirq_action_t action);
/* manage.c: an action installed on a traced line is traced too. */
void irq_trace_installed(struct irq_desc *desc, struct irqaction *action);
#else
/* No line is ever traced (IRQS_TRACED never set): every trace point is nothing. */
static inline void irq_trace_desc_event(struct irq_desc *desc, unsigned int type, uint32_t arg,
					const char *name)
{
	(void)desc;
	(void)type;
	(void)arg;
	(void)name;
}
static inline void irq_trace_init(void) { }
static inline void irq_trace_desc_new(struct irq_desc *desc) { (void)desc; }
static inline unsigned long irq_trace_flow_begin(void) { return 0; }
static inline void irq_trace_flow_end(struct irq_desc *desc, unsigned int before,
				      unsigned long runs)
{
	(void)desc;
	(void)before;
	(void)runs;
}
static inline softirq_action_t irq_trace_softirq_action(unsigned int nr, softirq_action_t action)
{
	(void)nr;
	return action;
}
static inline void irq_trace_installed(struct irq_desc *desc, struct irqaction *action)
{
	(void)desc;
	(void)action;
}
#endif

/* Event @type on @desc's line, if it is traced: nothing in a build without tracing. */
#define trace_irq(desc, type, arg, name)						\
	do {										\
		if (GENIRQ_ENABLED(GENIRQ_TRACE) &&					\
		    irq_unlikely(desc_state(desc) & IRQS_TRACED))			\
			irq_trace_desc_event((desc), IRQ_TRACE_##type, (uint32_t)(arg), (name)); \
	} while (0)

/* A handler about to be installed (request_irq(), setup_irq()), traced if its
 * line is. */
#define trace_irq_request(desc, st, action)						\
	do {										\
		if (GENIRQ_ENABLED(GENIRQ_TRACE) && irq_unlikely((st) & IRQS_TRACED))	\
			irq_trace_installed((desc), (action));				\
	} while (0)

#endif /* GENIRQ_CORE_TRACE_POINTS_H */

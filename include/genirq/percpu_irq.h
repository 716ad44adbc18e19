/* SPDX-License-Identifier: MIT */
/*
 * percpu_irq.h - per-CPU lines with a per-CPU dev_id (local timers, IPIs,
 * per-CPU performance counters), Linux's request_percpu_irq() API.
 *
 * One line, one handler, run on whichever CPU takes the event, with that
 * CPU's own instance of the driver's data. A freestanding core has no
 * per-CPU area, so a per-CPU pointer here is an array with one instance
 * per CPU: CPU c's is at (char *)percpu_dev_id + c * stride.
 * request_percpu_irq() takes the stride from the pointer's type, so pass
 * a typed pointer to the first element (not a void *):
 *
 *	static struct my_timer timers[GENIRQ_NR_CPUS];
 *	request_percpu_irq(irq, my_tick, "timer", timers);
 *	... on each CPU:  enable_percpu_irq(irq, IRQ_TYPE_NONE);
 *	my_tick(irq, dev_id): dev_id is &timers[this CPU]
 *
 * The line is disabled on every CPU until that CPU calls
 * enable_percpu_irq(); the line's chip acts on the calling CPU's local
 * controller (as LAPIC LVT and other per-CPU sources do). A line set up
 * this way takes no request_irq(), and a line with a request_irq()
 * handler takes no request_percpu_irq(): both refuse (-EINVAL/-EBUSY,
 * reported, nothing changed).
 */
#ifndef GENIRQ_PERCPU_IRQ_H
#define GENIRQ_PERCPU_IRQ_H

#include <stdbool.h>
#include <stddef.h>
#include <genirq/compiler.h>
#include <genirq/interrupt.h>

GENIRQ_BEGIN_DECLS

/* CPU @cpu's instance of a per-CPU pointer. */
static inline void *irq_percpu_ptr(void *percpu_dev_id, size_t stride, unsigned int cpu)
{
	return (char *)percpu_dev_id + (size_t)cpu * stride;
}

#if GENIRQ_PERCPU_IRQ
/**
 * irq_request_percpu_stride - install @handler on per-CPU line @irq
 * @percpu_dev_id: CPU 0's instance; CPU c's is @stride bytes further each
 *
 * Marks the line per-CPU. Context: process context.
 * Return: 0; -EINVAL (no line, no handler, NULL @percpu_dev_id or @stride 0);
 * -EBUSY (the line has a handler: reported, nothing changed); -ENOSYS (no
 * controller); -ENOMEM.
 */
int irq_request_percpu_stride(unsigned int irq, irq_handler_t handler, const char *name,
			      void *percpu_dev_id, size_t stride);

/**
 * free_percpu_irq - remove what request_percpu_irq() installed
 *
 * Refused (reported, nothing changed) while a CPU still has the line
 * enabled, or for a @percpu_dev_id that is not the line's. Waits until no
 * CPU runs the handler. Return: 0, -EINVAL, -EBUSY.
 */
int free_percpu_irq(unsigned int irq, void *percpu_dev_id);

/* Enable / disable the line on the calling CPU; @type (IRQ_TYPE_*, or
 * IRQ_TYPE_NONE to keep it) is programmed first. Context: process
 * context on the CPU concerned, or its interrupt handlers. */
void enable_percpu_irq(unsigned int irq, unsigned int type);
void disable_percpu_irq(unsigned int irq);
/* Whether the calling CPU has the line enabled. */
bool irq_percpu_is_enabled(unsigned int irq);
/* Events a CPU took while it had the line disabled (not run). */
unsigned long irq_percpu_strays(unsigned int irq);
#else
/*
 * Without per-CPU requests (GENIRQ_PERCPU_IRQ 0) a request is -ENOSYS and
 * says so on the console; nothing is installed, so there is nothing to
 * free, enable or count. irq_set_percpu() and the per-CPU flow stay: a
 * per-CPU line still takes one request_irq() handler.
 */
static inline int irq_request_percpu_stride(unsigned int irq, irq_handler_t handler,
					    const char *name, void *percpu_dev_id, size_t stride)
{
	(void)handler;
	(void)name;
	(void)percpu_dev_id;
	(void)stride;
	return irq_not_built(irq, "a per-CPU request", "GENIRQ_PERCPU_IRQ");
}
static inline int free_percpu_irq(unsigned int irq, void *percpu_dev_id)
{
	(void)irq;
	(void)percpu_dev_id;
	return -GENIRQ_EINVAL;	/* nothing was requested */
}
static inline void enable_percpu_irq(unsigned int irq, unsigned int type)
{
	(void)irq;
	(void)type;
}
static inline void disable_percpu_irq(unsigned int irq) { (void)irq; }
static inline bool irq_percpu_is_enabled(unsigned int irq) { (void)irq; return false; }
static inline unsigned long irq_percpu_strays(unsigned int irq) { (void)irq; return 0; }
#endif

/* Takes the stride from @percpu_dev_id's type: pass a typed pointer. */
#define request_percpu_irq(irq, handler, name, percpu_dev_id)			\
	irq_request_percpu_stride((irq), (handler), (name), (percpu_dev_id),	\
				  sizeof(*(percpu_dev_id)))

GENIRQ_END_DECLS

#endif /* GENIRQ_PERCPU_IRQ_H */

// SPDX-License-Identifier: MIT
/*
 * port_defaults.c - what the core does when a port leaves out an OPTIONAL
 * primitive of <genirq/port.h>. Each is weak: the port's own definition
 * wins at link time. (Memory defaults to the arena in mem.c.)
 */
#include "internals.h"

__irq_weak void port_cpu_relax(void)
{
	irq_barrier();
}

/* Busy-wait on the port's clock. */
__irq_weak void port_delay_us(unsigned long us)
{
	uint64_t end = port_time_ns() + (uint64_t)us * NSEC_PER_USEC;

	while (port_time_ns() < end)
		port_cpu_relax();
}

/* The core has counted and reported the event; nothing to acknowledge. */
__irq_weak void port_ack_bad_irq(unsigned int irq)
{
	(void)irq;
}

/* No separate softirq stack: run on the current one. */
__irq_weak void port_softirq_on_stack(void (*fn)(void))
{
	fn();
}

/* No cycle counter: cost accounting reads zero. */
__irq_weak uint64_t port_cycles(void)
{
	return 0;
}

/* Trace events are stamped with the port's clock. */
__irq_weak uint64_t port_trace_clock(void)
{
	return port_time_ns();
}

/* No rows of the port's own in /proc/interrupts. */
__irq_weak void port_show_interrupts(struct irq_text *text)
{
	(void)text;
}

/* No threads: the core's runner (thread.c) runs thread functions. */
__irq_weak int port_irq_thread_create(struct irq_thread *t, const char *name, int prio)
{
	(void)t;
	(void)name;
	(void)prio;
	return -ENOSYS;
}

/* Only called for threads port_irq_thread_create() made. */
__irq_weak void port_irq_thread_wake(struct irq_thread *t, unsigned int cpu)
{
	(void)t;
	(void)cpu;
}

__irq_weak void port_irq_thread_stop(struct irq_thread *t)
{
	(void)t;
}

/* No threads of the port's: the caller is none of them. */
__irq_weak struct irq_thread *port_irq_thread_current(void)
{
	return NULL;
}

/* One task a CPU: the runner keeps its record per CPU (thread.c). */
__irq_weak struct irq_task *port_irq_task(void)
{
	return NULL;
}

/*
 * A broken rule of the core (GENIRQ_DEBUG builds): say which and where.
 * Default: report it on the console and stop this CPU with interrupts off,
 * so the state stays as it was for a debugger.
 */
__irq_weak void port_assert_failed(const char *what, const char *file, int line)
{
	irq_log("genirq: assertion failed: %s (%s:%d)", what, file, line);
	port_irq_disable();
	for (;;)
		port_cpu_relax();
}

void irq_assert_failed(const char *what, const char *file, int line)
{
	port_assert_failed(what, file, line);
}

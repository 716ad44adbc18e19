/* SPDX-License-Identifier: MIT */
/*
 * genirq_port_inline.h - the hosted port's fast path (see <genirq/port.h>,
 * GENIRQ_PORT_INLINE): the CPU number is a thread-local, local interrupts
 * a flag per simulated CPU. Turning them on looks at the controller, as
 * hardware would take a pending interrupt at once. host.c builds its
 * port_* functions from the same sim_* helpers, with or without the
 * fast path.
 */
#ifndef GENIRQ_HOST_PORT_INLINE_H
#define GENIRQ_HOST_PORT_INLINE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <genirq/compiler.h>

struct simpic;

struct sim_cpu {
	atomic_bool	irqs_on;
	unsigned long	taken;
} __irq_cacheline_aligned;

extern struct sim_cpu sim_cpus[GENIRQ_NR_CPUS];
/*
 * The hosted port links into executables only, so its thread-locals use
 * the local-exec model: one %fs-relative access each.
 */
#define SIM_TLS	__attribute__((tls_model("local-exec")))
extern _Thread_local unsigned int sim_this_cpu SIM_TLS;
extern _Thread_local struct sim_cpu *sim_self SIM_TLS;	/* &sim_cpus[sim_this_cpu] */
extern struct simpic *sim_root;		/* the attached controller, if any */
unsigned int sim_poll(void);

static inline unsigned int sim_cpu_id(void)
{
	return sim_this_cpu;
}

static inline void sim_irqs_off(void)
{
	atomic_store_explicit(&sim_self->irqs_on, false, memory_order_relaxed);
}

static inline void sim_irqs_on(void)
{
	atomic_store_explicit(&sim_self->irqs_on, true, memory_order_relaxed);
	if (sim_root)	/* no controller attached: nothing can be pending */
		sim_poll();
}

#ifdef GENIRQ_PORT_INLINE
/* port_membarrier() in host.c: Linux's membarrier(2). */
#define GENIRQ_PORT_MEMBARRIER	1

static inline unsigned int port_cpu_id_fast(void)
{
	return sim_cpu_id();
}

static inline void port_irq_enable_fast(void)
{
	sim_irqs_on();
}

static inline void port_irq_disable_fast(void)
{
	sim_irqs_off();
}
#endif

#endif /* GENIRQ_HOST_PORT_INLINE_H */

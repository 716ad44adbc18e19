// SPDX-License-Identifier: MIT
/*
 * softirq.c - interrupt context accounting and softirqs.
 */
#include "internals.h"
#include "trace_points.h"

struct irq_cpu irq_cpus[GENIRQ_NR_CPUS];
softirq_action_t irq_softirq_vec[NR_SOFTIRQS];

unsigned int irq_preempt_count(void)
{
	return pc_get(irq_this_cpu());
}

unsigned int irq_cpu_preempt_count(unsigned int cpu)
{
	return cpu < GENIRQ_NR_CPUS ? pc_get(&irq_cpus[cpu]) : 0;
}

void preempt_disable(void)
{
	pc_add(irq_this_cpu(), PREEMPT_OFFSET);
}

void preempt_enable(void)
{
	pc_add(irq_this_cpu(), -PREEMPT_OFFSET);
}

void open_softirq(unsigned int nr, softirq_action_t action)
{
	if (nr < NR_SOFTIRQS)
		irq_softirq_vec[nr] = irq_trace_softirq_action(nr, action);
}

void raise_softirq_irqoff(unsigned int nr)
{
	if (nr < NR_SOFTIRQS)
		irq_this_cpu()->softirq_pending |= 1u << nr;
}

void raise_softirq(unsigned int nr)
{
	unsigned long flags = port_irq_save();

	raise_softirq_irqoff(nr);
	port_irq_restore(flags);
}

/*
 * Run pending softirqs with interrupts on, in softirq context, restarting
 * while new ones are raised, at most MAX_SOFTIRQ_RESTART times: what is
 * still pending then waits for the next irq_exit() or do_softirq(), so a
 * softirq storm cannot starve the interrupted code.
 */
static void run_softirqs(void)
{
	struct irq_cpu *c = irq_this_cpu();
	int restart = MAX_SOFTIRQ_RESTART;
	unsigned int pending;

	pc_add(c, SOFTIRQ_OFFSET);
	while ((pending = c->softirq_pending) != 0 && restart-- > 0) {
		c->softirq_pending = 0;
		port_irq_enable();
		for (unsigned int nr = 0; pending; nr++, pending >>= 1)
			if ((pending & 1u) && irq_softirq_vec[nr])
				irq_softirq_vec[nr]();
		port_irq_disable();
	}
	pc_add(c, -SOFTIRQ_OFFSET);
}

void do_softirq(void)
{
	unsigned long flags;

	if (in_interrupt())
		return;
	flags = port_irq_save();
	if (irq_this_cpu()->softirq_pending)
		port_softirq_on_stack(run_softirqs);
	port_irq_restore(flags);
}

void local_bh_disable(void)
{
	pc_add(irq_this_cpu(), SOFTIRQ_OFFSET);
}

void local_bh_enable(void)
{
	pc_add(irq_this_cpu(), -SOFTIRQ_OFFSET);
	do_softirq();
}

void irq_enter(void)
{
	pc_hardirq_enter(irq_this_cpu(), HARDIRQ_OFFSET);
}

/* Softirqs wait on @c, whose hardirq count was just dropped. */
void irq_exit_slow(struct irq_cpu *c)
{
	if (!(pc_get(c) & (HARDIRQ_MASK | SOFTIRQ_MASK | NMI_MASK)))
		port_softirq_on_stack(run_softirqs);
}

void irq_exit(void)
{
	struct irq_cpu *c = irq_this_cpu();

	pc_hardirq_exit(c, HARDIRQ_OFFSET);
	if (irq_unlikely(c->softirq_pending))
		irq_exit_slow(c);
}

void nmi_enter(void)
{
	pc_hardirq_enter(irq_this_cpu(), NMI_OFFSET + HARDIRQ_OFFSET);
}

void nmi_exit(void)
{
	pc_hardirq_exit(irq_this_cpu(), NMI_OFFSET + HARDIRQ_OFFSET);
}

void *get_irq_regs(void)
{
	return irq_this_cpu()->regs;
}

/*
 * At boot, before other CPUs use the core (their start orders these
 * stores before their first look), or between tests with none running.
 */
void irq_softirq_init(void)
{
	for (unsigned int i = 0; i < NR_SOFTIRQS; i++)
		irq_softirq_vec[i] = NULL;
	for (unsigned int cpu = 0; cpu < GENIRQ_NR_CPUS; cpu++) {
		struct irq_cpu *c = &irq_cpus[cpu];

		irq_atomic_store(&c->preempt_count, 0u, memory_order_relaxed);
		irq_atomic_store(&c->readers[0], 0u, memory_order_relaxed);
		irq_atomic_store(&c->readers[1], 0u, memory_order_relaxed);
		c->softirq_pending = 0;
		c->regs = NULL;
		irq_atomic_store(&c->percpu_depth, 0u, memory_order_relaxed);
		irq_atomic_store(&c->spurious, 0UL, memory_order_relaxed);
	}
}

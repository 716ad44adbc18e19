// SPDX-License-Identifier: MIT
/*
 * grace.c - when a descriptor may be freed: after every CPU that could
 * still hold it has let go (a grace period). Built with line freeing
 * (GENIRQ_FREE_LINES) only.
 *
 * Two kinds of readers find descriptors without the table lock:
 *  - dispatch: a CPU in hardirq context (irq_handle_domain_entry(),
 *    irq_enter()) looks a line up and runs its flow. Its hardirq count is
 *    raised before the lookup (pc_hardirq_enter()) and dropped with
 *    release after the last use, so a CPU seen with a hardirq count of 0
 *    after a descriptor was unpublished holds none from before. The
 *    raise is a full barrier, or with GENIRQ_PORT_MEMBARRIER a plain
 *    store made visible by the grace period's port_membarrier(), as RCU
 *    puts the cost on the writer: the event does no locked instruction;
 *  - everything else (the verbs, /proc, irq_desc_iter() walks, pollers):
 *    irq_desc_read_lock() counts the reader in its CPU's counter for the
 *    current epoch, irq_desc_read_unlock() counts it out of that same
 *    counter, from whichever CPU it runs on then (a reader may wait, with
 *    interrupts on, and be moved).
 * irq_desc_grace() flips the epoch and waits for the old epoch's counters
 * to drain, twice (once per epoch: a reader that read the epoch just
 * before a flip counts in the old one after it), and for every CPU to be
 * seen outside hardirq context once. No reader waits for a writer, and a
 * writer never waits for readers that began after it unpublished.
 */
#include "internals.h"

GENIRQ_FEATURE_SOURCE(GENIRQ_FREE_LINES, "FREE_LINES");

atomic_uint irq_grace_epoch;
static atomic_flag grace_busy = ATOMIC_FLAG_INIT;

unsigned int irq_desc_read_lock(void)
{
	return __irq_size_shared(desc_read_lock)();
}

void irq_desc_read_unlock(unsigned int cookie)
{
	__irq_size_shared(desc_read_unlock)(cookie);
}

/* Wait until every CPU's count for epoch @e has been seen at 0. */
static void drain(unsigned int e)
{
	for (unsigned int cpu = 0; cpu < irq_nr_cpus(); cpu++)
		while (atomic_load_explicit(&irq_cpus[cpu].readers[e], memory_order_seq_cst))
			port_cpu_relax();
}

void irq_desc_grace(void)
{
	unsigned int self = IRQ_UP ? 0 : port_cpu_id();

	irq_assert(!in_interrupt());
	while (atomic_flag_test_and_set_explicit(&grace_busy, memory_order_acquire))
		port_cpu_relax();
	for (int flip = 0; flip < 2; flip++)
		drain(atomic_fetch_add_explicit(&irq_grace_epoch, 1u, memory_order_seq_cst) & 1u);
	irq_membarrier();	/* every hardirq count raised so far is seen */
	for (unsigned int cpu = 0; cpu < irq_nr_cpus(); cpu++) {
		if (cpu == self)
			continue;	/* we are not in hardirq context */
		while (atomic_load_explicit(&irq_cpus[cpu].preempt_count, memory_order_seq_cst) &
		       HARDIRQ_MASK)
			port_cpu_relax();
	}
	atomic_flag_clear_explicit(&grace_busy, memory_order_release);
}

// SPDX-License-Identifier: MIT
/*
 * affinity.c - which CPUs a line is routed to.
 *
 * Each line keeps the mask it was asked for (smp_affinity) and the one
 * its controller chose (effective_affinity). Linux 2.6.9's rule stands: a
 * mask with no online CPU is refused, because it would silence the line.
 */
#include "internals.h"
#include "trace_points.h"

static struct cpumask online_mask;
static struct cpumask prof_cpu_mask;
static struct irq_spinlock mask_lock = IRQ_SPINLOCK_INIT;

/* Start a line shut down for lack of CPUs again. Caller holds desc->lock. */
static void restart_line(struct irq_desc *desc)
{
	desc_assert_locked(desc);

	desc_set_state(desc, desc_state(desc) & ~IRQS_CPU_SHUTDOWN);
	irq_desc_startup(desc);
	if (desc->depth)
		irq_desc_disable(desc);
}

/*
 * A CPU went away: lines routed to it move to their other online CPUs, or
 * are shut down when they have none (keeping their depth); a cascade is
 * never shut down, as its children's drivers never asked for that: it
 * moves to any online CPU. A CPU came back: lines shut down for lack of
 * it start again, disabled if their depth says so. @online: the CPUs
 * online now. Caller holds desc->lock.
 */
static void follow_cpu(struct irq_desc *desc, unsigned int cpu, bool up,
		       const struct cpumask *online)
{
	unsigned int st = desc_state(desc);
	struct cpumask dest;

	desc_assert_locked(desc);
	if ((!desc_action(desc) && !(st & IRQS_NOREQUEST)) || (st & IRQS_PER_CPU) ||
	    !desc->data.chip->set_affinity)
		return;
	if (!up) {
		if (!(st & IRQS_STARTED) || !cpumask_test_cpu(cpu, &desc->data.effective))
			return;
		if (cpumask_and(&dest, &desc->affinity, online)) {
			desc->data.chip->set_affinity(&desc->data, &dest);
		} else if (st & IRQS_NOREQUEST) {
			if (!cpumask_empty(online))
				desc->data.chip->set_affinity(&desc->data, online);
		} else {
			irq_desc_shutdown(desc);
			desc_set_state(desc, desc_state(desc) | IRQS_CPU_SHUTDOWN);
		}
		return;
	}
	if ((st & IRQS_CPU_SHUTDOWN) && cpumask_test_cpu(cpu, &desc->affinity))
		restart_line(desc);
}

void irq_cpu_set_online(unsigned int cpu, bool online)
{
	struct cpumask now;
	struct irq_desc *desc;
	unsigned long flags;
	unsigned int irq, rd;

	flags = irq_spin_lock_irqsave(&mask_lock);
	if (online) {
		cpumask_set_cpu(cpu, &online_mask);
		cpumask_set_cpu(cpu, &prof_cpu_mask);
	} else {
		cpumask_clear_cpu(cpu, &online_mask);
	}
	now = online_mask;
	irq_spin_unlock_irqrestore(&mask_lock, flags);

	rd = desc_read_lock();
	for (irq = 0; irq_desc_iter(&irq, &desc); irq++) {
		flags = desc_lock_irqsave(desc);
		follow_cpu(desc, cpu, online, &now);
		desc_unlock_irqrestore(desc, flags);
	}
	desc_read_unlock(rd);
}

const struct cpumask *irq_cpu_online_mask(void)
{
	return &online_mask;
}

void irq_cpu_online_get(struct cpumask *m)
{
	unsigned long flags = irq_spin_lock_irqsave(&mask_lock);

	*m = online_mask;
	irq_spin_unlock_irqrestore(&mask_lock, flags);
}

void irq_get_prof_cpu_mask(struct cpumask *m)
{
	unsigned long flags = irq_spin_lock_irqsave(&mask_lock);

	*m = prof_cpu_mask;
	irq_spin_unlock_irqrestore(&mask_lock, flags);
}

/* Linux 2.6.9 did not check this mask; neither do we (it only filters profiling). */
void irq_set_prof_cpu_mask(const struct cpumask *m)
{
	unsigned long flags = irq_spin_lock_irqsave(&mask_lock);

	prof_cpu_mask = *m;
	irq_spin_unlock_irqrestore(&mask_lock, flags);
}

int irq_set_affinity(unsigned int irq, const struct cpumask *mask)
{
	struct cpumask online;
	struct irq_desc *desc;
	unsigned long flags;
	unsigned int rd;
	int ret;

	if (!mask || !(desc = irq_desc_get(irq, &rd)))
		return -EINVAL;
	irq_cpu_online_get(&online);
	flags = desc_lock_irqsave(desc);
	if (!desc->data.chip->set_affinity || (desc_state(desc) & IRQS_PER_CPU)) {
		ret = -EIO;
		goto out_unlock;
	}
	if (!cpumask_and(&online, mask, &online)) {
		ret = -EINVAL;
		goto out_unlock;
	}
	ret = desc->data.chip->set_affinity(&desc->data, &online);
	if (ret == 0) {
		desc->affinity = *mask;
		trace_irq(desc, AFFINITY, mask->bits[0], NULL);
		/* Shut down for lack of CPUs: it has one again. */
		if (desc_state(desc) & IRQS_CPU_SHUTDOWN)
			restart_line(desc);
	}
out_unlock:
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	return ret;
}

static int read_mask(unsigned int irq, struct cpumask *out, bool effective)
{
	struct irq_desc *desc;
	unsigned long flags;
	unsigned int rd;

	if (!out || !(desc = irq_desc_get(irq, &rd)))
		return -EINVAL;
	flags = desc_lock_irqsave(desc);
	*out = effective ? desc->data.effective : desc->affinity;
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	return 0;
}

int irq_get_affinity(unsigned int irq, struct cpumask *mask)
{
	return read_mask(irq, mask, false);
}

int irq_get_effective_affinity(unsigned int irq, struct cpumask *mask)
{
	return read_mask(irq, mask, true);
}

void irq_affinity_reset(void)
{
	cpumask_clear(&online_mask);
	cpumask_clear(&prof_cpu_mask);
}

// SPDX-License-Identifier: MIT
/*
 * affinity.c - which CPUs a line is routed to.
 *
 * Each line keeps the mask it was asked for (smp_affinity) and the one
 * its controller chose (effective_affinity). Linux 2.6.9's rule stands: a
 * mask with no online CPU is refused, because it would silence the line.
 *
 * A managed line (IRQS_MANAGED: its CPUs spread by the core at
 * allocation, <genirq/affinity.h>) follows the same hotplug rule, shut
 * down while none of its CPUs is online, and is not even started by a
 * request then; only the /proc write refuses to move it (proc.c).
 *
 * A build for one CPU (GENIRQ_NR_CPUS 1) has nowhere to move a line: CPU
 * hotplug only changes the online mask, no line is moved or shut down for
 * lack of a CPU, and no move waits for an event (IRQ_UP below: the rest of
 * the file compiles away).
 */
#include "internals.h"
#include "trace_points.h"
#include <genirq/irqdomain.h>

static struct irq_cpumask online_mask;
static struct irq_cpumask prof_cpu_mask;
static struct irq_spinlock mask_lock = IRQ_SPINLOCK_INIT;

/* Route line @desc to @dest now, which ends a pending move. Caller holds desc->lock. */
static int set_now(struct irq_desc *desc, const struct irq_cpumask *dest)
{
	int ret = desc->data.chip->set_affinity(&desc->data, dest);

	if (ret == 0)
		desc_set_state(desc, desc_state(desc) & ~IRQS_MOVE_PENDING);
	return ret;
}

/*
 * Start a line shut down for lack of CPUs again; it stays off while
 * disabled, and masked while a ONESHOT thread of it is out, as after the
 * last enable_irq(). Caller holds desc->lock.
 */
static void restart_line(struct irq_desc *desc)
{
	desc_assert_locked(desc);

	desc_set_state(desc, desc_state(desc) & ~IRQS_CPU_SHUTDOWN);
	irq_desc_startup(desc);
	if (desc->depth)
		irq_desc_disable(desc);
	else if (desc_oneshot_held(desc))
		irq_desc_mask(desc);
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
		       const struct irq_cpumask *online)
{
	unsigned int st = desc_state(desc);
	struct irq_cpumask dest;

	desc_assert_locked(desc);
	if ((!desc_action(desc) && !(st & IRQS_NOREQUEST)) || (st & IRQS_PER_CPU) ||
	    !desc->data.chip->set_affinity)
		return;
	if (!up) {
		if (!(st & IRQS_STARTED) || !cpumask_test_cpu(cpu, &desc->data.effective))
			return;
		/* Moved now, to the mask a pending move was for: no event will come. */
		if (cpumask_and(&dest, &desc->affinity, online)) {
			set_now(desc, &dest);
		} else if (st & IRQS_NOREQUEST) {
			if (!cpumask_empty(online))
				set_now(desc, online);
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
	struct irq_cpumask now;
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
	if (IRQ_UP)
		return;

	rd = desc_read_lock();
	for (irq = 0; irq_desc_iter(&irq, &desc); irq++) {
		flags = desc_lock_irqsave(desc);
		follow_cpu(desc, cpu, online, &now);
		desc_unlock_irqrestore(desc, flags);
	}
	desc_read_unlock(rd);
	if (!online)
		irq_threads_move_off(cpu, &now);	/* the core runner's, as the lines */
}

const struct irq_cpumask *irq_cpu_online_mask(void)
{
	return &online_mask;
}

/* A copy of a mask mask_lock guards, or into one. */
static void mask_copy(struct irq_cpumask *dst, const struct irq_cpumask *src)
{
	unsigned long flags = irq_spin_lock_irqsave(&mask_lock);

	*dst = *src;
	irq_spin_unlock_irqrestore(&mask_lock, flags);
}

void irq_cpu_online_get(struct irq_cpumask *m)
{
	mask_copy(m, &online_mask);
}

void irq_get_prof_cpu_mask(struct irq_cpumask *m)
{
	mask_copy(m, &prof_cpu_mask);
}

#if GENIRQ_TEXT_VIEWS
/* Linux 2.6.9 did not check this mask; neither do we (it only filters profiling). */
void irq_set_prof_cpu_mask(const struct irq_cpumask *m)
{
	mask_copy(&prof_cpu_mask, m);
}
#endif

void irq_data_set_move_at_event(struct irq_data *d, bool on)
{
	struct irq_desc *desc = d ? irq_to_desc(d->irq) : NULL;

	/* (With one CPU no line moves, so none waits for an event to.) */
	if (IRQ_UP || !desc)
		return;
	if (on)
		desc->data.hier_flags |= IRQD_MOVE_AT_EVENT;
	else
		desc->data.hier_flags &= ~IRQD_MOVE_AT_EVENT;
}

/*
 * Whether line @desc is moved from its own event only
 * (irq_data_set_move_at_event()): it is marked so, started, its flow
 * carries moves out (edge, fasteoi), and the CPU it is on is online (else
 * no event would come: it is moved at once). @online: the online CPUs.
 * Caller holds desc->lock.
 */
static bool moves_at_event(struct irq_desc *desc, const struct irq_cpumask *online)
{
	struct irq_cpumask now;

	return (desc->data.hier_flags & IRQD_MOVE_AT_EVENT) &&
	       (desc_state(desc) & IRQS_STARTED) &&
	       (desc->flow_kind == IRQ_FLOW_EDGE || desc->flow_kind == IRQ_FLOW_FASTEOI) &&
	       cpumask_and(&now, &desc->data.effective, online);
}

/*
 * A move of such a line to @dest (the requested mask's online CPUs):
 * left for its next event, unless it is on a CPU of @dest already (then
 * it stays, without a masked window for nothing, and a move pending is
 * dropped). Caller holds desc->lock.
 */
static void move_later(struct irq_desc *desc, const struct irq_cpumask *dest)
{
	unsigned int st = desc_state(desc) & ~IRQS_MOVE_PENDING;
	struct irq_cpumask now;

	if (!cpumask_and(&now, &desc->data.effective, dest))
		st |= IRQS_MOVE_PENDING;
	desc_set_state(desc, st);
}

/*
 * The move an event of the line carries out, under the lock (see
 * irq_data_set_move_at_event()), to the requested mask's CPUs online now.
 * A line masked already (a ONESHOT line whose threads run) is left masked
 * and sent nothing. The move is dropped when none of those CPUs is online
 * (the hotplug path routes the line), kept for the next event when the
 * chip says -EBUSY.
 */
unsigned int irq_move_at_event(struct irq_desc *desc, unsigned int st)
{
	bool unmask = !(st & IRQS_MASKED);
	struct irq_cpumask dest;
	int ret;

	desc_assert_locked(desc);
	st &= ~IRQS_MOVE_PENDING;
	if (IRQ_UP || !cpumask_and(&dest, &desc->affinity, irq_cpu_online_mask()))
		return st;
	if (unmask)
		desc->mask(&desc->data);
	ret = desc->data.chip->set_affinity(&desc->data, &dest);
	if (unmask) {
		desc->unmask(&desc->data);
		/* An edge the chip dropped in the masked window: one event on the new target. */
		if (ret == 0 && !desc_is_level(desc))
			irq_desc_retrigger(desc);
	}
	return ret == -EBUSY ? st | IRQS_MOVE_PENDING : st;
}

/*
 * Whether line @desc can be routed at all: not per-CPU, and a chip with
 * set_affinity, following the levels a chip forwards to with
 * irq_chip_set_affinity_parent() down to the one that routes. Caller
 * holds desc->lock.
 */
static bool can_route(struct irq_desc *desc)
{
	const struct irq_data *d = &desc->data;

	if (desc_state(desc) & IRQS_PER_CPU)
		return false;
	while (d && d->chip->set_affinity == irq_chip_set_affinity_parent)
		d = irq_data_parent(d);
	return d && d->chip->set_affinity;
}

/* Does @mask name a CPU this machine has? (One CPU, mask 2: no.) */
static bool names_a_cpu(const struct irq_cpumask *mask)
{
	return irq_cpumask_first(mask) < irq_nr_cpus();
}

int irq_set_affinity(unsigned int irq, const struct irq_cpumask *mask)
{
	struct irq_cpumask online, dest;
	struct irq_desc *desc;
	unsigned long flags;
	unsigned int rd;
	int ret;

	if (!mask || !names_a_cpu(mask) || !(desc = irq_desc_get(irq, &rd)))
		return -EINVAL;
	irq_cpu_online_get(&online);
	flags = desc_lock_irqsave(desc);
	/* Refused before the mask is judged against the online CPUs. */
	if (!can_route(desc)) {
		ret = -EIO;
		goto out_unlock;
	}
	if (!cpumask_and(&dest, mask, &online)) {
		ret = -EINVAL;
		goto out_unlock;
	}
	if (!IRQ_UP && moves_at_event(desc, &online)) {
		move_later(desc, &dest);
		ret = 0;
	} else {
		ret = set_now(desc, &dest);
		/*
		 * A chain that cannot route after all (a chip of its own that
		 * forwards to irq_chip_set_affinity_parent(), as the MSI
		 * chip): the same answer as a controller that cannot.
		 */
		if (ret == -ENOSYS)
			ret = -EIO;
	}
	if (ret == 0) {
		desc->affinity = *mask;
		trace_irq(desc, AFFINITY, mask->bits[0], NULL);
		/* Shut down for lack of CPUs: it has one again. */
		if (!IRQ_UP && (desc_state(desc) & IRQS_CPU_SHUTDOWN))
			restart_line(desc);
	}
out_unlock:
	desc_unlock_irqrestore(desc, flags);
	if (ret == 0)
		irq_affinity_notify_changed(irq, mask);
	irq_desc_put(rd);
	return ret;
}

static int read_mask(unsigned int irq, struct irq_cpumask *out, bool effective)
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

int irq_get_affinity(unsigned int irq, struct irq_cpumask *mask)
{
	return read_mask(irq, mask, false);
}

int irq_get_effective_affinity(unsigned int irq, struct irq_cpumask *mask)
{
	return read_mask(irq, mask, true);
}

void irq_affinity_reset(void)
{
	cpumask_clear(&online_mask);
	cpumask_clear(&prof_cpu_mask);
}

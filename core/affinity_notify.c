// SPDX-License-Identifier: MIT
/*
 * affinity_notify.c - what a driver tells about and learns of a line's
 * CPUs (<genirq/affinity.h>): its affinity hint, its affinity notifier,
 * and whether the core manages its affinity.
 *
 * Few lines have a hint or a notifier, so they are kept off the
 * descriptor (four cache lines, full): one small record per such line
 * in a list, found by the line's number. A record goes when the line's
 * hint and notifier are both cleared, at the line's last free_irq()
 * (which clears them, reported, as Linux), or with the descriptor.
 *
 * aff_lock guards the list and the records; it is taken without any
 * descriptor lock held, or under irq_sparse_lock (the descriptor's free),
 * never the other way round. A record stays while a CPU is in its
 * notify call (running), so a removal can wait for that call.
 */
#include "internals.h"
#include <genirq/affinity.h>

GENIRQ_FEATURE_SOURCE(GENIRQ_MSI, "MSI");

struct aff_record {
	struct aff_record		*next;
	unsigned int			irq;
	const struct irq_cpumask		*hint;		/* the driver's, or NULL */
	struct irq_affinity_notify	*notify;	/* the driver's, or NULL */
	struct irq_cpumask			running;	/* CPUs in a notify call of the line */
};

static struct irq_spinlock aff_lock = IRQ_SPINLOCK_INIT;
static struct aff_record *records;			/* [aff_lock] */
/* How many records there are, written under aff_lock: a line's last
 * free_irq() and a descriptor's end look at the list only when some line
 * has one (a racing hint or notifier set on a line being freed is the
 * caller's own race, as in Linux). */
static atomic_uint nr_records;

/* The record of @irq, or NULL; its link in *@link. Caller holds aff_lock. */
static struct aff_record *find(unsigned int irq, struct aff_record ***link)
{
	struct aff_record **l = &records;

	for (; *l; l = &(*l)->next)
		if ((*l)->irq == irq)
			break;
	if (link)
		*link = l;
	return *l;
}

/* Drop @irq's record once it holds nothing. Caller holds aff_lock; @spare takes it. */
static void drop_if_empty(unsigned int irq, struct aff_record **spare)
{
	struct aff_record **link, *r = find(irq, &link);

	if (r && !r->hint && !r->notify && cpumask_empty(&r->running)) {
		*link = r->next;
		atomic_fetch_sub_explicit(&nr_records, 1, memory_order_relaxed);
		*spare = r;
	}
}

/*
 * Store a hint or a notifier of @irq (@is_hint says which) and return the
 * one it replaces. Return: 0, -EINVAL (no such line), -ENOMEM.
 */
static int store(unsigned int irq, bool is_hint, const void *val, const void **old)
{
	struct aff_record *fresh = NULL, *r, *spare = NULL;
	unsigned long flags;
	unsigned int rd;

	if (!irq_desc_get(irq, &rd))
		return -EINVAL;
	if (val && !(fresh = irq_zalloc(sizeof(*fresh)))) {
		irq_desc_put(rd);
		return -ENOMEM;
	}
	flags = irq_spin_lock_irqsave(&aff_lock);
	r = find(irq, NULL);
	if (!r && val) {
		r = fresh;
		fresh = NULL;
		r->irq = irq;
		r->next = records;
		records = r;
		atomic_fetch_add_explicit(&nr_records, 1, memory_order_relaxed);
	}
	*old = NULL;
	if (r && is_hint) {
		*old = r->hint;
		r->hint = val;
	} else if (r) {
		*old = r->notify;
		r->notify = (struct irq_affinity_notify *)(uintptr_t)val;
	}
	drop_if_empty(irq, &spare);
	irq_spin_unlock_irqrestore(&aff_lock, flags);
	irq_desc_put(rd);
	irq_free(fresh);
	irq_free(spare);
	return 0;
}

/* Whether a CPU (@self: this one) is in a notify call of line @irq now. */
static bool notify_running(unsigned int irq, bool self)
{
	unsigned long flags = irq_spin_lock_irqsave(&aff_lock);
	struct aff_record *r = find(irq, NULL);
	bool busy = r && (self ? cpumask_test_cpu(port_cpu_id(), &r->running) :
			  !cpumask_empty(&r->running));

	irq_spin_unlock_irqrestore(&aff_lock, flags);
	return busy;
}

/* Release @n, taken off line @irq, after the line's notify calls returned. */
static void release(unsigned int irq, struct irq_affinity_notify *n)
{
	while (notify_running(irq, false))
		port_cpu_relax();
	if (n->release)
		n->release(n);
}

int irq_set_affinity_notifier(unsigned int irq, struct irq_affinity_notify *notify)
{
	const void *old;
	int ret;

	if (notify && !notify->notify) {
		irq_log("irq %u: affinity notifier without a notify callback refused", irq);
		return -EINVAL;
	}
	if (notify_running(irq, true)) {
		irq_log("irq %u: affinity notifier changed from its own notify call: refused", irq);
		return -EBUSY;
	}
	if (notify)
		notify->irq = irq;
	ret = store(irq, false, notify, &old);
	if (ret == -EINVAL)
		irq_log("irq_set_affinity_notifier: irq %u does not exist", irq);
	if (ret == 0 && old && old != notify)
		release(irq, (struct irq_affinity_notify *)(uintptr_t)old);
	return ret;
}

int irq_update_affinity_hint(unsigned int irq, const struct irq_cpumask *m)
{
	const void *old;
	int ret = store(irq, true, m, &old);

	if (ret == -EINVAL)
		irq_log("irq_update_affinity_hint: irq %u does not exist", irq);
	return ret;
}

int irq_set_affinity_hint(unsigned int irq, const struct irq_cpumask *m)
{
	int ret = irq_update_affinity_hint(irq, m);

	return ret || !m ? ret : irq_set_affinity(irq, m);
}

bool irq_affinity_is_managed(unsigned int irq)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(irq, &rd);
	bool managed;

	if (!desc)
		return false;
	managed = (desc_state(desc) & IRQS_MANAGED) != 0;
	irq_desc_put(rd);
	return managed;
}

void irq_affinity_notify_changed(unsigned int irq, const struct irq_cpumask *mask)
{
	unsigned int cpu = port_cpu_id();
	struct irq_affinity_notify *n = NULL;
	struct aff_record *r, *spare = NULL;
	unsigned long flags;

	flags = irq_spin_lock_irqsave(&aff_lock);
	/* (A notify call that moves its own line is not told again.) */
	if ((r = find(irq, NULL)) && r->notify && !cpumask_test_cpu(cpu, &r->running)) {
		n = r->notify;
		cpumask_set_cpu(cpu, &r->running);
	}
	irq_spin_unlock_irqrestore(&aff_lock, flags);
	if (!n)
		return;
	n->notify(n, mask);
	flags = irq_spin_lock_irqsave(&aff_lock);
	cpumask_clear_cpu(cpu, &find(irq, NULL)->running);	/* kept while running */
	drop_if_empty(irq, &spare);
	irq_spin_unlock_irqrestore(&aff_lock, flags);
	irq_free(spare);
}

bool irq_affinity_hint_get(unsigned int irq, struct irq_cpumask *out)
{
	unsigned long flags = irq_spin_lock_irqsave(&aff_lock);
	struct aff_record *r = find(irq, NULL);
	bool have = r && r->hint;

	if (have)
		*out = *r->hint;
	irq_spin_unlock_irqrestore(&aff_lock, flags);
	return have;
}

void irq_affinity_line_freed(unsigned int irq)
{
	struct irq_affinity_notify *n = NULL;
	struct aff_record *r, *spare = NULL;
	bool hint = false;
	unsigned long flags;

	if (!atomic_load_explicit(&nr_records, memory_order_relaxed))
		return;
	flags = irq_spin_lock_irqsave(&aff_lock);
	r = find(irq, NULL);
	if (r) {
		hint = r->hint != NULL;
		n = r->notify;
		r->hint = NULL;
		r->notify = NULL;
		drop_if_empty(irq, &spare);
	}
	irq_spin_unlock_irqrestore(&aff_lock, flags);
	irq_free(spare);
	if (!hint && !n)
		return;
	irq_log("irq %u: last handler freed with %s%s%s set: cleared", irq,
		hint ? "an affinity hint" : "", hint && n ? " and " : "",
		n ? "an affinity notifier" : "");
	if (n)
		release(irq, n);
}

void irq_affinity_desc_gone(unsigned int irq)
{
	struct aff_record **link, *r;

	if (!atomic_load_explicit(&nr_records, memory_order_relaxed))
		return;
	irq_spin_lock(&aff_lock);
	r = find(irq, &link);
	if (r) {
		*link = r->next;
		atomic_fetch_sub_explicit(&nr_records, 1, memory_order_relaxed);
	}
	irq_spin_unlock(&aff_lock);
	if (r) {
		irq_log("irq %u: freed with an affinity hint or notifier set (never released)", irq);
		irq_free(r);
	}
}

int irq_desc_set_affinity_desc(unsigned int irq, const struct irq_affinity_desc *a)
{
	struct irq_desc *desc;
	unsigned long flags;
	unsigned int rd;

	if (!a || irq_cpumask_first(&a->mask) >= port_nr_cpus() || !(desc = irq_desc_get(irq, &rd)))
		return -EINVAL;
	flags = desc_lock_irqsave(desc);
	desc->affinity = a->mask;
	if (a->is_managed)
		desc_set_state(desc, desc_state(desc) | IRQS_MANAGED);
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	return 0;
}

bool irq_desc_managed_offline(struct irq_desc *desc)
{
	struct irq_cpumask on;

	desc_assert_locked(desc);
	return GENIRQ_NR_CPUS > 1 && (desc_state(desc) & IRQS_MANAGED) &&
	       !cpumask_and(&on, &desc->affinity, irq_cpu_online_mask());
}

// SPDX-License-Identifier: MIT
/*
 * desc.c - sparse interrupt descriptors.
 *
 * Numbers are grouped by 64. A group exists once one of its numbers is in
 * use: a leaf of 64 descriptor pointers plus the group's per-CPU counters,
 * laid out CPU by CPU so that two CPUs never write the same cache line.
 * A capacity of 8,192 lines costs a 128-pointer table and a 1 KiB bitmap
 * until lines are used; each line in use costs one descriptor.
 */
#include "internals.h"

#define LEAF_SHIFT	6
#define LEAF_SIZE	(1u << LEAF_SHIFT)
#define NR_LEAVES	((GENIRQ_MAX_IRQS + LEAF_SIZE - 1) / LEAF_SIZE)
#define BITS_PER_UL	(8u * (unsigned int)sizeof(unsigned long))

struct irq_leaf {
	struct irq_desc *_Atomic desc[LEAF_SIZE];
	atomic_ulong		*kstat;		/* nr_cpus * IRQ_KSTAT_GROUP */
	unsigned int		used;		/* [sparse lock] */
};

_Static_assert(LEAF_SIZE == IRQ_KSTAT_GROUP, "a leaf holds one counter group");

static struct irq_leaf *_Atomic irq_leaves[NR_LEAVES];
static unsigned long irq_allocated[(GENIRQ_MAX_IRQS + BITS_PER_UL - 1) / BITS_PER_UL];
static unsigned int nr_irqs;
struct irq_spinlock irq_sparse_lock = IRQ_SPINLOCK_INIT;

unsigned int irq_nr_irqs(void)
{
	return nr_irqs;
}

struct irq_desc *irq_to_desc(unsigned int irq)
{
	struct irq_leaf *leaf;

	if (irq_unlikely(irq >= nr_irqs))
		return NULL;
	leaf = atomic_load_explicit(&irq_leaves[irq >> LEAF_SHIFT], memory_order_acquire);
	if (irq_unlikely(!leaf))
		return NULL;
	return atomic_load_explicit(&leaf->desc[irq & (LEAF_SIZE - 1)], memory_order_acquire);
}

/*
 * Step *irq to the next number that has a descriptor, at or after *irq.
 * Lock-free: a descriptor created meanwhile may or may not be seen.
 */
bool irq_desc_iter(unsigned int *irq, struct irq_desc **desc)
{
	for (unsigned int i = *irq; i < nr_irqs; i++) {
		struct irq_leaf *leaf = atomic_load_explicit(&irq_leaves[i >> LEAF_SHIFT],
							     memory_order_acquire);
		if (!leaf) {
			i |= LEAF_SIZE - 1;
			continue;
		}
		*desc = atomic_load_explicit(&leaf->desc[i & (LEAF_SIZE - 1)],
					     memory_order_acquire);
		if (*desc) {
			*irq = i;
			return true;
		}
	}
	return false;
}

static bool number_taken(unsigned int irq)
{
	return (irq_allocated[irq / BITS_PER_UL] >> (irq % BITS_PER_UL)) & 1UL;
}

static void number_mark(unsigned int irq, bool taken)
{
	if (taken)
		irq_allocated[irq / BITS_PER_UL] |= 1UL << (irq % BITS_PER_UL);
	else
		irq_allocated[irq / BITS_PER_UL] &= ~(1UL << (irq % BITS_PER_UL));
}

static bool range_free(unsigned int from, unsigned int cnt)
{
	for (unsigned int i = from; i < from + cnt; i++)
		if (number_taken(i))
			return false;
	return true;
}

static struct irq_leaf *leaf_get(unsigned int irq)
{
	unsigned int n = irq >> LEAF_SHIFT;
	struct irq_leaf *leaf = atomic_load_explicit(&irq_leaves[n], memory_order_relaxed);

	if (leaf)
		return leaf;
	leaf = irq_zalloc(sizeof(*leaf));
	if (!leaf)
		return NULL;
	leaf->kstat = irq_zalloc(sizeof(atomic_ulong) * IRQ_KSTAT_GROUP * port_nr_cpus());
	if (!leaf->kstat) {
		irq_free(leaf);
		return NULL;
	}
	atomic_store_explicit(&irq_leaves[n], leaf, memory_order_release);
	return leaf;
}

static void leaf_put(unsigned int irq)
{
	unsigned int n = irq >> LEAF_SHIFT;
	struct irq_leaf *leaf = atomic_load_explicit(&irq_leaves[n], memory_order_relaxed);

	if (leaf && leaf->used == 0) {
		atomic_store_explicit(&irq_leaves[n], NULL, memory_order_release);
		irq_free(leaf->kstat);
		irq_free(leaf);
	}
}

/* desc_lock() found the lock held: wait on plain loads, then try again. */
void desc_lock_wait(struct irq_desc *desc)
{
	do {
		while (atomic_load_explicit(&desc->istate, memory_order_relaxed) & IRQS_LOCKED)
			port_cpu_relax();
	} while (atomic_fetch_or_explicit(&desc->istate, (unsigned int)IRQS_LOCKED,
					  memory_order_acquire) & IRQS_LOCKED);
}

static struct irq_desc *desc_new(unsigned int irq, struct irq_leaf *leaf)
{
	struct irq_desc *desc = irq_zalloc(sizeof(*desc));

	if (!desc)
		return NULL;
	atomic_init(&desc->istate, (unsigned int)(IRQS_DISABLED | IRQS_MASKED));
	desc->depth = 1;
	atomic_init(&desc->storm_left, 1u);	/* the first handled event sets up storm.c */
	atomic_init(&desc->handle_irq, handle_bad_irq);
	atomic_init(&desc->flow, handle_bad_irq);
	desc->flow_kind = IRQ_FLOW_BAD;
	desc->data.irq = irq;
	desc->data.chip = &no_irq_chip;
	desc->kstat = &leaf->kstat[irq & (LEAF_SIZE - 1)];
	for (unsigned int cpu = 0; cpu < port_nr_cpus(); cpu++)
		atomic_store_explicit(&desc->kstat[cpu * IRQ_KSTAT_GROUP], 0UL,
				      memory_order_relaxed);
	cpumask_setall(&desc->affinity, port_nr_cpus());
	irq_chip_resolve(desc);
	return desc;
}

static void desc_drop(unsigned int irq)
{
	struct irq_leaf *leaf = atomic_load_explicit(&irq_leaves[irq >> LEAF_SHIFT],
						     memory_order_relaxed);
	struct irq_desc *desc = atomic_load_explicit(&leaf->desc[irq & (LEAF_SIZE - 1)],
						     memory_order_relaxed);

	atomic_store_explicit(&leaf->desc[irq & (LEAF_SIZE - 1)], NULL, memory_order_release);
	irq_cost_release(desc);
	irq_free(desc);
	number_mark(irq, false);
	leaf->used--;
	leaf_put(irq);
}

/* Caller holds irq_sparse_lock; on failure nothing stays allocated. */
static int descs_create(unsigned int from, unsigned int cnt)
{
	for (unsigned int i = from; i < from + cnt; i++) {
		struct irq_leaf *leaf = leaf_get(i);
		struct irq_desc *desc = leaf ? desc_new(i, leaf) : NULL;

		if (!desc) {
			if (leaf)
				leaf_put(i);
			while (i-- > from)
				desc_drop(i);
			return -ENOMEM;
		}
		leaf->used++;
		number_mark(i, true);
		atomic_store_explicit(&leaf->desc[i & (LEAF_SIZE - 1)], desc,
				      memory_order_release);
	}
	return 0;
}

int irq_alloc_descs(int irq, unsigned int cnt)
{
	unsigned long flags;
	int ret = -ENOSPC;

	if (cnt == 0 || cnt > nr_irqs || (irq >= 0 && (unsigned int)irq > nr_irqs - cnt) ||
	    irq < -1)
		return -EINVAL;

	flags = irq_spin_lock_irqsave(&irq_sparse_lock);
	if (irq >= 0) {
		ret = range_free((unsigned int)irq, cnt) ? (int)irq : -EBUSY;
	} else {
		for (unsigned int from = 0; from + cnt <= nr_irqs; from++) {
			if (range_free(from, cnt)) {
				ret = (int)from;
				break;
			}
		}
	}
	if (ret >= 0) {
		int err = descs_create((unsigned int)ret, cnt);

		if (err)
			ret = err;
	}
	irq_spin_unlock_irqrestore(&irq_sparse_lock, flags);
	return ret;
}

void irq_free_descs(unsigned int irq, unsigned int cnt)
{
	unsigned long flags;

	flags = irq_spin_lock_irqsave(&irq_sparse_lock);
	for (unsigned int i = irq; i < irq + cnt && i < nr_irqs; i++) {
		struct irq_desc *desc = irq_to_desc(i);

		if (!desc)
			continue;
		if (desc_action(desc) || (desc_state(desc) & IRQS_NOREQUEST)) {
			irq_log("irq %u: still in use, descriptor kept", i);
			continue;
		}
		desc_drop(i);
	}
	irq_spin_unlock_irqrestore(&irq_sparse_lock, flags);
}

int irq_core_init(unsigned int nr)
{
	if (nr == 0 || nr > GENIRQ_MAX_IRQS)
		return -EINVAL;
	nr_irqs = nr;
	irq_misc_reset();
	irq_affinity_reset();
	irq_softirq_init();
	irq_resend_init();
	return 0;
}

unsigned long irq_stat_cpu(unsigned int irq, unsigned int cpu)
{
	struct irq_desc *desc = irq_to_desc(irq);

	if (!desc || cpu >= port_nr_cpus())
		return 0;
	return atomic_load_explicit(&desc->kstat[cpu * IRQ_KSTAT_GROUP], memory_order_relaxed);
}

unsigned long irq_stat_total(unsigned int irq)
{
	unsigned long sum = 0;

	for (unsigned int cpu = 0; cpu < port_nr_cpus(); cpu++)
		sum += irq_stat_cpu(irq, cpu);
	return sum;
}

// SPDX-License-Identifier: MIT
/*
 * desc.c - sparse interrupt descriptors.
 *
 * Numbers are grouped by 64. A group exists once one of its numbers is in
 * use: a leaf of 64 descriptor pointers plus the group's per-CPU counters,
 * laid out CPU by CPU so that two CPUs never write the same cache line,
 * and the bitmap of the group's numbers in use. A capacity of 8,192 lines
 * costs a 128-pointer table until lines are used; each line in use costs
 * one descriptor.
 *
 * Lookups take no lock, so nothing is freed while a reader may hold it:
 * irq_free_descs() unpublishes, waits a grace period (grace.c), then
 * frees; a leaf left empty is unpublished and freed after another. New
 * descriptors and leaves are published only once all of a call's
 * allocations succeeded, so a failed call never shows a reader anything.
 */
#include "internals.h"

/* The build's settings, which every object outside the core refers to (<genirq/config.h>). */
extern const char GENIRQ_CONFIG_SYMBOL;
const char GENIRQ_CONFIG_SYMBOL = 1;
#include "trace_points.h"

#define LEAF_SHIFT	6
#define LEAF_SIZE	(1u << LEAF_SHIFT)
#define NR_LEAVES	((GENIRQ_MAX_IRQS + LEAF_SIZE - 1) / LEAF_SIZE)
#define BITS_PER_UL	(8u * (unsigned int)sizeof(unsigned long))

struct irq_leaf {
	struct irq_desc *_Atomic desc[LEAF_SIZE];
	atomic_ulong		*kstat;		/* nr_cpus * IRQ_KSTAT_GROUP */
	uint64_t		retry_at[GENIRQ_SPURIOUS ? LEAF_SIZE : 1];	/* irq_desc_retry_at() */
	uint8_t			prio[GENIRQ_PRIORITY ? LEAF_SIZE : 1];	/* irq_desc_prio() */
	/* One byte a line, not a bit: lines of a group share no word, as each
	 * is guarded by its own lock. */
	bool			prio_set[GENIRQ_PRIORITY ? LEAF_SIZE : 1];	/* [L] of each line */
	uint32_t		pm[GENIRQ_PM ? LEAF_SIZE : 1];	/* irq_desc_pm() */
	uint32_t		nested_parent[GENIRQ_THREADS ? LEAF_SIZE : 1];	/* nested.c */
	/* [sparse lock] numbers taken: published, or freed but not yet released */
	unsigned long		taken[LEAF_SIZE / BITS_PER_UL];
	struct irq_leaf		*fresh;		/* [sparse lock] descs_create()'s next
						 * unpublished leaf */
};

_Static_assert(LEAF_SIZE == IRQ_KSTAT_GROUP, "a leaf holds one counter group");

static struct irq_leaf *_Atomic irq_leaves[NR_LEAVES];
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

#ifdef __OPTIMIZE_SIZE__
/* The one copy a build for size calls (internals.h). */
struct irq_desc *irq_desc_get(unsigned int irq, unsigned int *cookie)
{
	return irq_desc_get_body(irq, cookie);
}

unsigned long irq_desc_lock_irqsave(struct irq_desc *desc)
{
	return desc_lock_irqsave_body(desc);
}

void irq_desc_unlock_irqrestore(struct irq_desc *desc, unsigned long flags)
{
	desc_unlock_irqrestore_body(desc, flags);
}
#endif

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

/* Caller holds irq_sparse_lock. A number without a leaf is free. */
static bool number_taken(unsigned int irq)
{
	struct irq_leaf *leaf = atomic_load_explicit(&irq_leaves[irq >> LEAF_SHIFT],
						     memory_order_relaxed);
	unsigned int bit = irq & (LEAF_SIZE - 1);

	return leaf && ((leaf->taken[bit / BITS_PER_UL] >> (bit % BITS_PER_UL)) & 1UL);
}

/* Mark @irq taken or free in @leaf; true if the leaf has none taken left. */
static bool number_mark(struct irq_leaf *leaf, unsigned int irq, bool taken)
{
	unsigned int bit = irq & (LEAF_SIZE - 1);
	unsigned long any = 0;

	if (taken)
		leaf->taken[bit / BITS_PER_UL] |= 1UL << (bit % BITS_PER_UL);
	else
		leaf->taken[bit / BITS_PER_UL] &= ~(1UL << (bit % BITS_PER_UL));
	for (unsigned int w = 0; w < GENIRQ_ARRAY_SIZE(leaf->taken); w++)
		any |= leaf->taken[w];
	return !any;
}

static bool range_free(unsigned int from, unsigned int cnt)
{
	for (unsigned int i = from; i < from + cnt; i++)
		if (number_taken(i))
			return false;
	return true;
}

static void leaf_free(struct irq_leaf *leaf)
{
	irq_free(leaf->kstat);
	irq_free(leaf);
}

/*
 * Leaf @n, published, or made and appended to the unpublished leaves a
 * call made (*@fresh_tail ends their chain). Caller holds irq_sparse_lock.
 */
static struct irq_leaf *leaf_get(unsigned int n, struct irq_leaf ***fresh_tail)
{
	struct irq_leaf *leaf = atomic_load_explicit(&irq_leaves[n], memory_order_relaxed);

	if (leaf)
		return leaf;
	leaf = irq_zalloc(sizeof(*leaf));
	if (!leaf)
		return NULL;
	leaf->kstat = irq_zalloc(sizeof(atomic_ulong) * IRQ_KSTAT_GROUP * irq_nr_cpus());
	if (!leaf->kstat) {
		irq_free(leaf);
		return NULL;
	}
	**fresh_tail = leaf;
	*fresh_tail = &leaf->fresh;
	return leaf;
}

/*
 * The leaf of a line one holds stays published until a grace period after
 * its descriptor was unpublished (irq_free_descs()), so no reader holding
 * @desc finds it gone.
 */
uint64_t *irq_desc_retry_at(struct irq_desc *desc)
{
	unsigned int irq = desc->data.irq;
	struct irq_leaf *leaf = atomic_load_explicit(&irq_leaves[irq >> LEAF_SHIFT],
						     memory_order_acquire);

	/* (Without the stuck-line rule no line is disabled and retried.) */
	return &leaf->retry_at[GENIRQ_SPURIOUS ? irq & (LEAF_SIZE - 1) : 0];
}

/*
 * The accessors of the optional features' per-line state, built with
 * their feature only (its files are their only callers).
 */
#if GENIRQ_PRIORITY
/*
 * A line's priority (priority.c), kept with its group as retry_at is:
 * *@set tells whether one was set. Caller holds desc->lock.
 */
uint8_t *irq_desc_prio(struct irq_desc *desc, bool *set)
{
	unsigned int irq = desc->data.irq, i = irq & (LEAF_SIZE - 1);
	struct irq_leaf *leaf = atomic_load_explicit(&irq_leaves[irq >> LEAF_SHIFT],
						     memory_order_acquire);

	*set = leaf->prio_set[i];
	return &leaf->prio[i];
}

void irq_desc_prio_mark(struct irq_desc *desc)
{
	unsigned int irq = desc->data.irq, i = irq & (LEAF_SIZE - 1);
	struct irq_leaf *leaf = atomic_load_explicit(&irq_leaves[irq >> LEAF_SHIFT],
						     memory_order_acquire);

	leaf->prio_set[i] = true;
}
#endif

#if GENIRQ_PM
uint32_t *irq_desc_pm(struct irq_desc *desc)
{
	unsigned int irq = desc->data.irq;
	struct irq_leaf *leaf = atomic_load_explicit(&irq_leaves[irq >> LEAF_SHIFT],
						     memory_order_acquire);

	return &leaf->pm[irq & (LEAF_SIZE - 1)];
}
#endif

#if GENIRQ_THREADS
uint32_t *irq_desc_nested_parent(struct irq_desc *desc)
{
	unsigned int irq = desc->data.irq;
	struct irq_leaf *leaf = atomic_load_explicit(&irq_leaves[irq >> LEAF_SHIFT],
						     memory_order_acquire);

	return &leaf->nested_parent[irq & (LEAF_SIZE - 1)];
}
#endif

/* desc_lock() found the lock held: wait on plain loads, then try again. */
void irq_desc_lock_wait(struct irq_desc *desc)
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
	desc->data.chip = &irq_no_chip;
	desc->kstat = &leaf->kstat[irq & (LEAF_SIZE - 1)];
	leaf->retry_at[GENIRQ_SPURIOUS ? irq & (LEAF_SIZE - 1) : 0] = 0;
	leaf->prio_set[GENIRQ_PRIORITY ? irq & (LEAF_SIZE - 1) : 0] = false;
	leaf->pm[GENIRQ_PM ? irq & (LEAF_SIZE - 1) : 0] = 0;
	irq_trace_desc_new(desc);
	for (unsigned int cpu = 0; cpu < irq_nr_cpus(); cpu++)
		atomic_store_explicit(&desc->kstat[cpu * IRQ_KSTAT_GROUP], 0UL,
				      memory_order_relaxed);
	cpumask_setall(&desc->affinity, irq_nr_cpus());
	irq_chip_resolve(desc);
	return desc;
}

static void desc_free(struct irq_desc *desc)
{
	irq_affinity_desc_gone(desc->data.irq);
	irq_cost_release(desc);
	irq_free(desc);
}

/*
 * Make descriptors @from..@from+@cnt-1 and publish them, all or none.
 * Until then they are chained through handler_data, and the leaves made
 * for them through their fresh links, in number order, in no table.
 * Caller holds irq_sparse_lock; on failure nothing stays allocated and no
 * reader saw anything.
 */
static int descs_create(unsigned int from, unsigned int cnt)
{
	struct irq_desc *made = NULL, **tail = &made, *desc;
	struct irq_leaf *fresh = NULL, **fresh_tail = &fresh, *leaf = NULL;
	int ret = 0;

	for (unsigned int i = from; i < from + cnt; i++) {
		if (!leaf || (i & (LEAF_SIZE - 1)) == 0)
			leaf = leaf_get(i >> LEAF_SHIFT, &fresh_tail);
		desc = leaf ? desc_new(i, leaf) : NULL;
		if (!desc) {
			ret = -ENOMEM;
			break;
		}
		*tail = desc;
		tail = (struct irq_desc **)&desc->handler_data;
	}
	for (desc = made; desc; desc = made) {
		unsigned int i = desc->data.irq, n = i >> LEAF_SHIFT;

		made = desc->handler_data;
		desc->handler_data = NULL;
		if (ret) {
			desc_free(desc);
			continue;
		}
		leaf = atomic_load_explicit(&irq_leaves[n], memory_order_relaxed);
		if (!leaf) {
			/* The first of its group: the next leaf this call made. */
			leaf = fresh;
			fresh = leaf->fresh;
			leaf->fresh = NULL;
			atomic_store_explicit(&irq_leaves[n], leaf, memory_order_release);
		}
		number_mark(leaf, i, true);
		atomic_store_explicit(&leaf->desc[i & (LEAF_SIZE - 1)], desc, memory_order_release);
	}
	while (fresh) {		/* only after a failure */
		leaf = fresh;
		fresh = leaf->fresh;
		leaf_free(leaf);
	}
	return ret;
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

/*
 * Why @desc can't be freed now, or NULL; with @dying, a descriptor that
 * can be is marked IRQS_DYING under its lock, so no request or mapping
 * starts on it from then on. Caller holds irq_sparse_lock.
 */
static const char *desc_busy(struct irq_desc *desc, bool dying)
{
	unsigned long flags = desc_lock_irqsave(desc);
	const char *why = NULL;

	if (desc_in_use(desc))
		why = "still in use";
	else if (desc->data.domain)
		why = "still mapped in a domain (irq_dispose_mapping() first)";
	else if (dying)
		desc_set_state(desc, desc_state(desc) | IRQS_DYING);
	desc_unlock_irqrestore(desc, flags);
	return why;
}

bool irq_desc_pin_locked(struct irq_desc *desc)
{
	desc_assert_locked(desc);
	if ((desc_state(desc) & IRQS_DYING) || desc->waiters == UINT8_MAX)
		return false;
	desc->waiters++;
	return true;
}

void irq_desc_unpin(struct irq_desc *desc)
{
	unsigned long flags = desc_lock_irqsave(desc);

	irq_assert(desc->waiters != 0);
	desc->waiters--;
	desc_unlock_irqrestore(desc, flags);
}

/* Take back desc_busy()'s dying mark. Caller holds irq_sparse_lock. */
static void desc_revive(struct irq_desc *desc)
{
	unsigned long flags = desc_lock_irqsave(desc);

	desc_set_state(desc, desc_state(desc) & ~IRQS_DYING);
	desc_unlock_irqrestore(desc, flags);
}

int irq_free_descs(unsigned int irq, unsigned int cnt)
{
	unsigned int end = irq + cnt < irq || irq + cnt > nr_irqs ? nr_irqs : irq + cnt;
	struct irq_desc *gone = NULL, *desc;
	struct irq_leaf *empty[NR_LEAVES];
	unsigned int nr_empty = 0;
	unsigned long flags;
	int ret = 0;

	if (in_interrupt()) {
		irq_log("irq_free_descs(%u, %u) from interrupt context refused", irq, cnt);
		return -EBUSY;
	}
	flags = irq_spin_lock_irqsave(&irq_sparse_lock);
	/*
	 * Mark them all dying (no request starts on one from then on), or
	 * none: a busy one takes back the marks made before it.
	 */
	for (unsigned int i = irq; i < end && !ret; i++) {
		const char *why = (desc = irq_to_desc(i)) ? desc_busy(desc, true) : NULL;

		if (!why)
			continue;
		irq_log("irq %u: %s, nothing freed", i, why);
		ret = -EBUSY;
		while (i-- > irq)
			if ((desc = irq_to_desc(i)))
				desc_revive(desc);
	}
	/* Unpublish all (their numbers stay taken), chained through handler_data. */
	for (unsigned int i = irq; i < end && !ret; i++) {
		struct irq_leaf *leaf;

		if (!(desc = irq_to_desc(i)))
			continue;
		leaf = atomic_load_explicit(&irq_leaves[i >> LEAF_SHIFT], memory_order_relaxed);
		atomic_store_explicit(&leaf->desc[i & (LEAF_SIZE - 1)], NULL, memory_order_release);
		desc->handler_data = gone;
		gone = desc;
	}
	irq_spin_unlock_irqrestore(&irq_sparse_lock, flags);
	if (ret || !gone)
		return ret;
	irq_desc_grace();		/* no reader holds one of them now */

	flags = irq_spin_lock_irqsave(&irq_sparse_lock);
	for (desc = gone; desc; desc = gone) {
		unsigned int i = desc->data.irq, n = i >> LEAF_SHIFT;
		struct irq_leaf *leaf = atomic_load_explicit(&irq_leaves[n], memory_order_relaxed);

		gone = desc->handler_data;
		desc_free(desc);
		if (number_mark(leaf, i, false)) {
			atomic_store_explicit(&irq_leaves[n], NULL, memory_order_release);
			empty[nr_empty++] = leaf;
		}
	}
	irq_spin_unlock_irqrestore(&irq_sparse_lock, flags);
	if (nr_empty) {
		irq_desc_grace();	/* nor one of the emptied leaves */
		while (nr_empty)
			leaf_free(empty[--nr_empty]);
	}
	return 0;
}

int irq_core_init(unsigned int nr)
{
	if (nr == 0 || nr > GENIRQ_MAX_IRQS)
		return -EINVAL;
	nr_irqs = nr;
	irq_domain_registry_reset();
	irq_misc_reset();
	irq_affinity_reset();
	irq_trace_init();
	irq_softirq_init();
	irq_resend_init();
	return 0;
}

unsigned long irq_stat_cpu(unsigned int irq, unsigned int cpu)
{
	struct irq_desc *desc;
	unsigned long n;
	unsigned int rd;

	if (cpu >= irq_nr_cpus() || !(desc = irq_desc_get(irq, &rd)))
		return 0;
	n = atomic_load_explicit(&desc->kstat[cpu * IRQ_KSTAT_GROUP], memory_order_relaxed);
	irq_desc_put(rd);
	return n;
}

unsigned long irq_stat_total(unsigned int irq)
{
	unsigned long sum = 0;

	for (unsigned int cpu = 0; cpu < irq_nr_cpus(); cpu++)
		sum += irq_stat_cpu(irq, cpu);
	return sum;
}

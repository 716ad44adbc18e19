// SPDX-License-Identifier: MIT
/*
 * desc.c - sparse interrupt descriptors.
 *
 * Numbers are grouped by 64. A group exists once one of its numbers is in
 * use: a leaf of 64 descriptor pointers plus the group's per-CPU counters,
 * laid out CPU by CPU so that two CPUs never write the same cache line,
 * and the bitmap of the group's numbers in use. A capacity of 8,192 lines
 * costs a 128-pointer table until lines are used; each line in use costs
 * one descriptor. A capacity of one group (GENIRQ_MAX_IRQS <= 64) keeps
 * its leaf once made.
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
	struct irq_leaf		*fresh;		/* [sparse lock] while unpublished: the
						 * next leaf of a chain (descs_create(),
						 * irq_free_descs()) */
};

_Static_assert(LEAF_SIZE == IRQ_KSTAT_GROUP, "a leaf holds one counter group");

/*
 * Line @irq's group and its place there. A build whose lines fit one
 * group (GENIRQ_MAX_IRQS <= 64) has one leaf and indexes it by number.
 * Only for numbers below nr_irqs.
 */
static inline unsigned int leaf_of(unsigned int irq)
{
	return NR_LEAVES == 1 ? 0 : irq >> LEAF_SHIFT;
}

static inline unsigned int slot_of(unsigned int irq)
{
	return NR_LEAVES == 1 ? irq : irq & (LEAF_SIZE - 1);
}

static struct irq_leaf *_Atomic irq_leaves[NR_LEAVES];
static unsigned int nr_irqs;
struct irq_spinlock irq_sparse_lock = IRQ_SPINLOCK_INIT;

/*
 * A build whose lines fit one group keeps that group's leaf once made
 * (the next line would need it again): it is never unpublished or freed.
 */
#define ONE_LEAF	(NR_LEAVES == 1)

/* Line @irq's leaf, for a reader (grace.c); NULL: none. */
static inline struct irq_leaf *leaf_find(unsigned int irq)
{
	return atomic_load_explicit(&irq_leaves[leaf_of(irq)], memory_order_acquire);
}

/* The same under irq_sparse_lock, which every writer of the table holds. */
static inline struct irq_leaf *leaf_held(unsigned int irq)
{
	return atomic_load_explicit(&irq_leaves[leaf_of(irq)], memory_order_relaxed);
}

unsigned int irq_nr_irqs(void)
{
	return nr_irqs;
}

struct irq_desc *irq_to_desc(unsigned int irq)
{
	struct irq_leaf *leaf;

	if (irq_unlikely(irq >= nr_irqs))
		return NULL;
	leaf = leaf_find(irq);
	if (irq_unlikely(!leaf))
		return NULL;
	return atomic_load_explicit(&leaf->desc[slot_of(irq)], memory_order_acquire);
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

/* The core's spin lock's too (<genirq/spinlock.h>). */
unsigned long irq_spin_lock_irqsave(struct irq_spinlock *l)
{
	return irq_spin_lock_irqsave_body(l);
}
#endif

/*
 * Step *irq to the next number that has a descriptor, at or after *irq.
 * Lock-free: a descriptor created meanwhile may or may not be seen.
 */
bool irq_desc_iter(unsigned int *irq, struct irq_desc **desc)
{
	for (unsigned int i = *irq; i < nr_irqs; i++) {
		struct irq_leaf *leaf = leaf_find(i);

		if (!leaf) {
			i |= LEAF_SIZE - 1;
			continue;
		}
		*desc = atomic_load_explicit(&leaf->desc[slot_of(i)], memory_order_acquire);
		if (*desc) {
			*irq = i;
			return true;
		}
	}
	return false;
}

/*
 * Whether @irq is taken: published, or freed but not yet released. A
 * number without a leaf is free. Caller holds irq_sparse_lock.
 */
static bool number_taken(unsigned int irq)
{
	struct irq_leaf *leaf = leaf_held(irq);
	unsigned int bit = irq & (LEAF_SIZE - 1);

	return leaf && ((leaf->taken[bit / BITS_PER_UL] >> (bit % BITS_PER_UL)) & 1UL);
}

/* Mark @irq taken or free in @leaf; true if the leaf has none taken left. */
static bool number_mark(struct irq_leaf *leaf, unsigned int irq, bool taken)
{
	unsigned int bit = irq & (LEAF_SIZE - 1);
	unsigned long any = 0, m = 1UL << (bit % BITS_PER_UL);

	if (taken)
		leaf->taken[bit / BITS_PER_UL] |= m;
	else
		leaf->taken[bit / BITS_PER_UL] &= ~m;
	for (unsigned int w = 0; w < GENIRQ_ARRAY_SIZE(leaf->taken); w++)
		any |= leaf->taken[w];
	return !any;
}

/* Free a chain of unpublished leaves (linked through fresh). */
static void leaves_free(struct irq_leaf *chain)
{
	while (chain) {
		struct irq_leaf *leaf = chain;

		chain = leaf->fresh;
		irq_free(leaf->kstat);
		irq_free(leaf);
	}
}

/*
 * Line @irq's leaf, published, or made and pushed on *@fresh, the chain
 * of the leaves a call made and has not published. Caller holds
 * irq_sparse_lock.
 */
static struct irq_leaf *leaf_get(unsigned int irq, struct irq_leaf **fresh)
{
	struct irq_leaf *leaf = leaf_held(irq);

	if (leaf)
		return leaf;
	leaf = irq_zalloc(sizeof(*leaf));
	if (!leaf)
		return NULL;
	/* On a chain at once: leaves_free() frees it with or without its counters. */
	leaf->fresh = *fresh;
	*fresh = leaf;
	leaf->kstat = irq_zalloc(sizeof(atomic_ulong) * IRQ_KSTAT_GROUP * irq_nr_cpus());
	return leaf->kstat ? leaf : NULL;
}

/*
 * The leaf of a line one holds stays published until a grace period after
 * its descriptor was unpublished (irq_free_descs()), so no reader holding
 * @desc finds it gone.
 */
static inline struct irq_leaf *desc_leaf(struct irq_desc *desc)
{
	return leaf_find(desc->data.irq);
}

/*
 * When a line the stuck-line rule disabled is retried: read by that rule
 * and the debugfs view only.
 */
#if GENIRQ_SPURIOUS || GENIRQ_TEXT_VIEWS
uint64_t *irq_desc_retry_at(struct irq_desc *desc)
{
	/* (Without the stuck-line rule no line is disabled and retried.) */
	return &desc_leaf(desc)->retry_at[GENIRQ_SPURIOUS ? slot_of(desc->data.irq) : 0];
}
#endif

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
	struct irq_leaf *leaf = desc_leaf(desc);
	unsigned int i = slot_of(desc->data.irq);

	*set = leaf->prio_set[i];
	return &leaf->prio[i];
}

void irq_desc_prio_mark(struct irq_desc *desc)
{
	desc_leaf(desc)->prio_set[slot_of(desc->data.irq)] = true;
}
#endif

#if GENIRQ_PM
uint32_t *irq_desc_pm(struct irq_desc *desc)
{
	return &desc_leaf(desc)->pm[slot_of(desc->data.irq)];
}
#endif

#if GENIRQ_THREADS
uint32_t *irq_desc_nested_parent(struct irq_desc *desc)
{
	return &desc_leaf(desc)->nested_parent[slot_of(desc->data.irq)];
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
	unsigned int i = slot_of(irq);

	if (!desc)
		return NULL;
	irq_atomic_store(&desc->istate, (unsigned int)(IRQS_DISABLED | IRQS_MASKED),
			 memory_order_relaxed);
	desc->depth = 1;
	/* The first handled event sets up storm.c. */
	irq_atomic_store(&desc->storm_left, 1u, memory_order_relaxed);
	irq_atomic_store(&desc->handle_irq, handle_bad_irq, memory_order_relaxed);
	irq_atomic_store(&desc->flow, handle_bad_irq, memory_order_relaxed);
	desc->flow_kind = IRQ_FLOW_BAD;
	desc->data.irq = irq;
	desc->data.chip = &irq_no_chip;
	desc->kstat = &leaf->kstat[i];
	/* A number's group state from a line it had before, where a feature keeps one. */
	if (GENIRQ_SPURIOUS)
		leaf->retry_at[GENIRQ_SPURIOUS ? i : 0] = 0;
	if (GENIRQ_PRIORITY)
		leaf->prio_set[GENIRQ_PRIORITY ? i : 0] = false;
	if (GENIRQ_PM)
		leaf->pm[GENIRQ_PM ? i : 0] = 0;
	irq_trace_desc_new(desc);
	for (unsigned int cpu = 0; cpu < irq_nr_cpus(); cpu++)
		irq_atomic_store(&desc->kstat[cpu * IRQ_KSTAT_GROUP], 0UL,
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
 * for them through their fresh links, both last made first, in no
 * table. Caller holds irq_sparse_lock; on failure nothing stays allocated
 * and no reader saw anything.
 */
static int descs_create(unsigned int from, unsigned int cnt)
{
	struct irq_desc *made = NULL, *desc;
	struct irq_leaf *fresh = NULL, *leaf = NULL;
	bool failed = false;

	for (unsigned int i = from; i < from + cnt; i++) {
		if (!leaf || slot_of(i) == 0)
			leaf = leaf_get(i, &fresh);
		desc = leaf ? desc_new(i, leaf) : NULL;
		if (!desc) {
			failed = true;
			break;
		}
		desc->handler_data = made;
		made = desc;
	}
	/* Down from the last: a group's first line met is its fresh leaf's. */
	while ((desc = made)) {
		unsigned int i = desc->data.irq;

		made = desc->handler_data;
		desc->handler_data = NULL;
		if (failed) {
			desc_free(desc);
			continue;
		}
		leaf = leaf_held(i);
		if (!leaf) {
			leaf = fresh;
			fresh = leaf->fresh;
			irq_atomic_store(&irq_leaves[leaf_of(i)], leaf, memory_order_release);
		}
		number_mark(leaf, i, true);
		irq_atomic_store(&leaf->desc[slot_of(i)], desc, memory_order_release);
	}
	leaves_free(fresh);	/* only after a failure */
	return failed ? -ENOMEM : 0;
}

int irq_alloc_descs(int irq, unsigned int cnt)
{
	unsigned int from = irq < 0 ? 0 : (unsigned int)irq, run = 0;
	unsigned long flags;
	int ret = -ENOSPC;

	if (cnt == 0 || cnt > nr_irqs || (irq >= 0 && (unsigned int)irq > nr_irqs - cnt) ||
	    irq < -1)
		return -EINVAL;

	flags = irq_spin_lock_irqsave(&irq_sparse_lock);
	/* The first run of @cnt free numbers from @from, which must start it when asked for. */
	for (unsigned int i = from; run < cnt && i < nr_irqs; i++) {
		if (!number_taken(i)) {
			run++;
		} else if (irq >= 0) {
			ret = -EBUSY;
			break;
		} else {
			run = 0;
			from = i + 1;
		}
	}
	if (run == cnt) {
		int err = descs_create(from, cnt);

		ret = err ? err : (int)from;
	}
	irq_spin_unlock_irqrestore(&irq_sparse_lock, flags);
	return ret;
}

#if GENIRQ_FREE_LINES
/*
 * With @dying, mark @desc IRQS_DYING under its lock, so no request or
 * mapping starts on it from then on, unless it can't be freed now: then
 * return why. Without, take the mark back. Caller holds irq_sparse_lock.
 */
static const char *desc_mark_dying(struct irq_desc *desc, bool dying)
{
	unsigned long flags = desc_lock_irqsave(desc);
	const char *why = NULL;

	if (dying && desc_in_use(desc))
		why = "still in use";
	else if (dying && desc->data.domain)
		why = "still mapped in a domain (irq_dispose_mapping() first)";
	else
		irq_desc_set_dying(desc, dying);
	desc_unlock_irqrestore(desc, flags);
	return why;
}

#endif

#if GENIRQ_THREADS
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
#endif

#if GENIRQ_FREE_LINES
int irq_free_descs(unsigned int irq, unsigned int cnt)
{
	unsigned int end = irq + cnt < irq || irq + cnt > nr_irqs ? nr_irqs : irq + cnt;
	struct irq_desc *gone = NULL, *desc;
	struct irq_leaf *empty = NULL;
	unsigned long flags;
	unsigned int i;
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
	for (i = irq; i < end; i++) {
		const char *why = (desc = irq_to_desc(i)) ? desc_mark_dying(desc, true) : NULL;

		if (why) {
			irq_log("irq %u: %s, nothing freed", i, why);
			while (i-- > irq)
				if ((desc = irq_to_desc(i)))
					desc_mark_dying(desc, false);
			ret = -EBUSY;
			goto out_unlock;
		}
	}
	/* Unpublish all (their numbers stay taken), chained through handler_data. */
	for (i = irq; i < end; i++) {
		if (!(desc = irq_to_desc(i)))
			continue;
		irq_atomic_store(&leaf_held(i)->desc[slot_of(i)], NULL, memory_order_release);
		desc->handler_data = gone;
		gone = desc;
	}
out_unlock:
	irq_spin_unlock_irqrestore(&irq_sparse_lock, flags);
	if (ret || !gone)
		return ret;
	irq_desc_grace();		/* no reader holds one of them now */

	flags = irq_spin_lock_irqsave(&irq_sparse_lock);
	while ((desc = gone)) {
		struct irq_leaf *leaf = leaf_held(i = desc->data.irq);

		gone = desc->handler_data;
		desc_free(desc);
		if (number_mark(leaf, i, false) && !ONE_LEAF) {
			irq_atomic_store(&irq_leaves[leaf_of(i)], NULL, memory_order_release);
			leaf->fresh = empty;
			empty = leaf;
		}
	}
	irq_spin_unlock_irqrestore(&irq_sparse_lock, flags);
	if (empty) {
		irq_desc_grace();	/* nor one of the emptied leaves */
		leaves_free(empty);
	}
	return 0;
}
#endif

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

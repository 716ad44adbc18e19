/* SPDX-License-Identifier: MIT */
/*
 * affinity.h - spreading a device's vectors over the CPUs (managed
 * affinity), affinity hints and affinity notifiers, with Linux 6.x's
 * names and meaning.
 *
 * A managed line is one whose CPUs the core chose when its vectors were
 * allocated (irq_create_affinity_masks(), pci_alloc_irq_vectors_affinity()
 * with PCI_IRQ_AFFINITY): it is never moved by a write to
 * /proc/irq/N/smp_affinity (-EIO, and the core's log says why), it is
 * shut down when every CPU of its mask goes offline and started again
 * when one returns, and its target (x86: its CPU vector) stays held from
 * allocation to the free of the vectors, also while no handler is
 * installed and while it is shut down, so a CPU's return always finds
 * it. irq_set_affinity() from a driver still routes it, as in Linux.
 *
 * These verbs are part of the MSI feature (GENIRQ_MSI, <genirq/config.h>):
 * without it, irq_create_affinity_masks() is NULL and the others are
 * -ENOSYS (nothing is managed, no hint is shown).
 */
#ifndef GENIRQ_AFFINITY_H
#define GENIRQ_AFFINITY_H

#include <stdbool.h>
#include <genirq/compiler.h>
#include <genirq/config.h>
#include <genirq/cpumask.h>
#include <genirq/errno.h>

GENIRQ_BEGIN_DECLS

/* Most interrupt sets one struct irq_affinity may ask for (Linux's value). */
#define IRQ_AFFINITY_MAX_SETS	4

/*
 * How a device's vectors are spread: @pre_vectors first and
 * @post_vectors last are not spread (all CPUs, unmanaged: an admin queue,
 * a config-change vector); the others are, as @nr_sets sets of
 * @set_size[i] vectors, each set spread over all CPUs. As in Linux,
 * @calc_sets fills nr_sets and set_size for the number of vectors to
 * spread it is passed (without it: one set of all of them, whatever
 * nr_sets said); @priv is its own.
 */
struct irq_affinity {
	unsigned int	pre_vectors;
	unsigned int	post_vectors;
	unsigned int	nr_sets;
	unsigned int	set_size[IRQ_AFFINITY_MAX_SETS];
	void		(*calc_sets)(struct irq_affinity *affd, unsigned int nvecs);
	void		*priv;
};

/* One vector's CPUs, and whether the core manages them. */
struct irq_affinity_desc {
	struct irq_cpumask	mask;
	bool		is_managed;
};

/*
 * Told when a driver's irq_set_affinity() (or the smp_affinity file)
 * changes the requested CPUs of line @irq: @notify runs after the change,
 * in the caller's context (process context, no lock held), with the new
 * mask. @release runs once the notifier is taken off the line (replaced,
 * removed, or the line's last handler freed), after its last @notify
 * returned. Both are the driver's; @irq is set by the core. Linux's
 * kref and work item are not needed: the core waits for a running
 * @notify itself.
 */
struct irq_affinity_notify {
	unsigned int	irq;
	void		(*notify)(struct irq_affinity_notify *notify, const struct irq_cpumask *mask);
	void		(*release)(struct irq_affinity_notify *notify);
};

#if GENIRQ_MSI
/**
 * irq_create_affinity_masks - spread @nvec vectors over the CPUs
 * @affd: the pre/post vectors and sets; may be changed by its calc_sets
 *
 * Vectors pre_vectors..nvec-post_vectors-1 are spread set by set, each
 * set over all the machine's CPUs (port_nr_cpus(), online or not, as
 * Linux spreads over the possible CPUs): each vector gets a run of
 * neighbouring CPUs, the runs differing by one CPU at most, and is
 * managed. With more vectors in a set than CPUs, CPUs are given out
 * again in turn, so no mask is empty. The others get all CPUs, unmanaged.
 * Context: process context (allocates). Return: @nvec descriptions, to
 * be given back with irq_free_affinity_masks(); NULL when no vector is
 * left to spread (nvec <= pre + post), when the sets do not add up to
 * the vectors to spread or are more than IRQ_AFFINITY_MAX_SETS (each
 * reported), or when out of memory.
 */
struct irq_affinity_desc *irq_create_affinity_masks(unsigned int nvec, struct irq_affinity *affd);
/* Give back irq_create_affinity_masks()'s array (Linux: kfree()). NULL: nothing. */
void irq_free_affinity_masks(struct irq_affinity_desc *masks);

/**
 * irq_calc_affinity_vectors - how many of @minvec..@maxvec vectors to ask
 * for: the pre and post vectors and one spread vector per CPU at most
 * (with calc_sets: all of @maxvec). Return: the count, which is below
 * @minvec when the CPUs are too few (the caller refuses); 0 when @maxvec
 * < @minvec or below the pre and post vectors.
 */
unsigned int irq_calc_affinity_vectors(unsigned int minvec, unsigned int maxvec,
				       const struct irq_affinity *affd);

/* Whether line @irq's affinity is managed. False for a line that does not exist. */
bool irq_affinity_is_managed(unsigned int irq);

/**
 * irq_set_affinity_notifier - tell @notify of @irq's affinity changes
 * @notify: NULL to take the present one off
 *
 * A notifier present before is taken off and released (its release
 * callback, after a notify call running on another CPU returned).
 * Context: process context; may wait for such a call. Not from the
 * line's own @notify callback (it would wait for itself: refused with
 * -EBUSY, reported). Return: 0; -EINVAL (no such line, or @notify
 * without a notify callback: reported, nothing changed); -ENOMEM (the
 * line's first hint or notifier: its record).
 */
int irq_set_affinity_notifier(unsigned int irq, struct irq_affinity_notify *notify);

/**
 * irq_update_affinity_hint - record @m as @irq's affinity hint
 * @m: the driver's mask, kept by pointer until replaced (NULL: none)
 *
 * The hint is what /proc/irq/N/affinity_hint shows (an irqbalance-like
 * agent reads it); it moves nothing. The line's last free_irq() drops a
 * hint left set, with a report, as Linux does.
 * Context: process context (the line's first hint or notifier allocates
 * its record). Return: 0, -EINVAL (no such line, reported), -ENOMEM.
 */
int irq_update_affinity_hint(unsigned int irq, const struct irq_cpumask *m);

/**
 * irq_set_affinity_hint - irq_update_affinity_hint(), then route the
 * line to @m with irq_set_affinity() when @m is not NULL
 *
 * As Linux, the hint is kept when the move is refused (the line cannot
 * be routed, or no CPU of @m is online): that error is returned.
 * Context: process context. Return: 0, -EINVAL, or irq_set_affinity()'s.
 */
int irq_set_affinity_hint(unsigned int irq, const struct irq_cpumask *m);
#else
static inline struct irq_affinity_desc *irq_create_affinity_masks(unsigned int nvec,
								  struct irq_affinity *affd)
{
	(void)nvec;
	(void)affd;
	return (struct irq_affinity_desc *)0;
}
static inline void irq_free_affinity_masks(struct irq_affinity_desc *masks) { (void)masks; }
static inline unsigned int irq_calc_affinity_vectors(unsigned int minvec, unsigned int maxvec,
						     const struct irq_affinity *affd)
{
	(void)affd;
	return maxvec < minvec ? 0 : maxvec;
}
static inline bool irq_affinity_is_managed(unsigned int irq) { (void)irq; return false; }
static inline int irq_set_affinity_notifier(unsigned int irq, struct irq_affinity_notify *notify)
{
	(void)irq;
	(void)notify;
	return -GENIRQ_ENOSYS;
}
static inline int irq_update_affinity_hint(unsigned int irq, const struct irq_cpumask *m)
{
	(void)irq;
	(void)m;
	return -GENIRQ_ENOSYS;
}
static inline int irq_set_affinity_hint(unsigned int irq, const struct irq_cpumask *m)
{
	(void)irq;
	(void)m;
	return -GENIRQ_ENOSYS;
}
#endif

GENIRQ_END_DECLS

#endif /* GENIRQ_AFFINITY_H */

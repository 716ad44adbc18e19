// SPDX-License-Identifier: MIT
/*
 * spread.c - a device's vectors spread over the CPUs
 * (irq_create_affinity_masks(), <genirq/affinity.h>): runs of
 * neighbouring CPUs, one run per vector, so that a queue's completions
 * land on the CPUs that submitted to it.
 */
#include "internals.h"
#include <genirq/affinity.h>

GENIRQ_FEATURE_SOURCE(GENIRQ_MSI, "MSI");

/* Without calc_sets: one set of every vector to spread. */
static void default_sets(struct irq_affinity *affd, unsigned int nvecs)
{
	affd->nr_sets = 1;
	affd->set_size[0] = nvecs;
}

/*
 * Spread @n vectors over CPUs 0..@ncpus-1 into @out: vector v gets
 * ncpus / n CPUs, one more for the first ncpus % n vectors; with more
 * vectors than CPUs, vector v gets CPU v % ncpus.
 */
static void spread_set(struct irq_affinity_desc *out, unsigned int n, unsigned int ncpus)
{
	unsigned int cpu = 0;

	for (unsigned int v = 0; v < n; v++) {
		unsigned int take = n <= ncpus ? ncpus / n + (v < ncpus % n) : 1;

		cpumask_clear(&out[v].mask);
		for (unsigned int k = 0; k < take; k++)
			cpumask_set_cpu(n <= ncpus ? cpu++ : v % ncpus, &out[v].mask);
		out[v].is_managed = true;
	}
}

struct irq_affinity_desc *irq_create_affinity_masks(unsigned int nvec, struct irq_affinity *affd)
{
	unsigned int ncpus = port_nr_cpus(), affvecs, total = 0, curvec;
	struct irq_affinity_desc *masks;

	if (!affd || nvec <= affd->pre_vectors + affd->post_vectors ||
	    affd->pre_vectors + affd->post_vectors < affd->pre_vectors)
		return NULL;
	affvecs = nvec - affd->pre_vectors - affd->post_vectors;
	(affd->calc_sets ? affd->calc_sets : default_sets)(affd, affvecs);
	if (affd->nr_sets > IRQ_AFFINITY_MAX_SETS) {
		irq_log("irq_create_affinity_masks: %u sets, at most %u", affd->nr_sets,
			IRQ_AFFINITY_MAX_SETS);
		return NULL;
	}
	for (unsigned int s = 0; s < affd->nr_sets; s++)
		total += affd->set_size[s];
	if (affd->nr_sets == 0 || total != affvecs) {
		irq_log("irq_create_affinity_masks: the sets hold %u vectors, %u to spread", total,
			affvecs);
		return NULL;
	}
	masks = irq_zalloc(nvec * sizeof(*masks));
	if (!masks)
		return NULL;
	/* The pre and post vectors: every CPU, unmanaged. */
	for (unsigned int v = 0; v < nvec; v++)
		cpumask_setall(&masks[v].mask, ncpus);
	curvec = affd->pre_vectors;
	for (unsigned int s = 0; s < affd->nr_sets; s++) {
		if (affd->set_size[s])
			spread_set(&masks[curvec], affd->set_size[s], ncpus);
		curvec += affd->set_size[s];
	}
	return masks;
}

void irq_free_affinity_masks(struct irq_affinity_desc *masks)
{
	if (masks)
		irq_free(masks);
}

unsigned int irq_calc_affinity_vectors(unsigned int minvec, unsigned int maxvec,
				       const struct irq_affinity *affd)
{
	unsigned int resv = affd ? affd->pre_vectors + affd->post_vectors : 0, set_vecs;

	if (maxvec < minvec || resv > maxvec)
		return 0;
	set_vecs = affd && affd->calc_sets ? maxvec - resv : port_nr_cpus();
	return resv + (set_vecs < maxvec - resv ? set_vecs : maxvec - resv);
}

/* SPDX-License-Identifier: MIT */
/*
 * cpumask.h - sets of CPUs, as affinity and the online map use them.
 *
 * Fixed size (GENIRQ_NR_CPUS bits), passed by pointer. The text forms
 * (hex groups "ff,ffffffff" and lists "0-3,5") are parsed and printed by
 * the core: see cpumask_parse() and friends in <genirq/proc.h>.
 */
#ifndef GENIRQ_CPUMASK_H
#define GENIRQ_CPUMASK_H

#include <stdbool.h>
#include <genirq/compiler.h>

#define GENIRQ_CPUMASK_BITS_PER_LONG	(8 * (unsigned int)sizeof(unsigned long))
#define GENIRQ_CPUMASK_LONGS \
	((GENIRQ_NR_CPUS + GENIRQ_CPUMASK_BITS_PER_LONG - 1) / GENIRQ_CPUMASK_BITS_PER_LONG)

struct irq_cpumask {
	unsigned long bits[GENIRQ_CPUMASK_LONGS];
};

static inline void irq_cpumask_clear(struct irq_cpumask *m)
{
	for (unsigned int i = 0; i < GENIRQ_CPUMASK_LONGS; i++)
		m->bits[i] = 0;
}

static inline void irq_cpumask_set_cpu(unsigned int cpu, struct irq_cpumask *m)
{
	if (cpu < GENIRQ_NR_CPUS)
		m->bits[cpu / GENIRQ_CPUMASK_BITS_PER_LONG] |=
			1UL << (cpu % GENIRQ_CPUMASK_BITS_PER_LONG);
}

static inline void irq_cpumask_clear_cpu(unsigned int cpu, struct irq_cpumask *m)
{
	if (cpu < GENIRQ_NR_CPUS)
		m->bits[cpu / GENIRQ_CPUMASK_BITS_PER_LONG] &=
			~(1UL << (cpu % GENIRQ_CPUMASK_BITS_PER_LONG));
}

static inline bool irq_cpumask_test_cpu(unsigned int cpu, const struct irq_cpumask *m)
{
	return cpu < GENIRQ_NR_CPUS &&
	       (m->bits[cpu / GENIRQ_CPUMASK_BITS_PER_LONG] >>
		(cpu % GENIRQ_CPUMASK_BITS_PER_LONG)) & 1UL;
}

/* The first @n CPUs: 0..n-1. */
static inline void irq_cpumask_setall(struct irq_cpumask *m, unsigned int n)
{
	irq_cpumask_clear(m);
	for (unsigned int cpu = 0; cpu < n && cpu < GENIRQ_NR_CPUS; cpu++)
		irq_cpumask_set_cpu(cpu, m);
}

static inline bool irq_cpumask_empty(const struct irq_cpumask *m)
{
	for (unsigned int i = 0; i < GENIRQ_CPUMASK_LONGS; i++)
		if (m->bits[i])
			return false;
	return true;
}

static inline bool irq_cpumask_equal(const struct irq_cpumask *a, const struct irq_cpumask *b)
{
	for (unsigned int i = 0; i < GENIRQ_CPUMASK_LONGS; i++)
		if (a->bits[i] != b->bits[i])
			return false;
	return true;
}

/* dst = a & b; true when the result is not empty. */
static inline bool irq_cpumask_and(struct irq_cpumask *dst, const struct irq_cpumask *a,
			       const struct irq_cpumask *b)
{
	unsigned long any = 0;

	for (unsigned int i = 0; i < GENIRQ_CPUMASK_LONGS; i++)
		any |= dst->bits[i] = a->bits[i] & b->bits[i];
	return any != 0;
}

/* The lowest CPU in @m, or GENIRQ_NR_CPUS when @m is empty. */
static inline unsigned int irq_cpumask_first(const struct irq_cpumask *m)
{
	for (unsigned int cpu = 0; cpu < GENIRQ_NR_CPUS; cpu++)
		if (irq_cpumask_test_cpu(cpu, m))
			return cpu;
	return GENIRQ_NR_CPUS;
}

/* The next CPU after @cpu in @m, or GENIRQ_NR_CPUS. */
static inline unsigned int irq_cpumask_next(unsigned int cpu, const struct irq_cpumask *m)
{
	for (cpu++; cpu < GENIRQ_NR_CPUS; cpu++)
		if (irq_cpumask_test_cpu(cpu, m))
			return cpu;
	return GENIRQ_NR_CPUS;
}

#define irq_for_each_cpu(cpu, mask)					\
	for ((cpu) = irq_cpumask_first(mask); (cpu) < GENIRQ_NR_CPUS;	\
	     (cpu) = irq_cpumask_next((cpu), (mask)))

static inline unsigned int irq_cpumask_weight(const struct irq_cpumask *m)
{
	unsigned int n = 0, cpu;

	irq_for_each_cpu(cpu, m)
		n++;
	return n;
}

#endif /* GENIRQ_CPUMASK_H */

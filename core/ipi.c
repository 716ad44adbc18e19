// SPDX-License-Identifier: MIT
/*
 * ipi.c - the generic IPI API (<genirq/ipi.h>).
 *
 * A reservation is lines base..base+n-1 of a hierarchical domain, line i
 * for CPU first+i. Each line is per-CPU, marked IRQD_IPI, routed to its
 * CPU, and keeps the reservation's mask in its affinity (unused otherwise
 * by a per-CPU line). A single-line reservation (irq_reserve_ipi_line(),
 * IRQD_IPI_SINGLE) is one per-CPU line whose chip reaches any CPU.
 */
#include "internals.h"
#include <genirq/ipi.h>
#include <genirq/irqdomain.h>

GENIRQ_FEATURE_SOURCE(GENIRQ_IPI, "IPI");

static bool can_send(const struct irq_chip *chip)
{
	return chip->ipi_send_single || chip->ipi_send_mask;
}

/* Make line @irq the IPI line of @cpu in reservation @dest. */
static int ipi_line_setup(unsigned int irq, unsigned int cpu, const struct irq_cpumask *dest)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irq_cpumask one;
	unsigned long flags;
	int ret = 0;

	flags = desc_lock_irqsave(desc);
	if (!can_send(desc->data.chip)) {
		ret = -EINVAL;
	} else {
		desc->affinity = *dest;
		desc->data.hier_flags |= IRQD_IPI;
		desc_set_state(desc, desc_state(desc) | IRQS_PER_CPU);
		irq_choose_flow(desc);
		cpumask_clear(&one);
		cpumask_set_cpu(cpu, &one);
		if (desc->data.chip->set_affinity)
			ret = desc->data.chip->set_affinity(&desc->data, &one);
		else
			irq_data_update_effective_cpu(&desc->data, cpu);
	}
	desc_unlock_irqrestore(desc, flags);
	return ret;
}

int irq_reserve_ipi(struct irq_domain *d, const struct irq_cpumask *dest)
{
	unsigned int first, nr, cpu;
	int virq, ret = 0;

	if (!d || !dest || cpumask_empty(dest))
		return -EINVAL;
	first = cpumask_first(dest);
	nr = cpumask_weight(dest);
	for_each_cpu(cpu, dest)
		if (cpu >= port_nr_cpus() || cpu - first >= nr)
			return -EINVAL;		/* no such CPU, or a gap */
	virq = irq_domain_alloc_irqs(d, nr, -1, NULL);
	if (virq < 0)
		return virq;
	for (unsigned int i = 0; i < nr && !ret; i++)
		ret = ipi_line_setup((unsigned int)virq + i, first + i, dest);
	if (ret) {
		irq_log("domain %s: irq_reserve_ipi: its lines can't send IPIs (%d)",
			irq_domain_name(d), ret);
		irq_domain_free_irqs((unsigned int)virq, nr);
		return ret;
	}
	return virq;
}

static bool cpus_exist(const struct irq_cpumask *m)
{
	unsigned int cpu;

	for_each_cpu(cpu, m)
		if (cpu >= port_nr_cpus())
			return false;
	return !cpumask_empty(m);
}

int irq_reserve_ipi_line(struct irq_domain *d, irq_hw_number_t hw, const struct irq_cpumask *dest)
{
	int irq = irq_find_mapping(d, hw);
	unsigned int rd;
	struct irq_desc *desc;
	unsigned long flags;
	int ret = irq;

	if (irq < 0 || !dest || !cpus_exist(dest))
		return -EINVAL;
	desc = irq_desc_get((unsigned int)irq, &rd);
	if (!desc)
		return -EINVAL;
	flags = desc_lock_irqsave(desc);
	if (!(desc_state(desc) & IRQS_PER_CPU) || !can_send(desc->data.chip)) {
		ret = -EINVAL;
	} else {
		desc->affinity = *dest;
		desc->data.hier_flags |= IRQD_IPI | IRQD_IPI_SINGLE;
	}
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	return ret;
}

/* The reservation's mask if @desc is its base line. Caller is a reader. */
static bool ipi_base(struct irq_desc *desc, struct irq_cpumask *mask)
{
	unsigned int cpu;

	if (!(desc->data.hier_flags & IRQD_IPI))
		return false;
	*mask = desc->affinity;
	if (desc->data.hier_flags & IRQD_IPI_SINGLE)
		return true;
	cpu = cpumask_first(mask);
	/* The base is the line routed to the first CPU of the mask. */
	return cpumask_test_cpu(cpu, &desc->data.effective);
}

int irq_destroy_ipi(unsigned int irq, const struct irq_cpumask *dest)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(irq, &rd);
	struct irq_cpumask mask;
	unsigned long flags;
	bool base, single = false;
	int ret = 0;

	if (!desc)
		return -EINVAL;
	flags = desc_lock_irqsave(desc);
	base = ipi_base(desc, &mask) && (!dest || cpumask_equal(dest, &mask));
	if (base && (desc->data.hier_flags & IRQD_IPI_SINGLE)) {
		/* One line: checked and given back under its lock, or left as it is. */
		single = true;
		if (desc_action(desc)) {
			ret = -EBUSY;
		} else {
			desc->data.hier_flags &= ~(IRQD_IPI | IRQD_IPI_SINGLE);
			cpumask_setall(&desc->affinity, port_nr_cpus());
		}
	}
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	if (ret)
		irq_log("irq %u: irq_destroy_ipi refused: the line is in use, nothing changed", irq);
	if (single)
		return ret;
	if (!base) {
		irq_log("irq %u: irq_destroy_ipi of something that is not a reservation", irq);
		return -EINVAL;
	}
	/* Refused whole (-EBUSY, reported) while a line has a handler. */
	return irq_domain_free_irqs(irq, cpumask_weight(&mask));
}

/* Send on base line @virq to @cpu; caller is a reader. */
static int send_one(unsigned int virq, const struct irq_cpumask *mask, unsigned int cpu)
{
	struct irq_desc *line;
	struct irq_data *d;

	if (!cpumask_test_cpu(cpu, mask))
		return -EINVAL;
	line = irq_to_desc(virq);
	if (line && !(line->data.hier_flags & IRQD_IPI_SINGLE))
		line = irq_to_desc(virq + (cpu - cpumask_first(mask)));
	if (!line)
		return -EINVAL;
	d = &line->data;
	if (d->chip->ipi_send_single) {
		d->chip->ipi_send_single(d, cpu);
	} else {
		struct irq_cpumask one;

		cpumask_clear(&one);
		cpumask_set_cpu(cpu, &one);
		d->chip->ipi_send_mask(d, &one);
	}
	return 0;
}

/* Send IPI @virq to @cpu (@send), or find the line @cpu receives it on. */
static int ipi_cpu_op(unsigned int virq, unsigned int cpu, bool send)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(virq, &rd);
	struct irq_cpumask mask;
	int ret = -EINVAL;

	if (!desc)
		return -EINVAL;
	if (!ipi_base(desc, &mask) || !cpumask_test_cpu(cpu, &mask))
		ret = -EINVAL;
	else if (send)
		ret = send_one(virq, &mask, cpu);
	else if (desc->data.hier_flags & IRQD_IPI_SINGLE)
		ret = (int)virq;
	else
		ret = (int)(virq + (cpu - cpumask_first(&mask)));
	irq_desc_put(rd);
	return ret;
}

int ipi_send_single(unsigned int virq, unsigned int cpu)
{
	return ipi_cpu_op(virq, cpu, true);
}

int ipi_send_mask(unsigned int virq, const struct irq_cpumask *dest)
{
	unsigned int rd, cpu;
	struct irq_desc *desc = irq_desc_get(virq, &rd);
	struct irq_cpumask mask, both;
	int ret = -EINVAL;

	if (!desc)
		return -EINVAL;
	if (ipi_base(desc, &mask) && dest) {
		/* All or nothing: every CPU asked for must be in the reservation. */
		ret = cpumask_and(&both, dest, &mask) && cpumask_equal(&both, dest) ? 0 : -EINVAL;
		if (!ret && (desc->data.hier_flags & IRQD_IPI_SINGLE) &&
		    desc->data.chip->ipi_send_mask) {
			desc->data.chip->ipi_send_mask(&desc->data, &both);	/* one line, one send */
			cpumask_clear(&both);
		}
		for_each_cpu(cpu, &both)
			if (!ret)
				ret = send_one(virq, &mask, cpu);
	}
	irq_desc_put(rd);
	return ret;
}

int ipi_get_irq(unsigned int virq, unsigned int cpu)
{
	return ipi_cpu_op(virq, cpu, false);
}

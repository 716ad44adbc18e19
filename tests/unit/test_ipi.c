// SPDX-License-Identifier: MIT
/* The generic IPI API on the simulated PIC: reserve, send, destroy. */
#include <genirq/ipi.h>
#include <genirq/compat.h>
#include <genirq/irqdomain.h>
#include "fixture.h"

#define IPI_FIRST	20
#define IPI_COUNT	8

static atomic_int got[GENIRQ_NR_CPUS];
static atomic_int wrong_cpu;

static irqreturn_t ipi_handler(int irq, void *dev_id)
{
	atomic_int *mine = dev_id;

	(void)irq;
	if (mine != &got[port_cpu_id()])
		atomic_fetch_add(&wrong_cpu, 1);
	atomic_fetch_add(mine, 1);
	return IRQ_HANDLED;
}

static struct irq_cpumask range(unsigned int from, unsigned int to)
{
	struct irq_cpumask m;

	cpumask_clear(&m);
	for (unsigned int c = from; c <= to; c++)
		cpumask_set_cpu(c, &m);
	return m;
}

static int reserve_and_request(struct fixture *fx, unsigned int cpus)
{
	struct irq_cpumask all = range(0, cpus - 1);
	int base;

	fx_init(fx, cpus, SIMPIC_FASTEOI);
	for (unsigned int c = 0; c < GENIRQ_NR_CPUS; c++)
		atomic_store(&got[c], 0);
	atomic_store(&wrong_cpu, 0);
	CHECK_EQ(simpic_enable_hierarchy(fx->pic, IPI_FIRST, IPI_COUNT), 0);
	base = irq_reserve_ipi(simpic_domain(fx->pic), &all);
	CHECK(base >= 0);
	for (unsigned int c = 0; c < cpus; c++)
		CHECK_EQ(request_irq((unsigned int)ipi_get_irq((unsigned int)base, c), ipi_handler,
				     IRQF_PERCPU, "IPI", &got[c]), 0);
	return base;
}

TEST(ipi_send_single_reaches_only_that_cpu)
{
	struct fixture fx;
	int base = reserve_and_request(&fx, 4);
	struct irq_cpumask eff;

	CHECK_EQ(simpic_hier_free(fx.pic), IPI_COUNT - 4);
	for (unsigned int c = 0; c < 4; c++) {
		CHECK_EQ(ipi_get_irq((unsigned int)base, c), base + (int)c);
		CHECK_EQ(irq_get_effective_affinity((unsigned int)base + c, &eff), 0);
		CHECK_EQ(cpumask_first(&eff), c);
		CHECK_EQ(cpumask_weight(&eff), 1);
	}
	CHECK_EQ(ipi_send_single((unsigned int)base, 2), 0);
	CHECK_EQ(sim_run(0) + sim_run(1) + sim_run(3), 0);
	CHECK_EQ(sim_run(2), 1);
	CHECK_EQ(ipi_send_single((unsigned int)base, 3), 0);
	CHECK_EQ(ipi_send_single((unsigned int)base, 1), 0);
	fx_drain_cpus01();
	sim_run(3);
	CHECK_EQ(atomic_load(&got[0]), 0);
	CHECK_EQ(atomic_load(&got[1]), 1);
	CHECK_EQ(atomic_load(&got[2]), 1);
	CHECK_EQ(atomic_load(&got[3]), 1);
	CHECK_EQ(atomic_load(&wrong_cpu), 0);
	CHECK_EQ(irq_stat_cpu((unsigned int)base + 2, 2), 1);
	/* Sent to this CPU with its interrupts on: taken at once. */
	CHECK_EQ(ipi_send_single((unsigned int)base, 0), 0);
	CHECK_EQ(atomic_load(&got[0]), 1);
}

TEST(ipi_send_mask_reaches_each_cpu_of_the_mask_once)
{
	struct fixture fx;
	int base = reserve_and_request(&fx, 4);
	struct irq_cpumask some = range(1, 3), all = range(0, 3), bad = range(2, 4);

	CHECK_EQ(ipi_send_mask((unsigned int)base, &some), 0);
	for (unsigned int c = 0; c < 4; c++)
		sim_run(c);
	CHECK_EQ(atomic_load(&got[0]), 0);
	for (unsigned int c = 1; c < 4; c++)
		CHECK_EQ(atomic_load(&got[c]), 1);
	CHECK_EQ(ipi_send_mask((unsigned int)base, &all), 0);
	for (unsigned int c = 0; c < 4; c++)
		sim_run(c);
	CHECK_EQ(atomic_load(&got[0]), 1);
	CHECK_EQ(atomic_load(&got[3]), 2);
	/* A CPU outside the reservation: refused whole, nothing sent. */
	CHECK_EQ(ipi_send_mask((unsigned int)base, &bad), -EINVAL);
	CHECK_EQ(ipi_send_single((unsigned int)base, 4), -EINVAL);
	for (unsigned int c = 0; c < 4; c++)
		sim_run(c);
	CHECK_EQ(atomic_load(&got[2]), 2);
	CHECK_EQ(atomic_load(&wrong_cpu), 0);
	/* Not a base line, not a line, not an IPI: refused. */
	CHECK_EQ(ipi_send_single((unsigned int)base + 1, 1), -EINVAL);
	CHECK_EQ(ipi_send_single(7000, 1), -EINVAL);
	CHECK_EQ(ipi_send_single((unsigned int)simpic_map(fx.pic, 1, IRQ_TYPE_EDGE_RISING), 0),
		 -EINVAL);
	CHECK_EQ(ipi_send_mask((unsigned int)base, NULL), -EINVAL);
	CHECK_EQ(ipi_get_irq((unsigned int)base, 5), -EINVAL);
}

TEST(ipi_destroy_returns_the_lines_and_refuses_while_in_use)
{
	struct fixture fx;
	int base = reserve_and_request(&fx, 2);
	struct irq_cpumask two = range(0, 1), other = range(0, 0);
	long live;

	sim_console_clear();
	CHECK_EQ(irq_destroy_ipi((unsigned int)base, &two), -EBUSY);
	CHECK(sim_console_contains("is in use"));
	CHECK_EQ(irq_destroy_ipi((unsigned int)base, &other), -EINVAL);
	CHECK_EQ(irq_destroy_ipi((unsigned int)base + 1, NULL), -EINVAL);
	free_irq((unsigned int)base, &got[0]);
	free_irq((unsigned int)base + 1, &got[1]);
	CHECK_EQ(irq_destroy_ipi((unsigned int)base, NULL), 0);
	CHECK_EQ(simpic_hier_free(fx.pic), IPI_COUNT);
	CHECK(irq_to_desc((unsigned int)base) == NULL);
	CHECK_EQ(ipi_send_single((unsigned int)base, 0), -EINVAL);
	/* Reserve again: the same lines, nothing more held. */
	live = sim_alloc_live();
	CHECK_EQ(irq_reserve_ipi(simpic_domain(fx.pic), &two), base);
	CHECK_EQ(irq_destroy_ipi((unsigned int)base, &two), 0);
	CHECK_EQ(sim_alloc_live(), live);
}

TEST(ipi_reservation_refuses_bad_masks_and_rolls_back)
{
	struct fixture fx;
	struct irq_cpumask gap, none, beyond = range(2, 4), all = range(0, 3);
	long live;

	fx_init(&fx, 4, SIMPIC_FASTEOI);
	cpumask_clear(&none);
	gap = range(0, 0);
	cpumask_set_cpu(2, &gap);
	CHECK_EQ(irq_reserve_ipi(simpic_domain(fx.pic), &all), -EINVAL);	/* not hierarchical */
	CHECK_EQ(simpic_enable_hierarchy(fx.pic, IPI_FIRST, 3), 0);
	CHECK_EQ(irq_reserve_ipi(simpic_domain(fx.pic), &gap), -EINVAL);
	CHECK_EQ(irq_reserve_ipi(simpic_domain(fx.pic), &none), -EINVAL);
	CHECK_EQ(irq_reserve_ipi(simpic_domain(fx.pic), &beyond), -EINVAL);
	CHECK_EQ(irq_reserve_ipi(NULL, &all), -EINVAL);
	live = sim_alloc_live();
	CHECK_EQ(irq_reserve_ipi(simpic_domain(fx.pic), &all), -ENOSPC);	/* 3 lines only */
	CHECK_EQ(simpic_hier_free(fx.pic), 3);
	CHECK_EQ(sim_alloc_live(), live);
	for (unsigned long k = 1; k <= 2; k++) {
		simpic_fail_alloc_at(fx.pic, k);
		CHECK_EQ(irq_reserve_ipi(simpic_domain(fx.pic), &beyond), -EINVAL);
		CHECK_EQ(irq_reserve_ipi(simpic_domain(fx.pic), &(struct irq_cpumask){ 0 }), -EINVAL);
		simpic_fail_alloc_at(fx.pic, 0);
	}
	{
		struct irq_cpumask three = range(1, 3);

		simpic_fail_alloc_at(fx.pic, 2);
		CHECK_EQ(irq_reserve_ipi(simpic_domain(fx.pic), &three), -ENOSPC);
		simpic_fail_alloc_at(fx.pic, 0);
		CHECK_EQ(simpic_hier_free(fx.pic), 3);
		CHECK_EQ(sim_alloc_live(), live);
	}
}

/* A chip that cannot send: the reservation is refused and given back. */
static int nosend_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr, void *arg)
{
	static const struct irq_chip mute = { .name = "mute", .eoi = NULL };

	(void)arg;
	for (unsigned int i = 0; i < nr; i++)
		irq_domain_set_hwirq_and_chip(d, virq + i, i, &mute, NULL);
	return 0;
}

TEST(ipi_reservation_needs_a_chip_that_sends)
{
	static const struct irq_domain_ops ops = { .alloc = nosend_alloc };
	struct fixture fx;
	struct irq_domain *d;
	struct irq_cpumask all = range(0, 1);
	long live;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	d = irq_domain_create_hierarchy(NULL, "mute", 4, &ops, NULL);
	live = sim_alloc_live();
	CHECK_EQ(irq_reserve_ipi(d, &all), -EINVAL);
	CHECK(sim_console_contains("can't send IPIs"));
	CHECK_EQ(sim_alloc_live(), live);
	CHECK_EQ(irq_find_mapping(d, 0), -ENOENT);
}

/* One line that reaches every CPU (a local APIC's IPI vector): a chip that records. */
static unsigned int sent_single[GENIRQ_NR_CPUS], sent_mask_calls;
static struct irq_cpumask sent_mask;

static void rec_send_single(struct irq_data *d, unsigned int cpu)
{
	(void)d;
	sent_single[cpu]++;
}

static void rec_send_mask(struct irq_data *d, const struct irq_cpumask *dest)
{
	(void)d;
	sent_mask_calls++;
	sent_mask = *dest;
}

static void rec_eoi(struct irq_data *d)
{
	(void)d;
}

TEST(ipi_on_one_line_for_every_cpu)
{
	static const struct irq_chip single = { .name = "single", .eoi = rec_eoi,
						 .ipi_send_single = rec_send_single };
	static const struct irq_chip both = { .name = "both", .eoi = rec_eoi,
					       .ipi_send_single = rec_send_single,
					       .ipi_send_mask = rec_send_mask };
	static const struct irq_chip mute = { .name = "mute", .eoi = rec_eoi };
	struct fixture fx;
	struct irq_domain *d1, *d2, *d3;
	struct irq_cpumask odd, all = range(0, 3), outside = range(0, 1), beyond = range(2, 4);
	int ipi, ipi2, irq;

	fx_init(&fx, 4, SIMPIC_FASTEOI);
	memset(sent_single, 0, sizeof(sent_single));
	d1 = irq_domain_create_linear("single", 2, &single, NULL);
	d2 = irq_domain_create_linear("both", 2, &both, NULL);
	d3 = irq_domain_create_linear("mute", 2, &mute, NULL);
	irq = irq_create_mapping(d1, 1);
	CHECK_EQ(irq_reserve_ipi_line(d1, 1, &all), -EINVAL);		/* not per-CPU */
	CHECK_EQ(irq_set_percpu((unsigned int)irq), 0);
	CHECK_EQ(irq_reserve_ipi_line(d1, 0, &all), -EINVAL);		/* not mapped */
	CHECK_EQ(irq_reserve_ipi_line(d1, 1, &(struct irq_cpumask){ 0 }), -EINVAL);
	CHECK_EQ(irq_reserve_ipi_line(d1, 1, &beyond), -EINVAL);		/* no CPU 4 */
	CHECK_EQ(irq_set_percpu((unsigned int)irq_create_mapping(d3, 0)), 0);
	CHECK_EQ(irq_reserve_ipi_line(d3, 0, &all), -EINVAL);		/* can't send */
	/* Any mask: one line, no gaps required. */
	cpumask_clear(&odd);
	cpumask_set_cpu(1, &odd);
	cpumask_set_cpu(3, &odd);
	ipi = irq_reserve_ipi_line(d1, 1, &odd);
	CHECK_EQ(ipi, irq);
	CHECK_EQ(ipi_get_irq((unsigned int)ipi, 3), ipi);
	CHECK_EQ(ipi_get_irq((unsigned int)ipi, 2), -EINVAL);
	CHECK_EQ(ipi_send_single((unsigned int)ipi, 3), 0);
	CHECK_EQ(ipi_send_single((unsigned int)ipi, 2), -EINVAL);
	CHECK_EQ(ipi_send_mask((unsigned int)ipi, &odd), 0);
	CHECK_EQ(sent_single[3], 2);
	CHECK_EQ(sent_single[1], 1);
	CHECK_EQ(sent_single[2], 0);
	/* A chip with a mask primitive sends a mask once. */
	CHECK_EQ(irq_set_percpu((unsigned int)irq_create_mapping(d2, 0)), 0);
	ipi2 = irq_reserve_ipi_line(d2, 0, &all);
	CHECK(ipi2 >= 0);
	CHECK_EQ(ipi_send_mask((unsigned int)ipi2, &odd), 0);
	CHECK_EQ(sent_mask_calls, 1);
	CHECK(cpumask_equal(&sent_mask, &odd));
	CHECK_EQ(ipi_send_single((unsigned int)ipi2, 2), 0);
	CHECK_EQ(sent_single[2], 1);
	/* Destroyed: the line stays mapped, no longer an IPI. */
	CHECK_EQ(irq_destroy_ipi((unsigned int)ipi, &outside), -EINVAL);
	CHECK_EQ(irq_destroy_ipi((unsigned int)ipi, NULL), 0);
	CHECK_EQ(irq_find_mapping(d1, 1), ipi);
	CHECK_EQ(ipi_send_single((unsigned int)ipi, 3), -EINVAL);
	CHECK_EQ(sent_single[3], 2);
}

/*
 * The line of irq_reserve_ipi_line() with a handler installed: its
 * destroy is refused (-EBUSY, reported) and changes nothing, so sends
 * keep working; once the handler is freed, it goes.
 */
static atomic_int single_got;

static irqreturn_t single_handler(int irq, void *dev_id)
{
	(void)irq;
	atomic_fetch_add((atomic_int *)dev_id, 1);
	return IRQ_HANDLED;
}

TEST(ipi_destroy_of_a_single_line_with_a_handler_is_refused_and_sends_keep_working)
{
	static const struct irq_chip single = { .name = "single", .eoi = rec_eoi,
						 .ipi_send_single = rec_send_single };
	struct fixture fx;
	struct irq_domain *d;
	struct irq_cpumask all = range(0, 3), aff;
	int irq, ipi;

	fx_init(&fx, 4, SIMPIC_FASTEOI);
	memset(sent_single, 0, sizeof(sent_single));
	d = irq_domain_create_linear("single", 2, &single, NULL);
	irq = irq_create_mapping(d, 1);
	CHECK(irq >= 0);
	CHECK_EQ(irq_set_percpu((unsigned int)irq), 0);
	ipi = irq_reserve_ipi_line(d, 1, &all);
	CHECK_EQ(ipi, irq);
	CHECK_EQ(request_irq((unsigned int)ipi, single_handler, IRQF_PERCPU, "IPI", &single_got), 0);
	sim_console_clear();
	CHECK_EQ(irq_destroy_ipi((unsigned int)ipi, NULL), -EBUSY);
	CHECK(sim_console_contains("irq_destroy_ipi refused: the line is in use, nothing changed"));
	CHECK_EQ(irq_destroy_ipi((unsigned int)ipi, &all), -EBUSY);
	/* Still the reservation it was: sends, lookups, its mask. */
	CHECK_EQ(ipi_send_single((unsigned int)ipi, 2), 0);
	CHECK_EQ(sent_single[2], 1);
	CHECK_EQ(ipi_send_mask((unsigned int)ipi, &all), 0);
	CHECK_EQ(sent_single[0] + sent_single[1] + sent_single[2] + sent_single[3], 5);
	CHECK_EQ(ipi_get_irq((unsigned int)ipi, 3), ipi);
	CHECK_EQ(irq_get_affinity((unsigned int)ipi, &aff), 0);
	CHECK(cpumask_equal(&aff, &all));
	/* Freed, it goes: the line stays mapped, no longer an IPI. */
	free_irq((unsigned int)ipi, &single_got);
	CHECK_EQ(irq_destroy_ipi((unsigned int)ipi, NULL), 0);
	CHECK_EQ(ipi_send_single((unsigned int)ipi, 2), -EINVAL);
	CHECK_EQ(sent_single[2], 2);
	CHECK_EQ(irq_find_mapping(d, 1), ipi);
}

// SPDX-License-Identifier: MIT
/*
 * Hierarchical domains: a child level stacked on the simulated PIC (the
 * bottom, which hands out its lines), allocation and rollback at each
 * level, activation, the parent chip helpers, free and re-allocate.
 */
#include <genirq/irqdomain.h>
#include <genirq/compat.h>
#include "fixture.h"

#define LINES_FIRST	16	/* the PIC lines handed to children: 16..31 */
#define LINES_COUNT	16

/* A child level that counts what it holds and fails on demand. */
struct child {
	unsigned int	held;
	unsigned int	fail_at;	/* the k-th line it sets up fails */
	unsigned int	activated;
	unsigned int	acks;
	int		activate_ret;
	/* Called first by ops->free: what another CPU does at that moment. */
	void		(*on_free)(unsigned int virq, unsigned int nr);
};

static struct child child;

static void child_ack(struct irq_data *d)
{
	child.acks++;
	irq_chip_ack_parent(d);
}

static const struct irq_chip child_eoi_chip = {
	.name		= "child",
	.mask		= irq_chip_mask_parent,
	.unmask		= irq_chip_unmask_parent,
	.eoi		= irq_chip_eoi_parent,
	.set_affinity	= irq_chip_set_affinity_parent,
	.retrigger	= irq_chip_retrigger_hierarchy,
};

static const struct irq_chip child_ack_chip = {
	.name		= "child",
	.mask		= irq_chip_mask_parent,
	.unmask		= irq_chip_unmask_parent,
	.ack		= child_ack,
	.set_affinity	= irq_chip_set_affinity_parent,
	.retrigger	= irq_chip_retrigger_hierarchy,
};

static void child_free(struct irq_domain *d, unsigned int virq, unsigned int nr)
{
	if (child.on_free)
		child.on_free(virq, nr);
	for (unsigned int i = 0; i < nr; i++) {
		struct irq_data *l = irq_domain_get_irq_data(d, virq + i);

		if (l && l->chip_data == &child) {
			child.held--;
			irq_domain_set_hwirq_and_chip(d, virq + i, 0, NULL, NULL);
		}
	}
}

static int child_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr, void *arg)
{
	const struct irq_chip *chip = arg ? &child_ack_chip : &child_eoi_chip;

	for (unsigned int i = 0; i < nr; i++) {
		if (child.fail_at && --child.fail_at == 0) {
			child_free(d, virq, i);
			return -EIO;
		}
		child.held++;
		irq_domain_set_hwirq_and_chip(d, virq + i, 1000 + virq + i, chip, &child);
	}
	return 0;
}

static int child_activate(struct irq_domain *d, struct irq_data *l, bool reserve)
{
	(void)d;
	(void)l;
	(void)reserve;
	if (child.activate_ret)
		return child.activate_ret;
	child.activated++;
	return 0;
}

static void child_deactivate(struct irq_domain *d, struct irq_data *l)
{
	(void)d;
	(void)l;
	child.activated--;
}

static const struct irq_domain_ops child_ops = {
	.alloc		= child_alloc,
	.free		= child_free,
	.activate	= child_activate,
	.deactivate	= child_deactivate,
};

static struct irq_domain *child_init(struct fixture *fx, unsigned int cpus,
				     enum simpic_style style)
{
	struct irq_domain *d;

	fx_init(fx, cpus, style);
	memset(&child, 0, sizeof(child));
	CHECK_EQ(simpic_enable_hierarchy(fx->pic, LINES_FIRST, LINES_COUNT), 0);
	d = irq_domain_create_hierarchy(simpic_domain(fx->pic), "child", 0, &child_ops, &child);
	CHECK(d != NULL);
	return d;
}

static atomic_int calls[64];

static irqreturn_t count_handler(int irq, void *dev_id)
{
	(void)irq;
	atomic_fetch_add((atomic_int *)dev_id, 1);
	return IRQ_HANDLED;
}

static void levels_and_dispatch(enum simpic_style style)
{
	struct fixture fx;
	struct irq_domain *d = child_init(&fx, 1, style);
	struct simpic_line_stats s;
	int irq;

	irq = irq_domain_alloc_irqs(d, 4, -1, style == SIMPIC_ACK ? &child : NULL);
	CHECK(irq >= 0);
	CHECK_EQ(child.held, 4);
	CHECK_EQ(simpic_hier_free(fx.pic), LINES_COUNT - 4);
	for (unsigned int i = 0; i < 4; i++) {
		struct irq_data *top = irq_get_irq_data((unsigned int)irq + i);
		struct irq_data *pic = top->parent_data;

		CHECK(top->domain == d);
		CHECK_EQ(top->hwirq, 1000 + (unsigned int)irq + i);
		CHECK(top->chip_data == &child);
		CHECK(pic != NULL && pic->parent_data == NULL);
		CHECK(pic->domain == simpic_domain(fx.pic));
		CHECK_EQ(pic->irq, (unsigned int)irq + i);
		CHECK(pic->hwirq >= LINES_FIRST && pic->hwirq < LINES_FIRST + LINES_COUNT);
		CHECK(irq_domain_get_irq_data(simpic_domain(fx.pic), (unsigned int)irq + i) == pic);
		CHECK(irq_domain_get_irq_data(d, (unsigned int)irq + i) == top);
		/* The entry finds the outermost line from the bottom level in one lookup. */
		CHECK_EQ(irq_find_mapping(simpic_domain(fx.pic), pic->hwirq), irq + (int)i);
		CHECK(!irq_domain_is_activated((unsigned int)irq + i));
	}
	CHECK_EQ(irq_domain_activate_irq(irq_get_irq_data((unsigned int)irq), false), 0);
	CHECK_EQ(irq_domain_activate_irq(irq_get_irq_data((unsigned int)irq), false), 0);
	CHECK_EQ(child.activated, 1);			/* once */
	CHECK_EQ(request_irq((unsigned int)irq, count_handler, 0, "child", &calls[0]), 0);
	simpic_raise(fx.pic, irq_get_irq_data((unsigned int)irq)->parent_data->hwirq);
	CHECK_EQ(atomic_load(&calls[0]), 1);
	fx_check_ended_once(&fx, irq_get_irq_data((unsigned int)irq)->parent_data->hwirq, style);
	if (style == SIMPIC_ACK)
		CHECK_EQ(child.acks, 1);
	/* Mask and unmask reach the PIC through the helpers. */
	disable_irq((unsigned int)irq);
	simpic_raise(fx.pic, irq_get_irq_data((unsigned int)irq)->parent_data->hwirq);
	simpic_line_stats(fx.pic, irq_get_irq_data((unsigned int)irq)->parent_data->hwirq, &s);
	CHECK(s.masked);
	CHECK_EQ(atomic_load(&calls[0]), 1);
	enable_irq((unsigned int)irq);			/* replayed: retrigger_hierarchy */
	CHECK_EQ(atomic_load(&calls[0]), 2);
	simpic_line_stats(fx.pic, irq_get_irq_data((unsigned int)irq)->parent_data->hwirq, &s);
	CHECK(!s.masked);
	CHECK(s.retriggers >= 1);
	free_irq((unsigned int)irq, &calls[0]);
	CHECK_EQ(irq_domain_free_irqs((unsigned int)irq, 4), 0);
	CHECK_EQ(child.held, 0);
	CHECK_EQ(child.activated, 0);
	CHECK_EQ(simpic_hier_free(fx.pic), LINES_COUNT);
}
TEST_EACH_CHIP(hierarchy_lines_have_a_level_each_and_dispatch, levels_and_dispatch)

/* Nothing of a failed allocation is left: memory, PIC lines, numbers, map entries. */
static void check_nothing_left(struct fixture *fx, long live, unsigned int first_free)
{
	CHECK_EQ(sim_alloc_live(), live);
	CHECK_EQ(child.held, 0);
	CHECK_EQ(simpic_hier_free(fx->pic), LINES_COUNT);
	for (unsigned int hw = LINES_FIRST; hw < LINES_FIRST + LINES_COUNT; hw++)
		CHECK_EQ(irq_find_mapping(simpic_domain(fx->pic), hw), -ENOENT);
	for (unsigned int i = first_free; i < first_free + 8; i++)
		CHECK(irq_to_desc(i) == NULL);
	CHECK_EQ(irq_alloc_descs(-1, 1), (int)first_free);	/* the number is free again */
	CHECK_EQ(irq_free_descs(first_free, 1), 0);
}

static unsigned int lowest_free(void)
{
	int n = irq_alloc_descs(-1, 1);

	CHECK(n >= 0);
	CHECK_EQ(irq_free_descs((unsigned int)n, 1), 0);
	return (unsigned int)n;
}

TEST(allocation_failure_of_memory_at_every_point_rolls_back)
{
	struct fixture fx;
	struct irq_domain *d = child_init(&fx, 1, SIMPIC_FASTEOI);
	unsigned int first_free = lowest_free();
	unsigned long k;
	int irq = -1;

	for (k = 1; k < 64; k++) {
		long live = sim_alloc_live();

		sim_alloc_fail_at(k);
		irq = irq_domain_alloc_irqs(d, 4, -1, NULL);
		sim_alloc_fail_at(0);
		if (irq >= 0)
			break;
		CHECK_EQ(irq, -ENOMEM);
		check_nothing_left(&fx, live, first_free);
	}
	/* Descriptors (leaf, counters, 4 descriptors), then the 4 PIC-level data. */
	CHECK_EQ(k, 11);
	CHECK_EQ(irq, (int)first_free);
}

TEST(allocation_failure_at_each_level_and_line_rolls_back)
{
	struct fixture fx;
	struct irq_domain *d = child_init(&fx, 1, SIMPIC_FASTEOI);
	unsigned int first_free = lowest_free();
	int irq;

	for (unsigned int k = 1; k <= 4; k++) {
		long live = sim_alloc_live();

		/* The bottom level fails at its k-th line... */
		simpic_fail_alloc_at(fx.pic, k);
		CHECK_EQ(irq_domain_alloc_irqs(d, 4, -1, NULL), -ENOSPC);
		simpic_fail_alloc_at(fx.pic, 0);
		check_nothing_left(&fx, live, first_free);
		/* ...then the child level, with the bottom level all given. */
		child.fail_at = k;
		CHECK_EQ(irq_domain_alloc_irqs(d, 4, -1, NULL), -EIO);
		check_nothing_left(&fx, live, first_free);
	}
	/* More lines than the parent has: refused whole; exactly all: fine. */
	CHECK_EQ(irq_domain_alloc_irqs(d, LINES_COUNT + 1, -1, NULL), -ENOSPC);
	check_nothing_left(&fx, sim_alloc_live(), first_free);
	irq = irq_domain_alloc_irqs(d, LINES_COUNT, -1, NULL);
	CHECK_EQ(irq, (int)first_free);
	CHECK_EQ(simpic_hier_free(fx.pic), 0);
	CHECK_EQ(irq_domain_alloc_irqs(d, 1, -1, NULL), -ENOSPC);
	CHECK_EQ(irq_domain_free_irqs((unsigned int)irq, LINES_COUNT), 0);
	CHECK_EQ(simpic_hier_free(fx.pic), LINES_COUNT);
}

TEST(bottom_level_never_hands_out_a_mapped_line)
{
	struct fixture fx;
	struct irq_domain *d = child_init(&fx, 1, SIMPIC_FASTEOI);
	int flat, irq;

	flat = simpic_map(fx.pic, LINES_FIRST, IRQ_TYPE_EDGE_RISING);
	CHECK(flat >= 0);
	irq = irq_domain_alloc_irqs(d, 1, -1, NULL);
	CHECK(irq >= 0);
	CHECK_EQ(irq_get_irq_data((unsigned int)irq)->parent_data->hwirq, LINES_FIRST + 1);
	CHECK_EQ(irq_find_mapping(simpic_domain(fx.pic), LINES_FIRST), flat);
}

TEST(activation_failure_leaves_the_line_inactive)
{
	struct fixture fx;
	struct irq_domain *d = child_init(&fx, 1, SIMPIC_FASTEOI);
	int irq = irq_domain_alloc_irqs(d, 1, -1, NULL);

	CHECK(irq >= 0);
	child.activate_ret = -ENOSPC;
	CHECK_EQ(irq_domain_activate_irq(irq_get_irq_data((unsigned int)irq), false), -ENOSPC);
	CHECK(!irq_domain_is_activated((unsigned int)irq));
	child.activate_ret = 0;
	CHECK_EQ(irq_domain_activate_irq(irq_get_irq_data((unsigned int)irq), false), 0);
	irq_domain_deactivate_irq(irq_get_irq_data((unsigned int)irq));
	CHECK(!irq_domain_is_activated((unsigned int)irq));
	CHECK_EQ(child.activated, 0);
	/* Only the outermost data of a hierarchical line activates. */
	CHECK_EQ(irq_domain_activate_irq(irq_get_irq_data((unsigned int)irq)->parent_data, false),
		 -EINVAL);
	CHECK_EQ(irq_domain_activate_irq(NULL, false), -EINVAL);
}

TEST(affinity_goes_down_to_the_parent_and_comes_back_effective)
{
	struct fixture fx;
	struct irq_domain *d = child_init(&fx, 2, SIMPIC_FASTEOI);
	struct simpic_line_stats s;
	struct irq_cpumask one, eff;
	int irq = irq_domain_alloc_irqs(d, 1, -1, NULL);

	CHECK(irq >= 0);
	CHECK_EQ(request_irq((unsigned int)irq, count_handler, 0, "child", &calls[1]), 0);
	cpumask_clear(&one);
	cpumask_set_cpu(1, &one);
	CHECK_EQ(irq_set_affinity((unsigned int)irq, &one), 0);
	simpic_line_stats(fx.pic, irq_get_irq_data((unsigned int)irq)->parent_data->hwirq, &s);
	CHECK_EQ(s.route, 1);
	CHECK_EQ(irq_get_effective_affinity((unsigned int)irq, &eff), 0);
	CHECK(cpumask_equal(&eff, &one));
	simpic_raise(fx.pic, irq_get_irq_data((unsigned int)irq)->parent_data->hwirq);
	CHECK_EQ(sim_run(1), 1);
	CHECK_EQ(irq_stat_cpu((unsigned int)irq, 1), 1);
}

TEST(free_refuses_lines_in_use_and_reallocation_reuses_everything)
{
	struct fixture fx;
	struct irq_domain *d = child_init(&fx, 1, SIMPIC_FASTEOI);
	long live = sim_alloc_live();
	int irq, first = -1;

	for (int round = 0; round < 4; round++) {
		irq = irq_domain_alloc_irqs(d, 8, -1, NULL);
		CHECK(irq >= 0);
		if (first < 0)
			first = irq;
		CHECK_EQ(irq, first);
		CHECK_EQ(request_irq((unsigned int)irq + 7, count_handler, 0, "c", &calls[7]), 0);
		sim_console_clear();
		CHECK_EQ(irq_domain_free_irqs((unsigned int)irq, 8), -EBUSY);
		CHECK(sim_console_contains("is in use, nothing freed"));
		CHECK_EQ(irq_free_descs((unsigned int)irq, 8), -EBUSY);
		CHECK_EQ(irq_dispose_mapping((unsigned int)irq + 7), -EBUSY);
		CHECK_EQ(child.held, 8);
		free_irq((unsigned int)irq + 7, &calls[7]);
		/* A range must be of one domain's lines. */
		CHECK_EQ(irq_domain_free_irqs((unsigned int)irq, 9), -EINVAL);
		CHECK_EQ(irq_dispose_mapping((unsigned int)irq + 7), 0);	/* one line */
		CHECK_EQ(irq_domain_free_irqs((unsigned int)irq, 7), 0);
		CHECK_EQ(sim_alloc_live(), live);
		CHECK_EQ(child.held, 0);
		CHECK_EQ(simpic_hier_free(fx.pic), LINES_COUNT);
	}
	CHECK_EQ(irq_domain_free_irqs(5000, 1), -EINVAL);
	irq = simpic_map(fx.pic, 2, IRQ_TYPE_EDGE_RISING);
	CHECK_EQ(irq_domain_free_irqs((unsigned int)irq, 1), -EINVAL);	/* a flat line */
	CHECK_EQ(irq_dispose_mapping((unsigned int)irq), 0);
	CHECK_EQ(irq_domain_free_irqs(0, 0), -EINVAL);
}

TEST(hierarchy_creation_refuses_what_cannot_work)
{
	static const struct irq_domain_ops no_alloc = { 0 };
	struct fixture fx;
	struct irq_domain *d = child_init(&fx, 1, SIMPIC_FASTEOI);
	struct irq_domain *flat = irq_domain_create_linear("flat", 4, &child_eoi_chip, NULL);

	CHECK(irq_domain_get_parent(d) == simpic_domain(fx.pic));
	CHECK(irq_domain_host_data(d) == &child);
	CHECK(irq_domain_create_hierarchy(NULL, "x", 0, &no_alloc, NULL) == NULL);
	CHECK(irq_domain_create_hierarchy(flat, "x", 0, &child_ops, NULL) == NULL);
	CHECK_EQ(irq_domain_alloc_irqs(flat, 1, -1, NULL), -EINVAL);
	CHECK_EQ(irq_domain_alloc_irqs(d, 0, -1, NULL), -EINVAL);
	CHECK_EQ(simpic_enable_hierarchy(fx.pic, LINES_FIRST, LINES_COUNT), -EBUSY);
	CHECK_EQ(irq_domain_set_hierarchy_ops(flat, &no_alloc, NULL), -EINVAL);
}

TEST(fwspec_mapping_on_the_bottom_level_is_idempotent_and_disposable)
{
	struct fixture fx;
	struct irq_fwspec fw = { .param_count = 2, .param = { 5, IRQ_TYPE_LEVEL_HIGH } };
	struct dev d;
	long live;
	int irq;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	CHECK_EQ(irq_create_fwspec_mapping(simpic_domain(fx.pic), &fw), -EINVAL);	/* no ops yet */
	CHECK_EQ(simpic_enable_hierarchy(fx.pic, LINES_FIRST, LINES_COUNT), 0);
	live = sim_alloc_live();
	irq = irq_create_fwspec_mapping(simpic_domain(fx.pic), &fw);
	CHECK(irq >= 0);
	CHECK_EQ(irq_create_fwspec_mapping(simpic_domain(fx.pic), &fw), irq);
	CHECK_EQ(irq_find_mapping(simpic_domain(fx.pic), 5), irq);
	CHECK(irq_get_irq_data((unsigned int)irq)->parent_data == NULL);
	CHECK_EQ(irq_get_irq_data((unsigned int)irq)->trigger, IRQ_TYPE_LEVEL_HIGH);
	memset(&d, 0, sizeof(d));
	d.fx = &fx;
	d.hw = 5;
	d.level = true;
	d.irq = irq;
	CHECK_EQ(dev_request(&d, 0, "fw"), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
	CHECK_EQ(irq_dispose_mapping((unsigned int)irq), -EBUSY);
	free_irq((unsigned int)irq, &d);
	CHECK_EQ(irq_dispose_mapping((unsigned int)irq), 0);
	CHECK_EQ(irq_find_mapping(simpic_domain(fx.pic), 5), -ENOENT);
	CHECK_EQ(sim_alloc_live(), live);
}

/* Lines at given numbers (the ISA convention of an IO-APIC): exact or refused. */
TEST(allocation_at_given_numbers_is_exact_or_refused_whole)
{
	struct fixture fx;
	struct irq_domain *d = child_init(&fx, 1, SIMPIC_FASTEOI);
	unsigned int base = lowest_free() + 10;
	long live = sim_alloc_live();
	int taken, irq;

	/* Any range still works through the old call and through -1. */
	irq = irq_domain_alloc_irqs_at(d, -1, 2, -1, NULL);
	CHECK(irq >= 0 && irq < (int)base);
	CHECK_EQ(irq_domain_free_irqs((unsigned int)irq, 2), 0);
	irq = irq_domain_alloc_irqs_at(d, (int)base, 3, -1, NULL);
	CHECK_EQ(irq, (int)base);
	for (unsigned int i = 0; i < 3; i++) {
		CHECK(irq_get_irq_data(base + i)->domain == d);
		CHECK(irq_get_irq_data(base + i)->parent_data != NULL);
	}
	CHECK_EQ(child.held, 3);
	CHECK_EQ(simpic_hier_free(fx.pic), LINES_COUNT - 3);
	/* A number of the range is taken: refused whole, reported, nothing changed. */
	taken = irq_alloc_descs((int)base + 5, 1);
	CHECK_EQ(taken, (int)base + 5);
	sim_console_clear();
	CHECK_EQ(irq_domain_alloc_irqs_at(d, (int)base + 2, 2, -1, NULL), -EBUSY);
	CHECK(sim_console_contains("unavailable"));
	CHECK_EQ(irq_domain_alloc_irqs_at(d, (int)base + 3, 3, -1, NULL), -EBUSY);
	CHECK(irq_to_desc(base + 3) == NULL && irq_to_desc(base + 4) == NULL);
	CHECK_EQ(child.held, 3);
	CHECK_EQ(simpic_hier_free(fx.pic), LINES_COUNT - 3);
	CHECK(irq_get_irq_data(base + 2)->domain == d);		/* the holder keeps it */
	/* Bad bases. */
	CHECK_EQ(irq_domain_alloc_irqs_at(d, -2, 1, -1, NULL), -EINVAL);
	CHECK_EQ(irq_domain_alloc_irqs_at(d, (int)irq_nr_irqs(), 1, -1, NULL), -EINVAL);
	CHECK_EQ(irq_domain_alloc_irqs_at(d, (int)base + 3, 0, -1, NULL), -EINVAL);
	CHECK_EQ(irq_free_descs((unsigned int)taken, 1), 0);
	CHECK_EQ(irq_domain_free_irqs(base, 3), 0);
	CHECK_EQ(sim_alloc_live(), live);
	CHECK_EQ(simpic_hier_free(fx.pic), LINES_COUNT);
}

/* A failure at either level at a given number: the number is free again. */
TEST(allocation_at_given_numbers_rolls_back_at_each_level)
{
	struct fixture fx;
	struct irq_domain *d = child_init(&fx, 1, SIMPIC_FASTEOI);
	unsigned int base = lowest_free() + 4;

	for (unsigned int k = 1; k <= 2; k++) {
		long live = sim_alloc_live();

		simpic_fail_alloc_at(fx.pic, k);
		CHECK_EQ(irq_domain_alloc_irqs_at(d, (int)base, 2, -1, NULL), -ENOSPC);
		simpic_fail_alloc_at(fx.pic, 0);
		CHECK_EQ(sim_alloc_live(), live);
		CHECK(irq_to_desc(base) == NULL && irq_to_desc(base + 1) == NULL);
		child.fail_at = k;
		CHECK_EQ(irq_domain_alloc_irqs_at(d, (int)base, 2, -1, NULL), -EIO);
		CHECK_EQ(sim_alloc_live(), live);
		CHECK_EQ(child.held, 0);
		CHECK_EQ(simpic_hier_free(fx.pic), LINES_COUNT);
		CHECK(irq_to_desc(base) == NULL && irq_to_desc(base + 1) == NULL);
	}
	CHECK_EQ(irq_domain_alloc_irqs_at(d, (int)base, 2, -1, NULL), (int)base);
	CHECK_EQ(irq_domain_free_irqs(base, 2), 0);
}

/*
 * As Linux's request_irq() and free_irq(): the first handler activates a
 * line not yet active, the last one's free_irq() deactivates it (what
 * activation took, a vector, goes back), and a new request activates it
 * again.
 */
TEST(first_request_activates_a_hierarchical_line)
{
	struct fixture fx;
	struct irq_domain *d = child_init(&fx, 1, SIMPIC_FASTEOI);
	int irq = irq_domain_alloc_irqs(d, 1, -1, NULL);

	CHECK(irq >= 0);
	CHECK(!irq_domain_is_activated((unsigned int)irq));
	child.activate_ret = -ENOSPC;
	sim_console_clear();
	CHECK_EQ(request_irq((unsigned int)irq, count_handler, 0, "c", &calls[2]), -ENOSPC);
	CHECK(sim_console_contains("activation failed"));
	CHECK(!irq_domain_is_activated((unsigned int)irq));
	child.activate_ret = 0;
	CHECK_EQ(request_irq((unsigned int)irq, count_handler, 0, "c", &calls[2]), 0);
	CHECK(irq_domain_is_activated((unsigned int)irq));
	CHECK_EQ(child.activated, 1);
	simpic_raise(fx.pic, irq_get_irq_data((unsigned int)irq)->parent_data->hwirq);
	CHECK_EQ(atomic_load(&calls[2]), 1);
	CHECK_EQ(request_irq((unsigned int)irq, count_handler, IRQF_SHARED, "c", &calls[3]), -EBUSY);
	CHECK_EQ(child.activated, 1);			/* a refused request changes nothing */
	free_irq((unsigned int)irq, &calls[2]);
	CHECK(!irq_domain_is_activated((unsigned int)irq));
	CHECK_EQ(child.activated, 0);
	CHECK_EQ(request_irq((unsigned int)irq, count_handler, IRQF_SHARED, "c", &calls[2]), 0);
	CHECK_EQ(request_irq((unsigned int)irq, count_handler, IRQF_SHARED, "d", &calls[3]), 0);
	CHECK(irq_domain_is_activated((unsigned int)irq));
	CHECK_EQ(child.activated, 1);
	simpic_raise(fx.pic, irq_get_irq_data((unsigned int)irq)->parent_data->hwirq);
	CHECK_EQ(atomic_load(&calls[2]), 2);
	CHECK_EQ(atomic_load(&calls[3]), 1);
	free_irq((unsigned int)irq, &calls[2]);		/* not the last: stays active */
	CHECK(irq_domain_is_activated((unsigned int)irq) && child.activated == 1);
	free_irq((unsigned int)irq, &calls[3]);
	CHECK(!irq_domain_is_activated((unsigned int)irq));
	CHECK_EQ(child.activated, 0);
	CHECK_EQ(irq_domain_free_irqs((unsigned int)irq, 1), 0);
	CHECK_EQ(child.activated, 0);
}

/*
 * Autoprobe starts the lines nobody requested: a hierarchical one is
 * activated for the probe (it holds no target while unrequested) and
 * deactivated again when the probe stops it, as Linux's probe_irq_on()
 * and probe_irq_off() do.
 */
TEST(autoprobe_activates_a_hierarchical_line_for_the_probe)
{
	struct fixture fx;
	struct irq_domain *d = child_init(&fx, 1, SIMPIC_FASTEOI);
	int irq = irq_domain_alloc_irqs(d, 1, -1, NULL);
	unsigned long mask;

	CHECK(irq >= 0);
	CHECK(!irq_domain_is_activated((unsigned int)irq));
	mask = probe_irq_on();
	(void)mask;
	CHECK(irq_domain_is_activated((unsigned int)irq));
	CHECK_EQ(child.activated, 1);
	simpic_raise(fx.pic, irq_get_irq_data((unsigned int)irq)->parent_data->hwirq);
	CHECK_EQ(probe_irq_off(mask), irq);
	CHECK(!irq_domain_is_activated((unsigned int)irq));
	CHECK_EQ(child.activated, 0);
	CHECK_EQ(irq_domain_free_irqs((unsigned int)irq, 1), 0);
}

/*
 * irq_domain_free_irqs() is all or nothing. A request_irq() that lands
 * after the free found the lines unused (here: from ops->free, under the
 * domain lock, as another CPU's request could land at that point) is
 * refused, since the lines are dying from the check on: the free goes
 * through and leaves nothing. (Before, the request succeeded, and the free
 * took the line apart under its live handler, then said -EBUSY.)
 */
static int late_request_ret = 1;
static unsigned int late_target;

static void request_during_free(unsigned int virq, unsigned int nr)
{
	(void)virq;
	(void)nr;
	late_request_ret = request_irq(late_target, count_handler, 0, "late", &calls[8]);
}

TEST(a_request_that_lands_while_lines_are_freed_is_refused_and_the_free_completes)
{
	struct fixture fx;
	struct irq_domain *d = child_init(&fx, 1, SIMPIC_FASTEOI);
	long live = sim_alloc_live();
	irq_hw_number_t hw;
	int irq;

	irq = irq_domain_alloc_irqs(d, 4, -1, NULL);
	CHECK(irq >= 0);
	late_target = (unsigned int)irq + 2;
	hw = irq_get_irq_data(late_target)->parent_data->hwirq;
	CHECK_EQ(request_irq(late_target, count_handler, 0, "early", &calls[9]), 0);
	free_irq(late_target, &calls[9]);		/* used once: activated, deactivated */
	child.on_free = request_during_free;
	CHECK_EQ(irq_domain_free_irqs((unsigned int)irq, 4), 0);
	child.on_free = NULL;
	CHECK_EQ(late_request_ret, -ENOSYS);
	CHECK_EQ(child.held, 0);
	CHECK_EQ(child.activated, 0);
	CHECK_EQ(simpic_hier_free(fx.pic), LINES_COUNT);
	CHECK_EQ(irq_find_mapping(simpic_domain(fx.pic), hw), -ENOENT);
	for (unsigned int i = 0; i < 4; i++)
		CHECK(irq_to_desc((unsigned int)irq + i) == NULL);
	CHECK_EQ(sim_alloc_live(), live);
	/* The PIC line, handed out again, is a new line's; nothing runs the old handler. */
	irq = irq_domain_alloc_irqs(d, 4, -1, NULL);
	CHECK(irq >= 0);
	simpic_raise(fx.pic, hw);
	CHECK_EQ(atomic_load(&calls[8]), 0);
	CHECK_EQ(irq_domain_free_irqs((unsigned int)irq, 4), 0);
}

/*
 * A refused free changes nothing: the lines it checked before the one in
 * use are not left dying (they can still be requested and work), every
 * level, mapping and activation stands.
 */
TEST(a_refused_free_leaves_every_line_as_it_was)
{
	struct fixture fx;
	struct irq_domain *d = child_init(&fx, 1, SIMPIC_FASTEOI);
	struct irq_data *pic[4];
	int irq = irq_domain_alloc_irqs(d, 4, -1, NULL);

	CHECK(irq >= 0);
	for (unsigned int i = 0; i < 4; i++)
		pic[i] = irq_get_irq_data((unsigned int)irq + i)->parent_data;
	CHECK_EQ(request_irq((unsigned int)irq + 3, count_handler, 0, "last", &calls[13]), 0);
	sim_console_clear();
	CHECK_EQ(irq_domain_free_irqs((unsigned int)irq, 4), -EBUSY);
	CHECK(sim_console_contains("is in use, nothing freed"));
	CHECK(irq_domain_is_activated((unsigned int)irq + 3));
	CHECK_EQ(child.held, 4);
	CHECK_EQ(child.activated, 1);
	for (unsigned int i = 0; i < 4; i++) {
		CHECK(irq_domain_get_irq_data(simpic_domain(fx.pic), (unsigned int)irq + i) == pic[i]);
		CHECK_EQ(irq_find_mapping(simpic_domain(fx.pic), pic[i]->hwirq), irq + (int)i);
		CHECK(irq_get_irq_data((unsigned int)irq + i)->chip == &child_eoi_chip);
	}
	/* The lines checked before the busy one are not left dying. */
	for (unsigned int i = 0; i < 3; i++) {
		CHECK_EQ(request_irq((unsigned int)irq + i, count_handler, 0, "c", &calls[10 + i]), 0);
		simpic_raise(fx.pic, pic[i]->hwirq);
		CHECK_EQ(atomic_load(&calls[10 + i]), 1);
		free_irq((unsigned int)irq + i, &calls[10 + i]);
	}
	simpic_raise(fx.pic, pic[3]->hwirq);
	CHECK_EQ(atomic_load(&calls[13]), 1);
	free_irq((unsigned int)irq + 3, &calls[13]);
	CHECK_EQ(irq_domain_free_irqs((unsigned int)irq, 4), 0);
	CHECK_EQ(simpic_hier_free(fx.pic), LINES_COUNT);
}

/*
 * Affinity down a chain whose bottom level cannot route: the helper says
 * -ENOSYS (as Linux's), and changes nothing; irq_set_affinity() and the
 * /proc smp_affinity write say -EIO, the answer for a line that cannot be
 * routed, whether the chain is the helper's alone (seen before the mask
 * is judged) or a chip of its own that forwards to it (the MSI chip's way).
 */
static const struct irq_chip fixed_chip = { .name = "fixed", .eoi = NULL };

static int fwd_set_affinity(struct irq_data *d, const struct irq_cpumask *dest)
{
	return irq_chip_set_affinity_parent(d, dest);
}

static const struct irq_chip helper_chip = {
	.name = "helper", .set_affinity = irq_chip_set_affinity_parent,
};
static const struct irq_chip fwd_chip = { .name = "fwd", .set_affinity = fwd_set_affinity };

static int fixed_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr, void *arg)
{
	(void)arg;
	for (unsigned int i = 0; i < nr; i++)
		irq_domain_set_hwirq_and_chip(d, virq + i, virq + i, &fixed_chip, NULL);
	return 0;
}

static int over_fixed_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr, void *arg)
{
	for (unsigned int i = 0; i < nr; i++)
		irq_domain_set_hwirq_and_chip(d, virq + i, 0, arg, NULL);
	return 0;
}

TEST(affinity_through_a_parent_that_cannot_route_is_enosys_from_the_helper_eio_above)
{
	static const struct irq_domain_ops root_ops = { .alloc = fixed_alloc };
	static const struct irq_domain_ops top_ops = { .alloc = over_fixed_alloc };
	static const struct irq_chip *const chips[] = { &helper_chip, &fwd_chip };
	struct irq_domain *root, *top;
	struct irq_cpumask one, all, eff, before;
	struct fixture fx;
	char path[64], buf[32];

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	root = irq_domain_create_hierarchy(NULL, "fixed", 64, &root_ops, NULL);
	top = irq_domain_create_hierarchy(root, "top", 0, &top_ops, NULL);
	CHECK(root != NULL && top != NULL);
	cpumask_clear(&one);
	cpumask_set_cpu(1, &one);
	cpumask_clear(&all);
	cpumask_set_cpu(0, &all);
	cpumask_set_cpu(1, &all);
	for (unsigned int c = 0; c < 2; c++) {
		int irq = irq_domain_alloc_irqs(top, 1, -1, (void *)chips[c]);
		struct irq_data *d;

		CHECK(irq >= 0);
		d = irq_get_irq_data((unsigned int)irq);
		CHECK_EQ(request_irq((unsigned int)irq, count_handler, 0, "x", &calls[20 + c]), 0);
		before = d->effective;
		/* The helper: -ENOSYS, and nothing changed. */
		CHECK_EQ(irq_chip_set_affinity_parent(d, &one), -ENOSYS);
		CHECK(cpumask_equal(&d->effective, &before));
		/* The verb: -EIO, the documented answer; nothing changed. */
		CHECK_EQ(irq_set_affinity((unsigned int)irq, &one), -EIO);
		CHECK_EQ(irq_get_affinity((unsigned int)irq, &eff), 0);
		CHECK(cpumask_equal(&eff, &all));
		CHECK(cpumask_equal(&d->effective, &before));
		/* The /proc file: the same, in both forms. */
		snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity", irq);
		CHECK_EQ(irq_proc_write(path, "2", 1), -EIO);
		CHECK_EQ(irq_proc_read(path, buf, sizeof(buf)), 2);
		CHECK_STR(buf, "3\n");
		snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity_list", irq);
		CHECK_EQ(irq_proc_write(path, "1", 1), -EIO);
		/* A chain of the helper alone is known not to route before the
		 * mask is judged against the online CPUs; a CPU the machine
		 * lacks is the caller's mistake, said first. */
		if (chips[c] == &helper_chip) {
			struct irq_cpumask offline;

			cpumask_clear(&offline);
			cpumask_set_cpu(1, &offline);
			irq_cpu_set_online(1, false);
			CHECK_EQ(irq_set_affinity((unsigned int)irq, &offline), -EIO);
			irq_cpu_set_online(1, true);
			cpumask_clear(&offline);
			cpumask_set_cpu(3, &offline);
			CHECK_EQ(irq_set_affinity((unsigned int)irq, &offline), -EINVAL);
		}
		free_irq((unsigned int)irq, &calls[20 + c]);
		CHECK_EQ(irq_domain_free_irqs((unsigned int)irq, 1), 0);
	}
	/* A line of no hierarchy: no parent level, -ENOSYS too. */
	{
		struct dev dv;

		dev_init(&dv, &fx, 3, false);
		CHECK_EQ(irq_chip_set_affinity_parent(irq_get_irq_data((unsigned int)dv.irq), &one),
			 -ENOSYS);
	}
}

// SPDX-License-Identifier: MIT
/* Irq domains: linear and legacy maps, several controllers, cascades. */
#include <sched.h>
#include <genirq/irqdomain.h>
#include <genirq/compat.h>
#include "fixture.h"

TEST(linear_domain_maps_lazily_from_lowest_free_number)
{
	struct fixture fx;
	struct simpic *second;
	int a, b, c;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	a = simpic_map(fx.pic, 17, IRQ_TYPE_EDGE_RISING);
	second = simpic_create("second", 8, SIMPIC_ACK);
	CHECK(second != NULL);
	b = simpic_map(second, 3, IRQ_TYPE_LEVEL_HIGH);
	c = simpic_map(fx.pic, 17, IRQ_TYPE_EDGE_RISING);
	CHECK_EQ(a, 0);
	CHECK_EQ(b, 1);
	CHECK_EQ(c, a);					/* mapping is idempotent */
	CHECK_EQ(irq_find_mapping(simpic_domain(fx.pic), 17), 0);
	CHECK_EQ(irq_find_mapping(simpic_domain(second), 3), 1);
	CHECK_EQ(irq_find_mapping(simpic_domain(second), 4), -ENOENT);
	CHECK_EQ(irq_find_mapping(simpic_domain(second), 800), -ENOENT);
	CHECK_EQ(irq_create_mapping(simpic_domain(second), 8), -EINVAL);
	CHECK_EQ(irq_get_irq_data(1)->hwirq, 3);
	CHECK_STR(irq_domain_name(simpic_domain(second)), "second");
}

TEST(legacy_domain_fixes_numbers_and_refuses_taken_ranges)
{
	static const struct irq_chip chip = { .name = "legacy", .mask = NULL };
	struct fixture fx;
	struct irq_domain *d;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	d = irq_domain_create_legacy("isa", 16, 100, 0, &chip, NULL);
	CHECK(d != NULL);
	CHECK_EQ(irq_find_mapping(d, 0), 100);
	CHECK_EQ(irq_find_mapping(d, 15), 115);
	CHECK_EQ(irq_get_irq_data(104)->hwirq, 4);
	CHECK(irq_domain_create_legacy("isa2", 4, 110, 0, &chip, NULL) == NULL);
	CHECK(sim_console_contains("domain isa2: irqs 110-113 unavailable"));
	CHECK(irq_domain_create_linear("bad", 0, &chip, NULL) == NULL);
	CHECK(irq_domain_create_linear("bad", 4, NULL, NULL) == NULL);
}

TEST(domain_creation_out_of_memory_leaves_nothing)
{
	static const struct irq_chip chip = { .name = "c" };
	struct fixture fx;
	long live;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	for (unsigned long k = 1; k <= 4; k++) {
		live = sim_alloc_live();
		sim_alloc_fail_at(k);
		if (irq_domain_create_legacy("x", 4, 200, 0, &chip, NULL) == NULL) {
			CHECK_EQ(sim_alloc_live(), live);
			CHECK(irq_to_desc(200) == NULL);
		}
		sim_alloc_fail_at(0);
	}
}

/* A cascade: a second controller's output is one line of the first. */
struct cascade {
	struct simpic	*parent, *child;
	irq_hw_number_t	parent_hw;
	unsigned int	runs;
};

static void cascade_flow(struct irq_desc *desc)
{
	struct cascade *c = irq_desc_get_handler_data(desc);
	unsigned int cpu = 0;
	irq_hw_number_t hw;

	c->runs++;
	/* Read the child like hardware: its IACK, then dispatch through its domain. */
	while ((hw = simpic_iack(c->child, cpu)) != SIMPIC_SPURIOUS)
		generic_handle_domain_irq(simpic_domain(c->child), hw);
	/* The child's output follows its pending lines: now low. */
	simpic_lower(c->parent, c->parent_hw);
	irq_get_irq_data(irq_desc_get_irq(desc))->chip->eoi(irq_desc_get_irq_data(desc));
}

TEST(chained_handler_demultiplexes_a_child_controller)
{
	struct fixture fx;
	struct cascade c;
	struct dev d;
	int parent;
	char buf[1024];

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	c.child = simpic_create("child", 8, SIMPIC_ACK);
	c.parent = fx.pic;
	c.parent_hw = 2;
	c.runs = 0;
	parent = simpic_map(fx.pic, 2, IRQ_TYPE_LEVEL_HIGH);
	CHECK_EQ(irq_set_chained_handler((unsigned int)parent, cascade_flow, &c), 0);
	CHECK_EQ(request_irq((unsigned int)parent, dev_handler, 0, "x", &c), -EINVAL);
	CHECK_EQ(can_request_irq((unsigned int)parent, 0), 0);
	memset(&d, 0, sizeof(d));
	d.fx = &fx;
	d.hw = 5;
	d.irq = simpic_map(c.child, 5, IRQ_TYPE_EDGE_RISING);
	CHECK(d.irq > parent);
	CHECK_EQ(dev_request(&d, 0, "behind-cascade"), 0);
	/* Child raises; its output asserts the parent's level line. */
	atomic_fetch_add(&d.want, 1);
	simpic_raise(c.child, 5);
	simpic_raise(fx.pic, 2);
	CHECK_EQ(c.runs, 1);
	CHECK_EQ(atomic_load(&d.handled), 1);
	CHECK_EQ(irq_stat_total((unsigned int)d.irq), 1);
	CHECK(irq_proc_read("/proc/interrupts", buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "(cascade)") != NULL);
	CHECK(strstr(buf, "behind-cascade") != NULL);
}

TEST(descriptor_memory_grows_with_lines_in_use)
{
	struct fixture fx;
	long base, after;
	int irq;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	base = sim_alloc_live();
	irq = irq_alloc_descs(8000, 4);
	CHECK_EQ(irq, 8000);
	after = sim_alloc_live();
	/* One group (leaf + counters) and four descriptors, not 8,192 of them. */
	CHECK_EQ(after - base, 2 + 4);
	CHECK_EQ(irq_alloc_descs(8001, 1), -EBUSY);
	CHECK_EQ(irq_alloc_descs(8190, 4), -EINVAL);
	CHECK_EQ(irq_alloc_descs(-1, 0), -EINVAL);
	CHECK_EQ(irq_alloc_descs(-5, 1), -EINVAL);
	irq_free_descs(8000, 4);
	CHECK_EQ(sim_alloc_live(), base);
	CHECK(irq_to_desc(8000) == NULL);
}

TEST(descriptor_allocation_failure_at_every_point_leaves_nothing)
{
	struct fixture fx;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	for (unsigned long k = 1; k <= 6; k++) {
		long live = sim_alloc_live();
		int irq;

		sim_alloc_fail_at(k);
		irq = irq_alloc_descs(4096, 3);
		sim_alloc_fail_at(0);
		if (irq < 0) {
			CHECK_EQ(irq, -ENOMEM);
			CHECK_EQ(sim_alloc_live(), live);
			CHECK(irq_to_desc(4096) == NULL);
			CHECK(irq_to_desc(4098) == NULL);
		} else {
			irq_free_descs(4096, 3);
			CHECK_EQ(sim_alloc_live(), live);
		}
	}
}

/*
 * A range over four groups of 64 numbers: the first already has a leaf
 * (4100 is taken), the other three get theirs in this call. A failure at
 * any of its allocations leaves nothing and shows nothing; once it
 * succeeds, every number in the range is taken and each is freed again.
 */
TEST(descriptor_range_over_new_and_existing_groups_fails_whole)
{
	struct fixture fx;
	long base;
	bool made = false;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	CHECK_EQ(irq_alloc_descs(4100, 1), 4100);
	base = sim_alloc_live();
	for (unsigned long k = 1; !made; k++) {
		int irq;

		sim_alloc_fail_at(k);
		irq = irq_alloc_descs(4101, 200);
		sim_alloc_fail_at(0);
		made = irq >= 0;
		if (!made) {
			CHECK_EQ(irq, -ENOMEM);
			CHECK_EQ(sim_alloc_live(), base);
			CHECK(irq_to_desc(4101) == NULL);
			CHECK(irq_to_desc(4224) == NULL);
			CHECK(irq_to_desc(4300) == NULL);
			continue;
		}
		/* Three leaves with their counters, and 200 descriptors. */
		CHECK_EQ(k, 3 * 2 + 200 + 1);
		CHECK_EQ(sim_alloc_live() - base, 3 * 2 + 200);
		CHECK(irq_to_desc(4101) != NULL && irq_to_desc(4300) != NULL);
		CHECK_EQ(irq_alloc_descs(4223, 1), -EBUSY);
		CHECK_EQ(irq_alloc_descs(4300, 2), -EBUSY);
		CHECK_EQ(irq_alloc_descs(4301, 1), 4301);
		CHECK_EQ(irq_free_descs(4101, 201), 0);
		CHECK_EQ(sim_alloc_live(), base);
		CHECK(irq_to_desc(4160) == NULL);
		CHECK(irq_to_desc(4100) != NULL);
		/* Every number is free again: the range can be made again. */
		CHECK_EQ(irq_alloc_descs(4101, 200), 4101);
		CHECK_EQ(irq_free_descs(4101, 200), 0);
		CHECK_EQ(sim_alloc_live(), base);
	}
}

TEST(free_descs_keeps_lines_in_use)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 1, false);
	CHECK_EQ(dev_request(&d, 0, "busy"), 0);
	irq_free_descs((unsigned int)d.irq, 1);
	CHECK(sim_console_contains("still in use"));
	CHECK(irq_to_desc((unsigned int)d.irq) != NULL);
}

TEST(core_init_checks_capacity)
{
	CHECK_EQ(irq_core_init(0), -EINVAL);
	CHECK_EQ(irq_core_init(GENIRQ_MAX_IRQS + 1), -EINVAL);
	CHECK_EQ(irq_core_init(GENIRQ_MAX_IRQS), 0);
	CHECK_EQ(irq_nr_irqs(), GENIRQ_MAX_IRQS);
	CHECK_EQ(sim_init(0, 16), -EINVAL);
	CHECK_EQ(sim_init(GENIRQ_NR_CPUS + 1, 16), -EINVAL);
}

/*
 * Requests and frees on CPU 1 against one irq_dispose_mapping() on CPU 2,
 * of a flat line and of a hierarchical one (irq_domain_free_irqs()): the
 * free either goes through (no line left, every later request refused)
 * or is refused with the line whole (mapped, served, a handler runs);
 * never both half: refused after the line was taken apart.
 */
static atomic_int race_go, race_done, race_free, race_calls, race_held;
static unsigned int race_irq;

static irqreturn_t race_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	atomic_fetch_add(&race_calls, 1);
	return IRQ_HANDLED;
}

/* Request and free until the disposer is done; hold the line at the end if it got it. */
static void race_requester(void *arg)
{
	(void)arg;
	atomic_store(&race_held, 0);
	while (!atomic_load(&race_go))
		sched_yield();
	for (;;) {
		bool done = atomic_load(&race_done);

		if (request_irq(race_irq, race_handler, 0, "race", &race_calls) == 0) {
			if (done) {
				atomic_store(&race_held, 1);
				return;
			}
			free_irq(race_irq, &race_calls);
		} else if (done) {
			return;
		}
	}
}

static void race_disposer(void *arg)
{
	(void)arg;
	while (!atomic_load(&race_go))
		sched_yield();
	atomic_store(&race_free, irq_dispose_mapping(race_irq));
	atomic_store(&race_done, 1);
}

static void dispose_against_requests(bool hier)
{
	struct irq_fwspec fw = { .param_count = 2, .param = { 6, IRQ_TYPE_EDGE_RISING } };
	struct fixture fx;

	fx_init(&fx, 3, SIMPIC_FASTEOI);
	if (hier)
		CHECK_EQ(simpic_enable_hierarchy(fx.pic, 16, 16), 0);
	for (int round = 0; round < 100; round++) {
		int irq = hier ? irq_create_fwspec_mapping(simpic_domain(fx.pic), &fw) :
			  simpic_map(fx.pic, 6, IRQ_TYPE_EDGE_RISING);

		CHECK(irq >= 0);
		race_irq = (unsigned int)irq;
		atomic_store(&race_go, 0);
		atomic_store(&race_done, 0);
		atomic_store(&race_calls, 0);
		CHECK_EQ(sim_thread_start(1, race_requester, NULL), 0);
		CHECK_EQ(sim_thread_start(2, race_disposer, NULL), 0);
		atomic_store(&race_go, 1);
		sim_thread_join_all();
		sim_cpu_switch(0);
		if (atomic_load(&race_free) == 0) {
			CHECK_EQ(atomic_load(&race_held), 0);
			CHECK(irq_to_desc(race_irq) == NULL);
		} else {
			/* Refused: the line is whole, and the request after it got it. */
			CHECK_EQ(atomic_load(&race_free), -EBUSY);
			CHECK_EQ(atomic_load(&race_held), 1);
			CHECK_EQ(irq_find_mapping(simpic_domain(fx.pic), 6), irq);
			CHECK(strcmp(irq_get_irq_data(race_irq)->chip->name, "none") != 0);
			atomic_store(&race_calls, 0);
			simpic_raise(fx.pic, 6);
			sim_run(0);
			CHECK_EQ(atomic_load(&race_calls), 1);
			free_irq(race_irq, &race_calls);
			CHECK_EQ(irq_dispose_mapping(race_irq), 0);
		}
		CHECK_EQ(irq_find_mapping(simpic_domain(fx.pic), 6), -ENOENT);
	}
}

TEST(dispose_against_requests_of_a_flat_line_is_whole_or_refused_whole)
{
	dispose_against_requests(false);
}

TEST(dispose_against_requests_of_a_hierarchical_line_is_whole_or_refused_whole)
{
	dispose_against_requests(true);
}

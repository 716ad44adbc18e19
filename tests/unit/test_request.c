// SPDX-License-Identifier: MIT
/* request_irq / setup_irq / free_irq / can_request_irq: the error contract. */
#include <genirq/compat.h>
#include "fixture.h"

static irqreturn_t nop_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_NONE;
}

TEST(request_rejects_bad_line_handler_and_shared_without_dev_id)
{
	struct fixture fx;
	struct dev d;
	int cookie;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(request_irq(8192, nop_handler, 0, "x", &cookie), -EINVAL);
	CHECK_EQ(request_irq(100000, nop_handler, 0, "x", &cookie), -EINVAL);
	CHECK_EQ(request_irq((unsigned int)d.irq, NULL, 0, "x", &cookie), -EINVAL);
	CHECK_EQ(request_irq((unsigned int)d.irq, nop_handler, IRQF_SHARED, "x", NULL), -EINVAL);
	CHECK_EQ(request_irq((unsigned int)d.irq, nop_handler, 0x80000000UL, "x", &cookie), -EINVAL);
	/* Nothing was installed by any of them. */
	CHECK_EQ(can_request_irq((unsigned int)d.irq, 0), 1);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 1);
}

TEST(request_on_line_without_controller_is_enosys)
{
	struct fixture fx;
	int irq, cookie;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	irq = irq_alloc_descs(-1, 1);
	CHECK(irq >= 0);
	CHECK_EQ(request_irq((unsigned int)irq, nop_handler, 0, "x", &cookie), -ENOSYS);
	/* A number with no descriptor at all has no controller either. */
	CHECK_EQ(request_irq(4000, nop_handler, 0, "x", &cookie), -ENOSYS);
	CHECK_EQ(can_request_irq(4000, 0), 0);
}

TEST(request_enomem_leaves_state_unchanged)
{
	struct fixture fx;
	struct dev d;
	long live;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	live = sim_alloc_live();
	sim_alloc_fail_at(1);
	CHECK_EQ(dev_request(&d, 0, "dev"), -ENOMEM);
	CHECK_EQ(sim_alloc_live(), live);
	CHECK_EQ(can_request_irq((unsigned int)d.irq, 0), 1);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 1);
	sim_alloc_fail_at(0);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 0);
}

TEST(sharing_needs_both_sides_and_reports_the_clash)
{
	struct fixture fx;
	struct dev a, b;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 5, true);
	b = a;
	CHECK_EQ(dev_request(&a, IRQF_SHARED, "alpha"), 0);
	CHECK_EQ(dev_request(&b, 0, "beta"), -EBUSY);
	CHECK(sim_console_contains("\"beta\" (flags 0x0) can't share with \"alpha\" (flags 0x80, trigger 0x4)"));
	CHECK_EQ(can_request_irq((unsigned int)a.irq, 0), 0);
	CHECK_EQ(can_request_irq((unsigned int)a.irq, IRQF_SHARED), 1);
	CHECK_EQ(dev_request(&b, IRQF_SHARED, "beta"), 0);
	free_irq((unsigned int)a.irq, &a);
	free_irq((unsigned int)a.irq, &b);
	/* A line requested without IRQF_SHARED refuses a sharer. */
	CHECK_EQ(dev_request(&a, 0, "alpha"), 0);
	CHECK_EQ(dev_request(&b, IRQF_SHARED, "beta"), -EBUSY);
}

/* can_request_irq() answers as request_irq() does: sharers agree on IRQF_ONESHOT. */
TEST(can_request_irq_agrees_with_request_irq_on_oneshot_sharers)
{
	static const unsigned long asked[] = { IRQF_SHARED, IRQF_SHARED | IRQF_ONESHOT };
	struct fixture fx;
	struct dev a, b;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 6, true);
	b = a;
	CHECK_EQ(dev_request(&a, IRQF_SHARED | IRQF_ONESHOT, "alpha"), 0);
	for (unsigned int i = 0; i < sizeof(asked) / sizeof(asked[0]); i++) {
		int can = can_request_irq((unsigned int)a.irq, asked[i]);
		int ret = dev_request(&b, asked[i], "beta");

		CHECK_EQ(can, ret == 0);
		CHECK_EQ(can, (int)(i == 1));
		if (ret == 0)
			free_irq((unsigned int)a.irq, &b);
	}
	free_irq((unsigned int)a.irq, &a);
}

TEST(setup_irq_uses_caller_storage_without_allocating)
{
	static struct irqaction act = { .handler = nop_handler, .name = "static" };
	struct fixture fx;
	struct dev d;
	unsigned long before;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 2, false);
	act.dev_id = &d;
	before = sim_alloc_count();
	CHECK_EQ(setup_irq((unsigned int)d.irq, &act), 0);
	CHECK_EQ(sim_alloc_count(), before);
	CHECK_EQ(act.irq, (unsigned int)d.irq);
	free_irq((unsigned int)d.irq, &d);
	CHECK_EQ(sim_alloc_count(), before);
	CHECK_EQ(setup_irq((unsigned int)d.irq, NULL), -EINVAL);
}

TEST(free_of_unknown_dev_id_reports_and_changes_nothing)
{
	struct fixture fx;
	struct dev d;
	int other;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 4, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	free_irq((unsigned int)d.irq, &other);
	CHECK(sim_console_contains("free_irq of an unknown dev_id"));
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.handled), 1);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 0);
}

TEST(first_request_starts_line_last_free_shuts_it_down)
{
	struct fixture fx;
	struct dev a, b;
	struct simpic_line_stats s;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&a, &fx, 6, false);
	b = a;
	simpic_line_stats(fx.pic, 6, &s);
	CHECK(s.masked);
	CHECK_EQ(dev_request(&a, IRQF_SHARED, "a"), 0);
	simpic_line_stats(fx.pic, 6, &s);
	CHECK(!s.masked);
	CHECK_EQ(dev_request(&b, IRQF_SHARED, "b"), 0);
	free_irq((unsigned int)a.irq, &a);
	simpic_line_stats(fx.pic, 6, &s);
	CHECK(!s.masked);
	free_irq((unsigned int)a.irq, &b);
	simpic_line_stats(fx.pic, 6, &s);
	CHECK(s.masked);
	CHECK_EQ(irq_get_depth((unsigned int)a.irq), 1);
}

TEST(compat_flags_map_to_irqf)
{
	CHECK_EQ(SA_SHIRQ, IRQF_SHARED);
	CHECK_EQ(SA_INTERRUPT, IRQF_DISABLED);
	CHECK_EQ(SA_SAMPLE_RANDOM, IRQF_SAMPLE_RANDOM);
}

TEST(free_irq_from_interrupt_context_is_refused)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 4, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	irq_enter();
	free_irq((unsigned int)d.irq, &d);
	irq_exit();
	CHECK(sim_console_contains("free_irq from interrupt context refused"));
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.handled), 1);
}

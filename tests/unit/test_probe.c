// SPDX-License-Identifier: MIT
/* Autoprobe: probe_irq_on / probe_irq_off / probe_irq_mask. */
#include "fixture.h"

struct probe_plan {
	struct simpic	*pic;
	int		early_hw;	/* fires while probe_irq_on() watches for noise */
	int		device_hw[2];	/* fire when the driver pokes the device */
	int		calls;
};

static struct probe_plan plan;

static void on_delay(unsigned long us, void *ctx)
{
	struct probe_plan *p = ctx;

	(void)us;
	/* The second delay is the 100 ms in which noise shows itself. */
	if (p->calls++ == 1 && p->early_hw >= 0)
		simpic_raise(p->pic, (irq_hw_number_t)p->early_hw);
}

static void poke_device(struct probe_plan *p)
{
	for (int i = 0; i < 2; i++)
		if (p->device_hw[i] >= 0)
			simpic_raise(p->pic, (irq_hw_number_t)p->device_hw[i]);
}

static void setup(struct fixture *fx, int early, int dev0, int dev1)
{
	fx_init(fx, 1, SIMPIC_ACK);
	for (irq_hw_number_t hw = 0; hw < 16; hw++)
		CHECK_EQ(simpic_map(fx->pic, hw, IRQ_TYPE_EDGE_RISING), (int)hw);
	plan = (struct probe_plan){ fx->pic, early, { dev0, dev1 }, 0 };
	sim_set_delay_hook(on_delay, &plan);
}

TEST(probe_finds_the_line_the_device_fires)
{
	struct fixture fx;
	unsigned long mask;
	uint64_t t0;

	setup(&fx, -1, 4, -1);
	t0 = sim_time_ns();
	mask = probe_irq_on();
	/* Linux 2.6.9's two settling delays: 20 ms then 100 ms. */
	CHECK(sim_time_ns() - t0 >= 120ull * 1000 * 1000);
	CHECK(mask & (1UL << 4));
	poke_device(&plan);
	CHECK_EQ(probe_irq_off(mask), 4);
	/* Lines are shut down again afterwards. */
	{
		struct simpic_line_stats s;

		simpic_line_stats(fx.pic, 4, &s);
		CHECK(s.masked);
	}
}

TEST(probe_filters_lines_that_fire_early)
{
	struct fixture fx;
	unsigned long mask;

	setup(&fx, 7, 3, -1);
	mask = probe_irq_on();
	CHECK(!(mask & (1UL << 7)));
	CHECK(mask & (1UL << 3));
	poke_device(&plan);
	CHECK_EQ(probe_irq_off(mask), 3);
}

TEST(probe_with_two_lines_firing_is_negative)
{
	struct fixture fx;
	unsigned long mask;

	setup(&fx, -1, 5, 9);
	mask = probe_irq_on();
	poke_device(&plan);
	CHECK_EQ(probe_irq_off(mask), -5);
}

TEST(probe_with_nothing_firing_is_zero)
{
	struct fixture fx;

	setup(&fx, -1, -1, -1);
	CHECK_EQ(probe_irq_off(probe_irq_on()), 0);
}

TEST(probe_mask_returns_all_fired_lines_below_16)
{
	struct fixture fx;
	unsigned long mask;

	setup(&fx, -1, 5, 9);
	mask = probe_irq_on();
	poke_device(&plan);
	CHECK_EQ(probe_irq_mask(0xffff), (1u << 5) | (1u << 9));
	/* The probe is over: a new one can start. */
	mask = probe_irq_on();
	CHECK_EQ(probe_irq_mask(mask), 0);
}

TEST(probe_skips_lines_in_use)
{
	struct fixture fx;
	struct dev d;
	unsigned long mask;

	setup(&fx, -1, 4, -1);
	d = (struct dev){ .fx = &fx, .hw = 4, .irq = 4 };
	CHECK_EQ(dev_request(&d, 0, "serial"), 0);
	mask = probe_irq_on();
	CHECK(!(mask & (1UL << 4)));
	poke_device(&plan);
	CHECK_EQ(probe_irq_off(mask), 0);
	CHECK_EQ(atomic_load(&d.calls), 1);	/* its owner got the event */
	CHECK_EQ(irq_get_depth(4), 0);
}

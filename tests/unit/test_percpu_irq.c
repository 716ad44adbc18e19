// SPDX-License-Identifier: MIT
/* request_percpu_irq(): per-CPU dev_id, per-CPU enables, and misuse. */
#include <genirq/percpu_irq.h>
#include <genirq/compat.h>
#include "fixture.h"

struct tick {
	atomic_int	runs;
	int		cpu_seen;
	char		pad[40];	/* a stride that is not a power of two */
};

static struct tick ticks[GENIRQ_NR_CPUS];

static irqreturn_t tick_handler(int irq, void *dev_id)
{
	struct tick *t = dev_id;

	(void)irq;
	atomic_fetch_add(&t->runs, 1);
	t->cpu_seen = (int)port_cpu_id();
	return IRQ_HANDLED;
}

/* An event of per-CPU line @irq on CPU @cpu, as its local source would raise it. */
static void take_on(unsigned int cpu, int irq)
{
	sim_cpu_switch(cpu);
	port_irq_disable();
	irq_handle_entry(irq_to_desc((unsigned int)irq), NULL);
	port_irq_enable();
	sim_cpu_switch(0);
}

static void on_cpu(unsigned int cpu, void (*fn)(unsigned int irq), int irq)
{
	sim_cpu_switch(cpu);
	fn((unsigned int)irq);
	sim_cpu_switch(0);
}

static void enable_none(unsigned int irq)
{
	enable_percpu_irq(irq, IRQ_TYPE_NONE);
}

TEST(percpu_dev_id_is_the_calling_cpus_instance)
{
	struct fixture fx;
	struct simpic_line_stats s;
	int irq;

	fx_init(&fx, 3, SIMPIC_FASTEOI);
	memset(ticks, 0, sizeof(ticks));
	irq = simpic_map(fx.pic, 4, IRQ_TYPE_EDGE_RISING);
	CHECK_EQ(request_percpu_irq((unsigned int)irq, tick_handler, "tick", ticks), 0);
	/* Disabled everywhere until each CPU enables it. */
	simpic_line_stats(fx.pic, 4, &s);
	CHECK(s.masked);
	CHECK(!irq_percpu_is_enabled((unsigned int)irq));
	take_on(1, irq);
	CHECK_EQ(atomic_load(&ticks[1].runs), 0);
	CHECK_EQ(irq_percpu_strays((unsigned int)irq), 1);
	on_cpu(1, enable_none, irq);
	on_cpu(2, enable_none, irq);
	simpic_line_stats(fx.pic, 4, &s);
	CHECK(!s.masked);
	CHECK(!irq_percpu_is_enabled((unsigned int)irq));	/* not on CPU 0 */
	sim_cpu_switch(2);
	CHECK(irq_percpu_is_enabled((unsigned int)irq));
	sim_cpu_switch(0);
	take_on(1, irq);
	take_on(2, irq);
	take_on(2, irq);
	take_on(0, irq);					/* CPU 0 never enabled */
	CHECK_EQ(atomic_load(&ticks[0].runs), 0);
	CHECK_EQ(atomic_load(&ticks[1].runs), 1);
	CHECK_EQ(atomic_load(&ticks[2].runs), 2);
	CHECK_EQ(ticks[1].cpu_seen, 1);
	CHECK_EQ(ticks[2].cpu_seen, 2);
	CHECK_EQ(irq_percpu_strays((unsigned int)irq), 2);
	CHECK_EQ(irq_stat_cpu((unsigned int)irq, 2), 2);
	/* Free: refused while any CPU has it enabled. */
	CHECK_EQ(free_percpu_irq((unsigned int)irq, ticks), -EBUSY);
	CHECK(sim_console_contains("still enabled on a CPU"));
	on_cpu(1, disable_percpu_irq, irq);
	CHECK_EQ(free_percpu_irq((unsigned int)irq, ticks), -EBUSY);
	on_cpu(2, disable_percpu_irq, irq);
	simpic_line_stats(fx.pic, 4, &s);
	CHECK(s.masked);
	CHECK_EQ(free_percpu_irq((unsigned int)irq, ticks), 0);
	CHECK_EQ(free_percpu_irq((unsigned int)irq, ticks), -EINVAL);
	/* Requested again, it starts disabled on every CPU again. */
	CHECK_EQ(request_percpu_irq((unsigned int)irq, tick_handler, "tick", ticks), 0);
	take_on(1, irq);
	CHECK_EQ(atomic_load(&ticks[1].runs), 1);
}

TEST(percpu_enable_programs_the_type_first)
{
	struct fixture fx;
	int irq;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	irq = simpic_map(fx.pic, 6, IRQ_TYPE_EDGE_RISING);
	CHECK_EQ(request_percpu_irq((unsigned int)irq, tick_handler, "tick", ticks), 0);
	enable_percpu_irq((unsigned int)irq, IRQ_TYPE_LEVEL_HIGH);
	CHECK_EQ(irq_get_irq_data((unsigned int)irq)->trigger, IRQ_TYPE_LEVEL_HIGH);
	CHECK(irq_percpu_is_enabled((unsigned int)irq));
	enable_percpu_irq((unsigned int)irq, 0x3f);		/* no such type */
	CHECK(sim_console_contains("type 0x3f refused"));
	disable_percpu_irq((unsigned int)irq);
	CHECK(!irq_percpu_is_enabled((unsigned int)irq));
}

static irqreturn_t plain_handler(int irq, void *dev_id)
{
	(void)irq;
	atomic_fetch_add((atomic_int *)dev_id, 1);
	return IRQ_HANDLED;
}

TEST(percpu_and_request_irq_refuse_each_others_lines)
{
	struct fixture fx;
	static atomic_int plain;
	int pc, normal, chained, bare;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	pc = simpic_map(fx.pic, 1, IRQ_TYPE_EDGE_RISING);
	normal = simpic_map(fx.pic, 2, IRQ_TYPE_EDGE_RISING);
	CHECK_EQ(request_percpu_irq((unsigned int)pc, tick_handler, "tick", ticks), 0);
	/* request_irq on a request_percpu_irq line: refused, nothing changed. */
	CHECK_EQ(request_irq((unsigned int)pc, plain_handler, 0, "plain", &plain), -EINVAL);
	CHECK_EQ(request_irq((unsigned int)pc, plain_handler, IRQF_PERCPU, "plain", &plain),
		 -EBUSY);
	CHECK_EQ(request_irq((unsigned int)pc, plain_handler, IRQF_PERCPU | IRQF_SHARED,
			     "plain", &plain), -EBUSY);
	CHECK_EQ(request_percpu_irq((unsigned int)pc, tick_handler, "again", ticks), -EBUSY);
	/* free_irq() with the per-CPU pointer is not the way: nothing freed. */
	sim_console_clear();
	free_irq((unsigned int)pc, ticks);
	CHECK(sim_console_contains("unknown dev_id"));
	CHECK_EQ(free_percpu_irq((unsigned int)pc, &ticks[1]), -EINVAL);
	CHECK(sim_console_contains("not its per-CPU dev_id"));
	enable_percpu_irq((unsigned int)pc, IRQ_TYPE_NONE);
	take_on(0, pc);
	CHECK_EQ(atomic_load(&ticks[0].runs), 1);		/* still there */
	disable_percpu_irq((unsigned int)pc);
	CHECK_EQ(free_percpu_irq((unsigned int)pc, ticks), 0);

	/* request_percpu_irq on a request_irq line: refused, nothing changed. */
	CHECK_EQ(request_irq((unsigned int)normal, plain_handler, 0, "plain", &plain), 0);
	sim_console_clear();
	CHECK_EQ(request_percpu_irq((unsigned int)normal, tick_handler, "tick", ticks), -EBUSY);
	CHECK(sim_console_contains("refused"));
	simpic_raise(fx.pic, 2);
	CHECK_EQ(atomic_load(&plain), 1);			/* an ordinary line still */
	CHECK_EQ(can_request_irq((unsigned int)normal, IRQF_SHARED), 0);
	free_irq((unsigned int)normal, &plain);
	CHECK_EQ(request_irq((unsigned int)normal, plain_handler, 0, "plain", &plain), 0);

	/* Cascades, lines without a controller, missing lines, bad arguments. */
	chained = simpic_map(fx.pic, 3, IRQ_TYPE_LEVEL_HIGH);
	CHECK_EQ(irq_set_chained_handler((unsigned int)chained, handle_simple_irq, NULL), 0);
	CHECK_EQ(request_percpu_irq((unsigned int)chained, tick_handler, "t", ticks), -EBUSY);
	bare = irq_alloc_descs(-1, 1);
	CHECK_EQ(request_percpu_irq((unsigned int)bare, tick_handler, "t", ticks), -ENOSYS);
	CHECK_EQ(request_irq((unsigned int)bare, plain_handler, 0, "p", &plain), -ENOSYS);
	CHECK_EQ(request_percpu_irq(7000, tick_handler, "t", ticks), -EINVAL);
	CHECK_EQ(irq_request_percpu_stride((unsigned int)pc, tick_handler, "t", ticks, 0), -EINVAL);
	CHECK_EQ(irq_request_percpu_stride((unsigned int)pc, NULL, "t", ticks, 8), -EINVAL);
	/* Enables of lines that are not request_percpu_irq's: reported, ignored. */
	sim_console_clear();
	enable_percpu_irq((unsigned int)normal, IRQ_TYPE_NONE);
	CHECK(sim_console_contains("without request_percpu_irq(), ignored"));
	disable_percpu_irq(7000);
	CHECK(sim_console_contains("does not exist"));
	CHECK_EQ(free_percpu_irq(7000, ticks), -EINVAL);
}

TEST(percpu_request_out_of_memory_changes_nothing)
{
	struct fixture fx;
	int irq;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	irq = simpic_map(fx.pic, 9, IRQ_TYPE_EDGE_RISING);
	for (unsigned long k = 1; k <= 3; k++) {
		long live = sim_alloc_live();
		int ret;

		sim_alloc_fail_at(k);
		ret = request_percpu_irq((unsigned int)irq, tick_handler, "t", ticks);
		sim_alloc_fail_at(0);
		if (ret == 0) {
			CHECK_EQ(free_percpu_irq((unsigned int)irq, ticks), 0);
			break;
		}
		CHECK_EQ(ret, -ENOMEM);
		CHECK_EQ(sim_alloc_live(), live);
		/* Still an ordinary line: request_irq takes it without IRQF_PERCPU. */
		CHECK_EQ(can_request_irq((unsigned int)irq, 0), 1);
	}
}

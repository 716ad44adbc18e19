// SPDX-License-Identifier: MIT
/*
 * Waiting for handlers that really run on another thread: free_irq,
 * disable_irq and synchronize_irq return only after the handler ended.
 */
#include <sched.h>
#include <genirq/irqdomain.h>
#include <genirq/compat.h>
#include "fixture.h"

static struct fixture fx;
static struct dev d;
static atomic_int phase;	/* 0 idle, 1 handler entered, 2 released, 3 handler left */
static atomic_int waiter_done;

static irqreturn_t slow_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	atomic_store(&phase, 1);
	while (atomic_load(&phase) != 2)
		sched_yield();
	atomic_store(&phase, 3);
	return IRQ_HANDLED;
}

static void cpu1_takes_it(void *arg)
{
	(void)arg;
	port_irq_disable();
	simpic_raise(fx.pic, 3);
	port_irq_enable();			/* runs slow_handler here */
}

enum verb { FREE, DISABLE, SYNC };

static void waiter(void *arg)
{
	enum verb v = (enum verb)(long)arg;

	if (v == FREE)
		free_irq((unsigned int)d.irq, &d);
	else if (v == DISABLE)
		disable_irq((unsigned int)d.irq);
	else
		synchronize_irq((unsigned int)d.irq);
	/* Whatever returned must have seen the handler leave. */
	CHECK_EQ(atomic_load(&phase), 3);
	atomic_store(&waiter_done, 1);
}

static void run(enum verb v)
{
	struct irq_cpumask m;

	fx_init(&fx, 3, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(request_irq((unsigned int)d.irq, slow_handler, 0, "slow", &d), 0);
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK_EQ(irq_set_affinity((unsigned int)d.irq, &m), 0);
	fx_wait_against_busy(cpu1_takes_it, &phase, waiter, (void *)(long)v, &waiter_done);
}

TEST(free_irq_waits_for_handler_running_on_another_cpu)
{
	run(FREE);
	CHECK_EQ(can_request_irq((unsigned int)d.irq, 0), 1);
}

TEST(disable_irq_waits_for_handler_running_on_another_cpu)
{
	run(DISABLE);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 1);
}

TEST(synchronize_irq_waits_for_handler_running_on_another_cpu)
{
	run(SYNC);
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 0);
}

static atomic_int pc_phase;
static irqreturn_t slow_percpu(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	atomic_store(&pc_phase, 1);
	while (atomic_load(&pc_phase) != 2)
		sched_yield();
	atomic_store(&pc_phase, 3);
	return IRQ_HANDLED;
}

static void cpu1_percpu(void *arg)
{
	(void)arg;
	port_irq_disable();
	simpic_raise(fx.pic, 5);
	port_irq_enable();
}

static void percpu_freer(void *arg)
{
	(void)arg;
	free_irq((unsigned int)d.irq, &d);
	CHECK_EQ(atomic_load(&pc_phase), 3);
	atomic_store(&waiter_done, 1);
}

TEST(free_irq_of_percpu_line_waits_for_the_cpu_inside_it)
{
	struct irq_data *data;

	fx_init(&fx, 3, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 5, false);
	CHECK_EQ(irq_set_percpu((unsigned int)d.irq), 0);
	CHECK_EQ(request_irq((unsigned int)d.irq, slow_percpu, IRQF_PERCPU, "tick", &d), 0);
	data = irq_get_irq_data((unsigned int)d.irq);
	/* Per-CPU lines aren't routed by affinity; point the simulation at CPU1. */
	data->chip->set_affinity(data, &(struct irq_cpumask){ .bits = { 2 } });
	CHECK_EQ(sim_thread_start(1, cpu1_percpu, NULL), 0);
	while (atomic_load(&pc_phase) != 1)
		sched_yield();
	CHECK_EQ(sim_thread_start(2, percpu_freer, NULL), 0);
	for (int i = 0; i < 1000; i++) {
		CHECK_EQ(atomic_load(&waiter_done), 0);
		sched_yield();
	}
	atomic_store(&pc_phase, 2);
	sim_thread_join_all();
	CHECK_EQ(atomic_load(&waiter_done), 1);
}

/*
 * Multi-word state read by one CPU while another writes it: the online
 * CPU mask and the storm rule's default pair. Run under TSan, a reader
 * that did not take the writer's lock is a reported race.
 */
static atomic_int writer_done;

static void toggles_cpu2(void *arg)
{
	(void)arg;
	for (int i = 0; i < 2000; i++) {
		irq_cpu_set_online(2, i & 1);
		irq_set_storm_default(1000ul + (unsigned long)i, 50u + (unsigned int)(i & 7));
	}
	atomic_store(&writer_done, 1);
}

static void reads_pairs(void *arg)
{
	char path[64], buf[2048];
	struct irq_cpumask m;

	(void)arg;
	snprintf(path, sizeof(path), "/proc/irq/%d/spurious", d.irq);
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	while (!atomic_load(&writer_done)) {
		CHECK_EQ(irq_set_affinity((unsigned int)d.irq, &m), 0);
		CHECK(irq_proc_read(path, buf, sizeof(buf)) > 0);
		CHECK(irq_proc_read("/proc/interrupts", buf, sizeof(buf)) > 0);
	}
}

TEST(online_mask_and_storm_default_are_read_whole_while_written)
{
	fx_init(&fx, 3, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(dev_request(&d, 0, "reader"), 0);
	CHECK_EQ(sim_thread_start(1, reads_pairs, NULL), 0);
	CHECK_EQ(sim_thread_start(2, toggles_cpu2, NULL), 0);
	sim_thread_join_all();
	CHECK_EQ(atomic_load(&writer_done), 1);
}

/*
 * A line moved from its own events (irq_data_set_move_at_event()) while
 * another CPU reads where it goes: the event's move writes the effective
 * affinity under the descriptor lock, where the readers read it (TSan
 * reports a move that does not), and no reader ever sees the line routed
 * nowhere or to two CPUs. Every event raised is served, the edges the
 * masked move drops by the event sent after it.
 */
#define MOVES	2000
static atomic_int mover_done;

static void moves_at_events(void *arg)
{
	struct simpic_line_stats s;
	struct irq_cpumask m;

	(void)arg;
	for (unsigned int i = 0; i < MOVES; i++) {
		cpumask_clear(&m);
		cpumask_set_cpu(i & 1, &m);
		CHECK_EQ(irq_set_affinity((unsigned int)d.irq, &m), 0);
		simpic_line_stats(fx.pic, d.hw, &s);
		sim_cpu_switch(s.route);
		dev_raise(&d);
		sim_run(s.route);		/* the event moves it */
		sim_run(i & 1);			/* the event sent after the move */
	}
	atomic_store(&mover_done, 1);
}

static void reads_where_it_goes(void *arg)
{
	char path[64], buf[64];
	struct irq_cpumask m;

	(void)arg;
	snprintf(path, sizeof(path), "/proc/irq/%d/effective_affinity_list", d.irq);
	while (!atomic_load(&mover_done)) {
		CHECK_EQ(irq_get_effective_affinity((unsigned int)d.irq, &m), 0);
		CHECK_EQ(cpumask_weight(&m), 1);
		CHECK(irq_proc_read(path, buf, sizeof(buf)) > 0);
		CHECK(buf[0] == '0' || buf[0] == '1');
	}
}

TEST(a_move_at_the_lines_event_is_read_whole_by_other_cpus)
{
	struct simpic_line_stats s;

	fx_init(&fx, 3, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	simpic_set_fault(fx.pic, 3, SIMPIC_DROP_MASKED_EDGE);
	CHECK_EQ(dev_request(&d, 0, "moved"), 0);
	irq_data_set_move_at_event(irq_get_irq_data((unsigned int)d.irq), true);
	atomic_store(&mover_done, 0);
	CHECK_EQ(sim_thread_start(1, moves_at_events, NULL), 0);
	CHECK_EQ(sim_thread_start(2, reads_where_it_goes, NULL), 0);
	sim_thread_join_all();
	CHECK_EQ(atomic_load(&d.handled), MOVES);
	CHECK_EQ(atomic_load(&d.want), 0);
	simpic_line_stats(fx.pic, 3, &s);
	CHECK(s.retriggers >= MOVES - 1);		/* every event but the first moved it */
	fx_check_ended_once(&fx, 3, SIMPIC_FASTEOI);
}

/*
 * Cost accounting switched on and off while another CPU takes the line:
 * the entry pointer and the figures are published, never torn (TSan),
 * and every event runs the line's flow exactly once.
 */
static atomic_int toggles_left;

static void toggles_cost(void *arg)
{
	(void)arg;
	while (atomic_fetch_sub(&toggles_left, 1) > 0)
		CHECK_EQ(irq_set_cost_accounting((unsigned int)d.irq, atomic_load(&toggles_left) & 1),
			 0);
}

static void takes_events(void *arg)
{
	(void)arg;
	while (atomic_load(&toggles_left) > 0) {
		port_irq_disable();
		dev_raise(&d);
		port_irq_enable();
	}
}

TEST(cost_accounting_switched_while_the_line_fires_elsewhere)
{
	struct irq_cpumask m;
	struct irq_cost c;

	fx_init(&fx, 3, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(dev_request(&d, 0, "measured"), 0);
	/* No time passes here: 50,000 events would be a storm to throttle. */
	CHECK_EQ(irq_set_storm_limit((unsigned int)d.irq, 0, 0), 0);
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK_EQ(irq_set_affinity((unsigned int)d.irq, &m), 0);
	atomic_store(&toggles_left, 3000);
	CHECK_EQ(sim_thread_start(1, takes_events, NULL), 0);
	CHECK_EQ(sim_thread_start(2, toggles_cost, NULL), 0);
	sim_thread_join_all();
	CHECK_EQ(atomic_load(&d.calls), (int)irq_stat_total((unsigned int)d.irq));
	CHECK_EQ(atomic_load(&d.want), 0);
	CHECK_EQ(irq_get_cost((unsigned int)d.irq, &c), 0);
	CHECK(c.count <= irq_stat_total((unsigned int)d.irq));
}

/*
 * Two per-CPU lines on CPU1, the second nesting inside the first's
 * handler: free_irq of the first on CPU2 waits for the first handler,
 * though the nested one came and went meanwhile.
 */
static struct dev outer_pc, inner_pc;
static atomic_int nest_phase;	/* 1: inner running inside outer, 2: released, 3: outer left */

static irqreturn_t inner_percpu(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	atomic_store(&nest_phase, 1);
	while (atomic_load(&nest_phase) != 2)
		sched_yield();
	return IRQ_HANDLED;
}

static irqreturn_t outer_percpu(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	simpic_raise(fx.pic, inner_pc.hw);	/* interrupts are on: it nests here */
	atomic_store(&nest_phase, 3);
	return IRQ_HANDLED;
}

static void cpu1_outer(void *arg)
{
	(void)arg;
	port_irq_disable();
	simpic_raise(fx.pic, outer_pc.hw);
	port_irq_enable();
}

static void frees_outer(void *arg)
{
	(void)arg;
	free_irq((unsigned int)outer_pc.irq, &outer_pc);
	CHECK_EQ(atomic_load(&nest_phase), 3);
	atomic_store(&waiter_done, 1);
}

static void route_percpu(struct dev *pc, unsigned int cpu)
{
	struct irq_data *data = irq_get_irq_data((unsigned int)pc->irq);
	struct irq_cpumask m;

	cpumask_clear(&m);
	cpumask_set_cpu(cpu, &m);
	data->chip->set_affinity(data, &m);
}

TEST(free_irq_of_percpu_line_waits_under_nesting)
{
	fx_init(&fx, 3, SIMPIC_FASTEOI);
	dev_init(&outer_pc, &fx, 6, false);
	dev_init(&inner_pc, &fx, 2, false);
	CHECK_EQ(irq_set_percpu((unsigned int)outer_pc.irq), 0);
	CHECK_EQ(irq_set_percpu((unsigned int)inner_pc.irq), 0);
	CHECK_EQ(request_irq((unsigned int)outer_pc.irq, outer_percpu, IRQF_PERCPU, "outer",
			     &outer_pc), 0);
	CHECK_EQ(request_irq((unsigned int)inner_pc.irq, inner_percpu, IRQF_PERCPU, "inner",
			     &inner_pc), 0);
	route_percpu(&outer_pc, 1);
	route_percpu(&inner_pc, 1);
	CHECK_EQ(sim_thread_start(1, cpu1_outer, NULL), 0);
	while (atomic_load(&nest_phase) != 1)
		sched_yield();
	CHECK_EQ(irq_stat_cpu((unsigned int)inner_pc.irq, 1), 1);	/* it is nested now */
	CHECK_EQ(sim_thread_start(2, frees_outer, NULL), 0);
	for (int i = 0; i < 1000; i++) {
		CHECK_EQ(atomic_load(&waiter_done), 0);
		sched_yield();
	}
	atomic_store(&nest_phase, 2);
	sim_thread_join_all();
	CHECK_EQ(atomic_load(&waiter_done), 1);
}

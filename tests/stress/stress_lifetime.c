// SPDX-License-Identifier: MIT
/*
 * stress_lifetime.c - the races of line lifetime, under real concurrency:
 *
 *   CPU0, CPU1  take interrupts;
 *   CPU2        the devices: a counted line, a cascade's child line, and
 *               a per-CPU line on CPU1 whose handler makes a second
 *               per-CPU line nest inside it;
 *   CPU3        frees and requests the outer per-CPU handler again and
 *               again, and takes CPU1 offline and online (the cascade
 *               must follow);
 *   CPU4        descriptor churn: alloc, map, event, unmap, free;
 *   CPU5        reads /proc and walks the table all along.
 * Nothing raised on a counted line (the cascade's child included) is
 * lost, no per-CPU handler runs after free_irq returned, every churned
 * descriptor is gone at the end. STRESS_EVENTS sets the devices' events.
 */
#include <sched.h>
#include <stdlib.h>
#include <genirq/port.h>
#include <genirq/compat.h>

#include "../unit/fixture.h"

#define HW_COUNTED	2
#define HW_CASCADE	3	/* the child controller's output */
#define HW_INNER	4	/* per-CPU, nests inside the outer one */
#define HW_OUTER	6	/* per-CPU */
#define HW_CHURN	8	/* churned lines: 8..11 */
#define CHILD_HW	5

static struct fixture fx;
static struct simpic *child;
static struct dev counted, child_dev, inner, outer;
static atomic_long raised, serviced, child_raised, child_serviced;
static atomic_bool outer_installed, devices_done, stop;
static atomic_long after_free, nested, churned;
static long target;

static irqreturn_t count_handler(int irq, void *dev_id)
{
	struct dev *d = dev_id;
	long n = atomic_exchange(&d->want, 0);

	(void)irq;
	atomic_fetch_add(d == &counted ? &serviced : &child_serviced, n);
	return n ? IRQ_HANDLED : IRQ_NONE;
}

static irqreturn_t inner_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	atomic_fetch_add(&nested, 1);
	return IRQ_HANDLED;
}

static irqreturn_t outer_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	if (!atomic_load(&outer_installed))
		atomic_fetch_add(&after_free, 1);
	simpic_raise(fx.pic, HW_INNER);		/* nests here: interrupts are on */
	for (int i = 0; i < 20; i++)
		sched_yield();			/* long enough for free_irq to try */
	if (!atomic_load(&outer_installed))
		atomic_fetch_add(&after_free, 1);
	return IRQ_HANDLED;
}

/*
 * The cascade: demultiplex the child controller on whichever CPU runs it
 * (the child has one output, which the simulation routes as CPU0's).
 */
static void cascade_flow(struct irq_desc *desc)
{
	irq_hw_number_t hw;

	simpic_lower(fx.pic, HW_CASCADE);
	while ((hw = simpic_iack(child, 0)) != SIMPIC_SPURIOUS)
		generic_handle_domain_irq(simpic_domain(child), hw);
	irq_get_irq_data(irq_desc_get_irq(desc))->chip->eoi(irq_desc_get_irq_data(desc));
}

static unsigned int rnd(unsigned int *s)
{
	*s = *s * 1103515245u + 12345u;
	return *s >> 8;
}

static void devices(void *arg)
{
	unsigned int seed = 3;

	(void)arg;
	for (long n = 0; n < target; n++) {
		switch (rnd(&seed) % 3) {
		case 0:
			atomic_fetch_add(&raised, 1);
			atomic_fetch_add(&counted.want, 1);
			simpic_raise(fx.pic, HW_COUNTED);
			break;
		case 1:
			atomic_fetch_add(&child_raised, 1);
			atomic_fetch_add(&child_dev.want, 1);
			simpic_raise(child, CHILD_HW);
			simpic_raise(fx.pic, HW_CASCADE);	/* the child's output */
			break;
		default:
			simpic_raise(fx.pic, HW_OUTER);
			break;
		}
		if (rnd(&seed) & 1)
			sched_yield();
	}
	atomic_store(&devices_done, true);
}

static void admin(void *arg)
{
	unsigned int round = 0;

	(void)arg;
	while (!atomic_load(&devices_done)) {
		if (round++ % 2) {
			free_irq((unsigned int)outer.irq, &outer);
			atomic_store(&outer_installed, false);	/* free_irq returned */
			atomic_store(&outer_installed, true);
			if (request_irq((unsigned int)outer.irq, outer_handler, IRQF_PERCPU, "outer",
					&outer))
				abort();
		} else {
			irq_cpu_set_online(1, false);
			sched_yield();
			irq_cpu_set_online(1, true);
		}
	}
}

static void churn(void *arg)
{
	unsigned int seed = 11;
	struct dev d;

	(void)arg;
	while (!atomic_load(&devices_done)) {
		dev_init(&d, &fx, HW_CHURN + rnd(&seed) % 4, false);
		if (dev_request(&d, 0, "churn"))
			abort();
		dev_raise(&d);
		free_irq((unsigned int)d.irq, &d);
		if (irq_dispose_mapping((unsigned int)d.irq))
			abort();
		atomic_fetch_add(&churned, 1);
	}
}

static void reader(void *arg)
{
	char buf[4096], path[64];

	(void)arg;
	while (!atomic_load(&devices_done)) {
		if (irq_proc_read("/proc/interrupts", buf, sizeof(buf)) <= 0)
			abort();
		for (unsigned int irq = 0; irq < 12; irq++) {
			snprintf(path, sizeof(path), "/proc/irq/%u/spurious", irq);
			irq_proc_read(path, buf, sizeof(buf));
			(void)irq_stat_total(irq);
		}
		irq_spurious_poll();
	}
}

static void cpu_loop(void *arg)
{
	(void)arg;
	while (!atomic_load(&stop))
		port_cpu_relax();
}

static void route_to(struct dev *d, unsigned int cpu)
{
	struct irq_data *data = irq_get_irq_data((unsigned int)d->irq);
	struct irq_cpumask m;

	cpumask_clear(&m);
	cpumask_set_cpu(cpu, &m);
	data->chip->set_affinity(data, &m);
}

static void setup(void)
{
	struct irq_cpumask m;
	int parent;

	fx_init(&fx, 6, SIMPIC_FASTEOI);
	irq_set_storm_default(0, 0);	/* virtual time stands still: no rate */
	dev_init(&counted, &fx, HW_COUNTED, false);
	CHECK_EQ(request_irq((unsigned int)counted.irq, count_handler, 0, "counted", &counted), 0);

	child = simpic_create("child", 8, SIMPIC_ACK);
	CHECK(child != NULL);
	parent = simpic_map(fx.pic, HW_CASCADE, IRQ_TYPE_EDGE_RISING);
	CHECK_EQ(irq_set_chained_handler((unsigned int)parent, cascade_flow, NULL), 0);
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK_EQ(irq_set_affinity((unsigned int)parent, &m), 0);
	memset(&child_dev, 0, sizeof(child_dev));
	child_dev.fx = &fx;
	child_dev.hw = CHILD_HW;
	child_dev.irq = simpic_map(child, CHILD_HW, IRQ_TYPE_EDGE_RISING);
	CHECK_EQ(request_irq((unsigned int)child_dev.irq, count_handler, 0, "child", &child_dev),
		 0);

	dev_init(&inner, &fx, HW_INNER, false);
	dev_init(&outer, &fx, HW_OUTER, false);
	CHECK_EQ(irq_set_percpu((unsigned int)inner.irq), 0);
	CHECK_EQ(irq_set_percpu((unsigned int)outer.irq), 0);
	CHECK_EQ(request_irq((unsigned int)inner.irq, inner_handler, IRQF_PERCPU, "inner", &inner),
		 0);
	atomic_store(&outer_installed, true);
	CHECK_EQ(request_irq((unsigned int)outer.irq, outer_handler, IRQF_PERCPU, "outer", &outer),
		 0);
	route_to(&inner, 1);
	route_to(&outer, 1);
}


TEST(stress_lifetime_nesting_hotplug_and_churn)
{
	long lost, child_lost;

	target = stress_events() / 4;
	setup();
	CHECK_EQ(sim_thread_start(0, cpu_loop, NULL), 0);
	CHECK_EQ(sim_thread_start(1, cpu_loop, NULL), 0);
	CHECK_EQ(sim_thread_start(2, devices, NULL), 0);
	CHECK_EQ(sim_thread_start(3, admin, NULL), 0);
	CHECK_EQ(sim_thread_start(4, churn, NULL), 0);
	CHECK_EQ(sim_thread_start(5, reader, NULL), 0);
	while (!atomic_load(&devices_done))
		sched_yield();
	atomic_store(&stop, true);
	sim_thread_join_all();
	fx_drain_cpus01();

	lost = atomic_load(&raised) - atomic_load(&serviced);
	child_lost = atomic_load(&child_raised) - atomic_load(&child_serviced);
	printf("stress lifetime: %ld events raised, lost %ld on the counted line and %ld behind "
	       "the cascade, per-CPU handler-after-free %ld, nested per-CPU runs %ld, "
	       "%ld lines made and freed\n", target, lost, child_lost,
	       atomic_load(&after_free), atomic_load(&nested), atomic_load(&churned));
	CHECK_EQ(lost, 0);
	CHECK_EQ(child_lost, 0);
	CHECK_EQ(atomic_load(&after_free), 0);
	CHECK(atomic_load(&nested) > 0);
	CHECK(atomic_load(&churned) > 0);
	for (irq_hw_number_t hw = HW_CHURN; hw < HW_CHURN + 4; hw++)
		CHECK_EQ(irq_find_mapping(simpic_domain(fx.pic), hw), -ENOENT);
}

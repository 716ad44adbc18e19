// SPDX-License-Identifier: MIT
/*
 * stress_runner.c - threaded handlers on the core's runner (a port
 * without threads of its own), under real concurrency:
 *
 *   CPU0, CPU1  take interrupts and run woken threads from their idle
 *               loops (irq_threads_run());
 *   CPU2        the devices: events on counted threaded lines, on one
 *               whose thread function waits for the others
 *               (synchronize_irq(), disable_irq()), and on churned ones;
 *   CPU3        frees and requests the churned threaded handlers, moves
 *               lines, takes CPU1 offline and online.
 * Nothing raised on a counted line is lost (every event is serviced by a
 * thread run), no thread function runs after its free_irq() returned or
 * inside itself, and a hang is caught by the harness' time limit.
 * STRESS_EVENTS sets the devices' events.
 */
#include <sched.h>
#include <stdlib.h>
#include <genirq/port.h>
#include <genirq/compat.h>

#include "../unit/fixture.h"

#define COUNTED		4	/* hw 0..3: counted threaded lines */
#define HW_WAITER	4	/* its thread function waits for the counted lines */
#define HW_CHURN	5	/* churned threaded lines: 5, 6 */
#define CHURNED		2

struct tline {
	struct dev	d;
	atomic_long	raised, serviced;
	atomic_int	running;	/* thread function runs in progress */
	atomic_bool	installed;	/* churned: its thread may run */
};

static struct fixture fx;
static struct tline lines[COUNTED + 1 + CHURNED];
static atomic_bool devices_done, stop;
static atomic_long after_free, nested, waits, offlines;
static long target;

static irqreturn_t wake_primary(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_WAKE_THREAD;
}

static void enter(struct tline *t)
{
	if (atomic_fetch_add(&t->running, 1) != 0)
		atomic_fetch_add(&nested, 1);
	if (!atomic_load(&t->installed))
		atomic_fetch_add(&after_free, 1);
}

static long service(struct tline *t)
{
	long n = atomic_exchange(&t->d.want, 0);

	atomic_fetch_add(&t->serviced, n);
	atomic_fetch_sub(&t->running, 1);
	return n;
}

static irqreturn_t counted_thread(int irq, void *dev_id)
{
	struct tline *t = dev_id;

	(void)irq;
	enter(t);
	return service(t) ? IRQ_HANDLED : IRQ_NONE;
}

/* Waits, from a thread function, for another line's threads. */
static irqreturn_t waiter_thread(int irq, void *dev_id)
{
	struct tline *t = dev_id;
	static _Thread_local unsigned int n;
	unsigned int other = (unsigned int)lines[n++ % COUNTED].d.irq;

	(void)irq;
	enter(t);
	if (n % 2) {
		synchronize_irq(other);
	} else {
		disable_irq(other);
		enable_irq(other);
	}
	atomic_fetch_add(&waits, 1);
	return service(t) ? IRQ_HANDLED : IRQ_NONE;
}

static int request_line(struct tline *t, irq_handler_t fn)
{
	return request_threaded_irq((unsigned int)t->d.irq, wake_primary, fn, 0, "runner", t);
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
	for (long raised = 0; raised < target; raised++) {
		struct tline *t = &lines[rnd(&seed) % (COUNTED + 1 + CHURNED)];

		atomic_fetch_add(&t->raised, 1);
		atomic_fetch_add(&t->d.want, 1);
		simpic_raise(fx.pic, t->d.hw);
		for (int spin = 0; (rnd(&seed) & 1) && spin < 100 && atomic_load(&t->d.want); spin++)
			sched_yield();
	}
	atomic_store(&devices_done, true);
}

/* The idle loop of a CPU without threads: interrupts, then woken threads. */
static void cpu_loop(void *arg)
{
	(void)arg;
	while (!atomic_load(&stop)) {
		port_cpu_relax();
		irq_threads_run();
	}
}

static void admin(void *arg)
{
	unsigned int seed = 11, round = 0;

	(void)arg;
	while (!atomic_load(&devices_done)) {
		struct tline *c = &lines[COUNTED + 1 + rnd(&seed) % CHURNED];
		struct irq_cpumask m;

		switch (round++ % 3) {
		case 0:
			free_irq((unsigned int)c->d.irq, c);
			atomic_store(&c->installed, false);	/* free_irq() returned */
			port_cpu_relax();	/* a run of the freed thread now is caught */
			atomic_store(&c->installed, true);
			if (request_line(c, counted_thread))
				abort();
			/* What came while no handler was installed had none to run. */
			atomic_fetch_add(&c->serviced, atomic_exchange(&c->d.want, 0));
			break;
		case 1:
			cpumask_clear(&m);
			cpumask_set_cpu(rnd(&seed) % 2, &m);
			if (irq_set_affinity((unsigned int)lines[rnd(&seed) % (COUNTED + 1)].d.irq, &m))
				abort();
			break;
		case 2:
			irq_cpu_set_online(1, false);
			atomic_fetch_add(&offlines, 1);
			port_cpu_relax();
			irq_cpu_set_online(1, true);
			break;
		}
	}
}

/* After the threads: every CPU takes its interrupts and runs its threads. */
static void drain(void)
{
	unsigned int quiet = 0;

	while (quiet < 3) {
		unsigned int n = 0;

		for (unsigned int cpu = 0; cpu < 4; cpu++) {
			sim_cpu_switch(cpu);
			n += sim_run(cpu);
			do_softirq();
			n += irq_threads_run();
		}
		sim_cpu_switch(0);
		quiet = n ? 0 : quiet + 1;
	}
}

TEST(stress_core_runner_waits_churn_and_hotplug)
{
	long lost = 0, raised = 0;

	target = stress_events();
	fx_init(&fx, 4, SIMPIC_FASTEOI);
	sim_irq_threads_native(false);
	irq_set_storm_default(0, 0);	/* virtual time stands still: no rate */
	for (unsigned int i = 0; i < COUNTED + 1 + CHURNED; i++) {
		struct tline *t = &lines[i];

		dev_init(&t->d, &fx, i, false);
		atomic_store(&t->installed, true);
		CHECK_EQ(request_line(t, i == HW_WAITER ? waiter_thread : counted_thread), 0);
	}
	CHECK_EQ(sim_thread_start(0, cpu_loop, NULL), 0);
	CHECK_EQ(sim_thread_start(1, cpu_loop, NULL), 0);
	CHECK_EQ(sim_thread_start(2, devices, NULL), 0);
	CHECK_EQ(sim_thread_start(3, admin, NULL), 0);
	while (!atomic_load(&devices_done))
		sched_yield();
	atomic_store(&stop, true);
	sim_thread_join_all();
	drain();

	for (unsigned int i = 0; i < COUNTED + 1 + CHURNED; i++) {
		raised += atomic_load(&lines[i].raised);
		lost += atomic_load(&lines[i].raised) - atomic_load(&lines[i].serviced);
		CHECK_EQ(irq_get_depth((unsigned int)lines[i].d.irq), 0);
	}
	printf("stress core runner: %ld events raised, lost %ld, thread-after-free %ld, "
	       "nested runs %ld, waits from thread functions %ld, CPU1 offline %ld times\n",
	       raised, lost, atomic_load(&after_free), atomic_load(&nested),
	       atomic_load(&waits), atomic_load(&offlines));
	CHECK_EQ(raised, target);
	CHECK_EQ(lost, 0);
	CHECK_EQ(atomic_load(&after_free), 0);
	CHECK_EQ(atomic_load(&nested), 0);
	CHECK(atomic_load(&waits) > 0);
	CHECK(atomic_load(&offlines) > 0);
}

// SPDX-License-Identifier: MIT
/*
 * stress.c - genirq under real concurrency, with accounting that proves
 * it lost nothing.
 *
 * Four simulated CPUs on four threads:
 *   CPU0, CPU1  take interrupts (lines are routed to them, and moved);
 *   CPU2        is the devices: raises edges and asserts levels;
 *   CPU3        is the administrator: disable/enable, affinity moves,
 *               and request/free churn on lines and on one shared line.
 * Counted lines never lose an event: every event a device raised is
 * serviced by its handler by the end. Churned handlers are never called
 * after their free_irq() returned. Every disable depth ends where it
 * started. STRESS_EVENTS sets how many events the devices raise.
 *
 * The threaded run makes every third counted line and every other churn
 * round threaded (a primary that wakes the thread, ONESHOT on level
 * lines; the hosted port's own threads), mixed with plain handlers on
 * the shared line: the same accounting holds, and no thread function
 * runs after its free_irq() returned.
 */
#include <sched.h>
#include <stdlib.h>
#include <genirq/port.h>
#include <genirq/compat.h>

#include "../unit/fixture.h"

#define COUNTED		6	/* lines whose events are all accounted */
#define CHURNED		2	/* lines whose handler comes and goes */
#define SHARED_HW	(COUNTED + CHURNED)	/* counted handler + churned sharer */

struct counted {
	struct dev	d;
	atomic_long	raised, serviced;
};

struct churn {
	struct dev	d;
	atomic_bool	installed;	/* handler may run */
	atomic_long	violations;	/* calls while not installed */
};

static struct fixture fx;
static struct counted lines[COUNTED + 1];	/* + the shared line's counted handler */
static struct churn churn[CHURNED + 1];		/* + the shared line's churned handler */
static atomic_bool devices_done, stop_cpus;
static long target;
static bool threaded;		/* the threaded run (see the top) */

static irqreturn_t wake_primary(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_WAKE_THREAD;
}

/*
 * Install @fn for @dev_id on @irq, as a thread behind wake_primary() when
 * @thread (ONESHOT on a level line, as a driver must), else plain.
 */
static int request_mixed(unsigned int irq, irq_handler_t fn, bool thread, bool level,
			 const char *name, void *dev_id)
{
	if (!thread)
		return request_irq(irq, fn, IRQF_SHARED, name, dev_id);
	return request_threaded_irq(irq, wake_primary, fn,
				    IRQF_SHARED | (level ? IRQF_ONESHOT : 0), name, dev_id);
}

static irqreturn_t counted_handler(int irq, void *dev_id)
{
	struct counted *c = dev_id;
	long n;

	(void)irq;
	if (c->d.level)
		simpic_lower(fx.pic, c->d.hw);	/* lower first: a new event re-asserts */
	n = atomic_exchange(&c->d.want, 0);
	if (!n)
		return IRQ_NONE;
	atomic_fetch_add(&c->serviced, n);
	return IRQ_HANDLED;
}

static irqreturn_t churn_handler(int irq, void *dev_id)
{
	struct churn *c = dev_id;

	(void)irq;
	if (!atomic_load(&c->installed))
		atomic_fetch_add(&c->violations, 1);
	atomic_fetch_add(&c->d.calls, 1);
	return atomic_exchange(&c->d.want, 0) ? IRQ_HANDLED : IRQ_NONE;
}

static unsigned int rnd(unsigned int *s)
{
	*s = *s * 1103515245u + 12345u;
	return *s >> 8;
}

static void devices(void *arg)
{
	unsigned int seed = 1;
	long raised = 0;

	(void)arg;
	while (raised < target) {
		unsigned int i = rnd(&seed) % (COUNTED + 1 + CHURNED);

		if (i <= COUNTED) {
			struct counted *c = &lines[i];

			atomic_fetch_add(&c->raised, 1);
			atomic_fetch_add(&c->d.want, 1);
			simpic_raise(fx.pic, c->d.hw);
			/* Often let it be taken before the next one, so events
			 * don't all coalesce: more interrupts, more races. */
			for (int spin = 0; (rnd(&seed) & 1) && spin < 200 &&
			     atomic_load(&c->d.want); spin++)
				sched_yield();
		} else {
			struct churn *c = &churn[i - COUNTED - 1];

			atomic_fetch_add(&c->d.want, 1);
			simpic_raise(fx.pic, c->d.hw);
			if (c->d.level)
				simpic_lower(fx.pic, c->d.hw);
		}
		raised++;
	}
	atomic_store(&devices_done, true);
}

static void cpu_loop(void *arg)
{
	(void)arg;
	while (!atomic_load(&stop_cpus))
		port_cpu_relax();	/* takes this CPU's interrupts */
}

static void admin(void *arg)
{
	unsigned int seed = 7, round = 0;

	(void)arg;
	while (!atomic_load(&devices_done)) {
		unsigned int i = rnd(&seed) % (COUNTED + 1);
		struct churn *c = &churn[rnd(&seed) % (CHURNED + 1)];
		struct irq_cpumask m;

		switch (round++ % 4) {
		case 0:
			disable_irq((unsigned int)lines[i].d.irq);
			port_cpu_relax();
			enable_irq((unsigned int)lines[i].d.irq);
			break;
		case 1:
			disable_irq_nosync((unsigned int)lines[i].d.irq);
			disable_irq_nosync((unsigned int)lines[i].d.irq);
			enable_irq((unsigned int)lines[i].d.irq);
			enable_irq((unsigned int)lines[i].d.irq);
			break;
		case 2:
			cpumask_clear(&m);
			cpumask_set_cpu(rnd(&seed) % 2, &m);
			if (irq_set_affinity((unsigned int)lines[i].d.irq, &m))
				abort();
			break;
		case 3:
			free_irq((unsigned int)c->d.irq, c);
			atomic_store(&c->installed, false);	/* free_irq returned */
			atomic_store(&c->installed, true);
			if (request_mixed((unsigned int)c->d.irq, churn_handler,
					  threaded && (round / 4) % 2, false, "churn", c))
				abort();
			break;
		}
	}
}

static void setup(enum simpic_style style)
{
	fx_init(&fx, 4, style);
	for (unsigned int i = 0; i <= COUNTED; i++) {
		struct counted *c = &lines[i];
		irq_hw_number_t hw = i < COUNTED ? i : SHARED_HW;

		dev_init(&c->d, &fx, hw, hw % 2 == 1);
		CHECK_EQ(request_mixed((unsigned int)c->d.irq, counted_handler,
				       threaded && i < COUNTED && i % 3 == 0, c->d.level,
				       "counted", c), 0);
	}
	for (unsigned int i = 0; i <= CHURNED; i++) {
		struct churn *c = &churn[i];

		if (i < CHURNED)
			dev_init(&c->d, &fx, COUNTED + i, false);
		else
			c->d = lines[COUNTED].d;	/* shares the counted line */
		atomic_store(&c->installed, true);
		CHECK_EQ(request_irq((unsigned int)c->d.irq, churn_handler, IRQF_SHARED,
				     "churn", c), 0);
	}
}


/* After the threads: take every interrupt and run every woken thread. */
static void drain_all(void)
{
	for (int i = 0; i < 3; i++) {
		fx_drain_cpus01();
		sim_irq_threads_settle();
	}
}

/* A bad STRESS_EVENTS stops the binary before its first test. */
__attribute__((constructor)) static void stress_events_checked(void)
{
	(void)stress_events();
}

static void run(enum simpic_style style)
{
	long events = 0, lost = 0, violations = 0;
	unsigned long taken = 0;

	target = stress_events();
	setup(style);
	/*
	 * Virtual time stands still here, so every line runs at an infinite
	 * rate: the handled-storm rule would throttle them all (test_storm
	 * covers it). This test is about losing nothing under races.
	 */
	irq_set_storm_default(0, 0);
	CHECK_EQ(sim_thread_start(0, cpu_loop, NULL), 0);
	CHECK_EQ(sim_thread_start(1, cpu_loop, NULL), 0);
	CHECK_EQ(sim_thread_start(2, devices, NULL), 0);
	CHECK_EQ(sim_thread_start(3, admin, NULL), 0);
	while (!atomic_load(&devices_done))
		sched_yield();
	atomic_store(&stop_cpus, true);
	sim_thread_join_all();
	drain_all();

	for (unsigned int i = 0; i <= COUNTED; i++) {
		struct counted *c = &lines[i];
		long r = atomic_load(&c->raised), s = atomic_load(&c->serviced);

		events += r;
		lost += r - s;
		CHECK_EQ(irq_get_depth((unsigned int)c->d.irq), 0);
	}
	for (unsigned int i = 0; i <= CHURNED; i++)
		violations += atomic_load(&churn[i].violations);
	for (unsigned int irq = 0; irq < 16; irq++)
		taken += irq_stat_total(irq);
	printf("stress %s%s: %ld events raised, %ld on counted lines, lost %ld, "
	       "handler-after-free %ld, interrupts taken %lu, max pending loop %u\n",
	       style == SIMPIC_ACK ? "ack/mask chip (edge+level flows)" : "eoi chip (fasteoi flow)",
	       threaded ? ", threaded and plain actions mixed" : "",
	       target, events, lost, violations, taken, irq_pending_loop_max());
	CHECK_EQ(lost, 0);
	CHECK_EQ(violations, 0);
	CHECK(events > 0);
}

TEST(stress_ack_chip_edge_and_level_flows)
{
	threaded = false;
	run(SIMPIC_ACK);
}

TEST(stress_threaded_and_plain_actions_mixed_ack_chip)
{
	threaded = true;
	run(SIMPIC_ACK);
	threaded = false;
}

TEST(stress_eoi_chip_fasteoi_flow)
{
	threaded = false;
	run(SIMPIC_FASTEOI);
}

TEST(stress_threaded_and_plain_actions_mixed_eoi_chip)
{
	threaded = true;
	run(SIMPIC_FASTEOI);
	threaded = false;
}

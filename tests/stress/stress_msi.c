// SPDX-License-Identifier: MIT
/*
 * stress_msi.c - MSI lines moving their affinity while they fire.
 *
 * PCI-MSI stacked on the simulated PIC; one simulated PCI device with
 * MSI-X vectors. Four simulated CPUs on four threads:
 *   CPU0, CPU1  take interrupts;
 *   CPU2        is the device: writes its vectors' messages;
 *   CPU3        moves the vectors between CPU0 and CPU1 (each move
 *               rewrites the device's message) and disables/enables them.
 * Every message the device wrote is serviced by the end: lost 0.
 */
#include <sched.h>
#include <stdlib.h>
#include <genirq/irqdomain.h>
#include <genirq/compat.h>
#include <genirq/msi.h>
#include <genirq/port.h>
#include <genirq/chip/simpci.h>

#include "../unit/fixture.h"

#define VECS		6

struct vec {
	atomic_long	want, raised, serviced;
};

static struct fixture fx;
static struct simpci *pci;
static struct pci_msi_dev pdev;
static struct vec vecs[VECS];
static int first_irq;
static atomic_bool device_done, stop_cpus;
static atomic_long moves;
static long target;

static irqreturn_t vec_handler(int irq, void *dev_id)
{
	struct vec *v = dev_id;
	long n = atomic_exchange(&v->want, 0);

	(void)irq;
	if (!n)
		return IRQ_NONE;
	atomic_fetch_add(&v->serviced, n);
	return IRQ_HANDLED;
}

static unsigned int rnd(unsigned int *s)
{
	*s = *s * 1103515245u + 12345u;
	return *s >> 8;
}

static void device(void *arg)
{
	unsigned int seed = 3;

	(void)arg;
	for (long n = 0; n < target; n++) {
		unsigned int i = rnd(&seed) % VECS;
		struct vec *v = &vecs[i];

		atomic_fetch_add(&v->raised, 1);
		atomic_fetch_add(&v->want, 1);
		if (simpci_fire(pci, i) < 0)
			abort();
		for (int spin = 0; (rnd(&seed) & 1) && spin < 200 && atomic_load(&v->want); spin++)
			sched_yield();
	}
	atomic_store(&device_done, true);
}

static void cpu_loop(void *arg)
{
	(void)arg;
	while (!atomic_load(&stop_cpus))
		port_cpu_relax();
}

static void admin(void *arg)
{
	unsigned int seed = 11, round = 0;

	(void)arg;
	while (!atomic_load(&device_done)) {
		unsigned int irq = (unsigned int)first_irq + rnd(&seed) % VECS;
		struct irq_cpumask m;

		if (round++ % 4 == 3) {
			disable_irq(irq);
			port_cpu_relax();
			enable_irq(irq);
			continue;
		}
		cpumask_clear(&m);
		cpumask_set_cpu(rnd(&seed) % 2, &m);
		if (irq_set_affinity(irq, &m))
			abort();
		atomic_fetch_add(&moves, 1);
	}
}

TEST(stress_msi_lines_move_affinity_while_they_fire)
{
	static const struct simpci_config cf = { .msix = VECS };
	struct irq_domain *msi;
	long events = 0, lost = 0;
	unsigned long taken = 0, per_cpu[2] = { 0, 0 };

	target = stress_events() / 4;	/* a quarter of stress.c's: TSan is slow */
	fx_init(&fx, 4, SIMPIC_FASTEOI);
	CHECK_EQ(simpic_enable_hierarchy(fx.pic, 16, 16), 0);
	msi = msi_create_irq_domain(simpic_domain(fx.pic), "PCI-MSI", MSI_PARENT_EOI);
	pci = simpci_create(fx.pic, &cf);
	CHECK(msi && pci);
	CHECK_EQ(pci_msi_dev_init(&pdev, &simpci_cfg_ops, pci, 0x18), 0);
	first_irq = pci_enable_msix(&pdev, msi, VECS);
	CHECK(first_irq >= 0);
	for (unsigned int i = 0; i < VECS; i++)
		CHECK_EQ(request_irq((unsigned int)first_irq + i, vec_handler, 0, "msi", &vecs[i]), 0);
	irq_set_storm_default(0, 0);	/* virtual time stands still (see stress.c) */
	CHECK_EQ(sim_thread_start(0, cpu_loop, NULL), 0);
	CHECK_EQ(sim_thread_start(1, cpu_loop, NULL), 0);
	CHECK_EQ(sim_thread_start(2, device, NULL), 0);
	CHECK_EQ(sim_thread_start(3, admin, NULL), 0);
	while (!atomic_load(&device_done))
		sched_yield();
	atomic_store(&stop_cpus, true);
	sim_thread_join_all();
	fx_drain_cpus01();

	for (unsigned int i = 0; i < VECS; i++) {
		unsigned int irq = (unsigned int)first_irq + i;

		events += atomic_load(&vecs[i].raised);
		lost += atomic_load(&vecs[i].raised) - atomic_load(&vecs[i].serviced);
		taken += irq_stat_total(irq);
		per_cpu[0] += irq_stat_cpu(irq, 0);
		per_cpu[1] += irq_stat_cpu(irq, 1);
		CHECK_EQ(irq_get_depth(irq), 0);
		fx_check_ended_once(&fx, irq_get_irq_data(irq)->parent_data->hwirq, SIMPIC_FASTEOI);
	}
	printf("stress msi: %ld messages written, lost %ld, affinity moves %ld, interrupts taken "
	       "%lu (CPU0 %lu, CPU1 %lu), bad messages %lu\n", events, lost, atomic_load(&moves),
	       taken, per_cpu[0], per_cpu[1], simpic_msi_bad(fx.pic));
	CHECK_EQ(lost, 0);
	CHECK_EQ(simpic_msi_bad(fx.pic), 0);
	CHECK(per_cpu[0] > 0 && per_cpu[1] > 0);
	CHECK(events > 0);
}

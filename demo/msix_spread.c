// SPDX-License-Identifier: MIT
/*
 * msix_spread.c - the msix-spread scenario on a virtio-rng-pci device
 * through its legacy I/O registers (see msix_spread.h).
 */
#include <stdatomic.h>
#include <genirq/compat.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/pci.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "msix_spread.h"

#define MSIX_EVENTS		20u	/* per vector */
/* How long a request held at a masked vector is watched for running (the
 * MSIX_EVENTS before it each took far less). */
#define HELD_WAIT_NS		(50ull * 1000 * 1000)
#define TARGET_BYTES		24

/* The legacy virtio-pci registers (BAR 0). */
#define VIO_GUEST_FEATURES	0x04
#define VIO_QUEUE_PFN		0x08
#define VIO_QUEUE_NUM		0x0C
#define VIO_QUEUE_SEL		0x0E
#define VIO_QUEUE_NOTIFY	0x10
#define VIO_STATUS		0x12
#define VIO_QUEUE_VECTOR	0x16	/* with MSI-X on */
#define VIO_STATUS_DRIVER	0x3u	/* ACKNOWLEDGE | DRIVER */
#define VIO_STATUS_OK		0x4u	/* DRIVER_OK */
#define VIO_NO_VECTOR		0xFFFFu
#define VRING_DESC_F_WRITE	2u
#define VRING_MAX		256u
#define VRING_PAGE		4096u	/* the legacy queue's alignment, QUEUE_PFN's unit */
#define RNG_BYTES		16u

struct vring_desc {
	uint64_t	addr;
	uint32_t	len;
	uint16_t	flags, next;
};

/* The legacy layout: descriptors, the available ring, then the used
 * ring on the next page (queue size at most VRING_MAX). */
static uint8_t vring_mem[3 * VRING_PAGE] __attribute__((aligned(VRING_PAGE)));
static uint8_t rng_buf[RNG_BYTES];
static uint16_t avail_idx;
static const struct msix_spread_env *cur;

static _Atomic unsigned long runs[MSIX_SPREAD_VECTORS];

static irqreturn_t msix_handler(int irq, void *dev)
{
	(void)irq;
	atomic_fetch_add((_Atomic unsigned long *)dev, 1);
	return IRQ_HANDLED;
}

/* One request for random bytes; the device's answer is an interrupt on
 * the queue's vector. */
static void rng_request(unsigned int qsz)
{
	struct vring_desc *desc = (struct vring_desc *)vring_mem;
	volatile uint16_t *avail = (volatile uint16_t *)(vring_mem + 16 * qsz);

	desc[0] = (struct vring_desc){ (uintptr_t)rng_buf, RNG_BYTES, VRING_DESC_F_WRITE, 0 };
	avail[2 + avail_idx % qsz] = 0;
	atomic_thread_fence(memory_order_release);
	avail[1] = ++avail_idx;
	atomic_thread_fence(memory_order_seq_cst);
	cur->io_write(VIO_QUEUE_NOTIFY, 2, 0);
}

/* Reset, driver found, no features, queue 0 at vring_mem. Return: its
 * size (not set up unless 1..VRING_MAX). */
static unsigned int rng_setup(void)
{
	unsigned int qsz;

	cur->io_write(VIO_STATUS, 1, 0);			/* reset */
	cur->io_write(VIO_STATUS, 1, VIO_STATUS_DRIVER);
	cur->io_write(VIO_GUEST_FEATURES, 4, 0);
	cur->io_write(VIO_QUEUE_SEL, 2, 0);
	qsz = cur->io_read(VIO_QUEUE_NUM, 2);
	if (qsz == 0 || qsz > VRING_MAX)
		return qsz;
	__builtin_memset(vring_mem, 0, sizeof(vring_mem));
	avail_idx = 0;
	cur->io_write(VIO_QUEUE_PFN, 4, (uint32_t)((uintptr_t)vring_mem / VRING_PAGE));
	return qsz;
}

/* Wait up to @ns until runs[@i] reaches @want. Return: it did. */
static bool wait_runs_ns(unsigned int i, unsigned long want, uint64_t ns)
{
	uint64_t end = port_time_ns() + ns;

	while (atomic_load(&runs[i]) < want && port_time_ns() < end)
		port_cpu_relax();
	return atomic_load(&runs[i]) >= want;
}

/* Whether line @irq is shut down for lack of online CPUs (its spurious view). */
static bool shut_down(unsigned int irq)
{
	char path[48], text[256];

	irq_snprintf(path, sizeof(path), "/proc/irq/%u/spurious", irq);
	return irq_proc_read(path, text, sizeof(text)) > 0 &&
	       scenario_contains(text, "shut-down-no-cpu");
}

static bool same(const char *x, const char *y)
{
	while (*x && *x == *y)
		x++, y++;
	return *x == *y;
}

/*
 * The CPUs of managed line @irq (vector @i) leave the core's online mask
 * and come back (the CPUs keep running); the queue's request made
 * meanwhile is held at the vector's MSI-X mask bit and delivered once
 * they are back. Return: the line was shut down and kept its target, the
 * request ran once, after.
 */
static bool offline_and_back(unsigned int qsz, unsigned int irq, unsigned int i,
			     const struct irq_cpumask *cpus, char *text, size_t size)
{
	unsigned int cpu0 = 0, cpu1 = 0, c;
	unsigned long before = atomic_load(&runs[i]);
	char list[16], hw0[TARGET_BYTES] = "", hw1[TARGET_BYTES] = "";
	bool down, early, late;

	cur->target(irq, &cpu0, hw0, sizeof(hw0));
	cur->io_write(VIO_QUEUE_VECTOR, 2, i);
	irq_for_each_cpu(c, cpus)
		if (c != 0)
			irq_cpu_set_online(c, false);
	down = shut_down(irq);
	rng_request(qsz);
	early = wait_runs_ns(i, before + 1, HELD_WAIT_NS);
	irq_for_each_cpu(c, cpus)
		if (c != 0)
			irq_cpu_set_online(c, true);
	late = scenario_wait_count(&runs[i], before + 1);
	cur->target(irq, &cpu1, hw1, sizeof(hw1));
	cpumask_print_list(list, sizeof(list), cpus);
	irq_snprintf(text, size, "irq %u on CPU%u: CPUs %s marked offline: %s, %s kept %s, a request %s; "
		     "back: ran %lu time(s) on CPU%u", irq, cpu0, list, down ? "shut down" : "NOT shut down",
		     hw0, same(hw1, hw0) && cpu1 == cpu0 ? "yes" : "no",
		     early ? "RAN while offline" : "held", atomic_load(&runs[i]) - before, cpu1);
	return down && !early && late && atomic_load(&runs[i]) == before + 1 && cpu1 == cpu0 &&
	       same(hw1, hw0) && cpumask_test_cpu(cpu1, cpus) && !shut_down(irq);
}

/*
 * The queue routed to vector @i (line @irq): MSIX_EVENTS requests, each
 * waiting for its handler run. *@on_cpu: the line's runs on @cpu meanwhile,
 * *@elsewhere: all its runs on other CPUs. Return: every request ran.
 */
static bool vector_events(struct pci_irq_dev *dev, unsigned int qsz, unsigned int i, unsigned int irq,
			  unsigned int cpu, unsigned long *on_cpu, unsigned long *elsewhere)
{
	unsigned long before = irq_stat_cpu(irq, cpu);
	bool ok = true;

	cur->io_write(VIO_QUEUE_VECTOR, 2, i);
	if (cur->io_read(VIO_QUEUE_VECTOR, 2) != i)
		return false;
	for (unsigned int k = 0; k < MSIX_EVENTS && ok; k++) {
		unsigned long want = atomic_load(&runs[i]) + 1;

		rng_request(qsz);
		ok = scenario_wait_count(&runs[i], want);
	}
	*on_cpu = irq_stat_cpu(irq, cpu) - before;
	*elsewhere = irq_stat_total(irq) - irq_stat_cpu(irq, cpu);
	/* A managed vector runs on a CPU the spreading gave it. */
	return ok && *on_cpu == MSIX_EVENTS && *elsewhere == 0 &&
	       (!dev->masks || !dev->masks[i].is_managed || cpumask_test_cpu(cpu, &dev->masks[i].mask));
}

/*
 * The vectors come from pci_alloc_irq_vectors_affinity() with PCI_IRQ_AFFINITY:
 * vector 0 (virtio's configuration vector) and the last stay unmanaged, the
 * others are spread over the CPUs, one run of CPUs each, and managed.
 */
static void spread(struct scenario_tally *t, unsigned int qsz)
{
	const char *name = "msix-spread";
	static struct pci_irq_dev dev;
	struct irq_affinity affd = { .pre_vectors = 1, .post_vectors = 1 };
	unsigned int cpu[MSIX_SPREAD_VECTORS] = { 0 }, spread = 0, slot = cur->slot;
	unsigned long on_cpu[MSIX_SPREAD_VECTORS] = { 0 }, elsewhere[MSIX_SPREAD_VECTORS] = { 0 };
	unsigned long per_cpu[GENIRQ_NR_CPUS] = { 0 };
	char text[200], hot[160] = "", path[48], hw[TARGET_BYTES];
	bool ok = true, back = false;
	int irq, err = 0, n = 0, nvec, refused = 0, managed = 0;
	struct irq_cpumask cpus, before, after;

	dev = (struct pci_irq_dev){ .msi_domain = cur->domain };
	err = pci_msi_dev_init(&dev.msi, cur->cfg, cur->cfg_ctx, cur->rid);
	nvec = err ? err : pci_alloc_irq_vectors_affinity(&dev, 3, MSIX_SPREAD_VECTORS,
							  PCI_IRQ_MSIX | PCI_IRQ_AFFINITY, &affd);
	if (nvec < 3) {
		scenario_fail(t, name, "virtio-rng at 00:%02x.0: pci_alloc_irq_vectors_affinity %d",
			      slot, nvec);
		cur->io_write(VIO_STATUS, 1, 0);
		return;
	}
	irq = pci_irq_vector(&dev, 0);
	for (int i = 0; i < nvec && !err; i++) {
		atomic_store(&runs[i], 0);
		err = request_irq((unsigned int)irq + (unsigned int)i, msix_handler, 0, "virtio-rng",
				  &runs[i]);
		managed += irq_affinity_is_managed((unsigned int)irq + (unsigned int)i);
	}
	cur->io_write(VIO_STATUS, 1, VIO_STATUS_DRIVER | VIO_STATUS_OK);
	cpumask_clear(&cpus);
	/* The queue's vector is the driver's choice: route it to each in turn. */
	for (unsigned int i = 0; i < (unsigned int)nvec && !err; i++) {
		unsigned int irqi = (unsigned int)irq + i;
		char list[16];

		hw[0] = '\0';
		err = cur->target(irqi, &cpu[i], hw, sizeof(hw));
		ok = ok && !err && vector_events(&dev, qsz, i, irqi, cpu[i], &on_cpu[i], &elsewhere[i]);
		per_cpu[cpu[i]] += on_cpu[i];
		if (!cpumask_test_cpu(cpu[i], &cpus))
			spread++;
		cpumask_set_cpu(cpu[i], &cpus);
		cpumask_print_list(list, sizeof(list), pci_irq_get_affinity(&dev, i));
		irq_log("msix-spread: vector %u irq %u %s CPUs %s: %s on CPU%u, %lu events",
			i, irqi, irq_affinity_is_managed(irqi) ? "managed" : "unmanaged", list, hw,
			cpu[i], on_cpu[i]);
		n += irq_snprintf(text + n, sizeof(text) - (size_t)n, "%s irq %u %s CPU%u %lu",
				  i ? ";" : "", irqi, hw, cpu[i], on_cpu[i]);
	}
	for (unsigned int c = 0; c < port_nr_cpus(); c++)
		irq_log("msix-spread: CPU%u: %lu events", c, per_cpu[c]);

	/* smp_affinity of a managed vector is not the user's: -EIO, nothing moved. */
	irq_get_effective_affinity((unsigned int)irq + 1, &before);
	irq_snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity", irq + 1);
	refused = irq_proc_write(path, cpu[1] == 0 ? "2" : "1", 1);
	irq_get_effective_affinity((unsigned int)irq + 1, &after);
	irq_log("msix-spread: echo %s > %s: %d", cpu[1] == 0 ? "2" : "1", path, refused);

	/* The CPUs of the last managed vector leave and come back. */
	if (!err && ok)
		back = offline_and_back(qsz, (unsigned int)irq + (unsigned int)nvec - 2,
					(unsigned int)nvec - 2, &dev.masks[nvec - 2].mask, hot,
					sizeof(hot));
	irq_log("msix-spread: %s", hot);
	cur->io_write(VIO_QUEUE_VECTOR, 2, VIO_NO_VECTOR);
	cur->io_write(VIO_STATUS, 1, 0);			/* reset: the queue stops */
	for (int i = 0; i < nvec; i++)
		free_irq((unsigned int)irq + (unsigned int)i, &runs[i]);
	pci_free_irq_vectors(&dev);
	if (dev.kind != PCI_IRQ_KIND_NONE)
		err = -EBUSY;
	if (!err && ok && spread >= 2 && managed == nvec - 2 && refused == -EIO &&
	    cpumask_equal(&before, &after) && back)
		scenario_pass(t, name, "virtio-rng 00:%02x.0, %d MSI-X vectors (%d managed) on %u CPUs, %u events each:%s; smp_affinity of a managed vector: -EIO; its CPUs marked offline and back: 1 request held, delivered",
			      slot, nvec, managed, spread, MSIX_EVENTS, text);
	else
		scenario_fail(t, name, "err %d, all events on their CPU %d, CPUs %u (want >= 2), managed %d, smp_affinity write %d (want -EIO), offline and back %d:%s",
			      err, ok, spread, managed, refused, back, text);
}

void msix_spread_scenario(struct scenario_tally *t, const struct msix_spread_env *env)
{
	unsigned int qsz;

	if (!SCENARIO_NEEDS(t, "msix-spread", GENIRQ_MSI))
		return;
	if (!env) {
		scenario_skip(t, "msix-spread", "no virtio-rng-pci device (add -device virtio-rng-pci,vectors=%u)",
			      MSIX_SPREAD_VECTORS);
		return;
	}
	if (port_nr_cpus() < 2) {
		scenario_skip(t, "msix-spread", "uniprocessor machine (port_nr_cpus() = 1)");
		return;
	}
	cur = env;
	qsz = rng_setup();
	if (qsz == 0 || qsz > VRING_MAX)
		scenario_fail(t, "msix-spread", "virtio-rng at 00:%02x.0: queue size %u", env->slot, qsz);
	else
		spread(t, qsz);
}

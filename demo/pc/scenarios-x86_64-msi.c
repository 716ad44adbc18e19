// SPDX-License-Identifier: MIT
/*
 * scenarios-x86_64-msi.c - the x86_64 kernel's message-signalled
 * scenarios: msi (the edu device's MSI capability through PCI-MSI on the
 * vector domain) and msix-spread (a virtio-rng-pci device's MSI-X vectors
 * spread over the CPUs by pci_alloc_irq_vectors_affinity(), managed). See docs/x86_64.md for the domain stack.
 */
#include <genirq/chip/x86_vector.h>
#include <genirq/compat.h>
#include <genirq/msi.h>
#include <genirq/pci.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "scenario.h"
#include "demo.h"
#include "x86_64.h"

#define MSI_EVENTS	100u	/* per CPU in msi */
#define MSIX_EVENTS	20u	/* per vector in msix-spread */
#define MSIX_VECTORS	4u
#define EVENT_WAIT_NS	(1000ull * 1000 * 1000)	/* a hung device, not a slow one */
#define HELD_WAIT_NS	(50ull * 1000 * 1000)	/* 20 events took far less each */
#define PCI_ADDR	0xCF8
#define PCI_DATA	0xCFC
#define PCI_COMMAND	0x04
#define PCI_CMD_IO_MEM_MASTER	0x7u
#define VIRTIO_RNG_ID	0x10051AF4u	/* transitional virtio-rng: device << 16 | vendor */

/* --- bus 0 configuration space and 32-bit memory BARs --- */

struct pc_pci {
	unsigned int	slot;
};

static uint32_t cfg_read32(void *ctx, unsigned int off)
{
	struct pc_pci *p = ctx;

	outl(PCI_ADDR, 0x80000000u | p->slot << 11 | (off & 0xFCu));
	return inl(PCI_DATA);
}

static void cfg_write32(void *ctx, unsigned int off, uint32_t val)
{
	struct pc_pci *p = ctx;

	outl(PCI_ADDR, 0x80000000u | p->slot << 11 | (off & 0xFCu));
	outl(PCI_DATA, val);
}

static uintptr_t bar_base(void *ctx, unsigned int bar)
{
	return cfg_read32(ctx, 0x10 + 4 * bar) & ~0xFu;
}

static uint32_t bar_read32(void *ctx, unsigned int bar, uint32_t off)
{
	return x86_mmio_read32(bar_base(ctx, bar) + off);
}

static void bar_write32(void *ctx, unsigned int bar, uint32_t off, uint32_t val)
{
	x86_mmio_write32(bar_base(ctx, bar) + off, val);
}

static const struct pci_cfg_ops pc_cfg_ops = {
	.read32		= cfg_read32,
	.write32	= cfg_write32,
	.mmio_read32	= bar_read32,
	.mmio_write32	= bar_write32,
};

/* Decode on and bus master on: an MSI is the device's memory write. */
static void pci_enable_device(struct pc_pci *p)
{
	cfg_write32(p, PCI_COMMAND, (cfg_read32(p, PCI_COMMAND) & 0xFFFFu) | PCI_CMD_IO_MEM_MASTER);
}

/* Requester ID of bus 0 @slot, function 0. */
static uint32_t pci_id(unsigned int slot)
{
	return slot << 3;
}

static unsigned int dest_apic(const struct msi_msg *m)
{
	return (m->address_lo >> X86_MSI_DEST_SHIFT) & 0xFFu;
}

/* Wait up to @ns until *@n reaches @want (the handler ran). Return: it did. */
static bool wait_count_ns(volatile unsigned long *n, unsigned long want, uint64_t ns)
{
	uint64_t end = port_time_ns() + ns;

	while (*n < want && port_time_ns() < end)
		port_cpu_relax();
	return *n >= want;
}

static bool wait_count(volatile unsigned long *n, unsigned long want)
{
	return wait_count_ns(n, want, EVENT_WAIT_NS);
}

static unsigned int free_vectors(unsigned int cpu)
{
	return x86_vector_free_count(x86_64_vectors, cpu);
}

/* --- msi: the edu device --- */

/* Raise @n messages one at a time (same-vector messages coalesce in the
 * target's IRR): each waits for its handler run. Return: all ran. */
static bool edu_messages(struct edu *e, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		unsigned long want = e->claimed + 1;

		edu_raise(e, 1);
		if (!wait_count(&e->claimed, want))
			return false;
	}
	return true;
}

/* Where line @irq's vector is now (CPU 0 when it has none). */
static unsigned int msi_cpu(int irq, unsigned int *vec)
{
	unsigned int cpu = 0;

	if (x86_vector_target(x86_64_vectors, (unsigned int)irq, &cpu, vec) != 0)
		cpu = 0;
	return cpu;
}

/* The line starts on the CPU the matrix chose (A), then moves to the other (B). */
static void sc_msi(struct scenario_tally *t, struct edu *e)
{
	const char *name = "msi";
	static struct pc_pci pci;
	static struct pci_msi_dev pdev;
	unsigned int f0[2] = { free_vectors(0), free_vectors(1) }, fa[2], fm[2], ff[2];
	unsigned int a, b, vec0 = 0, vec1 = 0;
	struct msi_msg m0, m1;
	struct cpumask one;
	unsigned long ca, cb, aa, ab, ba, bb;
	char row[160], eff[16], path[48], want_eff[4];
	bool ok0, ok1;
	int irq, err;

	pci.slot = e->slot;
	pci_enable_device(&pci);
	err = pci_msi_dev_init(&pdev, &pc_cfg_ops, &pci, pci_id(e->slot));
	irq = err ? err : pci_enable_msi(&pdev, x86_64_msi_domain);
	if (irq < 0) {
		scenario_fail(t, name, "edu at 00:%02x.0: MSI enable %d", e->slot, irq);
		return;
	}
	err = request_irq((unsigned int)irq, edu_irq, 0, "edu-msi", e);
	fa[0] = free_vectors(0);
	fa[1] = free_vectors(1);
	msi_get_msg((unsigned int)irq, &m0);
	a = msi_cpu(irq, &vec0);
	b = a == 0 ? 1 : 0;
	ca = irq_stat_cpu((unsigned int)irq, a);
	cb = irq_stat_cpu((unsigned int)irq, b);
	ok0 = !err && edu_messages(e, MSI_EVENTS);
	aa = irq_stat_cpu((unsigned int)irq, a) - ca;
	ab = irq_stat_cpu((unsigned int)irq, b) - cb;
	scenario_proc_row((unsigned int)irq, row, sizeof(row));
	irq_log("msi: %s", row);

	/* Move to B: a new vector there, the device's message rewritten. */
	cpumask_clear(&one);
	cpumask_set_cpu(b, &one);
	err = err ? err : irq_set_affinity((unsigned int)irq, &one);
	msi_get_msg((unsigned int)irq, &m1);
	msi_cpu(irq, &vec1);
	ok1 = !err && edu_messages(e, MSI_EVENTS);
	ba = irq_stat_cpu((unsigned int)irq, a) - ca - aa;
	bb = irq_stat_cpu((unsigned int)irq, b) - cb - ab;
	/* The first event on B has asked A to let the old vector go. */
	for (uint64_t end = port_time_ns() + EVENT_WAIT_NS;
	     x86_vector_moving(x86_64_vectors) && port_time_ns() < end;)
		port_cpu_relax();
	fm[0] = free_vectors(0);
	fm[1] = free_vectors(1);
	irq_snprintf(path, sizeof(path), "/proc/irq/%d/effective_affinity_list", irq);
	irq_proc_read(path, eff, sizeof(eff));
	irq_snprintf(want_eff, sizeof(want_eff), "%u\n", b);

	free_irq((unsigned int)irq, e);
	err = err ? err : pci_disable_msi(&pdev);
	ff[0] = free_vectors(0);
	ff[1] = free_vectors(1);
	irq_log("msi: matrix free vectors CPU0/CPU1: %u/%u before, %u/%u allocated, %u/%u moved, %u/%u freed",
		f0[0], f0[1], fa[0], fa[1], fm[0], fm[1], ff[0], ff[1]);
	if (!err && ok0 && ok1 && aa == MSI_EVENTS && ab == 0 && ba == 0 && bb == MSI_EVENTS &&
	    dest_apic(&m0) == x86_64_mach.apic_id[a] && dest_apic(&m1) == x86_64_mach.apic_id[b] &&
	    scenario_contains(eff, want_eff) && fa[a] + 1 == f0[a] && fm[a] == f0[a] &&
	    fm[b] + 1 == f0[b] && ff[a] == f0[a] && ff[b] == f0[b] &&
	    scenario_contains(row, "PCI-MSI"))
		scenario_pass(t, name, "edu 00:%02x.0 irq %d: %u messages -> %lu runs on CPU%u (vector 0x%x, dest APIC %u); moved: %lu on CPU%u (vector 0x%x, dest APIC %u), CPU%u +%lu; free vectors CPU%u %u -> %u -> %u",
			      e->slot, irq, MSI_EVENTS, aa, a, vec0, dest_apic(&m0), bb, b, vec1,
			      dest_apic(&m1), a, ba, a, f0[a], fa[a], ff[a]);
	else
		scenario_fail(t, name, "irq %d err %d: runs CPU%u %lu/%lu CPU%u %lu/%lu (want %u then on CPU%u), dest %u -> %u, effective '%s', free CPU0 %u %u %u %u CPU1 %u %u %u %u",
			      irq, err, a, aa, ba, b, ab, bb, MSI_EVENTS, b, dest_apic(&m0),
			      dest_apic(&m1), eff, f0[0], fa[0], fm[0], ff[0], f0[1], fa[1], fm[1],
			      ff[1]);
}

/* --- the instruction count of one MSI event, next to the IO-APIC one --- */

static volatile uint64_t bench_in;

static irqreturn_t bench_handler(int irq, void *dev)
{
	bench_in = x86_rdtsc();
	return edu_irq(irq, dev);
}

/*
 * The same device, trigger and handler as the IO-APIC line's figure
 * (scenarios-x86_64.c): a store to edu's raise register, the handler
 * acknowledging it; here the edge flow on PCI-MSI over the vector domain,
 * there the fasteoi flow on the IO-APIC's level pin.
 */
void x86_64_msi_bench(struct edu *e)
{
	static struct pc_pci pci;
	static struct pci_msi_dev pdev;
	uint64_t t0, t2;
	int irq;

	pci.slot = e->slot;
	pci_enable_device(&pci);
	irq = pci_msi_dev_init(&pdev, &pc_cfg_ops, &pci, pci_id(e->slot));
	irq = irq ? irq : pci_enable_msi(&pdev, x86_64_msi_domain);
	if (irq < 0)
		return;
	if (!request_irq((unsigned int)irq, bench_handler, 0, "edu-msi-bench", e)) {
		struct cpumask here;

		/* Taken on this CPU, as the IO-APIC line's figure. */
		cpumask_clear(&here);
		cpumask_set_cpu(port_cpu_id(), &here);
		irq_set_affinity((unsigned int)irq, &here);
		edu_raise(e, 1);		/* warm up (and the end of the move) */
		t0 = x86_rdtsc();
		edu_raise(e, 1);
		t2 = x86_rdtsc();
		free_irq((unsigned int)irq, e);
		irq_log("MSI dispatch (PCI-MSI edge line on the vector domain): %llu TSC from the raising store to the handler, %llu back to the interrupted code (instructions under -icount shift=0)",
			(unsigned long long)(bench_in - t0), (unsigned long long)(t2 - bench_in));
	}
	pci_disable_msi(&pdev);
}

/* --- msix-spread: virtio-rng-pci through its legacy I/O registers --- */

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
#define RNG_BYTES		16u

struct vring_desc {
	uint64_t	addr;
	uint32_t	len;
	uint16_t	flags, next;
};

/* The legacy layout: descriptors, the available ring, then the used
 * ring on the next page (queue size at most VRING_MAX). */
static uint8_t vring_mem[3 * 4096] __attribute__((aligned(4096)));
static uint8_t rng_buf[RNG_BYTES];
static uint16_t avail_idx;

struct msix_vec {
	volatile unsigned long	runs;
};
static struct msix_vec msix_vecs[MSIX_VECTORS];

static irqreturn_t msix_handler(int irq, void *dev)
{
	struct msix_vec *v = dev;

	(void)irq;
	v->runs++;
	return IRQ_HANDLED;
}

/* One request for random bytes; the device's answer is an interrupt on
 * the queue's vector. */
static void rng_request(uint16_t io, unsigned int qsz)
{
	struct vring_desc *desc = (struct vring_desc *)vring_mem;
	volatile uint16_t *avail = (volatile uint16_t *)(vring_mem + 16 * qsz);

	desc[0] = (struct vring_desc){ (uintptr_t)rng_buf, RNG_BYTES, VRING_DESC_F_WRITE, 0 };
	avail[2 + avail_idx % qsz] = 0;
	__atomic_thread_fence(__ATOMIC_RELEASE);
	avail[1] = ++avail_idx;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	outw(io + VIO_QUEUE_NOTIFY, 0);
}

static int find_slot(uint32_t id)
{
	for (unsigned int slot = 0; slot < 32; slot++) {
		struct pc_pci p = { slot };

		if (cfg_read32(&p, 0) == id)
			return (int)slot;
	}
	return -1;
}

/* Whether line @irq is shut down for lack of online CPUs (its spurious view). */
static bool shut_down(unsigned int irq)
{
	char path[48], text[256];

	irq_snprintf(path, sizeof(path), "/proc/irq/%u/spurious", irq);
	return irq_proc_read(path, text, sizeof(text)) > 0 &&
	       scenario_contains(text, "shut-down-no-cpu");
}

/*
 * The CPUs of managed line @irq leave the core's online mask and come
 * back (irq_cpu_set_online(): the demo has no CPU hot-unplug, so the CPUs
 * keep running); the queue's request made meanwhile is held at the
 * vector's MSI-X mask bit and delivered once they are back. Return: the
 * line was shut down and kept its vector, the request ran once, after.
 */
static bool offline_and_back(uint16_t io, unsigned int qsz, unsigned int irq, unsigned int i,
			     const struct cpumask *cpus, char *text, size_t size)
{
	unsigned int cpu0 = 0, vec0 = 0, cpu1 = 0, vec1 = 0, c;
	unsigned long runs = msix_vecs[i].runs;
	bool down, early, late;
	char list[16];

	x86_vector_target(x86_64_vectors, irq, &cpu0, &vec0);
	outw(io + VIO_QUEUE_VECTOR, (uint16_t)i);
	irq_for_each_cpu(c, cpus)
		if (c != 0)
			irq_cpu_set_online(c, false);
	down = shut_down(irq);
	rng_request(io, qsz);
	early = wait_count_ns(&msix_vecs[i].runs, runs + 1, HELD_WAIT_NS);
	irq_for_each_cpu(c, cpus)
		if (c != 0)
			irq_cpu_set_online(c, true);
	late = wait_count(&msix_vecs[i].runs, runs + 1);
	x86_vector_target(x86_64_vectors, irq, &cpu1, &vec1);
	cpumask_print_list(list, sizeof(list), cpus);
	irq_snprintf(text, size, "irq %u on CPU%u: CPUs %s marked offline: %s, vector 0x%x kept %s, a request %s; "
		     "back: ran %lu time(s) on CPU%u", irq, cpu0, list, down ? "shut down" : "NOT shut down",
		     vec0, vec1 == vec0 && cpu1 == cpu0 ? "yes" : "no",
		     early ? "RAN while offline" : "held", msix_vecs[i].runs - runs, cpu1);
	return down && !early && late && msix_vecs[i].runs == runs + 1 && cpu1 == cpu0 &&
	       vec1 == vec0 && cpumask_test_cpu(cpu1, cpus) && !shut_down(irq);
}

/*
 * The vectors come from pci_alloc_irq_vectors_affinity() with PCI_IRQ_AFFINITY:
 * vector 0 (virtio's configuration vector) and the last stay unmanaged, the
 * others are spread over the CPUs, one run of CPUs each, and managed.
 */
static void sc_msix(struct scenario_tally *t)
{
	const char *name = "msix-spread";
	static struct pc_pci pci;
	static struct pci_irq_dev dev;
	struct irq_affinity affd = { .pre_vectors = 1, .post_vectors = 1 };
	unsigned int cpu[MSIX_VECTORS] = { 0 }, vec[MSIX_VECTORS] = { 0 }, qsz, spread = 0;
	unsigned long on_cpu[MSIX_VECTORS] = { 0 }, elsewhere[MSIX_VECTORS] = { 0 };
	unsigned long per_cpu[GENIRQ_NR_CPUS] = { 0 };
	char text[200], hot[160] = "", path[48];
	uint16_t io;
	bool ok = true, back = false;
	int slot = find_slot(VIRTIO_RNG_ID), irq, err = 0, n = 0, nvec, refused = 0, managed = 0;
	struct cpumask cpus, before, after;

	if (slot < 0) {
		scenario_skip(t, name, "no virtio-rng-pci device (add -device virtio-rng-pci,vectors=%u)",
			      MSIX_VECTORS);
		return;
	}
	pci.slot = (unsigned int)slot;
	pci_enable_device(&pci);
	io = (uint16_t)(cfg_read32(&pci, 0x10) & ~0x3u);
	outb(io + VIO_STATUS, 0);				/* reset */
	outb(io + VIO_STATUS, VIO_STATUS_DRIVER);
	outl(io + VIO_GUEST_FEATURES, 0);
	outw(io + VIO_QUEUE_SEL, 0);
	qsz = inw(io + VIO_QUEUE_NUM);
	if (qsz == 0 || qsz > VRING_MAX) {
		scenario_fail(t, name, "virtio-rng at 00:%02x.0: queue size %u", slot, qsz);
		return;
	}
	__builtin_memset(vring_mem, 0, sizeof(vring_mem));
	avail_idx = 0;
	outl(io + VIO_QUEUE_PFN, (uint32_t)((uintptr_t)vring_mem >> 12));

	err = pci_msi_dev_init(&dev.msi, &pc_cfg_ops, &pci, pci_id(pci.slot));
	dev.msi_domain = x86_64_msi_domain;
	nvec = err ? err : pci_alloc_irq_vectors_affinity(&dev, 3, MSIX_VECTORS,
							  PCI_IRQ_MSIX | PCI_IRQ_AFFINITY, &affd);
	if (nvec < 3) {
		scenario_fail(t, name, "virtio-rng at 00:%02x.0: pci_alloc_irq_vectors_affinity %d",
			      slot, nvec);
		outb(io + VIO_STATUS, 0);
		return;
	}
	irq = pci_irq_vector(&dev, 0);
	for (int i = 0; i < nvec && !err; i++) {
		msix_vecs[i].runs = 0;
		err = request_irq((unsigned int)irq + (unsigned int)i, msix_handler, 0, "virtio-rng",
				  &msix_vecs[i]);
		managed += irq_affinity_is_managed((unsigned int)irq + (unsigned int)i);
	}
	outb(io + VIO_STATUS, VIO_STATUS_DRIVER | VIO_STATUS_OK);
	cpumask_clear(&cpus);
	/* The queue's vector is the driver's choice: route it to each in turn. */
	for (unsigned int i = 0; i < (unsigned int)nvec && !err; i++) {
		unsigned int irqi = (unsigned int)irq + i;
		unsigned long before_n;
		char list[16];

		x86_vector_target(x86_64_vectors, irqi, &cpu[i], &vec[i]);
		before_n = irq_stat_cpu(irqi, cpu[i]);
		outw(io + VIO_QUEUE_VECTOR, (uint16_t)i);
		if (inw(io + VIO_QUEUE_VECTOR) != i) {
			err = -EIO;
			break;
		}
		for (unsigned int k = 0; k < MSIX_EVENTS && ok; k++) {
			unsigned long want = msix_vecs[i].runs + 1;

			rng_request(io, qsz);
			ok = wait_count(&msix_vecs[i].runs, want);
		}
		on_cpu[i] = irq_stat_cpu(irqi, cpu[i]) - before_n;
		elsewhere[i] = irq_stat_total(irqi) - irq_stat_cpu(irqi, cpu[i]);
		per_cpu[cpu[i]] += on_cpu[i];
		ok = ok && on_cpu[i] == MSIX_EVENTS && elsewhere[i] == 0;
		/* A managed vector runs on a CPU the spreading gave it. */
		ok = ok && (!dev.masks || !dev.masks[i].is_managed ||
			    cpumask_test_cpu(cpu[i], &dev.masks[i].mask));
		if (!cpumask_test_cpu(cpu[i], &cpus))
			spread++;
		cpumask_set_cpu(cpu[i], &cpus);
		cpumask_print_list(list, sizeof(list), pci_irq_get_affinity(&dev, i));
		irq_log("msix-spread: vector %u irq %u %s CPUs %s: vector 0x%x on CPU%u, %lu events",
			i, irqi, irq_affinity_is_managed(irqi) ? "managed" : "unmanaged", list, vec[i],
			cpu[i], on_cpu[i]);
		n += irq_snprintf(text + n, sizeof(text) - (size_t)n, "%s irq %u vector 0x%x CPU%u %lu",
				  i ? ";" : "", irqi, vec[i], cpu[i], on_cpu[i]);
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
		back = offline_and_back(io, qsz, (unsigned int)irq + (unsigned int)nvec - 2,
					(unsigned int)nvec - 2, &dev.masks[nvec - 2].mask, hot,
					sizeof(hot));
	irq_log("msix-spread: %s", hot);
	outw(io + VIO_QUEUE_VECTOR, VIO_NO_VECTOR);
	outb(io + VIO_STATUS, 0);				/* reset: the queue stops */
	for (int i = 0; i < nvec; i++)
		free_irq((unsigned int)irq + (unsigned int)i, &msix_vecs[i]);
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

void x86_64_msi_scenarios(struct scenario_tally *t, struct edu *edus, unsigned int nr_edu)
{
	if (!x86_64_msi_domain) {
		scenario_fail(t, "msi", "no PCI-MSI domain");
		scenario_fail(t, "msix-spread", "no PCI-MSI domain");
		return;
	}
	if (port_nr_cpus() < 2) {
		scenario_skip(t, "msi", "uniprocessor machine (port_nr_cpus() = 1): no move to show");
		scenario_skip(t, "msix-spread", "uniprocessor machine (port_nr_cpus() = 1)");
		return;
	}
	if (nr_edu)
		sc_msi(t, &edus[0]);
	else
		scenario_skip(t, "msi", "no edu PCI device (add -device edu)");
	sc_msix(t);
}

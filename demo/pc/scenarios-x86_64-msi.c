// SPDX-License-Identifier: MIT
/*
 * scenarios-x86_64-msi.c - the x86_64 kernel's message-signalled
 * scenarios: msi (the edu device's MSI capability through PCI-MSI on the
 * vector domain) and msix-spread (a virtio-rng-pci device's MSI-X vectors
 * spread over the CPUs by pci_alloc_irq_vectors_affinity(), managed: the
 * scenario is demo/msix_spread.c, the device's registers are here). See
 * docs/x86_64.md for the domain stack.
 */
#include <genirq/chip/x86_vector.h>
#include <genirq/compat.h>
#include <genirq/msi.h>
#include <genirq/pci.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "msix_spread.h"
#include "scenario.h"
#include "demo.h"
#include "x86_64.h"

#define MSI_EVENTS	100u	/* per CPU in msi */
#define EVENT_WAIT_NS	(1000ull * 1000 * 1000)	/* a hung device, not a slow one */
#define PCI_ADDR	0xCF8
#define PCI_DATA	0xCFC
#define PCI_COMMAND	0x04
#define PCI_CMD_IO_MEM_MASTER	0x7u

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

/* Wait until *@n reaches @want (the handler ran). Return: it did. */
static bool wait_count(volatile unsigned long *n, unsigned long want)
{
	uint64_t end = port_time_ns() + EVENT_WAIT_NS;

	while (*n < want && port_time_ns() < end)
		port_cpu_relax();
	return *n >= want;
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
	struct irq_cpumask one;
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
		struct irq_cpumask here;

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

/* --- msix-spread (demo/msix_spread.c): virtio-rng-pci's legacy I/O registers --- */

static uint16_t rng_io;		/* its BAR 0, in I/O space */

static uint32_t rng_io_read(unsigned int off, unsigned int bytes)
{
	uint16_t port = (uint16_t)(rng_io + off);

	return bytes == 1 ? inb(port) : bytes == 2 ? inw(port) : inl(port);
}

static void rng_io_write(unsigned int off, unsigned int bytes, uint32_t val)
{
	uint16_t port = (uint16_t)(rng_io + off);

	if (bytes == 1)
		outb(port, (uint8_t)val);
	else if (bytes == 2)
		outw(port, (uint16_t)val);
	else
		outl(port, val);
}

static int vector_target(unsigned int irq, unsigned int *cpu, char *buf, size_t size)
{
	unsigned int vec = 0;
	int err = x86_vector_target(x86_64_vectors, irq, cpu, &vec);

	irq_snprintf(buf, size, "vector 0x%x", vec);
	return err;
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

static void sc_msix(struct scenario_tally *t)
{
	static struct pc_pci pci;
	static struct msix_spread_env env = {
		.cfg = &pc_cfg_ops, .cfg_ctx = &pci, .io_read = rng_io_read,
		.io_write = rng_io_write, .target = vector_target,
	};
	int slot = find_slot(VIRTIO_RNG_PCI_ID);

	if (slot < 0) {
		msix_spread_scenario(t, NULL);
		return;
	}
	pci.slot = (unsigned int)slot;
	pci_enable_device(&pci);
	rng_io = (uint16_t)(cfg_read32(&pci, 0x10) & ~0x3u);
	env.domain = x86_64_msi_domain;
	env.rid = pci_id(pci.slot);
	env.slot = pci.slot;
	msix_spread_scenario(t, &env);
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

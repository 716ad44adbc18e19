// SPDX-License-Identifier: MIT
/*
 * scenarios-msi.c - the msi scenario on the AIA machine: the edu device's
 * MSI capability enabled through PCI-MSI stacked on the IMSIC's message
 * domain; its messages are writes of an identity to a hart's supervisor
 * interrupt file. Then msix-spread (demo/msix_spread.c) on a
 * virtio-rng-pci's MSI-X vectors through the same stack, its BARs placed
 * by demo/msix_spread_virt.c. See docs/riscv64.md for the domain stack.
 */
#include <stdatomic.h>
#include <genirq/chip/imsic.h>
#include <genirq/compat.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/msi.h>
#include <genirq/proc.h>

#include "msix_spread.h"
#include "scenario.h"
#include "demo.h"

#define MSI_EVENTS	20u	/* per CPU */
#define ECAM_SLOT_SHIFT	15

/* --- bus 0 through the ECAM: @ctx is the device number (unsigned int *) --- */

static volatile uint32_t *ecam(void *ctx, unsigned int off)
{
	const unsigned int *slot = ctx;

	return (volatile uint32_t *)(machine.ecam + ((uintptr_t)*slot << ECAM_SLOT_SHIFT) +
				     (off & 0xffcu));
}

static uint32_t cfg_read32(void *ctx, unsigned int off)
{
	return *ecam(ctx, off);
}

static void barrier(void)
{
	__asm__ __volatile__("fence iorw, iorw" ::: "memory");
}

static void cfg_write32(void *ctx, unsigned int off, uint32_t val)
{
	*ecam(ctx, off) = val;
	barrier();
}

static const struct pci_cfg_ops ecam_ops = {
	.read32		= cfg_read32,
	.write32	= cfg_write32,
};

/* --- the device's handler --- */

static _Atomic unsigned long runs;

static irqreturn_t edu_msi_handler(int irq, void *cookie)
{
	const struct edu *e = cookie;
	uint32_t st = edu_status(e);

	(void)irq;
	edu_ack(e, st);
	atomic_fetch_add(&runs, 1);
	return IRQ_HANDLED;
}

/* Raise @n messages one at a time, each waiting for its handler run (two
 * messages of one identity before the claim would be one event). */
static bool messages(const struct edu *e, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		unsigned long want = atomic_load(&runs) + 1;

		edu_raise(e, 1);
		if (!scenario_wait_count(&runs, want))
			return false;
	}
	return true;
}

static uint64_t msg_addr(const struct msi_msg *m)
{
	return (uint64_t)m->address_hi << 32 | m->address_lo;
}

static void msi_scenario(struct scenario_tally *t, struct imsic *im, struct irq_domain *msi,
			 const struct imsic_msi_config *mcfg)
{
	const char *name = "msi";
	static struct edu edus[EDU_MAX];
	static struct pci_msi_dev pdev;
	unsigned int f0[2], fa[2], fm[2], ff[2], cpu0 = 0, id0 = 0, cpu1 = 0, id1 = 0;
	unsigned long c0, c1, a0, a1, b0, b1;
	struct msi_msg m0 = { 0, 0, 0 }, m1 = { 0, 0, 0 };
	struct irq_cpumask one;
	char row[160];
	struct edu *e;
	bool ok0, ok1;
	int irq, err;

	if (!im || !msi) {
		scenario_skip(t, name, "the PLIC has no MSI: -M virt without aia has no IMSIC, "
			      "so no interrupt file a PCIe device can write (aia=aplic-imsic has)");
		return;
	}
	if (machine.nr_cpus < 2 || cpumask_weight(irq_cpu_online_mask()) < 2) {
		scenario_skip(t, name, "uniprocessor machine: no move to show");
		return;
	}
	if (edu_probe(edus, EDU_MAX) == 0) {
		scenario_skip(t, name, "no edu PCI device (add -device edu)");
		return;
	}
	e = &edus[0];
	edu_ack(e, ~0u);
	for (unsigned int c = 0; c < 2; c++)
		f0[c] = imsic_free_ids(im, c);
	err = pci_msi_dev_init(&pdev, &ecam_ops, &e->slot, e->slot << 3);
	irq = err ? err : pci_enable_msi(&pdev, msi);
	if (irq < 0) {
		scenario_fail(t, name, "edu at 00:%02x.0: MSI enable %d", e->slot, irq);
		return;
	}
	err = request_irq((unsigned int)irq, edu_msi_handler, 0, "edu-msi", e);
	for (unsigned int c = 0; c < 2; c++)
		fa[c] = imsic_free_ids(im, c);
	msi_get_msg((unsigned int)irq, &m0);
	imsic_msi_target(im, (unsigned int)irq, &cpu0, &id0);
	c0 = irq_stat_cpu((unsigned int)irq, 0);
	c1 = irq_stat_cpu((unsigned int)irq, 1);
	ok0 = !err && messages(e, MSI_EVENTS);
	a0 = irq_stat_cpu((unsigned int)irq, 0) - c0;
	a1 = irq_stat_cpu((unsigned int)irq, 1) - c1;
	scenario_proc_row((unsigned int)irq, row, sizeof(row));
	irq_log("msi: %s", row);
	scenario_log_levels("msi", (unsigned int)irq);

	/* Move to hart 1: an identity of its file, the message rewritten. */
	cpumask_clear(&one);
	cpumask_set_cpu(1, &one);
	err = err ? err : irq_set_affinity((unsigned int)irq, &one);
	msi_get_msg((unsigned int)irq, &m1);
	imsic_msi_target(im, (unsigned int)irq, &cpu1, &id1);
	ok1 = !err && messages(e, MSI_EVENTS);
	b0 = irq_stat_cpu((unsigned int)irq, 0) - c0 - a0;
	b1 = irq_stat_cpu((unsigned int)irq, 1) - c1 - a1;
	for (unsigned int c = 0; c < 2; c++)
		fm[c] = imsic_free_ids(im, c);

	free_irq((unsigned int)irq, e);
	err = err ? err : pci_disable_msi(&pdev);
	for (unsigned int c = 0; c < 2; c++)
		ff[c] = imsic_free_ids(im, c);
	irq_log("msi: free identities CPU0/CPU1: %u/%u before, %u/%u allocated, %u/%u moved, "
		"%u/%u freed", f0[0], f0[1], fa[0], fa[1], fm[0], fm[1], ff[0], ff[1]);
	if (!err && ok0 && ok1 && a0 == MSI_EVENTS && a1 == 0 && b0 == 0 && b1 == MSI_EVENTS &&
	    cpu0 == 0 && cpu1 == 1 && msg_addr(&m0) == mcfg->file_addr[0] && m0.data == id0 &&
	    msg_addr(&m1) == mcfg->file_addr[1] && m1.data == id1 && msg_addr(&m0) != msg_addr(&m1) &&
	    fa[0] + 1 == f0[0] && fa[1] == f0[1] && fm[0] == f0[0] && fm[1] + 1 == f0[1] &&
	    ff[0] == f0[0] && ff[1] == f0[1] && scenario_contains(row, "PCI-MSI") &&
	    scenario_contains(row, " Edge"))
		scenario_pass(t, name, "edu 00:%02x.0 irq %d: %u messages -> %lu runs on CPU0 "
			      "(identity %u in hart %lu's file, address 0x%llx); moved: %lu on CPU1 "
			      "(identity %u in hart %lu's file, address 0x%llx), CPU0 +%lu; free "
			      "identities hart %lu: %u -> %u -> %u, hart %lu: %u -> %u -> %u", e->slot,
			      irq, MSI_EVENTS, a0, id0, machine.hartid[0],
			      (unsigned long long)msg_addr(&m0), b1, id1, machine.hartid[1],
			      (unsigned long long)msg_addr(&m1), b0, machine.hartid[0], f0[0], fa[0],
			      ff[0], machine.hartid[1], f0[1], fm[1], ff[1]);
	else
		scenario_fail(t, name, "irq %d err %d: runs CPU0 %lu/%lu CPU1 %lu/%lu (want %u then "
			      "on CPU1), target %u:%u -> %u:%u, address 0x%llx -> 0x%llx, free "
			      "CPU0 %u %u %u %u CPU1 %u %u %u %u, row '%s'", irq, err, a0, b0, a1,
			      b1, MSI_EVENTS, cpu0, id0, cpu1, id1,
			      (unsigned long long)msg_addr(&m0), (unsigned long long)msg_addr(&m1),
			      f0[0], fa[0], fm[0], ff[0], f0[1], fa[1], fm[1], ff[1], row);
}

/* --- msix-spread: the virtio-rng-pci's vectors, identities of the harts' files --- */

static struct imsic *rng_imsic;

static int identity_target(unsigned int irq, unsigned int *cpu, char *buf, size_t size)
{
	unsigned int id = 0;
	int err = imsic_msi_target(rng_imsic, irq, cpu, &id);

	irq_snprintf(buf, size, "identity %u", id);
	return err;
}

static void msix_scenario(struct scenario_tally *t, struct imsic *im, struct irq_domain *msi)
{
	const struct msix_spread_windows win = {
		.cfg = machine.ecam ? &ecam_ops : NULL, .barrier = barrier,
		.io_cpu = machine.pci_io_cpu, .io_pci = machine.pci_io_pci, .io_size = machine.pci_io_size,
		.mem_cpu = machine.pci_mem_cpu, .mem_pci = machine.pci_mem_pci,
		.mem_size = machine.pci_mem_size,
	};

	if (GENIRQ_ENABLED(GENIRQ_MSI) && (!im || !msi)) {
		scenario_skip(t, "msix-spread", "the PLIC has no MSI: -M virt without aia has no "
			      "IMSIC (aia=aplic-imsic has)");
		return;
	}
	rng_imsic = im;
	msix_spread_virt_scenario(t, &win, msi, identity_target);
}

void virt_msi_scenario(struct scenario_tally *t, struct imsic *im, struct irq_domain *msi,
		       const struct imsic_msi_config *mcfg)
{
	msi_scenario(t, im, msi, mcfg);
	msix_scenario(t, im, msi);
}

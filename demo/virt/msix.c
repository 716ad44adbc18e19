// SPDX-License-Identifier: MIT
/*
 * msix.c - the msix-spread scenario (demo/msix_spread.c) on virt: a
 * virtio-rng-pci device's MSI-X vectors through PCI-MSI on the GICv3
 * ITS's LPIs, each a device event the ITS maps to an LPI and a CPU's
 * collection. Nothing assigns BARs before us, so we do: its legacy
 * registers (BAR 0, I/O space) in the host's I/O window, which the CPU
 * reaches as memory; its MSI-X table (BAR 1) and the modern registers
 * (BAR 4, unused) in its device number's megabyte of the 32-bit memory
 * window, as edu.c places the edus' BARs.
 */
#include <genirq/chip/gicv3_its.h>
#include <genirq/compat.h>
#include <genirq/proc.h>

#include "msix_spread.h"
#include "demo.h"

#define PCI_ID			0x00
#define PCI_COMMAND		0x04
#define PCI_BAR(n)		(0x10 + 4 * (n))
#define PCI_CMD_IO_MEM_MASTER	0x7u
#define RNG_IO_AT		0x1000u		/* in the I/O window, clear of the ISA ports */
#define SLOT_MEM_BYTES		0x100000u	/* a device number's share of the window (edu.c) */
#define RNG_MODERN_AT		0x80000u	/* BAR 4 in that share, clear of the table */

static unsigned int rng_slot;
static uintptr_t rng_io;		/* BAR 0 as the CPU sees it */
static struct its *rng_its;

static uint32_t io_read(unsigned int off, unsigned int bytes)
{
	uintptr_t a = rng_io + off;

	return bytes == 1 ? *(volatile uint8_t *)a : bytes == 2 ? *(volatile uint16_t *)a :
	       *(volatile uint32_t *)a;
}

static void io_write(unsigned int off, unsigned int bytes, uint32_t val)
{
	uintptr_t a = rng_io + off;

	if (bytes == 1)
		*(volatile uint8_t *)a = (uint8_t)val;
	else if (bytes == 2)
		*(volatile uint16_t *)a = (uint16_t)val;
	else
		*(volatile uint32_t *)a = val;
	__asm__ __volatile__("dsb sy" ::: "memory");
}

static int lpi_target(unsigned int irq, unsigned int *cpu, char *buf, size_t size)
{
	uint32_t devid, event, lpi = 0;
	int err = its_line_target(rng_its, irq, &devid, &event, &lpi, cpu);

	irq_snprintf(buf, size, "LPI %u", (unsigned int)lpi);
	return err;
}

static void cfg_write(unsigned int off, uint32_t val)
{
	virt_ecam_ops.write32(&rng_slot, off, val);
}

/* Bus 0's virtio-rng-pci, its BARs placed, decoding and bus mastering on.
 * Return: whether there is one. */
static bool rng_probe(void)
{
	uint32_t mem;

	if (!machine.ecam || !machine.pci_mem_size || !machine.pci_io_size)
		return false;
	for (rng_slot = 0; rng_slot < 32; rng_slot++)
		if (virt_ecam_ops.read32(&rng_slot, PCI_ID) == VIRTIO_RNG_PCI_ID)
			break;
	if (rng_slot == 32)
		return false;
	mem = (uint32_t)machine.pci_mem_pci + rng_slot * SLOT_MEM_BYTES;
	cfg_write(PCI_BAR(0), (uint32_t)machine.pci_io_pci + RNG_IO_AT);
	cfg_write(PCI_BAR(1), mem);
	cfg_write(PCI_BAR(4), mem + RNG_MODERN_AT);
	cfg_write(PCI_BAR(5), 0);
	cfg_write(PCI_COMMAND, (virt_ecam_ops.read32(&rng_slot, PCI_COMMAND) & 0xFFFFu) |
		  PCI_CMD_IO_MEM_MASTER);
	rng_io = (uintptr_t)machine.pci_io_cpu + RNG_IO_AT;
	return true;
}

void virt_msix_scenario(struct scenario_tally *t, struct irq_domain *pci_msi, struct its *its)
{
	static struct msix_spread_env env = {
		.cfg = &virt_ecam_ops, .cfg_ctx = &rng_slot, .io_read = io_read, .io_write = io_write,
		.target = lpi_target,
	};

	if (GENIRQ_ENABLED(GENIRQ_MSI) && !its) {
		scenario_skip(t, "msix-spread", "GICv%u: no ITS (the managed spread runs on the "
			      "GICv3's LPIs)", machine.gic_version);
		return;
	}
	if (!GENIRQ_ENABLED(GENIRQ_MSI) || !rng_probe()) {
		msix_spread_scenario(t, NULL);
		return;
	}
	rng_its = its;
	env.domain = pci_msi;
	env.rid = rng_slot << 3;
	env.slot = rng_slot;
	msix_spread_scenario(t, &env);
}

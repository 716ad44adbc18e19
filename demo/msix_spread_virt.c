// SPDX-License-Identifier: MIT
/*
 * msix_spread_virt.c - msix-spread's virtio-rng-pci on a machine no
 * firmware set up (see msix_spread.h): its BARs placed in the PCIe
 * host's windows, as the virt machines' edu.c place the edus' BARs.
 */
#include <genirq/compiler.h>
#include <genirq/config.h>

#include "msix_spread.h"

#define PCI_ID			0x00
#define PCI_COMMAND		0x04
#define PCI_BAR(n)		(0x10 + 4 * (n))
#define PCI_CMD_IO_MEM_MASTER	0x7u
#define MAX_SLOTS		32u
#define RNG_IO_AT		0x1000u		/* in the I/O window, clear of the ISA ports */
#define SLOT_MEM_BYTES		0x100000u	/* a device number's share of the memory window */
#define RNG_MODERN_AT		0x80000u	/* BAR 4 in that share, clear of the table */

static const struct msix_spread_windows *win;
static unsigned int rng_slot;
static uintptr_t rng_io;		/* BAR 0 as the CPU sees it */

static uint32_t cfg_read32(void *ctx, unsigned int off)
{
	return win->cfg->read32(ctx, off);
}

static void cfg_write32(void *ctx, unsigned int off, uint32_t val)
{
	win->cfg->write32(ctx, off, val);
}

/* Register @off of 32-bit memory BAR @bar, through the memory window. */
static volatile uint32_t *bar_reg(void *ctx, unsigned int bar, uint32_t off)
{
	uint64_t pci = cfg_read32(ctx, PCI_BAR(bar)) & ~0xFu;

	return (volatile uint32_t *)(uintptr_t)(win->mem_cpu + (pci - win->mem_pci) + off);
}

static uint32_t bar_read32(void *ctx, unsigned int bar, uint32_t off)
{
	return *bar_reg(ctx, bar, off);
}

static void bar_write32(void *ctx, unsigned int bar, uint32_t off, uint32_t val)
{
	*bar_reg(ctx, bar, off) = val;
	win->barrier();
}

static const struct pci_cfg_ops placed_ops = {
	.read32		= cfg_read32,
	.write32	= cfg_write32,
	.mmio_read32	= bar_read32,
	.mmio_write32	= bar_write32,
};

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
	win->barrier();
}

/* Find the device, place its BARs, fill @env's device fields. Return: there is one. */
static bool probe(struct msix_spread_env *env, const struct msix_spread_windows *w)
{
	uint32_t mem;

	if (!w->cfg || !w->io_size || !w->mem_size)
		return false;
	win = w;
	for (rng_slot = 0; rng_slot < MAX_SLOTS; rng_slot++)
		if (cfg_read32(&rng_slot, PCI_ID) == VIRTIO_RNG_PCI_ID)
			break;
	if (rng_slot == MAX_SLOTS || (rng_slot + 1) * SLOT_MEM_BYTES > w->mem_size)
		return false;
	mem = (uint32_t)w->mem_pci + rng_slot * SLOT_MEM_BYTES;
	cfg_write32(&rng_slot, PCI_BAR(0), (uint32_t)w->io_pci + RNG_IO_AT);
	cfg_write32(&rng_slot, PCI_BAR(1), mem);
	cfg_write32(&rng_slot, PCI_BAR(4), mem + RNG_MODERN_AT);
	cfg_write32(&rng_slot, PCI_BAR(5), 0);
	cfg_write32(&rng_slot, PCI_COMMAND,
		    (cfg_read32(&rng_slot, PCI_COMMAND) & 0xFFFFu) | PCI_CMD_IO_MEM_MASTER);
	rng_io = (uintptr_t)w->io_cpu + RNG_IO_AT;
	*env = (struct msix_spread_env){ .cfg = &placed_ops, .cfg_ctx = &rng_slot,
					 .rid = rng_slot << 3, .slot = rng_slot,
					 .io_read = io_read, .io_write = io_write };
	return true;
}

void msix_spread_virt_scenario(struct scenario_tally *t, const struct msix_spread_windows *w,
			       struct irq_domain *domain,
			       int (*target)(unsigned int irq, unsigned int *cpu, char *buf,
					     size_t size))
{
	struct msix_spread_env env;

	if (!GENIRQ_ENABLED(GENIRQ_MSI) || !probe(&env, w)) {
		msix_spread_scenario(t, NULL);
		return;
	}
	env.domain = domain;
	env.target = target;
	msix_spread_scenario(t, &env);
}

// SPDX-License-Identifier: MIT
/*
 * edu.c - QEMU's edu PCI devices on virt's generic PCIe host, as
 * interrupt sources the demo controls: a write to 0x60 asserts the INTx
 * level, a write to 0x64 withdraws it; two edus whose INTA the host's
 * swizzle puts on one source share it as a true wired-OR (docs/edu.md).
 * Config space through ECAM; nothing has assigned BARs (OpenSBI does not
 * enumerate PCI), so we place BAR0 in the 32-bit memory window.
 */
#include <genirq/of_irq.h>

#include "demo.h"

#define EDU_ID			0x11e81234u	/* device << 16 | vendor */
#define PCI_ID			0x00
#define PCI_COMMAND		0x04
#define PCI_BAR0		0x10
#define PCI_CMD_MEM_MASTER	0x6
#define EDU_BAR_BYTES		0x100000u
#define ECAM_SLOT_SHIFT		15	/* bus 0: device << 15 | function << 12 | reg */
#define EDU_IRQ_STATUS		(0x24 / 4)
#define EDU_IRQ_RAISE		(0x60 / 4)
#define EDU_IRQ_ACK		(0x64 / 4)

static volatile uint32_t *cfg(unsigned int slot, unsigned int reg)
{
	return (volatile uint32_t *)(machine.ecam + ((uintptr_t)slot << ECAM_SLOT_SHIFT) + reg);
}

/*
 * Alike in pseries' and virt's edu.c, not shared: the config access (ECAM
 * here), the INTx routing and the barrier after a write are each
 * machine's.
 */
unsigned int edu_probe(struct edu *devs, unsigned int max)
{
	unsigned int n = 0;

	if (!machine.ecam || !machine.pci_mem_size)
		return 0;
	for (unsigned int slot = 0; slot < PCI_SLOTS && n < max; slot++) {
		uint32_t bar = (uint32_t)machine.pci_mem_pci + slot * EDU_BAR_BYTES;

		/* Its INTA through the host's interrupt-map (bus 0, function 0). */
		if (*cfg(slot, PCI_ID) != EDU_ID ||
		    irq_of_parse_pci(machine.dtb, machine.pci_node, 0, slot << 3, 1, &devs[n].fw))
			continue;
		*cfg(slot, PCI_BAR0) = bar;
		*cfg(slot, PCI_COMMAND) |= PCI_CMD_MEM_MASTER;
		devs[n].mmio = (volatile uint32_t *)(uintptr_t)(machine.pci_mem_cpu +
								 (bar - machine.pci_mem_pci));
		devs[n].slot = slot;
		devs[n].src = devs[n].fw.param[0];	/* the first cell, PLIC's or APLIC's */
		n++;
	}
	return n;
}

void edu_raise(const struct edu *e, uint32_t bits)
{
	e->mmio[EDU_IRQ_RAISE] = bits;
	__asm__ __volatile__("fence iorw, iorw" ::: "memory");
}

void edu_ack(const struct edu *e, uint32_t bits)
{
	e->mmio[EDU_IRQ_ACK] = bits;
	__asm__ __volatile__("fence iorw, iorw" ::: "memory");
}

uint32_t edu_status(const struct edu *e)
{
	return e->mmio[EDU_IRQ_STATUS];
}

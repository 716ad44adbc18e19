// SPDX-License-Identifier: MIT
/*
 * edu.c - QEMU's edu PCI devices on virt's generic PCIe host, as
 * interrupt sources the demo controls: a write to 0x60 asserts the INTx
 * level, a write to 0x64 withdraws it; two edus whose INTA the
 * interrupt-map swizzles to one SPI share it as a true wired-OR (see
 * docs/edu.md). Configuration space through ECAM; nothing assigns BARs
 * before us, so we do, in the 32-bit memory window of the device tree.
 */
#include <genirq/of_irq.h>
#include <genirq/chip/gic.h>

#include "demo.h"

#define EDU_ID			0x11e81234u	/* device << 16 | vendor */
#define PCI_ID			0x00
#define PCI_COMMAND		0x04
#define PCI_BAR0		0x10
#define PCI_INT_PIN_WORD	0x3c		/* line (byte 0), pin (byte 1) */
#define PCI_CMD_MEM_MASTER	0x6
#define ECAM_DEVICE_SHIFT	15		/* bus 0, function 0 */
#define EDU_BAR_BYTES		0x100000u
#define EDU_IRQ_STATUS		(0x24 / 4)
#define EDU_IRQ_RAISE		(0x60 / 4)
#define EDU_IRQ_ACK		(0x64 / 4)

static volatile uint32_t *cfg(unsigned int slot, unsigned int reg)
{
	return (volatile uint32_t *)(uintptr_t)(machine.ecam +
						((uint64_t)slot << ECAM_DEVICE_SHIFT) + reg);
}

/*
 * Alike in pseries' and virt-riscv's edu.c, not shared: the config access
 * (ECAM here), the INTx routing (the pin swizzle) and the barrier after a
 * write are each machine's.
 */
unsigned int edu_probe(struct edu *devs, unsigned int max)
{
	unsigned int n = 0;

	if (!machine.ecam || !machine.pci_mem_size || machine.pci_node < 0)
		return 0;
	for (unsigned int slot = 0; slot < 32 && n < max; slot++) {
		uint32_t bar = (uint32_t)machine.pci_mem_pci + slot * EDU_BAR_BYTES;
		irq_hw_number_t intid;
		unsigned int pin, type;

		if (*cfg(slot, PCI_ID) != EDU_ID)
			continue;
		/* Its INTx through the host's interrupt-map (bus 0, function 0). */
		pin = (*cfg(slot, PCI_INT_PIN_WORD) >> 8) & 0xff;
		if (irq_of_parse_pci(virt_dtb(), machine.pci_node, 0, slot << 3, pin, &devs[n].fw) ||
		    gic_irq_domain_translate(NULL, &devs[n].fw, &intid, &type))
			continue;
		*cfg(slot, PCI_BAR0) = bar;
		*cfg(slot, PCI_COMMAND) = *cfg(slot, PCI_COMMAND) | PCI_CMD_MEM_MASTER;
		devs[n].mmio = (volatile uint32_t *)(uintptr_t)(machine.pci_mem_cpu +
								 (bar - machine.pci_mem_pci));
		devs[n].slot = slot;
		devs[n].intid = (uint32_t)intid;
		n++;
	}
	return n;
}

void edu_raise(const struct edu *e, uint32_t bits)
{
	e->mmio[EDU_IRQ_RAISE] = bits;
	__asm__ __volatile__("dsb sy" ::: "memory");
}

void edu_ack(const struct edu *e, uint32_t bits)
{
	e->mmio[EDU_IRQ_ACK] = bits;
	__asm__ __volatile__("dsb sy" ::: "memory");
}

uint32_t edu_status(const struct edu *e)
{
	return e->mmio[EDU_IRQ_STATUS];
}

// SPDX-License-Identifier: MIT
/*
 * edu.c - QEMU's edu PCI devices on the pseries host bridge, as interrupt
 * sources the demo controls: a write to 0x60 asserts the INTx level, a
 * write to 0x64 withdraws it; two edus on one INTA line share it as a true
 * wired-OR (see docs/edu.md). Config space through RTAS; VOF leaves BARs
 * unassigned, SLOF assigns them but leaves memory decode off.
 */
#include "demo.h"

#define EDU_ID			0x11e81234u	/* device << 16 | vendor */
#define PCI_ID			0x00
#define PCI_COMMAND		0x04
#define PCI_BAR0		0x10
#define PCI_CMD_MEM_MASTER	0x6
#define EDU_BAR_BYTES		0x100000u
#define EDU_IRQ_STATUS		(0x24 / 4)
#define EDU_IRQ_RAISE		(0x60 / 4)
#define EDU_IRQ_ACK		(0x64 / 4)

uint32_t edu_cfg_read(unsigned int slot, unsigned int reg)
{
	unsigned int args[4] = { slot << 11 | reg, (unsigned int)(machine.phb_buid >> 32),
				 (unsigned int)machine.phb_buid, 4 };
	unsigned int ret[2] = { 0, 0xffffffffu };

	if (rtas_call(machine.tok_read_pci, 4, args, 2, ret) != 0)
		return 0xffffffffu;
	return ret[1];
}

void edu_cfg_write(unsigned int slot, unsigned int reg, uint32_t v)
{
	unsigned int args[5] = { slot << 11 | reg, (unsigned int)(machine.phb_buid >> 32),
				 (unsigned int)machine.phb_buid, 4, v };
	unsigned int ret;

	rtas_call(machine.tok_write_pci, 5, args, 1, &ret);
}

/*
 * Alike in virt's and virt-riscv's edu.c, not shared: the config access
 * (RTAS here), the INTx routing and the barrier after a write are each
 * machine's.
 */
unsigned int edu_probe(struct edu *devs, unsigned int max)
{
	unsigned int n = 0;

	if (!machine.phb_buid || !machine.tok_read_pci || !machine.phb_mem_size)
		return 0;
	for (unsigned int slot = 0; slot < 32 && n < max; slot++) {
		uint32_t bar;

		if (edu_cfg_read(slot, PCI_ID) != EDU_ID || !machine.phb_inta[slot])
			continue;
		bar = edu_cfg_read(slot, PCI_BAR0) & ~0xfu;
		if (bar < machine.phb_mem_pci ||
		    bar - machine.phb_mem_pci >= machine.phb_mem_size) {
			bar = machine.phb_mem_pci + slot * EDU_BAR_BYTES;	/* VOF: ours */
			edu_cfg_write(slot, PCI_BAR0, bar);
		}
		edu_cfg_write(slot, PCI_COMMAND, edu_cfg_read(slot, PCI_COMMAND) | PCI_CMD_MEM_MASTER);
		devs[n].mmio = (volatile uint32_t *)(uintptr_t)(machine.phb_mem_cpu +
								 (bar - machine.phb_mem_pci));
		devs[n].slot = slot;
		devs[n].lsi = machine.phb_inta[slot];
		n++;
	}
	return n;
}

void edu_raise(const struct edu *e, uint32_t bits)
{
	e->mmio[EDU_IRQ_RAISE] = bits;
	__asm__ __volatile__("sync" ::: "memory");
}

void edu_ack(const struct edu *e, uint32_t bits)
{
	e->mmio[EDU_IRQ_ACK] = bits;
	__asm__ __volatile__("sync" ::: "memory");
}

uint32_t edu_status(const struct edu *e)
{
	return e->mmio[EDU_IRQ_STATUS];
}

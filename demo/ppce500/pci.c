// SPDX-License-Identifier: MIT
/*
 * pci.c - the e500 PCI host bridge, enough to use QEMU's edu and
 * pvpanic-pci devices: no firmware ran, so we open an outbound window,
 * assign BAR0 of each device on bus 0 and turn on memory decode.
 *
 * CFG_ADDR is big-endian, CFG_DATA little-endian (QEMU's e500 model).
 */
#include "ppce500.h"

#define PCI_CTRL	(CCSR_EA + 0x8000)
#define CFG_ADDR	(PCI_CTRL + 0x0)
#define CFG_DATA	(PCI_CTRL + 0x4)
#define OW1		(PCI_CTRL + 0xc20)	/* outbound window 1 */
#define PCI_BUS_BASE	0xe0000000u	/* dt ranges: PCI 0xe000_0000 = CPU 0xc_0000_0000 */
#define WINDOW_BYTES	(16u << 20)	/* what boot.S maps at PCI_EA */

uint32_t pci_cfg_read(unsigned int slot, unsigned int off)
{
	uint32_t v;

	ppc_mmio_write32(CFG_ADDR, 0x80000000u | slot << 11 | (off & 0xfc));
	v = ppc_mmio_read32(CFG_DATA);
	return __builtin_bswap32(v);
}

void pci_cfg_write(unsigned int slot, unsigned int off, uint32_t v)
{
	ppc_mmio_write32(CFG_ADDR, 0x80000000u | slot << 11 | (off & 0xfc));
	ppc_mmio_write32(CFG_DATA, __builtin_bswap32(v));
}

/*
 * The host bridge (slot 0) has the CCSR as its BAR0 (QEMU's
 * e500-host-bridge): placed above the outbound window, memory decode on,
 * so a device's MSI write to it lands on the MPIC's MSIIR.
 */
#define CCSR_BUS	0xf0000000u

uint32_t pci_ccsr_window(void)
{
	pci_cfg_write(0, 0x10, CCSR_BUS);
	pci_cfg_write(0, 0x04, pci_cfg_read(0, 0x04) | 0x2);	/* memory */
	return CCSR_BUS;
}

unsigned int pci_scan(struct pci_dev *devs, unsigned int max)
{
	uint32_t next = PCI_BUS_BASE;
	unsigned int n = 0;

	ppc_mmio_write32(OW1 + 0x0, PCI_BUS_BASE >> 12);	/* POTAR */
	ppc_mmio_write32(OW1 + 0x4, 0);			/* POTEAR */
	ppc_mmio_write32(OW1 + 0x8, 0xc00000);		/* POWBAR: 0xc_0000_0000 >> 12 */
	ppc_mmio_write32(OW1 + 0x10, 0x80044017);		/* POWAR: on, 16 MiB */
	for (unsigned int slot = 1; slot < 32 && n < max; slot++) {
		uint32_t id = pci_cfg_read(slot, 0), size;
		struct pci_dev *d = &devs[n];

		if ((id & 0xffff) == 0xffff)
			continue;
		*d = (struct pci_dev){ .slot = slot, .vendor = (uint16_t)id,
				       .device = (uint16_t)(id >> 16),
				       .mpic_source = 1 + (slot % 4) };
		pci_cfg_write(slot, 0x10, 0xffffffffu);
		size = ~(pci_cfg_read(slot, 0x10) & ~0xfu) + 1;
		if (size && size <= WINDOW_BYTES) {
			next = (next + size - 1) & ~(size - 1);
			if (next + size - PCI_BUS_BASE <= WINDOW_BYTES) {
				pci_cfg_write(slot, 0x10, next);
				d->bar0 = PCI_EA + (next - PCI_BUS_BASE);
				next += size;
			}
		}
		pci_cfg_write(slot, 0x04, pci_cfg_read(slot, 0x04) | 0x6);	/* memory, bus master */
		n++;
	}
	return n;
}

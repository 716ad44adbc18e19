// SPDX-License-Identifier: MIT
/*
 * edu.c - QEMU's edu PCI device as a programmable level interrupt source
 * (see docs/edu.md): raise writes 0x60, acknowledge writes 0x64,
 * the INTx line is the OR of every raised bit of every device on it.
 */
#include "demo.h"

#define PCI_ADDR	0xCF8
#define PCI_DATA	0xCFC
#define EDU_ID		0x11E81234u	/* device << 16 | vendor */
#define PCI_BAR0	0x10
#define PCI_INTLINE	0x3C
#define EDU_IRQ_STATUS	0x24
#define EDU_IRQ_RAISE	0x60
#define EDU_IRQ_ACK	0x64

static uint32_t pci_read(unsigned int slot, unsigned int off)
{
	outl(PCI_ADDR, 0x80000000u | (slot << 11) | (off & 0xFC));
	return inl(PCI_DATA);
}

unsigned int edu_probe(struct edu *devs, unsigned int max)
{
	unsigned int n = 0;

	for (unsigned int slot = 0; slot < 32 && n < max; slot++) {
		if (pci_read(slot, 0) != EDU_ID)
			continue;
		devs[n] = (struct edu){
			.bar = pci_read(slot, PCI_BAR0) & ~0xFu,
			.irq = pci_read(slot, PCI_INTLINE) & 0xFF,
			.slot = slot,
		};
		n++;
	}
	return n;
}

void edu_raise(struct edu *e, uint32_t bits)
{
	x86_mmio_write32(e->bar + EDU_IRQ_RAISE, bits);
}

void edu_lower(struct edu *e, uint32_t bits)
{
	x86_mmio_write32(e->bar + EDU_IRQ_ACK, bits);
}

uint32_t edu_status(struct edu *e)
{
	return x86_mmio_read32(e->bar + EDU_IRQ_STATUS);
}

irqreturn_t edu_irq(int irq, void *dev)
{
	struct edu *e = dev;
	uint32_t st = edu_status(e);

	(void)irq;
	e->calls++;
	if (!st)
		return IRQ_NONE;
	edu_lower(e, st);
	e->claimed++;
	return IRQ_HANDLED;
}

/* A threaded driver's primary on the shared line: my device? Then wake
 * my thread (edu_irq(), which clears it); the line stays masked till then. */
irqreturn_t edu_wake(int irq, void *dev)
{
	(void)irq;
	return edu_status(dev) ? IRQ_WAKE_THREAD : IRQ_NONE;
}

int edu_request_threaded(struct edu *devs, unsigned int nr)
{
	static const char *const names[EDU_MAX] = { "edu0", "edu1" };
	int err = 0;

	for (unsigned int i = 0; i < nr && !err; i++)
		err = request_threaded_irq(devs[i].irq, edu_wake, edu_irq, IRQF_SHARED | IRQF_ONESHOT,
					   names[i], &devs[i]);
	return err;
}

// SPDX-License-Identifier: MIT
/*
 * systick.c - SysTick, the architecture's timer, as a genirq line.
 *
 * Exception 15 is no NVIC line, so it gets a line of its own outside any
 * domain: a per-CPU line whose chip masks and unmasks by SYST_CSR.TICKINT
 * and programs its priority in SHPR3's top byte. The counter runs on the
 * processor clock (CLKSOURCE 1) from armv7m_systick_init() on; the tick
 * comes once the line is requested (unmasked).
 */
#include <stddef.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/priority.h>

#include "armv7m.h"

#define CSR_ENABLE	(1u << 0)
#define CSR_TICKINT	(1u << 1)
#define CSR_CLKSOURCE	(1u << 2)

static struct irq_desc *systick_desc;

static void systick_mask(struct irq_data *d)
{
	(void)d;
	armv7m_write(ARMV7M_SYST_CSR, armv7m_read(ARMV7M_SYST_CSR) & ~CSR_TICKINT);
}

static void systick_unmask(struct irq_data *d)
{
	(void)d;
	armv7m_write(ARMV7M_SYST_CSR, armv7m_read(ARMV7M_SYST_CSR) | CSR_TICKINT);
}

static unsigned int prio_bits;

static void write_byte(uint32_t byte)
{
	armv7m_write(ARMV7M_SHPR3, (armv7m_read(ARMV7M_SHPR3) & 0x00ffffffu) | (byte << 24));
}

/* The priority bits: those SHPR3's SysTick byte keeps of 0xff. */
static unsigned int probe_prio_bits(void)
{
	uint32_t kept;
	unsigned int bits = 0;

	write_byte(0xffu);
	kept = armv7m_read(ARMV7M_SHPR3) >> 24;
	while (kept & 0x80u) {
		bits++;
		kept = (kept << 1) & 0xffu;
	}
	return bits;
}

/* A level as the NVIC driver's: 0 .. 2^bits - 1, in the byte's top bits. */
static int systick_set_priority(struct irq_data *d, unsigned int prio)
{
	(void)d;
	if (prio >= 1u << prio_bits)
		return -EINVAL;
	write_byte(prio << (8u - prio_bits));
	return 0;
}

static const struct irq_chip systick_chip = {
	.name		= "SysTick",
	.mask		= systick_mask,
	.unmask		= systick_unmask,
	.set_priority	= systick_set_priority,
};

int armv7m_systick_init(uint32_t reload)
{
	int irq = irq_alloc_descs(-1, 1), ret;

	if (irq < 0)
		return irq;
	prio_bits = probe_prio_bits();
	ret = irq_set_chip((unsigned int)irq, &systick_chip, NULL);
	if (!ret)
		ret = irq_set_percpu((unsigned int)irq);
	/* The least urgent level, as the NVIC's lines start. */
	if (!ret)
		ret = irq_set_priority((unsigned int)irq, (1u << prio_bits) - 1u);
	if (ret)
		return ret;
	systick_desc = irq_to_desc((unsigned int)irq);
	armv7m_write(ARMV7M_SYST_RVR, reload);
	armv7m_write(ARMV7M_SYST_CVR, 0);
	armv7m_write(ARMV7M_SYST_CSR, CSR_ENABLE | CSR_CLKSOURCE);
	return irq;
}

void armv7m_systick_handle(void *regs)
{
	irq_handle_entry(systick_desc, regs);
}

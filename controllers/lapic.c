// SPDX-License-Identifier: MIT
/*
 * lapic.c - the local APIC (see <genirq/chip/lapic.h>): per-CPU lines whose
 * only primitive is the end of interrupt; the timer and the IPIs.
 */
#include <genirq/chip/lapic.h>
#include <genirq/compat.h>
#include <genirq/port.h>
#include "x86_pio.h"

#define REG_ID		0x020
#define REG_TPR		0x080
#define REG_EOI		0x0B0
#define REG_SVR		0x0F0
#define REG_ISR		0x100	/* 8 words, one every 0x10 */
#define REG_IRR		0x200
#define REG_ESR		0x280
#define REG_ICR_LO	0x300
#define REG_ICR_HI	0x310
#define REG_LVT_TIMER	0x320
#define REG_LVT_LINT0	0x350
#define REG_LVT_ERROR	0x370
#define REG_TIMER_INIT	0x380
#define REG_TIMER_CUR	0x390
#define REG_TIMER_DIV	0x3E0

#define MSR_APIC_BASE	0x1B
#define APIC_BASE_EN	(1u << 11)
#define SVR_ENABLE	0x100u
#define LVT_MASKED	(1u << 16)
#define LVT_PERIODIC	(1u << 17)
#define TIMER_DIV_16	0x3u
#define ICR_PENDING	(1u << 12)
#define ICR_ASSERT	(1u << 14)
#define ICR_INIT	0x500u
#define ICR_STARTUP	0x600u
#define ICR_NMI		0x400u		/* delivery mode NMI: the vector is ignored */

static inline volatile uint32_t *reg(unsigned int off)
{
	return (volatile uint32_t *)(uintptr_t)(LAPIC_PHYS_BASE + off);
}

static inline void wr(unsigned int off, uint32_t v)
{
	*reg(off) = v;
}

static inline uint32_t rd(unsigned int off)
{
	return *reg(off);
}

unsigned int lapic_id(void)
{
	return rd(REG_ID) >> 24;
}

void lapic_eoi(void)
{
	wr(REG_EOI, 0);
}

bool lapic_vector_pending(unsigned int vector)
{
	unsigned int word = (vector & 0xFFu) / 32u * 0x10u, bit = vector % 32u;

	return ((rd(REG_IRR + word) | rd(REG_ISR + word)) >> bit) & 1u;
}

static void lapic_chip_eoi(struct irq_data *d)
{
	(void)d;
	lapic_eoi();
}

/* CPU number -> APIC ID, for the IPI primitive (lapic_set_cpu_apic_ids()). */
static const uint8_t *cpu_apic_ids;
static unsigned int nr_cpu_apic_ids;

void lapic_set_cpu_apic_ids(const uint8_t *ids, unsigned int nr)
{
	cpu_apic_ids = ids;
	nr_cpu_apic_ids = nr;
}

static const uint8_t line_vector[LAPIC_NR_LINES] = {
	[LAPIC_TIMER] = LAPIC_TIMER_VECTOR,
	[LAPIC_IPI] = LAPIC_IPI_VECTOR,
	[LAPIC_ERROR] = LAPIC_ERROR_VECTOR,
};

unsigned int lapic_line_vector(unsigned int hw)
{
	return hw < LAPIC_NR_LINES ? line_vector[hw] : 0;
}

/* The generic IPI API's primitive (<genirq/ipi.h>): the line's vector to @cpu. */
static void lapic_chip_ipi_send_single(struct irq_data *d, unsigned int cpu)
{
	if (cpu < nr_cpu_apic_ids && d->hwirq < LAPIC_NR_LINES)
		lapic_send_vector(cpu_apic_ids[cpu], line_vector[d->hwirq]);
}

/* The LVT entry of a line that has one (the IPI has none), or 0. */
static unsigned int line_lvt(irq_hw_number_t hw)
{
	return hw == LAPIC_TIMER ? REG_LVT_TIMER : hw == LAPIC_ERROR ? REG_LVT_ERROR : 0;
}

/*
 * This CPU's view of a per-CPU line: pending is its vector's IRR bit,
 * active its ISR bit (taken, not yet ended), masked its LVT entry's mask
 * bit (the IPI has no entry: -EINVAL).
 */
static int lapic_get_state(struct irq_data *d, enum irqchip_irq_state which, bool *state)
{
	unsigned int vector = lapic_line_vector((unsigned int)d->hwirq);
	unsigned int word = vector / 32u * 0x10u, bit = vector % 32u;
	unsigned int lvt = line_lvt(d->hwirq);

	if (which == IRQCHIP_STATE_MASKED) {
		if (!lvt)
			return -EINVAL;
		*state = rd(lvt) & LVT_MASKED;
	} else {
		*state = (rd((which == IRQCHIP_STATE_PENDING ? REG_IRR : REG_ISR) + word) >> bit) & 1u;
	}
	return 0;
}

/*
 * Pending set sends the line's vector to this CPU (an IPI to itself);
 * masked sets the LVT entry's mask bit. IRR and ISR bits are the local
 * APIC's own to clear: -EINVAL, nothing written.
 */
static int lapic_set_state(struct irq_data *d, enum irqchip_irq_state which, bool val)
{
	unsigned int lvt = line_lvt(d->hwirq);

	if (which == IRQCHIP_STATE_PENDING && val) {
		lapic_send_vector(lapic_id(), lapic_line_vector((unsigned int)d->hwirq));
		return 0;
	}
	if (which != IRQCHIP_STATE_MASKED || !lvt)
		return -EINVAL;
	wr(lvt, val ? rd(lvt) | LVT_MASKED : rd(lvt) & ~LVT_MASKED);
	return 0;
}

static const struct irq_chip lapic_chip = {
	.name		= "LAPIC",
	.eoi		= lapic_chip_eoi,
	.ipi_send_single = lapic_chip_ipi_send_single,
	.get_irqchip_state = lapic_get_state,
	.set_irqchip_state = lapic_set_state,
};

struct irq_domain *lapic_init(void)
{
	struct irq_domain *d = irq_domain_create_linear("lapic", LAPIC_NR_LINES, &lapic_chip, NULL);

	for (unsigned int hw = 0; d && hw < LAPIC_NR_LINES; hw++) {
		int irq = irq_create_mapping(d, hw);

		if (irq < 0 || irq_set_percpu((unsigned int)irq))
			return NULL;
	}
	return d;
}

void lapic_cpu_init(void)
{
	wrmsr(MSR_APIC_BASE, rdmsr(MSR_APIC_BASE) | APIC_BASE_EN);
	wr(REG_TPR, 0);
	wr(REG_SVR, SVR_ENABLE | LAPIC_SPURIOUS_VECTOR);
	wr(REG_LVT_LINT0, LVT_MASKED);		/* the 8259's ExtINT path */
	wr(REG_LVT_ERROR, LAPIC_ERROR_VECTOR);
	wr(REG_ESR, 0);
}

uint32_t lapic_timer_count_in(uint64_t ns, uint64_t (*now_ns)(void))
{
	uint64_t end = now_ns() + ns;

	wr(REG_TIMER_DIV, TIMER_DIV_16);
	wr(REG_LVT_TIMER, LVT_MASKED | LAPIC_TIMER_VECTOR);
	wr(REG_TIMER_INIT, 0xFFFFFFFFu);
	while (now_ns() < end)
		port_cpu_relax();
	return 0xFFFFFFFFu - rd(REG_TIMER_CUR);
}

void lapic_timer_start(uint32_t count)
{
	wr(REG_TIMER_DIV, TIMER_DIV_16);
	wr(REG_LVT_TIMER, LVT_PERIODIC | LAPIC_TIMER_VECTOR);
	wr(REG_TIMER_INIT, count);
}

static void send(unsigned int apic_id, uint32_t low)
{
	unsigned long flags = port_irq_save();

	while (rd(REG_ICR_LO) & ICR_PENDING)
		port_cpu_relax();
	wr(REG_ICR_HI, apic_id << 24);
	wr(REG_ICR_LO, low);
	port_irq_restore(flags);
}

void lapic_send_vector(unsigned int apic_id, unsigned int vector)
{
	send(apic_id, ICR_ASSERT | (vector & 0xFFu));
}

void lapic_send_nmi(unsigned int apic_id)
{
	send(apic_id, ICR_ASSERT | ICR_NMI);
}

void lapic_send_init(unsigned int apic_id)
{
	send(apic_id, ICR_ASSERT | ICR_INIT);
}

void lapic_send_startup(unsigned int apic_id, unsigned int page)
{
	send(apic_id, ICR_ASSERT | ICR_STARTUP | (page & 0xFFu));
}

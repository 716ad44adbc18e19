// SPDX-License-Identifier: MIT
/*
 * lapic.c - the local APIC driver on the host: its registers a trapped
 * fake file mapped at the xAPIC's own address (0xFEE00000), the APIC base
 * MSR a fake (fake_x86_io.h), every access logged (fakeregs.h).
 *
 * The fake keeps what is written; the ICR reports "send pending" on the
 * first read after each send (the driver must wait for it to clear), the
 * timer's current count reads as a fixed fraction of the initial one.
 *
 * What is checked, as exact logs: lapic_init() registers the three
 * per-CPU lines and touches no register; lapic_cpu_init() (APIC enabled
 * in the MSR, base kept; TPR 0; spurious vector with the enable bit;
 * LINT0 masked; the error vector; ESR cleared); the EOI of a dispatched
 * per-CPU line and lapic_eoi(); the periodic timer and the calibration
 * run; fixed IPIs, any vector, INIT and STARTUP, each after the previous
 * send left the ICR idle, destination in ICR high before ICR low; this
 * CPU's state of a line (IRR, ISR, the LVT mask) read and set.
 *
 * Mutations of controllers/lapic.c caught: see mutants.sh (lapic-*).
 */
#include <stdio.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/chip/lapic.h>
#include <genirq/ipi.h>
#include <genirq/port.h>
#include <genirq/sim.h>
#include "fakeregs.h"

/* The xAPIC register map, from the SDM (vol. 3, chapter 11). */
#define ID		0x020u
#define TPR		0x080u
#define EOI		0x0b0u
#define SVR		0x0f0u
#define ESR		0x280u
#define ICR_LO		0x300u
#define ICR_HI		0x310u
#define LVT_TIMER	0x320u
#define LVT_LINT0	0x350u
#define LVT_ERROR	0x370u
#define TIMER_INIT	0x380u
#define TIMER_CUR	0x390u
#define TIMER_DIV	0x3e0u
#define MSR_APIC_BASE	0x1bu
#define BASE_BSP	(1u << 8)
#define BASE_ENABLE	(1u << 11)
#define PENDING		(1u << 12)
#define ASSERT		(1u << 14)
#define MASKED		(1u << 16)
#define PERIODIC	(1u << 17)
#define DIV_16		0x3u

static uint64_t apic_base_msr = LAPIC_PHYS_BASE | BASE_BSP;
static unsigned int pending_reads;

static uint64_t msr_read(uint32_t msr)
{
	if (msr != MSR_APIC_BASE)
		fake_error("rdmsr %#x", msr);
	return apic_base_msr;
}

static void msr_write(uint32_t msr, uint64_t v)
{
	if (msr != MSR_APIC_BASE)
		fake_error("wrmsr %#x", msr);
	apic_base_msr = v;
}

static void before_read(struct fake_file *f, uint32_t off)
{
	if (off == ICR_LO) {
		uint32_t v = fake_get(f, ICR_LO) & ~PENDING;

		if (pending_reads) {
			pending_reads--;
			v |= PENDING;
		}
		fake_put(f, ICR_LO, v);
	} else if (off == TIMER_CUR) {
		fake_put(f, TIMER_CUR, fake_get(f, TIMER_INIT) / 4 * 3);
	}
}

static void after(struct fake_file *f, const struct fake_acc *a)
{
	(void)f;
	if (a->op == 'W' && a->off == ICR_LO) {
		if (fake_get(f, ICR_LO) & PENDING)
			fake_error("ICR written while a send was pending");
		pending_reads = 1;
	}
}

static struct fake_file file = {
	.bytes = 4096, .at = LAPIC_PHYS_BASE, .before_read = before_read, .after = after,
};

#define W(off, v)	{ 'W', (off), (v), 0 }
#define R(off, v)	{ 'R', (off), (v), 0 }
/* A send after one of ICR value @prev: waited for, then high word, then low. */
#define SEND(prev, apic, low) \
	R(ICR_LO, (prev) | PENDING), R(ICR_LO, (prev)), W(ICR_HI, (uint32_t)(apic) << 24), \
	W(ICR_LO, (low))

static unsigned int ticks[2];

static irqreturn_t tick_handler(int irq, void *dev)
{
	(void)irq;
	((unsigned int *)dev)[port_cpu_id()]++;
	return IRQ_HANDLED;
}

static uint64_t clock_ns;

static uint64_t fake_now_ns(void)
{
	return clock_ns += 1000;
}

static void check_lines(void)
{
	struct irq_domain *d = lapic_init();
	int timer;
	unsigned long flags;

	CHECK(d != NULL);
	if (!d)
		return;
	LOG_EMPTY();
	for (unsigned int hw = 0; hw < LAPIC_NR_LINES; hw++)
		CHECK(irq_find_mapping(d, hw) >= 0);
	CHECK(lapic_line_vector(LAPIC_TIMER) == 0xEF && lapic_line_vector(LAPIC_IPI) == 0xF0 &&
	      lapic_line_vector(LAPIC_ERROR) == 0xFE && lapic_line_vector(LAPIC_NR_LINES) == 0);
	timer = irq_find_mapping(d, LAPIC_TIMER);
	CHECK(request_irq((unsigned int)timer, tick_handler, IRQF_PERCPU, "timer", ticks) == 0);
	LOG_EMPTY();				/* no mask, no unmask: the LVT is the driver's */

	for (unsigned int cpu = 0; cpu < 2; cpu++) {
		sim_cpu_switch(cpu);
		flags = port_irq_save();
		irq_handle_domain_entry(d, LAPIC_TIMER, NULL);
		port_irq_restore(flags);
		LOG_IS(W(EOI, 0));
	}
	sim_cpu_switch(0);
	CHECK(ticks[0] == 1 && ticks[1] == 1);
	lapic_eoi();
	LOG_IS(W(EOI, 0));
}

static void check_cpu_init(void)
{
	fake_poke(&file, ID, 5u << 24);
	lapic_cpu_init();
	LOG_IS({ 'R', MSR_APIC_BASE, LAPIC_PHYS_BASE | BASE_BSP, FAKE_MSR },
	       { 'W', MSR_APIC_BASE, LAPIC_PHYS_BASE | BASE_BSP | BASE_ENABLE, FAKE_MSR },
	       W(TPR, 0), W(SVR, 0x100 | LAPIC_SPURIOUS_VECTOR), W(LVT_LINT0, MASKED),
	       W(LVT_ERROR, LAPIC_ERROR_VECTOR), W(ESR, 0));
	CHECK(apic_base_msr == (LAPIC_PHYS_BASE | BASE_BSP | BASE_ENABLE));
	CHECK(lapic_id() == 5);
	LOG_IS(R(ID, 5u << 24));
}

static void check_timer(void)
{
	lapic_timer_start(62500);
	LOG_IS(W(TIMER_DIV, DIV_16), W(LVT_TIMER, PERIODIC | LAPIC_TIMER_VECTOR),
	       W(TIMER_INIT, 62500));
	clock_ns = 0;
	CHECK(lapic_timer_count_in(10000, fake_now_ns) == 0xffffffffu - 0xffffffffu / 4 * 3);
	LOG_IS(W(TIMER_DIV, DIV_16), W(LVT_TIMER, MASKED | LAPIC_TIMER_VECTOR),
	       W(TIMER_INIT, 0xffffffffu), R(TIMER_CUR, 0xffffffffu / 4 * 3));
}

static void check_ipis(void)
{
	pending_reads = 1;			/* the last send still on the bus */
	lapic_send_vector(3, LAPIC_IPI_VECTOR);
	LOG_IS(SEND(0, 3, ASSERT | LAPIC_IPI_VECTOR));
	lapic_send_vector(2, 0x135);		/* 8 bits of vector */
	LOG_IS(SEND(ASSERT | LAPIC_IPI_VECTOR, 2, ASSERT | 0x35));
	lapic_send_init(1);
	LOG_IS(SEND(ASSERT | 0x35, 1, ASSERT | 0x500));
	lapic_send_startup(1, 0x8);
	LOG_IS(SEND(ASSERT | 0x500, 1, ASSERT | 0x600 | 0x08));
	lapic_send_nmi(7);			/* delivery mode NMI, no vector */
	LOG_IS(SEND(ASSERT | 0x600 | 0x08, 7, ASSERT | 0x400));
	CHECK(!port_irqs_disabled());		/* given back as found */
}

/* The generic IPI API on the IPI line: CPU numbers become APIC IDs. */
static void check_generic_ipi(void)
{
	static const uint8_t ids[2] = { 4, 9 };
	struct irq_domain *d = lapic_init();
	struct irq_cpumask both;
	int ipi;

	CHECK(d != NULL);
	lapic_set_cpu_apic_ids(ids, 2);
	cpumask_setall(&both, 2);
	ipi = irq_reserve_ipi_line(d, LAPIC_IPI, &both);
	CHECK(ipi >= 0);
	CHECK(ipi_send_single((unsigned int)ipi, 1) == 0);
	LOG_IS(SEND(ASSERT | 0x400, 9, ASSERT | LAPIC_IPI_VECTOR));
	CHECK(ipi_send_mask((unsigned int)ipi, &both) == 0);
	LOG_IS(SEND(ASSERT | LAPIC_IPI_VECTOR, 4, ASSERT | LAPIC_IPI_VECTOR),
	       SEND(ASSERT | LAPIC_IPI_VECTOR, 9, ASSERT | LAPIC_IPI_VECTOR));
	CHECK(ipi_send_single((unsigned int)ipi, 2) == -EINVAL);	/* no CPU 2 */
	LOG_IS();
}

/*
 * This CPU's state of the per-CPU lines: pending is the vector's IRR
 * bit, active its ISR bit, masked the LVT entry's mask bit (the IPI has
 * none: refused). Pending set sends the vector to this CPU's own APIC
 * ID; masked set and cleared rewrites the LVT entry; pending cleared and
 * active are the local APIC's own: refused, nothing written.
 */
#define ISR_WORD(v)	(0x100u + (v) / 32u * 0x10u)
#define IRR_WORD(v)	(0x200u + (v) / 32u * 0x10u)
#define VBIT(v)		(1u << ((v) % 32u))

static void check_chip_state(void)
{
	struct irq_domain *d = lapic_init();
	unsigned int timer, ipi, tv = LAPIC_TIMER_VECTOR, iv = LAPIC_IPI_VECTOR;
	bool st = true;

	CHECK(d != NULL);
	if (!d)
		return;
	timer = (unsigned int)irq_find_mapping(d, LAPIC_TIMER);
	ipi = (unsigned int)irq_find_mapping(d, LAPIC_IPI);
	fake_poke(&file, IRR_WORD(tv), VBIT(tv));
	fake_poke(&file, ISR_WORD(iv), VBIT(iv));	/* the timer's word too: 0xE0-0xFF */
	fake_poke(&file, LVT_TIMER, PERIODIC | tv);
	CHECK(irq_get_irqchip_state(timer, IRQCHIP_STATE_PENDING, &st) == 0 && st);
	CHECK(irq_get_irqchip_state(timer, IRQCHIP_STATE_ACTIVE, &st) == 0 && !st);
	CHECK(irq_get_irqchip_state(ipi, IRQCHIP_STATE_ACTIVE, &st) == 0 && st);
	CHECK(irq_get_irqchip_state(timer, IRQCHIP_STATE_MASKED, &st) == 0 && !st);
	LOG_IS(R(IRR_WORD(tv), VBIT(tv)), R(ISR_WORD(tv), VBIT(iv)), R(ISR_WORD(iv), VBIT(iv)),
	       R(LVT_TIMER, PERIODIC | tv));
	CHECK(irq_get_irqchip_state(ipi, IRQCHIP_STATE_MASKED, &st) == -EINVAL);
	LOG_IS();

	CHECK(irq_set_irqchip_state(timer, IRQCHIP_STATE_MASKED, true) == 0);
	CHECK(irq_set_irqchip_state(timer, IRQCHIP_STATE_MASKED, false) == 0);
	LOG_IS(R(LVT_TIMER, PERIODIC | tv), W(LVT_TIMER, MASKED | PERIODIC | tv),
	       R(LVT_TIMER, MASKED | PERIODIC | tv), W(LVT_TIMER, PERIODIC | tv));
	fake_poke(&file, ID, 7u << 24);
	CHECK(irq_set_irqchip_state(ipi, IRQCHIP_STATE_PENDING, true) == 0);
	LOG_IS(R(ID, 7u << 24), SEND(ASSERT | LAPIC_IPI_VECTOR, 7, ASSERT | iv));
	CHECK(irq_set_irqchip_state(timer, IRQCHIP_STATE_PENDING, false) == -EINVAL);
	CHECK(irq_set_irqchip_state(timer, IRQCHIP_STATE_ACTIVE, true) == -EINVAL);
	CHECK(irq_set_irqchip_state(ipi, IRQCHIP_STATE_MASKED, true) == -EINVAL);
	LOG_IS();
}

int main(void)
{
	fake_msr_read = msr_read;
	fake_msr_write = msr_write;
	if (sim_init(2, 64) != 0)
		return 1;
	fake_file_map(&file);
	check_lines();
	check_cpu_init();
	check_timer();
	check_ipis();
	check_generic_ipi();
	check_chip_state();
	return fake_report("lapic host test");
}

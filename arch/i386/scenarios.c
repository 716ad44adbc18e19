// SPDX-License-Identifier: MIT
/*
 * scenarios.c - the i386 kernel's scenarios that depend on its machine:
 * spurious IRQ7/IRQ15 on the 8259 pair; the SMP ones are skipped.
 */
#include <genirq/i8259.h>
#include <genirq/irq.h>
#include <genirq/port.h>

#include "scenario.h"
#include "x86.h"

#define RTC_IRQ		8u
#define RTC_INDEX	0x70
#define RTC_DATA	0x71
#define RTC_REG_B	0x0B
#define RTC_REG_C	0x0C
#define RTC_PIE		0x40
#define RTC_WAIT_NS	1000000000ull	/* the RTC fires at 1024 Hz; a second is plenty */

unsigned int x86_isa_irq(unsigned int isa)
{
	return isa;
}

static unsigned int rtc_calls;

static irqreturn_t rtc_handler(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	rtc_calls++;
	return IRQ_HANDLED;
}

static void rtc_periodic(bool on)
{
	uint8_t b;

	outb(RTC_INDEX, RTC_REG_B);
	b = inb(RTC_DATA);
	outb(RTC_INDEX, RTC_REG_B);
	outb(RTC_DATA, on ? (uint8_t)(b | RTC_PIE) : (uint8_t)(b & ~RTC_PIE));
	outb(RTC_INDEX, RTC_REG_C);
	(void)inb(RTC_DATA);
}

/*
 * A genuine spurious IRQ15 (shared/qemu/x86.md): the RTC raises IRQ8 with
 * interrupts off, the slave passes it to the master's IRR2, then IRQ8 is
 * masked. On sti the master asks the slave, which has nothing: vector 15.
 */
static void sc_spurious(struct scenario_tally *t)
{
	const char *name = "spurious-vector";
	unsigned long spu0 = irq_spurious_count(0), n7 = irq_stat_total(7), n15 = irq_stat_total(15);
	unsigned long spu7, spu15;
	unsigned int calls;
	uint64_t t0;
	int err;

	__asm__ __volatile__("int $0x27");	/* IRQ7's vector, ISR bit 7 clear */
	spu7 = irq_spurious_count(0) - spu0;

	port_irq_disable();
	err = request_irq(RTC_IRQ, rtc_handler, 0, "rtc", &rtc_calls);
	if (err) {
		port_irq_enable();
		scenario_fail(t, name, "request_irq(8): %d", err);
		return;
	}
	rtc_calls = 0;
	rtc_periodic(true);
	t0 = rdtsc();
	while (!(i8259_read_irr() & (1u << RTC_IRQ)) &&
	       x86_tsc_to_ns(rdtsc() - t0) < RTC_WAIT_NS)
		port_cpu_relax();
	disable_irq_nosync(RTC_IRQ);
	port_irq_enable();
	__asm__ __volatile__("nop");
	port_irq_disable();
	spu15 = irq_spurious_count(0) - spu0 - spu7;
	calls = rtc_calls;
	rtc_periodic(false);
	port_irq_enable();
	enable_irq(RTC_IRQ);
	free_irq(RTC_IRQ, &rtc_calls);

	if (spu7 == 1 && spu15 == 1 && calls == 0 && irq_stat_total(7) == n7 &&
	    irq_stat_total(15) == n15)
		scenario_pass(t, name, "IRQ7 (int $0x27, ISR clear) and a genuine IRQ15 (RTC, slave masked) counted in SPU, not dispatched");
	else
		scenario_fail(t, name, "SPU +%lu for IRQ7, +%lu for IRQ15 (want 1, 1); rtc handler %u, irq7 +%lu, irq15 +%lu",
			      spu7, spu15, calls, irq_stat_total(7) - n7, irq_stat_total(15) - n15);
}

void x86_port_scenarios(struct scenario_tally *t, struct edu *edus, unsigned int nr_edu)
{
	(void)edus;
	(void)nr_edu;
	sc_spurious(t);
	scenario_skip(t, "affinity-move", "uniprocessor machine (port_nr_cpus() = %u)", port_nr_cpus());
	scenario_skip(t, "free-vs-running", "uniprocessor machine (port_nr_cpus() = %u)", port_nr_cpus());
	scenario_skip(t, "ipi-pingpong", "uniprocessor machine (port_nr_cpus() = %u)", port_nr_cpus());
}

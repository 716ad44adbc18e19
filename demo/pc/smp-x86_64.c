// SPDX-License-Identifier: MIT
/*
 * smp-x86_64.c - bringing up the application processors (INIT-SIPI-SIPI through
 * a real-mode trampoline), and the per-CPU lines every CPU runs: its
 * local APIC timer, the IPI, the APIC error interrupt.
 */
#include <stdatomic.h>
#include <genirq/ipi.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/percpu_irq.h>
#include <genirq/chip/lapic.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "pc.h"
#include "x86_64.h"

#define TRAMPOLINE_PHYS		0x8000u
#define AP_STACK_BYTES		16384u
#define LOCAL_TIMER_HZ		100u
#define INIT_DELAY_NS		(10ull * 1000 * 1000)	/* INIT to STARTUP */
#define ONLINE_WAIT_NS		(200ull * 1000 * 1000)	/* then a second STARTUP */

extern const char x86_64_trampoline[], x86_64_trampoline_end[];
volatile uintptr_t x86_64_ap_stack;	/* boot.S takes it, then clears it */
static uint8_t ap_stacks[X86_64_MAX_CPUS][AP_STACK_BYTES] __attribute__((aligned(16)));
static volatile bool online[X86_64_MAX_CPUS];
static uint32_t timer_count;
static volatile bool timer_started[X86_64_MAX_CPUS];
static int local_timer_irq = -1;
static unsigned long ipis_taken[X86_64_MAX_CPUS];	/* the IPI's per-CPU dev_id */
int x86_64_ipi_irq = -1;	/* the LAPIC IPI line, an IPI of <genirq/ipi.h> */
void (*volatile x86_64_ipi_handler)(unsigned int cpu);

static irqreturn_t local_timer(int irq, void *dev)
{
	void (*hook)(void) = x86_tick_hook;

	(void)irq;
	(void)dev;
	if (hook)
		hook();
	return IRQ_HANDLED;
}

/* @dev is this CPU's own count (request_percpu_irq()). */
static irqreturn_t ipi(int irq, void *dev)
{
	void (*handler)(unsigned int) = x86_64_ipi_handler;

	(void)irq;
	(*(unsigned long *)dev)++;
	if (handler)
		handler(port_cpu_id());
	return IRQ_HANDLED;
}

/*
 * The port's IPI: the local APIC's IPI line, one line for every CPU
 * (irq_reserve_ipi_line()), its handler installed with request_percpu_irq()
 * and enabled on each CPU as it comes up (ipi_cpu_enable()).
 */
static int ipi_setup(void)
{
	int irq = irq_find_mapping(x86_64_lapic_domain, LAPIC_IPI), err;
	struct irq_cpumask all;

	if (irq < 0)
		return irq;
	err = request_percpu_irq((unsigned int)irq, ipi, "IPI", ipis_taken);
	if (!err)	/* shown as Linux's CAL row (port_show_interrupts) */
		err = irq_set_proc_hidden((unsigned int)irq, true);
	if (err)
		return err;
	lapic_set_cpu_apic_ids(x86_64_mach.apic_id, port_nr_cpus());
	cpumask_setall(&all, port_nr_cpus());
	x86_64_ipi_irq = irq_reserve_ipi_line(x86_64_lapic_domain, LAPIC_IPI, &all);
	return x86_64_ipi_irq < 0 ? x86_64_ipi_irq : 0;
}

static void ipi_cpu_enable(void)
{
	if (x86_64_ipi_irq >= 0)
		enable_percpu_irq((unsigned int)x86_64_ipi_irq, IRQ_TYPE_NONE);
}

static irqreturn_t apic_error(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	irq_error_event();
	return IRQ_HANDLED;
}

/* This CPU's local APIC timer, periodic from now on. */
static void local_timer_start(unsigned int cpu)
{
	lapic_timer_start(timer_count);
	timer_started[cpu] = true;
}

/*
 * The local APIC chip has no mask, so disable_irq() cannot stop a started
 * timer; the depth is asked all the same so that the answer stays right
 * (no) if the chip ever gains one.
 */
bool x86_local_timer_ticks(void)
{
	return timer_started[port_cpu_id()] && local_timer_irq >= 0 &&
	       irq_get_depth((unsigned int)local_timer_irq) == 0;
}

static void spin_ns(uint64_t ns)
{
	uint64_t end = port_time_ns() + ns;

	while (port_time_ns() < end)
		port_cpu_relax();
}

void x86_64_ap_main(void);
void x86_64_ap_main(void)
{
	unsigned int cpu = x86_64_cpu_from_lapic();

	x86_64_cpu_id_init(cpu);	/* before anything asks port_cpu_id() */
	x86_64_idt_load();
	x86_64_irq_cpu_init(cpu);
	ipi_cpu_enable();
	local_timer_start(cpu);
	irq_cpu_set_online(cpu, true);
	online[cpu] = true;
	port_irq_enable();
	for (;;) {
		do_softirq();
		x86_idle();	/* threads, then hlt: its local timer always wakes it */
	}
}

static int request_local(unsigned int hw, irq_handler_t fn, const char *name)
{
	int irq = irq_find_mapping(x86_64_lapic_domain, hw);
	int err;

	if (irq < 0)
		return irq;
	err = request_irq((unsigned int)irq, fn, IRQF_PERCPU | IRQF_DISABLED, name, &timer_count);
	/* Shown as Linux's LOC and CAL rows and in ERR (port_show_interrupts). */
	return err ? err : irq_set_proc_hidden((unsigned int)irq, true);
}

unsigned int x86_64_smp_boot(void)
{
	unsigned int up = 1;
	int err;

	err = request_local(LAPIC_TIMER, local_timer, "local-timer");
	if (!err)
		err = ipi_setup();	/* one vector reaches every CPU */
	if (!err)
		err = request_local(LAPIC_ERROR, apic_error, "apic-error");
	if (err)
		irq_log("local APIC lines: %d", err);
	timer_count = lapic_timer_count_in(1000000000ull / LOCAL_TIMER_HZ, port_time_ns);
	local_timer_irq = irq_find_mapping(x86_64_lapic_domain, LAPIC_TIMER);
	ipi_cpu_enable();
	local_timer_start(port_cpu_id());

	for (size_t i = 0; i < (size_t)(x86_64_trampoline_end - x86_64_trampoline); i++)
		((volatile char *)(uintptr_t)TRAMPOLINE_PHYS)[i] = x86_64_trampoline[i];
	for (unsigned int cpu = 1; cpu < port_nr_cpus(); cpu++) {
		unsigned int apic = x86_64_mach.apic_id[cpu];
		uint64_t t0;

		x86_64_ap_stack = (uintptr_t)&ap_stacks[cpu][AP_STACK_BYTES];
		lapic_send_init(apic);
		spin_ns(INIT_DELAY_NS);
		for (unsigned int tries = 0; tries < 2 && !online[cpu]; tries++) {
			lapic_send_startup(apic, TRAMPOLINE_PHYS >> 12);
			t0 = port_time_ns();
			while (!online[cpu] && port_time_ns() - t0 < ONLINE_WAIT_NS)
				port_cpu_relax();
		}
		if (online[cpu])
			up++;
		else
			irq_log("CPU%u (APIC %u) did not come online", cpu, apic);
	}
	return up;
}

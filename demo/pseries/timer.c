// SPDX-License-Identifier: MIT
/*
 * timer.c - the pseries demo kernel's interrupt glue: the XICS as the
 * handler of the port kit's external interrupt entry
 * (arch/ppc64/irqstack.c), the decrementer tick, and the arch rows of
 * /proc/interrupts.
 */
#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/proc.h>
#include <genirq/chip/xics.h>

#include "pseries.h"

#define CATCH_UP_S	1	/* a tick this late is dropped, not made up */
static unsigned long ticks[MAX_CPUS];
static uint64_t next_tick[MAX_CPUS];
struct xics *ppc64_xics;
uintptr_t ppc64_nested_tick_sp;

static void handle(void *regs)
{
	xics_handle(ppc64_xics, regs);
}

void ppc64_irq_cpu_up(unsigned int cpu)
{
	ppc64_irq_init_cpu(cpu);
	ppc64_irq_set_handler(handle);
	xics_cpu_init(ppc64_xics);
}

/* --- the decrementer: a tick of its own, not an irq descriptor --- */

static inline void set_dec(int64_t v)
{
	if (v < 1)
		v = 1;
	if (v > 0x7fffffff)
		v = 0x7fffffff;
	__asm__ __volatile__("mtdec %0" : : "r"((unsigned long)v));
}

void ppc64_timer_start(void)
{
	unsigned int cpu = port_cpu_id();

	next_tick[cpu] = ppc64_mftb() + ppc64_timebase_hz() / HZ;
	set_dec((int64_t)(next_tick[cpu] - ppc64_mftb()));
}

/* Accounted like Linux 2.6.9's timer path: irq_enter/irq_exit around it. The
 * decrementer is level-triggered in QEMU: re-arm before interrupts come on. */
void ppc64_timer_interrupt(struct ppc64_regs *regs)
{
	unsigned int cpu = port_cpu_id();
	uint64_t now = ppc64_mftb();

	(void)regs;
	ppc64_irq_check_interrupted(cpu, ppc64_sp());	/* it runs on the stack it interrupted */
	if (in_irq())
		ppc64_nested_tick_sp = ppc64_sp();	/* for the irq-stack scenario */
	irq_enter();
	ticks[cpu]++;
	/* Late (a vCPU the host did not run): the missed periods come back
	 * to back, up to CATCH_UP_S behind; beyond that they are dropped. */
	next_tick[cpu] += ppc64_timebase_hz() / HZ;
	if (next_tick[cpu] + ppc64_timebase_hz() * CATCH_UP_S <= now)
		next_tick[cpu] = now + ppc64_timebase_hz() / HZ;
	set_dec((int64_t)(next_tick[cpu] - now));
	irq_spurious_poll();
	irq_exit();
}

unsigned long ppc64_ticks(unsigned int cpu)
{
	return ticks[cpu];
}

/*
 * powerpc Linux's summary rows, those this machine has: the decrementer
 * is each CPU's clock event device, counted here (LOC; no broadcast
 * timer, BCT, nor other decrementer uses); SPU follows (the core's).
 * The IPI is a numbered line, as Linux shows XICS's "IPI" (here one per
 * CPU: the generic IPI API's reservation).
 */
void port_show_interrupts(struct irq_text *t)
{
	irq_proc_row(t, "LOC", ppc64_ticks, "Local timer interrupts for timer event device");
}

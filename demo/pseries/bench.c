// SPDX-License-Identifier: MIT
/*
 * bench.c - the cost of one dispatch in instructions (make bench-ppc64,
 * kernel argument "bench", QEMU -icount shift=0,sleep=off).
 *
 * One trigger, two ends. The trigger is a self-IPI: H_IPI sets this
 * CPU's MFRR, the ICP presents XISR 2 and the 0x500 exception is taken
 * right after the "sc 1". Both ends come through the same stub,
 * exc_common, ppc64_trap() and the top of ppc64_do_irq(); then
 *  - genirq: the hardirq stack, xics_handle() (H_XIRR), the domain
 *    lookup, handle_percpu_irq() with the XICS IPI chip (ack = H_IPI
 *    0xff, eoi = H_EOI), one handler with default flags, irq_exit;
 *  - bare: bare_irq() below (ppc64_external_hook), and nothing else.
 *
 * The counter is the timebase. Under -icount shift=0 virtual time is one
 * nanosecond per instruction, and QEMU derives the timebase from virtual
 * time, so one tick is 1e9 / timebase-frequency instructions: 1.953125
 * on pseries (512 MHz). Figures are converted exactly and rounded, so
 * each is good to about two instructions.
 */
#include <genirq/interrupt.h>
#include <genirq/ipi.h>
#include <genirq/irq.h>
#include <genirq/chip/xics.h>

#include "scenario.h"
#include "demo.h"

#define H_EOI		0x64
#define H_IPI		0x6c
#define H_XIRR		0x74
#define MFRR_NONE	0xffu
#define NS_PER_S	1000000000u	/* shift=0: one instruction per ns */

static volatile uint64_t bare_tb, handler_tb;

/* The floor: take the counter, accept, drop the MFRR, end. */
static void bare_irq(void)
{
	unsigned long xirr, dummy;

	bare_tb = ppc64_mftb();
	hcall1(H_XIRR, 0, 0, &xirr);
	hcall1(H_IPI, machine.server[port_cpu_id()], MFRR_NONE, &dummy);
	hcall1(H_EOI, xirr, 0, &dummy);
}

static irqreturn_t bench_handler(int irq, void *dev)
{
	handler_tb = ppc64_mftb();
	(void)irq;
	(void)dev;
	return IRQ_HANDLED;
}

static uint64_t to_insns(uint64_t ticks)
{
	return (ticks * NS_PER_S + machine.tb_freq / 2) / machine.tb_freq;
}

/*
 * Raise the self-IPI once to warm up, then once measured; *@in is the
 * timebase the handler took. Starts on a decrementer tick edge so that
 * no tick (10 ms away) falls inside the window. Return: the two spans
 * in ticks, or false if the handler did not run between the stamps.
 */
static int bench_ipi;	/* the IPI reservation's base line */

static bool self_ipi(volatile uint64_t *in, uint64_t span[2])
{
	unsigned int cpu = port_cpu_id();
	unsigned long tick;
	uint64_t t0, t2;

	ipi_send_single((unsigned int)bench_ipi, cpu);
	*in = 0;
	tick = ppc64_ticks(cpu);
	while (ppc64_ticks(cpu) == tick)
		port_cpu_relax();
	t0 = ppc64_mftb();
	ipi_send_single((unsigned int)bench_ipi, cpu);
	t2 = ppc64_mftb();
	if (*in < t0 || *in > t2)
		return false;
	span[0] = *in - t0;
	span[1] = t2 - *in;
	return true;
}

void ppc64_bench(struct scenario_tally *t, int ipi_irq, irq_handler_t handler, void *dev)
{
	unsigned int irq = (unsigned int)ipi_get_irq((unsigned int)ipi_irq, port_cpu_id());
	unsigned long seen = irq_stat_cpu(irq, port_cpu_id());
	uint64_t g[2] = { 0, 0 }, b[2] = { 0, 0 };
	bool g_ok, b_ok;
	int err, restored;

	bench_ipi = ipi_irq;
	/* The handler swap is virt's and virt-riscv's too, not shared: the ends
	 * around it, their order and their counter are each port's. */
	free_irq(irq, dev);
	err = request_irq(irq, bench_handler, IRQF_PERCPU, "bench-ipi", (void *)&handler_tb);
	g_ok = err == 0 && self_ipi(&handler_tb, g);
	if (err == 0)
		free_irq(irq, (void *)&handler_tb);
	seen = irq_stat_cpu(irq, port_cpu_id()) - seen;
	ppc64_external_hook = bare_irq;
	b_ok = self_ipi(&bare_tb, b);
	ppc64_external_hook = NULL;
	restored = request_irq(irq, handler, IRQF_PERCPU, "IPI", dev);
	if (err == 0)
		err = restored;

	if (!g_ok || !b_ok || seen != 2 || err) {
		scenario_fail(t, "guest-bench", "handler stamp inside the window: genirq %d, "
			      "bare %d; IPIs counted by genirq %lu (want 2); request_irq %d",
			      g_ok, b_ok, seen, err);
		return;
	}
	ppc64_printf("guest-bench: self-IPI (H_IPI) to the handler and back: genirq %llu %llu, "
		     "bare %llu %llu (instructions under -icount shift=0)\n",
		     (unsigned long long)to_insns(g[0]), (unsigned long long)to_insns(g[1]),
		     (unsigned long long)to_insns(b[0]), (unsigned long long)to_insns(b[1]));
	scenario_pass(t, "guest-bench", "in timebase ticks: to the handler %llu (genirq) vs "
		      "%llu (bare), back %llu vs %llu; 1 tick = 1e9/%lu instructions at shift=0",
		      (unsigned long long)g[0], (unsigned long long)b[0], (unsigned long long)g[1],
		      (unsigned long long)b[1], (unsigned long)machine.tb_freq);
}

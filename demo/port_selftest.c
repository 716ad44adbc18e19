// SPDX-License-Identifier: MIT
/*
 * port_selftest.c - timer-ticks, irq-stack and softirq on the pseries,
 * virt and virt-riscv kernels (see port_selftest.h).
 */
#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/port.h>

#include "port_selftest.h"
#include "rxring.h"

#define TICK_SPAN_MS	500		/* timer-ticks: span of the clock measured */
#define TICK_TOLERANCE	10		/* percent */
#define TEST_SOFTIRQ	HI_SOFTIRQ
#define INPUT_WAIT_MS	20000		/* guards against a harness that never types */

static const struct port_selftest *port;

_Atomic unsigned long port_selftest_ipis;

static struct {
	uintptr_t		hard_sp, soft_sp;
	bool			hard_in_irq, soft_in_softirq, soft_not_in_irq;
	void			(*in_handler)(void);
	_Atomic unsigned long	nested_ticks;
} probe;

static void test_softirq(void)
{
	probe.soft_sp = port->sp();
	probe.soft_in_softirq = in_softirq();
	probe.soft_not_in_irq = !in_irq();
}

void port_selftest_init(const struct port_selftest *p)
{
	port = p;
	open_softirq(TEST_SOFTIRQ, test_softirq);
}

unsigned long port_selftest_wait_tick(unsigned int ms)
{
	unsigned int cpu = port_cpu_id();
	unsigned long t0 = port->ticks(cpu);
	uint64_t end = port->now() + port->counts(ms);

	while (port->ticks(cpu) == t0 && port->now() < end)
		port_cpu_relax();
	return port->ticks(cpu) - t0;
}

/* Interrupts are on in the handler: let the tick nest on this stack. */
static void wait_nested(void)
{
	atomic_store(&probe.nested_ticks, port_selftest_wait_tick(SCENARIO_WAIT_MS));
}

irqreturn_t port_selftest_ipi(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	if (port->smp_ipi())
		return IRQ_HANDLED;
	probe.hard_sp = port->sp();
	probe.hard_in_irq = in_irq();
	raise_softirq(TEST_SOFTIRQ);
	if (probe.in_handler)
		probe.in_handler();
	atomic_fetch_add(&port_selftest_ipis, 1);
	return IRQ_HANDLED;
}

void port_selftest_self_ipi_run(void (*in_handler)(void))
{
	unsigned long before = atomic_load(&port_selftest_ipis);

	probe.in_handler = in_handler;
	port->send_ipi(port_cpu_id());
	while (atomic_load(&port_selftest_ipis) == before)
		port_cpu_relax();
	probe.in_handler = NULL;
}

void port_selftest_self_ipi(void)
{
	port_selftest_self_ipi_run(NULL);
}

/* Ticks this CPU counted over one TICK_SPAN_MS span of the clock, from a tick edge. */
static unsigned long ticks_in_span(void)
{
	unsigned int cpu = port_cpu_id();
	unsigned long got = port->ticks(cpu);
	uint64_t end;

	/* Start on a tick edge so the span holds whole periods. */
	while (port->ticks(cpu) == got)
		port_cpu_relax();
	got = port->ticks(cpu);
	end = port->now() + port->counts(TICK_SPAN_MS);
	while (port->now() < end)
		port_cpu_relax();
	return port->ticks(cpu) - got;
}

void port_selftest_timer(void)
{
	unsigned long expect = port->hz * TICK_SPAN_MS / 1000, got;
	unsigned int try = scenario_tick_tries(ticks_in_span, expect * (100 - TICK_TOLERANCE) / 100,
					       expect * (100 + TICK_TOLERANCE) / 100, &got);

	if (!try)
		scenario_fail(port->tally, "timer-ticks", "%lu %s in %u ms of %s, expected "
			      "%lu +-%u%% (%u tries)", got, port->tick_fail, TICK_SPAN_MS,
			      port->clock, expect, TICK_TOLERANCE, SCENARIO_TICK_TRIES);
	else
		scenario_pass(port->tally, "timer-ticks", "%lu %s in %u ms of %s (expected "
			      "%lu)%s", got, port->tick_pass, TICK_SPAN_MS, port->clock, expect,
			      scenario_try_note(try));
}

void port_selftest_stacks(void)
{
	struct scenario_tally *t = port->tally;
	unsigned int cpu = port_cpu_id();
	uintptr_t nested_sp;

	port_selftest_self_ipi_run(wait_nested);
	nested_sp = *port->nested_tick_sp;
	if (!probe.hard_in_irq || !port->on_irq_stack(cpu, probe.hard_sp))
		scenario_fail(t, "irq-stack", "handler sp 0x%lx, in_irq %d",
			      (unsigned long)probe.hard_sp, probe.hard_in_irq);
	else if (atomic_load(&probe.nested_ticks) == 0 || !port->on_irq_stack(cpu, nested_sp))
		scenario_fail(t, "irq-stack", "nested %s tick: %lu ticks, sp 0x%lx", port->nested_tick,
			      atomic_load(&probe.nested_ticks), (unsigned long)nested_sp);
	else if (!port->guards_ok(cpu))
		scenario_fail(t, "irq-stack", "guard words overwritten");
	else
		scenario_pass(t, "irq-stack", "IPI handler sp 0x%lx and nested tick sp 0x%lx "
			      "on cpu%u's hardirq stack, guards intact", (unsigned long)probe.hard_sp,
			      (unsigned long)nested_sp, cpu);

	if (probe.soft_sp == 0 || !probe.soft_in_softirq || !probe.soft_not_in_irq ||
	    !port->on_softirq_stack(cpu, probe.soft_sp))
		scenario_fail(t, "softirq", "ran: %d, in_softirq %d, !in_irq %d, sp 0x%lx",
			      probe.soft_sp != 0, probe.soft_in_softirq, probe.soft_not_in_irq,
			      (unsigned long)probe.soft_sp);
	else
		scenario_pass(t, "softirq", "raised in the IPI handler, ran at irq_exit in "
			      "softirq context on the softirq stack (sp 0x%lx)",
			      (unsigned long)probe.soft_sp);
}

void port_selftest_replay(unsigned int irq, struct port_replay *r)
{
	static const char marker[] = "genirq: ready for input\n";
	unsigned long flags;

	disable_irq(irq);
	r->before = irq_stat_total(irq);
	port->tally->write(marker, sizeof(marker) - 1);
	port_delay_us(PORT_SELFTEST_REPLAY_MS * 1000u);
	if (port->rx_held)
		port->wait_for(port->rx_held, SCENARIO_WAIT_MS);
	r->during = irq_stat_total(irq) - r->before;

	flags = port_irq_save();
	enable_irq(irq);
	port_irq_restore(flags);		/* the held-back event is taken here */
	flags = port_irq_save();
	r->after = irq_stat_total(irq) - r->before;
	port_irq_restore(flags);
}

static bool rx_has_line(void)
{
	return rx_ring_has_line(port->rx);
}

void port_selftest_rx_echo(const char *via, unsigned int irq, unsigned long before)
{
	if (!port->wait_for(rx_has_line, INPUT_WAIT_MS)) {
		scenario_skip(port->tally, "uart-rx-echo", "no input line in %u ms (nobody typed)",
			      INPUT_WAIT_MS);
		return;
	}
	scenario_rx_echo(port->tally, port->rx, PORT_SELFTEST_LINE, via, irq, before);
}

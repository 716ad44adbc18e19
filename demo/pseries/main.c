// SPDX-License-Identifier: MIT
/*
 * main.c - the ppc64 pseries demo kernel: boot, the boot-time scenarios
 * of SCENARIOS.md, then the serial shell on the VTY.
 *
 * Console input arrives only through the VTY receive interrupt, into a
 * ring that the shell loop drains. The harness drives the interactive
 * parts through markers: "genirq: waiting for EPOW" (it sends
 * system_powerdown to the monitor) and "genirq: ready for input" (it
 * types "hello genirq" and then shell commands).
 */
#include <stdatomic.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/ipi.h>
#include <genirq/msi.h>
#include <genirq/irq.h>
#include <genirq/proc.h>
#include <genirq/chip/xics.h>

#include "bootlog.h"
#include "scenario.h"
#include "shell_port.h"
#include "guard_smash.h"
#include "port_boot.h"
#include "pm_scenario.h"
#include "port_selftest.h"
#include "demo.h"

#define NR_IRQS		64
#define EPOW_WAIT_MS	20000
#define SHELL_CPU	0		/* the boot CPU runs the shell loop */
#define BANNER		"\ngenirq demo kernel, ppc64 on QEMU's pseries machine: the boot self-tests,\n" \
			"then a shell (help lists the commands; poweroff, or Ctrl-A X, leaves QEMU)\n"

static struct scenario_tally tally = {
	.write = console_put, .label = console_label, .reveal = bootlog_reveal,
};
struct irq_domain *ppc64_msi_domain;
static int vty_irq = -1, epow_irq = -1, ipi_irq = -1;

/* --- the VTY receive interrupt: edge-like, so drain it --- */

static struct rx_ring rx;

/* The shell loop runs on CPU0; with the VTY moved elsewhere, the CPU that
 * took the input wakes it (H_PROD) instead of leaving it ceded until its
 * next tick while the paste fills the ring. */
static irqreturn_t vty_rx(int irq, void *dev)
{
	int total = rx_ring_drain(&rx, console_get);

	(void)irq;
	(void)dev;
	if (total && port_cpu_id() != SHELL_CPU)
		ppc64_wake_cpu(SHELL_CPU);
	return IRQ_RETVAL(total);
}

/* Idle until @done() or @ms of timebase pass, running woken interrupt
 * threads meanwhile. Interrupts on. */
static bool wait_for(bool (*done)(void), unsigned int ms)
{
	uint64_t end = ppc64_mftb() + ppc64_ms_to_tb(ms);

	while (!done()) {
		if (ppc64_mftb() >= end)
			return false;
		irq_threads_run();
		port_cpu_relax();
	}
	return true;
}

/* --- EPOW: the host's power button, an XICS event source --- */

static _Atomic unsigned long epow_events;

static irqreturn_t epow_handler(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	atomic_fetch_add(&epow_events, 1);
	return IRQ_HANDLED;
}

static bool epow_seen(void)
{
	return atomic_load(&epow_events) != 0;
}

/* --- the tick and IPI self-tests (port_selftest.h) --- */

static void send_ipi_to(unsigned int cpu)
{
	ipi_send_single((unsigned int)ipi_irq, cpu);
}

static const struct port_selftest selftest = {
	.tally = &tally, .now = ppc64_mftb, .counts = ppc64_ms_to_tb, .clock = "timebase", .hz = HZ,
	.ticks = ppc64_ticks, .tick_fail = "decrementer ticks", .tick_pass = "decrementer ticks",
	.nested_tick = "decrementer", .sp = ppc64_sp, .nested_tick_sp = &ppc64_nested_tick_sp,
	.on_irq_stack = ppc64_on_irq_stack, .on_softirq_stack = ppc64_on_softirq_stack,
	.guards_ok = ppc64_stack_guards_ok, .send_ipi = send_ipi_to, .smp_ipi = ppc64_smp_ipi,
	.rx = &rx, .wait_for = wait_for,
};

/* --- scenarios --- */

static void scenario_boot(void)
{
	unsigned int online = cpumask_weight(irq_cpu_online_mask());

	if (!machine.xics || vty_irq < 0 || epow_irq < 0 || ipi_irq < 0)
		scenario_fail(&tally, "boot", "xics %d, vty irq %d, epow irq %d, ipi irq %d",
			      machine.xics, vty_irq, epow_irq, ipi_irq);
	else if (online != machine.nr_cpus)
		scenario_fail(&tally, "boot", "%u of %u CPUs online", online, machine.nr_cpus);
	else
		scenario_pass(&tally, "boot", "XICS: VTY 0x%x->irq %d, EPOW 0x%x->irq %d, IPI->irq %d; "
			      "%u CPU(s), timebase %lu Hz", machine.vty_irq, vty_irq,
			      machine.epow_irq, epow_irq, ipi_irq, machine.nr_cpus,
			      (unsigned long)machine.tb_freq);
}

/*
 * EPOW, and the exact half of replay-after-enable: one host event that
 * arrives while the line is off (ibm,int-off latches it), then exactly
 * one delivery from enable_irq (ibm,int-on re-sends it), and no more.
 */
static int epow_replay = -1;	/* -1: no EPOW to judge by; 0: wrong; 1: exact */
static unsigned long epow_counts[3];

static unsigned long epow_delta(unsigned long base)
{
	return irq_stat_total((unsigned int)epow_irq) - base;
}

static void scenario_epow(void)
{
	unsigned long base = irq_stat_total((unsigned int)epow_irq), flags;

	disable_irq((unsigned int)epow_irq);
	ppc64_printf("genirq: waiting for EPOW\n");
	port_delay_us(PORT_SELFTEST_REPLAY_MS * 1000u);
	epow_counts[0] = epow_delta(base);
	flags = port_irq_save();
	enable_irq((unsigned int)epow_irq);
	port_irq_restore(flags);
	epow_counts[1] = epow_delta(base);
	port_delay_us(100000);
	epow_counts[2] = epow_delta(base);
	if (epow_counts[1] != 0 || epow_counts[0] != 0)
		epow_replay = epow_counts[0] == 0 && epow_counts[1] == 1 && epow_counts[2] == 1;
	if (!wait_for(epow_seen, EPOW_WAIT_MS))
		scenario_skip(&tally, "epow", "no EPOW in %u ms (QEMU monitor system_powerdown "
			      "not sent)", PORT_SELFTEST_REPLAY_MS + EPOW_WAIT_MS);
	else
		scenario_pass(&tally, "epow", "system_powerdown from the monitor arrived as XICS "
			      "source 0x%x (irq %d), %lu event(s)", machine.epow_irq, epow_irq,
			      atomic_load(&epow_events));
}

static bool rx_any(void)
{
	return !rx_ring_empty(&rx);
}

/*
 * replay-after-enable, then uart-rx-echo on the same input. The harness
 * types while the line is off (ibm,int-off): nothing may be delivered.
 * ibm,int-on re-sends the latched event: it must arrive inside
 * enable_irq's window with the bytes. Events are not counted exactly
 * here - the VTY refills from the host as soon as it is drained, and
 * each refill of an empty buffer is a new, legitimate event (possibly
 * found empty by a handler that already drained it): the EPOW half of
 * the scenario counts exactly; this half checks the data.
 */
static void scenario_input(void)
{
	struct port_replay r;
	bool first;

	port_selftest_replay((unsigned int)vty_irq, &r);
	first = rx_ring_peek(&rx, 0) == PORT_SELFTEST_LINE[0];
	if (r.during != 0 || (r.after == 0 && rx_any()) || !first || epow_replay == 0)
		scenario_fail(&tally, "replay-after-enable", "VTY: %lu events while off, %lu in "
			      "enable_irq, first byte %s; EPOW: %lu while off, %lu in enable_irq, "
			      "%lu after 100 ms", r.during, r.after, first ? "replayed" : "missing",
			      epow_counts[0], epow_counts[1], epow_counts[2]);
	else if (epow_replay < 0 && r.after == 0)
		scenario_skip(&tally, "replay-after-enable", "no input and no EPOW while the "
			      "lines were off");
	else
		scenario_pass(&tally, "replay-after-enable", "ibm,int-off held back the input "
			      "(0 events), enable_irq (ibm,int-on) delivered it at once (%lu VTY "
			      "event(s), first byte intact%s)", r.after,
			      epow_replay > 0 ? "; EPOW: 0 while off, exactly 1 at enable, "
			      "1 after 100 ms" : "; no EPOW to count exactly");
	port_selftest_rx_echo("through the VTY interrupt", (unsigned int)vty_irq, r.before);
}

static void scenario_spurious(void)
{
	scenario_skip(&tally, "spurious-vector", "QEMU's ICP withdraws a presented interrupt and "
		      "lowers the CPU's external line together (H_CPPR), so a guest cannot "
		      "make H_XIRR return XISR 0 after a 0x500 exception");
}

/* --- shell commands of this port --- */

/* An illegal instruction: shows the register dump and the failure exit. */
static void trap(void)
{
	__asm__ __volatile__(".long 0");
}

/* ticks, probe, poweroff, irqtop's idle, ipi and trap (shell_port.h); nr_cpus at boot. */
static struct shell_port shell_glue = {
	.clock = "timebase", .autoprobe = ppc64_edu_autoprobe, .stacks = ppc64_show_stacks, .send_ipi = send_ipi_to,
	.ticks = ppc64_ticks, .idle = ppc64_idle, .fail = ppc64_fail, .power_off = ppc64_power_off,
	.hz = HZ, .ipis = &port_selftest_ipis, .trap = trap,
};

/* Typed by the harness (make check-ppc64): not in help. */
static const struct shell_cmd port_cmds[] = {
	{ "trap",	NULL,	shell_port_trap },	/* illegal instruction: register dump, failure exit */
	{ "ipi",	NULL,	shell_port_ipi },	/* ipi CPU: one IPI, its handler counted */
};

/* --- boot --- */

static const struct guard_smash smash = {
	.write		= console_put,
	.guard		= ppc64_stack_guard,
	.interrupt	= port_selftest_self_ipi_run,
	.wait_tick	= port_selftest_wait_tick,
	.fail		= ppc64_fail,
};

static void bench(struct scenario_tally *t)
{
	ppc64_bench(t, ipi_irq, port_selftest_ipi, &machine);
}

static void scenarios(void)
{
	scenario_spurious();
	ppc64_line_scenarios(&tally);
	ppc64_smp_scenarios(&tally, ipi_irq, port_selftest_ipi, &machine);
	/* XICS sources cannot be made pending; an IPI line can, through its
	 * server's MFRR (CPU1's, as check-ppc64's raise 3). */
	pm_scenario_raise(&tally, ipi_irq + (machine.nr_cpus > 1), NULL);
	pm_scenario_suspend(&tally, &shell_port_machine, "pseries has no device timer with a line "
			    "of its own (its decrementer is per CPU): no wake timer");
	scenario_skip(&tally, "nmi", "a pseries guest under XICS has no source it can route as an "
		      "NMI (system reset comes from the platform, FWNMI): nmi lines are refused on "
		      "XICS (no IRQCHIP_SUPPORTS_NMI)");
}

static void harness_scenarios(void)
{
	scenario_epow();
	scenario_input();
}

static const char *const waits[] = { "epow", "replay-after-enable", "uart-rx-echo" };

/* After set-up (port_boot.h); the decrementer is no line for make trace. */
static const struct port_boot boot = {
	.tally = &tally, .bootargs = machine.bootargs, .bench = bench,
	.line_scenarios = ppc64_line_scenarios, .scenarios = scenarios,
	.harness_scenarios = harness_scenarios, .waits = waits,
	.nr_waits = GENIRQ_ARRAY_SIZE(waits),
	.no_harness = "no harness to type or to press the power button",
	.verdict_note = " (firmware included)", .smash = &smash, .shell = &shell_glue,
	.cmds = port_cmds, .nr_cmds = GENIRQ_ARRAY_SIZE(port_cmds), .rx = &rx,
};

static int request(int irq, irq_handler_t fn, unsigned long flags, const char *name)
{
	return irq < 0 ? irq : request_irq((unsigned int)irq, fn, flags, name, &machine);
}

/*
 * The IPI through the generic API: one line per CPU on the XICS domain
 * (irq_reserve_ipi()), each with the IPI handler, numbered lines named
 * "IPI" as Linux names XICS's. Return: the base line.
 */
static int reserve_ipi(void)
{
	struct irq_cpumask all;
	int base;

	cpumask_clear(&all);
	for (unsigned int cpu = 0; cpu < machine.nr_cpus; cpu++)
		cpumask_set_cpu(cpu, &all);
	base = irq_reserve_ipi(xics_domain(ppc64_xics), &all);
	if (base < 0)
		return base;
	for (unsigned int cpu = 0; cpu < machine.nr_cpus; cpu++) {
		int irq = ipi_get_irq((unsigned int)base, cpu);

		if (request(irq, port_selftest_ipi, IRQF_PERCPU, "IPI") < 0)
			ppc64_fail("request_irq");
	}
	return base;
}

static void setup_interrupts(void)
{
	struct xics_hv hv = {
		.hcall = hcall1,
		.rtas = rtas_call,
		.tok_set_xive = machine.tok_set_xive,
		.tok_int_on = machine.tok_int_on,
		.tok_int_off = machine.tok_int_off,
		.tok_get_xive = machine.tok_get_xive,
		.hcall2 = hcall2,
		.tok_change_msi = machine.tok_change_msi,
		.tok_query_src = machine.tok_query_src,
		.msi_buid = machine.phb_buid,
		.nr_cpus = machine.nr_cpus,
	};

	for (unsigned int i = 0; i < machine.nr_cpus; i++)
		hv.server[i] = machine.server[i];
	if (irq_core_init(NR_IRQS) < 0)
		ppc64_fail("irq_core_init");
	irq_proc_set_show_level(true);	/* "33 Level", as this architecture's Linux */
	irq_cpu_set_online(0, true);
	ppc64_xics = machine.xics ? xics_create(&hv) : NULL;
	if (!ppc64_xics)
		ppc64_fail("no XICS (run with -M pseries,ic-mode=xics)");
	ppc64_irq_cpu_up(0);
	/* MSIs: the PCI-MSI domain on XICS, sources from RTAS (docs/ppc64.md, MSI). */
	ppc64_msi_domain = msi_create_irq_domain(xics_domain(ppc64_xics), "PCI-MSI", MSI_PARENT_EOI);
	port_selftest_init(&selftest);
	/* The console's line stays irq 1 (the checks' /proc/irq/1) with two IPI lines. */
	epow_irq = xics_map(ppc64_xics, machine.epow_irq, IRQ_TYPE_EDGE_RISING);
	vty_irq = xics_map(ppc64_xics, machine.vty_irq, IRQ_TYPE_EDGE_RISING);
	ipi_irq = reserve_ipi();
	if (request(vty_irq, vty_rx, 0, "vty") < 0 || request(epow_irq, epow_handler, 0, "epow") < 0)
		ppc64_fail("request_irq");
}

void ppc64_start(unsigned long prom_entry)
{
	ppc64_set_cpu_id(0);
	if (prom_scan(prom_entry) < 0)
		ppc64_fail("device tree: no cpus, timebase or RTAS power-off");
	ppc64_set_timebase_hz(machine.tb_freq);
	tally.quiet = !scenario_contains(machine.bootargs, "harness");
	ppc64_printf("%s", BANNER);
	bootlog_begin(bootlog_hides(machine.bootargs, tally.quiet), console_put);
	if (!tally.quiet)
		ppc64_printf("genirq ppc64 pseries: %u CPU(s), timebase %lu Hz, VTY 0x%x\n",
			     machine.nr_cpus, (unsigned long)machine.tb_freq, machine.vty_reg);
	ppc64_install_vectors();	/* the firmware is done with the low vectors */
	setup_interrupts();
	ppc64_timer_start();
	port_irq_enable();
	ppc64_start_secondaries();

	scenario_boot();
	shell_glue.nr_cpus = machine.nr_cpus;
	port_boot_run(&boot);
}

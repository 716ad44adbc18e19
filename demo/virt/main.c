// SPDX-License-Identifier: MIT
/*
 * main.c - the aarch64 virt demo kernel: boot, the boot-time scenarios
 * of SCENARIOS.md, then the serial shell on the PL011.
 *
 * Console input arrives only through the PL011 receive interrupt, into a
 * ring that the shell loop drains. The harness drives the interactive
 * parts through markers: "genirq: waiting for the power key" (it sends
 * system_powerdown to the monitor) and "genirq: ready for input" (it
 * types "hello genirq" and then shell commands).
 */
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/proc.h>
#include <genirq/of_irq.h>

#include "nmi_cmd.h"
#include "pm_scenario.h"
#include "bootlog.h"
#include "scenario.h"
#include "shell_port.h"
#include "guard_smash.h"
#include "port_boot.h"
#include "port_selftest.h"
#include "of_scenario.h"
#include "demo.h"

#define NR_IRQS		64
#define SHELL_CPU	0		/* the boot CPU runs the shell loop */
#define IPI_SGI		0
#define WAKE_SGI	1		/* wakes the shell's CPU for input */
#define BANNER		"\ngenirq demo kernel, aarch64 on QEMU's virt machine: the boot self-tests,\n" \
			"then a shell (help lists the commands; poweroff, or Ctrl-A X, leaves QEMU)\n"

static struct scenario_tally tally = {
	.write = console_put, .label = console_label, .reveal = bootlog_reveal,
};
static int uart_irq = -1, ipi_irq = -1, timer_irq = -1, wake_irq = -1;

/* --- the PL011 receive interrupt: a level line, drained here --- */

static struct rx_ring rx;

/* The shell loop runs on CPU0; with the UART moved elsewhere, the CPU
 * that took the input wakes it with an SGI of its own (not the IPI,
 * whose events the scenarios and the ipi command count) instead of
 * leaving it in wfi until its next tick. */
static irqreturn_t uart_rx(int irq, void *dev)
{
	int total = rx_ring_drain(&rx, console_get);

	(void)irq;
	(void)dev;
	if (total && port_cpu_id() != SHELL_CPU)
		aarch64_send_sgi(SHELL_CPU, WAKE_SGI);
	return IRQ_RETVAL(total);
}

/* Nothing to do: taking the interrupt ended the wfi. */
static irqreturn_t wake_handler(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	return IRQ_HANDLED;
}

static bool wait_for(bool (*done)(void), unsigned int ms)
{
	uint64_t end = aarch64_cntvct() + aarch64_ms_to_cnt(ms);

	while (!done()) {
		if (aarch64_cntvct() >= end)
			return false;
		port_cpu_relax();
	}
	return true;
}

/* --- the tick and IPI self-tests (port_selftest.h) --- */

static char timer_ticks[48];	/* "generic-timer ticks (PPI INTID 27)", at set-up */

static const struct port_selftest selftest = {
	.tally = &tally, .now = aarch64_cntvct, .counts = aarch64_ms_to_cnt, .clock = "the counter", .hz = HZ,
	.ticks = aarch64_ticks, .tick_fail = "timer ticks", .tick_pass = timer_ticks,
	.nested_tick = "timer", .sp = aarch64_sp, .nested_tick_sp = &aarch64_nested_tick_sp,
	.on_irq_stack = aarch64_on_irq_stack, .on_softirq_stack = aarch64_on_softirq_stack,
	.guards_ok = aarch64_stack_guards_ok, .send_ipi = aarch64_send_ipi, .smp_ipi = virt_smp_ipi,
	.rx = &rx, .wait_for = wait_for, .rx_held = console_rx_held,
};

/* --- scenarios --- */

static void scenario_boot(void)
{
	unsigned int online = cpumask_weight(irq_cpu_online_mask());

	if (uart_irq < 0 || ipi_irq < 0 || timer_irq < 0)
		scenario_fail(&tally, "boot", "GICv%u: uart irq %d, ipi irq %d, timer irq %d",
			      machine.gic_version, uart_irq, ipi_irq, timer_irq);
	else if (online != machine.nr_cpus)
		scenario_fail(&tally, "boot", "%u of %u CPUs online", online, machine.nr_cpus);
	else
		scenario_pass(&tally, "boot", "GICv%u: PL011 INTID %u->irq %d, timer PPI INTID %u->irq "
			      "%d, IPI SGI %u->irq %d; %u CPU(s) up by PSCI CPU_ON (%s), counter %lu Hz",
			      machine.gic_version, aarch64_intid(uart_irq), uart_irq,
			      aarch64_intid(timer_irq), timer_irq, IPI_SGI, ipi_irq, machine.nr_cpus,
			      machine.psci_smc ? "smc" : "hvc", (unsigned long)aarch64_cntfrq());
}

static bool rx_any(void)
{
	return !rx_ring_empty(&rx);
}

/*
 * replay-after-enable, then uart-rx-echo on the same input. The harness
 * types while the PL011's line is disabled: nothing may be delivered.
 * The line is level and the FIFO still holds the bytes, so enable_irq
 * delivers them at once.
 */
static void scenario_input(void)
{
	struct port_replay r;
	bool first;

	port_selftest_replay((unsigned int)uart_irq, &r);
	first = rx_ring_peek(&rx, 0) == PORT_SELFTEST_LINE[0];
	if (r.during != 0 || (r.after == 0 && rx_any()) || (r.after != 0 && !first))
		scenario_fail(&tally, "replay-after-enable", "PL011: %lu events while off, %lu in "
			      "enable_irq, first byte %s", r.during, r.after, first ? "there" : "missing");
	else if (r.after == 0)
		scenario_skip(&tally, "replay-after-enable", "no input while the line was off "
			      "(nobody typed)");
	else
		scenario_pass(&tally, "replay-after-enable", "disable_irq held back the PL011 input "
			      "(0 events), enable_irq delivered it at once (%lu event(s), the level "
			      "line still asserted, first byte intact)", r.after);
	port_selftest_rx_echo("through the PL011 receive interrupt", (unsigned int)uart_irq,
			      r.before);
}

/* --- shell commands of this port --- */

/* An undefined instruction: shows the register dump and the failure exit. */
static void trap(void)
{
	__asm__ __volatile__("udf #0");
}

/* ticks, probe, poweroff, irqtop's idle, ipi and trap (shell_port.h); nr_cpus at boot. */
static struct shell_port shell_glue = {
	.clock = "the counter", .autoprobe = virt_edu_autoprobe, .stacks = aarch64_show_stacks,
	.send_ipi = aarch64_send_ipi,
	.ticks = aarch64_ticks, .idle = aarch64_idle, .fail = aarch64_fail, .power_off = aarch64_power_off,
	.hz = HZ, .ipis = &port_selftest_ipis, .trap = trap,
};

/* Typed by the harness (make check-aarch64): not in help. */
static const struct shell_cmd port_cmds[] = {
	{ "trap",	NULL,	shell_port_trap },	/* undefined instruction: register dump, failure exit */
	{ "ipi",	NULL,	shell_port_ipi },	/* ipi CPU: one IPI, its handler counted */
	{ "nmi",	"nmi (spin with local interrupts off; a watchdog NMI finds the CPU)",
	  shell_cmd_nmi },
};

/* --- boot --- */

static const struct guard_smash smash = {
	.write		= console_put,
	.guard		= aarch64_stack_guard,
	.interrupt	= port_selftest_self_ipi_run,
	.wait_tick	= port_selftest_wait_tick,
	.fail		= aarch64_fail,
};

static void bench(struct scenario_tally *t)
{
	virt_bench(t, ipi_irq, port_selftest_ipi, &machine);
}

/* The PL011's, the PL031's and the edus' lines, found from the tree. */
static void scenario_devicetree(void)
{
	const struct of_scenario_dev devs[] = {
		{ .label = "PL011", .node = machine.uart_node, .in_use = uart_irq },
		{ .label = "PL031", .node = machine.rtc_node, .in_use = -1 },
	};
	struct edu e[EDU_MAX];
	unsigned int devfn[EDU_MAX], n = edu_probe(e, EDU_MAX);

	for (unsigned int i = 0; i < n; i++)
		devfn[i] = e[i].slot << 3;
	of_scenario_run(&tally, virt_dtb(), devs, GENIRQ_ARRAY_SIZE(devs), machine.pci_node,
			devfn, n);
}

static void scenarios(void)
{
	virt_line_scenarios(&tally);
	virt_spurious_scenario(&tally);
	virt_smp_scenarios(&tally, ipi_irq, port_selftest_ipi, &machine);
	virt_msi_scenario(&tally);
	scenario_devicetree();
	pm_scenario_raise(&tally, uart_irq, NULL);	/* the GIC's set-pending register */
	pm_scenario_suspend(&tally, &shell_port_machine, NULL);
	nmi_scenario(&tally, shell_cmd_nmi, machine.gic_version == 3 ? NULL :
		     "the GICv2 has no priority masking for pseudo-NMIs: nmi lines are refused "
		     "on it (no IRQCHIP_SUPPORTS_NMI)");
}

static void harness_scenarios(void)
{
	virt_cascade_scenario(&tally);
	scenario_input();
}

static const char *const waits[] = { "cascade", "replay-after-enable", "uart-rx-echo" };

/* After set-up (port_boot.h); make trace leaves the timer's line out. */
static const struct port_boot boot = {
	.tally = &tally, .bootargs = machine.bootargs, .bench = bench,
	.untraced = &timer_irq, .nr_untraced = 1, .line_scenarios = virt_line_scenarios,
	.scenarios = scenarios, .harness_scenarios = harness_scenarios, .waits = waits,
	.nr_waits = GENIRQ_ARRAY_SIZE(waits),
	.no_harness = "no harness to type or to press the power key",
	.verdict_note = "", .smash = &smash, .shell = &shell_glue,
	.cmds = port_cmds, .nr_cmds = GENIRQ_ARRAY_SIZE(port_cmds), .rx = &rx,
};

static void setup_interrupts(void)
{
	if (irq_core_init(NR_IRQS) < 0)
		aarch64_fail("irq_core_init");
	irq_proc_set_show_level(true);	/* "33 Level", as this architecture's Linux */
	irq_cpu_set_online(0, true);
	aarch64_irq_init();
	aarch64_irq_init_cpu();
	port_selftest_init(&selftest);
	virt_nmi_init();
	timer_irq = aarch64_timer_start();
	irq_snprintf(timer_ticks, sizeof(timer_ticks), "generic-timer ticks (PPI INTID %u)",
		     aarch64_intid(timer_irq));
	ipi_irq = aarch64_gic_map(IPI_SGI, IRQ_TYPE_EDGE_RISING);
	uart_irq = irq_of_parse_and_map(virt_dtb(), machine.uart_node, 0);
	if (timer_irq < 0 || ipi_irq < 0 || uart_irq < 0 ||
	    request_irq((unsigned int)ipi_irq, port_selftest_ipi, IRQF_PERCPU, "IPI", &machine) < 0 ||
	    request_irq((unsigned int)uart_irq, uart_rx, 0, "pl011", &machine) < 0)
		aarch64_fail("interrupt set-up");
	irq_set_proc_hidden((unsigned int)ipi_irq, true);	/* the port's IPI0 row shows it */
	console_rx_irq_enable();
	if (virt_gpio_setup() < 0)
		aarch64_printf("genirq: no PL061 power key\n");
	if (GENIRQ_ENABLED(GENIRQ_MSI) && virt_msi_setup() < 0)
		aarch64_printf("genirq: no MSI controller\n");
	wake_irq = aarch64_gic_map(WAKE_SGI, IRQ_TYPE_EDGE_RISING);
	if (wake_irq < 0 ||
	    request_irq((unsigned int)wake_irq, wake_handler, IRQF_PERCPU, "wake", &machine) < 0)
		aarch64_fail("interrupt set-up (wake SGI)");
	irq_set_proc_hidden((unsigned int)wake_irq, true);	/* the port's IPI1 row shows it */
}

void aarch64_start(uint64_t dtb, unsigned int entry_el)
{
	if (fdt_scan(dtb) < 0)
		aarch64_fail("device tree: not found, or no GIC, CPUs or PL011");
	if (port_cpu_id() != 0 || machine.mpidr[0] != 0)
		aarch64_fail("boot CPU is not MPIDR 0");
	for (unsigned int i = 0; i < machine.nr_cpus; i++)
		if (machine.mpidr[i] != i)	/* port_cpu_id() is Aff0 */
			aarch64_fail("cpu@N in the device tree is not MPIDR N");
	tally.quiet = !scenario_contains(machine.bootargs, "harness");
	aarch64_printf("%s", BANNER);
	bootlog_begin(bootlog_hides(machine.bootargs, tally.quiet), console_put);
	if (!tally.quiet)
		aarch64_printf("genirq aarch64 virt: entered at EL%u, GICv%u, %u CPU(s), device tree "
			       "at 0x%lx, PSCI by %s, counter %lu Hz\n", entry_el, machine.gic_version,
			       machine.nr_cpus, (unsigned long)machine.dtb,
			       machine.psci_smc ? "smc" : "hvc", (unsigned long)aarch64_cntfrq());
	setup_interrupts();
	port_irq_enable();
	aarch64_start_secondaries();

	scenario_boot();
	virt_wake_timer_setup();	/* after the scenarios' lines: theirs keep their numbers */
	shell_glue.nr_cpus = machine.nr_cpus;
	port_boot_run(&boot);
}

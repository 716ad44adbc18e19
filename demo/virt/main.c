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
#include <stdatomic.h>
#include <genirq/hardirq.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/proc.h>

#include "scenario.h"
#include "shell.h"
#include "shell_port.h"
#include "trace_cmd.h"
#include "traced.h"
#include "shell_garbage.h"
#include "guard_smash.h"
#include "demo.h"

#define NR_IRQS		64
#define TICK_SPAN_MS	500		/* timer-ticks: span of counter measured */
#define TICK_TOLERANCE	10		/* percent */
#define REPLAY_WAIT_MS	1000		/* input has arrived by then, line disabled */
#define INPUT_WAIT_MS	20000		/* guards against a harness that never types */
#define NESTED_TICK_MS	100		/* irq-stack: how long the IPI handler waits */
#define EXPECTED_LINE	"hello genirq"
#define SHELL_CPU	0		/* the boot CPU runs the shell loop */
#define IPI_SGI		0
#define WAKE_SGI	1		/* wakes the shell's CPU for input */
#define BANNER		"\ngenirq demo kernel, aarch64 on QEMU's virt machine: the boot self-tests,\n" \
			"then a shell (help lists the commands; poweroff, or Ctrl-A X, leaves QEMU)\n"

static struct scenario_tally tally = { .write = console_put, .label = console_label };
static struct shell shell;
static int uart_irq = -1, ipi_irq = -1, timer_irq = -1, wake_irq = -1;

/* --- the PL011 receive interrupt: a level line, drained here --- */

static struct rx_ring rx;

/* The shell loop runs on CPU0; with the UART moved elsewhere, the CPU
 * that took the input wakes it with an SGI of its own (not the IPI,
 * whose events the scenarios and the ipi command count) instead of
 * leaving it in wfi until its next tick. */
static irqreturn_t uart_rx(int irq, void *dev)
{
	char buf[16];
	int n, total = 0;

	(void)irq;
	(void)dev;
	while ((n = console_get(buf, sizeof(buf))) > 0) {
		for (int i = 0; i < n; i++)
			rx_ring_put(&rx, buf[i]);
		total += n;
	}
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
	uint64_t end = cntvct() + ms_to_cnt(ms);

	while (!done()) {
		if (cntvct() >= end)
			return false;
		port_cpu_relax();
	}
	return true;
}

/* --- the IPI: softirq and irq-stack probes --- */

#define TEST_SOFTIRQ	HI_SOFTIRQ

static struct {
	_Atomic unsigned long	ipis;
	uintptr_t		hard_sp, soft_sp;
	bool			hard_in_irq, soft_in_softirq, soft_not_in_irq;
	bool			wait_nested;
	_Atomic unsigned long	nested_ticks;
} probe;

static void test_softirq(void)
{
	probe.soft_sp = aarch64_sp();
	probe.soft_in_softirq = in_softirq();
	probe.soft_not_in_irq = !in_irq();
}

static irqreturn_t ipi_handler(int irq, void *dev)
{
	unsigned long t0 = aarch64_ticks(port_cpu_id());

	(void)irq;
	(void)dev;
	if (virt_smp_ipi())
		return IRQ_HANDLED;
	probe.hard_sp = aarch64_sp();
	probe.hard_in_irq = in_irq();
	raise_softirq(TEST_SOFTIRQ);
	if (probe.wait_nested) {
		/* Interrupts are on here: the tick (more urgent) nests on this stack. */
		uint64_t end = cntvct() + ms_to_cnt(NESTED_TICK_MS);

		while (aarch64_ticks(port_cpu_id()) == t0 && cntvct() < end)
			port_cpu_relax();
		atomic_store(&probe.nested_ticks, aarch64_ticks(port_cpu_id()) - t0);
	}
	atomic_fetch_add(&probe.ipis, 1);
	return IRQ_HANDLED;
}

static void send_self_ipi(void)
{
	unsigned long before = atomic_load(&probe.ipis);

	aarch64_send_ipi(port_cpu_id());
	while (atomic_load(&probe.ipis) == before)
		port_cpu_relax();
}

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
			      machine.gic_version, machine.uart_irq.intid, uart_irq,
			      machine.timer_irq.intid, timer_irq, IPI_SGI, ipi_irq, machine.nr_cpus,
			      machine.psci_smc ? "smc" : "hvc", (unsigned long)aarch64_cntfrq());
}

/* Ticks this CPU counted over one TICK_SPAN_MS span of the counter, from a tick edge. */
static unsigned long ticks_in_span(void)
{
	unsigned int cpu = port_cpu_id();
	unsigned long got = aarch64_ticks(cpu);
	uint64_t end;

	while (aarch64_ticks(cpu) == got)
		port_cpu_relax();
	got = aarch64_ticks(cpu);
	end = cntvct() + ms_to_cnt(TICK_SPAN_MS);
	while (cntvct() < end)
		port_cpu_relax();
	return aarch64_ticks(cpu) - got;
}

static void scenario_timer(void)
{
	unsigned long expect = HZ * TICK_SPAN_MS / 1000, got;
	unsigned int try = scenario_tick_tries(ticks_in_span, expect * (100 - TICK_TOLERANCE) / 100,
					       expect * (100 + TICK_TOLERANCE) / 100, &got);

	if (!try)
		scenario_fail(&tally, "timer-ticks", "%lu timer ticks in %u ms of the counter, "
			      "expected %lu +-%u%% (%u tries)", got, TICK_SPAN_MS, expect,
			      TICK_TOLERANCE, SCENARIO_TICK_TRIES);
	else
		scenario_pass(&tally, "timer-ticks", "%lu generic-timer ticks (PPI INTID %u) in %u ms "
			      "of the counter (expected %lu)%s", got, machine.timer_irq.intid,
			      TICK_SPAN_MS, expect, scenario_try_note(try));
}

static void scenario_softirq_and_stack(void)
{
	unsigned int cpu = port_cpu_id();

	probe.wait_nested = true;
	send_self_ipi();
	probe.wait_nested = false;
	if (!probe.hard_in_irq || !aarch64_on_irq_stack(cpu, probe.hard_sp))
		scenario_fail(&tally, "irq-stack", "handler sp 0x%lx, in_irq %d",
			      (unsigned long)probe.hard_sp, probe.hard_in_irq);
	else if (atomic_load(&probe.nested_ticks) == 0 ||
		 !aarch64_on_irq_stack(cpu, aarch64_nested_tick_sp))
		scenario_fail(&tally, "irq-stack", "nested timer tick: %lu ticks, sp 0x%lx",
			      atomic_load(&probe.nested_ticks), (unsigned long)aarch64_nested_tick_sp);
	else if (!aarch64_stack_guards_ok(cpu))
		scenario_fail(&tally, "irq-stack", "guard words overwritten");
	else
		scenario_pass(&tally, "irq-stack", "IPI handler sp 0x%lx and nested tick sp 0x%lx "
			      "on cpu%u's hardirq stack, guards intact", (unsigned long)probe.hard_sp,
			      (unsigned long)aarch64_nested_tick_sp, cpu);

	if (probe.soft_sp == 0 || !probe.soft_in_softirq || !probe.soft_not_in_irq ||
	    !aarch64_on_softirq_stack(cpu, probe.soft_sp))
		scenario_fail(&tally, "softirq", "ran: %d, in_softirq %d, !in_irq %d, sp 0x%lx",
			      probe.soft_sp != 0, probe.soft_in_softirq, probe.soft_not_in_irq,
			      (unsigned long)probe.soft_sp);
	else
		scenario_pass(&tally, "softirq", "raised in the IPI handler, ran at irq_exit in "
			      "softirq context on the softirq stack (sp 0x%lx)",
			      (unsigned long)probe.soft_sp);
}

static bool rx_has_line(void)
{
	return rx_ring_has_line(&rx);
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
	unsigned long before, during, after, flags;

	disable_irq((unsigned int)uart_irq);
	before = irq_stat_total((unsigned int)uart_irq);
	aarch64_printf("genirq: ready for input\n");
	port_delay_us(REPLAY_WAIT_MS * 1000u);
	during = irq_stat_total((unsigned int)uart_irq) - before;

	flags = port_irq_save();
	enable_irq((unsigned int)uart_irq);
	port_irq_restore(flags);		/* the still-asserted line is taken here */
	flags = port_irq_save();
	after = irq_stat_total((unsigned int)uart_irq) - before;
	port_irq_restore(flags);
	if (during != 0 || (after == 0 && rx_any()) ||
	    (after != 0 && rx_ring_peek(&rx, 0) != EXPECTED_LINE[0]))
		scenario_fail(&tally, "replay-after-enable", "PL011: %lu events while off, %lu in "
			      "enable_irq, first byte %s", during, after,
			      rx_ring_peek(&rx, 0) == EXPECTED_LINE[0] ? "there" : "missing");
	else if (after == 0)
		scenario_skip(&tally, "replay-after-enable", "no input while the line was off "
			      "(nobody typed)");
	else
		scenario_pass(&tally, "replay-after-enable", "disable_irq held back the PL011 input "
			      "(0 events), enable_irq delivered it at once (%lu event(s), the level "
			      "line still asserted, first byte intact)", after);

	if (!wait_for(rx_has_line, INPUT_WAIT_MS)) {
		scenario_skip(&tally, "uart-rx-echo", "no input line in %u ms (nobody typed)",
			      INPUT_WAIT_MS);
		return;
	}
	scenario_rx_echo(&tally, &rx, EXPECTED_LINE, "through the PL011 receive interrupt",
			 (unsigned int)uart_irq, before);
}

/* --- shell commands of this port --- */

static bool summary_ok;

/* ticks, probe, poweroff, irqtop's idle and ipi (shell_port.h); nr_cpus at boot. */
static struct shell_port shell_glue = {
	.clock = "the counter", .autoprobe = virt_edu_autoprobe, .send_ipi = aarch64_send_ipi,
	.ticks = aarch64_ticks, .idle = aarch64_idle, .fail = aarch64_fail, .power_off = aarch64_power_off,
	.hz = HZ, .ipis = &probe.ipis, .summary_ok = &summary_ok,
};

/* An undefined instruction: shows the register dump and the failure exit. */
static int cmd_trap(struct shell *sh, int argc, char **argv)
{
	(void)sh;
	(void)argv;
	if (argc != 1)
		return -EINVAL;
	__asm__ __volatile__("udf #0");
	return 0;
}

/* Typed by the harness (make check-aarch64): not in help. */
static const struct shell_cmd port_cmds[] = {
	{ "trap",	NULL,	cmd_trap },	/* undefined instruction: register dump, failure exit */
	{ "ipi",	NULL,	shell_port_ipi },	/* ipi CPU: one IPI, its handler counted */
};

/* --- boot --- */

static const struct guard_smash smash = {
	.write		= console_put,
	.guard		= aarch64_stack_guard,
	.interrupt	= send_self_ipi,
	.fail		= aarch64_fail,
};

/* Kernel arguments (-append): "harness" (make check: every verdict line,
 * the power-key and input scenarios), "bench" (make bench-aarch64: the
 * dispatch figures only), "smash-irq-guard" or "smash-softirq-guard"
 * (after the verdict, a stack guard word overwritten: guard_smash.h);
 * none (make run): a summary line, then the shell. */
static bool bootarg(const char *word)
{
	for (const char *a = machine.bootargs; *a; a++) {
		size_t i = 0;

		while (word[i] && a[i] == word[i])
			i++;
		if (!word[i])
			return true;
	}
	return false;
}

static void setup_interrupts(void)
{
	if (irq_core_init(NR_IRQS) < 0)
		aarch64_fail("irq_core_init");
	irq_cpu_set_online(0, true);
	aarch64_irq_init();
	aarch64_irq_init_cpu();
	open_softirq(TEST_SOFTIRQ, test_softirq);
	timer_irq = aarch64_timer_start();
	ipi_irq = aarch64_gic_map(IPI_SGI, IRQ_TYPE_EDGE_RISING);
	uart_irq = aarch64_gic_map(machine.uart_irq.intid, machine.uart_irq.trigger);
	if (timer_irq < 0 || ipi_irq < 0 || uart_irq < 0 ||
	    request_irq((unsigned int)ipi_irq, ipi_handler, IRQF_PERCPU, "IPI", &machine) < 0 ||
	    request_irq((unsigned int)uart_irq, uart_rx, 0, "pl011", &machine) < 0)
		aarch64_fail("interrupt set-up");
	irq_set_proc_hidden((unsigned int)ipi_irq, true);	/* the port's IPI row shows it */
	console_rx_irq_enable();
	if (virt_gpio_setup() < 0)
		aarch64_printf("genirq: no PL061 power key\n");
	if (virt_msi_setup() < 0)
		aarch64_printf("genirq: no MSI controller\n");
	wake_irq = aarch64_gic_map(WAKE_SGI, IRQ_TYPE_EDGE_RISING);
	if (wake_irq < 0 ||
	    request_irq((unsigned int)wake_irq, wake_handler, IRQF_PERCPU, "wake", &machine) < 0)
		aarch64_fail("interrupt set-up (wake SGI)");
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
	tally.quiet = !bootarg("harness");
	aarch64_printf("%s", BANNER);
	if (!tally.quiet)
		aarch64_printf("genirq aarch64 virt: entered at EL%u, GICv%u, %u CPU(s), device tree "
			       "at 0x%lx, PSCI by %s, counter %lu Hz\n", entry_el, machine.gic_version,
			       machine.nr_cpus, (unsigned long)machine.dtb,
			       machine.psci_smc ? "smc" : "hvc", (unsigned long)aarch64_cntfrq());
	setup_interrupts();
	port_irq_enable();
	aarch64_start_secondaries();

	scenario_boot();
	if (bootarg("bench")) {
		virt_bench(&tally, ipi_irq, ipi_handler, &machine);
		if (scenario_summary(&tally) != 0)
			aarch64_fail("bench scenarios failed");
		aarch64_printf("genirq: power-off\n");
		aarch64_power_off();
	}
	if (bootarg("trace")) {	/* make trace: every line but the timer's */
		traced_run_line(&tally, &timer_irq, 1, virt_line_scenarios,
				scenario_softirq_and_stack);
	} else {
		scenario_timer();
		scenario_softirq_and_stack();
		shell_garbage_scenario(&tally);
		virt_line_scenarios(&tally);
		virt_spurious_scenario(&tally);
		virt_smp_scenarios(&tally, ipi_irq, ipi_handler, &machine);
		virt_msi_scenario(&tally);
	}
	if (tally.quiet) {
		static const char *const waits[] = { "cascade", "replay-after-enable", "uart-rx-echo" };

		for (unsigned int i = 0; i < GENIRQ_ARRAY_SIZE(waits); i++)
			scenario_skip(&tally, waits[i], "no harness to type or to press the power key");
	} else {
		virt_cascade_scenario(&tally);
		scenario_input();
	}
	if (irq_trace_enabled())
		irq_trace_enable(false);	/* "trace": the scenarios are in the rings */
	summary_ok = scenario_summary(&tally) == 0;
	if (!tally.quiet)
		aarch64_printf("genirq: verdict at %lu ms of the counter\n",
			       (unsigned long)(port_time_ns() / 1000000u));
	guard_smash(machine.bootargs, &smash);

	shell_init(&shell, console_put, port_cmds, GENIRQ_ARRAY_SIZE(port_cmds));
	shell_glue.nr_cpus = machine.nr_cpus;
	shell_port_init(&shell_glue);
	shell.machine = &shell_port_machine;
	shell_prompt(&shell);
	shell.rx = &rx;
	for (;;) {
		shell_feed(&shell);
		aarch64_idle(rx_any);
	}
}

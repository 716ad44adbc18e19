// SPDX-License-Identifier: MIT
/*
 * main.c - the riscv64 virt demo kernel: boot, the boot-time scenarios
 * of SCENARIOS.md, then the serial shell on the ns16550.
 *
 * Console input arrives only through the UART's receive interrupt, into
 * a ring that the shell loop drains. The harness types after the marker
 * "genirq: ready for input": "hello genirq", then shell commands.
 * Kernel arguments (-append): "harness" (every verdict line, the input
 * scenarios), "bench" (make bench-riscv64), "mustfail" (one scenario
 * fails on purpose: the run must be refused), "smash-irq-guard" or
 * "smash-softirq-guard" (after the verdict, a stack guard word
 * overwritten: guard_smash.h).
 */
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/proc.h>
#include <genirq/of_irq.h>
#include <genirq/chip/aplic.h>
#include <genirq/chip/imsic.h>
#include <genirq/chip/plic.h>
#include <genirq/msi.h>

#include "bootlog.h"
#include "scenario.h"
#include "shell_port.h"
#include "guard_smash.h"
#include "port_boot.h"
#include "pm_scenario.h"
#include "port_selftest.h"
#include "of_scenario.h"
#include "demo.h"
#include "fdt.h"

#define NR_IRQS		64
#define THRE_WAIT_US	20000		/* autoprobe: the UART asserts THRE at once */
#define SHELL_CPU	0		/* the boot CPU runs the shell loop */
#define IMSIC_FILE_BYTES 0x1000u	/* S-level file stride (no guest files) */
#define MSI_LINES	32u		/* message lines at once */
#define UART_IER_RX	0x01
#define UART_IER_THRE	0x02
/* OpenSBI prints its own banner first (QEMU gives no way to turn it off):
 * make run keeps it in build/riscv64/firmware.log (riscv64_HOLD). */
#define BANNER		"\ngenirq demo kernel, riscv64 (S-mode, under QEMU's OpenSBI firmware) on\n" \
			"QEMU's virt machine: the boot self-tests, then a shell (help lists the\n" \
			"commands; poweroff, or Ctrl-A X, leaves QEMU)\n"

static struct scenario_tally tally = {
	.write = console_put, .label = console_label, .reveal = bootlog_reveal,
};
static int uart_irq = -1, ipi_irq = -1, timer_irq = -1;
static struct plic *plic;		/* -M virt */
static struct aplic *aplic;		/* -M virt,aia=aplic-imsic */
static struct imsic *imsic;
/* PCI-MSI on the IMSIC's message identities (aia=aplic-imsic). */
static struct imsic_msi_config imsic_msi;
static struct irq_domain *pci_msi_domain;
const char *virt_wired_name = "PLIC";
bool virt_wired_latches = true, virt_wired_reforwards;

int virt_map_wired(uint32_t src)
{
	return plic ? plic_map(plic, src, IRQ_TYPE_LEVEL_HIGH)
		    : aplic_map(aplic, src, IRQ_TYPE_LEVEL_HIGH);
}

/* A source the tree describes: level unless its cells say otherwise
 * (the PLIC's binding has one cell, the number; the APLIC's two). */
static int wired_of_map(void *data, irq_hw_number_t src, unsigned int type)
{
	(void)data;
	if (type == IRQ_TYPE_NONE)
		type = IRQ_TYPE_LEVEL_HIGH;
	return plic ? plic_map(plic, src, type) : aplic_map(aplic, src, type);
}

static const struct irq_fwnode_ops plic_of_ops = {
	.translate = irq_domain_xlate_onecell, .map = wired_of_map,
};
static const struct irq_fwnode_ops aplic_of_ops = {
	.translate = irq_domain_xlate_twocell, .map = wired_of_map,
};

/* The wired source of line @irq; 0 for none. */
static uint32_t wired_src(int irq)
{
	struct irq_data *d = irq >= 0 ? irq_get_irq_data((unsigned int)irq) : NULL;

	return d ? (uint32_t)d->hwirq : 0;
}

/* --- the UART receive interrupt: a level line, drained here --- */

static struct rx_ring rx;

static irqreturn_t uart_rx(int irq, void *dev)
{
	int c, n = 0;

	(void)irq;
	(void)dev;
	while ((c = uart_getc()) >= 0) {
		rx_ring_put(&rx, (char)c);
		n++;
	}
	if (n && port_cpu_id() != SHELL_CPU)
		riscv64_wake_cpu(SHELL_CPU);
	return IRQ_RETVAL(n);
}

static int uart_request(void)
{
	return request_irq((unsigned int)uart_irq, uart_rx, 0, "serial", &rx);
}

static unsigned int rx_count(void)
{
	unsigned int n = 0;

	while (rx_ring_peek(&rx, n) >= 0)
		n++;
	return n;
}

/* Idle until @done() or @ms of the time CSR pass. */
static bool wait_for(bool (*done)(void), unsigned int ms)
{
	uint64_t end = rdtime() + ms_to_ticks(ms);

	while (!done() && rdtime() < end)
		riscv64_idle(done);
	return done();
}

/* --- the tick and IPI self-tests (port_selftest.h) --- */

static const struct port_selftest selftest = {
	.tally = &tally, .now = rdtime, .counts = ms_to_ticks, .clock = "the time CSR", .hz = HZ,
	.ticks = riscv64_ticks, .tick_fail = "SBI timer ticks", .tick_pass = "SBI timer ticks",
	.nested_tick = "timer", .sp = riscv64_sp, .nested_tick_sp = &riscv64_nested_tick_sp,
	.on_irq_stack = riscv64_on_irq_stack, .on_softirq_stack = riscv64_on_softirq_stack,
	.guards_ok = riscv64_stack_guards_ok, .send_ipi = sbi_send_ipi, .smp_ipi = virt_smp_ipi,
	.rx = &rx, .wait_for = wait_for, .rx_held = uart_rx_held,
};

/* --- scenarios --- */

static void scenario_boot(void)
{
	unsigned int online = cpumask_weight(irq_cpu_online_mask());
	char ctl[96];

	if (plic)
		irq_snprintf(ctl, sizeof(ctl), "PLIC at 0x%lx (%u sources, S contexts %d/%d)",
			     (unsigned long)machine.plic, machine.plic_ndev, machine.plic_ctx[0],
			     machine.plic_ctx[1]);
	else
		irq_snprintf(ctl, sizeof(ctl), "APLIC at 0x%lx (%u sources, MSI mode), IMSIC "
			     "files at 0x%lx (%u ids)", (unsigned long)machine.aplic,
			     machine.aplic_nsrc, (unsigned long)machine.imsic, machine.imsic_ids);
	if (uart_irq < 0 || ipi_irq < 0)
		scenario_fail(&tally, "boot", "%s: uart irq %d, ipi irq %d", ctl, uart_irq, ipi_irq);
	else if (online != machine.nr_cpus)
		scenario_fail(&tally, "boot", "%u of %u CPUs online", online, machine.nr_cpus);
	else
		scenario_pass(&tally, "boot", "S-mode under OpenSBI; %s: UART source %u->irq %d, "
			      "IPI->irq %d; %u hart(s) (boot hart %lu), timebase %lu Hz", ctl,
			      wired_src(uart_irq), uart_irq, ipi_irq, machine.nr_cpus, machine.hartid[0],
			      (unsigned long)machine.timebase);
}

/* The UART's THRE: free its line, make it assert, ask the core which
 * line rose; then the edu half (scenarios.c). */
static int autoprobe_uart(void)
{
	unsigned long mask;
	int found;

	free_irq((unsigned int)uart_irq, &rx);
	mask = probe_irq_on();
	uart_set_ier(UART_IER_THRE);
	port_delay_us(THRE_WAIT_US);
	found = probe_irq_off(mask);
	uart_set_ier(UART_IER_RX);
	uart_request();
	return found;
}

static void scenario_autoprobe(void)
{
	int uart = autoprobe_uart(), edu = virt_edu_autoprobe(1);

	if (uart != uart_irq || (edu != -ENODEV && edu < 0))
		scenario_fail(&tally, "autoprobe", "UART THRE: probe_irq_off gave %d, its line is "
			      "%d; edu: %d", uart, uart_irq, edu);
	else if (edu == -ENODEV)
		scenario_pass(&tally, "autoprobe", "UART THRE found on irq %d (source %u); no edu "
			      "pair to probe", uart, wired_src(uart_irq));
	else
		scenario_pass(&tally, "autoprobe", "UART THRE found on irq %d (source %u); edu A "
			      "found on irq %d", uart, wired_src(uart_irq), edu);
}

/*
 * replay-after-enable, then uart-rx-echo on the same input. The harness
 * types while the line is disabled: nothing may be delivered. The FIFO
 * holds the bytes and the level line stays asserted, so enable_irq must
 * bring exactly one event, inside its window, that drains them all.
 */
static void scenario_input(void)
{
	struct port_replay r;
	bool first;

	port_selftest_replay((unsigned int)uart_irq, &r);
	first = rx_ring_peek(&rx, 0) == PORT_SELFTEST_LINE[0];
	/* Each FIFO read that leaves data behind re-drives the line: a
	 * latching controller takes it as one more request, to a drained FIFO. */
	if (r.during != 0 || r.after < 1 || (r.after > 1 && !virt_wired_latches) || !first)
		scenario_fail(&tally, "replay-after-enable", "%lu events while disabled, %lu in "
			      "enable_irq (want 1), first byte %s", r.during, r.after,
			      first ? "there" : "missing");
	else
		scenario_pass(&tally, "replay-after-enable", "input held back while disabled "
			      "(0 events); enable_irq delivered it at once (the level line still "
			      "asserted), %lu event(s), %u byte(s) in the ring after them%s", r.after,
			      rx_count(), r.after > 1 ? " (the first drained the FIFO; the others "
			      "were requests the controller latched during its reads)" : "");
	port_selftest_rx_echo("through the receive interrupt", (unsigned int)uart_irq, r.before);
}

/* --- shell commands of this port --- */

/* ticks, probe, poweroff, irqtop's idle and ipi (shell_port.h); nr_cpus at boot. */
static struct shell_port shell_glue = {
	.clock = "the time CSR", .autoprobe = virt_edu_autoprobe, .stacks = riscv64_show_stacks,
	.send_ipi = sbi_send_ipi,
	.ticks = riscv64_ticks, .idle = riscv64_idle, .fail = riscv64_fail, .power_off = riscv64_power_off,
	.hz = HZ, .ipis = &port_selftest_ipis,
};

/* Typed by the harness (make check-riscv64): not in help. */
static const struct shell_cmd port_cmds[] = {
	{ "ipi",	NULL,	shell_port_ipi },	/* ipi CPU: one IPI, its handler counted */
};

/* --- boot --- */

static const struct guard_smash smash = {
	.write		= console_put,
	.guard		= riscv64_stack_guard,
	.interrupt	= port_selftest_self_ipi_run,
	.wait_tick	= port_selftest_wait_tick,
	.fail		= riscv64_fail,
};

static void bench(struct scenario_tally *t)
{
	virt_bench(t, ipi_irq, port_selftest_ipi, &machine);
}

/* The UART's, the RTC's and the edus' lines, found from the tree. */
static void scenario_devicetree(void)
{
	const struct of_scenario_dev devs[] = {
		{ .label = "UART", .node = machine.uart_node, .in_use = uart_irq },
		{ .label = "RTC", .node = machine.rtc_node, .in_use = -1 },
	};
	struct edu e[EDU_MAX];
	unsigned int devfn[EDU_MAX], n = edu_probe(e, EDU_MAX);

	for (unsigned int i = 0; i < n; i++)
		devfn[i] = e[i].slot << 3;
	of_scenario_run(&tally, machine.dtb, devs, GENIRQ_ARRAY_SIZE(devs), machine.pci_node,
			devfn, n);
}

static void scenarios(void)
{
	virt_line_scenarios(&tally);
	scenario_autoprobe();
	virt_smp_scenarios(&tally, ipi_irq);
	virt_msi_scenario(&tally, imsic, pci_msi_domain, &imsic_msi);
	scenario_devicetree();
	pm_scenario_raise(&tally, aplic ? uart_irq : -1,	/* the APLIC's setipnum */
			  "the PLIC's pending bits are read-only: irq_set_irqchip_state(PENDING) "
			  "is -EINVAL on every line");
	pm_scenario_suspend(&tally, &shell_port_machine, NULL);
	scenario_skip(&tally, "nmi", "RISC-V S-mode has no NMI and this port masks by sstatus.SIE, "
		      "not by priority: nmi lines are refused on the PLIC and APLIC "
		      "(no IRQCHIP_SUPPORTS_NMI)");
}

static const char *const waits[] = { "replay-after-enable", "uart-rx-echo" };

/* After set-up (port_boot.h); make trace leaves the timer's line out. */
static const struct port_boot boot = {
	.tally = &tally, .bootargs = machine.bootargs, .bench = bench,
	.untraced = &timer_irq, .nr_untraced = 1,
	.line_scenarios = virt_line_scenarios, .scenarios = scenarios,
	.harness_scenarios = scenario_input, .waits = waits, .nr_waits = GENIRQ_ARRAY_SIZE(waits),
	.no_harness = "no harness to type", .mustfail = true, .fatal_verdict = true,
	.verdict_note = " (firmware included)", .smash = &smash, .shell = &shell_glue,
	.cmds = port_cmds, .nr_cmds = GENIRQ_ARRAY_SIZE(port_cmds), .rx = &rx,
};

static void plic_cpu(void)
{
	plic_cpu_init(plic);
}

static struct riscv64_external plic_external = {
	.handle		= plic_handle_entry,
	.cpu_init	= plic_cpu,
};

static void imsic_cpu(void)
{
	imsic_cpu_init(imsic);
}

static struct riscv64_external imsic_external = {
	.handle		= imsic_handle_entry,
	.cpu_init	= imsic_cpu,
};

/* The PLIC on -M virt; the APLIC (MSI mode) and IMSIC with aia=aplic-imsic. */
static void setup_controllers(void)
{
	struct plic_config pc = {
		.base = machine.plic, .nr_sources = machine.plic_ndev, .nr_cpus = machine.nr_cpus,
	};
	struct aplic_config ac = {
		.base = machine.aplic, .nr_sources = machine.aplic_nsrc, .nr_cpus = machine.nr_cpus,
	};
	struct imsic_config ic = { .nr_ids = machine.imsic_ids, .nr_cpus = machine.nr_cpus };

	for (unsigned int i = 0; i < machine.nr_cpus; i++) {
		pc.context[i] = (unsigned int)machine.plic_ctx[i];
		ac.hart_index[i] = machine.imsic_index[i];
		if (machine.plic && machine.plic_ctx[i] < 0)
			riscv64_fail("a hart without a supervisor PLIC context");
	}
	if (machine.plic) {
		plic = plic_create(&pc);
		plic_external.arg = plic;
		riscv64_external = &plic_external;
	} else if (machine.aplic && machine.aplic_msi && machine.imsic) {
		imsic = imsic_create(&ic);
		aplic = aplic_create(&ac);
		if (imsic && aplic)
			imsic_set_domain(imsic, aplic_domain(aplic));
		/* The APLIC's sources send their own numbers: messages get the rest. */
		imsic_msi = (struct imsic_msi_config){
			.first_id = machine.aplic_nsrc + 1, .last_id = machine.imsic_ids,
			.nr_lines = MSI_LINES,
		};
		for (unsigned int i = 0; i < machine.nr_cpus; i++)
			imsic_msi.file_addr[i] = machine.imsic +
						 (uint64_t)machine.imsic_index[i] * IMSIC_FILE_BYTES;
		if (imsic && aplic) {
			struct irq_domain *parent = imsic_create_msi_parent(imsic, &imsic_msi);

			pci_msi_domain = parent ? msi_create_irq_domain(parent, "PCI-MSI",
									MSI_PARENT_ACK) : NULL;
			if (!pci_msi_domain)
				riscv64_fail("the IMSIC's message domain and PCI-MSI on it");
		}
		imsic_external.arg = imsic;
		riscv64_external = &imsic_external;
		virt_wired_name = "APLIC";
		virt_wired_reforwards = true;
	}
	if (!plic && !(aplic && imsic))
		riscv64_fail("neither a PLIC nor an APLIC in MSI mode with an IMSIC "
			     "(-M virt, or -M virt,aia=aplic-imsic)");
	/* Devices find their lines from the tree: the controller answers for its node. */
	if (irq_domain_set_fwnode(plic ? plic_domain(plic) : aplic_domain(aplic),
				  irq_of_fwnode(machine.dtb, machine.wired_node),
				  fdt_node_name(machine.dtb, machine.wired_node),
				  plic ? &plic_of_ops : &aplic_of_ops, NULL))
		riscv64_fail("the wired controller's device tree node");
}

static void setup_interrupts(void)
{
	if (irq_core_init(NR_IRQS) < 0)
		riscv64_fail("irq_core_init");
	irq_proc_set_show_level(true);	/* "33 Level", as this architecture's Linux */
	irq_cpu_set_online(0, true);
	setup_controllers();
	riscv64_irq_init_cpu(0);
	port_selftest_init(&selftest);
	ipi_irq = riscv64_map_ipi();
	uart_irq = irq_of_parse_and_map(machine.dtb, machine.uart_node, 0);
	timer_irq = riscv64_map_timer();	/* after the UART: it stays line 1 */
	if (ipi_irq < 0 || timer_irq < 0 || uart_irq < 0 ||
	    request_irq((unsigned int)ipi_irq, port_selftest_ipi, IRQF_PERCPU, "IPI", &machine) < 0 ||
	    uart_request() < 0)
		riscv64_fail("request_irq");
	irq_set_proc_hidden((unsigned int)ipi_irq, true);	/* the port's IPI row shows it */
	uart_set_ier(UART_IER_RX);
}

void riscv64_start(void)
{
	tally.quiet = !scenario_contains(machine.bootargs, "harness");
	uart_init();
	riscv64_printf("%s", BANNER);
	bootlog_begin(bootlog_hides(machine.bootargs, tally.quiet), console_put);
	if (!tally.quiet)
		riscv64_printf("genirq riscv64 virt: %u hart(s), boot hart %lu, timebase %lu Hz, "
			       "bootargs '%s'\n", machine.nr_cpus, machine.hartid[0],
			       (unsigned long)machine.timebase, machine.bootargs);
	setup_interrupts();
	riscv64_timer_start();
	port_irq_enable();
	riscv64_start_secondaries(scenario_contains(machine.bootargs, "stray-hart"));

	scenario_boot();
	virt_wake_timer_setup();	/* after the scenarios' lines: theirs keep their numbers */
	shell_glue.nr_cpus = machine.nr_cpus;
	port_boot_run(&boot);
}

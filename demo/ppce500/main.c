// SPDX-License-Identifier: MIT
/*
 * main.c - the ppce500 demo kernel: boot, drivers (MPIC timer, the two
 * NS16550s on shared source 42, edu devices on PCI), the serial shell.
 *
 * Boot runs the scenarios of SCENARIOS.md that need no input, prints the
 * ready marker and runs the shell on UART0's receive interrupt. The
 * harness then feeds `rxtest` (uart-rx-echo), shell commands and
 * `finish`, which prints the summary and leaves QEMU with the PASS exit
 * only when nothing failed.
 */
#include <stdatomic.h>
#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/msi.h>
#include <genirq/chip/mpic.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "bootlog.h"
#include "demo.h"
#include "pm_cmd.h"
#include "pm_scenario.h"
#include "ppce500.h"
#include "shell.h"
#include "trace_cmd.h"

#define READY_MARKER	"genirq ppc: ready"
#define BANNER		"\ngenirq demo kernel, ppc (e500v2) on QEMU's ppce500 machine: the boot\n" \
			"self-tests, then a shell (help lists the commands; poweroff, or Ctrl-A X,\n" \
			"leaves QEMU)\n"
#define SHELL_CPU	0		/* runs the shell loop */
#define RXTEST_PAYLOAD	"The-quick-brown-fox-jumps-over-the-lazy-dog-0123456789"


void kernel_main(uint32_t dtb);

struct demo demo = {
	.uart = { { .name = "uart0", .base = UART0_BASE },
		  { .name = "uart1", .base = UART1_BASE } },
	.edu = { { .name = "edu-a" }, { .name = "edu-b" } },
	.uart_irq = -1, .timer_irq = -1, .edu_irq = -1, .ipi_irq = -1,
};

static struct shell sh;
static struct rx_ring rx;
/* UART0 -> shell: one producer (the handler, on either CPU), one consumer. */
static unsigned long rx_claims_at_ready;

static void console(const char *text, size_t len)
{
	port_console_write(text, len);
}

void wait_tb(uint64_t tb_ticks)
{
	uint64_t end = ppc_timebase() + tb_ticks;

	while (ppc_timebase() < end)
		;
}

/* --- the timer: MPIC global timer 0, an ordinary interrupt line --- */

static irqreturn_t timer_handler(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	demo.ticks++;
	if (demo.tick_probe) {
		demo.tick_sp = ppc_sp();
		demo.tick_depth = hardirq_count() / HARDIRQ_OFFSET;
		demo.tick_probe = false;
	}
	if (demo.softirq_probe) {
		demo.softirq_probe = false;
		raise_softirq_irqoff(TIMER_SOFTIRQ);
	}
	irq_spurious_poll();
	return IRQ_HANDLED;
}

static void demo_softirq(void)
{
	demo.softirq_sp = ppc_sp();
	demo.softirq_ctx_ok = in_softirq() && !in_irq();
	demo.softirq_ran = true;
}

/* --- the UARTs: each handler claims only its own device's bytes --- */

static irqreturn_t uart_handler(int irq, void *dev)
{
	struct uart *u = dev;
	bool mine = false;

	uint8_t lsr;

	(void)irq;
	while ((lsr = ppc_mmio_read8(u->base + UART_LSR)) & UART_LSR_DR) {
		char c = (char)ppc_mmio_read8(u->base + UART_RBR);

		mine = true;
		u->bytes++;
		u->last = c;
		if (u != &demo.uart[0])
			continue;
		if (lsr & UART_LSR_OE)	/* the UART lost a byte before this one */
			rx_ring_overrun(&rx);
		rx_ring_put(&rx, c);
	}
	if (mine)
		u->claims++;
	/* The shell loop dozes on CPU 0 until an interrupt: with the line on
	 * CPU 1 it would sleep until its next tick while input piles up. */
	if (mine && u == &demo.uart[0] && port_cpu_id() != SHELL_CPU)
		ppc_wake_cpu(SHELL_CPU);
	return IRQ_RETVAL(mine);
}

void uart_set_loopback(struct uart *u, bool on)
{
	ppc_mmio_write8(u->base + UART_MCR, on ? UART_MCR_LOOP : 0);
}

void uart_send(struct uart *u, char c)
{
	uart_putc(u->base, c);
}

/* Drop what the loopback tests left in UART0's ring. */
void uart_rx_flush(void)
{
	while (rx_ring_get(&rx) >= 0)
		;
}

/* --- edu: a programmable level source (docs/edu.md) --- */

/*
 * Use all the hardirq stack has left and 16 bytes more (into its guard
 * words): the `overflow` command's overrun. The room is measured from
 * this function's own frame, so it never reaches past the guard words.
 * @wait_tick: stay down there until a tick has come in (interrupts are
 * on in the handler), so that interrupt arrives below the guard words.
 */
static __attribute__((noinline)) void eat_stack(bool wait_tick)
{
	unsigned long t = demo.ticks;
	uint64_t end = ppc_timebase() + TB_HZ;
	uint32_t bytes = ppc_stack_room(port_cpu_id(), PPC_STACK_HARDIRQ, ppc_sp()) + 16;
	volatile char big[bytes];

	for (uint32_t i = 0; i < bytes; i++)
		big[i] = (char)0xee;
	while (wait_tick && demo.ticks == t && ppc_timebase() < end)
		;
	(void)big[0];
}

/* The `overflow` command's next edu event: 0 none, 1 overrun, 2 overrun and wait for a tick. */
static volatile int overflow_next;

irqreturn_t edu_handler(int irq, void *dev)
{
	struct edu *e = dev;
	uint32_t st = ppc_mmio_read32(e->bar + EDU_STATUS);
	uint64_t end;

	(void)irq;
	if (!st)
		return IRQ_NONE;
	e->last_sp = ppc_sp();
	if (overflow_next) {		/* 16 bytes more than the stack has left */
		bool wait_tick = overflow_next == 2;

		overflow_next = 0;
		eat_stack(wait_tick);
	}
	if (e->spin_for_tick) {		/* interrupts are on: the tick nests here */
		unsigned long t = demo.ticks;

		e->spin_for_tick = false;
		demo.tick_probe = true;
		end = ppc_timebase() + TB_HZ / 10;
		while (demo.ticks == t && ppc_timebase() < end)
			;
		e->nested_seen = demo.ticks != t;
	}
	ppc_mmio_write32(e->bar + EDU_ACK, st);
	e->claims++;
	return IRQ_HANDLED;
}

/*
 * edu-b's driver is threaded, Linux's older way without IRQF_ONESHOT (it
 * shares the line with edu-a's plain handler, and sharers must agree):
 * the primary serves the device as edu-a's handler does, so the level
 * line is quiet when the flow unmasks it, and wakes a thread that counts.
 */
static irqreturn_t edu_wake_handler(int irq, void *dev)
{
	irqreturn_t ret = edu_handler(irq, dev);

	return ret == IRQ_HANDLED ? IRQ_WAKE_THREAD : ret;
}

static irqreturn_t edu_thread(int irq, void *dev)
{
	struct edu *e = dev;

	(void)irq;
	e->thread_runs++;
	return IRQ_HANDLED;
}

/* Install edu @i's driver on the edu line: edu-a plain, edu-b threaded. */
void edu_request(unsigned int i)
{
	struct edu *e = &demo.edu[i];
	unsigned int irq = (unsigned int)demo.edu_irq;
	int err = i == 1 ? request_threaded_irq(irq, edu_wake_handler, edu_thread, IRQF_SHARED,
						e->name, e)
			 : request_irq(irq, edu_handler, IRQF_SHARED, e->name, e);

	if (err)
		ppc_fail("request_irq edu");
}

void edu_raise(struct edu *e, uint32_t bits)
{
	ppc_mmio_write32(e->bar + EDU_RAISE, bits);
}

void edu_ack(struct edu *e)
{
	ppc_mmio_write32(e->bar + EDU_ACK, ppc_mmio_read32(e->bar + EDU_STATUS));
}

/* --- set-up --- */

static int map_line(irq_hw_number_t hw, unsigned int type)
{
	int irq = irq_create_mapping(mpic_domain(demo.pic), hw);

	if (irq < 0 || irq_set_irq_type((unsigned int)irq, type) < 0)
		ppc_fail("cannot map an MPIC line");
	return irq;
}

static void pci_setup(void)
{
	struct pci_dev devs[8];
	unsigned int n = pci_scan(devs, 8);

	/* Devices reach MSIIR through the host bridge's window on the CCSR. */
	mpic_msi_set_doorbell(demo.pic, pci_ccsr_window() + 0x41740u);

	for (unsigned int i = 0; i < n; i++) {
		if (devs[i].vendor == 0x1234 && devs[i].device == 0x11e8 && devs[i].bar0 &&
		    demo.nr_edus < 2) {
			struct edu *e = &demo.edu[demo.nr_edus];

			if (ppc_mmio_read32(devs[i].bar0 + EDU_ID) != 0x010000ed)
				continue;
			e->bar = devs[i].bar0;
			e->slot = devs[i].slot;
			e->source = devs[i].mpic_source;
			if (demo.nr_edus == 1 && e->source != demo.edu[0].source)
				continue;	/* only a pair on one line is useful */
			demo.nr_edus++;
		} else if (devs[i].vendor == 0x1b36 && devs[i].device == 0x0011 && devs[i].bar0) {
			ppc_pvpanic_bar = devs[i].bar0;
		}
	}
}

static void devices_setup(void)
{
	struct uart *u1 = &demo.uart[1];

	demo.uart[0].present = true;
	ppc_mmio_write8(u1->base + UART_SCR, 0x5a);
	u1->present = ppc_mmio_read8(u1->base + UART_SCR) == 0x5a;

	demo.uart_irq = map_line(UART_SOURCE, IRQ_TYPE_LEVEL_HIGH);
	for (int i = 0; i < 2; i++) {
		if (!demo.uart[i].present)
			continue;
		if (request_irq((unsigned int)demo.uart_irq, uart_handler, IRQF_SHARED,
				demo.uart[i].name, &demo.uart[i]))
			ppc_fail("request_irq uart");
		ppc_mmio_write8(demo.uart[i].base + UART_IER, UART_IER_RDI);
	}

	demo.timer_irq = map_line(mpic_timer_hwirq(demo.pic, 0), IRQ_TYPE_EDGE_RISING);
	open_softirq(TIMER_SOFTIRQ, demo_softirq);
	if (request_irq((unsigned int)demo.timer_irq, timer_handler, IRQF_DISABLED, "timer", NULL))
		ppc_fail("request_irq timer");
	mpic_timer_start(demo.pic, 0, MPIC_TIMER_HZ / TICK_HZ);

	if (demo.nr_edus) {
		demo.edu_irq = map_line(demo.edu[0].source, IRQ_TYPE_LEVEL_HIGH);
		for (unsigned int i = 0; i < demo.nr_edus; i++)
			edu_request(i);
	}
}

/* --- the wake timer of `suspend timer`: MPIC global timer 1, one shot --- */

#define WAKE_TIMER	1u

static irqreturn_t wake_timer_handler(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	mpic_timer_start(demo.pic, WAKE_TIMER, 0);	/* it reloads: stop it after one */
	return IRQ_HANDLED;
}

static void wake_timer_arm(unsigned int ms)
{
	mpic_timer_start(demo.pic, WAKE_TIMER, MPIC_TIMER_HZ / 1000u * ms);
}

/* Mapped at the first `suspend timer`, after every other line. */
static int wake_timer_setup(void)
{
	int irq = map_line(mpic_timer_hwirq(demo.pic, WAKE_TIMER), IRQ_TYPE_EDGE_RISING);
	int err = request_irq((unsigned int)irq, wake_timer_handler, 0, "mpic-timer1", NULL);

	return err ? err : irq;
}

static const struct pm_wake_timer wake_timer = {
	.name = "mpic-timer1", .setup = wake_timer_setup, .arm = wake_timer_arm,
};

/* --- the shell's port commands --- */

static int machine_ticks(struct shell *s)
{
	unsigned long n0 = demo.ticks;

	wait_tb(TB_HZ / 10);
	shell_printf(s, "ticks %lu (%lu in 100 ms of timebase, %u Hz nominal)\n", demo.ticks,
		     demo.ticks - n0, TICK_HZ);
	return 0;
}

static void machine_poweroff(struct shell *s)
{
	bool ok = !demo.tally.failed && demo.tally.passed;

	shell_printf(s, "power off (%s)\n", ok ? "self-tests passed" : "self-tests failed");
	if (!ok)
		ppc_fail("self-tests failed");
	ppc_pass_exit(!demo.tally.quiet);	/* the harness's marker, not a person's */
}

/* Autoprobe the line of edu @dev: its handlers step aside while it probes. */
int edu_autoprobe(unsigned int dev)
{
	unsigned long mask;
	int found;

	for (unsigned int i = 0; i < demo.nr_edus; i++)
		free_irq((unsigned int)demo.edu_irq, &demo.edu[i]);
	mask = probe_irq_on();
	edu_raise(&demo.edu[dev], 1);
	port_delay_us(1000);
	found = probe_irq_off(mask);
	edu_ack(&demo.edu[dev]);
	for (unsigned int i = 0; i < demo.nr_edus; i++)
		edu_request(i);
	return found;
}

static int machine_probe(struct shell *s, unsigned int dev)
{
	struct edu *e = &demo.edu[dev - 1];

	if (dev > demo.nr_edus)
		return -ENODEV;
	shell_printf(s, "probe: %s interrupts on irq %d (MPIC source %u)\n", e->name,
		     edu_autoprobe(dev - 1), e->source);
	return 0;
}

static const struct shell_machine machine = {
	.ticks		= machine_ticks,
	.probe		= machine_probe,
	.stacks		= ppc_show_stacks,
	.poweroff	= machine_poweroff,
	.idle		= ppc_idle,
	.dmesg		= bootlog_show,
};

static int cmd_rxtest(struct shell *s, int argc, char **argv)
{
	const char *want = RXTEST_PAYLOAD;
	unsigned long got = s->bytes, expect = 0, i;

	if (argc != 2)
		return -EINVAL;
	for (i = 0; want[i] && argv[1][i] == want[i]; i++)
		;
	while (want[expect])
		expect++;
	expect += 8;		/* "rxtest " and the CR, all through the interrupt */
	if (want[i] || argv[1][i])
		scenario_fail(&demo.tally, "uart-rx-echo", "payload differs at byte %lu", i);
	else if (got != expect || rx_ring_lost(&rx))
		scenario_fail(&demo.tally, "uart-rx-echo", "%lu bytes through the RX interrupt "
			      "(%lu lost), expected %lu", got, rx_ring_lost(&rx), expect);
	else
		scenario_pass(&demo.tally, "uart-rx-echo",
			      "%lu bytes in order through %lu RX interrupts, echoed", got,
			      demo.uart[0].claims - rx_claims_at_ready);
	return 0;
}

static int cmd_finish(struct shell *s, int argc, char **argv)
{
	(void)argv;
	if (argc != 1)
		return -EINVAL;
	shell_stats(s);
	if (scenario_summary(&demo.tally) == 0)
		ppc_pass_exit(true);
	ppc_fail("scenarios failed");
}

static int cmd_fault(struct shell *s, int argc, char **argv)
{
	(void)argv;
	if (argc != 1)
		return -EINVAL;
	shell_printf(s, "fault: executing an illegal instruction\n");
	__asm__ __volatile__(".long 0");	/* primary opcode 0: program exception */
	return 0;
}

static int cmd_overflow(struct shell *s, int argc, char **argv)
{
	bool nested = argc == 2 && shell_str_eq(argv[1], "nested");

	if (argc > 2 || (argc == 2 && !nested))
		return -EINVAL;
	if (!demo.nr_edus)
		return -ENOSYS;
	shell_printf(s, "overflow: an edu handler will run 16 bytes past its stack%s\n",
		     nested ? " and wait there for a tick" : "");
	overflow_next = nested ? 2 : 1;
	edu_raise(&demo.edu[0], 1);
	return 0;
}

/* Typed by the harness (make check-ppc): not in help. */
static const struct shell_cmd port_cmds[] = {
	{ "rxtest",	NULL,	cmd_rxtest },	/* rxtest PAYLOAD: uart-rx-echo */
	{ "finish",	NULL,	cmd_finish },	/* the summary, then the verdict's exit */
	{ "bench",	NULL,	cmd_bench },	/* dispatch cost; needs -icount shift=0 */
	{ "fault",	NULL,	cmd_fault },	/* an exception: register dump, failure exit */
	{ "overflow",	NULL,	cmd_overflow },	/* overrun the hardirq stack: failure exit */
};

void kernel_main(uint32_t dtb)
{
	static const struct mpic_config cfg = {
		.name = "MPIC", .base = MPIC_EA, .big_endian = true,
		.gcr_mode = 0x20000000u, .spurious_vector = 0xffff, .fsl_msi = true,
	};

	ppc_cmdline_init(dtb);
	demo.tally.write = console;
	demo.tally.label = console_label;
	demo.tally.reveal = bootlog_reveal;
	demo.tally.quiet = !ppc_cmdline_has("harness");
	console(BANNER, sizeof(BANNER) - 1);
	bootlog_begin(bootlog_hides(ppc_cmdline_has("verbose") ? "verbose" : "", demo.tally.quiet),
		      console);
	ppc_stacks_init(0);
	if (irq_core_init(256))
		ppc_fail("irq_core_init");
	irq_proc_set_show_level(true);	/* "33 Level", as this architecture's Linux */
	irq_cpu_set_online(0, true);
	demo.pic = mpic_create(&cfg);
	if (!demo.pic)
		ppc_fail("mpic_create");
	/* Before the first descriptor: per-CPU counters are sized by it. */
	demo.nr_cpus = mpic_nr_cpus(demo.pic) < PPC_MAX_CPUS ? mpic_nr_cpus(demo.pic) : PPC_MAX_CPUS;
	ppc_set_nr_cpus(demo.nr_cpus);
	if (irq_alloc_descs(0, 1) != 0)		/* 0 means "none" to probe_irq_off() */
		ppc_fail("reserve irq 0");
	ppc_irq_init(demo.pic);
	/* MSIs: the PCI-MSI domain on the MPIC's MSI bank (docs/ppc.md, MSI). */
	demo.msi_domain = msi_create_irq_domain(mpic_domain(demo.pic), "PCI-MSI", MSI_PARENT_ACK);
	pci_setup();
	devices_setup();
	mpic_cpu_init(demo.pic);
	port_irq_enable();
	scenario_ipi_setup();
	demo.smp_ok = ppc_smp_init(demo.pic, demo.nr_cpus);
	if (!demo.tally.quiet)
		irq_log("ppce500: MPIC %u sources, %u CPU(s), uart1 %s, %u edu on source %u, pvpanic %s",
		mpic_nr_sources(demo.pic), demo.nr_cpus, demo.uart[1].present ? "yes" : "no",
		demo.nr_edus, demo.edu[0].source, ppc_pvpanic_bar ? "yes" : "no");

	if (ppc_cmdline_has("trace"))
		run_traced_scenarios();
	else
		run_boot_scenarios();
	if (irq_trace_enabled())
		irq_trace_enable(false);	/* "trace": the scenarios are in the rings */
	pm_set_wake_timer(&wake_timer);
	pm_set_wake_by_timer(ppc_cmdline_has("wake=timer"));

	shell_init(&sh, console, port_cmds, GENIRQ_ARRAY_SIZE(port_cmds));
	sh.machine = &machine;
	scenario_shell_garbage(&sh);
	if (!ppc_cmdline_has("trace")) {
		/* The MPIC cannot make a source pending; CPU0's IPI line it can
		 * (its dispatch register), as check-ppc's raise 4. */
		pm_scenario_raise(&demo.tally, demo.ipi_irq, "no IPI line");
		pm_scenario_suspend(&demo.tally, &machine, NULL);
		scenario_skip(&demo.tally, "nmi", "the e500 takes no NMI from its MPIC (a source "
			      "routed to the critical input is a critical interrupt, which the ppc port "
			      "kit does not take): nmi lines are refused on the MPIC "
			      "(no IRQCHIP_SUPPORTS_NMI)");
	}
	uart_rx_flush();
	shell_init(&sh, console, port_cmds, GENIRQ_ARRAY_SIZE(port_cmds));	/* counts from 0 */
	sh.machine = &machine;
	sh.rx = &rx;
	rx_claims_at_ready = demo.uart[0].claims;
	bootlog_end();
	if (demo.tally.quiet) {		/* no `rxtest`, no `finish` coming */
		scenario_skip(&demo.tally, "uart-rx-echo", "no harness to feed input");
		scenario_summary(&demo.tally);
	} else {
		irq_log("%s", READY_MARKER);
	}
	shell_prompt(&sh);
	for (;;) {
		shell_feed(&sh);
		do_softirq();
		/* Doze: under round-robin TCG a spinning CPU 0 starves CPU 1. */
		port_irq_disable();
		if (rx_ring_empty(&rx))
			ppc_idle();
		else
			port_irq_enable();
	}
}

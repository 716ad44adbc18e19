// SPDX-License-Identifier: MIT
/*
 * main.c - the x86 demo kernel's boot scenarios (SCENARIOS.md) and its
 * serial shell, shared by the i386 and x86_64 ports.
 *
 * Command line words: none (make run): the self-tests print a summary
 * line, then the shell; "harness": every verdict line, and the two
 * scenarios that need bytes from the harness; "norx" skips those two;
 * "exit" leaves QEMU with the verdict instead of starting the shell;
 * "smash-irq-nested" (guard_smash.h) runs an edu handler past the bottom
 * of its hardirq stack after the verdict. Every wait below is for an event of
 * the machine; a hang is the harness's timeout to catch, never a verdict.
 */
#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>
#include <genirq/trace.h>

#include "bootlog.h"
#include "guard_smash.h"
#include "oneshot.h"
#include "scenario.h"
#include "shell.h"
#include "trace_cmd.h"
#include "traced.h"
#include "demo.h"
#include "pm_scenario.h"
#ifdef __x86_64__
#include <genirq/chip/lapic.h>
#include "x86_64.h"
#endif

#define BANNER		"\ngenirq demo kernel, " X86_ISA " on QEMU's pc machine: the boot self-tests,\n" \
			"then a shell (help lists the commands; poweroff, or Ctrl-A X, leaves QEMU)\n"
#define RX_TEXT		"0123456789"	/* what the harness sends first */
#define RX_REPLAY_BYTE	'R'		/* then this one, while the line is off */
#define TIMER_SPAN_NS	(500ull * 1000 * 1000)
#define TIMER_SLACK_PCT	10u
#define STORM_EVENTS	100000u		/* the spurious rule's window */
/* QEMU raises THRE at the IER write, a 16550 within a character time:
 * 20 ms is ample and still short (Linux 2.6.9 waited two 100 Hz ticks). */
#define THRE_WAIT_US	20000u
/* replay-after-enable: how long the off line must stay quiet once its
 * byte has arrived (a wrong delivery would come at once). */
#define REPLAY_QUIET_US	20000u

static struct scenario_tally tally = {
	.write = x86_console_write, .label = console_label, .reveal = bootlog_reveal,
};
static struct edu edu[EDU_MAX];
static unsigned int nr_edu;
static unsigned long provoked_overflows;	/* on CPU0, by irq-stack's smashed guard */
static uint64_t boot_tsc;
static char tapbuf[2048];

static void say(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	x86_console_write(s, n);
}

void x86_wait_ticks(unsigned long n)
{
	unsigned long end = pit_ticks() + n;

	while (pit_ticks() < end)
		x86_idle();
}

/* --- one test handler for the stack, nesting and softirq scenarios --- */

static struct {
	bool		nest;		/* wait in the handler for a timer tick */
	bool		raise_softirq;
	bool		on_hardirq_stack;
	bool		saw_irqs_on;
	unsigned int	calls;
	void		(*in_handler)(void);	/* guard_smash.h's, if not NULL */
	/* what the nested tick and the softirq saw */
	volatile bool	tick_nested, tick_on_stack;
	unsigned int	tick_depth;
	unsigned int	softirqs;
	bool		soft_ctx_ok, soft_on_stack;
} seen;

static irqreturn_t test_handler(int irq, void *dev)
{
	seen.calls++;
	seen.on_hardirq_stack = x86_on_stack(X86_HARDIRQ_STACK, x86_sp());
	seen.saw_irqs_on = !port_irqs_disabled();
	while (seen.nest && !seen.tick_nested)
		port_cpu_relax();	/* a timer tick nests in here */
	if (seen.in_handler)
		seen.in_handler();
	if (seen.raise_softirq)
		raise_softirq(HI_SOFTIRQ);
	return edu_irq(irq, dev);
}

static void nest_hook(void)
{
	if (hardirq_count() >= 2 * HARDIRQ_OFFSET && !seen.tick_nested) {
		seen.tick_depth = hardirq_count() >> GENIRQ_HARDIRQ_SHIFT;
		seen.tick_on_stack = x86_on_stack(X86_HARDIRQ_STACK, x86_sp());
		seen.tick_nested = true;
	}
}

static void test_softirq(void)
{
	seen.softirqs++;
	seen.soft_ctx_ok = in_softirq() && !in_irq();
	seen.soft_on_stack = x86_on_stack(X86_SOFTIRQ_STACK, x86_sp());
}

/* --- scenarios --- */

/* PIT ticks over one TIMER_SPAN_NS span of TSC time. */
static unsigned long pit_ticks_in_span(void)
{
	uint64_t t0 = x86_rdtsc();
	unsigned long n0 = pit_ticks();

	while (x86_tsc_to_ns(x86_rdtsc() - t0) < TIMER_SPAN_NS)
		x86_safe_halt();
	return pit_ticks() - n0;
}

static void sc_timer(void)
{
	unsigned long n, want = PIT_HZ * TIMER_SPAN_NS / 1000000000ull;
	unsigned int try = scenario_tick_tries(pit_ticks_in_span,
					       want * (100 - TIMER_SLACK_PCT) / 100,
					       want * (100 + TIMER_SLACK_PCT) / 100, &n);

	if (try)
		scenario_pass(&tally, "timer-ticks", "%lu ticks in 500 ms of TSC time (%u Hz, want %lu +-%u%%)%s",
			      n, PIT_HZ, want, TIMER_SLACK_PCT,
			      scenario_try_note(try));
	else
		scenario_fail(&tally, "timer-ticks", "want %lu ticks +-%u%% in 500 ms of TSC time, got %lu (%u tries)",
			      want, TIMER_SLACK_PCT, n, SCENARIO_TICK_TRIES);
}

static int request_test(struct edu *e)
{
	return request_irq(e->irq, test_handler, IRQF_SHARED, "edu-test", e);
}

static void sc_irq_stack(void)
{
	const char *name = "irq-stack";
	unsigned long over0;
	int err;

	if (nr_edu < 1) {
		scenario_skip(&tally, name, "no edu PCI device (add -device edu)");
		return;
	}
	err = request_test(&edu[0]);
	if (err) {
		scenario_fail(&tally, name, "request_irq(%u): %d", edu[0].irq, err);
		return;
	}
	seen.nest = true;
	x86_tick_hook = nest_hook;
	edu_raise(&edu[0], 1);
	seen.nest = false;
	x86_tick_hook = NULL;
	free_irq(edu[0].irq, &edu[0]);
	if (!seen.calls || !seen.on_hardirq_stack || !seen.saw_irqs_on || !seen.tick_nested ||
	    !seen.tick_on_stack || seen.tick_depth != 2) {
		scenario_fail(&tally, name, "handler calls %u on-stack %d irqs-on %d; nested tick %d on-stack %d depth %u",
			      seen.calls, seen.on_hardirq_stack, seen.saw_irqs_on, seen.tick_nested,
			      seen.tick_on_stack, seen.tick_depth);
		return;
	}
	if (x86_stack_check() != 0 || x86_stack_overflows() != 0) {
		scenario_fail(&tally, name, "guard words broken after the run (%lu overflows)",
			      x86_stack_overflows());
		return;
	}
	/* A broken guard must be noticed by the next interrupt entry and reported. */
	over0 = x86_stack_overflows();
	scenario_expect(&tally, "a softirq stack overflow");
	x86_console_tap(tapbuf, sizeof(tapbuf));
	*x86_stack_guard(X86_SOFTIRQ_STACK) ^= 0xFFFFu;
	x86_wait_ticks(1);
	x86_console_tap(NULL, 0);
	scenario_expect_end(&tally);
	provoked_overflows += x86_stack_overflows() - over0;
	if (x86_stack_overflows() != over0 + 1 || !scenario_contains(tapbuf, "softirq stack overflow") ||
	    x86_stack_check() != 0) {
		scenario_fail(&tally, name, "smashed softirq guard: overflows %lu -> %lu, report %s",
			      over0, x86_stack_overflows(), scenario_contains(tapbuf, "overflow") ? "seen" : "missing");
		return;
	}
	scenario_pass(&tally, name, "handler on the hardirq stack, nested tick on it at depth 2, guards intact; a smashed guard was reported");
}

static void sc_softirq(void)
{
	const char *name = "softirq";
	int err;

	if (nr_edu < 1) {
		scenario_skip(&tally, name, "no edu PCI device (add -device edu)");
		return;
	}
	open_softirq(HI_SOFTIRQ, test_softirq);
	err = request_test(&edu[0]);
	if (err) {
		scenario_fail(&tally, name, "request_irq(%u): %d", edu[0].irq, err);
		return;
	}
	seen.softirqs = 0;
	seen.raise_softirq = true;
	edu_raise(&edu[0], 1);
	/* irq_exit() ran it before the raising store's interrupt returned here. */
	seen.raise_softirq = false;
	free_irq(edu[0].irq, &edu[0]);
	if (seen.softirqs == 1 && seen.soft_ctx_ok && seen.soft_on_stack)
		scenario_pass(&tally, name, "raised in a handler, ran once at irq_exit in softirq context on the softirq stack");
	else
		scenario_fail(&tally, name, "runs %u (want 1), softirq context %d, on softirq stack %d",
			      seen.softirqs, seen.soft_ctx_ok, seen.soft_on_stack);
}

static bool spurious_view_clean(unsigned int irq)
{
	char path[40], buf[160];

	irq_snprintf(path, sizeof(path), "/proc/irq/%u/spurious", irq);
	return irq_proc_read(path, buf, sizeof(buf)) > 0 && scenario_contains(buf, "unhandled 0\n");
}

static void sc_shared(void)
{
	const char *name = "shared-line";
	struct edu *a = &edu[0], *b = &edu[1];
	unsigned long n0, d1, d2, d3, a0, b0;
	unsigned int irq;
	int err;

	if (nr_edu < 2 || edu[0].irq != edu[1].irq) {
		scenario_skip(&tally, name, "needs two edu devices on one INTx line (-device edu,addr=4 -device edu,addr=8)");
		return;
	}
	irq = a->irq;
	err = request_irq(irq, edu_irq, IRQF_SHARED, "edu0", a);
	if (!err)
		err = request_irq(irq, edu_irq, IRQF_SHARED, "edu1", b);
	if (err) {
		scenario_fail(&tally, name, "request_irq(%u, shared): %d", irq, err);
		return;
	}
	a0 = a->claimed;
	b0 = b->claimed;
	n0 = irq_stat_total(irq);
	edu_raise(a, 1);
	d1 = irq_stat_total(irq) - n0;
	bool only_a = a->claimed == a0 + 1 && b->claimed == b0;

	edu_raise(b, 2);
	d2 = irq_stat_total(irq) - n0 - d1;
	bool only_b = a->claimed == a0 + 1 && b->claimed == b0 + 1;

	port_irq_disable();
	edu_raise(a, 4);
	edu_raise(b, 8);
	port_irq_enable();
	d3 = irq_stat_total(irq) - n0 - d1 - d2;
	bool both = a->claimed == a0 + 2 && b->claimed == b0 + 2;
	bool clean = spurious_view_clean(irq);

	free_irq(irq, b);
	free_irq(irq, a);
	if (only_a && only_b && both && d1 == 1 && d2 == 1 && d3 == 1 && clean)
		scenario_pass(&tally, name, "irq %u (edu slots %u+%u, level): A alone, B alone, both in one delivery; 0 unhandled",
			      irq, a->slot, b->slot);
	else
		scenario_fail(&tally, name, "irq %u: deliveries %lu/%lu/%lu (want 1/1/1), claims A %lu B %lu (want 2/2), only-A %d only-B %d, unhandled-free %d",
			      irq, d1, d2, d3, a->claimed - a0, b->claimed - b0, only_a, only_b, clean);
}

static bool broken_fixed;

/* A driver bug: its device interrupts, the handler neither serves nor claims it. */
static irqreturn_t broken_handler(int irq, void *dev)
{
	if (broken_fixed)
		return edu_irq(irq, dev);
	return IRQ_NONE;
}

static void sc_screaming(void)
{
	const char *name = "screaming-line";
	struct edu *e = &edu[0];
	unsigned long n0, events, t0, claimed0;
	int err, depth;

	if (nr_edu < 1) {
		scenario_skip(&tally, name, "no edu PCI device (add -device edu)");
		return;
	}
	broken_fixed = false;
	err = request_irq(e->irq, broken_handler, IRQF_SHARED, "edu-broken", e);
	if (err) {
		scenario_fail(&tally, name, "request_irq(%u): %d", e->irq, err);
		return;
	}
	n0 = irq_stat_total(e->irq);
	scenario_expect(&tally, "a stuck interrupt line, disabled");
	x86_console_tap(tapbuf, sizeof(tapbuf));
	edu_raise(e, 1);		/* never acknowledged: the line screams */
	/*
	 * The 8259 storms until the line is disabled; QEMU's IO-APIC pauses
	 * 10 ms after each 10,000 re-deliveries, so wait for the verdict,
	 * bounded by events, not time.
	 */
	while (irq_get_depth(e->irq) == 0 && irq_stat_total(e->irq) - n0 <= STORM_EVENTS)
		x86_safe_halt();
	x86_console_tap(NULL, 0);
	scenario_expect_end(&tally);
	events = irq_stat_total(e->irq) - n0;
	depth = irq_get_depth(e->irq);
	t0 = pit_ticks();
	x86_wait_ticks(3);			/* the timer still ticks */
	claimed0 = e->claimed;
	port_irq_disable();		/* no poll in between: fix, then enable */
	broken_fixed = true;
	enable_irq(e->irq);
	port_irq_enable();
	bool back = e->claimed == claimed0 + 1 && irq_get_depth(e->irq) == 0 && edu_status(e) == 0;

	free_irq(e->irq, e);
	if (depth == 1 && events <= STORM_EVENTS && scenario_contains(tapbuf, "nobody cared") &&
	    scenario_contains(tapbuf, "edu-broken") && pit_ticks() >= t0 + 3 && back)
		scenario_pass(&tally, name, "irq %u disabled after %lu events with a report naming edu-broken; timer alive; enable_irq served it again",
			      e->irq, events);
	else
		scenario_fail(&tally, name, "irq %u: depth %d after %lu events (want 1, <= %u), report %s, back %d",
			      e->irq, depth, events, STORM_EVENTS,
			      scenario_contains(tapbuf, "nobody cared") ? "seen" : "missing", back);
}

static void oneshot_raise(void *dev)
{
	edu_raise(dev, 1);
}

static uint32_t oneshot_status(void *dev)
{
	return edu_status(dev);
}

static void oneshot_clear(void *dev, uint32_t bits)
{
	edu_lower(dev, bits);
}

static void sc_threaded_oneshot(void)
{
	struct oneshot_edu o = {
		.irq = edu[0].irq, .dev = &edu[0], .raise = oneshot_raise,
		.status = oneshot_status, .clear = oneshot_clear, .idle = x86_idle,
		.chip_masked = x86_chip_masked, .chip = x86_chip_name,
	};

	if (nr_edu < 1) {
		scenario_skip(&tally, "threaded-oneshot", "no edu PCI device (add -device edu)");
		return;
	}
	scenario_threaded_oneshot(&tally, &o);
}

/*
 * Free the port's line, make the port raise THRE, ask the core which line
 * rose. The handler comes back as disabled as it was (the shell's
 * `disable 3` then `probe 2`): free_irq() and request_irq() reset the depth.
 */
static int autoprobe_uart(struct uart *u)
{
	unsigned int line = uart_irq_nr(u);
	unsigned long mask;
	int irq, depth;

	if (!u->present)
		return -ENODEV;
	depth = irq_get_depth(line);
	uart_release(u);
	mask = probe_irq_on();
	uart_thre_irq(u, true);
	port_delay_us(THRE_WAIT_US);	/* TSC time: the tick may be disabled */
	irq = probe_irq_off(mask);
	uart_thre_irq(u, false);
	uart_request(u);
	while (depth-- > 0)
		disable_irq(line);
	return irq;
}

static void sc_autoprobe(void)
{
	int irq1 = autoprobe_uart(&com1), irq2 = autoprobe_uart(&com2);

	if (irq1 == (int)COM1_IRQ && com2.present && irq2 == (int)uart_irq_nr(&com2))
		scenario_pass(&tally, "autoprobe", "COM1 THRE found on irq %d; COM2 THRE on irq %d", irq1, irq2);
	else if (irq1 == (int)COM1_IRQ && !com2.present)
		scenario_pass(&tally, "autoprobe", "COM1 THRE found on irq %d; COM2 absent, not probed", irq1);
	else
		scenario_fail(&tally, "autoprobe", "want irq %u for COM1 and %u for COM2 (present %d), probe_irq_off gave %d and %d",
			      COM1_IRQ, uart_irq_nr(&com2), com2.present, irq1, irq2);
}

/* --- the shell --- */

static int machine_probe(struct shell *sh, unsigned int dev)
{
	int irq = autoprobe_uart(dev == 1 ? &com1 : &com2);

	if (irq == -ENODEV)
		return -ENODEV;
	shell_printf(sh, "%d\n", irq);
	return 0;
}

static int machine_ticks(struct shell *sh)
{
	shell_printf(sh, "%lu ticks at %u Hz, %llu ms since boot (TSC %llu kHz), %lu keyboard scancodes\n",
		     pit_ticks(), PIT_HZ, (unsigned long long)(x86_tsc_to_ns(x86_rdtsc() - boot_tsc) / 1000000u),
		     (unsigned long long)x86_tsc_khz(), kbd_scancodes());
	return 0;
}

static void machine_poweroff(struct shell *sh)
{
	shell_printf(sh, "power off (%s)\n", tally.failed ? "self-tests failed" : "self-tests passed");
	x86_exit(tally.failed || !tally.passed ? X86_EXIT_FAIL : X86_EXIT_PASS);
}

/* stacks: the port's rows, and which of the overflows the boot provoked. */
static void machine_stacks(struct irq_text *t)
{
	x86_show_stacks(t);
	if (provoked_overflows)
		irq_text_printf(t, "STK on CPU0 counts %lu overflow%s provoked on purpose by the boot's "
				"self-tests (dmesg)\n", provoked_overflows, provoked_overflows == 1 ? "" : "s");
}

static const struct shell_machine machine = {
	.ticks		= machine_ticks,
	.probe		= machine_probe,
	.stacks		= machine_stacks,
	.poweroff	= machine_poweroff,
	.idle		= x86_idle,
	.dmesg		= bootlog_show,
};

static struct shell shell;
static char capture[4096];
static size_t capture_len;

static void capture_write(const char *text, size_t len)
{
	for (size_t i = 0; i < len && capture_len + 1 < sizeof(capture); i++)
		capture[capture_len++] = text[i];
	capture[capture_len] = '\0';
}

static unsigned int count_lines(const char *s, const char *prefix)
{
	unsigned int n = 0;

	for (const char *line = s; *line;) {
		size_t i = 0;

		while (prefix[i] && line[i] == prefix[i])
			i++;
		n += !prefix[i];
		while (*line && *line != '\n')
			line++;
		if (*line)
			line++;
	}
	return n;
}

static void feed(const char *s)
{
	while (*s)
		shell_input(&shell, *s++);
}

static void sc_shell_garbage(void)
{
	static const char *const bad[] = {
		"\x01\x02\x1b[A\x7f\r",
		"frobnicate now\r",
		"echo zz > /proc/irq/4/smp_affinity\r",
		"echo 100 > /proc/irq/4/smp_affinity\r",
		"echo 1,,2 > /proc/irq/4/smp_affinity\r",
		"cat /proc/irq/99999/smp_affinity\r",
		"disable x\r",
		"enable 4 4\r",
		"ticks now\r",
		"a b c d e f g h i j\r",
	};
	unsigned int want = GENIRQ_ARRAY_SIZE(bad) + 1, got;

	capture_len = 0;
	shell_init(&shell, capture_write, NULL, 0);
	shell.machine = &machine;
	for (unsigned int i = 0; i < 4096; i++)
		shell_input(&shell, 'x');
	feed("\r");
	for (unsigned int i = 0; i < GENIRQ_ARRAY_SIZE(bad); i++)
		feed(bad[i]);
	feed("\r\r\n");
	got = count_lines(capture, "error:");
	capture_len = 0;
	feed("help\r");
	if (got == want && scenario_contains(capture, "poweroff") && scenario_contains(capture, "genirq> "))
		scenario_pass(&tally, "shell-garbage", "4 KiB line, control bytes, unknown commands, malformed masks: %u one-line errors, shell alive", got);
	else
		scenario_fail(&tally, "shell-garbage", "want %u error lines, got %u; help %s", want, got,
			      scenario_contains(capture, "poweroff") ? "answered" : "did not answer");
}

/* Wait for the next received byte, without losing a wake-up. */
static int rx_wait(void)
{
	for (;;) {
		int c;

		irq_threads_run();
		port_irq_disable();
		c = uart_getc(&com1);
		if (c >= 0 || uart_lost(&com1)) {
			port_irq_enable();
			return c;
		}
		if (irq_threads_pending())
			port_irq_enable();
		else
			x86_safe_halt();
	}
}

static void sc_uart_rx(void)
{
	char got[sizeof(RX_TEXT)];
	struct uart_stats s0, s1;
	unsigned int i;

	uart_get_stats(&com1, &s0);
	if (!tally.quiet)
		irq_log("boot to ready: %llu ms of TSC time since reset",
		(unsigned long long)(x86_tsc_to_ns(x86_rdtsc()) / 1000000u));
	say("RX-READY: send \"" RX_TEXT "\" then 'R'\n");
	for (i = 0; i < sizeof(RX_TEXT) - 1; i++)
		got[i] = (char)rx_wait();
	got[i] = '\0';
	/* Line off before the next byte comes: the replay scenario starts here. */
	disable_irq(COM1_IRQ);
	uart_get_stats(&com1, &s1);
	say("echo: ");
	say(got);
	say("\n");
	if (scenario_contains(got, RX_TEXT) && s1.bytes - s0.bytes >= i && s1.runs > s0.runs)
		scenario_pass(&tally, "uart-rx-echo", "%u bytes in order through %lu RX interrupts, echoed",
			      i, s1.runs - s0.runs);
	else
		scenario_fail(&tally, "uart-rx-echo", "want \"%s\" via RX interrupts, got \"%s\" (%lu bytes, %lu runs)",
			      RX_TEXT, got, s1.bytes - s0.bytes, s1.runs - s0.runs);
}

static void sc_replay(void)
{
	const char *name = "replay-after-enable";
	struct uart_stats s0, s1, s2;
	int c;

	uart_get_stats(&com1, &s0);
	while (!uart_rx_waiting(&com1))
		x86_idle();		/* the line is off: no RX interrupt wakes us */
	port_delay_us(REPLAY_QUIET_US);
	uart_get_stats(&com1, &s1);
	port_irq_disable();
	enable_irq(COM1_IRQ);
	port_irq_enable();
	__asm__ __volatile__("nop");
	port_irq_disable();
	uart_get_stats(&com1, &s2);
	port_irq_enable();
	c = uart_getc(&com1);
	if (s1.runs == s0.runs && s2.runs == s1.runs + 1 && s2.last_first == RX_REPLAY_BYTE &&
	    c == RX_REPLAY_BYTE)
		scenario_pass(&tally, name, "byte arrived with irq 4 disabled: no delivery; enable_irq delivered it once");
	else
		scenario_fail(&tally, name, "deliveries while disabled %lu (want 0), after enable %lu (want 1), first byte %d (want '%c')",
			      s1.runs - s0.runs, s2.runs - s1.runs, c, RX_REPLAY_BYTE);
}

/* The shell on COM1's receive ring: what arrives is fed from here. */
static __attribute__((noreturn)) void run_shell(void)
{
	shell_init(&shell, x86_console_write, x86_port_cmds, x86_nr_port_cmds);
	shell.machine = &machine;
	shell.rx = &com1.rx;
	shell_prompt(&shell);
	for (;;) {
		irq_threads_run();
		port_irq_disable();
		if (rx_ring_empty(&com1.rx) && shell.lost_shown == uart_lost(&com1) &&
		    !irq_threads_pending())
			x86_safe_halt();
		else
			port_irq_enable();
		shell_feed(&shell);
	}
}

#define COM2_TEXT	"COM2"
#define COM2_WAIT_NS	(100ull * 1000 * 1000)	/* QEMU raises the line on the THR write itself */

/*
 * COM2, when the machine has a second serial port: its own handler
 * instance on its own line. Shown working by bytes it sends to itself in
 * loopback mode (MCR bit 4), which arrive through its receive interrupt
 * into its own ring and not COM1's. On success @note says what was seen.
 */
static bool com2_up(char *note, size_t size)
{
	char got[sizeof(COM2_TEXT)] = "";
	struct uart_stats a0, a1, c0, c1;
	unsigned int irq = uart_irq_nr(&com2), i;
	unsigned long n0;
	uint64_t end;
	int err, c = 0;

	if (!uart_probe(&com2)) {
		irq_snprintf(note, size, "COM2 absent (no 16550 at 0x%x)", COM2_BASE);
		return true;
	}
	err = uart_request(&com2);
	if (err) {
		irq_snprintf(note, size, "COM2 request_irq(%u): %d", irq, err);
		return false;
	}
	uart_get_stats(&com1, &c0);
	uart_get_stats(&com2, &a0);
	n0 = irq_stat_total(irq);
	uart_loopback(&com2, true);
	for (i = 0; i < sizeof(COM2_TEXT) - 1; i++)
		uart_send(&com2, COM2_TEXT[i]);
	end = port_time_ns() + COM2_WAIT_NS;
	for (i = 0; i < sizeof(COM2_TEXT) - 1 && c >= 0; i++) {
		while ((c = uart_getc(&com2)) < 0 && port_time_ns() < end)
			x86_idle();
		got[i] = c < 0 ? '\0' : (char)c;
	}
	got[i] = '\0';
	uart_loopback(&com2, false);
	uart_get_stats(&com1, &c1);
	uart_get_stats(&com2, &a1);
	if (scenario_contains(got, COM2_TEXT) && a1.runs > a0.runs && irq_stat_total(irq) > n0 &&
	    c1.bytes == c0.bytes) {
		irq_snprintf(note, size, "COM2 on irq %u (%u loopback bytes through %lu RX interrupts)",
			     irq, i, a1.runs - a0.runs);
		return true;
	}
	irq_snprintf(note, size, "COM2 on irq %u: loopback \"%s\" gave \"%s\", %lu handler runs, %lu deliveries, %lu bytes to COM1",
		     irq, COM2_TEXT, got, a1.runs - a0.runs, irq_stat_total(irq) - n0, c1.bytes - c0.bytes);
	return false;
}

static char times[256];
static size_t times_len;

/* Run one scenario and note how much of the machine's time it took. */
static void timed(const char *name, void (*fn)(void))
{
	uint64_t t0 = x86_rdtsc();

	fn();
	if (times_len < sizeof(times))
		times_len += (size_t)irq_snprintf(times + times_len, sizeof(times) - times_len,
						  " %s %llu", name,
						  (unsigned long long)(x86_tsc_to_ns(x86_rdtsc() - t0) / 1000000u));
}

static void port_scenarios(void)
{
	x86_port_scenarios(&tally, edu, nr_edu);
}

/*
 * Kernel argument "trace" (make trace): the scenarios worth a timeline,
 * traced from the screaming line on, whose flood comes first so that the
 * rest stays in the rings; tracing stops after replay-after-enable, and
 * the shell's `trace dump` prints them.
 */
static void traced_scenarios(void)
{
	static const struct traced_scenario list[] = {
		{ "screaming-line", sc_screaming },
		{ "softirq", sc_softirq },
		{ "shared-line", sc_shared },
		{ "threaded-oneshot", sc_threaded_oneshot },
		{ "soft-replay", traced_soft_replay },
	};
	const int timers[] = {
		(int)PIT_IRQ,
#ifdef __x86_64__
		irq_find_mapping(x86_64_lapic_domain, LAPIC_TIMER),
#endif
	};

	traced_run(&tally, timers, GENIRQ_ARRAY_SIZE(timers), list, GENIRQ_ARRAY_SIZE(list));
}

/* --- smash-irq-nested (guard_smash.h): an edu handler below its stack --- */

static volatile uint64_t *stack_guard(unsigned int cpu, bool softirq)
{
	(void)cpu;	/* this CPU's */
	return (volatile uint64_t *)x86_stack_guard(softirq ? X86_SOFTIRQ_STACK : X86_HARDIRQ_STACK);
}

static void edu_interrupt(void (*in_handler)(void))
{
	if (nr_edu < 1 || request_test(&edu[0]) != 0) {
		irq_log("smash: no edu to interrupt with");
		x86_exit(X86_EXIT_FAIL);
	}
	seen.in_handler = in_handler;
	edu_raise(&edu[0], 1);
	seen.in_handler = NULL;
	free_irq(edu[0].irq, &edu[0]);
}

static unsigned long wait_tick(unsigned int ms)
{
	unsigned long t0 = pit_ticks();
	uint64_t tsc0 = x86_rdtsc();

	while (pit_ticks() == t0 && x86_tsc_to_ns(x86_rdtsc() - tsc0) < ms * 1000000ull)
		port_cpu_relax();
	return pit_ticks() - t0;
}

static __attribute__((noreturn)) void smash_fail(const char *why)
{
	irq_log("%s", why);
	x86_exit(X86_EXIT_FAIL);
}

/* raise: COM1's line, sent to its vector by the IO-APIC's parent (x86_64). */
static void sc_raise(void)
{
#ifdef __x86_64__
	pm_scenario_raise(&tally, (int)COM1_IRQ, NULL);
#else
	pm_scenario_raise(&tally, -1, "the 8259 cannot make a line pending: "
			  "irq_set_irqchip_state(PENDING) is -EINVAL on every line");
#endif
}

static void sc_suspend(void)
{
	pm_scenario_suspend(&tally, &machine, NULL);
}

static void sc_nmi(void)
{
	x86_nmi_scenario(&tally);
}

static const struct guard_smash smash = {
	.write = x86_console_write, .guard = stack_guard, .interrupt = edu_interrupt,
	.wait_tick = wait_tick, .fail = smash_fail,
};

int x86_demo_main(void)
{
	char com2_note[160];
	bool com2_ok;
	int err;

	boot_tsc = x86_rdtsc();
	tally.quiet = !x86_cmdline_has("harness");
	say(BANNER);
	bootlog_begin(bootlog_hides(x86_cmdline, tally.quiet), x86_console_write);
	nr_edu = edu_probe(edu, EDU_MAX);
	err = pit_request();
	if (!err)
		err = uart_probe(&com1) ? uart_request(&com1) : -ENODEV;
	if (!err)
		err = kbd_request();
	port_irq_enable();
	com2_ok = com2_up(com2_note, sizeof(com2_note));
	if (err || !com2_ok || cpumask_weight(irq_cpu_online_mask()) != port_nr_cpus()) {
		scenario_fail(&tally, "boot", "timer/serial/keyboard request_irq: %d; %u of %u CPUs online; %s",
			      err, cpumask_weight(irq_cpu_online_mask()), port_nr_cpus(), com2_note);
	} else {
		scenario_pass(&tally, "boot", "core up, controllers registered, %u/%u CPU(s) online, TSC %llu kHz, %u edu device(s), %s",
			      cpumask_weight(irq_cpu_online_mask()), port_nr_cpus(),
			      (unsigned long long)x86_tsc_khz(), nr_edu, com2_note);
	}
	if (x86_cmdline_has("trace")) {
		traced_scenarios();
	} else {
		timed("timer-ticks", sc_timer);
		timed("irq-stack", sc_irq_stack);
		timed("softirq", sc_softirq);
		timed("shared-line", sc_shared);
		timed("screaming-line", sc_screaming);
		timed("threaded-oneshot", sc_threaded_oneshot);
		timed("autoprobe", sc_autoprobe);
		timed("port's", port_scenarios);
		timed("shell-garbage", sc_shell_garbage);
		pc_wake_timer_setup();
		timed("raise", sc_raise);
		timed("suspend", sc_suspend);
		timed("nmi", sc_nmi);
	}
	if (!tally.quiet)
		irq_log("scenario times (ms of TSC time):%s", times);
	if (!x86_cmdline_has("harness") || x86_cmdline_has("norx")) {
		scenario_skip(&tally, "uart-rx-echo", "no harness to feed input");
		scenario_skip(&tally, "replay-after-enable", "no harness to feed input");
	} else {
		sc_uart_rx();
		sc_replay();
	}
	if (irq_trace_enabled())
		irq_trace_enable(false);	/* "trace" turned it on */
	bootlog_end();
	err = scenario_summary(&tally);
	if (!tally.quiet)
		irq_log("boot to verdict: %llu ms of TSC time since reset (idle waits for input included)",
		(unsigned long long)(x86_tsc_to_ns(x86_rdtsc()) / 1000000u));
	/* Not the guard-word smashes: a broken guard is reported, re-armed, and the run goes on. */
	if (x86_cmdline_has("smash-irq-nested"))
		guard_smash("smash-irq-nested", &smash);
	if (x86_cmdline_has("exit"))
		return err;
	/* The shell's edu drivers are threaded (its threads command lists them). */
	if (nr_edu && edu_request_threaded(edu, nr_edu))
		irq_log("edu threaded drivers: request failed");
	if (x86_cmdline_has("trace"))
		pc_wake_timer_setup();	/* the boot's suspend row did it otherwise */
	run_shell();
}

// SPDX-License-Identifier: MIT
/*
 * scenarios.c - the boot-time scenarios of SCENARIOS.md on ppce500.
 *
 * Every time is measured on the timebase (400 MHz), the machine's own
 * clock; the MPIC timer is the line under test.
 */
#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/interrupt.h>
#include <genirq/ipi.h>
#include <genirq/irq.h>
#include <genirq/msi.h>
#include <genirq/chip/mpic.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "demo.h"
#include "oneshot.h"
#include "ppce500.h"
#include "shell.h"
#include "traced.h"

#define TB_MS		(TB_HZ / 1000u)
#define T		(&demo.tally)

static char text[8192];

static unsigned int count_of(const char *hay, const char *needle)
{
	unsigned int n = 0;

	for (; *hay; hay++) {
		unsigned int i = 0;

		while (needle[i] && hay[i] == needle[i])
			i++;
		n += !needle[i];
	}
	return n;
}

/*
 * Wait until @cond holds, at most @ms of timebase, dozing between
 * interrupts: under QEMU's round-robin TCG a dozing CPU hands the host
 * thread to the other one, which is what we wait for.
 */
#define WAIT_UNTIL(cond, ms)							\
	({									\
		uint64_t end_ = ppc_timebase() + (uint64_t)(ms) * TB_MS;	\
		while (!(cond) && ppc_timebase() < end_) {			\
			port_irq_disable();					\
			if (cond)						\
				port_irq_enable();				\
			else							\
				ppc_idle();					\
		}								\
		(cond);								\
	})

static bool wait_flag(volatile bool *flag, unsigned int ms)
{
	return WAIT_UNTIL(*flag, ms);
}

static bool unhandled_zero(int irq)
{
	char path[48];

	irq_snprintf(path, sizeof(path), "/proc/irq/%d/spurious", irq);
	return irq_proc_read(path, text, sizeof(text)) > 0 && scenario_contains(text, "unhandled 0\n");
}

static void sc_boot(void)
{
	unsigned int online = 0;

	for (unsigned int cpu = 0; cpu < GENIRQ_NR_CPUS; cpu++)
		online += cpumask_test_cpu(cpu, irq_cpu_online_mask());
	if (online != demo.nr_cpus)
		scenario_fail(T, "boot", "%u of %u CPUs online (secondary bring-up not implemented)",
			      online, demo.nr_cpus);
	else
		scenario_pass(T, "boot", "core up, MPIC %u sources, %u CPU online, uart line %d, "
			      "timer line %d, edu line %d, shell next",
			      mpic_nr_sources(demo.pic), online, demo.uart_irq, demo.timer_irq,
			      demo.edu_irq);
}

#define TICK_SPAN_MS	500u

/* MPIC timer 0's ticks over one TICK_SPAN_MS span of timebase. */
static unsigned long ticks_in_span(void)
{
	unsigned long n0 = demo.ticks;

	wait_tb((uint64_t)TICK_SPAN_MS * TB_MS);
	return demo.ticks - n0;
}

static void sc_timer_ticks(void)
{
	const unsigned int want = TICK_HZ * TICK_SPAN_MS / 1000;
	unsigned long n;
	unsigned int try = scenario_tick_tries(ticks_in_span, want * 9 / 10 + (want * 9 % 10 != 0),
					       want * 11 / 10, &n);

	if (!try)
		scenario_fail(T, "timer-ticks", "%lu ticks in %u ms of timebase, expected %u +-10%% "
			      "(%u tries)", n, TICK_SPAN_MS, want, SCENARIO_TICK_TRIES);
	else
		scenario_pass(T, "timer-ticks", "%lu ticks of MPIC timer 0 in %u ms of timebase "
			      "(expected %u)%s", n, TICK_SPAN_MS, want, scenario_try_note(try));
}

static void sc_softirq(void)
{
	demo.softirq_ran = false;
	demo.softirq_probe = true;
	if (!wait_flag(&demo.softirq_ran, 100))
		scenario_fail(T, "softirq", "softirq raised in the tick handler never ran");
	else if (!demo.softirq_ctx_ok)
		scenario_fail(T, "softirq", "ran outside softirq context");
	else if (!ppc_on_stack(0, PPC_STACK_SOFTIRQ, demo.softirq_sp))
		scenario_fail(T, "softirq", "ran on sp %08x, not the softirq stack", demo.softirq_sp);
	else
		scenario_pass(T, "softirq", "raised in the timer handler, ran at irq_exit in "
			      "softirq context on the softirq stack (sp %08x)", demo.softirq_sp);
}

static void sc_irq_stack(void)
{
	struct edu *e = &demo.edu[0];
	unsigned long claims = e->claims;

	if (!demo.nr_edus) {
		scenario_skip(T, "irq-stack", "no edu device (run with -device edu)");
		return;
	}
	e->nested_seen = false;
	e->spin_for_tick = true;
	edu_raise(e, 1);		/* taken right after the store */
	if (e->claims != claims + 1)
		scenario_fail(T, "irq-stack", "edu interrupt not handled");
	else if (!ppc_on_stack(0, PPC_STACK_HARDIRQ, e->last_sp))
		scenario_fail(T, "irq-stack", "handler ran on sp %08x", e->last_sp);
	else if (!e->nested_seen || demo.tick_depth < 2)
		scenario_fail(T, "irq-stack", "no nested tick (depth %u)", demo.tick_depth);
	else if (!ppc_on_stack(0, PPC_STACK_HARDIRQ, demo.tick_sp) || demo.tick_sp >= e->last_sp)
		scenario_fail(T, "irq-stack", "nested tick on sp %08x, outer %08x", demo.tick_sp,
			      e->last_sp);
	else if (!ppc_stack_guards_ok(0))
		scenario_fail(T, "irq-stack", "guard words overwritten");
	else
		scenario_pass(T, "irq-stack", "edu handler on the hardirq stack (sp %08x), nested "
			      "tick at depth %u deeper on it (sp %08x), guard words intact",
			      e->last_sp, demo.tick_depth, demo.tick_sp);
}

static bool shared_edus(char *why, size_t size)
{
	struct edu *a = &demo.edu[0], *b = &demo.edu[1];
	unsigned long ca = a->claims, cb = b->claims;
	unsigned long flags;

	edu_raise(a, 1);
	if (a->claims != ca + 1 || b->claims != cb) {
		irq_snprintf(why, size, "edu-a raised: claims a+%lu b+%lu", a->claims - ca,
			     b->claims - cb);
		return false;
	}
	edu_raise(b, 1);
	if (a->claims != ca + 1 || b->claims != cb + 1) {
		irq_snprintf(why, size, "edu-b raised: claims a+%lu b+%lu", a->claims - ca - 1,
			     b->claims - cb);
		return false;
	}
	flags = port_irq_save();
	edu_raise(a, 1);
	edu_raise(b, 1);
	port_irq_restore(flags);
	if (a->claims != ca + 2 || b->claims != cb + 2) {
		irq_snprintf(why, size, "both raised: claims a+%lu b+%lu", a->claims - ca - 1,
			     b->claims - cb - 1);
		return false;
	}
	return true;
}

static bool wait_dr(struct uart *u)
{
	uint64_t end = ppc_timebase() + 10u * TB_MS;

	while (!(ppc_mmio_read8(u->base + UART_LSR) & UART_LSR_DR) && ppc_timebase() < end)
		;
	return ppc_mmio_read8(u->base + UART_LSR) & UART_LSR_DR;
}

static bool shared_uarts(char *why, size_t size)
{
	struct uart *u0 = &demo.uart[0], *u1 = &demo.uart[1];
	unsigned long c0 = u0->claims, c1 = u1->claims;
	unsigned long flags;
	bool ok;

	uart_set_loopback(u1, true);
	flags = port_irq_save();
	uart_send(u1, 'x');
	wait_dr(u1);
	port_irq_restore(flags);
	if (u1->claims != c1 + 1 || u0->claims != c0 || u1->last != 'x') {
		uart_set_loopback(u1, false);
		irq_snprintf(why, size, "uart1 fed: claims uart0+%lu uart1+%lu", u0->claims - c0,
			     u1->claims - c1);
		return false;
	}
	/* Both at once: UART0 briefly in loopback, so nothing may print. */
	flags = port_irq_save();
	uart_set_loopback(u0, true);
	uart_send(u0, 'y');
	uart_send(u1, 'z');
	ok = wait_dr(u0) && wait_dr(u1);
	uart_set_loopback(u0, false);
	port_irq_restore(flags);
	uart_set_loopback(u1, false);
	uart_rx_flush();
	if (!ok || u0->claims != c0 + 1 || u1->claims != c1 + 2 || u0->last != 'y' ||
	    u1->last != 'z') {
		irq_snprintf(why, size, "both fed: claims uart0+%lu uart1+%lu", u0->claims - c0,
			     u1->claims - c1 - 1);
		return false;
	}
	return true;
}

static void sc_shared_line(void)
{
	char why[96];
	bool uarts = demo.uart[1].present;

	if (!uarts && demo.nr_edus < 2) {
		scenario_skip(T, "shared-line", "neither two edus nor a second UART (-serial)");
		return;
	}
	if (demo.nr_edus >= 2 && !shared_edus(why, sizeof(why)))
		scenario_fail(T, "shared-line", "edu pair on source %u: %s", demo.edu[0].source, why);
	else if (uarts && !shared_uarts(why, sizeof(why)))
		scenario_fail(T, "shared-line", "UARTs on source 42: %s", why);
	else if ((demo.nr_edus >= 2 && !unhandled_zero(demo.edu_irq)) ||
		 (uarts && !unhandled_zero(demo.uart_irq)))
		scenario_fail(T, "shared-line", "an unhandled event was counted");
	else
		scenario_pass(T, "shared-line", "%s%s: one raised, only its handler claims; both "
			      "raised, both serviced; 0 unhandled",
			      demo.nr_edus >= 2 ? "edu pair on MPIC source 3" : "",
			      uarts ? (demo.nr_edus >= 2 ? " and UART0+UART1 on source 42" :
				       "UART0+UART1 on source 42") : "");
}

static void sc_replay(void)
{
	struct uart *u1 = &demo.uart[1];
	unsigned int irq = (unsigned int)demo.uart_irq;
	unsigned long c1 = u1->claims, ev = irq_stat_total(irq);
	bool held, active;

	if (!u1->present) {
		scenario_skip(T, "replay-after-enable", "no second UART (-serial)");
		return;
	}
	disable_irq(irq);
	uart_set_loopback(u1, true);
	uart_send(u1, 'r');
	wait_dr(u1);
	wait_tb(5u * TB_MS);
	held = u1->claims == c1 && irq_stat_total(irq) == ev && (ppc_mmio_read8(u1->base + UART_LSR) & UART_LSR_DR);
	active = mpic_line_active(demo.pic, UART_SOURCE);
	enable_irq(irq);
	uart_set_loopback(u1, false);
	if (!held || active)
		scenario_fail(T, "replay-after-enable", "delivered while disabled (claims +%lu, "
			      "events +%lu, MPIC activity %d)", u1->claims - c1,
			      irq_stat_total(irq) - ev, active);
	else if (u1->claims != c1 + 1 || irq_stat_total(irq) != ev + 1 || u1->last != 'r')
		scenario_fail(T, "replay-after-enable", "after enable_irq: claims +%lu, events +%lu",
			      u1->claims - c1, irq_stat_total(irq) - ev);
	else
		scenario_pass(T, "replay-after-enable", "UART1 byte held at the masked MPIC source "
			      "(activity 0, data pending); enable_irq delivered it exactly once");
}

static void sc_autoprobe(void)
{
	int found;

	if (!demo.nr_edus) {
		scenario_skip(T, "autoprobe", "no edu device (run with -device edu)");
		return;
	}
	found = edu_autoprobe(0);
	if (found != demo.edu_irq)
		scenario_fail(T, "autoprobe", "probe_irq_off gave %d, edu is on irq %d", found,
			      demo.edu_irq);
	else
		scenario_pass(T, "autoprobe", "probe_irq_off found irq %d (MPIC source %u) for edu-a",
			      found, demo.edu[0].source);
}

/* A held-back line re-raises the CPU at another line's EOI: QEMU's MPIC
 * then answers IACK with the spurious vector (see docs/ppc.md). */
static irqreturn_t bait_handler(int irq, void *dev)
{
	(void)irq;
	(*(volatile unsigned long *)dev)++;
	return IRQ_HANDLED;
}

static void sc_spurious_vector(void)
{
	irq_hw_number_t hw = mpic_timer_hwirq(demo.pic, 1);
	static volatile unsigned long bait;
	unsigned long spu0 = irq_spurious_count(0), spu;
	int irq;

	/* QEMU reports each such IACK on its own stderr, a line a person
	 * cannot tell from a fault: only a harness provokes them. */
	if (T->quiet) {
		scenario_skip(T, "spurious-vector", "QEMU's stderr would report each vector");
		return;
	}
	irq = irq_create_mapping(mpic_domain(demo.pic), hw);
	if (irq < 0 || irq_set_irq_type((unsigned int)irq, IRQ_TYPE_EDGE_RISING) ||
	    mpic_set_priority(demo.pic, hw, 1) ||
	    request_irq((unsigned int)irq, bait_handler, 0, "held-back", (void *)&bait)) {
		scenario_fail(T, "spurious-vector", "cannot set up MPIC timer 1");
		return;
	}
	/* QEMU says so on its own stderr, unlabelled: "openpic_iack: bad raised IRQ". */
	scenario_expect(T, "spurious MPIC vectors");
	mpic_set_cpu_priority(demo.pic, 1);
	mpic_timer_start(demo.pic, 1, MPIC_TIMER_HZ / 1000);
	wait_tb(50u * TB_MS);
	mpic_timer_start(demo.pic, 1, 0);
	scenario_expect_end(T);
	free_irq((unsigned int)irq, (void *)&bait);	/* masks it: nothing left raised */
	mpic_set_cpu_priority(demo.pic, 0);
	spu = irq_spurious_count(0) - spu0;
	if (!spu || bait)
		scenario_fail(T, "spurious-vector", "%lu spurious vectors, %lu dispatched to the "
			      "held-back line", spu, bait);
	else
		scenario_pass(T, "spurious-vector", "%lu MPIC spurious vectors (0xffff) counted in "
			      "SPU, none dispatched", spu);
}

static void sc_screaming(void)
{
	struct edu *a = &demo.edu[0];
	unsigned int irq = (unsigned int)demo.edu_irq;
	unsigned long ev, t0, t1, ca;
	static char tap[2048];
	bool off, named;

	if (demo.nr_edus < 2) {
		scenario_skip(T, "screaming-line", "needs two edu devices on one line");
		return;
	}
	free_irq(irq, a);		/* edu-b's handler stays: it never claims edu-a */
	ev = irq_stat_total(irq);
	t0 = demo.ticks;
	scenario_expect(T, "a stuck interrupt line, disabled");
	ppc_console_tap(tap, sizeof(tap));
	edu_raise(a, 1);		/* back here once the line is disabled */
	t1 = demo.ticks;
	ppc_console_tap(NULL, 0);
	scenario_expect_end(T);
	ev = irq_stat_total(irq) - ev;
	off = irq_get_depth(irq) > 0;
	named = scenario_contains(tap, "nobody cared") && scenario_contains(tap, "edu-b");
	edu_ack(a);
	wait_tb(50u * TB_MS);
	request_irq(irq, edu_handler, IRQF_SHARED, a->name, a);
	if (irq_get_depth(irq) > 0)
		enable_irq(irq);
	ca = a->claims;
	edu_raise(a, 1);
	if (!off || ev > 100000)
		scenario_fail(T, "screaming-line", "line %s after %lu events", off ? "off" : "on", ev);
	else if (!named)
		scenario_fail(T, "screaming-line", "report does not name the handlers");
	else if (t1 == t0 || demo.ticks < t1 + 3)
		scenario_fail(T, "screaming-line", "timer stopped (%lu ticks in the storm, %lu after)",
			      t1 - t0, demo.ticks - t1);
	else if (a->claims != ca + 1 || irq_get_depth(irq) != 0)
		scenario_fail(T, "screaming-line", "enable_irq did not bring the line back");
	else
		scenario_pass(T, "screaming-line", "disabled after %lu unhandled events, report "
			      "names edu-b, %lu ticks during the storm, enable_irq restored it",
			      ev, t1 - t0);
}

/*
 * The ping-pong's IPI, through the generic IPI API: a reservation of its
 * own (irq_reserve_ipi(), ppc_ipi_line()), request_percpu_irq() with each
 * CPU's received count as its dev_id; CPU 1 answers with ipi_send_single().
 */
static irqreturn_t pingpong_handler(int irq, void *dev)
{
	(void)irq;
	(*(volatile unsigned long *)dev)++;	/* demo.ipi_received[this CPU] */
	if (port_cpu_id() == 1 && demo.ipi_echo)
		ipi_send_single((unsigned int)demo.ipi_irq, 0);
	return IRQ_HANDLED;
}

void scenario_ipi_setup(void)
{
	demo.ipi_irq = ppc_ipi_line(demo.pic, pingpong_handler, "ipi call function",
				    (unsigned long *)demo.ipi_received, sizeof(demo.ipi_received[0]));
}

static bool smp_skip(const char *name)
{
	if (demo.nr_cpus >= 2 && demo.smp_ok)
		return false;
	if (demo.nr_cpus < 2)
		scenario_skip(T, name, "uniprocessor machine (MPIC FRR: %u CPU)", demo.nr_cpus);
	else
		scenario_fail(T, name, "CPU 1 did not come online");
	return true;
}

static void sc_ipi_pingpong(void)
{
	const unsigned long n = 1000;
	unsigned int base = (unsigned int)demo.ipi_irq;
	unsigned int l0 = (unsigned int)ipi_get_irq(base, 0), l1;
	unsigned long r0 = demo.ipi_received[0], r1 = demo.ipi_received[1];
	unsigned long s0, s1, i;

	if (smp_skip("ipi-pingpong"))
		return;
	l1 = (unsigned int)ipi_get_irq(base, 1);
	s0 = irq_stat_cpu(l0, 0);
	s1 = irq_stat_cpu(l1, 1);
	demo.ipi_echo = true;
	for (i = 0; i < n; i++) {
		ipi_send_single(base, 1);
		if (!WAIT_UNTIL(demo.ipi_received[0] == r0 + i + 1, 20))
			break;
	}
	demo.ipi_echo = false;
	r0 = demo.ipi_received[0] - r0;
	r1 = demo.ipi_received[1] - r1;
	s0 = irq_stat_cpu(l0, 0) - s0;
	s1 = irq_stat_cpu(l1, 1) - s1;
	if (r0 != n || r1 != n || s0 != n || s1 != n)
		scenario_fail(T, "ipi-pingpong", "sent %lu each way: CPU0 got %lu (counted %lu), "
			      "CPU1 got %lu (counted %lu)", n, r0, s0, r1, s1);
	else
		scenario_pass(T, "ipi-pingpong", "%lu IPIs CPU0->CPU1 and %lu back through "
			      "ipi_send_single() (irq_reserve_ipi lines %u-%u, MPIC-IPI), per-CPU "
			      "counts exact", r1, r0, l0, l1);
}

/* Feed UART1 one byte through loopback and wait for its handler. */
static bool uart1_byte(char c)
{
	struct uart *u1 = &demo.uart[1];
	unsigned long claims = u1->claims;

	uart_send(u1, c);
	WAIT_UNTIL(u1->claims != claims, 20);
	return u1->claims == claims + 1 && u1->last == c;
}

static void sc_affinity_move(void)
{
	unsigned int irq = (unsigned int)demo.uart_irq;
	char path[48], eff[48];
	unsigned long c0, c1;
	int refused, moved;
	bool ok = true;

	if (smp_skip("affinity-move"))
		return;
	if (!demo.uart[1].present) {
		scenario_skip(T, "affinity-move", "no second UART (-serial) to drive the line");
		return;
	}
	irq_snprintf(path, sizeof(path), "/proc/irq/%u/smp_affinity", irq);
	refused = irq_proc_write(path, "4", 1);		/* CPU 2: not online */
	c0 = irq_stat_cpu(irq, 0);
	c1 = irq_stat_cpu(irq, 1);
	moved = irq_proc_write(path, "2", 1);
	irq_snprintf(eff, sizeof(eff), "/proc/irq/%u/effective_affinity", irq);
	irq_proc_read(eff, text, sizeof(text));
	uart_set_loopback(&demo.uart[1], true);
	for (const char *p = "mov"; *p; p++)
		ok = ok && uart1_byte(*p);
	uart_set_loopback(&demo.uart[1], false);
	c0 = irq_stat_cpu(irq, 0) - c0;
	c1 = irq_stat_cpu(irq, 1) - c1;
	irq_proc_write(path, "1", 1);
	if (refused != -EINVAL)
		scenario_fail(T, "affinity-move", "all-offline mask gave %d, expected -EINVAL", refused);
	else if (moved || !scenario_contains(text, "2") || !ok)
		scenario_fail(T, "affinity-move", "move to CPU1: write %d, effective %s", moved, text);
	else if (c1 != 3 || c0 != 0)
		scenario_fail(T, "affinity-move", "3 UART1 events after the move: CPU0 %lu, CPU1 %lu",
			      c0, c1);
	else
		scenario_pass(T, "affinity-move", "echo 2 > %s: 3 UART1 events counted on CPU1, 0 on "
			      "CPU0; mask 4 (offline) refused with -EINVAL", path);
}

static struct scenario_slow slow;

static irqreturn_t slow_handler(int irq, void *dev)
{
	struct edu *e = dev;
	uint32_t st = ppc_mmio_read32(e->bar + EDU_STATUS);

	(void)irq;
	if (!st)
		return IRQ_NONE;
	scenario_slow_run(&slow, 20);
	edu_ack(e);
	return IRQ_HANDLED;
}

static void sc_free_vs_running(void)
{
	struct edu *a = &demo.edu[0];
	unsigned int irq = (unsigned int)demo.edu_irq;
	struct irq_cpumask cpu1, cpu0;
	bool running, finished_at_return;

	if (smp_skip("free-vs-running"))
		return;
	if (!demo.nr_edus) {
		scenario_skip(T, "free-vs-running", "no edu device (run with -device edu)");
		return;
	}
	cpumask_clear(&cpu1);
	cpumask_set_cpu(1, &cpu1);
	cpumask_clear(&cpu0);
	cpumask_set_cpu(0, &cpu0);
	free_irq(irq, a);
	scenario_slow_reset(&slow);
	if (request_irq(irq, slow_handler, IRQF_SHARED, "slow", a) || irq_set_affinity(irq, &cpu1)) {
		scenario_fail(T, "free-vs-running", "cannot set up the slow handler on CPU1");
		return;
	}
	edu_raise(a, 1);
	running = scenario_slow_freeing(&slow);
	free_irq(irq, a);
	finished_at_return = scenario_slow_done(&slow);
	irq_set_affinity(irq, &cpu0);
	if (request_irq(irq, edu_handler, IRQF_SHARED, a->name, a))
		ppc_fail("request_irq edu");
	if (!running)
		scenario_fail(T, "free-vs-running", "the handler was not running on CPU1 at free_irq");
	else if (!finished_at_return)
		scenario_fail(T, "free-vs-running", "free_irq returned while CPU1 ran the handler");
	else
		scenario_pass(T, "free-vs-running", "free_irq on CPU0 returned after the 20 ms "
			      "handler on CPU1 had finished");
}

/*
 * msi: edu-a's MSI through the PCI-MSI domain on the MPIC's MSI bank
 * (docs/ppc.md, MSI): N raises -> N handler runs on CPU 0; affinity to
 * CPU 1 -> N more there (the message stays: the bank's MPIC source's
 * destination register moves); free -> the bank is free again. edu-a's
 * INTx handlers stay requested: the device sends no INTx while MSI is on.
 */
#define MSI_ROUNDS	20

static volatile unsigned long msi_runs[PPC_MAX_CPUS];

/* The software replay's run of msi_handler: where it ran, and whether a tick nested in it. */
static volatile bool msi_wait_tick, msi_replay_softirq, msi_replay_nested;

static irqreturn_t msi_handler(int irq, void *dev)
{
	struct edu *e = dev;

	(void)irq;
	ppc_mmio_write32(e->bar + EDU_ACK, ppc_mmio_read32(e->bar + EDU_STATUS));
	if (msi_wait_tick) {	/* interrupts are on: a tick may come in here */
		unsigned long t = demo.ticks;

		msi_wait_tick = false;
		msi_replay_softirq = in_irq() && ppc_on_stack(port_cpu_id(), PPC_STACK_SOFTIRQ, ppc_sp());
		WAIT_UNTIL(demo.ticks != t, 1000);
		msi_replay_nested = demo.ticks != t;
	}
	msi_runs[port_cpu_id()]++;
	return IRQ_HANDLED;
}

static uint32_t msi_cfg_read(void *ctx, unsigned int off)
{
	return pci_cfg_read((unsigned int)(uintptr_t)ctx, off);
}

static void msi_cfg_write(void *ctx, unsigned int off, uint32_t val)
{
	pci_cfg_write((unsigned int)(uintptr_t)ctx, off, val);
}

static const struct pci_cfg_ops msi_cfg = { .read32 = msi_cfg_read, .write32 = msi_cfg_write };

/* Raise @n messages one at a time on edu @e; return how many ran on @cpu. */
static unsigned long msi_burst(struct edu *e, unsigned int n, unsigned int cpu)
{
	unsigned long before = msi_runs[cpu], total = msi_runs[0] + msi_runs[1];

	for (unsigned int i = 0; i < n; i++) {
		edu_raise(e, 1);
		if (!WAIT_UNTIL(msi_runs[0] + msi_runs[1] == total + i + 1, 20))
			break;
	}
	return msi_runs[cpu] - before;
}

/*
 * An MSI that came while its line was disabled, sent again at
 * enable_irq(): the MPIC has no retrigger, so the core replays it from
 * its softirq, on the softirq stack in hardirq context (irq_enter()). A
 * tick that comes in during that handler arrives off the hardirq stack
 * with in_irq() true, and must run as usual (the port must not take it
 * for an overrun hardirq stack). Return: the replay ran once, there, with
 * a tick nested in it.
 */
static bool msi_replay(struct edu *e, unsigned int irq)
{
	unsigned long before = msi_runs[0];

	msi_replay_softirq = msi_replay_nested = false;
	disable_irq(irq);
	edu_raise(e, 1);
	wait_tb(TB_MS);		/* the message arrives: PENDING, masked */
	msi_wait_tick = true;
	enable_irq(irq);
	WAIT_UNTIL(msi_runs[0] != before, 1000);
	msi_wait_tick = false;
	return msi_runs[0] == before + 1 && msi_replay_softirq && msi_replay_nested;
}

#define MSI_REPLAY_NOTE	"1 sent while disabled: replayed in softirq, a tick nested"

static void sc_msi(void)
{
	struct edu *e = &demo.edu[0];
	struct pci_msi_dev pdev;
	struct msi_msg m0 = { 0, 0, 0 }, m1 = { 0, 0, 0 };
	struct irq_cpumask cpu;
	unsigned int free0, free1, free2, eff = 0;
	unsigned long on0, on1 = 0;
	int irq, err;
	bool smp = demo.nr_cpus >= 2 && demo.smp_ok, replayed = false;

	if (!demo.nr_edus || !demo.msi_domain) {
		scenario_skip(T, "msi", "no edu device (-device edu) or no PCI-MSI domain");
		return;
	}
	free0 = mpic_msi_free_banks(demo.pic);
	err = pci_msi_dev_init(&pdev, &msi_cfg, (void *)(uintptr_t)e->slot, e->slot << 3);
	irq = err ? err : pci_enable_msi(&pdev, demo.msi_domain);
	if (irq < 0) {
		scenario_fail(T, "msi", "pci_enable_msi on %s: %d", e->name, irq);
		return;
	}
	err = request_irq((unsigned int)irq, msi_handler, 0, "edu-msi", e);
	free1 = mpic_msi_free_banks(demo.pic);
	msi_get_msg((unsigned int)irq, &m0);
	on0 = err ? 0 : msi_burst(e, MSI_ROUNDS, 0);
	replayed = !err && msi_replay(e, (unsigned int)irq);
	if (smp && !err) {
		cpumask_clear(&cpu);
		cpumask_set_cpu(1, &cpu);
		err = irq_set_affinity((unsigned int)irq, &cpu);
		if (!err && !irq_get_effective_affinity((unsigned int)irq, &cpu))
			eff = cpumask_first(&cpu);
		msi_get_msg((unsigned int)irq, &m1);
		on1 = err ? 0 : msi_burst(e, MSI_ROUNDS, 1);
		cpumask_clear(&cpu);
		cpumask_set_cpu(0, &cpu);
		irq_set_affinity((unsigned int)irq, &cpu);
	}
	free_irq((unsigned int)irq, e);
	pci_disable_msi(&pdev);
	free2 = mpic_msi_free_banks(demo.pic);
	if (err || on0 != MSI_ROUNDS || !replayed || (smp && (on1 != MSI_ROUNDS || eff != 1)) ||
	    free1 + 1 != free0 || free2 != free0)
		scenario_fail(T, "msi", "err %d; %lu of %u on CPU0, %lu on CPU1 (effective %u); "
			      "replay at enable_irq: in softirq on the softirq stack %d, a tick "
			      "nested %d; free MSI banks %u -> %u -> %u", err, on0, MSI_ROUNDS, on1,
			      eff, msi_replay_softirq, msi_replay_nested, free0, free1, free2);
	else if (!smp)
		scenario_pass(T, "msi", "%s: %u messages -> %lu handler runs (irq %d, PCI-MSI on "
			      "MPIC source %u, message 0x%08x data 0x%x); %s; no CPU 1 for the "
			      "affinity move; MSI banks free %u -> %u -> %u", e->name, MSI_ROUNDS,
			      on0, irq, MPIC_MSI_SOURCE0 + (m0.data >> 5), m0.address_lo, m0.data,
			      MSI_REPLAY_NOTE, free0, free1, free2);
	else
		scenario_pass(T, "msi", "%s: %u messages -> %lu runs on CPU0 (irq %d, PCI-MSI on "
			      "MPIC source %u, message 0x%08x data 0x%x); %s; affinity CPU1 -> %lu runs "
			      "on CPU1, effective %u, message 0x%08x data 0x%x (same: the MPIC "
			      "source moved); MSI banks free "
			      "%u -> %u -> %u", e->name, MSI_ROUNDS, on0, irq,
			      MPIC_MSI_SOURCE0 + (m0.data >> 5), m0.address_lo, m0.data,
			      MSI_REPLAY_NOTE, on1, eff,
			      m1.address_lo, m1.data, free0, free1, free2);
}

static void oneshot_raise(void *dev)
{
	edu_raise(dev, 1);
}

static uint32_t oneshot_status(void *dev)
{
	return ppc_mmio_read32(((struct edu *)dev)->bar + EDU_STATUS);
}

static void oneshot_clear(void *dev, uint32_t bits)
{
	ppc_mmio_write32(((struct edu *)dev)->bar + EDU_ACK, bits);
}

static void oneshot_idle(void)
{
	port_irq_disable();
	ppc_idle();
}

/* The MSK bit of the line's MPIC source vector/priority register. */
static int mpic_source_masked(unsigned int irq)
{
	irq_hw_number_t hw = irq_get_irq_data(irq)->hwirq;

	return !!(ppc_mmio_read32(MPIC_EA + MPIC_SRC_VPR(hw)) & MPIC_VPR_MSK);
}

/* edu-a alone on its line for the scenario; both drivers back after it. */
static void sc_threaded_oneshot(void)
{
	struct oneshot_edu o = {
		.irq = (unsigned int)demo.edu_irq, .dev = &demo.edu[0], .raise = oneshot_raise,
		.status = oneshot_status, .clear = oneshot_clear, .idle = oneshot_idle,
		.chip_masked = mpic_source_masked, .chip = "MPIC",
	};

	if (!demo.nr_edus) {
		scenario_skip(T, "threaded-oneshot", "no edu device (run with -device edu)");
		return;
	}
	for (unsigned int i = 0; i < demo.nr_edus; i++)
		free_irq(o.irq, &demo.edu[i]);
	scenario_threaded_oneshot(T, &o);
	for (unsigned int i = 0; i < demo.nr_edus; i++)
		edu_request(i);
}

/*
 * Kernel argument "trace" (make trace): every line but the timer's and
 * the two IPIs' (a ping-pong flood), the screaming line first (its flood
 * overwrites the rings), then what must stay in them.
 */
void run_traced_scenarios(void)
{
	static const struct traced_scenario list[] = {
		{ "screaming-line", sc_screaming },
		{ "softirq", sc_softirq },
		{ "shared-line", sc_shared_line },
		{ "affinity-move", sc_affinity_move },
		{ "threaded-oneshot", sc_threaded_oneshot },
		{ "replay-after-enable", sc_replay },
		{ "soft-replay", traced_soft_replay },
	};
	const int quiet[] = { demo.timer_irq, demo.ipi_irq, demo.ipi_irq < 0 ? -1 : demo.ipi_irq + 1 };

	traced_run(T, quiet, GENIRQ_ARRAY_SIZE(quiet), list, GENIRQ_ARRAY_SIZE(list));
}

void run_boot_scenarios(void)
{
	sc_boot();
	sc_timer_ticks();
	sc_softirq();
	sc_irq_stack();
	sc_shared_line();
	sc_replay();
	sc_autoprobe();
	sc_spurious_vector();
	sc_screaming();
	sc_affinity_move();
	sc_free_vs_running();
	sc_threaded_oneshot();
	sc_ipi_pingpong();
	sc_msi();
}

static size_t text_len;

/* The garbage session's console: kept in text[], shown nowhere. */
static void capture(const char *s, size_t len)
{
	for (size_t i = 0; i < len && text_len + 1 < sizeof(text); i++)
		text[text_len++] = s[i];
	text[text_len] = '\0';
}

/* Bad input straight into the shell: one error line each, shell alive. */
void scenario_shell_garbage(struct shell *sh)
{
	void (*write)(const char *text, size_t len) = sh->write;

	static const char *const bad[] = {
		"\x01\x02\x1b[A", "frobnicate now", "echo zz > /proc/irq/%d/smp_affinity",
		"echo 0 > /proc/irq/%d/smp_affinity", "echo 100000000,0 > /proc/irq/%d/smp_affinity",
		"echo 1-x > /proc/irq/%d/smp_affinity_list", "disable 99999", "enable",
		"cat /proc/irq/%d/nope", "a b c d e f g h i j",
	};
	char line[96];
	unsigned int errors, lines = 1;

	text_len = 0;
	text[0] = '\0';
	sh->write = capture;
	for (unsigned int i = 0; i < 4096; i++)
		shell_input(sh, (char)('A' + i % 26));
	shell_input(sh, '\r');
	for (unsigned int i = 0; i < GENIRQ_ARRAY_SIZE(bad); i++, lines++) {
		irq_snprintf(line, sizeof(line), bad[i], demo.uart_irq);
		for (unsigned int j = 0; line[j]; j++)
			shell_input(sh, line[j]);
		shell_input(sh, '\r');
	}
	for (const char *p = "help\r"; *p; p++)
		shell_input(sh, *p);
	sh->write = write;
	errors = count_of(text, "error:");
	if (errors != lines || !scenario_contains(text, "poweroff"))
		scenario_fail(T, "shell-garbage", "%u error lines for %u bad lines, help %s", errors,
			      lines, scenario_contains(text, "poweroff") ? "ok" : "missing");
	else
		scenario_pass(T, "shell-garbage", "4 KiB line, control bytes, unknown command, %u "
			      "malformed arguments: one error line each, help still answers",
			      lines - 3);
}

// SPDX-License-Identifier: MIT
/*
 * main.c - the mps2-an385 demo kernel (Cortex-M3): the vector table and
 * reset, the NVIC and SysTick under genirq, the boot-time scenarios of
 * SCENARIOS.md, then the serial shell on CMSDK UART0.
 *
 * Console input arrives only through UART0's receive interrupt, into a
 * ring that the shell loop drains. The harness types after the marker
 * "genirq: ready for input": "hello genirq", then shell commands. Kernel
 * arguments (-append, read through semihosting): "harness", "bench",
 * "mustfail", "smash-irq-guard", "smash-softirq-guard" (port_boot.h),
 * "rx-gap" (console_rx_gap(), mps2.h).
 *
 * Stacks: Handler mode runs on MSP, the hardirq stack (its top is the
 * vector table's first word); the boot and the shell run in Thread mode
 * on PSP; softirqs on a third stack. Each has a guard word at its bottom;
 * the hardirq and softirq stacks are painted whole with it, for their
 * high-water marks (the shell's `stacks`).
 */
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/priority.h>
#include <genirq/proc.h>
#include <genirq/chip/nvic.h>

#include "bootlog.h"
#include "guard_smash.h"
#include "port_boot.h"
#include "pm_scenario.h"
#include "port_selftest.h"
#include "rxring.h"
#include "scenario.h"
#include "shell_port.h"
#include "mps2.h"
#include "../kit.h"	/* arch/kit.h, through arch/armv7m: the stacks' marks */

#define NR_IRQS		64
#define HZ		100
#define STACK_BYTES	8192u
#define RX_GAP_US	20000u		/* "rx-gap": console_rx_gap() */
#define GUARD		0x57a6c0de5eedf00dull
#define BANNER		"\ngenirq demo kernel, armv7m (Cortex-M3) on QEMU's mps2-an385:\n" \
			"the boot self-tests, then a shell (help lists the commands; poweroff, or\n" \
			"Ctrl-A X, leaves QEMU)\n"

/* Priority bytes (the NVIC's top bits; BASEPRI 0x80 is the kernel's level). */
#define PRIO_FAST	0x40u		/* zero-latency: above BASEPRI */
#define PRIO_TICK	0xa0u		/* nests in the soft line's handler */
#define PRIO_TIMER1	0xc0u
#define PRIO_TIMER0	0xe0u
#define PRIO_UART	0xe0u
#define PRIO_SOFT	0xf0u

struct stack {
	uint64_t	guard;
	uint8_t		bytes[STACK_BYTES - sizeof(uint64_t)];
} __attribute__((aligned(8)));

static struct stack hardirq_stack, thread_stack, softirq_stack;
uintptr_t armv7m_softirq_stack;

static struct scenario_tally tally = {
	.write = console_put, .label = console_label, .reveal = bootlog_reveal,
};
static struct nvic *nvic;
static int uart_irq = -1, soft_irq = -1, tick_irq = -1, timer0_irq = -1, timer1_irq = -1,
	   fast_irq = -1;
static _Atomic unsigned long ticks;
static uintptr_t nested_tick_sp;

/* --- exceptions --- */

static void fault(void)
{
	uint32_t ipsr;

	__asm__ __volatile__("mrs %0, ipsr" : "=r"(ipsr));
	mps2_printf("genirq: exception %lu (a fault) at the CFSR 0x%lx\n", (unsigned long)ipsr,
		    (unsigned long)armv7m_read(ARMV7M_CFSR));
	mps2_exit(1);
}

/* Every genirq exception (the stack guards: the tick's and the soft line's handlers). */
void armv7m_irq_dispatch(unsigned int exc, void *regs)
{
	if (exc == ARMV7M_EXC_SYSTICK)
		armv7m_systick_handle(regs);
	else
		nvic_handle_exception(nvic, exc, regs);
}

static void reset(void);

#define VEC(f)	((uintptr_t)(f))
/* The table: 16 system exceptions, then the 32 lines. */
__attribute__((section(".vectors"), used))
const uintptr_t mps2_vectors[16 + MPS2_NR_LINES] = {
	[0]	= (uintptr_t)&hardirq_stack + sizeof(hardirq_stack),
	[1]	= VEC(reset),
	[2 ... 14] = VEC(fault),
	[ARMV7M_EXC_SYSTICK] = VEC(armv7m_irq_entry),
	[16 ... 16 + LINE_BARE - 1] = VEC(armv7m_irq_entry),
	[16 + LINE_BARE] = VEC(mps2_bare_handler),
	[16 + LINE_FAST] = VEC(mps2_fast_handler),
	[16 + LINE_SOFT] = VEC(armv7m_irq_entry),
};

/* --- the ticks, the console's input --- */

static irqreturn_t tick(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	atomic_fetch_add(&ticks, 1);
	nested_tick_sp = armv7m_sp();
	(void)mps2_clock();		/* the clock sees each of its wraps */
	return IRQ_HANDLED;
}

static unsigned long tick_count(unsigned int cpu)
{
	(void)cpu;
	return atomic_load(&ticks);
}

static struct rx_ring rx;

static irqreturn_t uart_rx(int irq, void *dev)
{
	int c, n = 0;

	(void)irq;
	(void)dev;
	while ((c = console_getc()) >= 0) {
		rx_ring_put(&rx, (char)c);
		n++;
	}
	return IRQ_RETVAL(n);
}

static int uart_request(void)
{
	return request_irq((unsigned int)uart_irq, uart_rx, 0, "uart0-rx", &rx);
}

static bool wait_for(bool (*done)(void), unsigned int ms)
{
	uint64_t end = mps2_clock() + mps2_ms_to_counts(ms);

	while (!done() && mps2_clock() < end)
		port_cpu_relax();
	return done();
}

/* --- the stacks and the self-interrupt (port_selftest.h) --- */

static void send_soft(unsigned int cpu)
{
	(void)cpu;
	armv7m_write(ARMV7M_STIR, LINE_SOFT);
}

static bool no_smp(void)
{
	return false;
}

static bool within(const struct stack *s, uintptr_t sp)
{
	return sp > (uintptr_t)s->bytes && sp <= (uintptr_t)s + sizeof(*s);
}

static bool on_irq_stack(unsigned int cpu, uintptr_t sp)
{
	(void)cpu;
	return within(&hardirq_stack, sp);
}

static bool on_softirq_stack(unsigned int cpu, uintptr_t sp)
{
	(void)cpu;
	return within(&softirq_stack, sp);
}

static bool guards_ok(unsigned int cpu)
{
	(void)cpu;
	return hardirq_stack.guard == GUARD && softirq_stack.guard == GUARD &&
	       thread_stack.guard == GUARD;
}

static volatile uint64_t *stack_guard(unsigned int cpu, bool softirq)
{
	(void)cpu;
	return softirq ? &softirq_stack.guard : &hardirq_stack.guard;
}

#define STACK_WORDS	(STACK_BYTES / sizeof(uint64_t))
_Static_assert(sizeof(struct stack) == STACK_BYTES, "a stack is STACK_WORDS words");

/* Its guard word included: once Thread mode runs on PSP, before any
 * exception, so MSP holds no frame. */
static void stack_paint(struct stack *s)
{
	genirq_kit_stack_paint((uint64_t *)s, STACK_WORDS, GUARD);
}

static unsigned long hardirq_used(unsigned int cpu)
{
	(void)cpu;
	return genirq_kit_stack_used((const uint64_t *)&hardirq_stack, STACK_WORDS, 1, GUARD);
}

static unsigned long softirq_used(unsigned int cpu)
{
	(void)cpu;
	return genirq_kit_stack_used((const uint64_t *)&softirq_stack, STACK_WORDS, 1, GUARD);
}

static void show_stacks(struct irq_text *t)
{
	genirq_kit_show_stacks(t, hardirq_used, softirq_used, STACK_BYTES);
}

static uint64_t clock_counts(unsigned int ms)
{
	return mps2_ms_to_counts(ms);
}

static const struct port_selftest selftest = {
	.tally = &tally, .now = mps2_clock, .counts = clock_counts, .clock = "the dual timer",
	.hz = HZ, .ticks = tick_count, .tick_fail = "SysTick ticks", .tick_pass = "SysTick ticks",
	.nested_tick = "SysTick", .sp = armv7m_sp, .nested_tick_sp = &nested_tick_sp,
	.on_irq_stack = on_irq_stack, .on_softirq_stack = on_softirq_stack,
	.guards_ok = guards_ok, .send_ipi = send_soft, .smp_ipi = no_smp,
	.rx = &rx, .wait_for = wait_for, .rx_held = console_rx_held,
};

/*
 * An overwritten guard word is fatal: a stack overflowed. Compared in the
 * tick's handler and the self-interrupt's (after its handler, before its
 * softirqs), not on every exception: the bench's line pays nothing for it.
 */
static void check_guards(void)
{
	if (irq_unlikely(hardirq_stack.guard != GUARD))
		mps2_fail("irq stack overflow");
	if (irq_unlikely(softirq_stack.guard != GUARD))
		mps2_fail("softirq stack overflow");
	if (irq_unlikely(thread_stack.guard != GUARD))
		mps2_fail("thread stack overflow");
}

/* --- scenarios --- */

static irqreturn_t tick_checked(int irq, void *dev)
{
	check_guards();
	return tick(irq, dev);
}

static irqreturn_t soft_checked(int irq, void *dev)
{
	irqreturn_t ret = port_selftest_ipi(irq, dev);

	check_guards();
	return ret;
}

static void scenario_boot(void)
{
	if (uart_irq < 0 || soft_irq < 0 || tick_irq < 0 || timer0_irq < 0 || timer1_irq < 0 ||
	    fast_irq < 0)
		scenario_fail(&tally, "boot", "lines: uart %d, soft %d, SysTick %d, timers %d %d, "
			      "fast %d", uart_irq, soft_irq, tick_irq, timer0_irq, timer1_irq, fast_irq);
	else
		scenario_pass(&tally, "boot", "NVIC: %u lines, %u priority bits, BASEPRI 0x%x "
			      "(kernel level %u); UART0 RX line %u->irq %d, SysTick->irq %d, "
			      "1 CPU (Cortex-M3, CPUID 0x%lx)", MPS2_NR_LINES, nvic_prio_bits(nvic),
			      GENIRQ_ARMV7M_BASEPRI, irq_kernel_priority(), LINE_UART0_RX, uart_irq,
			      tick_irq, (unsigned long)armv7m_read(ARMV7M_CPUID));
}

/* Device 1, the UART's transmit interrupt: free of handlers, a byte sent raises it. */
static int autoprobe(unsigned int dev)
{
	unsigned long mask;
	int found;

	if (dev != 1)
		return -ENODEV;
	mask = probe_irq_on();
	console_tx_irq(true);
	console_tx_kick();
	port_delay_us(2000);
	found = probe_irq_off(mask);
	console_tx_irq(false);
	console_tx_clear();
	return found;
}

static void scenario_autoprobe(void)
{
	int found, want;

	if (!SCENARIO_NEEDS(&tally, "autoprobe", GENIRQ_AUTOPROBE))
		return;
	found = autoprobe(1);
	want = irq_find_mapping(nvic_domain(nvic), LINE_UART0_TX);

	if (found <= 0 || found != want)
		scenario_fail(&tally, "autoprobe", "UART0 TX: probe_irq_off gave %d, its line is %d",
			      found, want);
	else
		scenario_pass(&tally, "autoprobe", "UART0 TX interrupt found on irq %d (NVIC line %u)",
			      found, LINE_UART0_TX);
}

static void skips(void)
{
	static const char *const absent[][2] = {
		{ "spurious-vector", "the NVIC vectors each line to its own entry: no spurious "
				     "vector to provoke" },
		{ "ipi-pingpong", "uniprocessor machine" },
		{ "msi", "no MSI on mps2-an385" },
		{ "msix-spread", "no MSI-X on mps2-an385" },
	};

	for (unsigned int i = 0; i < GENIRQ_ARRAY_SIZE(absent); i++)
		scenario_skip(&tally, absent[i][0], "%s", absent[i][1]);
}

static unsigned int rx_count(void)
{
	unsigned int n = 0;

	while (rx_ring_peek(&rx, n) >= 0)
		n++;
	return n;
}

/* replay-after-enable, then uart-rx-echo on the same input. */
static void scenario_input(void)
{
	struct port_replay r;
	bool first;

	port_selftest_replay((unsigned int)uart_irq, &r);
	first = rx_ring_peek(&rx, 0) == PORT_SELFTEST_LINE[0];
	if (r.during != 0 || r.after < 1 || !first)
		scenario_fail(&tally, "replay-after-enable", "%lu events while disabled, %lu in "
			      "enable_irq (want 1 or more), first byte %s", r.during, r.after,
			      first ? "there" : "missing");
	else
		scenario_pass(&tally, "replay-after-enable", "input held back while disabled "
			      "(0 events); enable_irq delivered it at once, %lu event(s), %u byte(s) "
			      "in the ring after them", r.after, rx_count());
	port_selftest_rx_echo("through UART0's receive interrupt", (unsigned int)uart_irq, r.before);
}

static void line_scenarios(struct scenario_tally *t)
{
	mps2_priority_scenarios(t, nvic, timer0_irq, timer1_irq, fast_irq);
}

static void scenarios(void)
{
	line_scenarios(&tally);
	scenario_autoprobe();
	mps2_overflow_scenarios(&tally, nvic, tick_count);
	skips();
	pm_scenario_raise(&tally, uart_irq, NULL);	/* the NVIC's set-pending register */
	pm_scenario_suspend(&tally, &shell_port_machine, NULL);
	scenario_skip(&tally, "nmi", "the NVIC's NMI exception is not a genirq line here; a line "
		      "above BASEPRI (zero-latency) is this port's unmaskable kind: nmi lines are "
		      "refused on the NVIC (no IRQCHIP_SUPPORTS_NMI)");
}

/* --- the shell --- */

void mps2_idle(bool (*busy)(void))
{
	irq_threads_run();
	if (!irq_threads_pending())
		armv7m_idle(busy);
}

static struct shell_port shell_glue = {
	.clock = "the dual timer", .autoprobe = autoprobe, .stacks = show_stacks, .send_ipi = send_soft,
	.ticks = tick_count, .idle = mps2_idle, .fail = mps2_fail, .power_off = mps2_power_off,
	.hz = HZ, .ipis = &port_selftest_ipis, .nr_cpus = 1,
};

static const struct shell_cmd port_cmds[] = {
	{ "ipi",	NULL,	shell_port_ipi },	/* ipi 0: the self-interrupt, counted */
};

static const struct guard_smash smash = {
	.write		= console_put,
	.guard		= stack_guard,
	.interrupt	= port_selftest_self_ipi_run,
	.wait_tick	= port_selftest_wait_tick,
	.fail		= mps2_fail,
};

static void bench(struct scenario_tally *t)
{
	mps2_bench(t, soft_irq);
}

static const char *const waits[] = { "replay-after-enable", "uart-rx-echo" };

static struct port_boot boot = {
	.tally = &tally, .bench = bench, .line_scenarios = line_scenarios, .scenarios = scenarios,
	.harness_scenarios = scenario_input, .waits = waits, .nr_waits = GENIRQ_ARRAY_SIZE(waits),
	.no_harness = "no harness to type", .mustfail = true, .fatal_verdict = true,
	.verdict_note = "", .smash = &smash, .shell = &shell_glue,
	.cmds = port_cmds, .nr_cmds = GENIRQ_ARRAY_SIZE(port_cmds), .rx = &rx,
};

/* --- boot --- */

/* A level as the NVIC's: the byte's implemented top bits. */
static unsigned int level(unsigned int byte)
{
	return byte >> (8u - nvic_prio_bits(nvic));
}

static int map_line(unsigned int line, unsigned int byte)
{
	int irq = nvic_map(nvic, line);

	if (irq >= 0 && irq_set_priority((unsigned int)irq, level(byte)) < 0)
		return -EINVAL;
	return irq;
}

static void setup_interrupts(void)
{
	if (irq_core_init(NR_IRQS) < 0)
		mps2_fail("irq_core_init");
	irq_proc_set_show_level(true);	/* "33 Level", as this architecture's Linux */
	irq_cpu_set_online(0, true);
	nvic = nvic_create(NVIC_SCS_BASE, MPS2_NR_LINES);
	if (!nvic)
		mps2_fail("nvic_create");
	irq_set_kernel_priority(level(GENIRQ_ARMV7M_BASEPRI));
	port_selftest_init(&selftest);
	tick_irq = armv7m_systick_init(MPS2_CLOCK_HZ / HZ - 1u);
	uart_irq = map_line(LINE_UART0_RX, PRIO_UART);
	soft_irq = map_line(LINE_SOFT, PRIO_SOFT);
	timer0_irq = map_line(LINE_TIMER0, PRIO_TIMER0);
	timer1_irq = map_line(LINE_TIMER1, PRIO_TIMER1);
	fast_irq = map_line(LINE_FAST, PRIO_FAST);
	if (map_line(LINE_UART0_TX, PRIO_UART) < 0)	/* autoprobe's, never requested */
		mps2_fail("nvic_map");
	if (tick_irq < 0 || irq_set_priority((unsigned int)tick_irq, level(PRIO_TICK)) < 0 ||
	    request_irq((unsigned int)tick_irq, tick_checked, IRQF_PERCPU, "SysTick", &ticks) < 0 ||
	    soft_irq < 0 ||
	    request_irq((unsigned int)soft_irq, soft_checked, 0, "soft", &tally) < 0 ||
	    uart_irq < 0 || uart_request() < 0)
		mps2_fail("request_irq");
}

int mps2_timer1_irq(void)
{
	return timer1_irq;
}

static void start(void)
{
	stack_paint(&hardirq_stack);
	stack_paint(&softirq_stack);
	boot.bootargs = mps2_cmdline();
	tally.quiet = !scenario_contains(boot.bootargs, "harness");
	if (scenario_contains(boot.bootargs, "rx-gap"))
		console_rx_gap(RX_GAP_US);
	mps2_printf("%s", BANNER);
	bootlog_begin(bootlog_hides(boot.bootargs, tally.quiet), console_put);
	if (!tally.quiet)
		mps2_printf("genirq armv7m mps2-an385: 1 CPU, %u Hz, bootargs '%s'\n",
			    MPS2_CLOCK_HZ, boot.bootargs);
	mps2_clock_init();
	setup_interrupts();
	__asm__ __volatile__("cpsie i" ::: "memory");
	port_irq_enable();
	scenario_boot();
	mps2_wake_timer_setup();
	port_boot_run(&boot);
}

extern uint32_t __data_load[], __data_start[], __data_end[], __bss_start[], __bss_end[];

static void reset(void)
{
	uint32_t *src = __data_load;

	for (uint32_t *p = __data_start; p < __data_end; p++)
		*p = *src++;
	for (uint32_t *p = __bss_start; p < __bss_end; p++)
		*p = 0;
	armv7m_write(ARMV7M_VTOR, (uint32_t)(uintptr_t)mps2_vectors);
	port_irq_disable();
	hardirq_stack.guard = thread_stack.guard = softirq_stack.guard = GUARD;
	armv7m_softirq_stack = (uintptr_t)&softirq_stack + sizeof(softirq_stack);
	console_init();
	armv7m_start_thread((uintptr_t)&thread_stack + sizeof(thread_stack), start);
}

unsigned int port_nr_cpus(void)
{
	return 1;
}

void port_console_write(const char *text, size_t len)
{
	console_put(text, len);
}

// SPDX-License-Identifier: MIT
/*
 * port.c - the port contract (<genirq/port.h>) on e500v2, plus the
 * console, the per-CPU stacks and the ways out of QEMU.
 *
 * Exits: QEMU ends with status 0 on a GPIO power-off, which a crash can
 * also give, so 0 never means PASS. The PASS exit is the pvpanic-pci
 * device (run with -action panic=exit-failure: status 1), reached only
 * after the scenario summary shows no failure; every failure powers off
 * (status 0) after a "KERNEL FAIL" line.
 */
#include <stdatomic.h>
#include <genirq/interrupt.h>
#include <genirq/port.h>
#include <genirq/proc.h>
#include <genirq/spinlock.h>

#include "ppc.h"

#define GPIO_BASE	(CCSR_EA + 0xff000)	/* pin 0 is QEMU's power-off */
#define GPIO_GPDIR	0x00
#define GPIO_GPDAT	0x08
#define PVPANIC_PANICKED 1

#define UART_THR	0
#define UART_LSR	5
#define UART_LSR_THRE	0x20

/* Interrupt stacks: guard words at the low end catch an overflow. */
#define IRQ_STACK_BYTES		8192
#define STACK_GUARD_WORDS	8
#define STACK_GUARD		0x57ac6e9du

static uint32_t irq_stacks[PPC_MAX_CPUS][2][IRQ_STACK_BYTES / 4] __attribute__((aligned(16)));
static unsigned int nr_cpus = 1;
static struct irq_spinlock console_lock = IRQ_SPINLOCK_INIT;
static atomic_bool console_locked_out;
uintptr_t ppc_pvpanic_bar;

/* --- local interrupts: MSR[EE] --- */

unsigned long port_irq_save(void)
{
	unsigned long msr;

	__asm__ __volatile__("mfmsr %0; wrteei 0" : "=r"(msr) :: "memory");
	return msr & MSR_EE;
}

void port_irq_restore(unsigned long flags)
{
	__asm__ __volatile__("wrtee %0" :: "r"(flags) : "memory");
}

void port_irq_enable(void)
{
	port_irq_enable_fast();
}

void port_irq_disable(void)
{
	port_irq_disable_fast();
}

bool port_irqs_disabled(void)
{
	unsigned long msr;

	__asm__ __volatile__("mfmsr %0" : "=r"(msr));
	return !(msr & MSR_EE);
}

/*
 * Doze until the next interrupt (`wait` is illegal on e500v2): MSR[WE]
 * with HID0[DOZE] halts the core; EE goes on in the same mtmsr, so an
 * interrupt already pending wakes it at once, and the exception return
 * clears WE (boot.S). Call with interrupts off; returns with them on.
 * A woken interrupt thread is found with interrupts still off and run
 * instead of the doze: the caller's loop comes back to doze after it.
 */
void ppc_idle(void)
{
	unsigned long msr;

	if (irq_threads_pending()) {
		port_irq_enable();
		irq_threads_run();
		return;
	}

	mtspr(SPRN_HID0, mfspr(SPRN_HID0) | HID0_DOZE);
	__asm__ __volatile__("mfmsr %0" : "=r"(msr));
	__asm__ __volatile__("sync; mtmsr %0; isync" :: "r"(msr | MSR_WE | MSR_EE) : "memory");
}

/* --- CPUs and time --- */

unsigned int port_cpu_id(void)
{
	return port_cpu_id_fast();
}

unsigned int port_nr_cpus(void)
{
	return nr_cpus;
}

void ppc_set_nr_cpus(unsigned int n)
{
	nr_cpus = n < 1 ? 1 : n > PPC_MAX_CPUS ? PPC_MAX_CPUS : n;
}

uint64_t ppc_timebase(void)
{
	uint32_t hi, lo, again;

	do {
		hi = mfspr(SPRN_TBU_R);
		lo = mfspr(SPRN_TBL_R);
		again = mfspr(SPRN_TBU_R);
	} while (hi != again);
	return ((uint64_t)hi << 32) | lo;
}

uint64_t port_time_ns(void)
{
	return ppc_timebase() * 5u / 2u;	/* 400 MHz: 2.5 ns per tick */
}

uint64_t port_cycles(void)
{
	return ppc_timebase();
}

void port_delay_us(unsigned long us)
{
	uint64_t end = ppc_timebase() + (uint64_t)us * (TB_HZ / 1000000u);

	while (ppc_timebase() < end)
		;
}

/* --- console: UART0 --- */

void uart_putc(uintptr_t base, char c)
{
	while (!(mmio_read8(base + UART_LSR) & UART_LSR_THRE))
		;
	mmio_write8(base + UART_THR, (uint8_t)c);
}

static const char *volatile label;	/* each line's prefix, or NULL */
static bool line_start = true;

void console_label(const char *prefix)
{
	label = prefix;
}

static void console_raw(const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		for (const char *p = line_start ? label : NULL; p && *p; p++)
			uart_putc(UART0_BASE, *p);
		line_start = text[i] == '\n';
		if (text[i] == '\n')
			uart_putc(UART0_BASE, '\r');
		uart_putc(UART0_BASE, text[i]);
	}
}

static char *tap_buf;
static unsigned int tap_size, tap_len;

void ppc_console_tap(char *buf, unsigned int size)
{
	unsigned long flags = irq_spin_lock_irqsave(&console_lock);

	tap_buf = buf;
	tap_size = size;
	tap_len = 0;
	irq_spin_unlock_irqrestore(&console_lock, flags);
}

unsigned int ppc_console_tapped(void)
{
	return tap_len;
}

void port_console_write(const char *text, size_t len)
{
	unsigned long flags;

	if (atomic_load(&console_locked_out)) {	/* dying: no lock */
		console_raw(text, len);
		return;
	}
	flags = irq_spin_lock_irqsave(&console_lock);
	console_raw(text, len);
	for (size_t i = 0; tap_buf && i < len && tap_len + 1 < tap_size; i++) {
		tap_buf[tap_len++] = text[i];
		tap_buf[tap_len] = '\0';
	}
	irq_spin_unlock_irqrestore(&console_lock, flags);
}

/* --- per-CPU interrupt stacks --- */

/* Paint the whole stack: the guard words, and a high-water mark above them. */
void ppc_stacks_init(unsigned int cpu)
{
	for (int w = 0; w < 2; w++)
		for (unsigned int i = 0; i < IRQ_STACK_BYTES / 4; i++)
			irq_stacks[cpu][w][i] = STACK_GUARD;
	ppc_hardirq[cpu].start = (uint32_t)(uintptr_t)ppc_stack_top(cpu, PPC_STACK_HARDIRQ);
	ppc_hardirq[cpu].busy = false;
}

/* Deepest use of a stack so far, in bytes: the paint still untouched. */
static unsigned int stack_used(unsigned int cpu, int which)
{
	unsigned int i = STACK_GUARD_WORDS;

	while (i < IRQ_STACK_BYTES / 4 && irq_stacks[cpu][which][i] == STACK_GUARD)
		i++;
	return IRQ_STACK_BYTES - 4 * i;
}

static unsigned long hardirq_used(unsigned int cpu)
{
	return stack_used(cpu, PPC_STACK_HARDIRQ);
}

static unsigned long softirq_used(unsigned int cpu)
{
	return stack_used(cpu, PPC_STACK_SOFTIRQ);
}

/* The shell's `stacks`: how deep each CPU's interrupt stacks have been. */
void ppc_show_stacks(struct irq_text *t)
{
	char what[48];

	irq_snprintf(what, sizeof(what), "hardirq stack high-water (bytes of %u)", IRQ_STACK_BYTES);
	irq_proc_row(t, "HSK", hardirq_used, what);
	irq_snprintf(what, sizeof(what), "softirq stack high-water (bytes of %u)", IRQ_STACK_BYTES);
	irq_proc_row(t, "SSK", softirq_used, what);
}

void *ppc_stack_top(unsigned int cpu, int which)
{
	return &irq_stacks[cpu][which][IRQ_STACK_BYTES / 4];
}

struct ppc_hardirq_entry ppc_hardirq[PPC_MAX_CPUS];

bool ppc_on_stack(unsigned int cpu, int which, uint32_t sp)
{
	uint32_t lo = (uint32_t)(uintptr_t)&irq_stacks[cpu][which][0];

	return sp > lo && sp <= lo + IRQ_STACK_BYTES;
}

bool ppc_above_guard(unsigned int cpu, int which, uint32_t sp)
{
	uint32_t above_guard = (uint32_t)(uintptr_t)&irq_stacks[cpu][which][STACK_GUARD_WORDS];

	return ppc_on_stack(cpu, which, sp) && sp >= above_guard;
}

uint32_t ppc_stack_room(unsigned int cpu, int which, uint32_t sp)
{
	uint32_t above_guard = (uint32_t)(uintptr_t)&irq_stacks[cpu][which][STACK_GUARD_WORDS];

	return ppc_above_guard(cpu, which, sp) ? sp - above_guard : 0;
}

bool ppc_stack_guards_ok(unsigned int cpu)
{
	for (int w = 0; w < 2; w++)
		for (unsigned int i = 0; i < STACK_GUARD_WORDS; i++)
			if (irq_stacks[cpu][w][i] != STACK_GUARD)
				return false;
	return true;
}

static void softirq_trampoline(void *fn)
{
	((void (*)(void))fn)();
}

/* Interrupts are off here (irq_exit, do_softirq). */
void port_softirq_on_stack(void (*fn)(void))
{
	unsigned int cpu = port_cpu_id();
	struct ppc_hardirq_entry *h = &ppc_hardirq[cpu], saved = *h;
	uint32_t sp = ppc_sp();

	if (ppc_on_stack(cpu, PPC_STACK_SOFTIRQ, sp)) {
		fn();
		return;
	}
	if (ppc_on_stack(cpu, PPC_STACK_HARDIRQ, sp))
		h->start = sp & ~15u;
	h->busy = false;
	ppc_call_on_stack((void *)fn, softirq_trampoline, ppc_stack_top(cpu, PPC_STACK_SOFTIRQ));
	*h = saved;
}

/* --- ways out --- */

void ppc_poweroff(void)
{
	port_irq_disable();
	mmio_write32(GPIO_BASE + GPIO_GPDIR, 0x80000000u);
	mmio_write32(GPIO_BASE + GPIO_GPDAT, 0x80000000u);
	for (;;)
		;
}

void ppc_console_emergency(void)
{
	atomic_store(&console_locked_out, true);
}

void ppc_fail(const char *why)
{
	size_t n = 0;

	port_irq_disable();
	ppc_console_emergency();
	while (why[n])
		n++;
	console_raw("KERNEL FAIL: ", 13);
	console_raw(why, n);
	console_raw("\n", 1);
	ppc_poweroff();
}

void ppc_pass_exit(void)
{
	port_irq_disable();
	console_raw("KERNEL PASS\n", 12);
	if (ppc_pvpanic_bar)
		mmio_write8(ppc_pvpanic_bar, PVPANIC_PANICKED);
	ppc_poweroff();
}

// SPDX-License-Identifier: MIT
/*
 * console.c - the ppce500 demo kernel's console (UART0), its part of the
 * port contract (CPU count, console, fatal reports) and the ways out of
 * QEMU.
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

#include "bootlog.h"
#include "ppce500.h"

#define GPIO_BASE	(CCSR_EA + 0xff000)	/* pin 0 is QEMU's power-off */
#define GPIO_GPDIR	0x00
#define GPIO_GPDAT	0x08
#define PVPANIC_PANICKED 1

#define UART_THR	0
#define UART_LSR	5
#define UART_LSR_THRE	0x20

static unsigned int nr_cpus = 1;
static struct irq_spinlock console_lock = IRQ_SPINLOCK_INIT;
static atomic_bool console_locked_out;
uintptr_t ppc_pvpanic_bar;

/* --- CPUs --- */

unsigned int port_nr_cpus(void)
{
	return nr_cpus;
}

void ppc_set_nr_cpus(unsigned int n)
{
	nr_cpus = n < 1 ? 1 : n > PPC_MAX_CPUS ? PPC_MAX_CPUS : n;
}

/* --- console: UART0 --- */

void uart_putc(uintptr_t base, char c)
{
	while (!(ppc_mmio_read8(base + UART_LSR) & UART_LSR_THRE))
		;
	ppc_mmio_write8(base + UART_THR, (uint8_t)c);
}

static const char *volatile label;	/* each line's prefix, or NULL */
static bool line_start = true;

void console_label(const char *prefix)
{
	label = prefix;
}

/* One byte of the console's output: kept in the boot's log, maybe shown. */
static void out(char c)
{
	if (bootlog_write(&c, 1))
		uart_putc(UART0_BASE, c);
}

static void console_raw(const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		for (const char *p = line_start ? label : NULL; p && *p; p++)
			out(*p);
		line_start = text[i] == '\n';
		if (text[i] == '\n')
			out('\r');
		out(text[i]);
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

/* --- ways out --- */

void ppc_poweroff(void)
{
	port_irq_disable();
	ppc_mmio_write32(GPIO_BASE + GPIO_GPDIR, 0x80000000u);
	ppc_mmio_write32(GPIO_BASE + GPIO_GPDAT, 0x80000000u);
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
	bootlog_fatal(console_raw);
	while (why[n])
		n++;
	console_raw("KERNEL FAIL: ", 13);
	console_raw(why, n);
	console_raw("\n", 1);
	ppc_poweroff();
}

void ppc_pass_exit(bool marker)
{
	port_irq_disable();
	if (marker)
		console_raw("KERNEL PASS\n", 12);
	if (ppc_pvpanic_bar)
		ppc_mmio_write8(ppc_pvpanic_bar, PVPANIC_PANICKED);
	ppc_poweroff();
}

/* A broken rule of the core, or the port kit's stack found overrun. */
void port_assert_failed(const char *what, const char *file, int line)
{
	(void)file;
	(void)line;
	ppc_fail(what);
}

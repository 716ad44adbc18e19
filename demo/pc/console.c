// SPDX-License-Identifier: MIT
/*
 * console.c - the x86 ports' console: COM1 at 115200 8N1, written by
 * polling (no interrupts, so it works before the core is up and from any
 * context); what the core logs can also be copied to a buffer, and each
 * line can be given a prefix (tests).
 */
#include <genirq/port.h>
#include <genirq/spinlock.h>

#include "bootlog.h"
#include "pc.h"

#define THR		0	/* transmit holding (DLAB 0) / divisor low (DLAB 1) */
#define IER		1
#define FCR		2
#define LCR		3
#define MCR		4
#define LSR		5
#define LSR_THRE	0x20
#define LCR_DLAB	0x80
#define LCR_8N1		0x03
#define FCR_ENABLE_CLEAR 0x07
#define MCR_DTR_RTS_OUT2 0x0B	/* OUT2 gates the IRQ on real PCs */

static struct irq_spinlock out_lock = IRQ_SPINLOCK_INIT;
static const char *volatile label;	/* each line's prefix, or NULL */
static bool line_start = true;		/* under out_lock */
static struct {
	char	*buf;
	size_t	size, len;
} tap;

void x86_console_init(void)
{
	outb(COM1_BASE + IER, 0);
	outb(COM1_BASE + LCR, LCR_DLAB);
	outb(COM1_BASE + THR, 1);		/* divisor 1: 115200 baud */
	outb(COM1_BASE + IER, 0);
	outb(COM1_BASE + LCR, LCR_8N1);
	outb(COM1_BASE + FCR, FCR_ENABLE_CLEAR);
	outb(COM1_BASE + MCR, MCR_DTR_RTS_OUT2);
}

static void putc_polled(char c)
{
	while (!(inb(COM1_BASE + LSR) & LSR_THRE))
		port_cpu_relax();
	outb(COM1_BASE + THR, (uint8_t)c);
}

/* One byte of the console's output: kept in the boot's log, maybe shown. */
static void out(char c)
{
	if (bootlog_write(&c, 1))
		putc_polled(c);
}

void x86_console_write(const char *s, size_t len)
{
	unsigned long flags = irq_spin_lock_irqsave(&out_lock);

	for (size_t i = 0; i < len; i++) {
		for (const char *p = line_start ? label : NULL; p && *p; p++)
			out(*p);
		line_start = s[i] == '\n';
		if (s[i] == '\n')
			out('\r');
		out(s[i]);
	}
	irq_spin_unlock_irqrestore(&out_lock, flags);
}

/* The dying kernel's output: no lock (its CPU may hold it). */
static void write_unlocked(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\n')
			out('\r');
		out(s[i]);
	}
}

void x86_console_fatal(void)
{
	bootlog_fatal(write_unlocked);
}

void console_label(const char *prefix)
{
	label = prefix;
}

void port_console_write(const char *text, size_t len)
{
	unsigned long flags = port_irq_save();

	for (size_t i = 0; tap.buf && i < len && tap.len + 1 < tap.size; i++)
		tap.buf[tap.len++] = text[i];
	if (tap.buf)
		tap.buf[tap.len] = '\0';
	port_irq_restore(flags);
	x86_console_write(text, len);
}

void x86_console_tap(char *buf, size_t size)
{
	unsigned long flags = port_irq_save();

	tap.buf = size ? buf : NULL;
	tap.size = size;
	tap.len = 0;
	if (tap.buf)
		buf[0] = '\0';
	port_irq_restore(flags);
}

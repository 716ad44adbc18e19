// SPDX-License-Identifier: MIT
/*
 * console.c - the mps2 kernel's console on CMSDK UART0, its command line
 * and exits through semihosting (docs/armv7m.md).
 *
 * Output is polled; input comes only through the receive interrupt (main.c).
 * RX and its interrupt are enabled in one write: a byte received with RX
 * on and its interrupt off never interrupts later, and blocks the rest.
 */
#include <stdarg.h>
#include <genirq/compat.h>
#include <genirq/port.h>
#include <genirq/proc.h>
#include <genirq/spinlock.h>

#include "bootlog.h"
#include "mps2.h"

#define DATA		0x00u
#define STATE		0x04u
#define CTRL		0x08u
#define INTSTATUS	0x0cu		/* write: INTCLEAR */
#define BAUDDIV		0x10u
#define STATE_TXFULL	(1u << 0)
#define STATE_RXFULL	(1u << 1)
#define CTRL_TXEN	(1u << 0)
#define CTRL_RXEN	(1u << 1)
#define CTRL_TXINTEN	(1u << 2)
#define CTRL_RXINTEN	(1u << 3)
#define INT_TX		(1u << 0)
#define INT_RX		(1u << 1)

#define SYS_GET_CMDLINE		0x15u
#define SYS_EXIT_EXTENDED	0x20u
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u
#define EXIT_PASS_STATUS	33
#define EXIT_FAILURE_STATUS	1

static inline uint32_t rd(uint32_t off)
{
	return armv7m_read(UART0_BASE + off);
}

static inline void wr(uint32_t off, uint32_t v)
{
	armv7m_write(UART0_BASE + off, v);
}

void console_init(void)
{
	wr(BAUDDIV, 16);
	wr(CTRL, CTRL_TXEN | CTRL_RXEN | CTRL_RXINTEN);
}

static struct irq_spinlock console_lock = IRQ_SPINLOCK_INIT;
static const char *volatile label;	/* each line's prefix, or NULL */
static bool line_start = true;		/* under console_lock */

static void putc_device(char c)
{
	while (rd(STATE) & STATE_TXFULL)
		;
	wr(DATA, (uint8_t)c);
}

static void putc_raw(char c)
{
	if (bootlog_write(&c, 1))	/* else kept in the boot's log only */
		putc_device(c);
}

void console_tx_kick(void)
{
	putc_device('\r');
}

void console_label(const char *prefix)
{
	label = prefix;
}

void console_put(const char *text, size_t len)
{
	unsigned long flags = irq_spin_lock_irqsave(&console_lock);
	const char *prefix = label;

	for (size_t i = 0; i < len; i++) {
		if (line_start && prefix)
			for (const char *p = prefix; *p; p++)
				putc_raw(*p);
		if (text[i] == '\n')
			putc_raw('\r');
		putc_raw(text[i]);
		line_start = text[i] == '\n';
	}
	irq_spin_unlock_irqrestore(&console_lock, flags);
}

void mps2_printf(const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = irq_vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(buf) - 1)
		n = (int)sizeof(buf) - 1;
	if (n > 0)
		console_put(buf, (size_t)n);
}

static unsigned int rx_gap_us;		/* "rx-gap": console_rx_gap() */

void console_rx_gap(unsigned int us)
{
	rx_gap_us = us;
}

/*
 * A received byte, or -1 once the holding register is empty and its
 * interrupt cleared. INTSTATUS.RX is a latch the UART sets when a byte
 * arrives (reading DATA leaves it set), so STATE is read again after the
 * clear: a byte that arrived between the first look and the clear has
 * lost its latch and is taken here. Without that second look it stayed
 * in the holding register with no interrupt, and the UART takes no other
 * byte while RXFULL is set: the input stalled for good (the shell stopped
 * at "he" in a harness run on a loaded host). A byte after the clear sets
 * the latch again.
 */
int console_getc(void)
{
	if (!(rd(STATE) & STATE_RXFULL)) {
		if (rx_gap_us)
			port_delay_us(rx_gap_us);
		wr(INTSTATUS, INT_RX);
		if (!(rd(STATE) & STATE_RXFULL))
			return -1;
	}
	return (int)(rd(DATA) & 0xffu);
}

bool console_rx_held(void)
{
	return rd(STATE) & STATE_RXFULL;
}

/* The transmit interrupt: autoprobe's line (a byte sent raises it). */
void console_tx_irq(bool on)
{
	wr(CTRL, (rd(CTRL) & ~CTRL_TXINTEN) | (on ? CTRL_TXINTEN : 0));
}

bool console_tx_pending(void)
{
	return rd(INTSTATUS) & INT_TX;
}

void console_tx_clear(void)
{
	wr(INTSTATUS, INT_TX);
}

static uint32_t semihost(uint32_t op, void *arg)
{
	register uint32_t r0 __asm__("r0") = op;
	register void *r1 __asm__("r1") = arg;

	__asm__ __volatile__("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
	return r0;
}

const char *mps2_cmdline(void)
{
	static char line[256];
	static bool read;
	struct { char *buf; uint32_t len; } block = { line, sizeof(line) - 1 };

	if (!read) {
		read = true;
		if (semihost(SYS_GET_CMDLINE, &block) != 0)
			line[0] = '\0';
	}
	return line;
}

void mps2_exit(int status)
{
	uint32_t block[2] = { ADP_STOPPED_APPLICATION_EXIT, (uint32_t)status };

	for (;;)
		semihost(SYS_EXIT_EXTENDED, block);
}

void mps2_power_off(void)
{
	mps2_exit(EXIT_PASS_STATUS);
}

void mps2_fail(const char *why)
{
	bootlog_reveal();
	mps2_printf("genirq: FATAL: %s\n", why);
	mps2_exit(EXIT_FAILURE_STATUS);
}

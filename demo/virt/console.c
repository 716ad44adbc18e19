// SPDX-License-Identifier: MIT
/*
 * console.c - the PL011 UART (polled output, interrupt-driven input),
 * and the way out of QEMU: semihosting SYS_EXIT, whose status QEMU exits
 * with (it runs with -semihosting-config enable=on; docs/aarch64.md):
 * 33 after a pass (never 0: a QEMU that stopped for another reason must
 * not look like one), 1 on a failure.
 */
#include <stdarg.h>
#include <genirq/proc.h>
#include <genirq/spinlock.h>

#include "bootlog.h"
#include "virt.h"

#define UART_DR		0x00
#define UART_FR		0x18
#define UART_IMSC	0x38
#define UART_ICR	0x44
#define FR_RXFE		(1u << 4)
#define FR_TXFF		(1u << 5)
#define INT_RX		(1u << 4)
#define INT_RT		(1u << 6)	/* receive timeout: a byte waits below the FIFO level */
#define ADP_STOPPED_APPLICATION_EXIT	0x20026u
#define EXIT_PASS_STATUS		33	/* aarch64_PASS in port.mk */
#define EXIT_FAILURE_STATUS		1

static inline volatile uint32_t *uart(unsigned int off)
{
	return (volatile uint32_t *)(uintptr_t)(machine.uart + off);
}

static struct irq_spinlock console_lock = IRQ_SPINLOCK_INIT;

static void uart_write(const char *text, size_t len)
{
	if (!bootlog_write(text, len))
		return;		/* kept in the boot's log only */
	for (size_t i = 0; i < len; i++) {
		while (*uart(UART_FR) & FR_TXFF)
			;
		*uart(UART_DR) = (unsigned char)text[i];
	}
}

static const char *volatile label;	/* each line's prefix, or NULL */
static bool line_start = true;		/* under console_lock */

void console_label(const char *prefix)
{
	label = prefix;
}

void console_put(const char *text, size_t len)
{
	unsigned long flags = irq_spin_lock_irqsave(&console_lock);
	const char *prefix = label;

	while (len) {
		size_t n = 0;

		while (n < len && text[n++] != '\n')
			;
		for (size_t i = 0; line_start && prefix && prefix[i]; i++)
			uart_write(&prefix[i], 1);
		uart_write(text, n);
		line_start = text[n - 1] == '\n';
		text += n;
		len -= n;
	}
	irq_spin_unlock_irqrestore(&console_lock, flags);
}

/* The fatal path may have interrupted a holder of the console lock. */
void console_break_lock(void)
{
	irq_spin_unlock(&console_lock);
}

int console_get(char *buf, size_t size)
{
	size_t n = 0;

	while (n < size && !(*uart(UART_FR) & FR_RXFE))
		buf[n++] = (char)*uart(UART_DR);
	return (int)n;
}

bool console_rx_held(void)
{
	return !(*uart(UART_FR) & FR_RXFE);
}

void console_rx_irq_enable(void)
{
	*uart(UART_ICR) = INT_RX | INT_RT;
	*uart(UART_IMSC) = INT_RX | INT_RT;
}

void aarch64_printf(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = irq_vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(buf) - 1)
		n = (int)sizeof(buf) - 1;
	console_put(buf, (size_t)n);
}

/* The harness believes the status only with the summary and the final
 * marker in the transcript. */
void aarch64_power_off(void)
{
	static const uint64_t block[2] = { ADP_STOPPED_APPLICATION_EXIT, EXIT_PASS_STATUS };

	aarch64_semihost_exit(block);
}

void aarch64_fail(const char *why)
{
	static const uint64_t block[2] = { ADP_STOPPED_APPLICATION_EXIT, EXIT_FAILURE_STATUS };
	size_t n = 0;

	while (why[n])
		n++;
	bootlog_fatal(uart_write);
	uart_write("genirq: FATAL: ", 15);	/* no lock: we may hold it */
	uart_write(why, n);
	uart_write("\n", 1);
	aarch64_semihost_exit(block);
}

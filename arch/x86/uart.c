// SPDX-License-Identifier: MIT
/*
 * uart.c - the 16550 on COM1: polled output (the console), interrupt
 * driven input into a ring that the scenarios and the shell read.
 */
#include <genirq/port.h>
#include <genirq/spinlock.h>

#include "x86.h"

#define RBR	0	/* receive buffer (read) / transmit holding (write) */
#define IER	1
#define IIR	2	/* interrupt identification (read) / FIFO control (write) */
#define LCR	3
#define MCR	4
#define LSR	5

#define IER_RX		0x01
#define IER_THRE	0x02
#define IIR_NONE	0x01
#define LSR_DR		0x01
#define LSR_THRE	0x20
#define LCR_DLAB	0x80
#define LCR_8N1		0x03
#define FCR_ENABLE_CLEAR 0x07	/* FIFOs on and cleared, RX trigger at 1 byte */
#define MCR_DTR_RTS_OUT2 0x0B	/* OUT2 gates the IRQ on real PCs */

#define RING_SIZE	4096u	/* a power of two: a whole 4 KiB shell line fits */

static char ring[RING_SIZE];
static volatile unsigned int head, tail;	/* head: handler; tail: reader */
static struct uart_stats stats;
static struct irq_spinlock out_lock = IRQ_SPINLOCK_INIT;
static uint8_t ier;

static inline void reg_w(unsigned int r, uint8_t v)
{
	outb((uint16_t)(COM1_BASE + r), v);
}

static inline uint8_t reg_r(unsigned int r)
{
	return inb((uint16_t)(COM1_BASE + r));
}

void uart_init(void)
{
	reg_w(IER, 0);
	reg_w(LCR, LCR_DLAB);
	reg_w(RBR, 1);		/* divisor 1: 115200 baud */
	reg_w(IER, 0);
	reg_w(LCR, LCR_8N1);
	reg_w(IIR, FCR_ENABLE_CLEAR);
	reg_w(MCR, MCR_DTR_RTS_OUT2);
}

void uart_putc(char c)
{
	while (!(reg_r(LSR) & LSR_THRE))
		port_cpu_relax();
	reg_w(RBR, (uint8_t)c);
}

void uart_write(const char *s, size_t len)
{
	unsigned long flags = irq_spin_lock_irqsave(&out_lock);

	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\n')
			uart_putc('\r');
		uart_putc(s[i]);
	}
	irq_spin_unlock_irqrestore(&out_lock, flags);
}

static struct {
	char	*buf;
	size_t	size, len;
} tap;

void port_console_write(const char *text, size_t len)
{
	unsigned long flags = port_irq_save();

	for (size_t i = 0; tap.buf && i < len && tap.len + 1 < tap.size; i++)
		tap.buf[tap.len++] = text[i];
	if (tap.buf)
		tap.buf[tap.len] = '\0';
	port_irq_restore(flags);
	uart_write(text, len);
}

void uart_tap(char *buf, size_t size)
{
	unsigned long flags = port_irq_save();

	tap.buf = size ? buf : NULL;
	tap.size = size;
	tap.len = 0;
	if (tap.buf)
		buf[0] = '\0';
	port_irq_restore(flags);
}

static void set_ier(uint8_t v)
{
	ier = v;
	reg_w(IER, v);
}

/* Drain the receiver. A call that finds nothing is a phantom edge: not ours. */
static irqreturn_t uart_irq(int irq, void *dev)
{
	unsigned int n = 0;

	(void)irq;
	(void)dev;
	(void)reg_r(IIR);
	while (reg_r(LSR) & LSR_DR) {
		char c = (char)reg_r(RBR);

		if (n++ == 0)
			stats.last_first = c;
		if (head - tail < RING_SIZE) {
			ring[head % RING_SIZE] = c;
			head++;
		}
	}
	if (n == 0) {
		stats.empty++;
		return IRQ_NONE;
	}
	stats.runs++;
	stats.bytes += n;
	return IRQ_HANDLED;
}

int uart_request(void)
{
	int err = request_irq(COM1_IRQ, uart_irq, IRQF_DISABLED, "serial", &stats);

	if (!err)
		set_ier(IER_RX);
	return err;
}

void uart_release(void)
{
	set_ier(0);
	free_irq(COM1_IRQ, &stats);
}

void uart_thre_irq(bool on)
{
	set_ier(on ? (uint8_t)(ier | IER_THRE) : (uint8_t)(ier & ~IER_THRE));
	if (!on)
		(void)reg_r(IIR);	/* reading IIR clears a THRE event */
}

bool uart_rx_waiting(void)
{
	return (reg_r(LSR) & LSR_DR) != 0;
}

int uart_getc(void)
{
	int c;

	if (tail == head)
		return -1;
	c = (unsigned char)ring[tail % RING_SIZE];
	tail++;
	return c;
}

void uart_get_stats(struct uart_stats *s)
{
	unsigned long flags = port_irq_save();

	*s = stats;
	port_irq_restore(flags);
}

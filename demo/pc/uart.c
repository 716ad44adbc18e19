// SPDX-License-Identifier: MIT
/*
 * uart.c - the 16550s on COM1 and COM2, one driver for both: interrupt
 * driven input into a ring per port that the scenarios and the shell
 * read (the port's console.c writes COM1 by polling).
 */
#include <genirq/port.h>
#include <genirq/compat.h>

#include "demo.h"

#define RBR	0	/* receive buffer (read) / transmit holding (write) */
#define IER	1
#define IIR	2	/* interrupt identification (read) / FIFO control (write) */
#define LCR	3
#define MCR	4
#define LSR	5
#define SCR	7	/* scratch: any byte written reads back (not on an 8250) */

#define IER_RX		0x01
#define IER_THRE	0x02
#define LSR_DR		0x01
#define LSR_OE		0x02	/* overrun: a byte was lost before RBR's */
#define LSR_THRE	0x20
#define LCR_DLAB	0x80
#define LCR_8N1		0x03
#define FCR_ENABLE_CLEAR 0x07	/* FIFOs on and cleared, RX trigger at 1 byte */
#define MCR_DTR_RTS_OUT2 0x0B	/* OUT2 gates the IRQ on real PCs */
#define MCR_LOOP	0x10	/* transmitter wired to the receiver inside the chip */

struct uart com1 = { .base = COM1_BASE, .isa = 4, .name = "COM1", .tty = "ttyS0" };
struct uart com2 = { .base = COM2_BASE, .isa = 3, .name = "COM2", .tty = "ttyS1" };

static inline void reg_w(const struct uart *u, unsigned int r, uint8_t v)
{
	outb((uint16_t)(u->base + r), v);
}

static inline uint8_t reg_r(const struct uart *u, unsigned int r)
{
	return inb((uint16_t)(u->base + r));
}

unsigned int uart_irq_nr(const struct uart *u)
{
	return x86_isa_irq(u->isa);
}

static void hw_init(struct uart *u)
{
	reg_w(u, IER, 0);
	reg_w(u, LCR, LCR_DLAB);
	reg_w(u, RBR, 1);		/* divisor 1: 115200 baud */
	reg_w(u, IER, 0);
	reg_w(u, LCR, LCR_8N1);
	reg_w(u, IIR, FCR_ENABLE_CLEAR);
	reg_w(u, MCR, MCR_DTR_RTS_OUT2);
	u->present = true;
}

/*
 * Nothing decodes an absent port: its reads float to 0xFF. A 16550 has
 * an LSR that never reads 0xFF when idle (bit 7 is a FIFO error flag)
 * and a scratch register that keeps what was written.
 */
bool uart_probe(struct uart *u)
{
	static const uint8_t pattern[] = { 0x55, 0xAA };

	u->present = false;
	if (reg_r(u, LSR) == 0xFF)
		return false;
	for (unsigned int i = 0; i < sizeof(pattern); i++) {
		reg_w(u, SCR, pattern[i]);
		if (reg_r(u, SCR) != pattern[i])
			return false;
	}
	hw_init(u);
	return true;
}

void uart_send(struct uart *u, char c)
{
	while (!(reg_r(u, LSR) & LSR_THRE))
		port_cpu_relax();
	reg_w(u, RBR, (uint8_t)c);
}

static void set_ier(struct uart *u, uint8_t v)
{
	u->ier = v;
	reg_w(u, IER, v);
}

/* Drain the receiver. A call that finds nothing is a phantom edge: not ours. */
static irqreturn_t uart_irq(int irq, void *dev)
{
	struct uart *u = dev;
	unsigned int n = 0;
	uint8_t lsr;

	(void)irq;
	(void)reg_r(u, IIR);
	while ((lsr = reg_r(u, LSR)) & LSR_DR) {
		char c = (char)reg_r(u, RBR);

		if (lsr & LSR_OE)		/* reading LSR cleared it */
			rx_ring_overrun(&u->rx);
		if (n++ == 0)
			u->stats.last_first = c;
		rx_ring_put(&u->rx, c);
	}
	if (n == 0) {
		u->stats.empty++;
		return IRQ_NONE;
	}
	u->stats.runs++;
	u->stats.bytes += n;
	return IRQ_HANDLED;
}

int uart_request(struct uart *u)
{
	int err;

	if (!u->present)
		return -ENODEV;
	err = request_irq(uart_irq_nr(u), uart_irq, IRQF_DISABLED, u->tty, u);
	if (!err)
		set_ier(u, IER_RX);
	return err;
}

void uart_release(struct uart *u)
{
	set_ier(u, 0);
	free_irq(uart_irq_nr(u), u);
}

void uart_thre_irq(struct uart *u, bool on)
{
	set_ier(u, on ? (uint8_t)(u->ier | IER_THRE) : (uint8_t)(u->ier & ~IER_THRE));
	if (!on)
		(void)reg_r(u, IIR);	/* reading IIR clears a THRE event */
}

void uart_loopback(struct uart *u, bool on)
{
	reg_w(u, MCR, on ? MCR_DTR_RTS_OUT2 | MCR_LOOP : MCR_DTR_RTS_OUT2);
}

bool uart_rx_waiting(struct uart *u)
{
	return (reg_r(u, LSR) & LSR_DR) != 0;
}

int uart_getc(struct uart *u)
{
	return rx_ring_get(&u->rx);
}

unsigned long uart_lost(struct uart *u)
{
	return rx_ring_lost(&u->rx);
}

void uart_get_stats(struct uart *u, struct uart_stats *s)
{
	unsigned long flags = port_irq_save();

	*s = u->stats;
	port_irq_restore(flags);
}

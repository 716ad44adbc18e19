/* SPDX-License-Identifier: MIT */
/*
 * demo.h - the pc demo kernel's devices (COM1/COM2 receive, i8042, PCI
 * edu) and its scenario hooks, shared by i386 and x86_64.
 */
#ifndef GENIRQ_DEMO_PC_H
#define GENIRQ_DEMO_PC_H

#include <genirq/interrupt.h>

#include "rxring.h"
#include "pc.h"

/* --- the 16550 UARTs: COM1 (the console, ISA line 4), COM2 (line 3) --- */

#define COM2_BASE	0x2F8
#define COM1_IRQ	uart_irq_nr(&com1)
struct uart_stats {
	unsigned long	runs;		/* handler calls that found data */
	unsigned long	bytes;
	unsigned long	empty;		/* calls that found nothing (phantom edges) */
	char		last_first;	/* first byte of the latest run */
};
struct uart {
	uint16_t		base;
	unsigned int		isa;		/* ISA interrupt line */
	const char		*name;
	const char		*tty;		/* its action's name, as Linux's 8250 names it */
	bool			present;	/* set by uart_init / uart_probe */
	uint8_t			ier;
	struct uart_stats	stats;
	struct rx_ring		rx;		/* what the receive interrupt brought */
};
extern struct uart com1, com2;

bool uart_probe(struct uart *u);	/* present? (LSR, scratch) then set it up */
unsigned int uart_irq_nr(const struct uart *u);	/* the port's interrupt number */
int uart_request(struct uart *u);	/* RX interrupts into the port's ring */
void uart_release(struct uart *u);	/* free the handler, interrupts off at the UART */
void uart_thre_irq(struct uart *u, bool on);	/* make the UART raise THRE (autoprobe) */
void uart_loopback(struct uart *u, bool on);	/* MCR loop: what it sends, it receives */
void uart_send(struct uart *u, char c);	/* one byte out, polled */
bool uart_rx_waiting(struct uart *u);	/* LSR: a byte is in the receiver */
int uart_getc(struct uart *u);		/* from the ring; -1 when empty */
unsigned long uart_lost(struct uart *u);	/* bytes the ring or the UART lost */
void uart_get_stats(struct uart *u, struct uart_stats *s);

/* --- the i8042 keyboard (IRQ 1) --- */

int kbd_request(void);
unsigned long kbd_scancodes(void);

/* --- the QEMU edu PCI devices --- */

#define EDU_MAX		2
struct edu {
	uintptr_t	bar;
	unsigned int	irq;		/* PCI interrupt line (config 0x3C) */
	unsigned int	slot;
	unsigned long	claimed;	/* events this device's handler claimed */
	unsigned long	calls;
};
unsigned int edu_probe(struct edu *devs, unsigned int max);
void edu_raise(struct edu *e, uint32_t bits);
void edu_lower(struct edu *e, uint32_t bits);
uint32_t edu_status(struct edu *e);
irqreturn_t edu_irq(int irq, void *dev);	/* claims its own device's events */
/* The shell's threaded edu drivers: edu_wake() wakes edu_irq() as the thread. */
irqreturn_t edu_wake(int irq, void *dev);
int edu_request_threaded(struct edu *devs, unsigned int nr);

/* --- the shared demo: scenarios and shell --- */

struct scenario_tally;
/* The scenarios that depend on the port's controllers and CPUs:
 * spurious-vector and the SMP ones (scenarios-<isa>.c). */
void x86_port_scenarios(struct scenario_tally *t, struct edu *edus, unsigned int nr_edu);
/* The nmi row (nmi_cmd.h): the port's `nmi`, or why it has none. */
void x86_nmi_scenario(struct scenario_tally *t);
/* For the port's scenarios about the tick itself: wait until @n more PIT
 * ticks have come (interrupts on; a delay is port_delay_us() instead). */
void x86_wait_ticks(unsigned long n);
/* The controller's own mask bit of @irq (8259 IMR, IO-APIC entry): 1, 0. */
int x86_chip_masked(unsigned int irq);
extern const char x86_chip_name[];

/* wake_timer.c: the CMOS RTC's alarm as `suspend timer`'s wake line. */
void pc_wake_timer_setup(void);
/* The port's own shell commands (smp-nmi-x86_64.c: nmi; none on i386). */
struct shell_cmd;
extern const struct shell_cmd *const x86_port_cmds;
extern const unsigned int x86_nr_port_cmds;

#endif /* GENIRQ_DEMO_PC_H */

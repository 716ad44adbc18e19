/* SPDX-License-Identifier: MIT */
/*
 * demo.h - the ppce500 demo kernel's devices, shared by main.c (boot,
 * drivers, shell) and scenarios.c (the boot-time self-tests).
 */
#ifndef GENIRQ_PPC_DEMO_H
#define GENIRQ_PPC_DEMO_H

#include <stdbool.h>
#include <stdint.h>
#include <genirq/chip/mpic.h>

#include "scenario.h"

/* NS16550 registers (byte offsets) and bits. */
#define UART_RBR	0
#define UART_IER	1
#define UART_MCR	4
#define UART_LSR	5
#define UART_SCR	7
#define UART_IER_RDI	0x01
#define UART_MCR_LOOP	0x10	/* loopback: THR feeds RBR, nothing leaves */
#define UART_LSR_DR	0x01
#define UART_LSR_OE	0x02	/* overrun: a byte was lost before RBR's */

/* edu registers (BAR0, 32-bit, native byte order; docs/edu.md). */
#define EDU_ID		0x00
#define EDU_STATUS	0x24
#define EDU_RAISE	0x60
#define EDU_ACK		0x64

/* The MPIC (big-endian registers) and its per-source vector/priority register. */
#define MPIC_EA		(CCSR_EA + 0x40000)
#define MPIC_SRC_VPR(s)	(0x10000u + 0x20u * (s))
#define MPIC_VPR_MSK	0x80000000u

#define UART_SOURCE	42	/* both NS16550s: dt interrupts <0x2a 2> */
#define TICK_HZ		100
#define MPIC_TIMER_HZ	25000000u	/* QEMU's fixed OpenPIC timer clock (TFRR reads 0) */

struct uart {
	const char		*name;
	uintptr_t		base;
	bool			present;
	volatile unsigned long	bytes;		/* received through the interrupt */
	volatile unsigned long	claims;		/* events its handler claimed */
	volatile char		last;
};

struct edu {
	const char		*name;
	uintptr_t		bar;
	unsigned int		slot;		/* on bus 0 */
	unsigned int		source;
	volatile unsigned long	claims;
	volatile uint32_t	last_sp;
	volatile bool		spin_for_tick;	/* irq-stack: wait for a nested tick */
	volatile bool		nested_seen;
	volatile unsigned long	thread_runs;	/* edu-b's thread */
};

struct demo {
	struct mpic		*pic;
	struct irq_domain	*msi_domain;	/* PCI-MSI on the MPIC's MSI bank */
	unsigned int		nr_cpus;
	int			uart_irq, timer_irq, edu_irq, ipi_irq;
	bool			smp_ok;		/* every CPU came online */
	volatile unsigned long	ipi_received[2];
	volatile bool		ipi_echo;	/* CPU 1 answers each IPI */
	struct uart		uart[2];
	struct edu		edu[2];
	unsigned int		nr_edus;
	volatile unsigned long	ticks;
	/* irq-stack and softirq probes, set by scenarios, filled by handlers */
	volatile bool		tick_probe, softirq_probe;
	volatile uint32_t	tick_sp, tick_depth, softirq_sp;
	volatile bool		softirq_ran, softirq_ctx_ok;
	struct scenario_tally	tally;
};

extern struct demo demo;

/* kernel.c */
irqreturn_t edu_handler(int irq, void *dev);
void edu_request(unsigned int i);	/* edu @i's driver on demo.edu_irq */
void edu_raise(struct edu *e, uint32_t bits);
void edu_ack(struct edu *e);
int edu_autoprobe(unsigned int dev);
void uart_set_loopback(struct uart *u, bool on);
void uart_send(struct uart *u, char c);
void wait_tb(uint64_t tb_ticks);
void uart_rx_flush(void);

/* scenarios.c */
/* The ping-pong IPI's reservation (demo.ipi_irq, its base line): before
 * ppc_smp_init(). */
void scenario_ipi_setup(void);
void run_boot_scenarios(void);
/* make trace: the traced workload (traced.h). */
void run_traced_scenarios(void);
struct shell;
void scenario_shell_garbage(struct shell *sh);

/* bench.c: the dispatch cost in instructions (shell command `bench`). */
int cmd_bench(struct shell *s, int argc, char **argv);

#endif /* GENIRQ_PPC_DEMO_H */

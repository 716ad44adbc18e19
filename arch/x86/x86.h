/* SPDX-License-Identifier: MIT */
/*
 * x86.h - what the i386 and x86_64 demo kernels share: port I/O, the
 * machine's devices (PIT, COM1/COM2, PCI edu), and the hooks each port gives
 * the shared demo.
 */
#ifndef GENIRQ_ARCH_X86_H
#define GENIRQ_ARCH_X86_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/interrupt.h>

#include "../../controllers/x86_pio.h"

/* --- port I/O and CPU registers --- */

static inline uint64_t rdtsc(void)
{
	uint32_t lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

/* An address in the caller's frame: which stack we are on. */
#define x86_sp()	((uintptr_t)__builtin_frame_address(0))

static inline void mmio_write32(uintptr_t addr, uint32_t v)
{
	*(volatile uint32_t *)addr = v;
}

static inline uint32_t mmio_read32(uintptr_t addr)
{
	return *(volatile uint32_t *)addr;
}

/* Wait for an interrupt with none lost between the test and the halt. */
static inline void x86_safe_halt(void)
{
	__asm__ __volatile__("sti; hlt" ::: "memory");
}

/* --- exit status through isa-debug-exit (QEMU status = v << 1 | 1) --- */

#define X86_EXIT_PORT	0xF4
#define X86_EXIT_PASS	0x10	/* QEMU status 33 */
#define X86_EXIT_FAIL	0x11	/* 35: a scenario failed */
#define X86_EXIT_TRAP	0x7F	/* 255: CPU exception */

__attribute__((noreturn)) void x86_exit(unsigned int code);

/* --- hooks the port gives the shared demo --- */

/* The global interrupt number of ISA line @isa (the PIT is 0, COM1 4). */
unsigned int x86_isa_irq(unsigned int isa);
/* Does a timer of this CPU's own tick here (x86_64: the local APIC
 * timer; i386: none)? Asked with local interrupts off. */
bool x86_local_timer_ticks(void);
struct scenario_tally;
struct edu;
/* The scenarios that depend on the port's controllers and CPUs:
 * spurious-vector and the SMP ones. */
void x86_port_scenarios(struct scenario_tally *t, struct edu *edus, unsigned int nr_edu);

/* --- interrupt stacks (irqstack.c), per CPU --- */

#define X86_MAX_CPUS	8
#if defined(__x86_64__)
# define X86_SP		"rsp"
#else
# define X86_SP		"esp"
#endif

enum x86_stack { X86_HARDIRQ_STACK, X86_SOFTIRQ_STACK, X86_NR_STACKS };
/* boot.S of each port: call @fn(@arg) with the stack pointer at @sp. */
void x86_call_on_stack(void *arg, void (*fn)(void *), uintptr_t sp);
/* Guard words armed, stacks empty: before @cpu takes interrupts. */
void x86_irq_stacks_init(unsigned int cpu);
/* Interrupt entry: check the guards, run @fn(@arg) on the hardirq stack. */
void x86_irq_on_stack(void (*fn)(void *), void *arg);
/* Count an NMI in this CPU's NMI row. */
void x86_nmi(void);
bool x86_on_stack(enum x86_stack which, uintptr_t sp);
/* The guard word at the bottom of a stack (tests corrupt and restore it). */
volatile uint32_t *x86_stack_guard(enum x86_stack which);
/* Check every guard now; report and count a broken one. Return: broken. */
unsigned int x86_stack_check(void);
unsigned long x86_stack_overflows(void);

/* The kernel command line (Multiboot's text after the kernel path). */
extern const char *x86_cmdline;
bool x86_cmdline_has(const char *word);

/* --- time: the TSC, calibrated against the PIT --- */

void x86_tsc_calibrate(void);
uint64_t x86_tsc_khz(void);
uint64_t x86_tsc_to_ns(uint64_t tsc);
/*
 * Wait a moment for interrupts, without depending on the tick: halt when
 * a timer interrupt is sure to end the hlt (under -icount,sleep=off idle
 * time is then free), else spin once, as when the timer line is disabled
 * (the shell's `disable 0`) or local interrupts are off. Time is measured
 * by the caller on the TSC; port_delay_us() is built on it.
 */
void x86_idle(void);

/* --- PIT channel 0 --- */

#define PIT_HZ		100u
#define PIT_IRQ		x86_isa_irq(0)
void pit_start(void);		/* program PIT_HZ (no interrupt yet) */
int pit_request(void);		/* the tick handler on PIT_IRQ */
unsigned long pit_ticks(void);
/* Called from each timer tick (PIT, local APIC) in hardirq context, for
 * tests; NULL for none. */
extern void (*volatile x86_tick_hook)(void);

/* --- the 16550 UARTs: COM1 (the console, ISA line 4), COM2 (line 3) --- */

#define COM1_BASE	0x3F8
#define COM2_BASE	0x2F8
#define COM1_IRQ	uart_irq_nr(&com1)
#define UART_RING_SIZE	4096u	/* a power of two: a whole 4 KiB shell line fits */
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
	bool			present;	/* set by uart_init / uart_probe */
	uint8_t			ier;
	volatile unsigned int	head, tail;	/* head: handler; tail: reader */
	struct uart_stats	stats;
	char			ring[UART_RING_SIZE];
};
extern struct uart com1, com2;

void uart_init(void);		/* COM1, the console: before anything prints */
bool uart_probe(struct uart *u);	/* present? (LSR, scratch) then set it up */
unsigned int uart_irq_nr(const struct uart *u);	/* the port's interrupt number */
void uart_putc(char c);		/* console output, polled */
void uart_write(const char *s, size_t len);
/* Also copy what the core logs into @buf (NUL-ended); size 0 stops. */
void uart_tap(char *buf, size_t size);
int uart_request(struct uart *u);	/* RX interrupts into the port's ring */
void uart_release(struct uart *u);	/* free the handler, interrupts off at the UART */
void uart_thre_irq(struct uart *u, bool on);	/* make the UART raise THRE (autoprobe) */
void uart_loopback(struct uart *u, bool on);	/* MCR loop: what it sends, it receives */
void uart_send(struct uart *u, char c);	/* one byte out, polled */
bool uart_rx_waiting(struct uart *u);	/* LSR: a byte is in the receiver */
int uart_getc(struct uart *u);		/* from the ring; -1 when empty */
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

/* --- the shared demo: scenarios and shell --- */

/* Run every boot scenario; return 0 when none failed. */
int x86_demo_main(void);
/* For the port's scenarios about the tick itself: wait until @n more PIT
 * ticks have come (interrupts on; a delay is port_delay_us() instead);
 * does @hay contain @needle (the core's log is captured with uart_tap()). */
void x86_wait_ticks(unsigned long n);
bool x86_contains(const char *hay, const char *needle);

#endif /* GENIRQ_ARCH_X86_H */

/* SPDX-License-Identifier: MIT */
/*
 * mps2.h - the mps2-an385 demo kernel's machine (Cortex-M3 on QEMU's
 * mps2-an385, docs/armv7m.md): its devices, their NVIC lines, and what
 * its files share.
 */
#ifndef GENIRQ_DEMO_MPS2_H
#define GENIRQ_DEMO_MPS2_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "armv7m.h"

#define MPS2_CLOCK_HZ	25000000u	/* SYSCLK: the CPU, SysTick, the CMSDK timers */
#define MPS2_NR_LINES	32u		/* the an385's NVIC (ICTR 0) */

#define UART0_BASE	0x40004000u
#define TIMER0_BASE	0x40000000u
#define TIMER1_BASE	0x40001000u
#define DUALTIMER_BASE	0x40002000u

#define LINE_UART0_RX	0u
#define LINE_UART0_TX	1u
#define LINE_TIMER0	8u
#define LINE_TIMER1	9u
#define MPS2_LINE_OVERFLOW 12u	/* UART0-2's overrun interrupts, ORed */
/* Unwired lines, pended in software (STIR): the bench's bare handler, the
 * zero-latency line, the self-interrupt the boot self-tests use as the
 * other ports use a self-IPI. */
#define LINE_BARE	29u
#define LINE_FAST	30u
#define LINE_SOFT	31u

/* The console (console.c). */
void console_init(void);
void console_put(const char *text, size_t len);
void console_label(const char *prefix);
void mps2_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int console_getc(void);
bool console_rx_held(void);
/* The kernel argument "rx-gap" (check-armv7m-rx-gap): console_getc()
 * waits @us between finding the holding register empty and clearing its
 * interrupt, the window in which a byte arriving must not be lost. */
void console_rx_gap(unsigned int us);
void console_tx_irq(bool on);
bool console_tx_pending(void);
void console_tx_clear(void);
/* One byte (a CR: the cursor is at a line's start) to the transmitter,
 * past the boot's log: autoprobe's TX interrupt. */
void console_tx_kick(void);
/* The kernel arguments (semihosting's command line). */
const char *mps2_cmdline(void);
__attribute__((noreturn)) void mps2_exit(int status);
__attribute__((noreturn)) void mps2_power_off(void);
__attribute__((noreturn)) void mps2_fail(const char *why);

/* The clock: the dual timer's first counter, free running (clock.c). */
void mps2_clock_init(void);
uint64_t mps2_clock(void);			/* 25 MHz counts */
uint64_t mps2_ms_to_counts(unsigned int ms);

/* The CMSDK timers. */
void mps2_timer_start(uint32_t base, uint32_t reload);
void mps2_timer_stop(uint32_t base);
/* TIMER1's line (main.c); wake_timer.c: it as `suspend timer`'s wake line. */
int mps2_timer1_irq(void);
void mps2_wake_timer_setup(void);

struct scenario_tally;
struct nvic;
/* nesting and zero-latency (scenarios.c). */
void mps2_priority_scenarios(struct scenario_tally *t, struct nvic *nvic, int timer0, int timer1,
			     int fast);
void mps2_fast_handler(void);
void mps2_bench(struct scenario_tally *t, int soft_irq);
/* autoprobe, shared-line, screaming-line, threaded-oneshot (overflow.c). */
void mps2_overflow_scenarios(struct scenario_tally *t, struct nvic *nvic,
			     unsigned long (*ticks)(unsigned int cpu));
/* The idle: woken handler threads run, then WFI unless @busy(). */
void mps2_idle(bool (*busy)(void));
void mps2_bare_handler(void);

#endif /* GENIRQ_DEMO_MPS2_H */

/* SPDX-License-Identifier: MIT */
/*
 * pc.h - the pc machine of the demo kernels (i386, x86_64): the boot
 * hand-over, the COM1 console, the PIT tick and the TSC clock, the
 * command line; none of it is the ports' (arch/x86, arch/i386,
 * arch/x86_64), which an embedder reuses without it.
 */
#ifndef GENIRQ_DEMO_PC_PC_H
#define GENIRQ_DEMO_PC_PC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "x86.h"

/* --- exit status through isa-debug-exit (QEMU status = v << 1 | 1) --- */

#define X86_EXIT_PORT	0xF4
#define X86_EXIT_PASS	0x10	/* QEMU status 33 */
#define X86_EXIT_FAIL	0x11	/* 35: a scenario failed */
#define X86_EXIT_TRAP	0x7F	/* 255: CPU exception */

/* Leave QEMU with @code (exit.c; the fatal paths call it). */
__attribute__((noreturn)) void x86_exit(unsigned int code);
/* Before a failure exit: the boot's hidden log on the console (bootlog.h). */
void x86_console_fatal(void);

/* --- hooks the port gives the shared demo --- */

/* The global interrupt number of ISA line @isa (the PIT is 0, COM1 4). */
unsigned int x86_isa_irq(unsigned int isa);
/* Does a timer of this CPU's own tick here (x86_64: the local APIC
 * timer; i386: none)? Asked with local interrupts off. */
bool x86_local_timer_ticks(void);

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
 * by the caller on the TSC; port_delay_us() is built on it. First it runs
 * this CPU's woken interrupt threads (irq_threads_run()), and it does not
 * halt while one is pending.
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

/* --- the console: COM1, polled (console.c) --- */

#define COM1_BASE	0x3F8
void x86_console_init(void);	/* before anything prints */
void x86_console_write(const char *s, size_t len);
/* Also copy what the core logs into @buf (NUL-ended); size 0 stops. */
void x86_console_tap(char *buf, size_t size);
/* Start each line with @prefix from now on (NULL: no prefix). */
void console_label(const char *prefix);

/* The kernel's C entry after boot (the embedder's: demo/pc/main.c).
 * Return: 0 to leave QEMU with the PASS status, else the failure one. */
int x86_demo_main(void);

#endif /* GENIRQ_DEMO_PC_PC_H */

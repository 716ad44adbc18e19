/* SPDX-License-Identifier: MIT */
/*
 * x86.h - what the i386 and x86_64 ports share: port I/O, the exit
 * status, interrupt stacks and the entry onto them. The pc machine's
 * console, clock and boot hand-over are demo/pc/pc.h's.
 */
#ifndef GENIRQ_ARCH_X86_H
#define GENIRQ_ARCH_X86_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>

#include "../../controllers/x86_pio.h"

/* --- port I/O and CPU registers --- */

static inline uint64_t x86_rdtsc(void)
{
	uint32_t lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

/* An address in the caller's frame: which stack we are on. */
#define x86_sp()	((uintptr_t)__builtin_frame_address(0))

static inline void x86_mmio_write32(uintptr_t addr, uint32_t v)
{
	*(volatile uint32_t *)addr = v;
}

static inline uint32_t x86_mmio_read32(uintptr_t addr)
{
	return *(volatile uint32_t *)addr;
}

/* Wait for an interrupt with none lost between the test and the halt. */
static inline void x86_safe_halt(void)
{
	__asm__ __volatile__("sti; hlt" ::: "memory");
}

/* --- interrupt stacks (irqstack.c), per CPU --- */

#define X86_MAX_CPUS	8
#if defined(__x86_64__)
# define X86_SP		"rsp"
# define X86_ISA	"x86_64"
#else
# define X86_SP		"esp"
# define X86_ISA	"i386"
#endif

/* In memory order: each CPU's softirq stack lies below its hardirq stack
 * (an overrun of the hardirq stack lands there, not on other data). */
enum x86_stack { X86_SOFTIRQ_STACK, X86_HARDIRQ_STACK, X86_NR_STACKS };
/* boot.S of each port: call @fn(@arg) with the stack pointer at @sp. */
void x86_call_on_stack(void *arg, void (*fn)(void *), uintptr_t sp);
/* Guard words armed, stacks empty: before @cpu takes interrupts. */
void x86_irq_stacks_init(unsigned int cpu);
/* The entry path's calls take their arguments in registers on i386 too. */
#if defined(__x86_64__)
# define X86_REGPARM
#else
# define X86_REGPARM	__attribute__((regparm(3)))
#endif
/*
 * The ports' entry (entry.S) switches to this CPU's hardirq stack itself;
 * when a guard is broken or it is already on that stack, its C end runs
 * @fn(@arg) through this: on the hardirq stack, or where it is (a nested
 * interrupt, warned when the stack runs low); a handler interrupted below
 * the stack ends the run.
 */
void x86_irq_slow_call(void (*fn)(void *), void *arg);
#if !defined(__x86_64__)
/* boot.S: irq_handle_domain_entry(@d, @hw, @regs) with the stack pointer
 * at @sp (the 8259's lines, found in its domain). */
X86_REGPARM void x86_irq_call_on_stack(struct irq_domain *d, irq_hw_number_t hw, void *regs,
				       uintptr_t sp);
/* Interrupt entry: check the guards, run irq_handle_domain_entry(@d, @hw,
 * @regs) on this CPU's hardirq stack (staying on it when nested). */
X86_REGPARM void x86_handle_irq(struct irq_domain *d, irq_hw_number_t hw, void *regs);
/* Its slow path: a broken guard, or already on the hardirq stack. */
X86_REGPARM __attribute__((noinline, cold)) void x86_handle_irq_slow(struct irq_domain *d,
								     irq_hw_number_t hw, void *regs);
#endif
/* The NMI vector's C entry: counts the NMI in this CPU's NMI row and runs
 * the handler set (in NMI context: nmi_enter(), no lock), with the
 * interrupted state (the arch's regs). */
void x86_nmi(void *regs);
typedef void (*x86_nmi_handler_t)(void *regs);
/* The NMI's handler from now on (NULL: none; the NMI is only counted), as
 * Linux's register_nmi_handler() for one NMI_LOCAL handler. */
void x86_nmi_set_handler(x86_nmi_handler_t handler);
/* NMIs taken by @cpu (the NMI row of /proc/interrupts). */
unsigned long x86_nmi_count(unsigned int cpu);
/* The stack rows (overflows per CPU), in /proc/interrupts columns. */
struct irq_text;
void x86_show_stacks(struct irq_text *t);
bool x86_on_stack(enum x86_stack which, uintptr_t sp);
/* The guard word at the bottom of a stack (tests corrupt and restore it). */
volatile uint32_t *x86_stack_guard(enum x86_stack which);
/* Check every guard now; report and count a broken one. Return: broken. */
unsigned int x86_stack_check(void);
unsigned long x86_stack_overflows(void);

#endif /* GENIRQ_ARCH_X86_H */

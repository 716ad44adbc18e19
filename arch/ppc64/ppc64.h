/* SPDX-License-Identifier: MIT */
/*
 * ppc64.h - the ppc64 (big-endian ELFv1, Book3S, hypervisor guest) port
 * kit: what a kernel on such a CPU reuses to run genirq. entry.S
 * (exception stubs, external interrupts to ppc64_do_irq()), irqstack.c
 * (per-CPU hardirq and softirq stacks with guard words), port.c (MSR[EE],
 * the CPU number in SPRG2, the timebase as the clock, the vectors'
 * branches). Nothing here knows the machine: the embedder boots, tells
 * the kit its timebase frequency (ppc64_set_timebase_hz()), finds its
 * interrupt controller and sets the handler (ppc64_irq_set_handler()).
 *
 * Setting: GENIRQ_PPC64_CPUS, CPUs the kit keeps stacks for (default
 * GENIRQ_NR_CPUS; 2 x 16 KiB each).
 */
#ifndef GENIRQ_PPC64_H
#define GENIRQ_PPC64_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/config.h>
#include <genirq/port.h>	/* with genirq_port_inline.h: GENIRQ_PPC64_MSR_EE, ... */

#ifndef GENIRQ_PPC64_CPUS
# define GENIRQ_PPC64_CPUS	GENIRQ_NR_CPUS
#endif

/* The exception frame built by entry.S (offsets in asm.h). */
struct ppc64_regs {
	uint64_t gpr[32];
	uint64_t nip, msr, ctr, lr, xer, ccr, trap, dar, dsisr;
};

/* --- entry.S --- */
/* Run fn(arg) with r1 just below @top, then come back. */
void ppc64_call_on_stack(void (*fn)(void *), void *arg, void *top);
struct ppc64_vector { uint64_t vec, stub; };
extern const struct ppc64_vector ppc64_vectors[];
/* The embedder's: every exception but the external interrupt (the
 * decrementer included), with the saved frame; it may return. */
void ppc64_trap(struct ppc64_regs *regs);

/* --- port.c --- */
static inline uint64_t ppc64_mftb(void)
{
	uint64_t tb;

	__asm__ __volatile__("mftb %0" : "=r"(tb));
	return tb;
}
/* The timebase's frequency (the device tree's timebase-frequency), before
 * anything asks genirq for the time. */
void ppc64_set_timebase_hz(uint64_t hz);
uint64_t ppc64_timebase_hz(void);
static inline uint64_t ppc64_ms_to_tb(unsigned int ms)
{
	return ppc64_timebase_hz() / 1000u * ms;
}
/* This CPU's number, for port_cpu_id() (PIR reads 0 on every vCPU). */
void ppc64_set_cpu_id(unsigned int cpu);
/* Write "ba stub" at every vector (real mode, low memory: after the
 * firmware is done with it). */
void ppc64_install_vectors(void);
static inline uintptr_t ppc64_sp(void)
{
	uintptr_t sp;

	__asm__ __volatile__("mr %0, 1" : "=r"(sp));
	return sp;
}

/* --- irqstack.c --- */
/* What an external interrupt runs on the hardirq stack: the controller's
 * handler (e.g. one that calls xics_handle()). Set before interrupts go on. */
void ppc64_irq_set_handler(void (*fn)(void *regs));
/* Give the calling CPU (@cpu) its stacks, painted whole with the guard
 * value (the guard words, and the high-water marks above them). */
void ppc64_irq_init_cpu(unsigned int cpu);
void ppc64_do_irq(struct ppc64_regs *regs);
/* An exception that runs on the stack it interrupted (the decrementer):
 * end the run if @sp shows a stack overrun. */
void ppc64_irq_check_interrupted(unsigned int cpu, uintptr_t sp);
bool ppc64_on_irq_stack(unsigned int cpu, uintptr_t sp);
bool ppc64_on_softirq_stack(unsigned int cpu, uintptr_t sp);
bool ppc64_stack_guards_ok(unsigned int cpu);
/* The top guard word of @cpu's hardirq or softirq stack, the one every
 * exit compares. */
volatile uint64_t *ppc64_stack_guard(unsigned int cpu, bool softirq);
struct irq_text;
/* The stacks' rows (each CPU's hardirq and softirq high-water marks, in
 * bytes), in /proc/interrupts' columns: the shell's `stacks`. */
void ppc64_show_stacks(struct irq_text *t);
/* When set, every external interrupt (0x500) goes to this function
 * instead, on the interrupted stack (a bare floor for benchmarks). */
extern void (*volatile ppc64_external_hook)(void);

#endif /* GENIRQ_PPC64_H */

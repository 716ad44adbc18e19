/* SPDX-License-Identifier: MIT */
/*
 * ppc.h - the e500 (32-bit Book-E) port kit: what a kernel on such a core
 * reuses to run genirq. entry.S (exception stubs, ppc_vectors_init()),
 * irqstack.c (per-CPU hardirq and softirq stacks with guard words, the
 * external interrupt's entry onto them), port.c (MSR[EE], PIR, the
 * timebase as the clock, the doze idle). Nothing here knows the machine:
 * the embedder maps its memory, boots its CPUs, finds its interrupt
 * controller and sets each CPU's handler (ppc_irq_set_handler()).
 *
 * Settings (before this header, e.g. in the port's flags):
 *   GENIRQ_PPC_TB_HZ   the timebase frequency (required: the device
 *                      tree's timebase-frequency)
 *   GENIRQ_PPC_CPUS    CPUs the kit keeps stacks for (default
 *                      GENIRQ_NR_CPUS; 2 x 8 KiB each)
 */
#ifndef GENIRQ_PPC_H
#define GENIRQ_PPC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/config.h>

#include "ppc_asm.h"

#ifndef GENIRQ_PPC_TB_HZ
# error "GENIRQ_PPC_TB_HZ: define the timebase frequency (Hz) for the ppc port kit"
#endif
#ifndef GENIRQ_PPC_CPUS
# define GENIRQ_PPC_CPUS	GENIRQ_NR_CPUS
#endif

/* The registers an exception stub saved (layout: ppc_asm.h REG_*). */
struct ppc_regs {
	uint32_t	back_chain, lr_slot;
	uint32_t	gpr[32];
	uint32_t	cr, lr, ctr, xer, srr0, srr1, kind, pad[3];
};
_Static_assert(sizeof(struct ppc_regs) == FRAME_SIZE, "frame layout");

#define ppc_mfspr(n) ({ uint32_t v_; __asm__ __volatile__("mfspr %0, %1" : "=r"(v_) : "i"(n)); v_; })
#define ppc_mtspr(n, v) __asm__ __volatile__("mtspr %0, %1" :: "i"(n), "r"((uint32_t)(v)) : "memory")

static inline uint32_t ppc_mmio_read32(uintptr_t a)
{
	uint32_t v = *(volatile uint32_t *)a;

	__asm__ __volatile__("isync" ::: "memory");
	return v;
}

static inline void ppc_mmio_write32(uintptr_t a, uint32_t v)
{
	__asm__ __volatile__("sync" ::: "memory");
	*(volatile uint32_t *)a = v;
}

static inline uint8_t ppc_mmio_read8(uintptr_t a)
{
	return *(volatile uint8_t *)a;
}

static inline void ppc_mmio_write8(uintptr_t a, uint8_t v)
{
	__asm__ __volatile__("sync" ::: "memory");
	*(volatile uint8_t *)a = v;
}

static inline uint32_t ppc_sp(void)
{
	uint32_t sp;

	__asm__ __volatile__("mr %0, 1" : "=r"(sp));
	return sp;
}

/* --- entry.S --- */
/* IVPR and the IVORs of the calling CPU at the kit's stubs. */
void ppc_vectors_init(void);
/* The embedder's: every exception but the external interrupt, with the
 * saved frame; it may return (the frame is restored). */
void ppc_exception(struct ppc_regs *regs);

/* --- port.c --- */
uint64_t ppc_timebase(void);
/* Doze until an interrupt (or run woken interrupt threads): call with
 * interrupts off; returns with them on. */
void ppc_idle(void);

/* --- irqstack.c --- */
/* The external interrupt's entry (entry.S): @cpu's handler on its
 * hardirq stack. */
void ppc_irq_entry(struct ppc_regs *regs);
/* What the external interrupt runs on @cpu: the controller's handler
 * (e.g. one that calls mpic_handle()). Set before its interrupts go on. */
void ppc_irq_set_handler(unsigned int cpu, void (*fn)(void *regs));
/* Paint @cpu's stacks (guard words, high-water marks). */
void ppc_stacks_init(unsigned int cpu);
/* The stack rows (high-water per CPU), in /proc/interrupts columns. */
struct irq_text;
void ppc_show_stacks(struct irq_text *t);
enum { PPC_STACK_HARDIRQ, PPC_STACK_SOFTIRQ };
bool ppc_on_stack(unsigned int cpu, int which, uint32_t sp);
bool ppc_stack_guards_ok(unsigned int cpu);
/* @sp is on that stack, at or above its guard words. */
bool ppc_above_guard(unsigned int cpu, int which, uint32_t sp);
/* Bytes between @sp and the guard words of that stack (0: not on it, or in them). */
uint32_t ppc_stack_room(unsigned int cpu, int which, uint32_t sp);
void *ppc_stack_top(unsigned int cpu, int which);

#endif /* GENIRQ_PPC_H */

/* SPDX-License-Identifier: MIT */
/*
 * aarch64.h - the aarch64 port kit: what a kernel at EL1 reuses to run
 * genirq. entry.S (vectors and IRQ entry), irqstack.c (per-CPU hardirq
 * and softirq stacks with guard words), port.c (local interrupts,
 * CPU number, the generic timer as genirq's clock). Nothing here knows
 * the machine: the embedder boots, finds its interrupt controller and
 * hands its handler to aarch64_irq_cpu_init().
 */
#ifndef GENIRQ_AARCH64_H
#define GENIRQ_AARCH64_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/config.h>
#include "asm.h"

/* How many CPUs the kit keeps interrupt stacks for (2 x 16 KiB each). */
#ifndef GENIRQ_AARCH64_CPUS
# define GENIRQ_AARCH64_CPUS	GENIRQ_NR_CPUS
#endif

/* The exception frame built by entry.S. An exception's holds every
 * register; an IRQ's only x0-x18, x30, sp, elr and spsr (x19-x29, esr and
 * far are not written). */
struct aarch64_regs {
	uint64_t x[31];
	uint64_t sp, elr, spsr, esr, far;
};
_Static_assert(sizeof(struct aarch64_regs) == FRAME_BYTES, "entry.S frame layout");

/* --- entry.S --- */
extern const char aarch64_vectors[];	/* for VBAR_EL1 (2 KiB aligned) */
/* The embedder's: a synchronous exception at EL1h, and any other vector
 * (EL0, lower ELs, SP_EL0, FIQ, SError), each with the full frame. */
void aarch64_sync(struct aarch64_regs *regs);
void aarch64_bad_exception(struct aarch64_regs *regs);
/* Run fn(arg) on the stack whose top is @top, then come back. */
void aarch64_call_on_stack(void (*fn)(void *), void *arg, void *top);
/* The interrupt controller's handler on this CPU's hardirq stack (the IRQ
 * vector calls it when no hook is set); its two ways out of line: already
 * on that stack, and a stack whose guard word was overwritten. */
void aarch64_irq(struct aarch64_regs *regs);
/* When set, every IRQ exception goes to this function instead, on the
 * interrupted stack (a bare floor for benchmarks, a test's own handler). */
extern void (*volatile aarch64_irq_hook)(void);

/* --- irqstack.c --- */
/* The controller's handler, e.g. gicv3_handle(gic, regs). */
typedef void (*aarch64_irq_handler_t)(void *ctx, void *regs);
/*
 * aarch64_irq_cpu_init - give the calling CPU its interrupt stacks
 * (painted whole with the guard value: the guard words, and the
 * high-water marks above them) and the handler aarch64_irq() runs on the
 * hardirq one, through TPIDR_EL1 (which the kit owns from here on).
 * Context: once per CPU, before its interrupts are unmasked.
 */
void aarch64_irq_cpu_init(aarch64_irq_handler_t handle, void *ctx);
/* Another handler, same context, on every CPU that has one (a GIC's entry
 * with pseudo-NMIs, gicv3_handle_pseudo_nmi()). Context: process context. */
void aarch64_irq_set_handler(aarch64_irq_handler_t handle);
void aarch64_irq_nested(struct aarch64_regs *regs);
__attribute__((noreturn)) void aarch64_irq_overflow(void);
__attribute__((noreturn)) void aarch64_irq_overrun(void);
bool aarch64_on_irq_stack(unsigned int cpu, uintptr_t sp);
bool aarch64_on_softirq_stack(unsigned int cpu, uintptr_t sp);
bool aarch64_stack_guards_ok(unsigned int cpu);
/* The top guard word of @cpu's hardirq or softirq stack, the one the exit
 * paths compare. */
volatile uint64_t *aarch64_stack_guard(unsigned int cpu, bool softirq);
struct irq_text;
/* The stacks' rows (each CPU's hardirq and softirq high-water marks, in
 * bytes), in /proc/interrupts' columns: the shell's `stacks`. */
void aarch64_show_stacks(struct irq_text *t);

/* --- port.c: local interrupts by priority, for pseudo-NMIs --- */
/*
 * The GIC CPU interface's priority mask (ICC_PMR_EL1) as local interrupts
 * see it: open when on; when off under priority masking, only priorities
 * more urgent than AARCH64_PMR_IRQOFF are signalled (an NMI's; a GICv3's
 * GICV3_PRIO_NMI), every ordinary one waits.
 */
#define AARCH64_PMR_IRQON	0xf0u
#define AARCH64_PMR_IRQOFF	0x60u
/*
 * aarch64_irq_prio_masking - local interrupts off by priority (@on) or by
 * PSTATE.I, from now on, on every CPU. Both ways have "on" alike, so it
 * may change at any time interrupts are on. Needs a GICv3 (system
 * registers) and its pseudo-NMI entry as the handler, which runs ordinary
 * interrupts under this mask with PSTATE.I clear and restores the
 * interrupted context's PMR (AARCH64_PMR_IRQOFF is its GICV3_PMR_IRQOFF);
 * wfi with interrupts off must mask with PSTATE.I alone (a masked
 * priority would not wake it): aarch64_irq_daif_off(), then
 * port_irq_enable() after it.
 */
void aarch64_irq_prio_masking(bool on);

/* Local interrupts off by PSTATE.I alone, the priority mask untouched (for wfi). */
static inline void aarch64_irq_daif_off(void)
{
	__asm__ __volatile__("msr daifset, #2" ::: "memory");
}

bool aarch64_irq_prio_masked(void);

/* --- port.c: the generic timer's virtual counter --- */
static inline uint64_t aarch64_cntvct(void)
{
	uint64_t v;

	__asm__ __volatile__("isb; mrs %0, cntvct_el0" : "=r"(v) :: "memory");
	return v;
}
uint64_t aarch64_cntfrq(void);
static inline uint64_t aarch64_ms_to_cnt(unsigned int ms)
{
	return aarch64_cntfrq() / 1000u * ms;
}
static inline uintptr_t aarch64_sp(void)
{
	uintptr_t sp;

	__asm__ __volatile__("mov %0, sp" : "=r"(sp));
	return sp;
}

#endif /* GENIRQ_AARCH64_H */

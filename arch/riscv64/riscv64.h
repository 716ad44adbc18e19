/* SPDX-License-Identifier: MIT */
/*
 * riscv64.h - the riscv64 supervisor-mode port (arch/riscv64/): the trap
 * entry, per-CPU hardirq and softirq stacks, the IPI as a genirq line,
 * the tick, and the port contract's primitives, for any kernel that runs
 * in supervisor mode (the demo kernel: demo/virt-riscv/virt.h).
 */
#ifndef GENIRQ_RISCV64_H
#define GENIRQ_RISCV64_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/compiler.h>
#include <genirq/config.h>
#include <genirq/interrupt.h>
#include <genirq/port.h>	/* with genirq_port_inline.h: SSTATUS_SIE */
#include "asm.h"

/* How many CPUs the kit keeps interrupt stacks for (2 x 16 KiB each). */
#ifndef GENIRQ_RISCV64_CPUS
# define GENIRQ_RISCV64_CPUS	GENIRQ_NR_CPUS
#endif
/* The kit's tick (riscv64_timer_start()), in Hz. */
#ifndef GENIRQ_RISCV64_HZ
# define GENIRQ_RISCV64_HZ	100
#endif

/* scause: the interrupt bit (the causes: asm.h). */
#define GENIRQ_RISCV64_SCAUSE_IRQ	(1UL << 63)

#define riscv64_csr_read(csr) ({ unsigned long v_; \
	__asm__ __volatile__("csrr %0, " #csr : "=r"(v_)); v_; })
#define riscv64_csr_write(csr, v) __asm__ __volatile__("csrw " #csr ", %0" : : "rK"(v) : "memory")
#define riscv64_csr_set(csr, v) __asm__ __volatile__("csrs " #csr ", %0" : : "rK"(v) : "memory")
#define riscv64_csr_clear(csr, v) __asm__ __volatile__("csrc " #csr ", %0" : : "rK"(v) : "memory")

/* The trap frame built by entry.S: x1..x31 (x[0] unused), then the CSRs.
 * An exception's holds every register; an interrupt's only ra, t0-t6,
 * a0-a7, sepc, sstatus and scause. */
struct riscv64_regs {
	unsigned long	x[32];
	unsigned long	sepc, sstatus, scause, stval;
};

/*
 * Set by the kernel at boot, before irq_core_init(): how many CPUs it may
 * bring up (<= GENIRQ_RISCV64_CPUS; port_nr_cpus()) and the time CSR's rate in Hz
 * (the device tree's timebase-frequency; port_time_ns(), the tick).
 */
extern unsigned int riscv64_nr_cpus;
extern uint64_t riscv64_timebase;

/*
 * What the kernel provides to this folder's code besides the port
 * contract: the supervisor timer (riscv64_set_timer(), e.g. the SBI's
 * set_timer, which also withdraws sip.STIP) and riscv64_exception()
 * below. A stack found overrun ends in port_assert_failed() (arch/kit.h).
 */
void riscv64_set_timer(uint64_t when);

static inline uint64_t riscv64_rdtime(void)
{
	return riscv64_csr_read(time);
}
static inline uintptr_t riscv64_sp(void)
{
	uintptr_t sp;

	__asm__ __volatile__("mv %0, sp" : "=r"(sp));
	return sp;
}

/* entry.S: the trap entry (stvec), and a call on another stack */
extern const char riscv64_trap_entry[];
void riscv64_call_on_stack(void (*fn)(void *), void *arg, void *top);

/* irq.c: the interrupt glue. The controller of external interrupts is
 * the embedder's choice, set before riscv64_irq_init_cpu(0). */
struct riscv64_external {
	/* One supervisor external interrupt: handle(arg, regs), called
	 * straight from the trap entry on the hardirq stack (e.g.
	 * plic_handle_entry() with the struct plic). */
	void	(*handle)(void *arg, void *regs);
	void	*arg;
	void	(*cpu_init)(void);	/* open this hart's delivery, interrupts off */
};
extern const struct riscv64_external *riscv64_external;
/* entry.S's trap entry calls these out of its fast path: an exception
 * (the kernel's: every register saved in @regs), an interrupt already on
 * the hardirq stack, a guard word overwritten. */
void riscv64_exception(struct riscv64_regs *regs);
void riscv64_irq_nested(struct riscv64_regs *regs);
__attribute__((noreturn)) void riscv64_irq_overflow(void);
__attribute__((noreturn)) void riscv64_irq_overrun(void);
void riscv64_irq_init_cpu(unsigned int cpu);
/* The SBI timer's per-CPU line, "riscv-timer" (its tick requested by the
 * kit). Return: the line, or a negative errno. Once, before any
 * riscv64_timer_start(). */
int riscv64_map_timer(void);
/* Arm the calling CPU's tick (fatal before riscv64_map_timer()). */
void riscv64_timer_start(void);
unsigned long riscv64_ticks(unsigned int cpu);
bool riscv64_on_irq_stack(unsigned int cpu, uintptr_t sp);
bool riscv64_on_softirq_stack(unsigned int cpu, uintptr_t sp);
bool riscv64_stack_guards_ok(unsigned int cpu);
/* The top guard word of @cpu's hardirq or softirq stack, the one the exit
 * paths compare (the smash-irq-guard runs of make check overwrite it). */
volatile uint64_t *riscv64_stack_guard(unsigned int cpu, bool softirq);
struct irq_text;
/* The stacks' rows (each CPU's hardirq and softirq high-water marks, in
 * bytes), in /proc/interrupts' columns: the shell's `stacks`. */
void riscv64_show_stacks(struct irq_text *t);
extern uintptr_t riscv64_nested_tick_sp;	/* sp of a tick that nested in a handler */
/* The IPI (supervisor software interrupt) as a per-CPU genirq line. */
int riscv64_map_ipi(void);
/* When set, every IPI goes to this function instead of genirq, on the
 * interrupted stack (make bench's bare floor). */
extern void (*volatile riscv64_ipi_hook)(void);

#endif /* GENIRQ_RISCV64_H */

/* SPDX-License-Identifier: MIT */
/*
 * armv7m.h - the ARMv7-M / ARMv8-M Mainline port kit (Cortex-M3, M4, M7,
 * M33): what it gives an embedder besides the port contract.
 *
 * Local interrupts "off" is BASEPRI at GENIRQ_ARMV7M_BASEPRI, not
 * PRIMASK: exceptions more urgent than it (a priority byte below it) still
 * preempt everything the kernel does, and are the zero-latency lines of
 * <genirq/priority.h>; their vectors go straight to their handlers, never
 * through armv7m_irq_entry. Handlers run in Handler mode on the main stack
 * (MSP), the hardirq stack; the embedder's thread code runs on the process
 * stack (PSP, armv7m_start_thread()); softirqs run on a third
 * (port_softirq_on_stack(), armv7m_softirq_stack).
 *
 * The embedder's vector table points every genirq exception (SysTick and
 * the NVIC lines) at armv7m_irq_entry, which reads IPSR and calls
 * armv7m_irq_dispatch(), and defines that.
 */
#ifndef GENIRQ_ARMV7M_H
#define GENIRQ_ARMV7M_H

#include "genirq_port_inline.h"

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stdint.h>

#define ARMV7M_EXC_SYSTICK	15u

/* The System Control Block and SysTick, in the System Control Space. */
#define ARMV7M_SYST_CSR		0xe000e010u
#define ARMV7M_SYST_RVR		0xe000e014u
#define ARMV7M_SYST_CVR		0xe000e018u
#define ARMV7M_NVIC_ISER0	0xe000e100u	/* lines 0-31: write 1 to enable */
#define ARMV7M_CPUID		0xe000ed00u
#define ARMV7M_ICSR		0xe000ed04u
#define ARMV7M_VTOR		0xe000ed08u
#define ARMV7M_AIRCR		0xe000ed0cu
#define ARMV7M_SHPR3		0xe000ed20u
#define ARMV7M_CFSR		0xe000ed28u
#define ARMV7M_STIR		0xe000ef00u

static inline uint32_t armv7m_read(uint32_t addr)
{
	return *(volatile uint32_t *)addr;
}

static inline void armv7m_write(uint32_t addr, uint32_t v)
{
	*(volatile uint32_t *)addr = v;
}

/* The exception entry of every genirq line (entry.S). */
void armv7m_irq_entry(void);
/* What it calls, with local interrupts off: the embedder's, for IPSR @exc
 * and the stacked frame @regs. */
void armv7m_irq_dispatch(unsigned int exc, void *regs);

/* @fn in thread mode on the process stack, from @top; never returns. */
__attribute__((noreturn)) void armv7m_start_thread(uintptr_t top, void (*fn)(void));
/* The softirq stack (port_softirq_on_stack()): its top, set by the embedder. */
extern uintptr_t armv7m_softirq_stack;

/* The stack pointer now. */
static inline uintptr_t armv7m_sp(void)
{
	uintptr_t sp;

	__asm__ __volatile__("mov %0, sp" : "=r"(sp));
	return sp;
}

/*
 * SysTick as a genirq line (systick.c): a per-CPU line of its own chip
 * (mask and unmask through SYST_CSR.TICKINT, the priority in SHPR3, in
 * levels as <genirq/chip/nvic.h>'s, starting at the least urgent),
 * ticking every @reload + 1 processor clocks once requested.
 * Return: its number, or -errno.
 */
int armv7m_systick_init(uint32_t reload);
/* Its event, from armv7m_irq_dispatch() for ARMV7M_EXC_SYSTICK. */
void armv7m_systick_handle(void *regs);

/* Wait for an interrupt unless @busy() (NULL: wait once), interrupts on. */
void armv7m_idle(bool (*busy)(void));

#endif /* __ASSEMBLER__ */
#endif /* GENIRQ_ARMV7M_H */

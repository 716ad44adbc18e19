/* SPDX-License-Identifier: MIT */
/*
 * plic.h - the RISC-V Platform-Level Interrupt Controller (SiFive PLIC,
 * "riscv,plic0"), as a supervisor-mode kernel drives it.
 *
 * Sources 1..N each have a priority (0 = never); each hart context has an
 * enable bit per source, a priority threshold, and a claim/complete
 * register: a claim returns the best pending enabled source (0: none) and
 * holds it until the same number is written back. One irq domain whose
 * hardware numbers are the source numbers. Affinity is the context whose
 * enable bit is set: each source is enabled in exactly one hart's
 * supervisor context, or none while masked.
 */
#ifndef GENIRQ_PLIC_H
#define GENIRQ_PLIC_H

#include <stdint.h>
#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

#define PLIC_MAX_SOURCES	1023u

struct plic_config {
	uintptr_t	base;		/* the register block (reg of the DT node) */
	unsigned int	nr_sources;	/* riscv,ndev: sources 1..nr_sources */
	unsigned int	nr_cpus;
	/* CPU -> its supervisor context: the index of its (hart, 9) pair in
	 * the node's interrupts-extended */
	unsigned int	context[GENIRQ_NR_CPUS];
};

/**
 * plic_contexts - fill @cfg's context[] and nr_cpus for CPUs
 * 0..@nr-1, whose hart ids are @hartid[0..@nr-1], on a PLIC that has two
 * contexts a hart in hart-id order, machine mode's then supervisor
 * mode's (QEMU virt, SiFive's cores with supervisor mode): hart N's are
 * 2N and 2N+1
 * @machine: the machine-mode contexts, for a kernel that runs in machine
 *	     mode (an RTOS booted with -bios none); false: supervisor mode's
 *
 * Context: any. Return: 0; -EINVAL (@cfg unchanged) for @nr 0 or above
 * GENIRQ_NR_CPUS, or a hart beyond the PLIC's 15872 contexts.
 */
int plic_contexts(struct plic_config *cfg, const unsigned long *hartid, unsigned int nr,
		  bool machine);

struct plic;

/**
 * plic_create - the controller and its irq domain (hardware numbers are
 * source numbers, 1..nr_sources)
 * @cfg: registers, sources and contexts; copied
 *
 * Every source starts disabled in every context, with priority 0.
 *
 * Context: boot, after irq_core_init(). Return: the controller, or NULL
 * (bad @cfg, out of memory).
 */
struct plic *plic_create(const struct plic_config *cfg);
struct irq_domain *plic_domain(struct plic *p);

/**
 * plic_map - give source @src a global number, priority 1, routed to the
 * boot CPU and masked until a handler starts it
 * @trigger: IRQ_TYPE_LEVEL_HIGH or IRQ_TYPE_EDGE_RISING: the gateway's
 *	     kind is the platform's, the PLIC cannot change it
 *
 * Context: process context. Return: the global number; -EINVAL for @src
 * outside 1..nr_sources or another trigger; -ENOSPC, -ENOMEM.
 */
int plic_map(struct plic *p, irq_hw_number_t src, unsigned int trigger);

/**
 * plic_set_priority - set mapped source @src's priority to @prio
 *
 * Of the sources pending in a context, a claim returns the one of
 * highest priority (the lowest number among equals); plic_map() gives
 * every source 1. Only the order changes: no source preempts another's
 * handler.
 *
 * Context: process context. Return: 0; -EINVAL for @src outside
 * 1..nr_sources, @prio 0 (never interrupts: disable the line instead), or
 * a @prio the PLIC does not hold (its priority registers keep fewer bits:
 * the write is read back, and the source keeps priority 1).
 */
int plic_set_priority(struct plic *p, irq_hw_number_t src, uint32_t prio);

/**
 * plic_cpu_init - open the calling CPU's context: threshold 0 (every
 * priority above 0 interrupts), enables as the driver last set them
 *
 * The firmware may reset a hart's context when it starts the hart
 * (OpenSBI sets threshold 7 and clears the enables): call this on each
 * CPU, once it runs, before it takes interrupts.
 *
 * Context: each CPU, interrupts off.
 */
void plic_cpu_init(struct plic *p);

/**
 * plic_handle - take one supervisor external interrupt on this CPU
 * @regs: the interrupted state, for get_irq_regs()
 *
 * Claims from this CPU's context and dispatches the source through the
 * domain; the flow's eoi completes it. A claim of 0 (another context
 * claimed it first, or it was withdrawn) is counted with
 * irq_spurious_vector() and neither dispatched nor completed.
 *
 * Context: the supervisor external interrupt, local interrupts off, on
 * the stack the port chose.
 */
void plic_handle(struct plic *p, void *regs);
/* plic_handle() for a port's table of (function, argument) pairs: @plic
 * is the struct plic. */
void plic_handle_entry(void *plic, void *regs);

GENIRQ_END_DECLS

#endif /* GENIRQ_PLIC_H */

/* SPDX-License-Identifier: MIT */
/*
 * pl061.h - the Arm PrimeCell PL061 GPIO controller as an interrupt
 * controller: eight lines, each level (high/low) or edge (rising,
 * falling, both), demultiplexed from one line of its parent controller
 * by a chained handler.
 *
 * Hardware numbers in its irq domain are the GPIO lines 0-7.
 */
#ifndef GENIRQ_PL061_H
#define GENIRQ_PL061_H

#include <stdint.h>
#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

#define PL061_NR_LINES	8u

struct pl061;

/**
 * pl061_create - mask every line, make the domain, chain it to @parent_irq
 * @base: the controller's 4 KiB of registers
 * @parent_irq: the global number of its line on the parent controller
 *		(mapped, with its trigger set, and not requested by anyone)
 *
 * Context: boot, process context. Return: the instance, or NULL after a
 * report on the console (out of memory, the parent line refused; the
 * domain made by then is not given back: the core cannot remove one).
 */
struct pl061 *pl061_create(uintptr_t base, unsigned int parent_irq);
struct irq_domain *pl061_domain(struct pl061 *p);

/**
 * pl061_map - give GPIO line @line a global number, as an input that
 * interrupts on @trigger (any IRQ_TYPE_EDGE_* or IRQ_TYPE_LEVEL_*)
 *
 * Context: process context. Return: the global number; -EINVAL for a
 * bad line or trigger; -ENOSPC, -ENOMEM.
 */
int pl061_map(struct pl061 *p, irq_hw_number_t line, unsigned int trigger);

GENIRQ_END_DECLS

#endif /* GENIRQ_PL061_H */

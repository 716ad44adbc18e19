/* SPDX-License-Identifier: MIT */
/*
 * nvic.h - the ARMv7-M / ARMv8-M Nested Vectored Interrupt Controller.
 *
 * The NVIC vectors each external interrupt to its own exception
 * (16 + line), stacks the frame itself, nests by priority and needs no
 * acknowledge: taking the exception clears the line's pending bit and
 * sets its active one, the exception return clears it. The driver's chip
 * therefore masks and unmasks through ISER/ICER, replays through ISPR
 * (a software retrigger is exactly a pending set), programs priorities
 * in IPR, and has an empty eoi so that the core runs its lightest flow
 * (fasteoi: no controller access per event).
 *
 * Priorities (<genirq/priority.h>) are the NVIC's levels, 0 (most
 * urgent) to 2^bits - 1, bits being what the implementation has (3 on
 * many Cortex-M3/M4 parts; nvic_create() finds it by writing 0xff to an
 * IPR byte and reading it back); the driver shifts a level into IPR's
 * top bits. Every line starts at the least urgent level.
 *
 * Hardware numbers in its irq domain are the external interrupt lines
 * 0..nr_lines-1 (exception 16 + hw). The port's exception entry reads
 * IPSR and calls nvic_handle_exception().
 */
#ifndef GENIRQ_NVIC_H
#define GENIRQ_NVIC_H

#include <stdbool.h>
#include <stdint.h>
#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

#define NVIC_SCS_BASE		0xe000e000u	/* the System Control Space */
#define NVIC_MAX_LINES		496u		/* ARMv7-M's most (ICTR 15) */
#define NVIC_FIRST_EXTERNAL	16u		/* exception number of line 0 */

struct nvic;

/**
 * nvic_create - disable, unpend and lower every line, make the domain
 * @scs: the System Control Space's base (NVIC_SCS_BASE on hardware)
 * @nr_lines: the lines the domain covers (1..NVIC_MAX_LINES), at most
 *	what the implementation has (ICTR says in steps of 32)
 *
 * Context: boot, process context, before local interrupts are on.
 * Return: the instance, or NULL after a report on the console (a bad
 * @nr_lines, more than ICTR says, out of memory).
 */
struct nvic *nvic_create(uintptr_t scs, unsigned int nr_lines);
struct irq_domain *nvic_domain(struct nvic *n);

/* The priority bits the implementation has (2..8). */
unsigned int nvic_prio_bits(const struct nvic *n);

/* The IPR byte (or BASEPRI value) of priority level @prio. */
uint8_t nvic_prio_byte(const struct nvic *n, unsigned int prio);

/**
 * nvic_map - give line @hw a global number
 *
 * The line is typed a level (IRQ_TYPE_LEVEL_HIGH): disable_irq() masks
 * it at once (ICER), and an event that comes while it is masked stays
 * pending in the NVIC, which takes it on the unmask: nothing is lost and
 * nothing needs replaying. irq_set_irq_type(IRQ_TYPE_EDGE_RISING) makes
 * the core disable it lazily instead, and replay an event it had to hold
 * back by a pending set (ISPR).
 *
 * Return: the global number; -EINVAL for a line beyond the domain;
 * -ENOSPC, -ENOMEM.
 */
int nvic_map(struct nvic *n, irq_hw_number_t hw);

/**
 * nvic_handle_exception - the event of exception @exc (IPSR's value)
 * @regs: the stacked frame, for get_irq_regs()
 *
 * Context: the port's exception entry, for exceptions 16 and up, local
 * interrupts off (BASEPRI at the kernel's level): irq_handle_domain_entry().
 * Return: 0, or -EINVAL for an exception that is no line of the domain
 * (counted by the core as a stray event when it is mapped to none).
 */
int nvic_handle_exception(struct nvic *n, unsigned int exc, void *regs);

/* Line @hw's pending and active bits (ISPR, IABR); false beyond the domain. */
bool nvic_is_pending(struct nvic *n, irq_hw_number_t hw);
bool nvic_is_active(struct nvic *n, irq_hw_number_t hw);
/* Set or clear line @hw's pending bit (ISPR, ICPR): a software event. */
void nvic_set_pending(struct nvic *n, irq_hw_number_t hw, bool pending);

GENIRQ_END_DECLS

#endif /* GENIRQ_NVIC_H */

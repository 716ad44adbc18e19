/* SPDX-License-Identifier: MIT */
/*
 * imsic.h - the RISC-V Incoming MSI Controller (AIA), supervisor level,
 * as the CPU-side controller: each hart has an interrupt file of message
 * identities (1..nr_ids) with pending and enable bits, a threshold and a
 * delivery switch, reached through the hart's own CSRs (siselect/sireg),
 * and stopei to claim the best one. A device (or an APLIC in MSI mode)
 * raises identity i on hart h by writing i to h's file in memory.
 *
 * Until stacked domains exist, the identities are the hardware numbers
 * of one parent domain (the APLIC's, whose sources send their own number
 * as identity): imsic_handle() dispatches there.
 */
#ifndef GENIRQ_IMSIC_H
#define GENIRQ_IMSIC_H

#include <stdint.h>
#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

#define IMSIC_MAX_IDS		2047u

struct imsic_config {
	unsigned int	nr_ids;		/* riscv,num-ids */
	unsigned int	nr_cpus;
};

struct imsic;

/**
 * imsic_create - the controller; identities are dispatched through @domain
 * (hardware number = identity) once one is given with imsic_set_domain()
 *
 * Context: boot, after irq_core_init(). Return: the controller or NULL
 * (bad @cfg, out of memory).
 */
struct imsic *imsic_create(const struct imsic_config *cfg);
void imsic_set_domain(struct imsic *im, struct irq_domain *domain);

/**
 * imsic_cpu_init - open the calling hart's interrupt file: every identity
 * enabled (lines are masked where they come from), threshold 0 (all
 * identities), delivery on
 *
 * Context: each CPU, once, interrupts off, before it takes interrupts.
 */
void imsic_cpu_init(struct imsic *im);

/**
 * imsic_handle - take one supervisor external interrupt on this hart
 * @regs: the interrupted state, for get_irq_regs()
 *
 * Claims the top identity (stopei) and dispatches it; identity 0 (the
 * file had nothing by the claim) is counted with irq_spurious_vector().
 *
 * Context: the supervisor external interrupt, local interrupts off.
 */
void imsic_handle(struct imsic *im, void *regs);

GENIRQ_END_DECLS

#endif /* GENIRQ_IMSIC_H */

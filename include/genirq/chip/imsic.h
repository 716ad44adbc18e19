/* SPDX-License-Identifier: MIT */
/*
 * imsic.h - the RISC-V Incoming MSI Controller (AIA), supervisor level,
 * as the CPU-side controller: each hart has an interrupt file of message
 * identities (1..nr_ids) with pending and enable bits, a threshold and a
 * delivery switch, reached through the hart's own CSRs (siselect/sireg),
 * and stopei to claim the best one. A device (or an APLIC in MSI mode)
 * raises identity i on hart h by writing i to h's file in memory.
 *
 * Two kinds of identities share a file. Wired ones: the hardware numbers
 * of one flat domain (the APLIC's, whose sources send their own number as
 * identity on whichever hart they target), given with imsic_set_domain().
 * Message ones: a range of identities handed out per hart by the IMSIC's
 * own hierarchical domain (imsic_create_msi_parent()), the parent of a
 * PCI-MSI domain; a line there is one (hart, identity), its message the
 * hart's file page and the identity.
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
 * Claims the top identity (stopei) and dispatches it: a message identity
 * bound on this hart to its line of the message domain, any other to the
 * wired domain; identity 0 (the file had nothing by the claim) is counted
 * with irq_spurious_vector(), a message identity bound to nothing with
 * irq_error_event().
 *
 * Context: the supervisor external interrupt, local interrupts off.
 */
void imsic_handle(struct imsic *im, void *regs);
/* imsic_handle() for a port's table of (function, argument) pairs: @imsic
 * is the struct imsic. */
void imsic_handle_entry(void *imsic, void *regs);

/* Where message identities go: the range of every hart's file they are
 * taken from, and each CPU's supervisor file page (physical address). */
struct imsic_msi_config {
	unsigned int	first_id, last_id;	/* 1 <= first <= last <= nr_ids */
	unsigned int	nr_lines;		/* message lines at once */
	uint64_t	file_addr[GENIRQ_NR_CPUS];
};

/**
 * imsic_create_msi_parent - the IMSIC's hierarchical domain, the bottom
 * of an MSI stack (msi_create_irq_domain() on top, edge flow)
 *
 * A line takes a free identity of @cfg's range on the online CPU with the
 * most free ones; its message is (file_addr[cpu], identity). An affinity
 * move takes an identity on a CPU of the new mask and keeps the old one
 * bound until the first event on the new one (the device writes the new
 * message from then on); that event returns the old identity.
 *
 * Context: boot, once. Return: the domain, or NULL (bad range, called
 * twice, out of memory) after a report.
 */
struct irq_domain *imsic_create_msi_parent(struct imsic *im, const struct imsic_msi_config *cfg);
/* Free message identities of @cpu's file (0 without a message domain). */
unsigned int imsic_free_ids(struct imsic *im, unsigned int cpu);
/* Where line @irq of the message domain sends now. Return: 0, -EINVAL. */
int imsic_msi_target(struct imsic *im, unsigned int irq, unsigned int *cpu, unsigned int *id);

GENIRQ_END_DECLS

#endif /* GENIRQ_IMSIC_H */

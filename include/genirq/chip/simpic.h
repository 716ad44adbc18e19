/* SPDX-License-Identifier: MIT */
/*
 * simpic.h - a simulated interrupt controller, for tests and driver
 * authors who want to run real handlers off-target.
 *
 * Each line is edge or level, can be masked, latches an edge that comes
 * while masked, and is routed to one CPU. A CPU asks for its highest
 * priority (lowest numbered) deliverable line with simpic_iack(), as
 * real CPUs read an MPIC's IACK or XICS's XIRR. Two personalities cover
 * the core's flows: SIMPIC_ACK (mask/unmask/ack, like an 8259) and
 * SIMPIC_FASTEOI (mask/unmask/eoi, like an APIC, MPIC or XICS).
 *
 * Faults can be injected per line to show what the core does when
 * hardware misbehaves. Thread-safe: devices may raise lines from any
 * thread while CPUs take them.
 */
#ifndef GENIRQ_SIMPIC_H
#define GENIRQ_SIMPIC_H

#include <stdbool.h>
#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

enum simpic_style {
	SIMPIC_ACK,		/* primitives: mask, unmask, ack */
	SIMPIC_FASTEOI,		/* primitives: mask, unmask, eoi; NMIs */
};

enum simpic_fault {
	SIMPIC_DROP_MASKED_EDGE	= 1u << 0,	/* edges while masked are lost */
	SIMPIC_WRONG_CPU	= 1u << 1,	/* deliver to the next CPU instead */
	SIMPIC_LOSE_EOI		= 1u << 2,	/* the next eoi/ack is ignored */
	SIMPIC_NO_RETRIGGER	= 1u << 3,	/* retrigger unsupported (software replay) */
	SIMPIC_WAKE_FAILS	= 1u << 4,	/* set_wake says -EIO */
	SIMPIC_NO_STATE		= 1u << 5,	/* irqchip states: -EINVAL, as a PIC that cannot tell */
	SIMPIC_NMI_FAILS	= 1u << 6,	/* nmi_setup says -EIO */
};

#define SIMPIC_SPURIOUS		((irq_hw_number_t)~0UL)	/* what iack says when nothing is there */

struct simpic;

/* What a line has seen, for tests: deliveries must equal ends. */
struct simpic_line_stats {
	unsigned long	raised;		/* edges or assertions from the device */
	unsigned long	dropped;	/* edges lost to SIMPIC_DROP_MASKED_EDGE */
	unsigned long	delivered;	/* taken by a CPU through iack */
	unsigned long	acks;
	unsigned long	eois;
	unsigned long	retriggers;
	unsigned long	per_cpu[GENIRQ_NR_CPUS];	/* deliveries by CPU */
	bool		masked;
	bool		asserted;	/* level input high */
	bool		latched;	/* an edge waits for delivery */
	bool		in_service;	/* delivered, end not yet seen */
	unsigned int	route;		/* CPU it is routed to */
	unsigned int	priority;	/* 0 most urgent (irq_chip.set_priority): iack's order */
	bool		wake;		/* may wake the machine (irq_chip.set_wake) */
	unsigned long	wake_calls;	/* set_wake calls, refused ones too */
	bool		nmi;		/* an NMI: only simpic_iack_nmi() takes it */
	unsigned long	nmi_setups;	/* nmi_setup calls that succeeded */
	unsigned long	nmi_teardowns;
};

/* A controller with lines 0..@nr_lines-1, all masked, edge, routed to CPU 0.
 * Return: NULL when out of memory or @nr_lines is 0. */
struct simpic *simpic_create(const char *name, unsigned int nr_lines, enum simpic_style style);
void simpic_destroy(struct simpic *pic);
struct irq_domain *simpic_domain(struct simpic *pic);
/* Map line @hw, program its trigger. Return: the global number or -errno. */
int simpic_map(struct simpic *pic, irq_hw_number_t hw, unsigned int trigger);

/* Device side. */
void simpic_raise(struct simpic *pic, irq_hw_number_t hw);	/* edge, or assert level */
void simpic_lower(struct simpic *pic, irq_hw_number_t hw);	/* deassert level */
void simpic_set_fault(struct simpic *pic, irq_hw_number_t hw, unsigned int faults);
/* Make the next iack on @cpu return SIMPIC_SPURIOUS. */
void simpic_inject_spurious(struct simpic *pic, unsigned int cpu);

/* CPU side. */
bool simpic_pending(struct simpic *pic, unsigned int cpu);
irq_hw_number_t simpic_iack(struct simpic *pic, unsigned int cpu);
/* The CPU's NMI input: the most urgent NMI line deliverable to @cpu, taken
 * whatever its local interrupts; SIMPIC_SPURIOUS when there is none. Only
 * the SIMPIC_FASTEOI personality has NMIs. */
irq_hw_number_t simpic_iack_nmi(struct simpic *pic, unsigned int cpu);

void simpic_line_stats(struct simpic *pic, irq_hw_number_t hw, struct simpic_line_stats *out);

/*
 * The bottom of a hierarchy (<genirq/irqdomain.h>): lines @first..
 * @first+@count-1 are handed out to child domains (an MSI domain) as a
 * vector domain hands out vectors; irq_create_fwspec_mapping() on the
 * simpic's domain maps fwspec {hw, type} directly. Return: 0 or -errno.
 */
int simpic_enable_hierarchy(struct simpic *pic, irq_hw_number_t first, unsigned int count);
/* Lines of the range not handed out. */
unsigned int simpic_hier_free(struct simpic *pic);
/* Fault injection: the @k-th line handed out from now fails (-ENOSPC); 0: off. */
void simpic_fail_alloc_at(struct simpic *pic, unsigned long k);

/*
 * As an MSI target: the message of a line is data = line, address =
 * SIMPIC_MSI_ADDR | route CPU << SIMPIC_MSI_CPU_SHIFT. A device's write of
 * a message raises the line (an edge); anything else is counted as bad.
 */
#define SIMPIC_MSI_ADDR		0xfee00000u
#define SIMPIC_MSI_CPU_SHIFT	12
#define SIMPIC_MSI_CPU_MASK	(0xffu << SIMPIC_MSI_CPU_SHIFT)
struct msi_msg;
void simpic_msi_write(struct simpic *pic, const struct msi_msg *msg);
unsigned long simpic_msi_bad(struct simpic *pic);

GENIRQ_END_DECLS

#endif /* GENIRQ_SIMPIC_H */

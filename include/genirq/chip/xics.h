/* SPDX-License-Identifier: MIT */
/*
 * xics.h - the PAPR XICS interrupt controller, as a pseries guest sees it.
 *
 * Presentation (per CPU "server"): the hypercalls H_CPPR, H_XIRR, H_EOI
 * and H_IPI. Sources (numbered from 0x1000): the RTAS services
 * ibm,set-xive, ibm,int-on and ibm,int-off. The platform supplies both
 * calls and the RTAS tokens it found in the device tree; the driver is
 * only the primitives, and maps XICS numbers to global numbers through
 * an irq domain whose hardware numbers are the XICS numbers themselves.
 *
 * The IPI is the generic IPI API's (<genirq/ipi.h>): irq_reserve_ipi()
 * on xics_domain() gives one line per CPU of the mask (hardware lines
 * XICS_IPI_LINE0.., each what XISR 2 means on its CPU: the flow's ack
 * clears the server's MFRR, its eoi ends the XIRR); ipi_send_single()
 * sets the target server's MFRR (H_IPI). One MFRR per server: one
 * reservation at a time (a second one is -ENOSPC).
 *
 * MSI (PAPR): msi_create_irq_domain(xics_domain(), "PCI-MSI",
 * MSI_PARENT_EOI) gives device MSIs: the domain's hierarchy alloc asks the
 * firmware for the device's MSIs (ibm,change-msi, function MSI, the
 * device's requester ID as its config address) and their XICS sources
 * (ibm,query-interrupt-source-number): each line is that source, masked
 * until started, routed by ibm,set-xive like any other. The message is
 * the firmware's (address: the PHB's MSI window, data: the source number);
 * the chip composes the same one. Free gives them back (ibm,change-msi
 * with 0 MSIs). The destination of a line is its XICS server, not in the
 * message.
 */
#ifndef GENIRQ_XICS_H
#define GENIRQ_XICS_H

#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

#define XICS_IPI		2u	/* XISR of an inter-processor interrupt */
#define XICS_FIRST_SOURCE	0x1000u	/* first number of a real source */
#define XICS_NR_HW		0x1400u	/* domain size: VIO, events, PCI LSI, 256 MSI */
#define XICS_IPI_LINE0		0x100u	/* the IPI reservation's lines (no XISR of their own) */

struct xics_hv {
	/* A hypercall: returns the H_* status, *@out = the first result (r4). */
	long	(*hcall)(unsigned long op, unsigned long a0, unsigned long a1,
			 unsigned long *out);
	/* An RTAS call: returns rets[0] (0 = success). */
	int	(*rtas)(unsigned int token, unsigned int nargs, const unsigned int *args,
			unsigned int nret, unsigned int *rets);
	unsigned int	tok_set_xive, tok_int_on, tok_int_off;
	/* Optional (0 / NULL: that state is not read): ibm,get-xive, for a
	 * source's masked state; a hypercall giving its first two results
	 * (r4, r5) in @out, for H_IPOLL (an IPI line's pending, its MFRR). */
	unsigned int	tok_get_xive;
	long	(*hcall2)(unsigned long op, unsigned long a0, unsigned long out[2]);
	/* MSI through the PAPR PCI RTAS services (0: none): ibm,change-msi,
	 * ibm,query-interrupt-source-number, and the host bridge's BUID. */
	unsigned int	tok_change_msi, tok_query_src;
	uint64_t	msi_buid;
	unsigned int	nr_cpus;
	unsigned int	server[GENIRQ_NR_CPUS];	/* CPU -> interrupt server number */
};

struct xics;

/**
 * xics_create - the controller and its irq domain (hardware numbers are
 * XICS numbers: XICS_IPI and XICS_FIRST_SOURCE.. up to XICS_NR_HW)
 * @hv: the platform's calls, RTAS tokens and CPU -> server table; copied
 *
 * Context: boot, after irq_core_init(). Return: the controller, or NULL
 * (bad @hv, out of memory).
 */
struct xics *xics_create(const struct xics_hv *hv);
struct irq_domain *xics_domain(struct xics *x);

/**
 * xics_map - give source @src a global number, routed to the boot CPU's
 * server and masked until a handler starts it
 * @trigger: IRQ_TYPE_LEVEL_HIGH (PCI LSIs) or IRQ_TYPE_EDGE_RISING (VIO,
 *	     events, MSIs: the hypervisor's choice, XICS cannot change it)
 *
 * Context: process context. Return: the global number; -EINVAL for @src
 * outside the sources or a trigger XICS cannot have; -ENOSPC, -ENOMEM.
 */
int xics_map(struct xics *x, irq_hw_number_t src, unsigned int trigger);

/**
 * xics_cpu_init - open the calling CPU's presentation (CPPR 0xff, MFRR
 * cleared)
 *
 * Context: each CPU, once, interrupts off, before it takes interrupts.
 */
void xics_cpu_init(struct xics *x);

/**
 * xics_handle - take one external interrupt on this CPU
 * @regs: the interrupted state, for get_irq_regs()
 *
 * Accepts the most favoured pending interrupt (H_XIRR) and dispatches it
 * through the domain (XISR 2: this CPU's line of the IPI reservation);
 * XISR 0 is counted with irq_spurious_vector() and not ended. The XIRR is kept per CPU until the flow's eoi (H_EOI): ends
 * come in reverse order of accepts, as XICS's CPPR requires.
 *
 * Context: the 0x500 exception, local interrupts off, on the stack the
 * port chose.
 */
void xics_handle(struct xics *x, void *regs);

/* Lines of XICS MSI sources in use (given by the firmware, not freed). */
unsigned int xics_msi_lines(struct xics *x);

GENIRQ_END_DECLS

#endif /* GENIRQ_XICS_H */

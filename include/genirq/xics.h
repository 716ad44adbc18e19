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
 */
#ifndef GENIRQ_XICS_H
#define GENIRQ_XICS_H

#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

#define XICS_IPI		2u	/* XISR of an inter-processor interrupt */
#define XICS_FIRST_SOURCE	0x1000u	/* first number of a real source */
#define XICS_NR_HW		0x1400u	/* domain size: VIO, events, PCI LSI, 256 MSI */

struct xics_hv {
	/* A hypercall: returns the H_* status, *@out = the first result (r4). */
	long	(*hcall)(unsigned long op, unsigned long a0, unsigned long a1,
			 unsigned long *out);
	/* An RTAS call: returns rets[0] (0 = success). */
	int	(*rtas)(unsigned int token, unsigned int nargs, const unsigned int *args,
			unsigned int nret, unsigned int *rets);
	unsigned int	tok_set_xive, tok_int_on, tok_int_off;
	unsigned int	nr_cpus;
	unsigned int	server[GENIRQ_NR_CPUS];	/* CPU -> interrupt server number */
};

struct xics;

/* Create the controller and its domain. @hv is copied. NULL on failure. */
struct xics *xics_create(const struct xics_hv *hv);
struct irq_domain *xics_domain(struct xics *x);

/* Map source @src (>= XICS_FIRST_SOURCE) with its trigger, routed to the
 * boot CPU and masked. Return: the global number or -errno. */
int xics_map(struct xics *x, irq_hw_number_t src, unsigned int trigger);

/* Map the IPI as a per-CPU line. Return: the global number or -errno. */
int xics_map_ipi(struct xics *x);

/* Open this CPU's presentation (CPPR: accept every priority). */
void xics_cpu_init(struct xics *x);

/*
 * xics_handle - take one external interrupt on this CPU
 *
 * Accepts the most favoured pending interrupt (H_XIRR) and dispatches it
 * through the domain; XISR 0 is counted as spurious and not ended. The
 * XIRR is kept per CPU until the flow's eoi (nested events stack).
 * Context: external-interrupt entry, local interrupts off.
 */
void xics_handle(struct xics *x, void *regs);

/* Raise the IPI on @cpu. Context: any. */
void xics_send_ipi(struct xics *x, unsigned int cpu);

GENIRQ_END_DECLS

#endif /* GENIRQ_XICS_H */

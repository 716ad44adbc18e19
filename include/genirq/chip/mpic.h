/* SPDX-License-Identifier: MIT */
/*
 * mpic.h - OpenPIC / MPIC interrupt controllers (Freescale MPIC,
 * Apple Keylargo OpenPIC, and other OpenPIC 1.2 descendants).
 *
 * One driver for both register byte orders: the order is chosen per
 * instance (FSL MPICs are big-endian, Apple's OpenPIC little-endian).
 *
 * Hardware line numbers in the instance's irq domain:
 *   0 .. nr_sources-1                    external and internal sources
 *   nr_sources + 0 .. 3                  IPIs 0-3 (their vectors)
 *   nr_sources + 4 .. 7                  global timers 0-3
 *   224 .. 231 (fsl_msi)                 the MSI bank's sources
 *   after both: + n * nr_cpus + i        line i of IPI n's reservation
 * Each vector is its hardware number, so IACK gives the line.
 *
 * IPIs go through the generic IPI API (<genirq/ipi.h>): irq_reserve_ipi()
 * on mpic_domain() takes one of the four IPIs and gives one per-CPU line
 * per CPU of the mask (the IPI's vector taken on that CPU dispatches
 * it); ipi_send_single() writes the IPI's dispatch register. Four
 * reservations at most, fewer if an IPI's own line is mapped flat.
 *
 * irq_get_irqchip_state() / irq_set_irqchip_state(): masked (the VPR's
 * MASK), pending read from ACTIVITY while unmasked (an MSI bank: MSISR)
 * and set on IPIs and MSI banks only; never active (docs/ppc.md).
 */
#ifndef GENIRQ_MPIC_H
#define GENIRQ_MPIC_H

#include <stdbool.h>
#include <stdint.h>
#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

#define MPIC_NR_IPIS		4
#define MPIC_NR_TIMERS		4
#define MPIC_SPURIOUS		((irq_hw_number_t)~0UL)	/* mpic_iack(): nothing there */
#define MPIC_MSI_SOURCE0	224u	/* FSL: MSI bank n raises source 224 + n */
#define MPIC_NR_MSI		8u

/* Default priorities (0 = never delivered, 15 = highest). */
#define MPIC_PRIO_SOURCE	5
#define MPIC_PRIO_TIMER		8	/* above devices: the tick nests into handlers */
#define MPIC_PRIO_IPI		10

struct mpic_config {
	const char	*name;
	uintptr_t	base;		/* the mapped register block */
	bool		big_endian;	/* register byte order */
	uint32_t	gcr_mode;	/* GCR mode bits after reset (FSL: mixed 0x20000000) */
	uint32_t	spurious_vector;/* FSL: 0xffff; 8-bit OpenPICs: 0xff */
	bool		fsl_msi;	/* the FSL MSI bank: MSIIR/MSIR0-7, sources 224-231 */
};

struct mpic;

/**
 * mpic_create - reset an MPIC, mask every line, make its irq domain
 *
 * Sources are counted from FRR; every line starts masked, edge, at its
 * default priority, routed to CPU 0. Line vectors are the hardware
 * numbers, so @cfg->spurious_vector must be above all of them.
 * Context: boot, on CPU 0, interrupts off.
 * Return: the instance, or NULL after a report on the console: out of
 * memory, a spurious vector wider than 16 bits or not above every line's
 * vector, or a reset (GCR bit 31) that did not complete.
 */
struct mpic *mpic_create(const struct mpic_config *cfg);
struct irq_domain *mpic_domain(struct mpic *m);

/* From FRR: sources (external + internal) and CPUs the MPIC serves. */
unsigned int mpic_nr_sources(struct mpic *m);
unsigned int mpic_nr_cpus(struct mpic *m);

/* Hardware numbers of IPI @n and global timer @n. */
irq_hw_number_t mpic_ipi_hwirq(struct mpic *m, unsigned int n);
irq_hw_number_t mpic_timer_hwirq(struct mpic *m, unsigned int n);

/* Priority of a line (0-15). Return: 0 or -EINVAL. Context: line not firing. */
int mpic_set_priority(struct mpic *m, irq_hw_number_t hw, unsigned int prio);

/* This CPU's task priority: lines at or below it are held back. */
void mpic_set_cpu_priority(struct mpic *m, unsigned int prio);

/* Accept interrupts on the calling CPU (task priority 0). Context: each CPU. */
void mpic_cpu_init(struct mpic *m);

/**
 * mpic_iack - take the highest-priority line pending for this CPU
 * Return: its hardware number, or MPIC_SPURIOUS for the spurious vector
 * (nothing to end: no EOI is owed for it).
 * Context: interrupt entry, interrupts off.
 */
irq_hw_number_t mpic_iack(struct mpic *m);

/* End the event mpic_iack() gave, for a line nobody mapped. */
void mpic_eoi_cpu(struct mpic *m);

/**
 * mpic_handle - take one external interrupt on this CPU
 * @regs: the interrupted state, for get_irq_regs()
 *
 * IACK, then the line's flow through the domain (its eoi ends the event).
 * The spurious vector is counted with irq_spurious_vector() and not
 * ended; a vector with no mapped line is counted by the core and ended
 * here.
 *
 * Context: external interrupt entry, local interrupts off, on the stack
 * the port chose.
 */
void mpic_handle(struct mpic *m, void *regs);

/*
 * FSL MSI (mpic_config.fsl_msi): msi_create_irq_domain(mpic_domain(),
 * "PCI-MSI", MSI_PARENT_ACK) gives device MSIs, one MSI bank (MPIC source
 * 224 + n, its own destination) per line, message data n << 5 to MSIIR at
 * @msiir_bus_addr: where devices reach the MPIC's MSIIR (0x1740) on their
 * bus. Until it is set, MSI allocation fails with -ENODEV.
 */
void mpic_msi_set_doorbell(struct mpic *m, uint32_t msiir_bus_addr);
/* MSI banks with no line (the allocator's count). */
unsigned int mpic_msi_free_banks(struct mpic *m);

/* Which IPI hardware line @hw is or belongs to (0-3), or -EINVAL. */
int mpic_ipi_number(struct mpic *m, irq_hw_number_t hw);

/**
 * mpic_timer_start - run global timer @n, firing every @count clocks
 * @count: reload value (< 2^31); 0 stops the timer
 * Return: 0 or -EINVAL.
 */
int mpic_timer_start(struct mpic *m, unsigned int n, uint32_t count);

/* The timer clock in Hz from TFRR; 0 when the MPIC does not say. */
uint32_t mpic_timer_freq(struct mpic *m);

/* Does line @hw show activity (pending and unmasked)? For tests. */
bool mpic_line_active(struct mpic *m, irq_hw_number_t hw);

GENIRQ_END_DECLS

#endif /* GENIRQ_MPIC_H */

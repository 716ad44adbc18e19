/* SPDX-License-Identifier: MIT */
/*
 * gicv3_its.h - the GICv3 Interrupt Translation Service: a device writes
 * an event number to GITS_TRANSLATER (the ITS's second 64 KiB page +
 * 0x40) and the ITS, from the writer's device ID (PCI: its requester
 * ID), finds in that device's interrupt translation table (ITT) the LPI
 * and the collection, and the collection's redistributor makes the LPI
 * pending on its CPU. The driver keeps the tables in memory the caller
 * gives, and changes them only through the ITS's command queue: MAPD (a
 * device and its ITT), MAPC (a collection per CPU, ICID = CPU number)
 * and INVALL (its redistributor reads the LPI configuration),
 * MAPTI (event -> LPI, collection), MOVI (the event to another
 * collection), DISCARD, INV (an LPI's configuration byte changed), SYNC.
 *
 * The ITS is the bottom of a domain hierarchy (<genirq/irqdomain.h>):
 *
 *     PCI-MSI domain     (msi_create_irq_domain(..., "ITS-PCI-MSI"))
 *        | parent        alloc passes the struct msi_dev: its id is the device ID
 *     ITS domain         hwirq = LPI - 8192; the message: GITS_TRANSLATER,
 *                        data = the event; mask = the LPI's enable bit + INV;
 *                        affinity = MOVI to the CPU's collection
 *     (GICv3 CPU interface: gicv3_handle() dispatches LPIs through it)
 */
#ifndef GENIRQ_GICV3_ITS_H
#define GENIRQ_GICV3_ITS_H

#include <stddef.h>
#include <stdint.h>
#include <genirq/irq.h>
#include <genirq/chip/gicv3.h>

GENIRQ_BEGIN_DECLS

#define GITS_TRANSLATER_OFF	0x10040u	/* the message address: ITS + this */
#define ITS_ID_BITS		14u		/* LPI INTIDs 8192..16383 */
#define ITS_EVENTS_PER_DEV	32u		/* an ITT: events 0..31 */
#define ITS_MAX_DEVICES		8u		/* devices with events at once */
#define ITS_MAX_LPIS		256u
/* Memory an ITS needs (its_config.mem): a 64 KiB pending table per CPU,
 * and the rest in one more 64 KiB. */
#define ITS_MEM_BYTES(cpus)	(((cpus) + 1u) * 0x10000u)

struct its_config {
	uintptr_t	base;		/* the ITS's registers (two 64 KiB pages) */
	/* Table memory, 64 KiB aligned, ITS_MEM_BYTES(nr_cpus of the GIC)
	 * bytes, physical = virtual; the driver owns it from now on. */
	void		*mem;
	size_t		mem_bytes;
	unsigned int	nr_cpus;
	unsigned int	nr_lpis;	/* LPIs handed out, at most ITS_MAX_LPIS */
	unsigned int	nr_devids;	/* device IDs 0..nr_devids-1 (PCI bus 0: 256) */
};

struct its;

/**
 * its_create - set up the ITS at @cfg->base under @gic: its device and
 * collection tables (GITS_BASER), its command queue (GITS_CBASER), the
 * LPI tables of every redistributor (gicv3_lpi_init()), one collection
 * per CPU (MAPC), and the ITS domain
 *
 * Context: boot, after gicv3_create(), before any device can send.
 * Return: the ITS, or NULL after a report (bad @cfg, too little memory,
 * an ITS with no physical LPIs or no such tables, a command the ITS
 * stalled on).
 */
struct its *its_create(struct gicv3 *gic, const struct its_config *cfg);
/* The ITS domain: the parent of a PCI-MSI domain. */
struct irq_domain *its_domain(struct its *its);
/* LPIs not given to a line. */
unsigned int its_free_lpis(struct its *its);
/* Where line @irq of the ITS domain is: device ID, event, LPI INTID and
 * collection (CPU). Return: 0 or -EINVAL. */
int its_line_target(struct its *its, unsigned int irq, uint32_t *devid, uint32_t *event,
		    uint32_t *lpi, unsigned int *cpu);
/* What the set-up found: GITS_TYPER, the device and collection tables'
 * entry sizes and bytes, the ITT entry size. */
struct its_info {
	uint64_t	typer;
	unsigned int	dte_bytes, cte_bytes, ite_bytes;
	size_t		dt_bytes, ct_bytes;
	unsigned int	cmds;		/* commands the ITS has processed */
};
void its_get_info(struct its *its, struct its_info *info);

GENIRQ_END_DECLS

#endif /* GENIRQ_GICV3_ITS_H */

// SPDX-License-Identifier: MIT
/*
 * xics.c - the PAPR XICS controller (see <genirq/chip/xics.h>).
 *
 * A source is routed by ibm,set-xive(src, server, priority); priority
 * 0xff masks it. ibm,int-off masks and remembers the priority, ibm,int-on
 * puts it back - but set-xive overwrites the remembered priority too, so
 * a masked line is re-routed with priority 0xff and unmasked with
 * set-xive + int-on, never by set-xive alone (it would open the line).
 *
 * Presentation: H_XIRR accepts the most favoured interrupt and raises
 * the CPU's CPPR to its priority; H_EOI(xirr) ends it and restores the
 * old CPPR, so ends must come in reverse order of accepts: each CPU keeps
 * a small stack of the XIRRs it has accepted.
 *
 * The IPI (XISR 2 on every server, raised through the server's MFRR) is
 * the generic IPI API's: the domain is also the bottom of a hierarchy
 * whose only hierarchical lines are one irq_reserve_ipi() reservation,
 * hardware lines XICS_IPI_LINE0 + i. Routing line i to CPU c records
 * that XISR 2 on c means it; xics_handle() looks that up.
 */
#include <genirq/irqdomain.h>
#include <genirq/compat.h>
#include <genirq/msi.h>
#include <genirq/spinlock.h>
#include <genirq/chip/xics.h>

#define H_EOI		0x64
#define H_CPPR		0x68
#define H_IPI		0x6c
#define H_IPOLL		0x70
#define H_XIRR		0x74

#define PRIO_DEVICE	5u	/* any value below 0xff works; Linux uses 5 */
#define PRIO_IPI	4u	/* more favoured: an IPI may preempt a device handler */
#define PRIO_MASKED	0xffu
#define CPPR_OPEN	0xffu	/* accept every priority */
#define MFRR_NONE	0xffu
#define XISR_MASK	0x00ffffffu
#define RTAS_CHANGE_MSI_FN	3u	/* ibm,change-msi: MSI (not MSI-X) */
#define SPAPR_MSI_WINDOW_HI	0x400u	/* QEMU's MSI window, 0x400_0000_0000 */
#define NEST_MAX	8	/* interrupts in progress on one CPU */

struct xics_source {
	unsigned int	server;
	bool		masked;
	bool		msi;		/* a line of xics_msi_alloc() */
	unsigned int	msi_cfg;	/* its device (config address) */
};

struct xics_cpu {
	unsigned long	xirr[NEST_MAX];
	unsigned int	depth;
	irq_hw_number_t	ipi_line;	/* what XISR 2 means here (XICS_IPI: none) */
} __irq_cacheline_aligned;

struct xics {
	struct xics_hv		hv;
	struct irq_domain	*domain;
	struct irq_spinlock	rtas_lock;	/* one RTAS call at a time */
	bool			ipi_reserved;
	unsigned int		msi_lines;	/* MSI sources in use */
	struct xics_cpu		cpu[GENIRQ_NR_CPUS];
	struct xics_source	src[XICS_NR_HW - XICS_FIRST_SOURCE];
};

static struct xics_source *source_of(struct irq_data *d)
{
	return &((struct xics *)d->chip_data)->src[d->hwirq - XICS_FIRST_SOURCE];
}

static void report(const char *what)
{
	static const char prefix[] = "xics: ";
	size_t n = 0;

	while (what[n])
		n++;
	port_console_write(prefix, sizeof(prefix) - 1);
	port_console_write(what, n);
	port_console_write("\n", 1);
}

static int rtas(struct xics *x, unsigned int token, unsigned int nargs,
		unsigned int a0, unsigned int a1, unsigned int a2)
{
	const unsigned int args[3] = { a0, a1, a2 };
	unsigned int ret[1];
	unsigned long flags = irq_spin_lock_irqsave(&x->rtas_lock);
	int status = x->hv.rtas(token, nargs, args, 1, ret);

	irq_spin_unlock_irqrestore(&x->rtas_lock, flags);
	if (status != 0)
		report("an RTAS source call failed");
	return status;
}

/* An RTAS call with up to 6 arguments and 4 results; returns rets[0]. */
static int rtas_n(struct xics *x, unsigned int token, unsigned int nargs,
		  const unsigned int *args, unsigned int nret, unsigned int *rets)
{
	unsigned long flags = irq_spin_lock_irqsave(&x->rtas_lock);
	int status = x->hv.rtas(token, nargs, args, nret, rets);

	irq_spin_unlock_irqrestore(&x->rtas_lock, flags);
	return status;
}

static void xics_mask(struct irq_data *d)
{
	struct xics *x = d->chip_data;

	source_of(d)->masked = true;
	rtas(x, x->hv.tok_int_off, 1, (unsigned int)d->hwirq, 0, 0);
}

static void xics_unmask(struct irq_data *d)
{
	struct xics *x = d->chip_data;
	struct xics_source *s = source_of(d);

	s->masked = false;
	rtas(x, x->hv.tok_set_xive, 3, (unsigned int)d->hwirq, s->server, PRIO_DEVICE);
	rtas(x, x->hv.tok_int_on, 1, (unsigned int)d->hwirq, 0, 0);
}

/* End the event on top of this CPU's stack. */
static void xics_end(struct xics *x)
{
	struct xics_cpu *c = &x->cpu[port_cpu_id()];
	unsigned long dummy;

	if (c->depth == 0) {
		report("eoi with no interrupt in progress");
		return;
	}
	x->hv.hcall(H_EOI, c->xirr[--c->depth], 0, &dummy);
}

static void xics_eoi(struct irq_data *d)
{
	xics_end(d->chip_data);
}

/* XICS sources have a fixed trigger (the hypervisor's); accept both. */
static int xics_set_type(struct irq_data *d, unsigned int type)
{
	(void)d;
	return (type == IRQ_TYPE_LEVEL_HIGH || type == IRQ_TYPE_EDGE_RISING) ? 0 : -EINVAL;
}

static int xics_set_affinity(struct irq_data *d, const struct irq_cpumask *dest)
{
	struct xics *x = d->chip_data;
	struct xics_source *s = source_of(d);
	unsigned int cpu = cpumask_first(dest);
	int status;

	if (cpu >= x->hv.nr_cpus)
		return -EINVAL;
	status = rtas(x, x->hv.tok_set_xive, 3, (unsigned int)d->hwirq, x->hv.server[cpu],
		      s->masked ? PRIO_MASKED : PRIO_DEVICE);
	if (status != 0)
		return -EIO;
	s->server = x->hv.server[cpu];
	irq_data_update_effective_cpu(d, cpu);
	return 0;
}

/* The message the firmware programmed into an MSI's device: its MSI
 * window, the source number (used only for MSI lines). */
static void xics_msi_compose_msg(struct irq_data *d, struct msi_msg *msg)
{
	msg->address_hi = SPAPR_MSI_WINDOW_HI;
	msg->address_lo = 0;
	msg->data = (uint32_t)d->hwirq;
}

/*
 * A source's states: only masked is known (ibm,get-xive: priority 0xff),
 * and set through the line's own mask and unmask. The ICS holds a masked
 * event (an MSI's "masked pending") but no guest call reads it, nor which
 * source a CPU has accepted: pending and active are -EINVAL.
 */
static int xics_get_state(struct irq_data *d, enum irqchip_irq_state which, bool *state)
{
	struct xics *x = d->chip_data;
	const unsigned int args[1] = { (unsigned int)d->hwirq };
	unsigned int rets[3] = { 0, 0, 0 };

	if (which != IRQCHIP_STATE_MASKED || !x->hv.tok_get_xive)
		return -EINVAL;
	if (rtas_n(x, x->hv.tok_get_xive, 1, args, 3, rets) != 0)
		return -EIO;
	*state = rets[2] == PRIO_MASKED;
	return 0;
}

static int xics_set_state(struct irq_data *d, enum irqchip_irq_state which, bool val)
{
	if (which != IRQCHIP_STATE_MASKED)
		return -EINVAL;
	if (val)
		xics_mask(d);
	else
		xics_unmask(d);
	return 0;
}

static const struct irq_chip xics_chip = {
	.name			= "XICS",
	.mask			= xics_mask,
	.unmask			= xics_unmask,
	.eoi			= xics_eoi,
	.set_type		= xics_set_type,
	.set_affinity		= xics_set_affinity,
	.compose_msi_msg	= xics_msi_compose_msg,
	.set_wake		= irq_chip_wake_when_enabled,	/* a wait wakes */
	.get_irqchip_state	= xics_get_state,
	.set_irqchip_state	= xics_set_state,
};

/* The IPI: each server has its own MFRR; clearing it is the ack. */
static void xics_ipi_ack(struct irq_data *d)
{
	struct xics *x = d->chip_data;
	unsigned long dummy;

	x->hv.hcall(H_IPI, x->hv.server[port_cpu_id()], MFRR_NONE, &dummy);
}

/* An IPI line goes to one CPU: XISR 2 taken there is this line. */
static int xics_ipi_set_affinity(struct irq_data *d, const struct irq_cpumask *dest)
{
	struct xics *x = d->chip_data;
	unsigned int cpu = cpumask_first(dest);

	if (cpu >= x->hv.nr_cpus)
		return -EINVAL;
	for (unsigned int c = 0; c < x->hv.nr_cpus; c++)
		if (x->cpu[c].ipi_line == d->hwirq)
			x->cpu[c].ipi_line = XICS_IPI;
	x->cpu[cpu].ipi_line = d->hwirq;
	irq_data_update_effective_cpu(d, cpu);
	return 0;
}

/* The one send primitive: the target server's MFRR at the IPI priority. */
static void xics_ipi_send_single(struct irq_data *d, unsigned int cpu)
{
	struct xics *x = d->chip_data;
	unsigned long dummy;

	if (cpu < x->hv.nr_cpus)
		x->hv.hcall(H_IPI, x->hv.server[cpu], PRIO_IPI, &dummy);
}

/* The server of the CPU an IPI line is routed to, or -1. */
static long ipi_server(struct xics *x, irq_hw_number_t hw)
{
	for (unsigned int c = 0; c < x->hv.nr_cpus; c++)
		if (x->cpu[c].ipi_line == hw)
			return (long)x->hv.server[c];
	return -1;
}

/*
 * An IPI line is pending while its server's MFRR asks for an interrupt
 * (read through H_IPOLL, where the platform gives its second result),
 * set and cleared through H_IPI as a send does. Nothing masks an MFRR,
 * and the ICP's accepted interrupt is not the line's: -EINVAL.
 */
static int xics_ipi_get_state(struct irq_data *d, enum irqchip_irq_state which, bool *state)
{
	struct xics *x = d->chip_data;
	long server = ipi_server(x, d->hwirq);
	unsigned long out[2] = { 0, MFRR_NONE };

	if (which != IRQCHIP_STATE_PENDING || server < 0 || !x->hv.hcall2)
		return -EINVAL;
	if (x->hv.hcall2(H_IPOLL, (unsigned long)server, out) != 0)
		return -EIO;
	*state = (out[1] & 0xffu) != MFRR_NONE;
	return 0;
}

static int xics_ipi_set_state(struct irq_data *d, enum irqchip_irq_state which, bool val)
{
	struct xics *x = d->chip_data;
	long server = ipi_server(x, d->hwirq);
	unsigned long dummy;

	if (which != IRQCHIP_STATE_PENDING || server < 0)
		return -EINVAL;
	x->hv.hcall(H_IPI, (unsigned long)server, val ? PRIO_IPI : MFRR_NONE, &dummy);
	return 0;
}

static const struct irq_chip xics_ipi_chip = {
	.name			= "XICS-IPI",
	.ack			= xics_ipi_ack,
	.eoi			= xics_eoi,
	.set_affinity		= xics_ipi_set_affinity,
	.ipi_send_single	= xics_ipi_send_single,
	.get_irqchip_state	= xics_ipi_get_state,
	.set_irqchip_state	= xics_ipi_set_state,
};

/* ibm,change-msi for the device at @cfg: @nr MSIs (0: none). Return: how many. */
static int change_msi(struct xics *x, unsigned int cfg, unsigned int nr)
{
	const unsigned int args[6] = { cfg, (unsigned int)(x->hv.msi_buid >> 32),
				       (unsigned int)x->hv.msi_buid, RTAS_CHANGE_MSI_FN, nr, 0 };
	unsigned int rets[4] = { 0, 0, 0, 0 };

	if (rtas_n(x, x->hv.tok_change_msi, 6, args, 4, rets) != 0) {
		report("ibm,change-msi failed");
		return -EIO;
	}
	return (int)rets[1];
}

/* Lines for @nr MSIs of the device @dev: the firmware's sources. */
static int xics_msi_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr,
			  struct msi_dev *dev)
{
	struct xics *x = irq_domain_host_data(d);
	unsigned int cfg = dev->id << 8, src[32];	/* bus << 16 | devfn << 8 */
	int got, ret = 0;

	if (!x->hv.tok_change_msi || !x->hv.tok_query_src || nr > 32)
		return -ENODEV;
	got = change_msi(x, cfg, nr);
	if (got < 0)
		return got;
	if ((unsigned int)got < nr) {
		change_msi(x, cfg, 0);
		return -ENOSPC;
	}
	for (unsigned int i = 0; i < nr && !ret; i++) {
		const unsigned int args[4] = { cfg, (unsigned int)(x->hv.msi_buid >> 32),
					       (unsigned int)x->hv.msi_buid, i };
		unsigned int rets[3] = { 0, 0, 0 };

		if (rtas_n(x, x->hv.tok_query_src, 4, args, 3, rets) != 0 ||
		    rets[1] < XICS_FIRST_SOURCE || rets[1] >= XICS_NR_HW)
			ret = -EIO;
		src[i] = rets[1];
	}
	for (unsigned int i = 0; i < nr && !ret; i++)
		ret = irq_domain_set_hwirq_and_chip(d, virq + i, src[i], &xics_chip, x);
	if (ret) {
		change_msi(x, cfg, 0);
		return ret;
	}
	for (unsigned int i = 0; i < nr; i++) {	/* known state: masked, to the boot CPU */
		x->src[src[i] - XICS_FIRST_SOURCE] = (struct xics_source){
			.server = x->hv.server[0], .masked = true, .msi = true, .msi_cfg = cfg };
		rtas(x, x->hv.tok_set_xive, 3, src[i], x->hv.server[0], PRIO_MASKED);
	}
	x->msi_lines += nr;
	return 0;
}

/* One MFRR per server: one reservation, a line for each CPU of its mask.
 * From the MSI layer (@arg: the device), MSI lines instead. */
static int xics_ipi_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr, void *arg)
{
	struct xics *x = irq_domain_host_data(d);
	int ret = 0;

	if (arg)
		return xics_msi_alloc(d, virq, nr, arg);
	if (x->ipi_reserved || nr > x->hv.nr_cpus)
		return -ENOSPC;
	for (unsigned int i = 0; i < nr && !ret; i++)
		ret = irq_domain_set_hwirq_and_chip(d, virq + i, XICS_IPI_LINE0 + i,
						    &xics_ipi_chip, x);
	if (!ret)
		x->ipi_reserved = true;
	return ret;
}

static void xics_ipi_free(struct irq_domain *d, unsigned int virq, unsigned int nr)
{
	struct xics *x = irq_domain_host_data(d);
	struct irq_data *data = irq_domain_get_irq_data(d, virq);

	if (data && data->chip == &xics_chip && source_of(data)->msi) {	/* one device's */
		unsigned int cfg = source_of(data)->msi_cfg;

		for (unsigned int i = 0; i < nr; i++) {
			data = irq_domain_get_irq_data(d, virq + i);
			if (data)
				rtas(x, x->hv.tok_set_xive, 3, (unsigned int)data->hwirq,
				     x->hv.server[0], PRIO_MASKED);
		}
		for (unsigned int i = 0; i < nr; i++) {
			data = irq_domain_get_irq_data(d, virq + i);
			if (data)
				source_of(data)->msi = false;
		}
		change_msi(x, cfg, 0);
		x->msi_lines -= nr;
		return;
	}
	for (unsigned int c = 0; c < GENIRQ_NR_CPUS; c++)
		x->cpu[c].ipi_line = XICS_IPI;
	x->ipi_reserved = false;
}

static const struct irq_domain_ops xics_ipi_ops = {
	.alloc	= xics_ipi_alloc,
	.free	= xics_ipi_free,
};

struct xics *xics_create(const struct xics_hv *hv)
{
	struct xics *x;

	if (!hv || !hv->hcall || !hv->rtas || hv->nr_cpus == 0 || hv->nr_cpus > GENIRQ_NR_CPUS)
		return NULL;
	x = port_alloc(sizeof(*x));
	if (!x)
		return NULL;
	*x = (struct xics){ .hv = *hv };
	irq_spin_init(&x->rtas_lock);
	for (unsigned int i = 0; i < GENIRQ_ARRAY_SIZE(x->src); i++)
		x->src[i] = (struct xics_source){ .server = hv->server[0], .masked = true };
	for (unsigned int c = 0; c < GENIRQ_NR_CPUS; c++)
		x->cpu[c].ipi_line = XICS_IPI;
	x->domain = irq_domain_create_linear("XICS", XICS_NR_HW, &xics_chip, x);
	if (!x->domain || irq_domain_set_hierarchy_ops(x->domain, &xics_ipi_ops, x)) {
		port_free(x);
		return NULL;
	}
	return x;
}

struct irq_domain *xics_domain(struct xics *x)
{
	return x->domain;
}

int xics_map(struct xics *x, irq_hw_number_t src, unsigned int trigger)
{
	int irq, ret;

	if (src < XICS_FIRST_SOURCE || src >= XICS_NR_HW)
		return -EINVAL;
	irq = irq_create_mapping(x->domain, src);
	if (irq < 0)
		return irq;
	/* Start from a known state: routed to the boot CPU, masked. */
	rtas(x, x->hv.tok_set_xive, 3, (unsigned int)src, x->hv.server[0], PRIO_MASKED);
	ret = irq_set_irq_type((unsigned int)irq, trigger);
	return ret < 0 ? ret : irq;
}

unsigned int xics_msi_lines(struct xics *x)
{
	return x->msi_lines;
}

void xics_cpu_init(struct xics *x)
{
	unsigned long dummy;

	x->cpu[port_cpu_id()].depth = 0;
	x->hv.hcall(H_IPI, x->hv.server[port_cpu_id()], MFRR_NONE, &dummy);
	x->hv.hcall(H_CPPR, CPPR_OPEN, 0, &dummy);
}

void xics_handle(struct xics *x, void *regs)
{
	struct xics_cpu *c = &x->cpu[port_cpu_id()];
	unsigned long xirr = 0;
	irq_hw_number_t hw;

	x->hv.hcall(H_XIRR, 0, 0, &xirr);
	hw = xirr & XISR_MASK;
	if (irq_unlikely(hw < XICS_FIRST_SOURCE)) {
		if (hw == 0) {
			irq_spurious_vector();	/* nothing accepted: nothing to end */
			return;
		}
		if (hw == XICS_IPI)
			hw = c->ipi_line;	/* this CPU's line of the reservation */
	}
	if (c->depth == NEST_MAX) {
		report("too many nested interrupts, one dropped");
		x->hv.hcall(H_EOI, xirr, 0, &xirr);
		return;
	}
	c->xirr[c->depth++] = xirr;
	if (irq_handle_domain_entry(x->domain, hw, regs) < 0)
		xics_end(x);	/* unmapped: counted by the core, ended here */
}

// SPDX-License-Identifier: MIT
/*
 * mpic.c - OpenPIC / MPIC controllers (see <genirq/chip/mpic.h>).
 *
 * Only primitives. The flow is the core's: every MPIC line has an
 * end-of-interrupt (EOI) and no separate ack (IACK is the ack, done by
 * the port's entry before the line is known), so the core runs sources
 * and timers with the fasteoi flow and IPIs with the per-CPU flow.
 *
 * Register map (offsets from the MPIC base; OpenPIC 1.2 layout):
 *   0x1000 FRR, 0x1020 GCR, 0x10a0 + 0x10n IPI n vector/priority,
 *   0x10e0 spurious vector, 0x10f0 timer frequency,
 *   0x1100 + 0x40n timer n: current, base count, vector/priority, dest,
 *   0x10000 + 0x20s source s vector/priority, + 0x10 its destination,
 *   0x20000 + 0x1000c CPU c: IPI dispatch 0x40 + 0x10n, task priority
 *   0x80, IACK 0xa0, EOI 0xb0; FSL MSI: MSIR n 0x1600 + 0x10n, MSIIR 0x1740.
 *
 * IPIs are the generic IPI API's: the domain is also the bottom of a
 * hierarchy whose lines are irq_reserve_ipi() reservations. A reservation
 * takes one of the four IPIs, n, and has one line per CPU of its mask
 * (hardware lines after the timers and the MSI bank, no vector of their own);
 * routing line i to CPU c records that IPI n's vector taken on c means
 * it, and mpic_handle() looks that up. IPI n's vector is unmasked while
 * it is reserved.
 *
 * FSL MSI (mpic_config.fsl_msi): a device's message written to MSIIR
 * (0x1740) sets bit IBS of MSIR SRS (0x1600 + 0x10 SRS) and raises MPIC
 * source 224 + SRS until that MSIR is read. The hierarchy's other lines
 * are MSI targets for an MSI domain stacked on this one: one bank per
 * line (its own source, so its own destination register and affinity),
 * message data SRS << 5 (IBS 0). The chip's ack reads the MSIR (lowering
 * the source) and ends the event, so the line takes the edge flow and a
 * message that arrives while its handler runs is taken again.
 */
#include <genirq/chip/mpic.h>
#include <genirq/compat.h>
#include <genirq/irqdomain.h>
#include <genirq/msi.h>
#include <genirq/port.h>
#include <genirq/spinlock.h>

#define FRR		0x1000
#define GCR		0x1020
#define GCR_RESET	0x80000000u
#define IPI_VPR(n)	(0x10a0u + 0x10u * (n))
#define SVR		0x10e0
#define TFRR		0x10f0
#define TMR_BCR(n)	(0x1110u + 0x40u * (n))
#define TMR_VPR(n)	(0x1120u + 0x40u * (n))
#define TMR_DR(n)	(0x1130u + 0x40u * (n))
#define TMR_BCR_CI	0x80000000u	/* count inhibit */
#define SRC_VPR(s)	(0x10000u + 0x20u * (s))
#define SRC_DR(s)	(0x10010u + 0x20u * (s))
#define CPU_REG(c, r)	(0x20000u + 0x1000u * (c) + (r))
#define CPU_IPI_DR(n)	(0x40u + 0x10u * (n))
#define CPU_CTPR	0x80u
#define CPU_IACK	0xa0u
#define CPU_EOI		0xb0u
#define MSIR(n)		(0x1600u + 0x10u * (n))
#define MSISR		0x1720u		/* bit n: MSIR n holds messages */
#define MSIIR		0x1740u
#define MSIIR_SRS_SHIFT	29

#define VPR_MASK	0x80000000u
#define VPR_ACTIVITY	0x40000000u
#define VPR_POLARITY	0x00800000u	/* active high / rising */
#define VPR_SENSE	0x00400000u	/* level */
#define VPR_PRIO_SHIFT	16
#define VPR_PRIO	(0xfu << VPR_PRIO_SHIFT)

/* GCR reset is quick on real parts; bound the wait anyway. */
#define RESET_SPINS	100000
#define VECTOR_MAX	0xffffu		/* the widest vector field (FSL) */

struct mpic {
	uintptr_t		base;
	bool			swap;		/* registers in the other byte order */
	uint32_t		vector_mask;
	uint32_t		spurious;
	unsigned int		nr_sources;
	unsigned int		nr_cpus;
	struct irq_spinlock	lock;		/* read-modify-write of VPRs */
	struct irq_domain	*domain;
	unsigned int		ipi_reserved;	/* bit n: IPI n has a reservation */
	irq_hw_number_t		ipi_base;	/* first line of the reservations */
	bool			fsl_msi;	/* sources 224-231 are the MSI bank */
	unsigned int		msi_used;	/* bit n: MSI bank n has a line */
	uint32_t		msiir_bus;	/* MSIIR as devices address it, 0: unset */
	/* What IPI n's vector means on CPU c: its reservation's line there,
	 * or IPI n's own line (mpic_ipi_hwirq()) without one. */
	irq_hw_number_t		ipi_line[MPIC_NR_IPIS][GENIRQ_NR_CPUS];
};

/* One line on the console: "mpic NAME: WHAT". */
static void report(const char *name, const char *what)
{
	const char *parts[] = { "mpic ", name ? name : "?", ": ", what, "\n" };

	for (unsigned int i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		size_t n = 0;

		while (parts[i][n])
			n++;
		port_console_write(parts[i], n);
	}
}

static uint32_t swab32(uint32_t v)
{
	return (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
}

static uint32_t rd(struct mpic *m, uint32_t off)
{
	uint32_t v = *(volatile uint32_t *)(m->base + off);

	atomic_thread_fence(memory_order_seq_cst);
	return m->swap ? swab32(v) : v;
}

static void wr(struct mpic *m, uint32_t off, uint32_t v)
{
	/* Device stores made by a handler complete before its EOI. */
	atomic_thread_fence(memory_order_seq_cst);
	*(volatile uint32_t *)(m->base + off) = m->swap ? swab32(v) : v;
}

static uint32_t cpu_reg(uint32_t r)
{
	return CPU_REG(port_cpu_id(), r);
}

enum line_kind { LINE_SOURCE, LINE_IPI, LINE_TIMER, LINE_NONE };

static enum line_kind kind_of(struct mpic *m, irq_hw_number_t hw, unsigned int *n)
{
	if (hw < m->nr_sources ||
	    (m->fsl_msi && hw - MPIC_MSI_SOURCE0 < MPIC_NR_MSI)) {
		*n = (unsigned int)hw;
		return LINE_SOURCE;
	}
	hw -= m->nr_sources;
	*n = (unsigned int)hw % MPIC_NR_IPIS;
	if (hw < MPIC_NR_IPIS)
		return LINE_IPI;
	return hw < MPIC_NR_IPIS + MPIC_NR_TIMERS ? LINE_TIMER : LINE_NONE;
}

static bool is_msi_line(struct mpic *m, irq_hw_number_t hw)
{
	return m->fsl_msi && hw - MPIC_MSI_SOURCE0 < MPIC_NR_MSI;
}

/* The first hardware line of the reservations' lines; IPI n's are
 * base + n * nr_cpus + i. */
static irq_hw_number_t ipi_lines_base(struct mpic *m)
{
	return m->ipi_base;
}

static unsigned int ipi_of_line(struct mpic *m, irq_hw_number_t hw)
{
	return (unsigned int)((hw - ipi_lines_base(m)) / m->nr_cpus);
}

/* Vector/priority register of a line, 0 for none. */
static uint32_t vpr_of(struct mpic *m, irq_hw_number_t hw)
{
	unsigned int n;

	switch (kind_of(m, hw, &n)) {
	case LINE_SOURCE:	return SRC_VPR(n);
	case LINE_IPI:		return IPI_VPR(n);
	case LINE_TIMER:	return TMR_VPR(n);
	default:		return 0;
	}
}

/* Destination register of a line, 0 for none (IPIs go where they are sent). */
static uint32_t dr_of(struct mpic *m, irq_hw_number_t hw)
{
	unsigned int n;

	switch (kind_of(m, hw, &n)) {
	case LINE_SOURCE:	return SRC_DR(n);
	case LINE_TIMER:	return TMR_DR(n);
	default:		return 0;
	}
}

static void vpr_update(struct mpic *m, irq_hw_number_t hw, uint32_t clear, uint32_t set)
{
	uint32_t off = vpr_of(m, hw);
	unsigned long flags;

	if (!off)
		return;
	flags = irq_spin_lock_irqsave(&m->lock);
	wr(m, off, (rd(m, off) & ~clear) | set);
	(void)rd(m, off);	/* the write has reached the MPIC */
	irq_spin_unlock_irqrestore(&m->lock, flags);
}

static void mpic_mask(struct irq_data *d)
{
	vpr_update(d->chip_data, d->hwirq, 0, VPR_MASK);
}

static void mpic_unmask(struct irq_data *d)
{
	vpr_update(d->chip_data, d->hwirq, VPR_MASK, 0);
}

static void mpic_eoi(struct irq_data *d)
{
	mpic_eoi_cpu(d->chip_data);
}

/* Sources take any trigger; IPIs and timers are edges by construction. */
static int mpic_set_type(struct irq_data *d, unsigned int type)
{
	struct mpic *m = d->chip_data;
	unsigned int n;
	uint32_t bits;

	if (kind_of(m, d->hwirq, &n) != LINE_SOURCE)
		return (type == IRQ_TYPE_NONE || type == IRQ_TYPE_EDGE_RISING) ? 0 : -EINVAL;
	switch (type & IRQ_TYPE_SENSE_MASK) {
	case IRQ_TYPE_NONE:		return 0;
	case IRQ_TYPE_EDGE_RISING:	bits = VPR_POLARITY; break;
	case IRQ_TYPE_EDGE_FALLING:	bits = 0; break;
	case IRQ_TYPE_LEVEL_HIGH:	bits = VPR_SENSE | VPR_POLARITY; break;
	case IRQ_TYPE_LEVEL_LOW:	bits = VPR_SENSE; break;
	default:			return -EINVAL;
	}
	vpr_update(m, d->hwirq, VPR_SENSE | VPR_POLARITY, bits);
	return 0;
}

/*
 * Directed delivery to one CPU: with several bits set, QEMU raises all.
 * An unmasked line is masked around the change, so an event already
 * presented to the old CPU is withdrawn there and offered to the new one
 * (QEMU's model otherwise leaves it raised on the old CPU, whose IACK
 * then answers spurious).
 */
static int mpic_set_affinity(struct irq_data *d, const struct irq_cpumask *dest)
{
	struct mpic *m = d->chip_data;
	unsigned int cpu = cpumask_first(dest);
	uint32_t dr = dr_of(m, d->hwirq), vpr_off = vpr_of(m, d->hwirq), vpr;
	unsigned long flags;

	if (!dr)
		return -EIO;
	if (cpu >= m->nr_cpus)
		return -EINVAL;
	flags = irq_spin_lock_irqsave(&m->lock);
	vpr = rd(m, vpr_off);
	if (!(vpr & VPR_MASK))
		wr(m, vpr_off, vpr | VPR_MASK);
	wr(m, dr, 1u << cpu);
	if (!(vpr & VPR_MASK))
		wr(m, vpr_off, vpr & ~VPR_ACTIVITY);
	irq_spin_unlock_irqrestore(&m->lock, flags);
	irq_data_update_effective_cpu(d, cpu);
	return 0;
}

/* IPI n to the CPUs of @bits, written to the sending CPU's dispatch register. */
static void send_ipi(struct mpic *m, unsigned int n, uint32_t bits)
{
	if (n < MPIC_NR_IPIS && bits)
		wr(m, cpu_reg(CPU_IPI_DR(n)), bits);
}

/*
 * The controller's states, from the VPR: MASK, and ACTIVITY (A) for
 * pending. A is the OpenPIC's "requested" bit while the line is unmasked;
 * masked, an implementation may keep the event and clear A (QEMU's model
 * does, delivering it at the unmask), so pending of a masked line is not
 * known. No register says which lines are in service: active is -EINVAL.
 * An MSI bank's pending is its MSISR bit, masked or not.
 */
static int mpic_get_state(struct irq_data *d, enum irqchip_irq_state which, bool *state)
{
	struct mpic *m = d->chip_data;
	bool reserved = d->hwirq >= ipi_lines_base(m);
	uint32_t off = reserved ? IPI_VPR(ipi_of_line(m, d->hwirq)) : vpr_of(m, d->hwirq), vpr;

	/* A reservation's line shares its IPI's A with the other CPUs'. */
	if (!off || which == IRQCHIP_STATE_ACTIVE || (reserved && which == IRQCHIP_STATE_PENDING))
		return -EINVAL;
	if (which == IRQCHIP_STATE_PENDING && is_msi_line(m, d->hwirq)) {
		*state = (rd(m, MSISR) >> (d->hwirq - MPIC_MSI_SOURCE0)) & 1u;
		return 0;
	}
	vpr = rd(m, off);
	if (which == IRQCHIP_STATE_MASKED) {
		*state = (vpr & VPR_MASK) != 0;
		return 0;
	}
	if (vpr & VPR_MASK)
		return -EINVAL;
	*state = (vpr & VPR_ACTIVITY) != 0;
	return 0;
}

/*
 * Masked: the VPR's MASK. Pending: only where the MPIC has a way to raise
 * a line itself: an IPI (its dispatch register, to this CPU for the IPI's
 * own line, to the line's CPU for a reservation's) and an MSI bank (a
 * message written to MSIIR, as a device would; cleared by reading its
 * MSIR). Sources and timers have none.
 */
static int mpic_set_state(struct irq_data *d, enum irqchip_irq_state which, bool val)
{
	struct mpic *m = d->chip_data;
	irq_hw_number_t hw = d->hwirq;
	unsigned int n;

	if (which == IRQCHIP_STATE_MASKED) {
		if (hw >= ipi_lines_base(m))	/* the reservation's IPI, every CPU's line */
			hw = mpic_ipi_hwirq(m, ipi_of_line(m, hw));
		if (!vpr_of(m, hw))
			return -EINVAL;
		vpr_update(m, hw, val ? 0 : VPR_MASK, val ? VPR_MASK : 0);
		return 0;
	}
	if (which != IRQCHIP_STATE_PENDING)
		return -EINVAL;
	if (is_msi_line(m, hw)) {
		if (val)
			wr(m, MSIIR, (uint32_t)(hw - MPIC_MSI_SOURCE0) << MSIIR_SRS_SHIFT);
		else
			(void)rd(m, MSIR(hw - MPIC_MSI_SOURCE0));
		return 0;
	}
	if (!val)
		return -EINVAL;
	if (hw < ipi_lines_base(m) && kind_of(m, hw, &n) == LINE_IPI) {
		send_ipi(m, n, 1u << port_cpu_id());
		return 0;
	}
	if (hw >= ipi_lines_base(m)) {
		n = ipi_of_line(m, hw);
		for (unsigned int c = 0; c < m->nr_cpus && c < GENIRQ_NR_CPUS; c++)
			if (m->ipi_line[n][c] == hw) {
				send_ipi(m, n, 1u << c);
				return 0;
			}
	}
	return -EINVAL;
}

static const struct irq_chip mpic_chip = {
	.name		= "MPIC",
	.mask		= mpic_mask,
	.unmask		= mpic_unmask,
	.eoi		= mpic_eoi,
	.set_type	= mpic_set_type,
	.set_affinity	= mpic_set_affinity,
	.set_wake	= irq_chip_wake_when_enabled,	/* a wait wakes */
	.get_irqchip_state = mpic_get_state,
	.set_irqchip_state = mpic_set_state,
};

/* A reservation's line goes to one CPU: IPI n taken there is this line. */
static int mpic_ipi_set_affinity(struct irq_data *d, const struct irq_cpumask *dest)
{
	struct mpic *m = d->chip_data;
	unsigned int cpu = cpumask_first(dest), n = ipi_of_line(m, d->hwirq);

	if (cpu >= m->nr_cpus || cpu >= GENIRQ_NR_CPUS)
		return -EINVAL;
	for (unsigned int c = 0; c < m->nr_cpus && c < GENIRQ_NR_CPUS; c++)
		if (m->ipi_line[n][c] == d->hwirq)
			m->ipi_line[n][c] = mpic_ipi_hwirq(m, n);
	m->ipi_line[n][cpu] = d->hwirq;
	irq_data_update_effective_cpu(d, cpu);
	return 0;
}

/* The one send primitive: IPI n of the line's reservation, to @cpu. */
static void mpic_ipi_send_single(struct irq_data *d, unsigned int cpu)
{
	struct mpic *m = d->chip_data;

	if (cpu < m->nr_cpus && cpu < 32)
		send_ipi(m, ipi_of_line(m, d->hwirq), 1u << cpu);
}

static const struct irq_chip mpic_ipi_chip = {
	.name			= "MPIC-IPI",
	.eoi			= mpic_eoi,
	.set_type		= mpic_set_type,	/* edges by construction */
	.set_affinity		= mpic_ipi_set_affinity,
	.ipi_send_single	= mpic_ipi_send_single,
	.get_irqchip_state	= mpic_get_state,
	.set_irqchip_state	= mpic_set_state,
};

/* MSI: the ack takes the bank's messages (reading MSIR lowers the source)
 * and ends the event. */
static void mpic_msi_ack(struct irq_data *d)
{
	struct mpic *m = d->chip_data;

	(void)rd(m, MSIR(d->hwirq - MPIC_MSI_SOURCE0));
	mpic_eoi_cpu(m);
}

static void mpic_msi_compose_msg(struct irq_data *d, struct msi_msg *msg)
{
	struct mpic *m = d->chip_data;

	msg->address_hi = 0;
	msg->address_lo = m->msiir_bus;
	msg->data = (uint32_t)(d->hwirq - MPIC_MSI_SOURCE0) << 5;	/* SRS, IBS 0 */
}

static const struct irq_chip mpic_msi_chip = {
	.name			= "MPIC-MSI",
	.mask			= mpic_mask,
	.unmask			= mpic_unmask,
	.ack			= mpic_msi_ack,
	.set_affinity		= mpic_set_affinity,
	.compose_msi_msg	= mpic_msi_compose_msg,
	.get_irqchip_state	= mpic_get_state,
	.set_irqchip_state	= mpic_set_state,
};

/* @nr MSI banks with no line, each a line's target (the MSI layer's alloc). */
static int mpic_msi_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr)
{
	struct mpic *m = irq_domain_host_data(d);
	unsigned int got = 0, banks = 0;
	int ret = 0;

	if (!m->fsl_msi || !m->msiir_bus)
		return -ENODEV;
	for (unsigned int b = 0; b < MPIC_NR_MSI && got < nr; b++)
		if (!(m->msi_used & (1u << b)) && irq_domain_hwirq_free(d, MPIC_MSI_SOURCE0 + b)) {
			ret = irq_domain_set_hwirq_and_chip(d, virq + got, MPIC_MSI_SOURCE0 + b,
							    &mpic_msi_chip, m);
			if (ret)
				return ret;
			banks |= 1u << b;
			got++;
		}
	if (got < nr)
		return -ENOSPC;
	m->msi_used |= banks;
	return 0;
}

static void mpic_msi_free(struct mpic *m, irq_hw_number_t hw)
{
	vpr_update(m, hw, 0, VPR_MASK);
	(void)rd(m, MSIR(hw - MPIC_MSI_SOURCE0));	/* nothing left raised */
	m->msi_used &= ~(1u << (hw - MPIC_MSI_SOURCE0));
}

/*
 * The hierarchy's alloc: @arg is NULL from irq_reserve_ipi() (an IPI
 * reservation) and the device from the MSI layer (MSI banks).
 */
static int mpic_ipi_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr, void *arg)
{
	struct mpic *m = irq_domain_host_data(d);
	unsigned int n;
	int ret = 0;

	if (arg)
		return mpic_msi_alloc(d, virq, nr);
	if (nr > m->nr_cpus)
		return -EINVAL;
	for (n = 0; n < MPIC_NR_IPIS; n++)
		if (!(m->ipi_reserved & (1u << n)) && irq_domain_hwirq_free(d, mpic_ipi_hwirq(m, n)))
			break;
	if (n == MPIC_NR_IPIS)
		return -ENOSPC;
	for (unsigned int i = 0; i < nr && !ret; i++)
		ret = irq_domain_set_hwirq_and_chip(d, virq + i,
						    ipi_lines_base(m) + n * m->nr_cpus + i,
						    &mpic_ipi_chip, m);
	if (ret)
		return ret;
	m->ipi_reserved |= 1u << n;
	vpr_update(m, mpic_ipi_hwirq(m, n), VPR_MASK, 0);
	return 0;
}

static void mpic_ipi_free(struct irq_domain *d, unsigned int virq, unsigned int nr)
{
	struct mpic *m = irq_domain_host_data(d);
	struct irq_data *data = irq_domain_get_irq_data(d, virq);
	unsigned int n;

	if (!data)
		return;
	if (data->chip == &mpic_msi_chip) {
		for (unsigned int i = 0; i < nr; i++) {
			data = irq_domain_get_irq_data(d, virq + i);
			if (data)
				mpic_msi_free(m, data->hwirq);
		}
		return;
	}
	n = ipi_of_line(m, data->hwirq);
	vpr_update(m, mpic_ipi_hwirq(m, n), 0, VPR_MASK);
	for (unsigned int c = 0; c < GENIRQ_NR_CPUS; c++)
		m->ipi_line[n][c] = mpic_ipi_hwirq(m, n);
	m->ipi_reserved &= ~(1u << n);
}

static const struct irq_domain_ops mpic_ipi_ops = {
	.alloc	= mpic_ipi_alloc,
	.free	= mpic_ipi_free,
};

struct mpic *mpic_create(const struct mpic_config *cfg)
{
	const bool cpu_big = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;
	unsigned int nr_lines, spins = 0;
	struct mpic *m;
	uint32_t frr;

	/* IACK is masked to the vector field: a wider vector never matches. */
	if (cfg->spurious_vector > VECTOR_MAX) {
		report(cfg->name, "spurious vector wider than 16 bits");
		return NULL;
	}
	m = port_alloc(sizeof(*m));
	if (!m) {
		report(cfg->name, "out of memory");
		return NULL;
	}
	*m = (struct mpic){ .base = cfg->base, .swap = cfg->big_endian != cpu_big,
			    .spurious = cfg->spurious_vector,
			    .vector_mask = cfg->spurious_vector > 0xff ? 0xffffu : 0xffu };
	irq_spin_init(&m->lock);
	wr(m, GCR, GCR_RESET);
	while ((rd(m, GCR) & GCR_RESET) && ++spins < RESET_SPINS)
		port_cpu_relax();
	if (spins == RESET_SPINS) {
		report(cfg->name, "reset did not complete");
		goto fail;
	}
	wr(m, GCR, cfg->gcr_mode);
	frr = rd(m, FRR);
	m->nr_sources = ((frr >> 16) & 0x7ffu) + 1;
	m->nr_cpus = ((frr >> 8) & 0x1fu) + 1;
	m->fsl_msi = cfg->fsl_msi;
	m->ipi_base = m->nr_sources + MPIC_NR_IPIS + MPIC_NR_TIMERS;
	if (m->fsl_msi && m->ipi_base < MPIC_MSI_SOURCE0 + MPIC_NR_MSI)
		m->ipi_base = MPIC_MSI_SOURCE0 + MPIC_NR_MSI;
	nr_lines = (unsigned int)m->ipi_base + MPIC_NR_IPIS * m->nr_cpus;
	/* Vectors are 0..ipi_lines_base()-1: the spurious one must be none of them. */
	if (m->spurious < ipi_lines_base(m)) {
		report(cfg->name, "spurious vector not above every line's vector");
		goto fail;
	}
	wr(m, SVR, m->spurious);
	for (unsigned int s = 0; s < m->nr_sources; s++) {
		wr(m, SRC_VPR(s), VPR_MASK | (MPIC_PRIO_SOURCE << VPR_PRIO_SHIFT) | s);
		wr(m, SRC_DR(s), 1);
	}
	for (unsigned int n = 0; n < MPIC_NR_IPIS; n++) {
		wr(m, IPI_VPR(n), VPR_MASK | (MPIC_PRIO_IPI << VPR_PRIO_SHIFT) |
		   (uint32_t)mpic_ipi_hwirq(m, n));
		for (unsigned int c = 0; c < GENIRQ_NR_CPUS; c++)
			m->ipi_line[n][c] = mpic_ipi_hwirq(m, n);
	}
	for (unsigned int b = 0; m->fsl_msi && b < MPIC_NR_MSI; b++) {
		wr(m, SRC_VPR(MPIC_MSI_SOURCE0 + b), VPR_MASK | VPR_SENSE | VPR_POLARITY |
		   (MPIC_PRIO_SOURCE << VPR_PRIO_SHIFT) | (MPIC_MSI_SOURCE0 + b));
		wr(m, SRC_DR(MPIC_MSI_SOURCE0 + b), 1);
	}
	for (unsigned int n = 0; n < MPIC_NR_TIMERS; n++) {
		wr(m, TMR_BCR(n), TMR_BCR_CI);
		wr(m, TMR_VPR(n), VPR_MASK | (MPIC_PRIO_TIMER << VPR_PRIO_SHIFT) |
		   (uint32_t)mpic_timer_hwirq(m, n));
		wr(m, TMR_DR(n), 1);
	}
	m->domain = irq_domain_create_linear(cfg->name, nr_lines, &mpic_chip, m);
	if (!m->domain || irq_domain_set_hierarchy_ops(m->domain, &mpic_ipi_ops, m))
		goto fail;	/* reported by the core */
	return m;
fail:
	port_free(m);
	return NULL;
}

struct irq_domain *mpic_domain(struct mpic *m)
{
	return m->domain;
}

unsigned int mpic_nr_sources(struct mpic *m)
{
	return m->nr_sources;
}

unsigned int mpic_nr_cpus(struct mpic *m)
{
	return m->nr_cpus;
}

irq_hw_number_t mpic_ipi_hwirq(struct mpic *m, unsigned int n)
{
	return m->nr_sources + n;
}

irq_hw_number_t mpic_timer_hwirq(struct mpic *m, unsigned int n)
{
	return m->nr_sources + MPIC_NR_IPIS + n;
}

int mpic_set_priority(struct mpic *m, irq_hw_number_t hw, unsigned int prio)
{
	if (prio > 15 || !vpr_of(m, hw))
		return -EINVAL;
	vpr_update(m, hw, VPR_PRIO, prio << VPR_PRIO_SHIFT);
	return 0;
}

void mpic_set_cpu_priority(struct mpic *m, unsigned int prio)
{
	wr(m, cpu_reg(CPU_CTPR), prio & 0xfu);
	(void)rd(m, cpu_reg(CPU_CTPR));
}

void mpic_cpu_init(struct mpic *m)
{
	mpic_set_cpu_priority(m, 0);
}

irq_hw_number_t mpic_iack(struct mpic *m)
{
	uint32_t vec = rd(m, cpu_reg(CPU_IACK)) & m->vector_mask;

	return vec == m->spurious ? MPIC_SPURIOUS : (irq_hw_number_t)vec;
}

void mpic_eoi_cpu(struct mpic *m)
{
	wr(m, cpu_reg(CPU_EOI), 0);
}

void mpic_handle(struct mpic *m, void *regs)
{
	irq_hw_number_t hw = mpic_iack(m);

	if (hw == MPIC_SPURIOUS) {
		irq_spurious_vector();		/* no EOI for the spurious vector */
		return;
	}
	if (irq_unlikely(hw - m->nr_sources < MPIC_NR_IPIS))	/* this CPU's line of it */
		hw = m->ipi_line[hw - m->nr_sources][port_cpu_id()];
	if (irq_handle_domain_entry(m->domain, hw, regs) < 0)
		mpic_eoi_cpu(m);		/* unmapped: counted by the core, ended here */
}

void mpic_msi_set_doorbell(struct mpic *m, uint32_t msiir_bus_addr)
{
	m->msiir_bus = msiir_bus_addr;
}

unsigned int mpic_msi_free_banks(struct mpic *m)
{
	unsigned int n = 0;

	for (unsigned int b = 0; m->fsl_msi && b < MPIC_NR_MSI; b++)
		n += !(m->msi_used & (1u << b));
	return n;
}

int mpic_ipi_number(struct mpic *m, irq_hw_number_t hw)
{
	if (hw - m->nr_sources < MPIC_NR_IPIS)
		return (int)(hw - m->nr_sources);
	if (hw >= ipi_lines_base(m) && hw < ipi_lines_base(m) + MPIC_NR_IPIS * m->nr_cpus)
		return (int)ipi_of_line(m, hw);
	return -EINVAL;
}

int mpic_timer_start(struct mpic *m, unsigned int n, uint32_t count)
{
	if (n >= MPIC_NR_TIMERS || count >= TMR_BCR_CI)
		return -EINVAL;
	wr(m, TMR_BCR(n), TMR_BCR_CI);
	if (count)
		wr(m, TMR_BCR(n), count);
	return 0;
}

uint32_t mpic_timer_freq(struct mpic *m)
{
	return rd(m, TFRR);
}

bool mpic_line_active(struct mpic *m, irq_hw_number_t hw)
{
	uint32_t off = vpr_of(m, hw);

	return off && (rd(m, off) & VPR_ACTIVITY);
}

// SPDX-License-Identifier: MIT
/*
 * gicv2m.c - the GICv2m frame driver on the host, with the GICv2 driver
 * under it, against a fake distributor, CPU interface and MSI frame
 * (trapped register files, fakeregs.h): the SPIs of MSI_TYPER handed
 * out edge-triggered and never one mapped flat, the message (frame +
 * 0x40, the SPI), an MSI taken and ended at the CPU interface, an
 * affinity move in GICD_ITARGETSR, all-or-nothing allocation and free
 * giving the SPIs back. Runs on the hosted port, in check-controllers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/irqdomain.h>
#include <genirq/msi.h>
#include <genirq/port.h>
#include <genirq/sim.h>
#include <genirq/chip/gicv2.h>
#include <genirq/chip/gicv2m.h>
#include "fakeregs.h"

/* The register maps, written down again from the GICv2 spec and the
 * SBSA (not from the drivers). */
#define D_TYPER		0x004u
#define D_ICENABLER(n)	(0x180u + 4u * ((n) / 32))
#define D_ICFGR(n)	(0xc00u + 4u * ((n) / 16))
#define D_ITARGETSR(n)	(0x800u + ((n) & ~3u))
#define C_IAR		0x0cu
#define C_EOIR		0x10u
#define M_TYPER		0x008u
#define M_SETSPI	0x040u

#define NCPU		2u
#define LINES		64u
#define FRAME_FIRST	48u
#define FRAME_COUNT	8u
#define FLAT_SPI	48u		/* mapped the flat way first: never handed out */
#define MAXMSG		16u

static uint32_t iar_next = 1023;
static struct gicv2 *g;
static struct msi_msg msgs[MAXMSG];
static unsigned long runs[MAXMSG];

static void dist_before_read(struct fake_file *f, uint32_t off)
{
	if (off == D_ITARGETSR(0))
		fake_put(f, off, 0x01010101u << port_cpu_id());
}

static void cpu_before_read(struct fake_file *f, uint32_t off)
{
	if (off == C_IAR) {
		fake_put(f, off, iar_next);
		iar_next = 1023;
	}
}

static struct fake_file dist = { .bytes = 0x1000, .before_read = dist_before_read };
static struct fake_file cpuif = { .bytes = 0x1000, .before_read = cpu_before_read };
static struct fake_file frame = { .bytes = 0x1000 };

static void write_msg(struct msi_dev *dev, unsigned int index, const struct msi_msg *msg)
{
	msgs[(dev->id & 1) * 8 + index] = *msg;
}

static const struct msi_dev_ops dev_ops = { .write_msg = write_msg };

/* What the frame does with a message: the SPI's edge, taken at once. */
static void send_msg(const struct msi_msg *m)
{
	CHECK(((uint64_t)m->address_hi << 32 | m->address_lo) == (uintptr_t)frame.regs + M_SETSPI);
	iar_next = m->data;
	port_irq_disable();
	gicv2_handle(g, NULL);
	port_irq_enable();
}

static irqreturn_t on_msi(int irq, void *dev)
{
	(void)irq;
	(*(unsigned long *)dev)++;
	return IRQ_HANDLED;
}

static unsigned int icfg(unsigned int spi)
{
	return (fake_peek(&dist, D_ICFGR(spi)) >> (2 * (spi % 16))) & 3u;
}

int main(void)
{
	static struct msi_dev dev = { .ops = &dev_ops, .id = 0x8 };
	static struct msi_dev big = { .ops = &dev_ops, .id = 0x9 };
	struct gicv2_config cfg = { .nr_cpus = NCPU };
	unsigned int di, ci, first = 0, count = 0;
	static struct irq_domain *msi;	/* kept: domains are never freed */
	static struct gicv2m *m;
	struct irq_cpumask cpu1;
	long live;
	int irq, flat;

	if (sim_init(NCPU, 64) != 0)
		return 1;
	fake_file_map(&dist);
	fake_file_map(&cpuif);
	fake_file_map(&frame);
	di = dist.index;
	ci = cpuif.index;
	fake_poke(&dist, D_TYPER, LINES / 32 - 1);
	cfg.dist = (uintptr_t)dist.regs;
	cfg.cpu = (uintptr_t)cpuif.regs;
	g = gicv2_create(&cfg);
	CHECK(g != NULL);
	if (!g)
		return fake_report("gicv2m host test");
	gicv2_cpu_init(g);
	sim_cpu_switch(1);
	gicv2_cpu_init(g);
	sim_cpu_switch(0);

	/* Bad frames: no SPIs; SPIs past the GIC's 64 lines; no frame. */
	fake_poke(&frame, M_TYPER, FRAME_FIRST << 16);
	CHECK(gicv2m_create(g, (uintptr_t)frame.regs) == NULL);
	fake_poke(&frame, M_TYPER, 60u << 16 | FRAME_COUNT);
	CHECK(gicv2m_create(g, (uintptr_t)frame.regs) == NULL);
	CHECK(gicv2m_create(g, 0) == NULL && gicv2m_create(NULL, (uintptr_t)frame.regs) == NULL);
	CHECK(gicv2_hierarchy_free(g) == 0);

	/* The frame's SPIs 48-55 (bits 25:16 base, 9:0 count, other bits not
	 * theirs); 48 mapped flat. */
	flat = gicv2_map(g, FLAT_SPI, IRQ_TYPE_LEVEL_HIGH);
	CHECK(flat >= 0);
	fake_poke(&frame, M_TYPER, 1u << 31 | FRAME_FIRST << 16 | 0x8000u | FRAME_COUNT);
	m = gicv2m_create(g, (uintptr_t)frame.regs);
	CHECK(m != NULL);
	if (!m)
		return fake_report("gicv2m host test");
	CHECK(gicv2_enable_hierarchy(g, FRAME_FIRST, FRAME_COUNT) == -EINVAL);	/* twice */
	gicv2m_spis(m, &first, &count);
	CHECK(first == FRAME_FIRST && count == FRAME_COUNT);
	CHECK(gicv2m_free_spis(m) == FRAME_COUNT - 1);		/* 48 is the flat line's */
	msi = msi_create_irq_domain(gicv2m_domain(m), "GICv2m-PCI-MSI", MSI_PARENT_EOI);
	CHECK(msi != NULL);
	if (!msi)
		return fake_report("gicv2m host test");
	fake_nr_acc = 0;

	/* Two vectors: SPIs 49 and 50, edge, their messages the frame's
	 * SETSPI_NS and the SPI number. */
	irq = msi_domain_alloc_irqs(msi, &dev, 2);
	CHECK(irq >= 0);
	if (irq < 0)
		return fake_report("gicv2m host test");
	CHECK(msgs[0].data == FRAME_FIRST + 1 && msgs[1].data == FRAME_FIRST + 2);
	CHECK(((uint64_t)msgs[0].address_hi << 32 | msgs[0].address_lo) ==
	      (uintptr_t)frame.regs + M_SETSPI);
	CHECK(icfg(FRAME_FIRST + 1) == 2 && icfg(FRAME_FIRST + 2) == 2);
	CHECK(gicv2m_free_spis(m) == FRAME_COUNT - 3);
	CHECK(request_irq((unsigned int)irq, on_msi, 0, "msi0", &runs[0]) == 0);
	CHECK(request_irq((unsigned int)irq + 1, on_msi, 0, "msi1", &runs[1]) == 0);
	CHECK(fake_log_has('W', di, 0x100u + 4u * (FRAME_FIRST / 32), 1u << ((FRAME_FIRST + 1) % 32)));
	fake_nr_acc = 0;

	/* A message: the SPI taken and ended with its IAR value. */
	send_msg(&msgs[0]);
	send_msg(&msgs[1]);
	send_msg(&msgs[1]);
	CHECK(runs[0] == 1 && runs[1] == 2);
	LOG_IS({ 'R', C_IAR, FRAME_FIRST + 1, ci }, { 'W', C_EOIR, FRAME_FIRST + 1, ci },
	       { 'R', C_IAR, FRAME_FIRST + 2, ci }, { 'W', C_EOIR, FRAME_FIRST + 2, ci },
	       { 'R', C_IAR, FRAME_FIRST + 2, ci }, { 'W', C_EOIR, FRAME_FIRST + 2, ci });

	/* Move vector 0 to CPU 1: its targets byte; the message stays. */
	cpumask_clear(&cpu1);
	cpumask_set_cpu(1, &cpu1);
	CHECK(irq_set_affinity((unsigned int)irq, &cpu1) == 0);
	CHECK(((fake_peek(&dist, D_ITARGETSR(FRAME_FIRST + 1)) >> (8 * ((FRAME_FIRST + 1) % 4))) &
	       0xffu) == 2);
	CHECK(msgs[0].data == FRAME_FIRST + 1);
	sim_cpu_switch(1);
	send_msg(&msgs[0]);
	sim_cpu_switch(0);
	CHECK(runs[0] == 2 && irq_stat_cpu((unsigned int)irq, 1) == 1);
	fake_nr_acc = 0;

	/* All or nothing: one SPI too many leaves every SPI and all memory. */
	live = sim_alloc_live();
	CHECK(msi_domain_alloc_irqs(msi, &big, FRAME_COUNT - 3 + 1) < 0);
	CHECK(gicv2m_free_spis(m) == FRAME_COUNT - 3 && sim_alloc_live() == live);
	CHECK(msi_domain_alloc_irqs(msi, &big, FRAME_COUNT - 3) >= 0);
	CHECK(gicv2m_free_spis(m) == 0);
	CHECK(msi_domain_free_irqs(&big) == 0);
	CHECK(gicv2m_free_spis(m) == FRAME_COUNT - 3);

	/* Free: the SPIs disabled and given back. */
	free_irq((unsigned int)irq, &runs[0]);
	free_irq((unsigned int)irq + 1, &runs[1]);
	fake_nr_acc = 0;
	CHECK(msi_domain_free_irqs(&dev) == 0);
	CHECK(fake_log_has('W', di, D_ICENABLER(FRAME_FIRST + 1), 1u << ((FRAME_FIRST + 1) % 32)));
	CHECK(fake_log_has('W', di, D_ICENABLER(FRAME_FIRST + 2), 1u << ((FRAME_FIRST + 2) % 32)));
	CHECK(gicv2m_free_spis(m) == FRAME_COUNT - 1);
	return fake_report("gicv2m host test");
}

// SPDX-License-Identifier: MIT
/*
 * gicv2.c - the GICv2 driver on the host, against a fake distributor
 * (its banked ITARGETSR0 reads as the calling CPU's interface) and a fake
 * CPU interface whose IAR pops a queue: the targets byte of a line, SGIs
 * by interface bit, ends that quote the acknowledged IAR value (an SGI's
 * source CPU included) in reverse order, and INTID 1023 counted and not
 * ended. Runs on the hosted port (arch/host), in check-controllers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/irqdomain.h>
#include <genirq/port.h>
#include <genirq/sim.h>
#include <genirq/chip/gicv2.h>
#include "fakeregs.h"

/* The register map, written down again from the GICv2 spec (not from gicv2.c). */
#define D_CTLR		0x000u
#define D_TYPER		0x004u
#define D_ISENABLER(n)	(0x100u + 4u * ((n) / 32))
#define D_ICENABLER(n)	(0x180u + 4u * ((n) / 32))
#define D_ICFGR(n)	(0xc00u + 4u * ((n) / 16))
#define D_ISPENDR(n)	(0x200u + 4u * ((n) / 32))
#define D_ICPENDR(n)	(0x280u + 4u * ((n) / 32))
#define D_ISACTIVER(n)	(0x300u + 4u * ((n) / 32))
#define D_ICACTIVER(n)	(0x380u + 4u * ((n) / 32))
#define D_ITARGETSR(n)	(0x800u + ((n) & ~3u))
#define D_SGIR		0xf00u
#define C_CTLR		0x00u
#define C_PMR		0x04u
#define C_IAR		0x0cu
#define C_EOIR		0x10u

#define NCPU		2u
#define LINES		64u
#define SPI		42u
#define SGI_FROM_CPU1	(0x400u | 5u)	/* SGI 5, sent by CPU interface 1 */
#define QMAX		4u

static uint32_t iar_queue[QMAX];
static unsigned int iar_len;
static struct gicv2 *g;
static unsigned int spi_calls, sgi_calls;
static bool nest_once;

static void dist_before_read(struct fake_file *f, uint32_t off)
{
	if (off == D_ITARGETSR(0))	/* banked: the reader's own interface */
		fake_put(f, off, 0x01010101u << port_cpu_id());
}

static void cpu_before_read(struct fake_file *f, uint32_t off)
{
	if (off != C_IAR)
		return;
	fake_put(f, off, iar_len ? iar_queue[0] : 1023u);
	if (iar_len)
		memmove(iar_queue, iar_queue + 1, --iar_len * sizeof(iar_queue[0]));
}

static struct fake_file dist = { .bytes = 0x1000, .before_read = dist_before_read };
static struct fake_file cpuif = { .bytes = 0x1000, .before_read = cpu_before_read };

static void deliver(uint32_t iar)
{
	iar_queue[iar_len++] = iar;
	port_irq_disable();
	gicv2_handle(g, NULL);
	port_irq_enable();
}

static irqreturn_t on_spi(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	spi_calls++;
	if (nest_once) {	/* a more urgent SGI arrives in the middle */
		nest_once = false;
		deliver(SGI_FROM_CPU1);
	}
	return IRQ_HANDLED;
}

static irqreturn_t on_sgi(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	sgi_calls++;
	return IRQ_HANDLED;
}

int main(void)
{
	struct gicv2_config cfg = { .nr_cpus = NCPU };
	unsigned int di, ci;
	struct irq_cpumask cpu1;
	int spi, sgi;

	if (sim_init(NCPU, 64) != 0)
		return 1;
	fake_file_map(&dist);
	fake_file_map(&cpuif);
	di = dist.index;
	ci = cpuif.index;
	fake_poke(&dist, D_TYPER, LINES / 32 - 1);
	cfg.dist = (uintptr_t)dist.regs;
	cfg.cpu = (uintptr_t)cpuif.regs;

	/* Set-up: every SPI to CPU 0's interface, the distributor on. */
	g = gicv2_create(&cfg);
	CHECK(g != NULL);
	CHECK(fake_peek(&dist, D_CTLR) == 1);
	CHECK(fake_peek(&dist, D_ITARGETSR(SPI)) == 0x01010101u);
	gicv2_cpu_init(g);
	CHECK(fake_peek(&cpuif, C_PMR) == 0xf0 && fake_peek(&cpuif, C_CTLR) == 1);
	sim_cpu_switch(1);
	gicv2_cpu_init(g);
	sim_cpu_switch(0);
	fake_nr_acc = 0;

	spi = gicv2_map(g, SPI, IRQ_TYPE_EDGE_RISING);
	sgi = gicv2_map(g, 5, 0);
	/* An SGI is an edge, nothing else; a PPI's trigger is in GICD_ICFGR1. */
	CHECK(irq_set_irq_type((unsigned int)sgi, IRQ_TYPE_LEVEL_HIGH) == -EINVAL);
	CHECK(irq_set_irq_type((unsigned int)sgi, IRQ_TYPE_EDGE_RISING) == 0);
	{
		int ppi = gicv2_map(g, 27, 0);

		CHECK(ppi >= 0);
		CHECK(irq_set_irq_type((unsigned int)ppi, IRQ_TYPE_EDGE_RISING) == 0);
		CHECK(((fake_peek(&dist, D_ICFGR(27)) >> (2 * (27 % 16))) & 3) == 2);
		CHECK(irq_set_irq_type((unsigned int)ppi, IRQ_TYPE_LEVEL_HIGH) == 0);
		CHECK(((fake_peek(&dist, D_ICFGR(27)) >> (2 * (27 % 16))) & 3) == 0);
		CHECK(irq_get_irq_data((unsigned int)ppi)->trigger == IRQ_TYPE_LEVEL_HIGH);
		irq_dispose_mapping((unsigned int)ppi);
	}
	CHECK(spi >= 0 && sgi >= 0);
	CHECK(((fake_peek(&dist, D_ICFGR(SPI)) >> (2 * (SPI % 16))) & 3) == 2);
	CHECK(request_irq((unsigned int)spi, on_spi, 0, "spi", &cfg) == 0);
	CHECK(request_irq((unsigned int)sgi, on_sgi, IRQF_PERCPU, "sgi", &cfg) == 0);
	CHECK(fake_log_has('W', di, D_ISENABLER(SPI), 1u << (SPI % 32)));
	fake_nr_acc = 0;

	/* Nested: the SGI inside the SPI's handler ends first, with the
	 * source CPU bits it was acknowledged with. */
	nest_once = true;
	deliver(SPI);
	CHECK(spi_calls == 1 && sgi_calls == 1);
	LOG_IS({ 'R', C_IAR, SPI, ci }, { 'R', C_IAR, SGI_FROM_CPU1, ci },
	       { 'W', C_EOIR, SGI_FROM_CPU1, ci }, { 'W', C_EOIR, SPI, ci });

	/* INTID 1023: counted, not dispatched, not ended. */
	deliver(1023);
	CHECK(irq_spurious_count(0) == 1 && spi_calls == 1);
	LOG_IS({ 'R', C_IAR, 1023, ci });

	/* INTIDs of no line, within the domain's table (an SPI never mapped)
	 * and past it: counted in ERR by the core, nothing run, ended. */
	deliver(SPI + 2);
	CHECK(irq_error_count() == 1 && spi_calls == 1);
	LOG_IS({ 'R', C_IAR, SPI + 2, ci }, { 'W', C_EOIR, SPI + 2, ci });
	deliver(1000);
	CHECK(irq_error_count() == 2);
	LOG_IS({ 'R', C_IAR, 1000, ci }, { 'W', C_EOIR, 1000, ci });

	/* Affinity: the line's targets byte names CPU 1's interface. */
	cpumask_clear(&cpu1);
	cpumask_set_cpu(1, &cpu1);
	CHECK(irq_set_affinity((unsigned int)spi, &cpu1) == 0);
	CHECK(((fake_peek(&dist, D_ITARGETSR(SPI)) >> (8 * (SPI % 4))) & 0xff) == 2);
	fake_nr_acc = 0;

	/* SGI 5 to CPU 1: its interface bit in the target list. */
	gicv2_send_sgi(g, 1, 5);
	gicv2_send_sgi(g, 3, 5);	/* no such CPU: nothing */
	LOG_IS({ 'W', D_SGIR, (2u << 16) | 5u, di });

	/* Disabled (lazily): an event masks it and is ended; enable_irq
	 * unmasks it and has the GIC send the edge again (ISPENDR). */
	disable_irq((unsigned int)spi);
	deliver(SPI);
	CHECK(spi_calls == 1);
	CHECK(fake_log_has('W', di, D_ICENABLER(SPI), 1u << (SPI % 32)));
	CHECK(fake_log_has('W', ci, C_EOIR, SPI));
	fake_nr_acc = 0;
	enable_irq((unsigned int)spi);
	CHECK(fake_log_has('W', di, D_ISENABLER(SPI), 1u << (SPI % 32)));
	CHECK(fake_log_has('W', di, 0x200u + 4u * (SPI / 32), 1u << (SPI % 32)));

	/* Controller state: one access each, to its bank. */
	{
		uint32_t bit = 1u << (SPI % 32);
		bool st = true;

		fake_nr_acc = 0;
		fake_poke(&dist, D_ISPENDR(SPI), 0);
		CHECK(irq_get_irqchip_state((unsigned int)spi, IRQCHIP_STATE_PENDING, &st) == 0 && !st);
		LOG_IS({ 'R', D_ISPENDR(SPI), 0, di });
		CHECK(irq_set_irqchip_state((unsigned int)spi, IRQCHIP_STATE_PENDING, true) == 0);
		CHECK(irq_set_irqchip_state((unsigned int)spi, IRQCHIP_STATE_PENDING, false) == 0);
		LOG_IS({ 'W', D_ISPENDR(SPI), bit, di }, { 'W', D_ICPENDR(SPI), bit, di });
		fake_poke(&dist, D_ISACTIVER(SPI), bit);
		CHECK(irq_get_irqchip_state((unsigned int)spi, IRQCHIP_STATE_ACTIVE, &st) == 0 && st);
		CHECK(irq_set_irqchip_state((unsigned int)spi, IRQCHIP_STATE_ACTIVE, false) == 0);
		LOG_IS({ 'R', D_ISACTIVER(SPI), bit, di }, { 'W', D_ICACTIVER(SPI), bit, di });
		fake_poke(&dist, D_ISENABLER(SPI), 0);
		CHECK(irq_get_irqchip_state((unsigned int)spi, IRQCHIP_STATE_MASKED, &st) == 0 && st);
		CHECK(irq_set_irqchip_state((unsigned int)spi, IRQCHIP_STATE_MASKED, false) == 0);
		CHECK(irq_set_irqchip_state((unsigned int)spi, IRQCHIP_STATE_MASKED, true) == 0);
		LOG_IS({ 'R', D_ISENABLER(SPI), 0, di }, { 'W', D_ISENABLER(SPI), bit, di },
		       { 'W', D_ICENABLER(SPI), bit, di });
	}

	/* The device tree binding <kind number flags>, and a line mapped by
	 * it through the registry: SPI 11 edge is INTID 43, ICFGR edge. */
	{
		static const char node;	/* stands for the GIC's device tree node */
		static const struct irq_fwnode_ops ops = { .translate = gic_irq_domain_translate };
		struct irq_fwspec fw = { .fwnode = &node, .param_count = 3,
					 .param = { GIC_DT_PPI, 11, 0xf04 } };
		irq_hw_number_t hw;
		unsigned int type;
		int line;

		CHECK(gic_irq_domain_translate(NULL, &fw, &hw, &type) == 0 && hw == 27 &&
		      type == IRQ_TYPE_LEVEL_HIGH);
		fw.param[1] = 16;			/* PPIs are 0-15 */
		CHECK(gic_irq_domain_translate(NULL, &fw, &hw, &type) == -EINVAL);
		fw.param[0] = 2;			/* no such kind */
		CHECK(gic_irq_domain_translate(NULL, &fw, &hw, &type) == -EINVAL);
		fw = (struct irq_fwspec){ .fwnode = &node, .param_count = 3,
					  .param = { GIC_DT_SPI, GIC_MAX_LINES - GIC_FIRST_SPI, 4 } };
		CHECK(gic_irq_domain_translate(NULL, &fw, &hw, &type) == -EINVAL);
		fw.param_count = 2;
		CHECK(gic_irq_domain_translate(NULL, &fw, &hw, &type) == -EINVAL);
		fw = (struct irq_fwspec){ .fwnode = &node, .param_count = 3,
					  .param = { GIC_DT_SPI, 11, IRQ_TYPE_EDGE_RISING } };
		CHECK(irq_domain_set_fwnode(gicv2_domain(g), &node, "intc", &ops, NULL) == 0);
		line = irq_create_fwspec_mapping(NULL, &fw);
		CHECK(line >= 0 && irq_find_mapping(gicv2_domain(g), 43) == line);
		CHECK(((fake_peek(&dist, D_ICFGR(43)) >> (2 * (43 % 16))) & 3) == 2);
	}

	return fake_report("gicv2 host test");
}

// SPDX-License-Identifier: MIT
/*
 * pl061.c - the PL061 GPIO driver on the host, against a fake PL061
 * (a trapped register file whose MIS is RIS & IE, and whose IC clears
 * latched edges), chained under a simulated fasteoi controller: the
 * trigger bits of each type, mask/unmask through IE, the edge
 * acknowledge, and the demultiplexing of one parent event to each
 * pending line, the parent ended once. Runs on the hosted port
 * (arch/host), in check-controllers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/sim.h>
#include <genirq/chip/pl061.h>
#include <genirq/chip/simpic.h>
#include "fakeregs.h"

/* The register map, written down again from the PL061 TRM (not from pl061.c). */
#define DIR		0x400u
#define IS		0x404u
#define IBE		0x408u
#define IEV		0x40cu
#define IE		0x410u
#define RIS		0x414u
#define MIS		0x418u
#define IC		0x41cu
#define PARENT_HW	5u
#define KEY		3u		/* an edge line, as virt's power key */
#define LEVEL		6u		/* a level-low line */

static uint32_t ris;
static unsigned int key_calls, level_calls;

static void before_read(struct fake_file *f, uint32_t off)
{
	if (off == MIS)
		fake_put(f, off, ris & fake_get(f, IE));
	else if (off == RIS)
		fake_put(f, off, ris);
}

static void after(struct fake_file *f, const struct fake_acc *a)
{
	(void)f;
	if (a->op == 'W' && a->off == IC)
		ris &= ~a->val;
}

static struct fake_file regs = { .bytes = 0x1000, .before_read = before_read, .after = after };

static irqreturn_t on_key(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	key_calls++;
	return IRQ_HANDLED;
}

/* The level line's device: serviced, it lets go. */
static irqreturn_t on_level(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	level_calls++;
	ris &= ~(1u << LEVEL);
	return IRQ_HANDLED;
}

int main(void)
{
	struct simpic *root;
	struct pl061 *p;
	int parent, key, level;

	if (sim_init(1, 64) != 0)
		return 1;
	root = simpic_create("root", 8, SIMPIC_FASTEOI);
	sim_attach(root);
	parent = simpic_map(root, PARENT_HW, IRQ_TYPE_EDGE_RISING);	/* one event a raise */
	CHECK(parent >= 0);
	fake_file_map(&regs);
	fake_poke(&regs, IE, 0xff);

	/* Set-up masks every line and forgets latched edges. */
	p = pl061_create((uintptr_t)regs.regs, (unsigned int)parent);
	CHECK(p != NULL);
	LOG_IS({ 'W', IE, 0, regs.index }, { 'W', IC, 0xff, regs.index });
	CHECK(request_irq((unsigned int)parent, on_key, 0, "thief", &regs) < 0);	/* chained */

	/* Types: edge rising (IS 0, IBE 0, IEV 1), level low (IS 1, IEV 0). */
	CHECK(pl061_map(p, PL061_NR_LINES, IRQ_TYPE_EDGE_RISING) == -EINVAL);
	CHECK(pl061_map(p, 0, IRQ_TYPE_LEVEL_MASK) < 0);
	key = pl061_map(p, KEY, IRQ_TYPE_EDGE_RISING);
	level = pl061_map(p, LEVEL, IRQ_TYPE_LEVEL_LOW);
	CHECK(key >= 0 && level >= 0);
	CHECK(fake_peek(&regs, IS) == 1u << LEVEL);
	CHECK(fake_peek(&regs, IEV) == 1u << KEY);
	CHECK(fake_peek(&regs, IBE) == 0 && fake_peek(&regs, DIR) == 0);
	CHECK(irq_set_irq_type((unsigned int)key, IRQ_TYPE_EDGE_BOTH) == 0);
	CHECK(fake_peek(&regs, IBE) == 1u << KEY);
	CHECK(irq_set_irq_type((unsigned int)key, IRQ_TYPE_EDGE_RISING) == 0);
	CHECK(request_irq((unsigned int)key, on_key, 0, "key", &regs) == 0);
	CHECK(request_irq((unsigned int)level, on_level, 0, "level", &regs) == 0);
	CHECK(fake_peek(&regs, IE) == ((1u << KEY) | (1u << LEVEL)));
	fake_nr_acc = 0;

	/* The key: one parent event, the edge acknowledged, its handler run. */
	ris = 1u << KEY;
	simpic_raise(root, PARENT_HW);		/* taken as interrupts come back on */
	CHECK(key_calls == 1 && level_calls == 0);
	CHECK(fake_log_has('W', regs.index, IC, 1u << KEY));
	CHECK(ris == 0);
	CHECK(irq_stat_total((unsigned int)key) == 1 && irq_stat_total((unsigned int)parent) == 1);
	fake_nr_acc = 0;

	/* Both pending: one parent event serves both lines; the level line
	 * is masked while its handler runs. */
	ris = (1u << KEY) | (1u << LEVEL);
	simpic_raise(root, PARENT_HW);		/* taken as interrupts come back on */
	CHECK(key_calls == 2 && level_calls == 1);
	CHECK(fake_log_has('W', regs.index, IE, 1u << KEY));		/* the level line masked ... */
	CHECK(fake_peek(&regs, IE) == ((1u << KEY) | (1u << LEVEL)));	/* ... and back */
	fake_nr_acc = 0;

	/* A masked line is not served: MIS hides it. */
	disable_irq((unsigned int)key);
	disable_irq((unsigned int)level);
	CHECK(fake_log_has('W', regs.index, IE, 0) || (fake_peek(&regs, IE) & (1u << LEVEL)));
	free_irq((unsigned int)key, &regs);
	CHECK((fake_peek(&regs, IE) & (1u << KEY)) == 0);

	return fake_report("pl061 host test");
}

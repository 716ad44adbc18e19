// SPDX-License-Identifier: MIT
/*
 * imsic.c - the IMSIC driver on the host, against a fake of two harts'
 * supervisor interrupt files (the CSRs of fake_riscv_csr.h): per hart,
 * eidelivery, eithreshold, 64-bit eie/eip words, and stopei, whose claim
 * returns the lowest pending enabled identity below the threshold (0 for
 * none) and clears it. 100 identities, so the last enable word is partial.
 *
 * Runs on the hosted port (arch/host), in check-controllers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/chip/imsic.h>
#include <genirq/port.h>
#include <genirq/sim.h>
#include "fakeregs.h"
#include "fake_riscv_csr.h"

#define EIDELIVERY	0x70u
#define EITHRESHOLD	0x72u
#define EIE(k)		(0xc0u + 2u * (k))
#define NIDS		100u
#define WORDS		2u		/* identities 0..127 */
#define ID_DEV		10u
#define ID_HIGH		99u
#define ID_NOBODY	70u

struct file {
	unsigned long	delivery, threshold;
	uint64_t	eie[WORDS], eip[WORDS];
};
static struct file files[2];

static struct file *me(void)
{
	return &files[port_cpu_id()];
}

void fake_aia_ireg_write(unsigned long reg, unsigned long v)
{
	fake_log_add('W', (uint32_t)reg, (uint32_t)v, FAKE_CSR);
	if (reg == EIDELIVERY)
		me()->delivery = v;
	else if (reg == EITHRESHOLD)
		me()->threshold = v;
	else if (reg >= EIE(0) && reg < EIE(WORDS) && reg % 2 == 0)
		me()->eie[(reg - EIE(0)) / 2] = v;
	else if (reg >= EIE(WORDS) && reg <= 0xffu)
		;	/* beyond this file's identities: ignored, as the hardware does */
	else
		fake_error("write of indirect register %#lx", reg);
	/* The 64-bit words are logged by their low half; keep the high one. */
	if (reg >= EIE(0) && reg < EIE(WORDS))
		fake_log_add('W', (uint32_t)reg | 1u, (uint32_t)(v >> 32), FAKE_CSR);
}

unsigned long fake_aia_ireg_read(unsigned long reg)
{
	fake_error("read of indirect register %#lx", reg);
	return 0;
}

unsigned long fake_aia_claim_topei(void)
{
	struct file *f = me();
	unsigned long id = 0;

	for (unsigned int i = 1; i < 64 * WORDS && !id; i++)
		if ((f->eip[i / 64] & f->eie[i / 64] & (1ull << (i % 64))) &&
		    (f->threshold == 0 || i < f->threshold) && f->delivery == 1)
			id = i;
	if (id)
		f->eip[id / 64] &= ~(1ull << (id % 64));
	fake_log_add('R', FAKE_STOPEI, (uint32_t)(id << 16 | id), FAKE_CSR);
	return id << 16 | id;
}

/* A message for identity @id arrives in @cpu's file. */
static void send(unsigned int cpu, unsigned int id)
{
	files[cpu].eip[id / 64] |= 1ull << (id % 64);
}

static struct imsic *im;

static void take(unsigned int cpu)
{
	unsigned int prev = port_cpu_id();
	unsigned long flags;

	sim_cpu_switch(cpu);
	flags = port_irq_save();
	imsic_handle(im, NULL);
	port_irq_restore(flags);
	sim_cpu_switch(prev);
}

/* The parent domain the identities belong to (an APLIC's, in the kernel). */
static void nop(struct irq_data *d)
{
	(void)d;
}

static const struct irq_chip parent_chip = { .name = "parent", .eoi = nop };
static unsigned int calls[2];

static irqreturn_t handler(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	calls[port_cpu_id()]++;
	return IRQ_HANDLED;
}

#define W(reg, v)	{ 'W', (reg), (uint32_t)(v), FAKE_CSR }
#define CLAIM(id)	{ 'R', FAKE_STOPEI, (uint32_t)((id) << 16 | (id)), FAKE_CSR }

int main(void)
{
	struct irq_domain *parent;
	struct imsic_config cfg = { .nr_ids = NIDS, .nr_cpus = 2 };
	unsigned long err;
	int dev;

	if (sim_init(2, 64) != 0)
		return 1;
	cfg.nr_ids = 0;
	CHECK(imsic_create(&cfg) == NULL);
	cfg.nr_ids = NIDS;
	im = imsic_create(&cfg);
	CHECK(im != NULL);
	if (!im)
		return 1;

	/* Each hart opens its file: identities 1..100 (not 0, not 101..127). */
	for (unsigned int c = 0; c < 2; c++) {
		sim_cpu_switch(c);
		imsic_cpu_init(im);
		LOG_IS(W(EIE(0), ~1ull), W(EIE(0) | 1u, ~0u), W(EIE(1), ~0u),
		       W(EIE(1) | 1u, ((1ull << (NIDS - 63)) - 1) >> 32), W(EITHRESHOLD, 0),
		       W(EIDELIVERY, 1));
	}
	sim_cpu_switch(0);

	/* Before a domain is given: counted as an error, the claim ended it. */
	err = irq_error_count();
	send(0, ID_DEV);
	take(0);
	CHECK(irq_error_count() == err + 1);
	LOG_IS(CLAIM(ID_DEV));

	parent = irq_domain_create_linear("parent", NIDS + 1, &parent_chip, NULL);
	CHECK(parent != NULL);
	imsic_set_domain(im, parent);
	dev = irq_create_mapping(parent, ID_DEV);
	CHECK(dev >= 0 && irq_create_mapping(parent, ID_HIGH) >= 0);
	CHECK(request_irq((unsigned int)dev, handler, 0, "dev", &calls) == 0);

	/* A message: claimed, dispatched as the parent's line on this CPU. */
	send(1, ID_DEV);
	take(1);
	CHECK(calls[1] == 1 && irq_stat_cpu((unsigned int)dev, 1) == 1);
	LOG_IS(CLAIM(ID_DEV));

	/* Nothing in the file: claim 0, counted as spurious, nothing dispatched. */
	take(0);
	CHECK(irq_spurious_count(0) == 1 && calls[0] == 0);
	LOG_IS(CLAIM(0));

	/* The last enabled identity arrives; one past the file's range never would. */
	send(0, ID_HIGH);
	take(0);
	LOG_IS(CLAIM(ID_HIGH));
	send(0, NIDS + 1);
	take(0);
	CHECK(irq_spurious_count(0) == 2);
	LOG_IS(CLAIM(0));
	files[0].eip[1] = 0;

	/* An identity nobody mapped: counted in ERR, not dispatched. */
	err = irq_error_count();
	send(0, ID_NOBODY);
	take(0);
	CHECK(irq_error_count() == err + 1);
	LOG_IS(CLAIM(ID_NOBODY));

	return fake_report("imsic host test");
}

// SPDX-License-Identifier: MIT
/*
 * imsic.c - the IMSIC driver on the host, against a fake of two harts'
 * supervisor interrupt files (the CSRs of fake_riscv_csr.h): per hart,
 * eidelivery, eithreshold, 64-bit eie/eip words, and stopei, whose claim
 * returns the lowest pending enabled identity below the threshold (0 for
 * none) and clears it. 100 identities, so the last enable word is partial.
 *
 * The message domain (imsic_create_msi_parent(), PCI-MSI on top): message
 * identities 80..83 of each file, given per hart to the CPU with the most
 * free (the lowest on a tie); a message is (that hart's file page, the
 * identity), the high half of the address kept; an event on (hart,
 * identity) reaches its line there and only there, one bound to nothing
 * is counted in ERR; a move takes an identity on the new hart, keeps the
 * old one bound and dispatching until an event on the new one (an event
 * on the old one does not release it), refuses a second move meanwhile;
 * exhaustion leaves nothing behind; free returns every identity.
 *
 * Runs on the hosted port (arch/host), in check-controllers. Mutations of
 * controllers/imsic.c caught: see mutants.sh (imsic-*).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/chip/imsic.h>
#include <genirq/irqdomain.h>
#include <genirq/msi.h>
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
#define MSI_FIRST	80u
#define MSI_LAST	83u		/* 4 message identities per hart */
#define MSI_PER_CPU	(MSI_LAST - MSI_FIRST + 1u)
#define MSI_LINES	8u
#define FILE0		0x28000000ull
#define FILE1		0x128001000ull	/* above 4 GiB: address_hi matters */

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

/* --- the message domain --- */

static struct msi_msg msgs[8];

static void write_msg(struct msi_dev *dev, unsigned int index, const struct msi_msg *msg)
{
	(void)dev;
	if (index < 8)
		msgs[index] = *msg;
}

static const struct msi_dev_ops dev_ops = { .write_msg = write_msg };
static unsigned long runs[8];

static irqreturn_t msi_handler(int irq, void *dev)
{
	(void)irq;
	(*(unsigned long *)dev)++;
	return IRQ_HANDLED;
}

static uint64_t addr_of(const struct msi_msg *m)
{
	return (uint64_t)m->address_hi << 32 | m->address_lo;
}

/* The device writes @m: the identity arrives in the file the address names. */
static void send_msg(const struct msi_msg *m)
{
	unsigned int cpu = addr_of(m) == FILE0 ? 0 : addr_of(m) == FILE1 ? 1 : 2;

	CHECK(cpu < 2 && m->data >= MSI_FIRST && m->data <= MSI_LAST);
	if (cpu < 2) {
		send(cpu, m->data);
		take(cpu);
		LOG_IS(CLAIM(m->data));
	}
}

static void check_msi(void)
{
	static struct msi_dev dev = { .ops = &dev_ops, .id = 0x8 };
	static struct msi_dev big = { .ops = &dev_ops, .id = 0x28 };
	struct imsic_msi_config mc = {
		.first_id = 0, .last_id = MSI_LAST, .nr_lines = MSI_LINES,
		.file_addr = { FILE0, FILE1 },
	};
	static struct irq_domain *msi;	/* kept: domains are never freed */
	struct irq_domain *parent;
	struct irq_cpumask to0, to1, eff;
	struct msi_msg old;
	unsigned int cpu, id;
	unsigned long err;
	long live;
	int irq;

	CHECK(imsic_free_ids(im, 0) == 0);
	CHECK(imsic_create_msi_parent(im, &mc) == NULL);	/* identity 0 */
	mc.first_id = MSI_FIRST;
	mc.last_id = NIDS + 1;
	CHECK(imsic_create_msi_parent(im, &mc) == NULL);	/* past the file */
	mc.last_id = MSI_LAST;
	parent = imsic_create_msi_parent(im, &mc);
	CHECK(parent != NULL && imsic_create_msi_parent(im, &mc) == NULL);
	msi = parent ? msi_create_irq_domain(parent, "PCI-MSI", MSI_PARENT_ACK) : NULL;
	CHECK(msi != NULL);
	if (!msi)
		return;
	CHECK(imsic_free_ids(im, 0) == MSI_PER_CPU && imsic_free_ids(im, 1) == MSI_PER_CPU);

	/* Three lines: CPU0, CPU1 (same identity, other file), CPU0 again. */
	irq = msi_domain_alloc_irqs(msi, &dev, 3);
	CHECK(irq >= 0);
	if (irq < 0)
		return;
	CHECK(imsic_msi_target(im, (unsigned int)irq, &cpu, &id) == 0 && cpu == 0 && id == MSI_FIRST);
	CHECK(imsic_msi_target(im, (unsigned int)irq + 1, &cpu, &id) == 0 && cpu == 1 && id == MSI_FIRST);
	CHECK(imsic_msi_target(im, (unsigned int)irq + 2, &cpu, &id) == 0 && cpu == 0 &&
	      id == MSI_FIRST + 1);
	CHECK(imsic_msi_target(im, ID_DEV, &cpu, &id) == -EINVAL);
	CHECK(addr_of(&msgs[0]) == FILE0 && msgs[0].data == MSI_FIRST);
	CHECK(addr_of(&msgs[1]) == FILE1 && msgs[1].data == MSI_FIRST);
	CHECK(addr_of(&msgs[2]) == FILE0 && msgs[2].data == MSI_FIRST + 1);
	CHECK(imsic_free_ids(im, 0) == MSI_PER_CPU - 2 && imsic_free_ids(im, 1) == MSI_PER_CPU - 1);
	for (unsigned int i = 0; i < 3; i++)
		CHECK(request_irq((unsigned int)irq + i, msi_handler, 0, "msi", &runs[i]) == 0);
	send_msg(&msgs[0]);
	send_msg(&msgs[1]);
	send_msg(&msgs[1]);
	send_msg(&msgs[2]);
	CHECK(runs[0] == 1 && runs[1] == 2 && runs[2] == 1);
	CHECK(irq_stat_cpu((unsigned int)irq, 0) == 1 && irq_stat_cpu((unsigned int)irq + 1, 1) == 2);
	/* A message identity bound to nothing on that hart: ERR, no handler. */
	err = irq_error_count();
	send(1, MSI_LAST);
	take(1);
	LOG_IS(CLAIM(MSI_LAST));
	CHECK(irq_error_count() == err + 1 && runs[0] + runs[1] + runs[2] == 4);

	/* Move line 0 to CPU1: a new identity there, the old one kept bound. */
	old = msgs[0];
	cpumask_clear(&to1);
	cpumask_set_cpu(1, &to1);
	cpumask_clear(&to0);
	cpumask_set_cpu(0, &to0);
	CHECK(irq_set_affinity((unsigned int)irq, &to1) == 0);
	CHECK(imsic_msi_target(im, (unsigned int)irq, &cpu, &id) == 0 && cpu == 1 &&
	      id == MSI_FIRST + 1);
	CHECK(addr_of(&msgs[0]) == FILE1 && msgs[0].data == MSI_FIRST + 1);
	CHECK(irq_get_effective_affinity((unsigned int)irq, &eff) == 0 && cpumask_test_cpu(1, &eff) &&
	      !cpumask_test_cpu(0, &eff));
	CHECK(imsic_free_ids(im, 0) == MSI_PER_CPU - 2 && imsic_free_ids(im, 1) == MSI_PER_CPU - 2);
	CHECK(irq_set_affinity((unsigned int)irq, &to0) == -EBUSY);
	send_msg(&old);			/* in flight before the move: still served */
	CHECK(runs[0] == 2 && imsic_free_ids(im, 0) == MSI_PER_CPU - 2);
	send_msg(&msgs[0]);		/* the first on the new one: the old goes back */
	CHECK(runs[0] == 3 && irq_stat_cpu((unsigned int)irq, 1) == 1);
	CHECK(imsic_free_ids(im, 0) == MSI_PER_CPU - 1 && imsic_free_ids(im, 1) == MSI_PER_CPU - 2);
	err = irq_error_count();
	send(0, old.data);		/* bound to nothing now */
	take(0);
	LOG_IS(CLAIM(old.data));
	CHECK(irq_error_count() == err + 1 && runs[0] == 3);
	/* A mask with the current CPU moves nothing; moved back, nothing leaks. */
	cpumask_set_cpu(0, &to1);
	CHECK(irq_set_affinity((unsigned int)irq, &to1) == 0 &&
	      addr_of(&msgs[0]) == FILE1 && imsic_free_ids(im, 1) == MSI_PER_CPU - 2);
	CHECK(irq_set_affinity((unsigned int)irq, &to0) == 0 && addr_of(&msgs[0]) == FILE0);
	send_msg(&msgs[0]);
	CHECK(runs[0] == 4);
	CHECK(imsic_free_ids(im, 0) == MSI_PER_CPU - 2 && imsic_free_ids(im, 1) == MSI_PER_CPU - 1);

	/* All or nothing: one identity too many; exactly the rest fits. */
	live = sim_alloc_live();
	CHECK(msi_domain_alloc_irqs(msi, &big, 2 * MSI_PER_CPU - 3 + 1) < 0);
	CHECK(imsic_free_ids(im, 0) == MSI_PER_CPU - 2 && imsic_free_ids(im, 1) == MSI_PER_CPU - 1);
	CHECK(sim_alloc_live() == live);
	CHECK(msi_domain_alloc_irqs(msi, &big, 2 * MSI_PER_CPU - 3) >= 0);
	CHECK(imsic_free_ids(im, 0) == 0 && imsic_free_ids(im, 1) == 0);
	CHECK(msi_domain_free_irqs(&big) == 0);

	/* Freed mid-move: both identities go back. */
	CHECK(irq_set_affinity((unsigned int)irq, &to1) == 0);
	for (unsigned int i = 0; i < 3; i++)
		free_irq((unsigned int)irq + i, &runs[i]);
	CHECK(msi_domain_free_irqs(&dev) == 0);
	CHECK(imsic_free_ids(im, 0) == MSI_PER_CPU && imsic_free_ids(im, 1) == MSI_PER_CPU);
	LOG_EMPTY();
}

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

	check_msi();
	/* The wired identities still reach the parent's lines. */
	send(0, ID_DEV);
	take(0);
	LOG_IS(CLAIM(ID_DEV));
	CHECK(calls[0] == 1);

	return fake_report("imsic host test");
}

// SPDX-License-Identifier: MIT
/*
 * aplic.c - the APLIC driver on the host, against a fake APLIC domain in
 * MSI mode: two harts whose IMSIC hart indexes are 5 and 9 (not their
 * CPU numbers), 64 sources. The fake keeps each source's input, pending
 * and enable bits; a pending enabled source is forwarded at once as a
 * message (hart index, identity) to a queue (where a message not yet
 * delivered absorbs its repeats, as the IMSIC's pending bit does) that the
 * test delivers, as an IMSIC would, through the APLIC's irq domain on the
 * right CPU. A
 * setipnum write for a level source sets the pending bit whatever the
 * input - as QEMU 7.2 does - so a driver that re-forwards an idle line
 * is seen storming.
 *
 * Runs on the hosted port (arch/host), in check-controllers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/chip/aplic.h>
#include <genirq/pm.h>
#include <genirq/port.h>
#include <genirq/sim.h>
#include "fakeregs.h"

/* The register map, written down again from the AIA specification. */
#define R_DOMAINCFG	0x0000u
#define R_SOURCECFG(s)	(4u * (s))
#define R_SETIP(w)	(0x1c00u + 4u * (w))
#define R_CLRIPNUM	0x1ddcu
#define R_IN_CLRIP(w)	(0x1d00u + 4u * (w))
#define R_SETIE(w)	(0x1e00u + 4u * (w))
#define R_SETIENUM	0x1edcu
#define R_CLRIE(w)	(0x1f00u + 4u * (w))
#define R_CLRIENUM	0x1fdcu
#define R_SETIPNUM_LE	0x2000u
#define R_TARGET(s)	(0x3000u + 4u * (s))
#define IE		(1u << 8)
#define DM_MSI		(1u << 2)
#define SM_EDGE_RISE	4u
#define SM_EDGE_FALL	5u
#define SM_LEVEL_HIGH	6u

#define FILE_BYTES	0x8000u
#define NSRC		64u
#define UART		10u
#define EDU		33u
#define EDGE		40u
#define QMAX		8u

static const unsigned int hart_index[2] = { 5, 9 };
static struct aplic *ap;
static struct fake_file file = { .bytes = FILE_BYTES };
static bool input[NSRC + 1], pending[NSRC + 1], enabled[NSRC + 1];
static uint32_t queue[QMAX];		/* messages: hart index << 18 | identity */
static unsigned int qlen;

static uint32_t get(uint32_t off)
{
	return fake_get(&file, off);
}

static void put(uint32_t off, uint32_t v)
{
	fake_put(&file, off, v);
}

/* Forward every pending enabled source (file open). */
static void forward(void)
{
	if (!(get(R_DOMAINCFG) & IE) || !(get(R_DOMAINCFG) & DM_MSI))
		return;
	for (unsigned int s = 1; s <= NSRC; s++) {
		if (!pending[s] || !enabled[s])
			continue;
		pending[s] = false;
		for (unsigned int i = 0; i < qlen; i++)
			if (queue[i] == get(R_TARGET(s)))
				goto coalesced;	/* the IMSIC's pending bit is set already */
		if (qlen == QMAX)
			fake_error("message queue full");
		else
			queue[qlen++] = get(R_TARGET(s));
coalesced:;
	}
}

/* Word @w of a bit per source: @bits[32w..32w+31]. */
static uint32_t word_of(const bool *bits, unsigned int w)
{
	uint32_t v = 0;

	for (unsigned int b = 0; b < 32; b++)
		if (32 * w + b >= 1 && 32 * w + b <= NSRC && bits[32 * w + b])
			v |= 1u << b;
	return v;
}

static void before_read(struct fake_file *f, uint32_t off)
{
	(void)f;
	if (off >= R_SETIP(0) && off <= R_SETIP(NSRC / 32u))
		put(off, word_of(pending, (off - R_SETIP(0)) / 4u));
	if (off >= R_SETIE(0) && off <= R_SETIE(NSRC / 32u))
		put(off, word_of(enabled, (off - R_SETIE(0)) / 4u));
	if (off >= R_IN_CLRIP(0) && off <= R_IN_CLRIP(NSRC / 32u)) {
		uint32_t w = (off - R_IN_CLRIP(0)) / 4u, v = 0;

		for (unsigned int b = 0; b < 32; b++)
			if (32 * w + b >= 1 && 32 * w + b <= NSRC && input[32 * w + b])
				v |= 1u << b;
		put(off, v);
	}
}

static void after(struct fake_file *f, const struct fake_acc *a)
{
	(void)f;
	if (a->op != 'W')
		return;
	if (a->off == R_SETIENUM && a->val >= 1 && a->val <= NSRC)
		enabled[a->val] = true;
	else if (a->off == R_CLRIENUM && a->val >= 1 && a->val <= NSRC)
		enabled[a->val] = false;
	else if (a->off >= R_CLRIE(0) && a->off <= R_CLRIE(NSRC / 32u))
		for (unsigned int b = 0; b < 32; b++) {
			unsigned int s = 32 * ((a->off - R_CLRIE(0)) / 4u) + b;

			if ((a->val & (1u << b)) && s >= 1 && s <= NSRC)
				enabled[s] = false;
		}
	else if (a->off == R_SETIPNUM_LE && a->val >= 1 && a->val <= NSRC)
		pending[a->val] = true;
	else if (a->off == R_CLRIPNUM && a->val >= 1 && a->val <= NSRC)
		pending[a->val] = false;
	forward();
}

/* A device drives source @s to @level (the rectified input). */
static void drive(unsigned int s, bool level)
{
	fake_file_open(&file);
	if (level && !input[s])
		pending[s] = true;
	input[s] = level;
	forward();
	fake_file_close(&file);
}

/* The IMSIC's part: the messages queued so far, each dispatched on the
 * CPU it names (those queued meanwhile wait for the next call). */
static unsigned int deliver(void)
{
	unsigned int n = 0, todo = qlen;

	while (todo--) {
		uint32_t m = queue[0];
		unsigned int hart = m >> 18, cpu = hart == hart_index[1];
		unsigned int prev = port_cpu_id();
		unsigned long flags;

		memmove(&queue[0], &queue[1], --qlen * sizeof(queue[0]));
		if (hart != hart_index[0] && hart != hart_index[1])
			fake_error("message to hart index %u", hart);
		sim_cpu_switch(cpu);
		flags = port_irq_save();
		irq_handle_domain_entry(aplic_domain(ap), m & 0x7ffu, NULL);
		port_irq_restore(flags);
		sim_cpu_switch(prev);
		n++;
	}
	return n;
}

/* --- handlers: a device whose status the test sets --- */

static unsigned int calls[2];
static bool clears[NSRC + 1];		/* the handler withdraws the device's input */
static unsigned int last_cpu;
static bool mask_in_handler;

static irqreturn_t handler(int irq, void *dev)
{
	unsigned int s = *(unsigned int *)dev;

	(void)irq;
	calls[s == EDU]++;
	last_cpu = port_cpu_id();
	if (clears[s])
		drive(s, false);
	if (mask_in_handler)
		disable_irq_nosync((unsigned int)irq);
	return IRQ_HANDLED;
}

static unsigned int uart_src = UART, edu_src = EDU, edge_src = EDGE;

static void check_create(void)
{
	struct aplic_config cfg = { .base = (uintptr_t)file.regs, .nr_sources = NSRC, .nr_cpus = 2,
				    .hart_index = { hart_index[0], hart_index[1] } };
	bool ok = true;

	cfg.nr_sources = APLIC_MAX_SOURCES + 1;
	CHECK(aplic_create(&cfg) == NULL);
	cfg.nr_sources = NSRC;
	LOG_EMPTY();
	ap = aplic_create(&cfg);
	CHECK(ap != NULL);
	if (!ap)
		exit(1);
	/* Off; every source disabled and inactive; then on, in MSI mode. */
	CHECK(fake_nr_acc == 1 + 3 + NSRC + 1);
	CHECK(fake_acc_eq(&fake_log[0], &(struct fake_acc){ 'W', R_DOMAINCFG, 0, 0 }));
	for (unsigned int w = 0; w < 3; w++)
		ok &= fake_acc_eq(&fake_log[1 + w], &(struct fake_acc){ 'W', R_CLRIE(w), ~0u, 0 });
	for (unsigned int s = 1; s <= NSRC; s++)
		ok &= fake_acc_eq(&fake_log[3 + s], &(struct fake_acc){ 'W', R_SOURCECFG(s), 0, 0 });
	CHECK(ok);
	CHECK(fake_acc_eq(&fake_log[4 + NSRC], &(struct fake_acc){ 'W', R_DOMAINCFG, IE | DM_MSI, 0 }));
	fake_nr_acc = 0;
	CHECK(aplic_map(ap, 0, IRQ_TYPE_LEVEL_HIGH) == -EINVAL);
	CHECK(aplic_map(ap, NSRC + 1, IRQ_TYPE_LEVEL_HIGH) == -EINVAL);
	LOG_EMPTY();
}

static int map(unsigned int src, unsigned int type, uint32_t sm, unsigned int *cookie)
{
	int irq = aplic_map(ap, src, type);

	CHECK(irq >= 0);
	/* Aimed at the boot CPU's hart index with its own identity, then its mode. */
	LOG_IS({ 'W', R_TARGET(src), hart_index[0] << 18 | src, 0 }, { 'W', R_SOURCECFG(src), sm, 0 });
	CHECK(request_irq((unsigned int)irq, handler, IRQF_SHARED, "dev", cookie) == 0);
	/* Startup routes it to the online CPUs' first, then enables it (a
	 * level source: and looks whether it asserts already). */
	if (sm == SM_LEVEL_HIGH)
		LOG_IS({ 'W', R_TARGET(src), hart_index[0] << 18 | src, 0 }, { 'W', R_SETIENUM, src, 0 },
		       { 'R', R_IN_CLRIP(src / 32u), 0, 0 });
	else
		LOG_IS({ 'W', R_TARGET(src), hart_index[0] << 18 | src, 0 }, { 'W', R_SETIENUM, src, 0 });
	return irq;
}

static void check_level(int uart)
{
	/* Serviced: one message, and the eoi finds the input low. */
	clears[UART] = true;
	drive(UART, true);
	CHECK(deliver() == 1 && calls[0] == 1);
	LOG_IS({ 'R', R_IN_CLRIP(0), 0, 0 });

	/* Still asserted at eoi (another device, or a stuck one): forwarded again. */
	clears[UART] = false;
	drive(UART, true);
	CHECK(deliver() == 1 && calls[0] == 2);
	LOG_IS({ 'R', R_IN_CLRIP(0), 1u << UART, 0 }, { 'W', R_SETIPNUM_LE, UART, 0 });
	clears[UART] = true;
	CHECK(deliver() == 1 && calls[0] == 3 && !input[UART]);
	LOG_IS({ 'R', R_IN_CLRIP(0), 0, 0 });

	/* Masked while asserted: held, sent at unmask. */
	disable_irq((unsigned int)uart);
	LOG_IS({ 'W', R_CLRIENUM, UART, 0 });
	drive(UART, true);
	CHECK(deliver() == 0);
	enable_irq((unsigned int)uart);
	LOG_IS({ 'W', R_SETIENUM, UART, 0 }, { 'R', R_IN_CLRIP(0), 1u << UART, 0 },
	       { 'W', R_SETIPNUM_LE, UART, 0 });
	CHECK(deliver() == 1 && calls[0] == 4);
	fake_nr_acc = 0;

	/* Masked by its own handler (a ONESHOT line) while still asserting:
	 * not re-armed at eoi; the device quiet by the unmask: nothing sent. */
	clears[UART] = false;
	mask_in_handler = true;
	drive(UART, true);
	CHECK(deliver() == 1 && calls[0] == 5);
	LOG_IS({ 'W', R_CLRIENUM, UART, 0 });
	drive(UART, false);
	enable_irq((unsigned int)uart);
	LOG_IS({ 'W', R_SETIENUM, UART, 0 }, { 'R', R_IN_CLRIP(0), 0, 0 });
	CHECK(deliver() == 0 && calls[0] == 5);
	mask_in_handler = false;
	clears[UART] = true;
	fake_nr_acc = 0;
}

static void check_edge_and_types(int edge)
{
	/* An edge source: no end-of-interrupt work at all. */
	drive(EDGE, true);
	CHECK(deliver() == 1 && calls[0] == 6);
	LOG_EMPTY();
	drive(EDGE, false);
	CHECK(irq_set_irq_type((unsigned int)edge, IRQ_TYPE_EDGE_FALLING) == 0);
	LOG_IS({ 'W', R_SOURCECFG(EDGE), SM_EDGE_FALL, 0 });
	CHECK(irq_set_irq_type((unsigned int)edge, IRQ_TYPE_EDGE_BOTH) < 0);
	LOG_EMPTY();
}

static void check_affinity(int edu)
{
	struct irq_cpumask m;

	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK(irq_set_affinity((unsigned int)edu, &m) == 0);
	LOG_IS({ 'W', R_TARGET(EDU), hart_index[1] << 18 | EDU, 0 });
	clears[EDU] = true;
	drive(EDU, true);
	CHECK(deliver() == 1 && calls[1] == 1 && last_cpu == 1);
	CHECK(irq_stat_cpu((unsigned int)edu, 1) == 1);
	fake_nr_acc = 0;
}

/* The controller's state of the edge source: its pending and enable bits, exactly. */
static void check_state(int edge)
{
	uint32_t bit = 1u << (EDGE % 32u);
	unsigned int before = calls[0] + calls[1];
	bool st = false;

	fake_nr_acc = 0;
	CHECK(irq_set_irqchip_state((unsigned int)edge, IRQCHIP_STATE_MASKED, true) == 0);
	LOG_IS({ 'W', R_CLRIENUM, EDGE, 0 });
	CHECK(irq_get_irqchip_state((unsigned int)edge, IRQCHIP_STATE_MASKED, &st) == 0 && st);
	LOG_IS({ 'R', R_SETIE(1), word_of(enabled, 1), 0 });
	CHECK(!(word_of(enabled, 1) & bit));
	/* Injected while masked: held pending, not forwarded. */
	CHECK(irq_set_irqchip_state((unsigned int)edge, IRQCHIP_STATE_PENDING, true) == 0);
	CHECK(irq_get_irqchip_state((unsigned int)edge, IRQCHIP_STATE_PENDING, &st) == 0 && st);
	LOG_IS({ 'W', R_SETIPNUM_LE, EDGE, 0 }, { 'R', R_SETIP(1), word_of(pending, 1), 0 });
	CHECK(qlen == 0);
	CHECK(irq_set_irqchip_state((unsigned int)edge, IRQCHIP_STATE_PENDING, false) == 0);
	CHECK(irq_get_irqchip_state((unsigned int)edge, IRQCHIP_STATE_PENDING, &st) == 0 && !st);
	LOG_IS({ 'W', R_CLRIPNUM, EDGE, 0 }, { 'R', R_SETIP(1), word_of(pending, 1), 0 });
	CHECK(irq_get_irqchip_state((unsigned int)edge, IRQCHIP_STATE_ACTIVE, &st) == -EINVAL);
	CHECK(irq_set_irqchip_state((unsigned int)edge, IRQCHIP_STATE_ACTIVE, true) == -EINVAL);
	LOG_EMPTY();
	/* Injected, then unmasked: one message, one handler run. */
	CHECK(irq_set_irqchip_state((unsigned int)edge, IRQCHIP_STATE_PENDING, true) == 0);
	CHECK(irq_set_irqchip_state((unsigned int)edge, IRQCHIP_STATE_MASKED, false) == 0);
	LOG_IS({ 'W', R_SETIPNUM_LE, EDGE, 0 }, { 'W', R_SETIENUM, EDGE, 0 });
	CHECK(qlen == 1);
	deliver();
	CHECK(calls[0] + calls[1] == before + 1);
	fake_nr_acc = 0;
	/* A wake line: nothing to program, an enabled source's message wakes wfi. */
	CHECK(enable_irq_wake((unsigned int)edge) == 0);
	CHECK(disable_irq_wake((unsigned int)edge) == 0);
	LOG_EMPTY();
}

int main(void)
{
	int uart, edu, edge;

	if (sim_init(2, 64) != 0)
		return 1;
	file.before_read = before_read;
	file.after = after;
	fake_file_map(&file);

	check_create();
	uart = map(UART, IRQ_TYPE_LEVEL_HIGH, SM_LEVEL_HIGH, &uart_src);
	edu = map(EDU, IRQ_TYPE_LEVEL_HIGH, SM_LEVEL_HIGH, &edu_src);
	edge = map(EDGE, IRQ_TYPE_EDGE_RISING, SM_EDGE_RISE, &edge_src);
	check_level(uart);
	check_edge_and_types(edge);
	check_affinity(edu);
	check_state(edge);

	CHECK(qlen == 0);
	fake_file_unmap(&file);
	return fake_report("aplic host test");
}

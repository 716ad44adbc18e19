// SPDX-License-Identifier: MIT
/*
 * plic.c - the PLIC driver on the host, against a fake PLIC register
 * file: two harts whose supervisor contexts are 1 and 3 (the M-mode ones,
 * 0 and 2, belong to the firmware and must never be touched), 40 sources.
 *
 * The fake keeps a pending bit and a claimed bit per source, as the
 * specification's gateways and core do: a claim read returns the best
 * pending source enabled in that context above its threshold (0: none)
 * and holds it; a completion is honoured only for a source enabled in the
 * completing context (the specification ignores the others), so a driver
 * that completes a masked line leaves its gateway stuck, and the test
 * sees it.
 *
 * Runs on the hosted port (arch/host), in check-controllers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/chip/plic.h>
#include <genirq/pm.h>
#include <genirq/port.h>
#include <genirq/sim.h>
#include "fakeregs.h"

/* The register map, written down again from the specification. */
#define R_PRIO(s)	(4u * (s))
#define R_PEND(w)	(0x1000u + 4u * (w))
#define R_EN(c, w)	(0x2000u + 0x80u * (c) + 4u * (w))
#define R_THRESH(c)	(0x200000u + 0x1000u * (c))
#define R_CLAIM(c)	(R_THRESH(c) + 4u)

#define FILE_BYTES	0x204000u	/* through context 3's claim register */
#define NSRC		40u
#define NCTX		4u
#define CTX0		1u		/* hart 0, supervisor */
#define CTX1		3u		/* hart 1, supervisor */
#define UART		10u
#define EDU		33u
#define NOBODY		20u		/* never mapped */
#define FIRMWARE_THRESH	7u		/* what OpenSBI leaves in a context */
#define PRIO_MASK	7u		/* priority bits held (QEMU virt's three) */

static struct fake_file file = { .bytes = FILE_BYTES };
static bool pending[NSRC + 1], claimed[NSRC + 1];
static int forced_claim = -1;		/* the next claim returns this, whatever is pending */

static uint32_t get(uint32_t off)
{
	return fake_get(&file, off);
}

static void put(uint32_t off, uint32_t v)
{
	fake_put(&file, off, v);
}

static bool enabled_in(unsigned int ctx, unsigned int s)
{
	return get(R_EN(ctx, s / 32)) & (1u << (s % 32));
}

/* Best pending source of @ctx: the lowest number among the highest priority. */
static unsigned int best(unsigned int ctx)
{
	unsigned int pick = 0;
	uint32_t prio = get(R_THRESH(ctx));

	for (unsigned int s = 1; s <= NSRC; s++)
		if (pending[s] && !claimed[s] && enabled_in(ctx, s) && get(R_PRIO(s)) > prio) {
			prio = get(R_PRIO(s));
			pick = s;
		}
	return pick;
}

static int ctx_of_claim(uint32_t off)
{
	for (unsigned int c = 0; c < NCTX; c++)
		if (off == R_CLAIM(c))
			return (int)c;
	return -1;
}

/* The pending bits of word @w, as the gateways hold them. */
static uint32_t pend_word(unsigned int w)
{
	uint32_t v = 0;

	for (unsigned int s = 32u * w; s < 32u * (w + 1) && s <= NSRC; s++)
		if (pending[s] && !claimed[s])
			v |= 1u << (s % 32u);
	return v;
}

static void before_read(struct fake_file *f, uint32_t off)
{
	int c = ctx_of_claim(off);
	unsigned int s;

	(void)f;
	if (off == R_PEND(0) || off == R_PEND(1)) {
		put(off, pend_word((off - R_PEND(0)) / 4u));
		return;
	}
	if (c < 0)
		return;
	if (c != CTX0 && c != CTX1)
		fake_error("claim from context %d, not a supervisor one", c);
	s = forced_claim >= 0 ? (unsigned int)forced_claim : best((unsigned int)c);
	forced_claim = -1;
	if (s) {
		pending[s] = false;
		claimed[s] = true;
	}
	put(off, s);
}

static void after(struct fake_file *f, const struct fake_acc *a)
{
	int c = ctx_of_claim(a->off);

	(void)f;
	if (a->op != 'W')
		return;
	if (a->off >= R_PRIO(1) && a->off <= R_PRIO(NSRC))
		put(a->off, a->val & PRIO_MASK);	/* WARL: the bits it has */
	if ((a->off >= R_EN(0, 0) && a->off < R_EN(CTX0, 0)) ||
	    (a->off >= R_EN(2, 0) && a->off < R_EN(CTX1, 0)) ||
	    a->off == R_THRESH(0) || a->off == R_THRESH(2))
		fake_error("write %#x to a machine-mode context", a->off);
	if (c < 0)
		return;
	if (a->val == 0 || a->val > NSRC || !claimed[a->val])
		fake_error("completion of %u, not claimed", a->val);
	else if (!enabled_in((unsigned int)c, a->val))
		fake_error("completion of %u in context %d, where it is not enabled: ignored", a->val, c);
	else
		claimed[a->val] = false;
}

/* --- the harts --- */

static struct plic *pic;

/* A supervisor external interrupt on @cpu, if its context has one to give. */
static void take(unsigned int cpu)
{
	unsigned int prev = port_cpu_id();
	unsigned long flags;

	sim_cpu_switch(cpu);
	flags = port_irq_save();
	plic_handle(pic, NULL);
	port_irq_restore(flags);
	sim_cpu_switch(prev);
}

static void assert_line(unsigned int s)
{
	pending[s] = true;
}

static unsigned int calls[2];
static int cookie[2];
static bool mask_in_handler;

static irqreturn_t handler(int irq, void *dev)
{
	calls[(int *)dev - cookie]++;
	if (mask_in_handler && dev == &cookie[0])
		disable_irq_nosync((unsigned int)irq);
	return IRQ_HANDLED;
}

static struct irq_cpumask one_cpu(unsigned int cpu)
{
	struct irq_cpumask m;

	cpumask_clear(&m);
	cpumask_set_cpu(cpu, &m);
	return m;
}

/* --- the checks --- */

/* Contexts from a hart list: machine mode's 2N, supervisor mode's 2N+1. */
static void check_contexts(void)
{
	static const unsigned long harts[GENIRQ_NR_CPUS + 1] = { 0, 1, 3 };
	static const unsigned long far[1] = { 7936 };	/* context 15872: none */
	struct plic_config cfg = { .nr_cpus = 9, .context = { 42 } };

	CHECK(plic_contexts(&cfg, harts, 3, true) == 0);
	CHECK(cfg.nr_cpus == 3 && cfg.context[0] == 0 && cfg.context[1] == 2 && cfg.context[2] == 6);
	CHECK(plic_contexts(&cfg, harts, 3, false) == 0);
	CHECK(cfg.nr_cpus == 3 && cfg.context[0] == 1 && cfg.context[1] == 3 && cfg.context[2] == 7);
	CHECK(plic_contexts(&cfg, harts, 0, true) == -EINVAL);
	CHECK(plic_contexts(&cfg, harts, GENIRQ_NR_CPUS + 1, true) == -EINVAL);
	CHECK(plic_contexts(&cfg, far, 1, false) == -EINVAL);
	CHECK(cfg.nr_cpus == 3 && cfg.context[0] == 1 && cfg.context[2] == 7);
}

static void check_create(void)
{
	static const unsigned long harts[2] = { 0, 1 };
	struct plic_config cfg = { .base = (uintptr_t)file.regs, .nr_sources = NSRC };
	bool ok = true;

	CHECK(plic_contexts(&cfg, harts, 2, false) == 0);
	CHECK(cfg.context[0] == CTX0 && cfg.context[1] == CTX1);

	fake_file_open(&file);
	memset(file.regs, 0xa5, FILE_BYTES);	/* what a reset does not define */
	memset(file.shadow, 0xa5, FILE_BYTES);
	fake_file_close(&file);
	cfg.nr_sources = 0;
	CHECK(plic_create(&cfg) == NULL);
	cfg.nr_sources = NSRC;
	cfg.base = 0;
	CHECK(plic_create(&cfg) == NULL);
	LOG_EMPTY();
	cfg.base = (uintptr_t)file.regs;
	pic = plic_create(&cfg);
	CHECK(pic != NULL);
	if (!pic)
		exit(1);
	/* Every source's priority 0, then every enable word of both contexts 0. */
	CHECK(fake_nr_acc == NSRC + 2 * 2);
	for (unsigned int i = 0; i < NSRC; i++)
		ok &= fake_log[i].op == 'W' && fake_log[i].off == R_PRIO(i + 1) && fake_log[i].val == 0;
	for (unsigned int i = 0; i < 4; i++)
		ok &= fake_log[NSRC + i].op == 'W' && fake_log[NSRC + i].val == 0 &&
		      fake_log[NSRC + i].off == R_EN(i < 2 ? CTX0 : CTX1, i % 2);
	CHECK(ok);
	fake_nr_acc = 0;
	CHECK(plic_map(pic, 0, IRQ_TYPE_LEVEL_HIGH) == -EINVAL);
	CHECK(plic_map(pic, NSRC + 1, IRQ_TYPE_LEVEL_HIGH) == -EINVAL);
	CHECK(plic_map(pic, UART, IRQ_TYPE_EDGE_FALLING) < 0);
	fake_nr_acc = 0;

	/* The firmware left threshold 7 and junk enables: each hart opens its own. */
	fake_poke(&file, R_THRESH(CTX1), FIRMWARE_THRESH);
	fake_nr_acc = 0;
	sim_cpu_switch(1);
	plic_cpu_init(pic);
	sim_cpu_switch(0);
	CHECK(fake_peek(&file, R_THRESH(CTX1)) == 0);
	fake_nr_acc = 0;
	plic_cpu_init(pic);
	fake_nr_acc = 0;
}

static int check_level(void)
{
	int uart = plic_map(pic, UART, IRQ_TYPE_LEVEL_HIGH);

	CHECK(uart >= 0);
	LOG_IS({ 'W', R_PRIO(UART), 1, 0 });
	CHECK(request_irq((unsigned int)uart, handler, IRQF_SHARED, "uart-a", &cookie[0]) == 0);
	/* Routed to CPU0, opened there, the threshold written to re-evaluate. */
	LOG_IS({ 'R', R_EN(CTX0, 0), 0, 0 }, { 'W', R_EN(CTX0, 0), 1u << UART, 0 },
	       { 'W', R_THRESH(CTX0), 0, 0 });
	CHECK(request_irq((unsigned int)uart, handler, IRQF_SHARED, "uart-b", &cookie[1]) == 0);
	LOG_EMPTY();

	/* One event: claim, both shared handlers, complete. */
	assert_line(UART);
	take(0);
	CHECK(calls[0] == 1 && calls[1] == 1 && !claimed[UART]);
	LOG_IS({ 'R', R_CLAIM(CTX0), UART, 0 }, { 'W', R_CLAIM(CTX0), UART, 0 });

	/* Not enabled on CPU1: nothing to claim there. */
	assert_line(UART);
	take(1);
	CHECK(calls[0] == 1 && irq_spurious_count(1) == 1);
	LOG_IS({ 'R', R_CLAIM(CTX1), 0, 0 });
	take(0);
	CHECK(calls[0] == 2);
	fake_nr_acc = 0;
	return uart;
}

static void check_spurious_and_unmapped(void)
{
	unsigned long spu = irq_spurious_count(0), err = irq_error_count();
	int gone;

	/* Claim 0: counted, not dispatched, nothing completed. */
	take(0);
	CHECK(irq_spurious_count(0) == spu + 1 && calls[0] == 2);
	LOG_IS({ 'R', R_CLAIM(CTX0), 0, 0 });

	/* A source claimed while enabled but mapped by nobody (a firmware's,
	 * or one unmapped meanwhile, as here: its slot in the domain's table
	 * is empty again): counted in ERR by the core, completed. */
	gone = plic_map(pic, NOBODY, IRQ_TYPE_LEVEL_HIGH);
	CHECK(gone >= 0);
	CHECK(irq_dispose_mapping((unsigned int)gone) == 0);
	fake_poke(&file, R_PRIO(NOBODY), 0);
	fake_poke(&file, R_EN(CTX0, 0), fake_peek(&file, R_EN(CTX0, 0)) | 1u << NOBODY);
	forced_claim = NOBODY;
	fake_nr_acc = 0;
	take(0);
	CHECK(irq_error_count() == err + 1 && !claimed[NOBODY]);
	LOG_IS({ 'R', R_CLAIM(CTX0), NOBODY, 0 }, { 'W', R_CLAIM(CTX0), NOBODY, 0 });
	fake_poke(&file, R_EN(CTX0, 0), fake_peek(&file, R_EN(CTX0, 0)) & ~(1u << NOBODY));
	fake_nr_acc = 0;
}

/* A handler that masks its own line: the completion must still land. */
static void check_mask_in_handler(int uart)
{
	mask_in_handler = true;
	assert_line(UART);
	take(0);
	mask_in_handler = false;
	CHECK(calls[0] == 3 && !claimed[UART]);
	LOG_IS({ 'R', R_CLAIM(CTX0), UART, 0 }, { 'R', R_EN(CTX0, 0), 1u << UART, 0 },
	       { 'W', R_EN(CTX0, 0), 0, 0 }, { 'R', R_EN(CTX0, 0), 0, 0 },
	       { 'W', R_EN(CTX0, 0), 1u << UART, 0 }, { 'W', R_CLAIM(CTX0), UART, 0 },
	       { 'R', R_EN(CTX0, 0), 1u << UART, 0 }, { 'W', R_EN(CTX0, 0), 0, 0 });
	/* Asserted while masked: held, delivered once enabled again. */
	assert_line(UART);
	take(0);
	CHECK(calls[0] == 3);
	fake_nr_acc = 0;
	enable_irq((unsigned int)uart);
	take(0);
	CHECK(calls[0] == 4 && !claimed[UART]);
	fake_nr_acc = 0;
}

static void check_affinity(int uart)
{
	struct irq_cpumask m = one_cpu(1), eff;
	int edu;

	/* The enable moves from context 1 to context 3. */
	CHECK(irq_set_affinity((unsigned int)uart, &m) == 0);
	LOG_IS({ 'R', R_EN(CTX0, 0), 1u << UART, 0 }, { 'W', R_EN(CTX0, 0), 0, 0 },
	       { 'R', R_EN(CTX1, 0), 0, 0 }, { 'W', R_EN(CTX1, 0), 1u << UART, 0 },
	       { 'W', R_THRESH(CTX1), 0, 0 });
	CHECK(irq_get_effective_affinity((unsigned int)uart, &eff) == 0 && cpumask_test_cpu(1, &eff));
	assert_line(UART);
	take(0);
	CHECK(calls[0] == 4);
	take(1);
	CHECK(calls[0] == 5 && irq_stat_cpu((unsigned int)uart, 1) == 1);
	LOG_IS({ 'R', R_CLAIM(CTX0), 0, 0 }, { 'R', R_CLAIM(CTX1), UART, 0 },
	       { 'W', R_CLAIM(CTX1), UART, 0 });

	/* A masked line is re-routed without being opened; word 1 for source 33. */
	edu = plic_map(pic, EDU, IRQ_TYPE_LEVEL_HIGH);
	CHECK(edu >= 0);
	fake_nr_acc = 0;
	CHECK(irq_set_affinity((unsigned int)edu, &m) == 0);
	LOG_EMPTY();
	CHECK(request_irq((unsigned int)edu, handler, 0, "edu", &cookie[0]) == 0);
	LOG_IS({ 'R', R_EN(CTX1, 1), 0, 0 }, { 'W', R_EN(CTX1, 1), 1u << (EDU - 32), 0 },
	       { 'W', R_THRESH(CTX1), 0, 0 });
	free_irq((unsigned int)edu, &cookie[0]);
	CHECK(!(fake_peek(&file, R_EN(CTX1, 1)) & (1u << (EDU - 32))));
	fake_nr_acc = 0;
}

/* The higher priority is claimed first; a priority not held is refused. */
static void check_priority(void)
{
	struct irq_cpumask m = one_cpu(1);
	unsigned int c0 = calls[0], c1 = calls[1];
	int edu = plic_map(pic, EDU, IRQ_TYPE_LEVEL_HIGH);

	CHECK(edu >= 0 && irq_set_affinity((unsigned int)edu, &m) == 0);
	fake_nr_acc = 0;
	CHECK(plic_set_priority(pic, EDU, 0) == -EINVAL);
	CHECK(plic_set_priority(pic, 0, 2) == -EINVAL);
	CHECK(plic_set_priority(pic, NSRC + 1, 2) == -EINVAL);
	LOG_EMPTY();
	CHECK(plic_set_priority(pic, EDU, PRIO_MASK + 1) == -EINVAL);
	CHECK(fake_peek(&file, R_PRIO(EDU)) == 1);
	fake_nr_acc = 0;
	CHECK(plic_set_priority(pic, EDU, 2) == 0);
	LOG_IS({ 'W', R_PRIO(EDU), 2, 0 }, { 'R', R_PRIO(EDU), 2, 0 });
	/* The UART (both its handlers count) and the edu (cookie[1]) on CPU1. */
	CHECK(request_irq((unsigned int)edu, handler, 0, "edu", &cookie[1]) == 0);
	assert_line(UART);
	assert_line(EDU);
	take(1);
	CHECK(calls[0] == c0 && calls[1] == c1 + 1 && pending[UART]);
	take(1);
	CHECK(calls[0] == c0 + 1 && calls[1] == c1 + 2 && !claimed[UART] && !claimed[EDU]);
	free_irq((unsigned int)edu, &cookie[1]);
	fake_nr_acc = 0;
}

/* The controller's state of a line: pending bits read, enable bit of its context. */
static void check_state(int uart)
{
	uint32_t bit = 1u << UART, en;
	bool st = false;

	fake_nr_acc = 0;
	assert_line(UART);
	CHECK(irq_get_irqchip_state((unsigned int)uart, IRQCHIP_STATE_PENDING, &st) == 0 && st);
	LOG_IS({ 'R', R_PEND(0), pend_word(0), 0 });
	/* Pending is read-only and a claim shows nowhere: refused, no access. */
	CHECK(irq_set_irqchip_state((unsigned int)uart, IRQCHIP_STATE_PENDING, true) == -EINVAL);
	CHECK(irq_set_irqchip_state((unsigned int)uart, IRQCHIP_STATE_ACTIVE, false) == -EINVAL);
	CHECK(irq_get_irqchip_state((unsigned int)uart, IRQCHIP_STATE_ACTIVE, &st) == -EINVAL);
	LOG_EMPTY();
	en = fake_peek(&file, R_EN(CTX1, 0));		/* routed to CPU1 by check_affinity() */
	CHECK(en & bit);
	CHECK(irq_get_irqchip_state((unsigned int)uart, IRQCHIP_STATE_MASKED, &st) == 0 && !st);
	LOG_IS({ 'R', R_EN(CTX1, 0), en, 0 });
	CHECK(irq_set_irqchip_state((unsigned int)uart, IRQCHIP_STATE_MASKED, true) == 0);
	LOG_IS({ 'R', R_EN(CTX1, 0), en, 0 }, { 'W', R_EN(CTX1, 0), en & ~bit, 0 });
	CHECK(irq_set_irqchip_state((unsigned int)uart, IRQCHIP_STATE_MASKED, false) == 0);
	LOG_IS({ 'R', R_EN(CTX1, 0), en & ~bit, 0 }, { 'W', R_EN(CTX1, 0), en, 0 },
	       { 'W', R_THRESH(CTX1), 0, 0 });
	take(1);
	CHECK(!pending[UART] && !claimed[UART]);
	fake_nr_acc = 0;
	/* A wake line: nothing to program, an enabled source wakes wfi. */
	CHECK(enable_irq_wake((unsigned int)uart) == 0);
	CHECK(disable_irq_wake((unsigned int)uart) == 0);
	LOG_EMPTY();
}

int main(void)
{
	if (sim_init(2, 64) != 0)
		return 1;
	file.before_read = before_read;
	file.after = after;
	fake_file_map(&file);

	check_contexts();
	check_create();
	int uart = check_level();
	check_spurious_and_unmapped();
	check_mask_in_handler(uart);
	check_affinity(uart);
	check_priority();
	check_state(uart);

	for (unsigned int s = 1; s <= NSRC; s++)
		CHECK(!claimed[s]);
	fake_file_unmap(&file);
	return fake_report("plic host test");
}

// SPDX-License-Identifier: MIT
/*
 * mpic.c - the MPIC driver on the host, against a fake OpenPIC register
 * file, once per register byte order:
 *
 *   mpic be    FSL MPIC: big-endian, 196 sources, 16-bit vectors
 *   mpic le    Apple Keylargo-style OpenPIC: little-endian, 64 sources,
 *              8-bit vectors
 *
 * The register file is trapped (fakeregs.h): before a read the fake
 * prepares it (IACK pops its queue, the reset bit clears); each access is
 * logged with the value decoded from the bytes in the instance's byte
 * order, and the fake reacts to a write (reset, EOI, IPI dispatch,
 * unmasking a held source). So every check below sees the exact
 * sequence of register reads and writes the genirq core caused through
 * the driver, and the byte layout of every value.
 *
 * Runs on the hosted port (arch/host), in check-controllers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/ipi.h>
#include <genirq/msi.h>
#include <genirq/irq.h>
#include <genirq/chip/mpic.h>
#include <genirq/port.h>
#include <genirq/sim.h>
#include "fakeregs.h"

/* The OpenPIC register map, written down again from the spec (not from mpic.c). */
#define R_FRR		0x1000u
#define R_GCR		0x1020u
#define R_IPI_VPR(n)	(0x10a0u + 0x10u * (n))
#define R_SVR		0x10e0u
#define R_TFRR		0x10f0u
#define R_TMR_BCR(n)	(0x1110u + 0x40u * (n))
#define R_TMR_VPR(n)	(0x1120u + 0x40u * (n))
#define R_TMR_DR(n)	(0x1130u + 0x40u * (n))
#define R_SRC_VPR(s)	(0x10000u + 0x20u * (s))
#define R_SRC_DR(s)	(0x10010u + 0x20u * (s))
#define R_CPU(c, r)	(0x20000u + 0x1000u * (c) + (r))
#define R_IPIDR(n)	(0x40u + 0x10u * (n))
#define R_CTPR		0x80u
#define R_IACK		0xa0u
#define R_EOI		0xb0u

#define GCR_RESET	0x80000000u
#define MASK		0x80000000u
#define ACTIVITY	0x40000000u
#define POL		0x00800000u	/* active high / rising */
#define SENSE		0x00400000u	/* level */
#define PRIO(p)		((uint32_t)(p) << 16)
#define BCR_CI		0x80000000u

#define FILE_BYTES	0x40000u	/* the MPIC's 256 KiB block */
#define NCPU		2u
#define QMAX		8u
#define RESET_READS	2u		/* GCR reads that still show the reset running */
#define STUCK_WATCH	16u		/* stuck reset: GCR polls logged, the rest run untrapped */

struct instance {
	const char	*label;
	bool		big_endian;
	unsigned int	nr_src;
	uint32_t	gcr_mode;
	uint32_t	spurious;
	uint32_t	reset_svr;
	uint32_t	iack_junk;	/* set in IACK's reserved bits: the driver masks */
};

static const struct instance instances[] = {
	{ "mpic host test, big-endian (FSL MPIC)", true, 196, 0x20000000u, 0xffffu, 0xffffu, 0x5a5a0000u },
	{ "mpic host test, little-endian (Keylargo OpenPIC)", false, 64, 0, 0xffu, 0xffu, 0x5a5a5a00u },
};

static const struct instance *inst;
static unsigned int reset_reads;
static bool reset_stuck;
static unsigned int stuck_polls;
static uint32_t queue[NCPU][QMAX], in_service[NCPU][QMAX];
static unsigned int qlen[NCPU], depth[NCPU];
static bool held[256];			/* raised while masked */
static struct fake_file file = { .bytes = FILE_BYTES };

static uint32_t get(uint32_t off)
{
	return fake_get(&file, off);
}

static void put(uint32_t off, uint32_t v)
{
	fake_put(&file, off, v);
}

static bool bytes_are(uint32_t off, const uint8_t want[4])
{
	bool ok;

	fake_file_open(&file);
	ok = memcmp(file.regs + off, want, 4) == 0;
	if (!ok)
		fprintf(stderr, "  bytes at %#x: %02x %02x %02x %02x\n", off, file.regs[off],
			file.regs[off + 1], file.regs[off + 2], file.regs[off + 3]);
	fake_file_close(&file);
	return ok;
}

/* --- the fake controller --- */

static void enqueue(unsigned int cpu, uint32_t vector)
{
	if (qlen[cpu] == QMAX)
		fake_error("queue of CPU %u full", cpu);
	else
		queue[cpu][qlen[cpu]++] = vector;
}

/* Deliver a line whose vector/priority register reads @vpr: to the one CPU in its DR. */
static void route(uint32_t vpr, uint32_t dr_off)
{
	uint32_t dr = get(dr_off);

	if (dr == 0 || (dr & (dr - 1)) || dr >= 1u << NCPU)
		fake_error("destination %#x at %#x is not one CPU", dr, dr_off);
	else
		enqueue((unsigned int)__builtin_ctz(dr), vpr & (inst->spurious));
}

/* Raise source @s (file open): held while masked, delivered at unmask. */
static void raise_locked(uint32_t vpr_off, uint32_t dr_off, unsigned int s)
{
	uint32_t vpr = get(vpr_off);

	if (vpr & MASK)
		held[s] = true;
	else
		route(vpr, dr_off);
}

static void raise_source(unsigned int s)
{
	fake_file_open(&file);
	raise_locked(R_SRC_VPR(s), R_SRC_DR(s), s);
	fake_file_close(&file);
}

static void fire_timer(unsigned int n)
{
	fake_file_open(&file);
	if (get(R_TMR_VPR(n)) & MASK)
		fake_error("timer %u fired while masked", n);
	else
		route(get(R_TMR_VPR(n)), R_TMR_DR(n));
	fake_file_close(&file);
}

static void reset_file(void)
{
	for (unsigned int s = 0; s < inst->nr_src; s++) {
		put(R_SRC_VPR(s), MASK);
		put(R_SRC_DR(s), 1);
	}
	for (unsigned int n = 0; n < 4; n++) {
		put(R_IPI_VPR(n), MASK);
		put(R_TMR_VPR(n), MASK);
		put(R_TMR_DR(n), 1);
		put(R_TMR_BCR(n), BCR_CI);
	}
	for (unsigned int c = 0; c < NCPU; c++)
		put(R_CPU(c, R_CTPR), 0xf);
	put(R_SVR, inst->reset_svr);
	reset_reads = reset_stuck ? ~0u : RESET_READS;
}

/* CPU whose private block holds @off, or -1. */
static int cpu_of(uint32_t off, uint32_t reg)
{
	for (unsigned int c = 0; c < NCPU; c++)
		if (off == R_CPU(c, reg))
			return (int)c;
	return -1;
}

static void before_read(struct fake_file *f, uint32_t off)
{
	int c = cpu_of(off, R_IACK);

	(void)f;

	if (off == R_GCR && reset_reads && --reset_reads == 0)
		put(R_GCR, get(R_GCR) & ~GCR_RESET);
	if (c >= 0) {
		uint32_t v = get(R_SVR) & inst->spurious;	/* nothing pending */

		if (qlen[c]) {
			v = queue[c][0];
			memmove(&queue[c][0], &queue[c][1], --qlen[c] * sizeof(uint32_t));
			if (depth[c] == QMAX)
				fake_error("CPU %d: too many in service", c);
			else
				in_service[c][depth[c]++] = v;
		}
		put(off, v | inst->iack_junk);
	}
}

static void after_write(uint32_t off, uint32_t v)
{
	int c;

	if (off == R_GCR && (v & GCR_RESET))
		reset_file();
	if ((c = cpu_of(off, R_EOI)) >= 0) {
		if (depth[c] == 0)
			fake_error("EOI on CPU %d with nothing in service", c);
		else
			depth[c]--;
	}
	for (unsigned int n = 0; n < 4; n++)
		for (unsigned int s = 0; s < NCPU; s++)
			if (off == R_CPU(s, R_IPIDR(n)))
				for (unsigned int dst = 0; dst < NCPU; dst++)
					if (v & (1u << dst))
						enqueue(dst, get(R_IPI_VPR(n)) & inst->spurious);
	if (off >= R_SRC_VPR(0) && off < R_SRC_VPR(inst->nr_src) && off % 0x20 == 0) {
		unsigned int s = (off - R_SRC_VPR(0)) / 0x20;

		if (!(v & MASK) && held[s]) {
			held[s] = false;
			route(v, R_SRC_DR(s));
		}
	}
}

static void after(struct fake_file *f, const struct fake_acc *a)
{
	(void)f;
	if (a->op == 'W')
		after_write(a->off, a->val);
	/* A driver polling a reset that never ends: leave GCR's page open
	 * (untrapped) until the next access elsewhere, so it times out fast. */
	else if (reset_stuck && a->off == R_GCR && ++stuck_polls >= STUCK_WATCH)
		fake_leave_page_open(&file, R_GCR);
}

#define IACK(v)		((v) | inst->iack_junk)

/* --- the CPUs --- */

static struct mpic *pic;

/* External interrupt on @cpu: what the ppc glue does (interrupts off, mpic_handle). */
static void take(unsigned int cpu)
{
	unsigned int prev = port_cpu_id();
	unsigned long flags;

	sim_cpu_switch(cpu);
	flags = port_irq_save();
	mpic_handle(pic, NULL);
	port_irq_restore(flags);
	sim_cpu_switch(prev);
}

static unsigned int uart_calls[2], edge_calls[NCPU], ipi_calls[NCPU], tick_calls[NCPU];
static bool nest_tick;
static int uart_cookie[2];

static irqreturn_t uart_handler(int irq, void *dev)
{
	(void)irq;
	uart_calls[(int *)dev - uart_cookie]++;
	if (nest_tick && dev == &uart_cookie[1]) {	/* the tick arrives meanwhile */
		nest_tick = false;
		fire_timer(0);
		take(port_cpu_id());
	}
	return IRQ_HANDLED;
}

/* @dev: a per-CPU array of call counts. */
static irqreturn_t count_handler(int irq, void *dev)
{
	(void)irq;
	((unsigned int *)dev)[port_cpu_id()]++;
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

#define UART	42u	/* FSL: both DUARTs' internal source */
#define EDGE	7u
#define NOBODY	9u	/* never mapped */

#define FRR(n)	(((n) - 1) << 16 | (NCPU - 1) << 8 | 2)

/* A register file fresh from power-up: FRR says @nr_src sources and NCPU CPUs. */
static void power_up(uint32_t nr_src)
{
	fake_file_open(&file);
	memset(file.regs, 0xa5, FILE_BYTES);		/* what a reset does not define */
	memset(file.shadow, 0xa5, FILE_BYTES);
	put(R_FRR, FRR(nr_src));
	put(R_GCR, 0);
	fake_file_close(&file);
	fake_nr_acc = 0;
}

/* Refused set-ups: NULL after a report, nothing leaked. */
static void check_create_failures(struct mpic_config cfg)
{
	const uint32_t spurious = cfg.spurious_vector;
	long live = sim_alloc_live();

	cfg.spurious_vector = 0x10000;		/* wider than any vector field */
	power_up(inst->nr_src);
	CHECK(mpic_create(&cfg) == NULL);
	LOG_EMPTY();
	CHECK(sim_console_contains("mpic MPIC: spurious vector wider than 16 bits"));

	cfg.spurious_vector = 0x20;		/* source 32's vector too */
	power_up(inst->nr_src);
	CHECK(mpic_create(&cfg) == NULL);
	CHECK(sim_console_contains("mpic MPIC: spurious vector not above every line's vector"));

	cfg.spurious_vector = spurious;
	if (spurious == 0xff) {			/* 256 sources do not fit 8-bit vectors */
		power_up(256);
		sim_console_clear();
		CHECK(mpic_create(&cfg) == NULL);
		CHECK(sim_console_contains("mpic MPIC: spurious vector not above every line's vector"));
		CHECK(fake_log_is(ACCS({ 'W', R_GCR, GCR_RESET, 0 }, { 'R', R_GCR, GCR_RESET, 0 },
				  { 'R', R_GCR, 0, 0 }, { 'W', R_GCR, inst->gcr_mode, 0 },
				  { 'R', R_FRR, FRR(256u), 0 }), 5, __LINE__));
	}

	/* A reset that never ends: given up, nothing written after it. */
	power_up(inst->nr_src);
	reset_stuck = true;
	stuck_polls = 0;
	CHECK(mpic_create(&cfg) == NULL);
	CHECK(fake_nr_acc == 1 + STUCK_WATCH && fake_log[0].op == 'W' && fake_log[0].off == R_GCR);
	for (unsigned int i = 1; i < fake_nr_acc; i++)
		CHECK(fake_log[i].op == 'R' && fake_log[i].off == R_GCR && fake_log[i].val == GCR_RESET);
	CHECK(fake_peek(&file, R_GCR) == GCR_RESET);
	CHECK(sim_console_contains("mpic MPIC: reset did not complete"));
	reset_stuck = false;
	fake_nr_acc = 0;

	CHECK(sim_alloc_live() == live);
	sim_console_clear();
}

static void check_create(const struct mpic_config *cfg)
{
	const uint32_t n = inst->nr_src;
	const uint8_t be_vpr[4] = { 0x80, 0x05, 0x00, UART }, le_vpr[4] = { UART, 0x00, 0x05, 0x80 };
	const uint8_t be_svr[4] = { 0, 0, 0xff, 0xff }, le_svr[4] = { 0xff, 0, 0, 0 };
	bool ok = true;

	power_up(n);
	pic = mpic_create(cfg);
	CHECK(pic != NULL);
	if (!pic)
		exit(1);
	/* Reset, waited for; mode; FRR; spurious vector; then every line. */
	CHECK(fake_nr_acc == 6 + 2 * n + 4 + 3 * 4);
	fake_nr_acc = 6;
	LOG_IS({ 'W', R_GCR, GCR_RESET, 0 }, { 'R', R_GCR, GCR_RESET, 0 }, { 'R', R_GCR, 0, 0 },
	       { 'W', R_GCR, inst->gcr_mode, 0 }, { 'R', R_FRR, FRR(n), 0 },
	       { 'W', R_SVR, inst->spurious, 0 });
	CHECK(mpic_nr_sources(pic) == n && mpic_nr_cpus(pic) == NCPU);
	CHECK(mpic_ipi_hwirq(pic, 0) == n && mpic_timer_hwirq(pic, 0) == n + 4);

	/* Every line masked, edge, its own number as vector, to CPU 0. */
	for (uint32_t s = 0; s < n; s++)
		ok &= fake_peek(&file, R_SRC_VPR(s)) == (MASK | PRIO(5) | s) && fake_peek(&file, R_SRC_DR(s)) == 1;
	for (uint32_t i = 0; i < 4; i++) {
		ok &= fake_peek(&file, R_IPI_VPR(i)) == (MASK | PRIO(10) | (n + i));
		ok &= fake_peek(&file, R_TMR_VPR(i)) == (MASK | PRIO(8) | (n + 4 + i));
		ok &= fake_peek(&file, R_TMR_DR(i)) == 1 && fake_peek(&file, R_TMR_BCR(i)) == BCR_CI;
	}
	CHECK(ok);
	CHECK(fake_peek(&file, R_SVR) == inst->spurious && fake_peek(&file, R_GCR) == inst->gcr_mode);
	/* The byte layout itself, not only the values read back. */
	CHECK(bytes_are(R_SRC_VPR(UART), inst->big_endian ? be_vpr : le_vpr));
	CHECK(bytes_are(R_SVR, inst->big_endian ? be_svr : le_svr));

	for (unsigned int c = 0; c < NCPU; c++) {
		sim_cpu_switch(c);
		mpic_cpu_init(pic);
		LOG_IS({ 'W', R_CPU(c, R_CTPR), 0, 0 }, { 'R', R_CPU(c, R_CTPR), 0, 0 });
	}
	sim_cpu_switch(0);
}

/* Source 42: level, high, two handlers; one event is IACK, both handlers, EOI. */
static int check_shared_level(void)
{
	const uint32_t vpr = R_SRC_VPR(UART), lvl = SENSE | POL | PRIO(5) | UART;
	int irq = irq_create_mapping(mpic_domain(pic), UART);

	CHECK(irq >= 0);
	LOG_EMPTY();
	CHECK(irq_set_irq_type((unsigned int)irq, IRQ_TYPE_LEVEL_HIGH) == 0);
	LOG_IS({ 'R', vpr, MASK | PRIO(5) | UART, 0 }, { 'W', vpr, MASK | lvl, 0 }, { 'R', vpr, MASK | lvl, 0 });
	/* Startup routes the still masked line (DR only), then unmasks it. */
	CHECK(request_irq((unsigned int)irq, uart_handler, IRQF_SHARED, "uart0", &uart_cookie[0]) == 0);
	LOG_IS({ 'R', vpr, MASK | lvl, 0 }, { 'W', R_SRC_DR(UART), 1, 0 },
	       { 'R', vpr, MASK | lvl, 0 }, { 'W', vpr, lvl, 0 }, { 'R', vpr, lvl, 0 });
	CHECK(request_irq((unsigned int)irq, uart_handler, IRQF_SHARED, "uart1", &uart_cookie[1]) == 0);
	LOG_EMPTY();

	raise_source(UART);
	take(0);
	CHECK(uart_calls[0] == 1 && uart_calls[1] == 1);
	CHECK(irq_stat_cpu((unsigned int)irq, 0) == 1);
	LOG_IS({ 'R', R_CPU(0, R_IACK), IACK(UART), 0 }, { 'W', R_CPU(0, R_EOI), 0, 0 });
	return irq;
}

/* Every trigger type into SENSE/POLARITY, priority, then disable/enable replay. */
static void check_types_and_replay(void)
{
	static const struct { unsigned int type; uint32_t bits; } types[] = {
		{ IRQ_TYPE_EDGE_RISING, POL }, { IRQ_TYPE_EDGE_FALLING, 0 },
		{ IRQ_TYPE_LEVEL_LOW, SENSE }, { IRQ_TYPE_LEVEL_HIGH, SENSE | POL },
		{ IRQ_TYPE_EDGE_RISING, POL },
	};
	const uint32_t vpr = R_SRC_VPR(EDGE), base = PRIO(5) | EDGE;
	const uint8_t be_lvl_low[4] = { 0x80, 0x45, 0x00, EDGE }, le_lvl_low[4] = { EDGE, 0x00, 0x45, 0x80 };
	int irq = irq_create_mapping(mpic_domain(pic), EDGE);
	uint32_t old = MASK | base;

	CHECK(irq >= 0);
	for (unsigned int i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		uint32_t now = MASK | base | types[i].bits;

		CHECK(irq_set_irq_type((unsigned int)irq, types[i].type) == 0);
		LOG_IS({ 'R', vpr, old, 0 }, { 'W', vpr, now, 0 }, { 'R', vpr, now, 0 });
		if (types[i].type == IRQ_TYPE_LEVEL_LOW)
			CHECK(bytes_are(vpr, inst->big_endian ? be_lvl_low : le_lvl_low));
		old = now;
	}
	CHECK(irq_set_irq_type((unsigned int)irq, IRQ_TYPE_EDGE_BOTH) == -EINVAL);
	LOG_EMPTY();
	CHECK(fake_peek(&file, vpr) == (MASK | base | POL));

	CHECK(mpic_set_priority(pic, EDGE, 12) == 0);
	LOG_IS({ 'R', vpr, MASK | base | POL, 0 }, { 'W', vpr, MASK | PRIO(12) | EDGE | POL, 0 },
	       { 'R', vpr, MASK | PRIO(12) | EDGE | POL, 0 });
	CHECK(mpic_set_priority(pic, EDGE, 16) == -EINVAL);
	CHECK(mpic_set_priority(pic, mpic_timer_hwirq(pic, 3) + 1, 1) == -EINVAL);
	LOG_EMPTY();

	const uint32_t on = PRIO(12) | EDGE | POL;

	CHECK(request_irq((unsigned int)irq, count_handler, 0, "edge", edge_calls) == 0);
	LOG_IS({ 'R', vpr, MASK | on, 0 }, { 'W', R_SRC_DR(EDGE), 1, 0 },
	       { 'R', vpr, MASK | on, 0 }, { 'W', vpr, on, 0 }, { 'R', vpr, on, 0 });

	/* Masked in the MPIC while disabled: the event waits there. */
	disable_irq((unsigned int)irq);
	LOG_IS({ 'R', vpr, on, 0 }, { 'W', vpr, MASK | on, 0 }, { 'R', vpr, MASK | on, 0 });
	raise_source(EDGE);
	CHECK(qlen[0] == 0 && held[EDGE]);
	enable_irq((unsigned int)irq);
	LOG_IS({ 'R', vpr, MASK | on, 0 }, { 'W', vpr, on, 0 }, { 'R', vpr, on, 0 });
	CHECK(qlen[0] == 1);
	take(0);
	CHECK(edge_calls[0] == 1);
	LOG_IS({ 'R', R_CPU(0, R_IACK), IACK(EDGE), 0 }, { 'W', R_CPU(0, R_EOI), 0, 0 });

	free_irq((unsigned int)irq, edge_calls);
	LOG_IS({ 'R', vpr, on, 0 }, { 'W', vpr, MASK | on, 0 }, { 'R', vpr, MASK | on, 0 });
}

/* The spurious vector: counted, nothing dispatched, no EOI. An unmapped one: EOI'd. */
static void check_spurious_and_unmapped(void)
{
	const uint32_t spu = inst->spurious;

	for (unsigned int c = 0; c < NCPU; c++) {
		take(c);
		CHECK(irq_spurious_count(c) == 1);
		LOG_IS({ 'R', R_CPU(c, R_IACK), IACK(spu), 0 });
	}
	CHECK(irq_error_count() == 0);
	enqueue(0, NOBODY);
	take(0);
	CHECK(irq_error_count() == 1 && irq_spurious_count(0) == 1);
	LOG_IS({ 'R', R_CPU(0, R_IACK), IACK(NOBODY), 0 }, { 'W', R_CPU(0, R_EOI), 0, 0 });
}

/* Unmasked: masked around the DR write. Masked (disabled): DR only. */
static void check_affinity(int uart)
{
	const uint32_t vpr = R_SRC_VPR(UART), dr = R_SRC_DR(UART), lvl = SENSE | POL | PRIO(5) | UART;
	struct irq_cpumask m = one_cpu(1), eff;

	CHECK(irq_set_affinity((unsigned int)uart, &m) == 0);
	LOG_IS({ 'R', vpr, lvl, 0 }, { 'W', vpr, MASK | lvl, 0 }, { 'W', dr, 2, 0 }, { 'W', vpr, lvl, 0 });
	CHECK(irq_get_effective_affinity((unsigned int)uart, &eff) == 0 && cpumask_test_cpu(1, &eff) &&
	      !cpumask_test_cpu(0, &eff));
	raise_source(UART);
	CHECK(qlen[0] == 0 && qlen[1] == 1);
	take(1);
	CHECK(uart_calls[0] == 2 && irq_stat_cpu((unsigned int)uart, 1) == 1);
	LOG_IS({ 'R', R_CPU(1, R_IACK), IACK(UART), 0 }, { 'W', R_CPU(1, R_EOI), 0, 0 });

	disable_irq((unsigned int)uart);
	LOG_IS({ 'R', vpr, lvl, 0 }, { 'W', vpr, MASK | lvl, 0 }, { 'R', vpr, MASK | lvl, 0 });
	m = one_cpu(0);
	CHECK(irq_set_affinity((unsigned int)uart, &m) == 0);
	LOG_IS({ 'R', vpr, MASK | lvl, 0 }, { 'W', dr, 1, 0 });
	enable_irq((unsigned int)uart);
	LOG_IS({ 'R', vpr, MASK | lvl, 0 }, { 'W', vpr, lvl, 0 }, { 'R', vpr, lvl, 0 });
}

/*
 * IPIs through the generic IPI API. A reservation takes an IPI that has
 * neither a reservation nor a flat mapping (IPI 0 is mapped flat here),
 * unmasks it once and touches nothing else; its lines are per-CPU, one
 * for each CPU of the mask. ipi_send_single() writes the sender's dispatch
 * register; the IPI's vector taken on a CPU runs that CPU's line. Four
 * IPIs: the fourth reservation is refused. irq_destroy_ipi() masks the IPI.
 */
static void check_ipis(void)
{
	const uint32_t hw0 = (uint32_t)mpic_ipi_hwirq(pic, 0);
	const uint32_t hw1 = (uint32_t)mpic_ipi_hwirq(pic, 1), vpr1 = R_IPI_VPR(1), on1 = PRIO(10) | hw1;
	struct irq_cpumask both = one_cpu(0), m = one_cpu(1);
	int flat = irq_create_mapping(mpic_domain(pic), hw0), base, more[2];

	cpumask_set_cpu(1, &both);
	CHECK(flat >= 0);
	LOG_EMPTY();
	base = irq_reserve_ipi(mpic_domain(pic), &both);
	CHECK(base >= 0 && base != flat && base + 1 != flat);
	if (base < 0)
		return;
	LOG_IS({ 'R', vpr1, MASK | on1, 0 }, { 'W', vpr1, on1, 0 }, { 'R', vpr1, on1, 0 });
	CHECK(mpic_ipi_number(pic, irq_get_irq_data((unsigned int)base)->hwirq) == 1);
	CHECK(mpic_ipi_number(pic, irq_get_irq_data((unsigned int)base + 1)->hwirq) == 1);
	CHECK(mpic_ipi_number(pic, hw0) == 0 && mpic_ipi_number(pic, 0) == -EINVAL);
	CHECK(request_irq((unsigned int)base, count_handler, IRQF_PERCPU, "ipi", ipi_calls) == 0);
	CHECK(request_irq((unsigned int)base + 1, count_handler, IRQF_PERCPU, "ipi", ipi_calls) == 0);
	CHECK(irq_set_irq_type((unsigned int)base, IRQ_TYPE_LEVEL_HIGH) == -EINVAL);
	LOG_EMPTY();

	CHECK(ipi_send_single((unsigned int)base, 1) == 0);
	LOG_IS({ 'W', R_CPU(0, R_IPIDR(1)), 2, 0 });
	take(1);
	CHECK(ipi_calls[0] == 0 && ipi_calls[1] == 1);
	CHECK(irq_stat_cpu((unsigned int)base + 1, 1) == 1 && irq_stat_cpu((unsigned int)base, 1) == 0);
	LOG_IS({ 'R', R_CPU(1, R_IACK), IACK(hw1), 0 }, { 'W', R_CPU(1, R_EOI), 0, 0 });

	sim_cpu_switch(1);
	CHECK(ipi_send_mask((unsigned int)base, &both) == 0);
	sim_cpu_switch(0);
	LOG_IS({ 'W', R_CPU(1, R_IPIDR(1)), 1, 0 }, { 'W', R_CPU(1, R_IPIDR(1)), 2, 0 });
	take(0);
	take(1);
	CHECK(ipi_calls[0] == 1 && ipi_calls[1] == 2);
	CHECK(irq_stat_cpu((unsigned int)base, 0) == 1 && irq_stat_cpu((unsigned int)base + 1, 1) == 2);
	LOG_IS({ 'R', R_CPU(0, R_IACK), IACK(hw1), 0 }, { 'W', R_CPU(0, R_EOI), 0, 0 },
	       { 'R', R_CPU(1, R_IACK), IACK(hw1), 0 }, { 'W', R_CPU(1, R_EOI), 0, 0 });
	m = one_cpu(NCPU);
	CHECK(ipi_send_single((unsigned int)base, NCPU) == -EINVAL);
	LOG_EMPTY();

	/* IPIs 2 and 3, then none left (IPI 0 is the flat line's). */
	more[0] = irq_reserve_ipi(mpic_domain(pic), &both);
	more[1] = irq_reserve_ipi(mpic_domain(pic), &both);
	CHECK(more[0] >= 0 && more[1] >= 0);
	CHECK(irq_reserve_ipi(mpic_domain(pic), &both) == -ENOSPC);
	LOG_IS({ 'R', R_IPI_VPR(2), MASK | PRIO(10) | (hw0 + 2), 0 },
	       { 'W', R_IPI_VPR(2), PRIO(10) | (hw0 + 2), 0 },
	       { 'R', R_IPI_VPR(2), PRIO(10) | (hw0 + 2), 0 },
	       { 'R', R_IPI_VPR(3), MASK | PRIO(10) | (hw0 + 3), 0 },
	       { 'W', R_IPI_VPR(3), PRIO(10) | (hw0 + 3), 0 },
	       { 'R', R_IPI_VPR(3), PRIO(10) | (hw0 + 3), 0 });
	for (unsigned int i = 0; i < 2; i++) {
		const uint32_t vpr = R_IPI_VPR(2 + i), on = PRIO(10) | (hw0 + 2 + i);

		CHECK(more[i] >= 0 && irq_destroy_ipi((unsigned int)more[i], NULL) == 0);
		LOG_IS({ 'R', vpr, on, 0 }, { 'W', vpr, MASK | on, 0 }, { 'R', vpr, MASK | on, 0 });
	}
	(void)m;

	free_irq((unsigned int)base, ipi_calls);
	free_irq((unsigned int)base + 1, ipi_calls);
	LOG_EMPTY();
	CHECK(irq_destroy_ipi((unsigned int)base, NULL) == 0);
	LOG_IS({ 'R', vpr1, on1, 0 }, { 'W', vpr1, MASK | on1, 0 }, { 'R', vpr1, MASK | on1, 0 });
}

/* Global timer 0 as an edge line; it nests into the UART's handler (LIFO EOIs). */
static void check_timer(int uart)
{
	const uint32_t hw = (uint32_t)mpic_timer_hwirq(pic, 0), vpr = R_TMR_VPR(0), on = PRIO(8) | hw;
	int irq = irq_create_mapping(mpic_domain(pic), hw);
	struct irq_cpumask m = one_cpu(1);

	CHECK(irq >= 0);
	CHECK(irq_set_irq_type((unsigned int)irq, IRQ_TYPE_EDGE_RISING) == 0);
	CHECK(irq_set_irq_type((unsigned int)irq, IRQ_TYPE_LEVEL_LOW) == -EINVAL);
	LOG_EMPTY();
	CHECK(request_irq((unsigned int)irq, count_handler, 0, "timer", tick_calls) == 0);
	LOG_IS({ 'R', vpr, MASK | on, 0 }, { 'W', R_TMR_DR(0), 1, 0 },
	       { 'R', vpr, MASK | on, 0 }, { 'W', vpr, on, 0 }, { 'R', vpr, on, 0 });
	CHECK(mpic_timer_start(pic, 0, 250000) == 0);
	LOG_IS({ 'W', R_TMR_BCR(0), BCR_CI, 0 }, { 'W', R_TMR_BCR(0), 250000, 0 });
	CHECK(mpic_timer_start(pic, 0, BCR_CI) == -EINVAL && mpic_timer_start(pic, 4, 1) == -EINVAL);
	LOG_EMPTY();

	fire_timer(0);
	take(0);
	CHECK(tick_calls[0] == 1);
	LOG_IS({ 'R', R_CPU(0, R_IACK), IACK(hw), 0 }, { 'W', R_CPU(0, R_EOI), 0, 0 });

	nest_tick = true;
	raise_source(UART);
	take(0);
	CHECK(tick_calls[0] == 2 && uart_calls[1] == 3 && irq_stat_cpu((unsigned int)uart, 0) == 2);
	LOG_IS({ 'R', R_CPU(0, R_IACK), IACK(UART), 0 }, { 'R', R_CPU(0, R_IACK), IACK(hw), 0 },
	       { 'W', R_CPU(0, R_EOI), 0, 0 }, { 'W', R_CPU(0, R_EOI), 0, 0 });

	CHECK(irq_set_affinity((unsigned int)irq, &m) == 0);
	LOG_IS({ 'R', vpr, on, 0 }, { 'W', vpr, MASK | on, 0 }, { 'W', R_TMR_DR(0), 2, 0 }, { 'W', vpr, on, 0 });
	fire_timer(0);
	take(1);
	CHECK(tick_calls[1] == 1 && irq_stat_cpu((unsigned int)irq, 1) == 1);
	LOG_IS({ 'R', R_CPU(1, R_IACK), IACK(hw), 0 }, { 'W', R_CPU(1, R_EOI), 0, 0 });

	CHECK(mpic_timer_start(pic, 0, 0) == 0);
	LOG_IS({ 'W', R_TMR_BCR(0), BCR_CI, 0 });
}

/*
 * The controller's states: masked from the VPR, pending from its A bit
 * while unmasked (-EINVAL masked: the MPIC may hold the event with A
 * clear), never active; an IPI made pending through its dispatch register
 * (a reservation's line to its own CPU), a source or timer refused with
 * no access made.
 */
static void check_state(int uart)
{
	const uint32_t vpr = R_SRC_VPR(UART), lvl = SENSE | POL | PRIO(5) | UART;
	const uint32_t tvpr = R_TMR_VPR(0), ton = PRIO(8) | (uint32_t)mpic_timer_hwirq(pic, 0);
	const unsigned int u = (unsigned int)uart;
	struct irq_cpumask both = one_cpu(0);
	unsigned int calls[NCPU] = { 0, 0 };
	int base, timer = irq_find_mapping(mpic_domain(pic), mpic_timer_hwirq(pic, 0));
	uint32_t hw1, vpr1;
	bool st = true;

	CHECK(irq_get_irqchip_state(u, IRQCHIP_STATE_MASKED, &st) == 0 && !st);
	LOG_IS({ 'R', vpr, lvl, 0 });
	CHECK(irq_get_irqchip_state(u, IRQCHIP_STATE_PENDING, &st) == 0 && !st);
	LOG_IS({ 'R', vpr, lvl, 0 });
	fake_file_open(&file);
	put(vpr, lvl | ACTIVITY);		/* the MPIC has it requested */
	fake_file_close(&file);
	CHECK(irq_get_irqchip_state(u, IRQCHIP_STATE_PENDING, &st) == 0 && st);
	LOG_IS({ 'R', vpr, lvl | ACTIVITY, 0 });
	fake_file_open(&file);
	put(vpr, lvl);
	fake_file_close(&file);
	st = false;
	CHECK(irq_get_irqchip_state(u, IRQCHIP_STATE_ACTIVE, &st) == -EINVAL && !st);
	CHECK(irq_set_irqchip_state(u, IRQCHIP_STATE_PENDING, true) == -EINVAL);
	CHECK(irq_set_irqchip_state(u, IRQCHIP_STATE_PENDING, false) == -EINVAL);
	CHECK(irq_set_irqchip_state(u, IRQCHIP_STATE_ACTIVE, false) == -EINVAL);
	LOG_EMPTY();

	/* Masked through the controller: the VPR only, the core's view stays. */
	CHECK(irq_set_irqchip_state(u, IRQCHIP_STATE_MASKED, true) == 0);
	LOG_IS({ 'R', vpr, lvl, 0 }, { 'W', vpr, MASK | lvl, 0 }, { 'R', vpr, MASK | lvl, 0 });
	CHECK(irq_get_masked(u) == 0);
	CHECK(irq_get_irqchip_state(u, IRQCHIP_STATE_MASKED, &st) == 0 && st);
	CHECK(irq_get_irqchip_state(u, IRQCHIP_STATE_PENDING, &st) == -EINVAL);
	LOG_IS({ 'R', vpr, MASK | lvl, 0 }, { 'R', vpr, MASK | lvl, 0 });
	CHECK(irq_set_irqchip_state(u, IRQCHIP_STATE_MASKED, false) == 0);
	LOG_IS({ 'R', vpr, MASK | lvl, 0 }, { 'W', vpr, lvl, 0 }, { 'R', vpr, lvl, 0 });

	/* A timer: masked readable, no way to make it pending. */
	CHECK(timer >= 0);
	CHECK(irq_get_irqchip_state((unsigned int)timer, IRQCHIP_STATE_MASKED, &st) == 0 && !st);
	LOG_IS({ 'R', tvpr, ton, 0 });
	CHECK(irq_set_irqchip_state((unsigned int)timer, IRQCHIP_STATE_PENDING, true) == -EINVAL);
	LOG_EMPTY();

	/* An IPI reservation: CPU 1's line made pending from CPU 0 goes to CPU 1. */
	cpumask_set_cpu(1, &both);
	base = irq_reserve_ipi(mpic_domain(pic), &both);
	CHECK(base >= 0);
	if (base < 0)
		return;
	hw1 = (uint32_t)mpic_ipi_hwirq(pic, (unsigned int)mpic_ipi_number(pic,
					irq_get_irq_data((unsigned int)base)->hwirq));
	vpr1 = R_IPI_VPR(hw1 - inst->nr_src);
	fake_nr_acc = 0;
	CHECK(request_irq((unsigned int)base + 1, count_handler, IRQF_PERCPU, "ipi", calls) == 0);
	LOG_EMPTY();
	CHECK(irq_set_irqchip_state((unsigned int)base + 1, IRQCHIP_STATE_PENDING, true) == 0);
	LOG_IS({ 'W', R_CPU(0, R_IPIDR(hw1 - inst->nr_src)), 2, 0 });
	CHECK(qlen[0] == 0 && qlen[1] == 1);
	take(1);
	CHECK(calls[1] == 1 && calls[0] == 0);
	LOG_IS({ 'R', R_CPU(1, R_IACK), IACK(hw1), 0 }, { 'W', R_CPU(1, R_EOI), 0, 0 });
	CHECK(irq_get_irqchip_state((unsigned int)base + 1, IRQCHIP_STATE_PENDING, &st) == -EINVAL);
	LOG_EMPTY();
	CHECK(irq_get_irqchip_state((unsigned int)base + 1, IRQCHIP_STATE_MASKED, &st) == 0 && !st);
	LOG_IS({ 'R', vpr1, PRIO(10) | hw1, 0 });
	CHECK(irq_set_irqchip_state((unsigned int)base, IRQCHIP_STATE_PENDING, false) == -EINVAL);
	LOG_EMPTY();
	free_irq((unsigned int)base + 1, calls);
	CHECK(irq_destroy_ipi((unsigned int)base, NULL) == 0);
	fake_nr_acc = 0;
}

static void check_cpu_priority(void)
{
	sim_cpu_switch(1);
	mpic_set_cpu_priority(pic, 3);
	mpic_set_cpu_priority(pic, 0);
	sim_cpu_switch(0);
	LOG_IS({ 'W', R_CPU(1, R_CTPR), 3, 0 }, { 'R', R_CPU(1, R_CTPR), 3, 0 },
	       { 'W', R_CPU(1, R_CTPR), 0, 0 }, { 'R', R_CPU(1, R_CTPR), 0, 0 });
	fake_file_open(&file);
	put(R_TFRR, 25000000);
	fake_file_close(&file);
	CHECK(mpic_timer_freq(pic) == 25000000);
	LOG_IS({ 'R', R_TFRR, 25000000, 0 });
}

/* --- FSL MSI: the MSI bank as the parent of a PCI-MSI domain --- */

static struct msi_msg msi_written;
static unsigned int msi_writes, msi_calls[NCPU];
static struct irq_domain *msi;		/* kept: domains are never freed */

static void msi_write_msg(struct msi_dev *dev, unsigned int index, const struct msi_msg *msg)
{
	(void)dev;
	(void)index;
	msi_written = *msg;
	msi_writes++;
}

static const struct msi_dev_ops msi_ops = { .write_msg = msi_write_msg };

/* Position of access {@op, @off} in the log from @from, or -1. */
static int log_find(unsigned int from, char op, uint32_t off)
{
	for (unsigned int i = from; i < fake_nr_acc; i++)
		if (fake_log[i].op == op && fake_log[i].off == off)
			return (int)i;
	return -1;
}

/*
 * A second MPIC with the FSL MSI bank: sources 224-231 set up masked,
 * level, vector = number, to CPU 0; no MSI before the doorbell address
 * is known; a line takes bank 0 (message: MSIIR's bus address, data
 * SRS << 5); its event is IACK, the MSIR read (which lowers the source),
 * EOI, then the handler (edge flow: the ack comes first); affinity moves
 * the bank's destination register; free masks it and gives it back.
 */
static void check_fsl_msi(struct mpic_config cfg)
{
	struct msi_dev dev = { .ops = &msi_ops, .id = 0x08 };
	struct irq_cpumask m = one_cpu(1);
	bool ok = true, pending = false;
	int irq, ia, rd, eo;

	cfg.fsl_msi = true;
	power_up(inst->nr_src);
	pic = mpic_create(&cfg);
	CHECK(pic != NULL);
	if (!pic)
		return;
	for (uint32_t b = 0; b < MPIC_NR_MSI; b++)
		ok &= fake_peek(&file, R_SRC_VPR(224 + b)) == (MASK | SENSE | POL | PRIO(5) | (224 + b)) &&
		      fake_peek(&file, R_SRC_DR(224 + b)) == 1;
	CHECK(ok);
	msi = msi_create_irq_domain(mpic_domain(pic), "PCI-MSI", MSI_PARENT_ACK);
	CHECK(msi != NULL);
	if (!msi)
		return;
	CHECK(msi_domain_alloc_irqs(msi, &dev, 1) == -ENODEV);	/* no doorbell yet */
	mpic_msi_set_doorbell(pic, 0xf0041740u);
	CHECK(mpic_msi_free_banks(pic) == MPIC_NR_MSI);
	irq = msi_domain_alloc_irqs(msi, &dev, 1);
	CHECK(irq > 0);
	if (irq <= 0)
		return;
	CHECK(msi_writes == 1 && msi_written.address_lo == 0xf0041740u && msi_written.data == 0);
	CHECK(mpic_msi_free_banks(pic) == MPIC_NR_MSI - 1);
	CHECK(request_irq((unsigned int)irq, count_handler, 0, "msi", msi_calls) == 0);
	CHECK(!(fake_peek(&file, R_SRC_VPR(224)) & MASK));

	fake_nr_acc = 0;
	enqueue(0, 224);
	take(0);
	CHECK(msi_calls[0] == 1 && irq_stat_cpu((unsigned int)irq, 0) == 1);
	ia = log_find(0, 'R', R_CPU(0, R_IACK));
	rd = log_find(0, 'R', 0x1600u);
	eo = log_find(0, 'W', R_CPU(0, R_EOI));
	CHECK(ia >= 0 && rd > ia && eo > rd);

	CHECK(irq_set_affinity((unsigned int)irq, &m) == 0);
	CHECK(fake_peek(&file, R_SRC_DR(224)) == 2);
	CHECK(msi_written.address_lo == 0xf0041740u && msi_written.data == 0);	/* same message */

	/* Pending: bank 0's MSISR bit, masked or not; set by a message to
	 * MSIIR as a device writes it, cleared by reading the bank's MSIR. */
	fake_nr_acc = 0;
	fake_file_open(&file);
	put(0x1720u, 0x1u);
	fake_file_close(&file);
	CHECK(irq_get_irqchip_state((unsigned int)irq, IRQCHIP_STATE_PENDING, &pending) == 0 && pending);
	LOG_IS({ 'R', 0x1720u, 1, 0 });
	CHECK(irq_set_irqchip_state((unsigned int)irq, IRQCHIP_STATE_PENDING, true) == 0);
	CHECK(irq_set_irqchip_state((unsigned int)irq, IRQCHIP_STATE_PENDING, false) == 0);
	LOG_IS({ 'W', 0x1740u, 0, 0 }, { 'R', 0x1600u, fake_peek(&file, 0x1600u), 0 });

	free_irq((unsigned int)irq, msi_calls);
	CHECK(msi_domain_free_irqs(&dev) == 0);
	CHECK(fake_peek(&file, R_SRC_VPR(224)) & MASK);
	CHECK(mpic_msi_free_banks(pic) == MPIC_NR_MSI);
	fake_nr_acc = 0;
}

int main(int argc, char **argv)
{
	struct mpic_config cfg;
	int uart;

	if (argc != 2 || (strcmp(argv[1], "be") && strcmp(argv[1], "le"))) {
		fprintf(stderr, "usage: %s be|le\n", argv[0]);
		return 2;
	}
	inst = &instances[argv[1][0] == 'l'];
	cfg = (struct mpic_config){ .name = "MPIC", .big_endian = inst->big_endian,
				    .gcr_mode = inst->gcr_mode, .spurious_vector = inst->spurious };
	if (sim_init(NCPU, 64) != 0)
		return 1;
	file.big_endian = inst->big_endian;
	file.before_read = before_read;
	file.after = after;
	fake_file_map(&file);
	cfg.base = (uintptr_t)file.regs;

	check_create_failures(cfg);
	check_create(&cfg);
	uart = check_shared_level();
	check_types_and_replay();
	check_spurious_and_unmapped();
	check_affinity(uart);
	check_ipis();
	check_timer(uart);
	check_state(uart);
	check_cpu_priority();
	if (inst->big_endian)	/* the FSL layout */
		check_fsl_msi(cfg);

	for (unsigned int c = 0; c < NCPU; c++)
		CHECK(qlen[c] == 0 && depth[c] == 0);
	fake_file_unmap(&file);
	return fake_report(inst->label);
}

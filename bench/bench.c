// SPDX-License-Identifier: MIT
/*
 * bench.c - one benchmark case per run, for callgrind or the clock.
 *
 *   bench count KEY=VALUE...   set up, then run the case n times inside a
 *                              bench_loop_* function (callgrind collects
 *                              only there: --toggle-collect=bench_loop_*)
 *   bench time KEY=VALUE...    the same case, ns per iteration (indicative)
 *   bench mem                  bytes per descriptor, heap for 16 lines
 *
 * Keys: impl=genirq|floor|floor1 (floor1: the one-handler table, flows
 *       edge, level, fasteoi and percpu, one handler)
 *       kind=dispatch|disabled|replay|request|free|threaded|threaded-full
 *       flow=edge|level|fasteoi|percpu|msi handlers=1..8 irqoff=0|1|2 cost=0|1|2
 *       (irqoff=2: a handler with IRQF_DISABLED requested and freed first,
 *       then the plain ones: the line must get back what irqoff=0 has)
 *       trace=0|1|2 (the line traced; 2: traced, then not)
 *       entry=domain|desc (genirq: how the port enters, with the domain and
 *       line, irq_handle_domain_entry(), or by descriptor from a table of
 *       its own, irq_handle_desc_entry(), as x86_64's vectors do)
 *       (msi: a PCI-MSI line stacked on a bottom level with the fasteoi
 *       bench chip, so it compares with flow=fasteoi)
 *       lines=N (kind=dispatch, one handler: N lines, 16 to 8,192, a power
 *       of two, dispatched round-robin, each once before the count starts)
 *       n=iterations. With several handlers on a line, only the last one
 *       claims the event (the others return IRQ_NONE, as a sharing device
 *       that did not interrupt does).
 *
 * genirq runs as a port runs it: irq_handle_domain_entry() with local
 * interrupts off, through the hosted port (arch/host), whose port_*
 * functions are out of line.
 *
 * kind=threaded: a ONESHOT line whose primary (NULL) only wakes a thread,
 * the core's runner (a port without threads): the hard-interrupt part is
 * counted, the thread's run after each event is not (its function is a
 * bench_loop_* too, which toggles callgrind's collection off).
 * kind=threaded-full counts both: the event and the woken thread's run.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/irqdomain.h>
#include <genirq/msi.h>
#include <genirq/port.h>
#include <genirq/sim.h>
#include <genirq/trace.h>
#include "internals.h"	/* sizeof(struct irq_desc) only */

#include "benchchip.h"
#include "floor.h"

#define BENCH_HW	3ul
#define MAX_HANDLERS	8

struct bench_case {
	const char	*impl;
	const char	*kind;
	const char	*flow;
	unsigned int	handlers;
	int		irqoff;
	int		cost;
	unsigned int	lines;
	int		trace;
	const char	*entry;
	unsigned long	n;
};

struct bench_dev {
	unsigned long	calls;
};

static struct bench_dev devs[MAX_HANDLERS];
static struct floor_action floor_actions[MAX_HANDLERS];
static struct irq_domain *dom;
static void (*floor_one)(unsigned long hw);	/* impl=floor1: the line's dispatcher */
static unsigned int bench_irq;
static struct sim_regs regs;
static struct irq_desc *desc_table[BENCH_HW + 1];	/* entry=desc: the port's own table */

static __irq_noinline irqreturn_t handler_pass(int irq, void *dev_id)
{
	(void)irq;
	((struct bench_dev *)dev_id)->calls++;
	return IRQ_NONE;
}

static __irq_noinline irqreturn_t handler_claim(int irq, void *dev_id)
{
	(void)irq;
	((struct bench_dev *)dev_id)->calls++;
	return IRQ_HANDLED;
}

static irq_handler_t handler_for(unsigned int k, unsigned int handlers)
{
	return k + 1 == handlers ? handler_claim : handler_pass;
}

/* --- heap accounting for `bench mem` (the link wraps malloc) --- */

static size_t heap_bytes;
void *__real_malloc(size_t size);
void *__wrap_malloc(size_t size)
{
	heap_bytes += size;
	return __real_malloc(size);
}

int __real_posix_memalign(void **p, size_t align, size_t size);
int __wrap_posix_memalign(void **p, size_t align, size_t size)
{
	heap_bytes += size;
	return __real_posix_memalign(p, align, size);
}

/* --- set-up --- */

static void die(const char *what)
{
	fprintf(stderr, "bench: %s\n", what);
	exit(2);
}

static unsigned long bench_flags(const struct bench_case *bc)
{
	unsigned long f = bc->irqoff == 1 ? IRQF_DISABLED : 0;

	if (strcmp(bc->flow, "percpu") == 0)
		f |= IRQF_PERCPU;
	return bc->handlers > 1 ? f | IRQF_SHARED : f;
}

/* flow=msi: the bottom level gives line BENCH_HW with the fasteoi bench chip. */
static int bottom_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr, void *arg)
{
	(void)arg;
	return nr == 1 ? irq_domain_set_hwirq_and_chip(d, virq, BENCH_HW, &benchchip_eoi, NULL) :
	       -ENOSPC;
}

static const struct irq_domain_ops bottom_ops = { .alloc = bottom_alloc };

static void msg_nowhere(struct msi_dev *dev, unsigned int index, const struct msi_msg *msg)
{
	(void)dev;
	(void)index;
	(void)msg;
}

static const struct msi_dev_ops bench_msi_ops = { .write_msg = msg_nowhere };
static struct msi_dev bench_msi_dev = { .ops = &bench_msi_ops, .id = 0x18 };

static int setup_msi(void)
{
	struct irq_domain *msi;

	dom = irq_domain_create_hierarchy(NULL, "bench", 16, &bottom_ops, NULL);
	msi = dom ? msi_create_irq_domain(dom, "PCI-MSI", MSI_PARENT_EOI) : NULL;
	return msi ? msi_domain_alloc_irqs(msi, &bench_msi_dev, 1) : -ENOMEM;
}

/* lines=N: N edge lines of one handler each, hw 0..N-1 of one domain. */
static void setup_genirq_lines(const struct bench_case *bc)
{
	if (sim_init(1, GENIRQ_MAX_IRQS))
		die("sim_init");
	dom = irq_domain_create_linear("bench", bc->lines, &benchchip_ack, NULL);
	if (!dom)
		die("domain");
	for (unsigned long hw = 0; hw < bc->lines; hw++) {
		int irq = irq_create_mapping(dom, hw);

		if (irq < 0 || irq_set_irq_type((unsigned int)irq, IRQ_TYPE_EDGE_RISING) ||
		    request_irq((unsigned int)irq, handler_claim, 0, "bench", &devs[0]))
			die("line set-up");
	}
}

static void setup_genirq(const struct bench_case *bc)
{
	const struct irq_chip *chip = strcmp(bc->flow, "fasteoi") == 0 ?
				      &benchchip_eoi : &benchchip_ack;
	int irq;

	if (sim_init(1, GENIRQ_MAX_IRQS))
		die("sim_init");
	if (strcmp(bc->flow, "msi") == 0) {
		irq = setup_msi();
	} else {
		dom = irq_domain_create_linear("bench", 16, chip, NULL);
		if (!dom)
			die("domain");
		irq = irq_create_mapping(dom, BENCH_HW);
	}
	if (irq < 0)
		die("mapping");
	bench_irq = (unsigned int)irq;
	if (strcmp(bc->flow, "msi") != 0 &&
	    irq_set_irq_type(bench_irq, strcmp(bc->flow, "level") == 0 ?
			     IRQ_TYPE_LEVEL_HIGH : IRQ_TYPE_EDGE_RISING))
		die("type");
	if (strcmp(bc->flow, "percpu") == 0 && irq_set_percpu(bench_irq))
		die("percpu");
	if (strcmp(bc->kind, "request") == 0 || strcmp(bc->kind, "free") == 0)
		return;
	if (strncmp(bc->kind, "threaded", 8) == 0) {
		sim_irq_threads_native(false);	/* the core's runner */
		if (request_threaded_irq(bench_irq, NULL, handler_claim, IRQF_ONESHOT, "bench",
					 &devs[0]))
			die("request_threaded_irq");
		regs.hwirq = BENCH_HW;
		return;
	}
	/* irqoff=2: a handler with IRQF_DISABLED first, freed before the plain ones. */
	if (bc->irqoff == 2) {
		if (request_irq(bench_irq, handler_claim, IRQF_DISABLED, "bench", &devs[0]))
			die("request_irq");
		free_irq(bench_irq, &devs[0]);
	}
	for (unsigned int k = 0; k < bc->handlers; k++)
		if (request_irq(bench_irq, handler_for(k, bc->handlers), bench_flags(bc),
				"bench", &devs[k]))
			die("request_irq");
	/* cost=1: accounting on; cost=2: on, then off again (must cost nothing). */
	if (bc->cost && irq_set_cost_accounting(bench_irq, true))
		die("cost accounting");
	if (bc->cost == 2 && irq_set_cost_accounting(bench_irq, false))
		die("cost accounting");
	/* trace=1: the line traced into the rings; trace=2: on, then off again. */
	if (bc->trace && irq_trace_line(bench_irq, true))
		die("trace");
	if (bc->trace == 2 && irq_trace_line(bench_irq, false))
		die("trace");
	if (strcmp(bc->kind, "disabled") == 0)
		disable_irq_nosync(bench_irq);
	regs.hwirq = BENCH_HW;
	desc_table[BENCH_HW] = irq_to_desc(bench_irq);
}

static void setup_floor(const struct bench_case *bc)
{
	if (bc->lines > 1) {
		struct floor_action *a = calloc(bc->lines, sizeof(*a));

		if (!a)
			die("memory");
		for (unsigned long hw = 0; hw < bc->lines; hw++) {
			a[hw].handler = handler_claim;
			a[hw].dev_id = &devs[0];
			floor_add(hw, &a[hw]);
		}
		return;
	}
	for (unsigned int k = 0; k < bc->handlers; k++) {
		floor_actions[k].handler = handler_for(k, bc->handlers);
		floor_actions[k].dev_id = &devs[k];
		floor_add(BENCH_HW, &floor_actions[k]);
	}
	if (strcmp(bc->kind, "disabled") == 0)
		floor_disable(BENCH_HW);
}

static void setup_floor1(const struct bench_case *bc)
{
	if (bc->handlers != 1 || strcmp(bc->kind, "dispatch") != 0)
		die("floor1: one handler, kind=dispatch");
	if (strcmp(bc->flow, "edge") == 0)
		floor_one = floor_one_edge;
	else if (strcmp(bc->flow, "fasteoi") == 0)
		floor_one = floor_one_eoi;
	else if (strcmp(bc->flow, "percpu") == 0)
		floor_one = floor_one_percpu;
	else if (strcmp(bc->flow, "level") == 0)
		floor_one = floor_one_level;
	else
		die("floor1: flow=edge|level|fasteoi|percpu");
	if (bc->lines > 1) {
		for (unsigned long hw = 0; hw < bc->lines; hw++)
			floor_one_set(hw, handler_claim, &devs[0]);
	} else {
		floor_one_set(BENCH_HW, handler_claim, &devs[0]);
	}
}

/* --- the measured loops: callgrind collects inside bench_loop_* only --- */

static __irq_noinline void bench_loop_genirq(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		irq_handle_domain_entry(dom, BENCH_HW, &regs);
}

static __irq_noinline void bench_loop_genirq_desc(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		irq_handle_desc_entry(&desc_table[BENCH_HW], &regs);
}

static __irq_noinline void bench_loop_genirq_replay(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++) {
		disable_irq_nosync(bench_irq);
		port_irq_disable();
		irq_handle_domain_entry(dom, BENCH_HW, &regs);
		port_irq_enable();
		enable_irq(bench_irq);	/* replays through the resend softirq */
	}
}

/* The woken thread's run, as a port's idle loop makes it. */
static __irq_noinline void run_woken_thread(void)
{
	port_irq_enable();
	if (irq_threads_run() != 1)
		die("no thread ran");
	port_irq_disable();
}

/* Named to match the collection toggle: what it runs is not counted. */
static __irq_noinline void bench_loop_uncounted_thread(void)
{
	run_woken_thread();
}

static __irq_noinline void bench_loop_genirq_threaded(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++) {
		irq_handle_domain_entry(dom, BENCH_HW, &regs);
		bench_loop_uncounted_thread();
	}
}

static __irq_noinline void bench_loop_genirq_threaded_full(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++) {
		irq_handle_domain_entry(dom, BENCH_HW, &regs);
		run_woken_thread();
	}
}

/* lines=N: round-robin; @mask is N - 1. */
static __irq_noinline void bench_loop_genirq_lines(unsigned long n, unsigned long mask)
{
	for (unsigned long i = 0; i < n; i++)
		irq_handle_domain_entry(dom, i & mask, &regs);
}

static __irq_noinline void bench_loop_floor_lines(unsigned long n, unsigned long mask)
{
	for (unsigned long i = 0; i < n; i++)
		floor_dispatch(i & mask);
}

static __irq_noinline void bench_loop_floor1_lines(unsigned long n, unsigned long mask)
{
	for (unsigned long i = 0; i < n; i++)
		floor_one(i & mask);
}

static __irq_noinline void bench_loop_floor1(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		floor_one(BENCH_HW);
}

/* Each line once, uncounted, so the count starts from a steady state. */
static void warm_lines(const struct bench_case *bc, bool genirq)
{
	for (unsigned long hw = 0; hw < bc->lines; hw++) {
		if (genirq)
			irq_handle_domain_entry(dom, hw, &regs);
		else if (floor_one)
			floor_one(hw);
		else
			floor_dispatch(hw);
	}
}

static void run_lines(const struct bench_case *bc, bool genirq)
{
	unsigned long mask = bc->lines - 1;

	if (genirq)
		port_irq_disable();
	warm_lines(bc, genirq);
	if (genirq)
		bench_loop_genirq_lines(bc->n, mask);
	else if (floor_one)
		bench_loop_floor1_lines(bc->n, mask);
	else
		bench_loop_floor_lines(bc->n, mask);
	if (genirq)
		port_irq_enable();
}

static __irq_noinline void bench_loop_floor(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		floor_dispatch(BENCH_HW);
}

static __irq_noinline void bench_loop_floor_replay(unsigned long n)
{
	for (unsigned long i = 0; i < n; i++) {
		floor_disable(BENCH_HW);
		floor_dispatch(BENCH_HW);
		floor_enable(BENCH_HW);
	}
}

static __irq_noinline void bench_loop_request(unsigned int irq, unsigned long flags)
{
	if (request_irq(irq, handler_claim, flags, "bench", &devs[0]))
		die("request_irq");
}

static __irq_noinline void bench_loop_free(unsigned int irq)
{
	free_irq(irq, &devs[0]);
}

static void run_case(const struct bench_case *bc)
{
	bool genirq = strcmp(bc->impl, "genirq") == 0;

	if (strcmp(bc->kind, "request") == 0 || strcmp(bc->kind, "free") == 0) {
		bool req = strcmp(bc->kind, "request") == 0;

		for (unsigned long i = 0; i < bc->n; i++) {
			if (req) {
				bench_loop_request(bench_irq, bench_flags(bc));
				free_irq(bench_irq, &devs[0]);
			} else {
				if (request_irq(bench_irq, handler_claim, bench_flags(bc),
						"bench", &devs[0]))
					die("request_irq");
				bench_loop_free(bench_irq);
			}
		}
		return;
	}
	if (strcmp(bc->kind, "replay") == 0) {
		if (genirq)
			bench_loop_genirq_replay(bc->n);
		else
			bench_loop_floor_replay(bc->n);
		return;
	}
	if (bc->lines > 1) {
		run_lines(bc, genirq);
		return;
	}
	if (floor_one) {
		bench_loop_floor1(bc->n);
		return;
	}
	if (!genirq) {
		bench_loop_floor(bc->n);
		return;
	}
	if (strncmp(bc->kind, "threaded", 8) == 0) {
		port_irq_disable();
		if (strcmp(bc->kind, "threaded-full") == 0)
			bench_loop_genirq_threaded_full(bc->n);
		else
			bench_loop_genirq_threaded(bc->n);
		port_irq_enable();
		return;
	}
	/* A port enters with local interrupts off. */
	port_irq_disable();
	if (strcmp(bc->entry, "desc") == 0)
		bench_loop_genirq_desc(bc->n);
	else
		bench_loop_genirq(bc->n);
	port_irq_enable();
}

/* @v if it is one of the @n words in @words; else the run stops, naming them. */
static const char *one_of(const char *key, const char *v, const char *const *words, size_t n)
{
	static char msg[160];

	for (size_t i = 0; i < n; i++)
		if (strcmp(v, words[i]) == 0)
			return v;
	snprintf(msg, sizeof(msg), "%s=%s: not one of", key, v);
	for (size_t i = 0; i < n; i++)
		snprintf(msg + strlen(msg), sizeof(msg) - strlen(msg), "%s%s", i ? "|" : " ", words[i]);
	die(msg);
	return NULL;
}

/* @v as a whole decimal number in [@lo, @hi]; else the run stops. */
static unsigned long number(const char *key, const char *v, unsigned long lo, unsigned long hi)
{
	static char msg[160];
	char *end;
	unsigned long x = strtoul(v, &end, 10);

	if (*v < '0' || *v > '9' || *end || x < lo || x > hi) {
		snprintf(msg, sizeof(msg), "%s=%s: not a number from %lu to %lu", key, v, lo, hi);
		die(msg);
	}
	return x;
}

#define ONE_OF(key, v, ...) \
	one_of(key, v, (const char *const[]){ __VA_ARGS__ }, \
	       sizeof((const char *const[]){ __VA_ARGS__ }) / sizeof(const char *))

static void parse(struct bench_case *bc, int argc, char **argv)
{
	*bc = (struct bench_case){ .impl = "genirq", .kind = "dispatch", .flow = "edge",
				   .handlers = 1, .lines = 1, .entry = "domain", .n = 1000 };
	for (int i = 0; i < argc; i++) {
		char *v = strchr(argv[i], '=');

		if (!v)
			die("arguments are KEY=VALUE");
		*v++ = '\0';
		if (strcmp(argv[i], "impl") == 0)
			bc->impl = ONE_OF("impl", v, "genirq", "floor", "floor1");
		else if (strcmp(argv[i], "kind") == 0)
			bc->kind = ONE_OF("kind", v, "dispatch", "disabled", "replay", "request",
					  "free", "threaded", "threaded-full");
		else if (strcmp(argv[i], "flow") == 0)
			bc->flow = ONE_OF("flow", v, "edge", "level", "fasteoi", "percpu", "msi");
		else if (strcmp(argv[i], "handlers") == 0)
			bc->handlers = (unsigned int)number("handlers", v, 1, MAX_HANDLERS);
		else if (strcmp(argv[i], "irqoff") == 0)
			bc->irqoff = (int)number("irqoff", v, 0, 2);
		else if (strcmp(argv[i], "cost") == 0)
			bc->cost = (int)number("cost", v, 0, 2);
		else if (strcmp(argv[i], "lines") == 0)
			bc->lines = (unsigned int)number("lines", v, 1, GENIRQ_MAX_IRQS);
		else if (strcmp(argv[i], "trace") == 0)
			bc->trace = (int)number("trace", v, 0, 2);
		else if (strcmp(argv[i], "entry") == 0)
			bc->entry = ONE_OF("entry", v, "domain", "desc");
		else if (strcmp(argv[i], "n") == 0)
			bc->n = number("n", v, 1, 1000000000);
		else
			die("unknown key: impl, kind, flow, handlers, irqoff, cost, lines, trace, entry, n");
	}
	if (bc->lines != 1 && (bc->lines < 16 || (bc->lines & (bc->lines - 1)) ||
			       bc->handlers != 1 || strcmp(bc->kind, "dispatch") != 0 ||
			       strcmp(bc->flow, "edge") != 0))
		die("lines: 16..8192, a power of two; one handler, kind=dispatch flow=edge");
	if (strcmp(bc->entry, "desc") == 0 && (strcmp(bc->impl, "genirq") != 0 ||
					       strcmp(bc->kind, "dispatch") != 0 || bc->lines != 1))
		die("entry=desc: impl=genirq kind=dispatch, one line");
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* Bytes the core asks for with 16 lines in use at full capacity. */
static void mem(void)
{
	size_t before;

	heap_bytes = 0;
	if (sim_init(1, GENIRQ_MAX_IRQS))
		die("sim_init");
	before = heap_bytes;
	dom = irq_domain_create_linear("bench", 16, &benchchip_ack, NULL);
	if (!dom)
		die("domain");
	for (unsigned long hw = 0; hw < 16; hw++) {
		int irq = irq_create_mapping(dom, hw);

		if (irq < 0 || irq_set_irq_type((unsigned int)irq, IRQ_TYPE_EDGE_RISING) ||
		    request_irq((unsigned int)irq, handler_claim, 0, "bench", &devs[0]))
			die("line set-up");
	}
	printf("desc_bytes %zu\n", sizeof(struct irq_desc));
	printf("action_bytes %zu\n", sizeof(struct irqaction));
	printf("heap_bytes_16 %zu\n", heap_bytes - before);
	printf("max_irqs %u\n", (unsigned int)GENIRQ_MAX_IRQS);
	printf("floor_line_bytes %zu\n", sizeof(struct floor_line));
	printf("floor_action_bytes %zu\n", sizeof(struct floor_action));
}

int main(int argc, char **argv)
{
	struct bench_case bc;

	if (argc < 2 || (strcmp(argv[1], "count") != 0 && strcmp(argv[1], "time") != 0 &&
			 strcmp(argv[1], "mem") != 0))
		die("usage: bench count|time|mem KEY=VALUE...");
	if (strcmp(argv[1], "mem") == 0) {
		mem();
		return 0;
	}
	parse(&bc, argc - 2, argv + 2);
	if (strcmp(bc.impl, "genirq") == 0 && bc.lines > 1)
		setup_genirq_lines(&bc);
	else if (strcmp(bc.impl, "genirq") == 0)
		setup_genirq(&bc);
	else if (strcmp(bc.impl, "floor1") == 0)
		setup_floor1(&bc);
	else
		setup_floor(&bc);
	if (strcmp(argv[1], "time") == 0) {
		double t0, t1;

		run_case(&bc);		/* warm up */
		t0 = now_ns();
		run_case(&bc);
		t1 = now_ns();
		printf("%.2f\n", (t1 - t0) / (double)bc.n);
	} else {
		run_case(&bc);
	}
	return 0;
}

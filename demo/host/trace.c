// SPDX-License-Identifier: MIT
/*
 * trace.c - `make trace` on the hosted port: a short workload on three
 * simulated CPUs, traced, its dump (demo/trace_cmd.h) written to a file
 * that scripts/trace.py turns into Chrome trace-event JSON and an SVG.
 *
 * What it shows, in simulated time: a softirq raised by a handler, two
 * devices sharing one level line (each alone, then both), an edge on a
 * disabled line kept pending and replayed at enable_irq(), a line moved
 * from CPU 0 to CPU 1, a handled storm throttled and released, a
 * threaded handler, and on CPU 2 a screaming line nobody claims, disabled
 * by the stuck-line rule and let go by its poll once it is fixed. The
 * screaming line's 100,000 events overrun CPU 2's ring: the dump says how
 * many were dropped.
 *
 * Usage: genirq-trace FILE
 */
#include <stdio.h>
#include <stdlib.h>

#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/sim.h>
#include <genirq/trace.h>

#include "trace_cmd.h"

#define US		1000ull
#define MS		(1000 * US)

enum { HW_SHARED = 3, HW_LATE = 4, HW_MOVED = 5, HW_STORM = 6, HW_SCREAM = 7, HW_THREAD = 8 };

static struct simpic *pic;
static int want[2];
static int screaming_fixed;
static FILE *out;

static void must(int err, const char *what)
{
	if (err < 0) {
		fprintf(stderr, "genirq-trace: %s failed (%d)\n", what, err);
		exit(1);
	}
}

/* Handlers take simulated time, so the picture shows their spans. */
static void work(uint64_t ns)
{
	sim_time_advance(ns);
}

static void tasklet(void)
{
	work(20 * US);
}

static irqreturn_t shared_irq(int irq, void *dev_id)
{
	int *w = dev_id;

	(void)irq;
	work(8 * US);
	if (!*w)
		return IRQ_NONE;
	*w = 0;
	if (!want[0] && !want[1])
		simpic_lower(pic, HW_SHARED);
	raise_softirq(TASKLET_SOFTIRQ);
	return IRQ_HANDLED;
}

static irqreturn_t edge_irq(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	work(12 * US);
	return IRQ_HANDLED;
}

static irqreturn_t screaming_irq(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	work(400);
	return screaming_fixed ? IRQ_HANDLED : IRQ_NONE;	/* nobody claims it: it keeps coming */
}

static irqreturn_t thread_fn(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	work(40 * US);
	simpic_lower(pic, HW_THREAD);
	return IRQ_HANDLED;
}

static unsigned int map(irq_hw_number_t hw, unsigned int type)
{
	int irq = simpic_map(pic, hw, type);

	must(irq, "simpic_map");
	return (unsigned int)irq;
}

static void on_cpu(unsigned int irq, unsigned int cpu)
{
	struct irq_cpumask m;

	cpumask_clear(&m);
	cpumask_set_cpu(cpu, &m);
	must(irq_set_affinity(irq, &m), "irq_set_affinity");
}

static void raise_run(irq_hw_number_t hw, unsigned int cpu)
{
	simpic_raise(pic, hw);
	sim_run(cpu);
}

static void write_out(const char *text, size_t len)
{
	fwrite(text, 1, len, out);
}

int main(int argc, char **argv)
{
	unsigned int shared, late, moved, storm, scream, threaded;

	if (argc != 2) {
		fprintf(stderr, "usage: genirq-trace FILE\n");
		return 2;
	}
	must(sim_init(3, 256), "sim_init");
	pic = simpic_create("simpic", 16, SIMPIC_FASTEOI);
	if (!pic)
		must(-ENOMEM, "simpic_create");
	sim_attach(pic);
	sim_irq_threads_native(false);	/* the core's runner: deterministic */
	open_softirq(TASKLET_SOFTIRQ, tasklet);
	shared = map(HW_SHARED, IRQ_TYPE_LEVEL_HIGH);
	late = map(HW_LATE, IRQ_TYPE_EDGE_RISING);
	moved = map(HW_MOVED, IRQ_TYPE_EDGE_RISING);
	storm = map(HW_STORM, IRQ_TYPE_EDGE_RISING);
	scream = map(HW_SCREAM, IRQ_TYPE_EDGE_RISING);
	threaded = map(HW_THREAD, IRQ_TYPE_LEVEL_HIGH);
	irq_trace_enable(true);		/* requests from here on are traced */
	must(request_irq(shared, shared_irq, IRQF_SHARED, "edu-a", &want[0]), "edu-a");
	must(request_irq(shared, shared_irq, IRQF_SHARED, "edu-b", &want[1]), "edu-b");
	must(request_irq(late, edge_irq, 0, "late", NULL), "late");
	must(request_irq(moved, edge_irq, 0, "mover", NULL), "mover");
	must(request_irq(storm, edge_irq, 0, "stormy", NULL), "stormy");
	must(request_threaded_irq(threaded, NULL, thread_fn, IRQF_ONESHOT, "thready", NULL),
	     "thready");
	on_cpu(scream, 2);
	must(request_irq(scream, screaming_irq, 0, "screamer", NULL), "screamer");

	/* A stuck line on CPU 2, an edge every 1 us: disabled after 100,000 nobody claimed. */
	for (unsigned int i = 0; i < 100000 && irq_get_depth(scream) == 0; i++) {
		sim_time_advance(600);
		raise_run(HW_SCREAM, 2);
	}
	/* Shared level line: A alone, B alone, both in one delivery; softirqs after. */
	sim_time_advance(200 * US);
	want[0] = 1;
	raise_run(HW_SHARED, 0);
	sim_time_advance(100 * US);
	want[1] = 1;
	raise_run(HW_SHARED, 0);
	sim_time_advance(100 * US);
	want[0] = want[1] = 1;
	raise_run(HW_SHARED, 0);
	/* An edge on a disabled line: pending, replayed by enable_irq(). */
	sim_time_advance(200 * US);
	disable_irq(late);
	raise_run(HW_LATE, 0);
	sim_time_advance(100 * US);
	enable_irq(late);
	sim_run(0);
	do_softirq();
	/* A line moved from CPU 0 to CPU 1. */
	for (unsigned int i = 0; i < 6; i++) {
		sim_time_advance(60 * US);
		if (i == 3)
			on_cpu(moved, 1);
		raise_run(HW_MOVED, i < 3 ? 0 : 1);
	}
	/* A handled storm: 10 events in 10 ms allowed, 12 come; throttled, then let go. */
	must(irq_set_storm_limit(storm, 1000, 10), "storm limit");
	for (unsigned int i = 0; i < 12; i++) {
		sim_time_advance(100 * US);
		raise_run(HW_STORM, 0);
	}
	/* A threaded handler: primary wakes it, the line stays masked until it returns. */
	sim_time_advance(200 * US);
	raise_run(HW_THREAD, 0);
	irq_threads_run();
	/* The screaming line's device fixed: its poll finds it claimed, lets it go. */
	sim_time_advance(150 * MS);
	screaming_fixed = 1;
	simpic_raise(pic, HW_SCREAM);		/* the event the poll will find */
	irq_spurious_poll();
	sim_run(0);
	sim_run(2);
	do_softirq();
	irq_trace_enable(false);

	out = fopen(argv[1], "w");
	if (!out) {
		perror(argv[1]);
		return 1;
	}
	trace_dump(write_out);
	return fclose(out) ? 1 : 0;
}

/* SPDX-License-Identifier: MIT */
/*
 * fuzz.h - what genirq's libFuzzer targets share: a small simulated
 * machine (2 CPUs, lines in use with named handlers) and a snapshot of
 * every piece of state a text input could change, so a fuzzer can prove
 * that a refused input changed nothing.
 */
#ifndef GENIRQ_FUZZ_H
#define GENIRQ_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/proc.h>
#include <genirq/sim.h>
#include <genirq/chip/simpic.h>

#define FUZZ_CPUS	2
#define FUZZ_USED	4	/* lines 0..3 have a handler */
#define FUZZ_LINES	5	/* line 4 has a controller and no handler */

/* Stop with a message libFuzzer shows next to the crashing input. */
#define FUZZ_ASSERT(cond, ...)						\
	do {								\
		if (!(cond)) {						\
			fprintf(stderr, "fuzz: %s:%d: %s: ", __FILE__, __LINE__, #cond); \
			fprintf(stderr, __VA_ARGS__);			\
			fprintf(stderr, "\n");				\
			abort();					\
		}							\
	} while (0)

struct fuzz_state {
	struct irq_cpumask	affinity[FUZZ_LINES], effective[FUZZ_LINES];
	int		depth[FUZZ_LINES];
	struct irq_cpumask	prof;
	unsigned long	stat[FUZZ_LINES];
};

static struct simpic *fuzz_pic;
static int fuzz_irq[FUZZ_LINES];
static int fuzz_unused_depth;

static inline irqreturn_t fuzz_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_HANDLED;
}

/* Once per process: the machine every text input is tried against. */
static inline void fuzz_machine(void)
{
	static const char *const names[FUZZ_USED] = { "timer", "eth0", "ata", "usb" };
	static bool up;

	if (up)
		return;
	up = true;
	if (sim_init(FUZZ_CPUS, 256))
		abort();
	fuzz_pic = simpic_create("fuzzpic", 8, SIMPIC_FASTEOI);
	if (!fuzz_pic)
		abort();
	sim_attach(fuzz_pic);
	for (unsigned int i = 0; i < FUZZ_USED; i++) {
		fuzz_irq[i] = simpic_map(fuzz_pic, i, i & 1 ? IRQ_TYPE_LEVEL_HIGH :
					 IRQ_TYPE_EDGE_RISING);
		if (fuzz_irq[i] < 0 ||
		    request_irq((unsigned int)fuzz_irq[i], fuzz_handler, IRQF_SHARED,
				names[i], &fuzz_irq[i]))
			abort();
	}
	/* A line with a controller but no handler: listed, not in use. */
	fuzz_irq[FUZZ_USED] = simpic_map(fuzz_pic, 5, IRQ_TYPE_EDGE_RISING);
	if (fuzz_irq[FUZZ_USED] < 0)
		abort();
	fuzz_unused_depth = irq_get_depth((unsigned int)fuzz_irq[FUZZ_USED]);
}

static inline void fuzz_snapshot(struct fuzz_state *s)
{
	memset(s, 0, sizeof(*s));
	for (unsigned int i = 0; i < FUZZ_LINES; i++) {
		unsigned int irq = (unsigned int)fuzz_irq[i];

		irq_get_affinity(irq, &s->affinity[i]);
		irq_get_effective_affinity(irq, &s->effective[i]);
		s->depth[i] = irq_get_depth(irq);
		s->stat[i] = irq_stat_total(irq);
	}
	irq_get_prof_cpu_mask(&s->prof);
}

static inline bool fuzz_state_equal(const struct fuzz_state *a, const struct fuzz_state *b)
{
	return memcmp(a, b, sizeof(*a)) == 0;
}

/* Put back what a successful write may have changed. */
static inline void fuzz_restore(void)
{
	struct irq_cpumask all;

	cpumask_setall(&all, FUZZ_CPUS);
	for (unsigned int i = 0; i < FUZZ_LINES; i++) {
		unsigned int irq = (unsigned int)fuzz_irq[i];

		irq_set_affinity(irq, &all);
		if (i == FUZZ_USED) {
			/* enable_irq ignores a line with no handler: a handler
			 * for a moment resets it, its free leaves depth 1. */
			if (irq_get_depth(irq) != fuzz_unused_depth) {
				if (request_irq(irq, fuzz_handler, 0, "reset", &fuzz_unused_depth))
					abort();
				free_irq(irq, &fuzz_unused_depth);
			}
			if (irq_get_depth(irq) != fuzz_unused_depth)
				abort();
			continue;
		}
		while (irq_get_depth(irq) > 0)
			enable_irq(irq);
	}
	irq_proc_write("/proc/irq/prof_cpu_mask", "3", 1);
	sim_console_clear();
}

#endif /* GENIRQ_FUZZ_H */

// SPDX-License-Identifier: MIT
/*
 * consumer.c - a program outside genirq's own build that takes the hosted
 * library through the kit (pkg-config, CMake or genirq.mk): one simulated
 * CPU, one line, one handler, one interrupt. argv[1] names the way it was
 * built; it exits 0 only when the interrupt reached the handler and
 * free_irq() took it away.
 */
#include <stdio.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/sim.h>
#include <genirq/chip/simpic.h>

#ifndef CONSUMER_NR_CPUS
#define CONSUMER_NR_CPUS	GENIRQ_NR_CPUS
#endif

static int calls;

static irqreturn_t handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	calls++;
	return IRQ_HANDLED;
}

int main(int argc, char **argv)
{
	const char *how = argc > 1 ? argv[1] : "?";
	struct simpic *pic;
	int irq;

	if (sim_init(1, 64) != 0 || !(pic = simpic_create("kit", 8, SIMPIC_FASTEOI))) {
		fprintf(stderr, "consumer (%s): no simulated machine\n", how);
		return 1;
	}
	sim_attach(pic);
	irq = simpic_map(pic, 3, IRQ_TYPE_EDGE_RISING);
	if (irq < 0 || request_irq((unsigned int)irq, handler, 0, "kit", &calls) != 0) {
		fprintf(stderr, "consumer (%s): request_irq failed\n", how);
		return 1;
	}
	simpic_raise(pic, 3);
	sim_run(0);
	free_irq((unsigned int)irq, &calls);
	simpic_raise(pic, 3);
	sim_run(0);
	if (calls != 1) {
		fprintf(stderr, "consumer (%s): %d handler calls, want 1\n", how, calls);
		return 1;
	}
	/* A build's settings reach the library and its callers alike. */
	if (GENIRQ_NR_CPUS != CONSUMER_NR_CPUS) {
		fprintf(stderr, "consumer (%s): GENIRQ_NR_CPUS %d, want %d\n", how,
			GENIRQ_NR_CPUS, CONSUMER_NR_CPUS);
		return 1;
	}
	printf("check-kit: %s consumer: 1 interrupt handled, none after free_irq (GENIRQ_NR_CPUS %d)\n",
	       how, GENIRQ_NR_CPUS);
	return 0;
}

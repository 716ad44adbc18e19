/* SPDX-License-Identifier: MIT */
/*
 * oneshot.h - the threaded-oneshot scenario (SCENARIOS.md), shared by the
 * demo kernels: an edu device's level line handled by a primary that only
 * wakes the thread and a thread that clears the device.
 */
#ifndef GENIRQ_DEMO_ONESHOT_H
#define GENIRQ_DEMO_ONESHOT_H

#include <stdint.h>

struct scenario_tally;

/* What the scenario needs of one edu device and of its machine. */
struct oneshot_edu {
	unsigned int	irq;			/* the device's level line, free */
	void		*dev;			/* the port's edu, for the calls below */
	void		(*raise)(void *dev);	/* assert the line (an edu raise) */
	uint32_t	(*status)(void *dev);	/* raised bits; 0: line withdrawn */
	void		(*clear)(void *dev, uint32_t bits);	/* acknowledge them */
	/*
	 * Wait a moment for interrupts from process context, interrupts on:
	 * the port's idle step, which runs this CPU's woken threads.
	 */
	void		(*idle)(void);
	/* The controller's own mask bit of @irq (1 masked, 0 not), or NULL. */
	int		(*chip_masked)(unsigned int irq);
	const char	*chip;			/* the controller's name, for the detail */
};

/*
 * Run threaded-oneshot on @e: ONESHOT_RAISES raises on this CPU; on an
 * SMP machine ONESHOT_RAISES_CPU1 more with the line on CPU1; free_irq.
 * The line is free again when it returns.
 */
#define ONESHOT_RAISES		20
#define ONESHOT_RAISES_CPU1	5
void scenario_threaded_oneshot(struct scenario_tally *t, const struct oneshot_edu *e);

#endif /* GENIRQ_DEMO_ONESHOT_H */

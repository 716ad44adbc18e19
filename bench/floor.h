/* SPDX-License-Identifier: MIT */
/*
 * floor.h - the floor: the least a table dispatcher can do per interrupt
 * (look the line up, ack, call its handler(s), end, count), with the
 * same controller and handlers as genirq in the benchmark.
 */
#ifndef GENIRQ_BENCH_FLOOR_H
#define GENIRQ_BENCH_FLOOR_H

#include <stdbool.h>
#include <genirq/interrupt.h>

#define FLOOR_LINES	8192u

struct floor_action {
	irq_handler_t		handler;
	void			*dev_id;
	struct floor_action	*next;
};

struct floor_line {
	struct floor_action	*action;
	unsigned long		count;
	bool			disabled;
	bool			pending;
};

extern struct floor_line floor_table[FLOOR_LINES];

void floor_add(unsigned long hw, struct floor_action *a);
void floor_dispatch(unsigned long hw);
void floor_disable(unsigned long hw);
void floor_enable(unsigned long hw);

#endif /* GENIRQ_BENCH_FLOOR_H */

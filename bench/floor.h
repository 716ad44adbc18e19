/* SPDX-License-Identifier: MIT */
/*
 * floor.h - the floors: the least a table dispatcher can do per interrupt,
 * with the same controller and handlers as genirq in the benchmark.
 *  - the shareable floor (floor_dispatch()): look the line up, ack, call
 *    its chain of handlers, end, count; a disabled line keeps its event;
 *  - the one-handler floor (floor_one_*()): look the line up, make the
 *    controller calls its trigger needs, call its one handler, count.
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

struct floor_one {
	irq_handler_t		handler;
	void			*dev_id;
	unsigned long		count;
};

extern struct floor_one floor_one_table[FLOOR_LINES];

void floor_add(unsigned long hw, struct floor_action *a);
void floor_dispatch(unsigned long hw);
void floor_disable(unsigned long hw);
void floor_enable(unsigned long hw);

void floor_one_set(unsigned long hw, irq_handler_t handler, void *dev_id);
void floor_one_edge(unsigned long hw);		/* ack, handler, count */
void floor_one_eoi(unsigned long hw);		/* handler, eoi, count */
void floor_one_percpu(unsigned long hw);	/* ack, handler, eoi, count */
void floor_one_level(unsigned long hw);		/* mask, ack, handler, unmask, count */

#endif /* GENIRQ_BENCH_FLOOR_H */

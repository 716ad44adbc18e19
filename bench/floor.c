// SPDX-License-Identifier: MIT
/*
 * floor.c - the minimal table dispatcher genirq is measured against.
 * No locks, no context accounting, no spurious bookkeeping, one CPU:
 * what is left is what any dispatcher must do.
 */
#include "benchchip.h"
#include "floor.h"

struct floor_line floor_table[FLOOR_LINES];

void floor_add(unsigned long hw, struct floor_action *a)
{
	struct floor_action **link = &floor_table[hw].action;

	while (*link)
		link = &(*link)->next;
	a->next = 0;
	*link = a;
}

void floor_dispatch(unsigned long hw)
{
	struct floor_line *l;

	if (hw >= FLOOR_LINES)
		return;
	l = &floor_table[hw];
	benchchip_ack_hw(hw);
	if (l->disabled) {
		/* Keep the event for floor_enable(), silence the line meanwhile. */
		l->pending = true;
		benchchip_mask_hw(hw);
		return;
	}
	for (struct floor_action *a = l->action; a; a = a->next)
		a->handler((int)hw, a->dev_id);
	benchchip_eoi_hw(hw);
	l->count++;
}

void floor_disable(unsigned long hw)
{
	floor_table[hw].disabled = true;
}

void floor_enable(unsigned long hw)
{
	struct floor_line *l = &floor_table[hw];

	l->disabled = false;
	benchchip_unmask_hw(hw);
	if (l->pending) {
		l->pending = false;
		floor_dispatch(hw);
	}
}

/*
 * The one-handler table: one handler per line, no chain, no disabled
 * flag; only the controller calls the line's trigger needs.
 */
struct floor_one floor_one_table[FLOOR_LINES];

void floor_one_set(unsigned long hw, irq_handler_t handler, void *dev_id)
{
	floor_one_table[hw].handler = handler;
	floor_one_table[hw].dev_id = dev_id;
}

/* The line's handler, and its count. */
static inline void one_call(unsigned long hw)
{
	struct floor_one *l = &floor_one_table[hw];

	l->handler((int)hw, l->dev_id);
	l->count++;
}

void floor_one_edge(unsigned long hw)
{
	if (hw < FLOOR_LINES) {
		benchchip_ack_hw(hw);
		one_call(hw);
	}
}

void floor_one_eoi(unsigned long hw)
{
	if (hw < FLOOR_LINES) {
		one_call(hw);
		benchchip_eoi_hw(hw);
	}
}

void floor_one_percpu(unsigned long hw)
{
	if (hw < FLOOR_LINES) {
		benchchip_ack_hw(hw);
		one_call(hw);
		benchchip_eoi_hw(hw);
	}
}

/* A level line stays masked while its handler runs. */
void floor_one_level(unsigned long hw)
{
	if (hw < FLOOR_LINES) {
		benchchip_mask_hw(hw);
		benchchip_ack_hw(hw);
		one_call(hw);
		benchchip_unmask_hw(hw);
	}
}

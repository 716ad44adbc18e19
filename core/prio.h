/* SPDX-License-Identifier: MIT */
/*
 * prio.h - what the rest of the core asks priority.c (<genirq/priority.h>).
 */
#ifndef GENIRQ_CORE_PRIO_H
#define GENIRQ_CORE_PRIO_H

#include "internals.h"
#include <genirq/priority.h>

/*
 * The line's priority byte, kept with its group of lines (desc.c); *@set:
 * whether one was set; irq_desc_prio_mark() says one is. Caller holds
 * desc->lock. A new descriptor has none.
 */
uint8_t *irq_desc_prio(struct irq_desc *desc, bool *set);
void irq_desc_prio_mark(struct irq_desc *desc);

#if GENIRQ_PRIORITY
/*
 * What setup_irq() refuses of @new on a zero-latency line: sharing and a
 * thread function. Caller holds desc->lock. 0, or -EINVAL with @why set.
 */
int irq_priority_refuses(struct irq_desc *desc, const struct irqaction *new, const char **why);

/* /proc: the priority file's text, its write, and /proc/interrupts' note
 * ("  [prio 3]", nothing without one; caller holds desc->lock). */
void irq_priority_show(struct irq_text *t, struct irq_desc *desc);
int irq_priority_write(unsigned int irq, const char *text, size_t len);
void irq_priority_note(struct irq_text *t, struct irq_desc *desc);
#else
/* Without priorities no line is zero-latency, and /proc says "none". */
static inline int irq_priority_refuses(struct irq_desc *desc, const struct irqaction *new,
				       const char **why)
{
	(void)desc;
	(void)new;
	(void)why;
	return 0;
}
static inline void irq_priority_show(struct irq_text *t, struct irq_desc *desc)
{
	(void)desc;
	irq_text_puts(t, "none\n");
}
static inline int irq_priority_write(unsigned int irq, const char *text, size_t len)
{
	(void)text;
	(void)len;
	return irq_set_priority(irq, 0);
}
static inline void irq_priority_note(struct irq_text *t, struct irq_desc *desc)
{
	(void)t;
	(void)desc;
}
#endif

#endif /* GENIRQ_CORE_PRIO_H */

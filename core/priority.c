// SPDX-License-Identifier: MIT
/*
 * priority.c - per-line priorities and zero-latency lines
 * (<genirq/priority.h>).
 *
 * The core only keeps a line's priority and hands it to the controller;
 * whatever ordering or nesting follows is the controller's. Its one rule
 * of its own is the zero-latency one: a line more urgent than the port's
 * kernel level runs outside the core, so it takes one plain handler.
 */
#include "prio.h"
#include <genirq/priority.h>

GENIRQ_FEATURE_SOURCE(GENIRQ_PRIORITY, "PRIORITY");

/* Lines with a priority below it are zero-latency; 0: none. */
static atomic_uint kernel_level;

void irq_set_kernel_priority(unsigned int level)
{
	irq_atomic_store(&kernel_level, level, memory_order_relaxed);
}

unsigned int irq_kernel_priority(void)
{
	return atomic_load_explicit(&kernel_level, memory_order_relaxed);
}

static bool prio_zero_latency(unsigned int prio)
{
	return prio < irq_kernel_priority();
}

/* Caller holds desc->lock: the line's priority, -1 for none. */
static int desc_prio(struct irq_desc *desc)
{
	bool set;
	uint8_t prio = *irq_desc_prio(desc, &set);

	return set ? (int)prio : -1;
}

static bool desc_zero_latency(struct irq_desc *desc)
{
	int prio = desc_prio(desc);

	return prio >= 0 && prio_zero_latency((unsigned int)prio);
}

int irq_priority_refuses(struct irq_desc *desc, const struct irqaction *new, const char **why)
{
	if (!desc_zero_latency(desc))
		return 0;
	if (new->flags & IRQF_SHARED) {
		*why = "is zero-latency: it cannot be shared";
		return -EINVAL;
	}
	if (new->thread_fn) {
		*why = "is zero-latency: it takes no thread function";
		return -EINVAL;
	}
	return 0;
}

/* Caller holds desc->lock: a handler a zero-latency line could not run. */
static bool has_restricted_action(struct irq_desc *desc)
{
	for (struct irqaction *a = desc_action(desc); a;
	     a = atomic_load_explicit(&a->next, memory_order_acquire))
		if ((a->flags & IRQF_SHARED) || a->thread_fn)
			return true;
	return false;
}

int irq_set_priority(unsigned int irq, unsigned int prio)
{
	struct irq_desc *desc;
	unsigned long flags;
	unsigned int rd;
	int ret;

	if (prio > IRQ_PRIO_MAX)
		return -EINVAL;
	desc = irq_desc_get(irq, &rd);
	if (!desc)
		return -EINVAL;
	flags = desc_lock_irqsave(desc);
	if (!irq_desc_has_chip(desc) || !desc->data.chip->set_priority) {
		ret = -ENOSYS;
	} else if (prio_zero_latency(prio) && has_restricted_action(desc)) {
		ret = -EBUSY;
	} else {
		ret = desc->data.chip->set_priority(&desc->data, prio);
		if (ret == 0) {
			bool set;

			*irq_desc_prio(desc, &set) = (uint8_t)prio;
			irq_desc_prio_mark(desc);
		}
	}
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	return ret;
}

int irq_get_priority(unsigned int irq)
{
	struct irq_desc *desc;
	unsigned long flags;
	unsigned int rd;
	int ret;

	desc = irq_desc_get(irq, &rd);
	if (!desc)
		return -EINVAL;
	flags = desc_lock_irqsave(desc);
	ret = desc_prio(desc);
	if (ret < 0)
		ret = -ENOENT;
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	return ret;
}

bool irq_is_zero_latency(unsigned int irq)
{
	int prio = irq_get_priority(irq);

	return prio >= 0 && prio_zero_latency((unsigned int)prio);
}

#if GENIRQ_TEXT_VIEWS
/* (The /proc text, for proc.c: not built without the text views.) */
void irq_priority_show(struct irq_text *t, struct irq_desc *desc)
{
	unsigned long flags = desc_lock_irqsave(desc);
	int prio = desc_prio(desc);

	if (prio >= 0)
		irq_text_printf(t, "%d\n", prio);
	else
		irq_text_puts(t, "none\n");
	desc_unlock_irqrestore(desc, flags);
}

/* A decimal number, one optional newline after it. */
int irq_priority_write(unsigned int irq, const char *text, size_t len)
{
	unsigned int prio = 0;
	size_t i;

	if (len && text[len - 1] == '\n')
		len--;
	if (len == 0 || len > 3)
		return -EINVAL;
	for (i = 0; i < len; i++) {
		if (text[i] < '0' || text[i] > '9')
			return -EINVAL;
		prio = prio * 10 + (unsigned int)(text[i] - '0');
	}
	return irq_set_priority(irq, prio);
}

void irq_priority_note(struct irq_text *t, struct irq_desc *desc)
{
	int prio = desc_prio(desc);

	if (prio >= 0)
		irq_text_printf(t, "  [prio %d%s]", prio,
				desc_zero_latency(desc) ? ", zero-latency" : "");
}
#endif /* GENIRQ_TEXT_VIEWS */

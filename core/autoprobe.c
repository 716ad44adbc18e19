// SPDX-License-Identifier: MIT
/*
 * autoprobe.c - find the line a device interrupts on.
 *
 * Every unused line is started and marked WAITING; any event on a line
 * with no handler clears WAITING (the flows do it) and masks the line.
 * Lines that fire before the driver pokes its device are noise and are
 * dropped; after the poke, the line that fired is the device's.
 */
#include "internals.h"

GENIRQ_FEATURE_SOURCE(GENIRQ_AUTOPROBE, "AUTOPROBE");

/* Linux 2.6.9's settling delays: long-standing interrupts, then spurious ones. */
#define PROBE_SETTLE_LONGSTANDING_US	20000u	/* 20 ms (HZ/50) */
#define PROBE_SETTLE_SPURIOUS_US	100000u	/* 100 ms (HZ/10) */
/* Linux 2.6.9's result widths: probe_irq_on() and probe_irq_mask(). */
#define PROBE_ON_LINES			32u
#define PROBE_MASK_LINES		16u

static atomic_flag probe_busy = ATOMIC_FLAG_INIT;

/*
 * A line nobody requested, started for the probe: a hierarchical one is
 * activated first (it holds its target, a vector, only while requested),
 * as Linux's probe_irq_on() does; one that cannot be is left out.
 */
static bool probe_candidate(struct irq_desc *desc)
{
	return !desc_action(desc) && irq_desc_has_chip(desc) &&
	       !(desc_state(desc) & (IRQS_NOREQUEST | IRQS_PER_CPU | IRQS_DYING)) &&
	       irq_desc_activate(desc) == 0;
}

/* Stop a line the probe started; a hierarchical one gives its target back. */
static void probe_stop(struct irq_desc *desc)
{
	irq_desc_shutdown(desc);
	irq_desc_deactivate(desc);
}

unsigned long probe_irq_on(void)
{
	unsigned long flags, val = 0;
	struct irq_desc *desc;
	unsigned int irq, rd;

	/* Probes exclude each other for their whole length. */
	while (atomic_flag_test_and_set_explicit(&probe_busy, memory_order_acquire))
		port_cpu_relax();
	rd = desc_read_lock();	/* the walks and the delays between them */

	/* Flush events that have been waiting a long time. */
	for (irq = 0; irq_desc_iter(&irq, &desc); irq++) {
		flags = desc_lock_irqsave(desc);
		if (probe_candidate(desc))
			irq_desc_startup(desc);
		desc_unlock_irqrestore(desc, flags);
	}
	port_delay_us(PROBE_SETTLE_LONGSTANDING_US);

	/* Start again (an early event masked its line) and watch. */
	for (irq = 0; irq_desc_iter(&irq, &desc); irq++) {
		flags = desc_lock_irqsave(desc);
		if (probe_candidate(desc)) {
			unsigned int st = desc_state(desc) | IRQS_AUTODETECT | IRQS_WAITING;

			desc_set_state(desc, st);
			if (irq_desc_startup(desc))
				desc_set_state(desc, desc_state(desc) | IRQS_PENDING);
		}
		desc_unlock_irqrestore(desc, flags);
	}
	port_delay_us(PROBE_SETTLE_SPURIOUS_US);

	/* Whatever fired by now is not the device: drop it. */
	for (irq = 0; irq_desc_iter(&irq, &desc); irq++) {
		flags = desc_lock_irqsave(desc);
		if (desc_state(desc) & IRQS_AUTODETECT) {
			if (!(desc_state(desc) & IRQS_WAITING)) {
				desc_set_state(desc, desc_state(desc) & ~IRQS_AUTODETECT);
				probe_stop(desc);
			} else if (irq < PROBE_ON_LINES) {
				val |= 1UL << irq;
			}
		}
		desc_unlock_irqrestore(desc, flags);
	}
	desc_read_unlock(rd);
	return val;
}

/*
 * End the probe: stop every candidate line, and call @found for each that
 * fired. Return: how many fired.
 */
static unsigned int probe_finish(void (*found)(unsigned int irq, void *ctx), void *ctx)
{
	unsigned int irq, fired = 0, rd = desc_read_lock();
	struct irq_desc *desc;

	for (irq = 0; irq_desc_iter(&irq, &desc); irq++) {
		unsigned long flags = desc_lock_irqsave(desc);
		unsigned int st = desc_state(desc);

		if (st & IRQS_AUTODETECT) {
			if (!(st & IRQS_WAITING)) {
				found(irq, ctx);
				fired++;
			}
			desc_set_state(desc, st & ~(IRQS_AUTODETECT | IRQS_WAITING | IRQS_PENDING));
			if (!desc_action(desc))
				probe_stop(desc);
		}
		desc_unlock_irqrestore(desc, flags);
	}
	desc_read_unlock(rd);
	atomic_flag_clear_explicit(&probe_busy, memory_order_release);
	return fired;
}

static void found_first(unsigned int irq, void *ctx)
{
	int *first = ctx;

	if (*first < 0)
		*first = (int)irq;
}

int probe_irq_off(unsigned long mask)
{
	int first = -1;
	unsigned int fired;

	(void)mask;
	fired = probe_finish(found_first, &first);
	if (fired == 0)
		return 0;
	return fired > 1 ? -first : first;
}

static void found_mask(unsigned int irq, void *ctx)
{
	unsigned int *m = ctx;

	if (irq < PROBE_MASK_LINES)
		*m |= 1u << irq;
}

unsigned int probe_irq_mask(unsigned long mask)
{
	unsigned int m = 0;

	probe_finish(found_mask, &m);
	return m & (unsigned int)mask;
}

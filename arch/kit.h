/* SPDX-License-Identifier: MIT */
/*
 * kit.h - what the port kits (arch/<isa>/) share: how a kit ends the run
 * when it finds its own state broken (an interrupt stack overrun), and
 * the interrupt stacks' high-water marks (the shell's `stacks`).
 */
#ifndef GENIRQ_ARCH_KIT_H
#define GENIRQ_ARCH_KIT_H

#include <stddef.h>
#include <stdint.h>
#include <genirq/port.h>
#include <genirq/proc.h>

/*
 * genirq_kit_fatal - report @why through the embedder's
 * port_assert_failed() (its failure exit, or the core's default: a
 * console line), then stop this CPU with local interrupts off.
 */
#define genirq_kit_fatal(why)	genirq_kit_fatal_at((why), __FILE__, __LINE__)

__attribute__((noreturn)) static inline void genirq_kit_fatal_at(const char *why, const char *file,
								 int line)
{
	port_assert_failed(why, file, line);
	port_irq_disable();
	for (;;)
		port_cpu_relax();
}

/*
 * High-water marks: a stack painted whole with its guard value before its
 * CPU takes interrupts; the words still painted above its @guard bottom
 * words are those no frame has reached yet. (A frame that stored the
 * paint value itself reads as unused: a mark low by a word at most.)
 */
static inline void genirq_kit_stack_paint(uint64_t *w, size_t words, uint64_t paint)
{
	for (size_t i = 0; i < words; i++)
		w[i] = paint;
}

/* The deepest use of a stack painted so, in bytes. */
static inline unsigned long genirq_kit_stack_used(const uint64_t *w, size_t words, size_t guard,
						  uint64_t paint)
{
	size_t i = guard;

	while (i < words && w[i] == paint)
		i++;
	return (unsigned long)((words - i) * sizeof(*w));
}

/* The shell's `stacks`: each CPU's hardirq and softirq high-water marks,
 * rows in /proc/interrupts' columns (HSK, SSK: as the e500 kit's). */
static inline void genirq_kit_show_stacks(struct irq_text *t, unsigned long (*hardirq)(unsigned int),
					  unsigned long (*softirq)(unsigned int), unsigned int bytes)
{
	char what[48];

	irq_snprintf(what, sizeof(what), "hardirq stack high-water (bytes of %u)", bytes);
	irq_proc_row(t, "HSK", hardirq, what);
	irq_snprintf(what, sizeof(what), "softirq stack high-water (bytes of %u)", bytes);
	irq_proc_row(t, "SSK", softirq, what);
}

#endif /* GENIRQ_ARCH_KIT_H */

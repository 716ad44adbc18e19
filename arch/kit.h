/* SPDX-License-Identifier: MIT */
/*
 * kit.h - what the port kits (arch/<isa>/) share: how a kit ends the run
 * when it finds its own state broken (an interrupt stack overrun).
 */
#ifndef GENIRQ_ARCH_KIT_H
#define GENIRQ_ARCH_KIT_H

#include <genirq/port.h>

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

#endif /* GENIRQ_ARCH_KIT_H */

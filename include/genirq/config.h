/* SPDX-License-Identifier: MIT */
/*
 * config.h - every build setting of genirq, in one place.
 *
 * An embedder sets its own in a header of its own and names it with
 * -DGENIRQ_CONFIG_FILE='"path/to/genirq_config.h"' on every compile of the
 * core, its controllers and its callers (genirq.mk and CMakeLists.txt do
 * this when GENIRQ_CONFIG_FILE is set); a setting left out keeps the
 * default below. docs/embedding.md has the same table with what each
 * costs. Settings that size public structures (GENIRQ_NR_CPUS) must be the
 * same for every object of a build.
 *
 *  setting               default   what it sets
 *  GENIRQ_NR_CPUS        32        most CPUs a build can index (per-CPU
 *                                  state, cpumasks, controllers' per-CPU
 *                                  arrays)
 *  GENIRQ_MAX_IRQS       8192      global irq numbers run 0..GENIRQ_MAX_IRQS-1
 *  GENIRQ_TRACE_EVENTS   16        events in each CPU's trace ring, a power
 *                                  of two (32 bytes each): a build that
 *                                  traces asks for more (the demo kernels:
 *                                  2048)
 *  GENIRQ_ARENA_BYTES    32768     the static arena descriptors, actions and
 *                                  counters come from when the port has no
 *                                  port_alloc()
 *  GENIRQ_HANDLERS_IRQS_ON  0      1: the 2004 rule, a handler runs with
 *                                  local interrupts on unless its request
 *                                  says IRQF_DISABLED; 0: every handler
 *                                  runs with them off, as in Linux since
 *                                  2.6.35 (IRQF_DISABLED changes nothing)
 *  GENIRQ_ERRNO_HEADER   (none)    a header with the embedder's errno values
 *                                  (e.g. <errno.h> of newlib): GENIRQ_E*
 *                                  take them; without it, Linux's values
 */
#ifndef GENIRQ_CONFIG_H
#define GENIRQ_CONFIG_H

#ifdef GENIRQ_CONFIG_FILE
# include GENIRQ_CONFIG_FILE
#endif

#ifndef GENIRQ_NR_CPUS
# define GENIRQ_NR_CPUS		32
#endif
#ifndef GENIRQ_MAX_IRQS
# define GENIRQ_MAX_IRQS	8192
#endif
#ifndef GENIRQ_TRACE_EVENTS
# define GENIRQ_TRACE_EVENTS	16
#endif
#ifndef GENIRQ_ARENA_BYTES
# define GENIRQ_ARENA_BYTES	(32 * 1024)
#endif
#ifndef GENIRQ_HANDLERS_IRQS_ON
# define GENIRQ_HANDLERS_IRQS_ON	0
#endif

/*
 * The settings every object of a build must share, GENIRQ_NR_CPUS (it
 * sizes public structures), GENIRQ_MAX_IRQS and GENIRQ_HANDLERS_IRQS_ON
 * (the flows and request_irq() decide together), spelled into one symbol
 * name that every C object including a genirq header outside the core
 * refers to (8 bytes of read-only data each) and the core defines
 * (core/desc.c): an object built with other settings fails
 * to link, naming the settings it was built with
 * (genirq_config_cpus4_irqs8192_irqson0). Each must be a plain decimal
 * number for that.
 */
#define GENIRQ_CONFIG_PASTE(c, i, h)	genirq_config_cpus##c##_irqs##i##_irqson##h
#define GENIRQ_CONFIG_NAME(c, i, h)	GENIRQ_CONFIG_PASTE(c, i, h)
#define GENIRQ_CONFIG_SYMBOL \
	GENIRQ_CONFIG_NAME(GENIRQ_NR_CPUS, GENIRQ_MAX_IRQS, GENIRQ_HANDLERS_IRQS_ON)

/* (The core's own objects, built together by the kit, define it instead.) */
#if !defined(__ASSEMBLER__) && !defined(GENIRQ_CORE_INTERNALS_H)
# ifdef __cplusplus
extern "C" const char GENIRQ_CONFIG_SYMBOL;
# else
extern const char GENIRQ_CONFIG_SYMBOL;
# endif
# if defined(__GNUC__) || defined(__clang__)
static const char *const genirq_config_check __attribute__((used)) = &GENIRQ_CONFIG_SYMBOL;
# endif
#endif

#endif /* GENIRQ_CONFIG_H */

/* SPDX-License-Identifier: MIT */
/*
 * genirq_config.h - the settings of every genirq build in this tree (the
 * demo kernels, the hosted port's tests, benchmarks and tools), given to
 * each compile as `-include demo/genirq_config.h` (the Makefile's INC), as
 * an embedder gives its own (docs/embedding.md). What is not set here
 * keeps <genirq/config.h>'s default.
 */
#ifndef GENIRQ_DEMO_CONFIG_H
#define GENIRQ_DEMO_CONFIG_H

/*
 * The traced boots and `make trace` keep a screaming line's flood and the
 * scenarios after it: 2048 events a CPU (2 MiB of rings at 32 CPUs).
 */
#define GENIRQ_TRACE_EVENTS	2048
/* Descriptors for the demos' lines and the tests' 8192-line tables. */
#define GENIRQ_ARENA_BYTES	(96 * 1024)
/*
 * The seed's rule, which the demo kernels' scenarios (interrupts nested in
 * handlers, stack overruns under a nested tick) and the host tests of the
 * seed's semantics show: handlers run with local interrupts on unless
 * IRQF_DISABLED. The library's default is off (tests/modes/ checks it).
 */
#define GENIRQ_HANDLERS_IRQS_ON	1

#endif /* GENIRQ_DEMO_CONFIG_H */

/* SPDX-License-Identifier: MIT */
/*
 * The smallest settings `make size` measures: one CPU, 64 lines, a trace
 * ring of one event, a 4 KiB arena (an RTOS's budget). Every feature is
 * still built in: none can be left out yet.
 */
#define GENIRQ_NR_CPUS		1
#define GENIRQ_MAX_IRQS		64
#define GENIRQ_TRACE_EVENTS	1
#define GENIRQ_ARENA_BYTES	4096

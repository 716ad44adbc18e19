/* SPDX-License-Identifier: MIT */
/*
 * trace_cmd.h - the shell's `trace` command and the trace dump format,
 * shared by every demo kernel and the host's trace run.
 *
 * The dump is text lines a serial console carries unchanged, decoded on
 * the host by scripts/trace.py:
 *
 *   TRACE-BEGIN 1 <cpus> <ring events>
 *   TRACE-CPU <cpu> <recorded> <dropped> <kept>     one per CPU, then its
 *   E <64 hex digits> <4 hex digits>                kept events, oldest first
 *   TRACE-END <events> <8 hex digits>
 *
 * An E line is one struct irq_trace_event as 32 bytes, little-endian
 * whatever the CPU: ts (8), irq (4), type (2), cpu (2), arg (4), name
 * (12), followed by the Fletcher-16 sum of those bytes; TRACE-END gives
 * the number of E lines and the Fletcher-32 sum (over 16-bit
 * little-endian words) of every record's bytes in order.
 */
#ifndef GENIRQ_DEMO_TRACE_CMD_H
#define GENIRQ_DEMO_TRACE_CMD_H

#include <stddef.h>
#include <genirq/trace.h>

struct shell;

/* trace start [IRQ] | stop | reset | status | dump */
int shell_cmd_trace(struct shell *sh, int argc, char **argv);
/*
 * Trace every line and softirqs, except @quiet's @n lines (negative
 * numbers skipped): timers, whose ticks would fill the rings while the
 * machine waits for input. The demo kernels' "trace" boot argument.
 */
void trace_begin_quiet(const int *quiet, unsigned int n);
/* Write the dump of every CPU's ring through @write, line by line. */
void trace_dump(void (*write)(const char *text, size_t len));

#endif /* GENIRQ_DEMO_TRACE_CMD_H */

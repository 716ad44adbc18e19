/* SPDX-License-Identifier: MIT */
/*
 * shell_garbage.h - the shell-garbage scenario of SCENARIOS.md: a private
 * shell instance fed 4 KiB lines, control bytes, unknown commands and
 * malformed masks must answer each with a one-line error and stay alive.
 * Its output is counted, not printed.
 */
#ifndef GENIRQ_DEMO_SHELL_GARBAGE_H
#define GENIRQ_DEMO_SHELL_GARBAGE_H

#include "scenario.h"

void shell_garbage_scenario(struct scenario_tally *t);

#endif /* GENIRQ_DEMO_SHELL_GARBAGE_H */

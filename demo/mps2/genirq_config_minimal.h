/* SPDX-License-Identifier: MIT */
/*
 * The mps2 kernel's minimal configuration (make check-armv7m-minimal):
 * tests/kit/config_minimal.h (one CPU, 64 lines, no optional feature)
 * with an arena for the kernel's lines (descriptors, actions, counters:
 * there is no heap) and the 2004 rule, under which a handler runs with
 * BASEPRI 0, so that a more urgent line nests in it (the nesting
 * scenario), with line priorities, which the NVIC's nesting and the
 * tick's level need (GENIRQ_PRIORITY), and with console text, which its
 * shell and scenarios print with (GENIRQ_REPORTS; make keeps both
 * features too).
 */
#ifndef GENIRQ_MPS2_CONFIG_MINIMAL_H
#define GENIRQ_MPS2_CONFIG_MINIMAL_H

#define GENIRQ_ARENA_BYTES	(5 * 1024)
#define GENIRQ_HANDLERS_IRQS_ON	1
#define GENIRQ_PRIORITY		1
#define GENIRQ_REPORTS		1
#include "../../tests/kit/config_minimal.h"

#endif /* GENIRQ_MPS2_CONFIG_MINIMAL_H */

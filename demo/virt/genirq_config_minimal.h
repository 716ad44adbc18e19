/* SPDX-License-Identifier: MIT */
/*
 * The virt kernel's minimal configuration (make check-aarch64-minimal):
 * tests/kit/config_minimal.h (one CPU, 64 lines, no optional feature)
 * with an arena for the demo's lines (its descriptors, actions and
 * counters: the kernel has no heap) and the 2004 rule its scenarios
 * show, as the tree's other builds (demo/genirq_config.h), and with
 * console text, which its shell and scenarios print with (GENIRQ_REPORTS),
 * and with domains by firmware node and hierarchical domains, which its
 * lines are found through in the device tree and its GIC's lines are
 * handed out by (GENIRQ_FWNODE, GENIRQ_HIERARCHY; make keeps the features
 * too).
 */
#ifndef GENIRQ_VIRT_CONFIG_MINIMAL_H
#define GENIRQ_VIRT_CONFIG_MINIMAL_H

#define GENIRQ_ARENA_BYTES	(16 * 1024)
#define GENIRQ_HANDLERS_IRQS_ON	1
#define GENIRQ_REPORTS		1
#define GENIRQ_FWNODE		1
#define GENIRQ_HIERARCHY	1
#define GENIRQ_FREE_LINES	1	/* (a hierarchy's lines are freed with it) */
#include "../../tests/kit/config_minimal.h"

#endif /* GENIRQ_VIRT_CONFIG_MINIMAL_H */

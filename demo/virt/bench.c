// SPDX-License-Identifier: MIT
#include "scenario.h"
#include "demo.h"

void virt_bench(struct scenario_tally *t, int ipi_irq, irq_handler_t handler, void *dev)
{
	(void)ipi_irq; (void)handler; (void)dev;
	scenario_skip(t, "guest-bench", "not yet");
}

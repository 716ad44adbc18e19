// SPDX-License-Identifier: MIT
/*
 * scenarios-smp.c - the IPI's SMP scenarios on virt (demo/ipi_scenarios.c)
 * with SGI 0; free-vs-running runs on the edu line when there is one.
 */
#include "ipi_scenarios.h"
#include "demo.h"

bool virt_smp_ipi(void)
{
	return ipi_scenario_claim();
}

void virt_smp_scenarios(struct scenario_tally *t, int ipi_irq, irq_handler_t handler, void *dev)
{
	const struct ipi_scenario_env env = {
		.send_ipi = aarch64_send_ipi, .how = "SGI 0 through the GIC",
		.free_vs_running = !virt_have_edu_pair(),
	};

	ipi_scenarios(t, &env, ipi_irq, handler, dev);
}

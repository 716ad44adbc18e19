// SPDX-License-Identifier: MIT
/*
 * scenarios-smp.c - the IPI's SMP scenarios on pseries (demo/ipi_scenarios.c)
 * through the generic IPI API (H_IPI); free-vs-running runs on the edu line
 * when there is one.
 */
#include "ipi_scenarios.h"
#include "demo.h"

bool ppc64_smp_ipi(void)
{
	return ipi_scenario_claim();
}

void ppc64_smp_scenarios(struct scenario_tally *t, int ipi_irq, irq_handler_t handler,
			 void *dev)
{
	const struct ipi_scenario_env env = {
		.send_ipi = NULL, .how = "through ipi_send_single(), XICS-IPI: H_IPI",
		.free_vs_running = !ppc64_have_edu_pair(),
	};

	ipi_scenarios(t, &env, ipi_irq, handler, dev);
}

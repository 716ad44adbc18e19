// SPDX-License-Identifier: MIT
/*
 * scenarios-smp.c - the IPI's SMP scenarios on pseries (demo/ipi_scenarios.c)
 * with H_IPI; free-vs-running runs on the edu line when there is one.
 */
#include <genirq/chip/xics.h>

#include "ipi_scenarios.h"
#include "demo.h"

static void send_ipi(unsigned int cpu)
{
	xics_send_ipi(ppc64_xics, cpu);
}

bool ppc64_smp_ipi(void)
{
	return ipi_scenario_claim();
}

void ppc64_smp_scenarios(struct scenario_tally *t, int ipi_irq, irq_handler_t handler,
			 void *dev)
{
	const struct ipi_scenario_env env = {
		.send_ipi = send_ipi, .how = "H_IPI", .free_vs_running = !ppc64_have_edu_pair(),
	};

	ipi_scenarios(t, &env, ipi_irq, handler, dev);
}

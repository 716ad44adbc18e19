/* SPDX-License-Identifier: MIT */
/*
 * ipi_scenarios.h - the SMP scenarios of SCENARIOS.md that a machine's IPI
 * alone drives (demo/ipi_scenarios.c): ipi-pingpong, and free-vs-running
 * on the IPI for a machine without an edu pair to run it on.
 */
#ifndef GENIRQ_DEMO_IPI_SCENARIOS_H
#define GENIRQ_DEMO_IPI_SCENARIOS_H

#include <stdbool.h>
#include <genirq/interrupt.h>

#include "scenario.h"

struct ipi_scenario_env {
	/*
	 * Raise the IPI on @cpu; NULL: the IPI is a reservation of the generic
	 * API (irq_reserve_ipi*()), sent with ipi_send_single() and counted on
	 * each CPU's line (ipi_get_irq()).
	 */
	void		(*send_ipi)(unsigned int cpu);
	const char	*how;		/* for the verdict: "H_IPI", "SGI 0 through the GIC" */
	bool		free_vs_running;	/* run it here: no edu line for it */
};

/* The IPI handler calls it first: true when the event was a scenario's
 * (the handler then returns IRQ_HANDLED at once). Context: the handler. */
bool ipi_scenario_claim(void);

/* Run them with @handler/@dev being the IPI's own action (free-vs-running
 * frees it and requests it again); on one CPU both are skipped. */
void ipi_scenarios(struct scenario_tally *t, const struct ipi_scenario_env *env, int ipi_irq,
		   irq_handler_t handler, void *dev);

#endif /* GENIRQ_DEMO_IPI_SCENARIOS_H */

// SPDX-License-Identifier: MIT
/*
 * cascade.c - the PL061 GPIO under the GIC (placeholder).
 */
#include "scenario.h"
#include "demo.h"

int virt_gpio_setup(void)
{
	return -ENODEV;
}

void virt_cascade_scenario(struct scenario_tally *t)
{
	scenario_skip(t, "cascade", "not yet");
}

// SPDX-License-Identifier: MIT
/*
 * wake_timer.c - `suspend timer`'s wake line (demo/pm_cmd.h): CMSDK TIMER1,
 * one shot. Its line is the priority scenarios' too, requested there and
 * freed: here it is requested at the first `suspend timer`.
 */
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/irqdomain.h>

#include "mps2.h"
#include "pm_cmd.h"
#include "scenario.h"

static irqreturn_t timer1_wake(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	mps2_timer_stop(TIMER1_BASE);		/* it reloads: stop it after one */
	return IRQ_HANDLED;
}

static void timer1_arm(unsigned int ms)
{
	mps2_timer_start(TIMER1_BASE, (uint32_t)mps2_ms_to_counts(ms));
}

static int timer1_setup(void)
{
	int irq = mps2_timer1_irq();
	int err;

	if (irq < 0)
		return irq;
	err = request_irq((unsigned int)irq, timer1_wake, 0, "timer1-wake", NULL);
	return err ? err : irq;
}

static const struct pm_wake_timer wake_timer = {
	.name = "timer1-wake", .setup = timer1_setup, .arm = timer1_arm,
};

void mps2_wake_timer_setup(void)
{
	pm_set_wake_timer(&wake_timer);
	pm_set_wake_by_timer(scenario_contains(mps2_cmdline(), "wake=timer"));
}

// SPDX-License-Identifier: MIT
/*
 * wake_timer.c - `suspend timer`'s wake line (demo/pm_cmd.h): the PL031
 * RTC's match interrupt, one event at a time. The RTC counts seconds, so
 * the alarm is rounded up to the second after the time asked: it fires
 * no sooner.
 */
#include <genirq/interrupt.h>
#include <genirq/of_irq.h>

#include "pm_cmd.h"
#include "scenario.h"
#include "virt.h"

#define RTCDR		0x00u	/* the time, in seconds */
#define RTCMR		0x04u	/* match: the interrupt when RTCDR reaches it */
#define RTCIMSC		0x10u	/* bit 0: the match interrupt unmasked */
#define RTCICR		0x1cu	/* bit 0: clear it */
#define MS_PER_S	1000u

static volatile uint32_t *rtc_reg(uint32_t off)
{
	return (volatile uint32_t *)(uintptr_t)(machine.rtc + off);
}

static irqreturn_t rtc_match(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	*rtc_reg(RTCICR) = 1;
	return IRQ_HANDLED;
}

/* RTCDR may tick just after it is read: one second more than @ms rounded up. */
static void rtc_arm(unsigned int ms)
{
	*rtc_reg(RTCMR) = *rtc_reg(RTCDR) + (ms + MS_PER_S - 1) / MS_PER_S + 1;
}

/* Mapped at the first `suspend timer`, after the boot's lines. */
static int rtc_setup(void)
{
	int irq = irq_of_parse_and_map(virt_dtb(), machine.rtc_node, 0);	/* the tree's line */
	int err;

	if (irq < 0)
		return irq;
	err = request_irq((unsigned int)irq, rtc_match, 0, "pl031", NULL);
	if (err)
		return err;
	*rtc_reg(RTCICR) = 1;
	*rtc_reg(RTCIMSC) = 1;
	return irq;
}

static const struct pm_wake_timer wake_timer = { .name = "pl031", .setup = rtc_setup, .arm = rtc_arm };

void virt_wake_timer_setup(void)
{
	if (machine.rtc && machine.rtc_node >= 0)	/* else `suspend timer` says there is none */
		pm_set_wake_timer(&wake_timer);
	pm_set_wake_by_timer(scenario_contains(machine.bootargs, "wake=timer"));
}

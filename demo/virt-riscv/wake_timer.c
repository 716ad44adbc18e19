// SPDX-License-Identifier: MIT
/*
 * wake_timer.c - `suspend timer`'s wake line (demo/pm_cmd.h): the goldfish
 * RTC's alarm, one event at a time. Its line is a level one, held until
 * CLEAR_INTERRUPT is written.
 */
#include <genirq/interrupt.h>
#include <genirq/of_irq.h>

#include "demo.h"
#include "pm_cmd.h"
#include "scenario.h"
#include "virt.h"

#define RTC_TIME_LOW		0x00u	/* reading it latches TIME_HIGH */
#define RTC_TIME_HIGH		0x04u
#define RTC_ALARM_LOW		0x08u	/* writing it arms the alarm */
#define RTC_ALARM_HIGH		0x0cu
#define RTC_IRQ_ENABLED		0x10u
#define RTC_CLEAR_INTERRUPT	0x1cu
#define NS_PER_MS		1000000ull

static volatile uint32_t *rtc_reg(uint32_t off)
{
	return (volatile uint32_t *)(machine.rtc + off);
}

static irqreturn_t rtc_alarm(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	*rtc_reg(RTC_CLEAR_INTERRUPT) = 1;
	return IRQ_HANDLED;
}

static void rtc_arm(unsigned int ms)
{
	uint64_t now = *rtc_reg(RTC_TIME_LOW);
	uint64_t at;

	now |= (uint64_t)*rtc_reg(RTC_TIME_HIGH) << 32;
	at = now + ms * NS_PER_MS;
	*rtc_reg(RTC_ALARM_HIGH) = (uint32_t)(at >> 32);
	*rtc_reg(RTC_ALARM_LOW) = (uint32_t)at;
}

/* Mapped at the first `suspend timer`, after the boot's lines. */
static int rtc_setup(void)
{
	int irq = irq_of_parse_and_map(machine.dtb, machine.rtc_node, 0);	/* the tree's line */
	int err;

	if (irq < 0)
		return irq;
	err = request_irq((unsigned int)irq, rtc_alarm, 0, "goldfish-rtc", NULL);
	if (err)
		return err;
	*rtc_reg(RTC_IRQ_ENABLED) = 1;
	return irq;
}

static const struct pm_wake_timer wake_timer = {
	.name = "goldfish-rtc", .setup = rtc_setup, .arm = rtc_arm,
};

void virt_wake_timer_setup(void)
{
	if (machine.rtc && machine.rtc_node >= 0)	/* else `suspend timer` says there is none */
		pm_set_wake_timer(&wake_timer);
	pm_set_wake_by_timer(scenario_contains(machine.bootargs, "wake=timer"));
}

// SPDX-License-Identifier: MIT
/*
 * wake_timer.c - `suspend timer`'s wake line (demo/pm_cmd.h): the CMOS
 * RTC's alarm on ISA line 8, one event at a time. The alarm matches
 * seconds only (minutes and hours "don't care"), so it is set to the
 * second after the time asked, rounded up: it fires no sooner. Register
 * C is read to end each event (the RTC holds IRQ 8 up until then).
 */
#include <genirq/interrupt.h>

#include "demo.h"
#include "pm_cmd.h"

#define RTC_INDEX	0x70
#define RTC_DATA	0x71
#define RTC_SECONDS	0x00
#define RTC_ALARM_SEC	0x01
#define RTC_ALARM_MIN	0x03
#define RTC_ALARM_HOUR	0x05
#define RTC_REG_B	0x0b
#define RTC_REG_C	0x0c
#define RTC_B_AIE	0x20	/* alarm interrupt enable */
#define RTC_B_BINARY	0x04	/* values in binary, else BCD */
#define RTC_DONT_CARE	0xc0
#define MS_PER_S	1000u

static uint8_t cmos_read(uint8_t reg)
{
	outb(RTC_INDEX, reg);
	return inb(RTC_DATA);
}

static void cmos_write(uint8_t reg, uint8_t v)
{
	outb(RTC_INDEX, reg);
	outb(RTC_DATA, v);
}

static void alarm_enable(bool on)
{
	uint8_t b = cmos_read(RTC_REG_B);

	cmos_write(RTC_REG_B, on ? (uint8_t)(b | RTC_B_AIE) : (uint8_t)(b & ~RTC_B_AIE));
	(void)cmos_read(RTC_REG_C);
}

static irqreturn_t rtc_alarm(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	alarm_enable(false);		/* one event: it would match every minute */
	return IRQ_HANDLED;
}

/* The seconds register may tick just after it is read: one second more. */
static void rtc_arm(unsigned int ms)
{
	bool binary = cmos_read(RTC_REG_B) & RTC_B_BINARY;
	uint8_t now = cmos_read(RTC_SECONDS);
	unsigned int sec = binary ? now : (now >> 4) * 10u + (now & 0xfu);

	sec = (sec + (ms + MS_PER_S - 1) / MS_PER_S + 1) % 60u;
	cmos_write(RTC_ALARM_SEC, binary ? (uint8_t)sec : (uint8_t)((sec / 10u) << 4 | sec % 10u));
	cmos_write(RTC_ALARM_MIN, RTC_DONT_CARE);
	cmos_write(RTC_ALARM_HOUR, RTC_DONT_CARE);
	alarm_enable(true);
}

/* Requested at the first `suspend timer`: the boot's scenarios use line 8 too. */
static int rtc_setup(void)
{
	unsigned int irq = x86_isa_irq(8);
	int err;

	alarm_enable(false);
	err = request_irq(irq, rtc_alarm, 0, "rtc-alarm", NULL);
	return err ? err : (int)irq;
}

static const struct pm_wake_timer wake_timer = {
	.name = "rtc-alarm", .setup = rtc_setup, .arm = rtc_arm,
};

void pc_wake_timer_setup(void)
{
	pm_set_wake_timer(&wake_timer);
	pm_set_wake_by_timer(x86_cmdline_has("wake=timer"));
}

// SPDX-License-Identifier: MIT
/*
 * IntQueueTimer.c - IntQueue's two interrupt sources, both through genirq:
 * the goldfish RTC's alarm (PLIC 11), re-armed every millisecond, calls
 * xFirstTimerHandler() and the other interrupt-driven tests; every third
 * alarm raises the edu PCI device's interrupt (PLIC 33, a higher PLIC
 * priority), whose primary handler calls xSecondTimerHandler() and wakes
 * its thread, a FreeRTOS task. Every thousandth alarm raises a softirq.
 */
#include <genirq/chip/plic.h>
#include "FreeRTOS.h"
#include "IntQueue.h"
#include "IntQueueTimer.h"
#include "IntSemTest.h"
#include "StreamBufferInterrupt.h"
#include "glue.h"

#define RTC(r)		(*(volatile uint32_t *)(0x00101000UL + (r)))
#define RTC_TIME_LOW	0x00	/* read first: latches TIME_HIGH */
#define RTC_TIME_HIGH	0x04
#define RTC_ALARM_LOW	0x08	/* written last: arms the alarm */
#define RTC_ALARM_HIGH	0x0c
#define RTC_IRQ_ENABLED	0x10
#define RTC_CLEAR_IRQ	0x1c
#define ECAM_SLOT1(r)	(*(volatile uint32_t *)(0x30008000UL + (r)))	/* 00:01.0 */
#define PCI_COMMAND	0x04
#define PCI_COMMAND_MEM	0x2	/* and INTx left enabled */
#define PCI_BAR0	0x10
#define EDU_BAR0	0x40000000u	/* virt's 32-bit PCI window */
#define EDU(r)		(*(volatile uint32_t *)((uintptr_t)EDU_BAR0 + (r)))
#define EDU_ID		0x00
#define EDU_ID_VALUE	0x010000ed
#define EDU_STATUS	0x24
#define EDU_RAISE	0x60
#define EDU_ACK		0x64
#define PERIOD_NS	1000000u

volatile unsigned long glue_edu_threads, glue_softirqs;
int glue_edu_irq;

static void rtc_arm(void)
{
	uint64_t now = RTC(RTC_TIME_LOW);

	now |= (uint64_t)RTC(RTC_TIME_HIGH) << 32;
	now += PERIOD_NS;
	RTC(RTC_ALARM_HIGH) = (uint32_t)(now >> 32);
	RTC(RTC_ALARM_LOW) = (uint32_t)now;
}

static irqreturn_t rtc_interrupt(int irq, void *dev)
{
	static unsigned int n;

	(void)irq, (void)dev;
	RTC(RTC_CLEAR_IRQ) = 1;
	rtc_arm();
	vInterruptSemaphorePeriodicTest();
	vBasicStreamBufferSendFromISR();
	if (++n % 3 == 0)
		EDU(EDU_RAISE) = 1;
	if (n % 1000 == 0)
		raise_softirq_irqoff(TIMER_SOFTIRQ);
	portYIELD_FROM_ISR(xFirstTimerHandler());
	return IRQ_HANDLED;
}

static void timer_softirq(void)
{
	glue_softirqs++;
}

static irqreturn_t edu_interrupt(int irq, void *dev)
{
	(void)irq, (void)dev;
	EDU(EDU_ACK) = EDU(EDU_STATUS);
	portYIELD_FROM_ISR(xSecondTimerHandler());
	return IRQ_WAKE_THREAD;
}

static irqreturn_t edu_thread(int irq, void *dev)
{
	(void)irq, (void)dev;
	glue_edu_threads++;
	return IRQ_HANDLED;
}

void vInitialiseTimerForIntQueueTest(void)
{
	int rtc = plic_map(glue_plic, 11, IRQ_TYPE_LEVEL_HIGH);
	int edu = glue_edu_irq = plic_map(glue_plic, 33, IRQ_TYPE_LEVEL_HIGH);

	ECAM_SLOT1(PCI_BAR0) = EDU_BAR0;
	ECAM_SLOT1(PCI_COMMAND) = PCI_COMMAND_MEM;
	if (rtc < 0 || edu < 0 || EDU(EDU_ID) != EDU_ID_VALUE || plic_set_priority(glue_plic, 33, 2) ||
	    request_irq((unsigned int)rtc, rtc_interrupt, 0, "goldfish-rtc", NULL) ||
	    request_threaded_irq((unsigned int)edu, edu_interrupt, edu_thread, 0, "edu", NULL))
		glue_fail("IntQueue's interrupts");
	open_softirq(TIMER_SOFTIRQ, timer_softirq);
	RTC(RTC_IRQ_ENABLED) = 1;
	rtc_arm();
}

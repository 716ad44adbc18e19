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
#define ECAM_SLOT1(r)	(*(volatile uint32_t *)(0x30008000UL + (r)))
#define EDU(r)		(*(volatile uint32_t *)(0x40000000UL + (r)))
#define PERIOD_NS	1000000u

volatile unsigned long glue_edu_threads, glue_softirqs;
int glue_edu_irq;

static void rtc_arm(void)
{
	uint64_t now = RTC(0x00);

	now |= (uint64_t)RTC(0x04) << 32;
	now += PERIOD_NS;
	RTC(0x0c) = (uint32_t)(now >> 32);
	RTC(0x08) = (uint32_t)now;
}

static irqreturn_t rtc_interrupt(int irq, void *dev)
{
	static unsigned int n;

	(void)irq, (void)dev;
	RTC(0x1c) = 1;
	rtc_arm();
	vInterruptSemaphorePeriodicTest();
	vBasicStreamBufferSendFromISR();
	if (++n % 3 == 0)
		EDU(0x60) = 1;
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
	EDU(0x64) = EDU(0x24);
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

	ECAM_SLOT1(0x10) = 0x40000000;	/* BAR0 */
	ECAM_SLOT1(0x04) = 2;		/* memory decoding, INTx on */
	if (rtc < 0 || edu < 0 || EDU(0) != 0x010000ed || plic_set_priority(glue_plic, 33, 2) ||
	    request_irq((unsigned int)rtc, rtc_interrupt, 0, "goldfish-rtc", NULL) ||
	    request_threaded_irq((unsigned int)edu, edu_interrupt, edu_thread, 0, "edu", NULL))
		glue_fail("IntQueue's interrupts");
	open_softirq(TIMER_SOFTIRQ, timer_softirq);
	RTC(0x10) = 1;
	rtc_arm();
}

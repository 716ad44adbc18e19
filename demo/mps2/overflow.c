// SPDX-License-Identifier: MIT
/*
 * overflow.c - two devices on one level line, for the scenarios that
 * demo/edu_line.c drives (shared-line, screaming-line): UART1 and UART2,
 * whose overrun interrupts the an385 ORs (with UART0's) into NVIC line 12
 * in hardware. (threaded-oneshot is not run: mps2_overflow_scenarios().)
 *
 * Each is set to transmit nothing (TX off) with its TX-overrun interrupt
 * on: the first byte written stays in the holding register, the next one
 * overruns it, which raises INTSTATUS.TXO and the line until the driver
 * writes it back (W1C). So "raise" is two writes, "status" is TXO, and
 * "ack" its clear: a level source the driver must quiet, as an edu's.
 */
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/chip/nvic.h>

#include "edu_line.h"
#include "mps2.h"

#define UART_DATA	0x00u
#define UART_CTRL	0x08u
#define UART_INTSTATUS	0x0cu
#define CTRL_TXOINTEN	(1u << 4)
#define INT_TXO		(1u << 2)

struct edu {
	uint32_t	base;
};

static const struct edu uarts[EDU_LINE_DEVS] = { { 0x40005000u }, { 0x40006000u } };

static void ovf_raise(const struct edu *e, uint32_t bits)
{
	(void)bits;
	armv7m_write(e->base + UART_DATA, 0);
	armv7m_write(e->base + UART_DATA, 0);	/* over the first, never sent */
}

static void ovf_ack(const struct edu *e, uint32_t bits)
{
	if (bits)
		armv7m_write(e->base + UART_INTSTATUS, INT_TXO);
}

static uint32_t ovf_status(const struct edu *e)
{
	return armv7m_read(e->base + UART_INTSTATUS) & INT_TXO ? EDU_BIT_A : 0;
}

static unsigned long tick_count(unsigned int cpu);

static struct edu_line_env env = {
	.dev = { &uarts[0], &uarts[1] }, .raise = ovf_raise, .ack = ovf_ack, .status = ovf_status,
	.slot = { 1, 2 }, .line_name = "NVIC line 12 (the UARTs' overrun OR)",
	.route_cpu1 = "", .up_skips_free_running = true, .no_autoprobe = true,
	.poll_in_tick = true,	/* the poll runs in the SysTick handler: it cannot nest in itself */
};

static unsigned long (*ticks_of)(unsigned int cpu);

static unsigned long tick_count(unsigned int cpu)
{
	return ticks_of(cpu);
}

void mps2_overflow_scenarios(struct scenario_tally *t, struct nvic *nvic,
			     unsigned long (*ticks)(unsigned int cpu))
{
	int line;

	for (unsigned int i = 0; i < EDU_LINE_DEVS; i++)
		armv7m_write(uarts[i].base + UART_CTRL, CTRL_TXOINTEN);
	ticks_of = ticks;
	env.ticks = tick_count;
	line = nvic_map(nvic, MPS2_LINE_OVERFLOW);
	if (line < 0) {
		scenario_fail(t, "shared-line", "NVIC line %u not mapped: %d", MPS2_LINE_OVERFLOW,
			      line);
		return;
	}
	edu_line_scenarios(t, &env, line);
	/*
	 * threaded-oneshot runs here, and shows what a level line does on the
	 * NVIC: while ONESHOT holds the line masked, the exception return
	 * re-pends it (the device still asserts), and the pending bit stays
	 * latched after the thread has quieted the device, so each unmask
	 * takes one stale event, answered IRQ_NONE: 20 raises, 40 events, 20
	 * unhandled, where the scenario wants none (docs/armv7m.md).
	 */
	if (SCENARIO_NEEDS(t, "threaded-oneshot", GENIRQ_THREADS))
		scenario_skip(t, "threaded-oneshot", "the NVIC keeps a level line's pending bit latched "
			      "while ONESHOT masks it: each unmask after the thread takes one stale "
			      "event (docs/armv7m.md)");
}

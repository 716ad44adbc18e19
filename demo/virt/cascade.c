// SPDX-License-Identifier: MIT
/*
 * cascade.c - the cascade scenario: the PL061 GPIO controller chained
 * under a GIC SPI, and its line 3, the machine's power key (the device
 * tree's gpio-keys). QEMU's system_powerdown, sent from the monitor by
 * the harness, pulses the line; the key's handler runs through the
 * PL061's own domain and flow.
 */
#include <stdatomic.h>
#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/proc.h>
#include <genirq/of_irq.h>
#include <genirq/chip/pl061.h>

#include "scenario.h"
#include "demo.h"

#define KEY_WAIT_MS	20000	/* guards against a harness that never presses */
#define PROC_BYTES	2048

static struct pl061 *gpio;
static int parent_irq = -1, key_irq = -1;
static _Atomic unsigned long presses;
static bool key_in_irq;

static irqreturn_t power_key(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	key_in_irq = in_irq();
	atomic_fetch_add(&presses, 1);
	return IRQ_HANDLED;
}

int virt_gpio_setup(void)
{
	if (!machine.gpio || machine.gpio_node < 0)
		return -ENODEV;
	parent_irq = irq_of_parse_and_map(virt_dtb(), machine.gpio_node, 0);
	if (parent_irq < 0)
		return parent_irq;
	gpio = pl061_create(machine.gpio, (unsigned int)parent_irq);
	if (!gpio)
		return -ENOMEM;
	key_irq = pl061_map(gpio, machine.power_gpio, IRQ_TYPE_EDGE_RISING);
	if (key_irq < 0)
		return key_irq;
	return request_irq((unsigned int)key_irq, power_key, 0, "power-key", &presses);
}

static bool pressed(void)
{
	return atomic_load(&presses) != 0;
}

/* The /proc/interrupts row of the key: under the PL061, not the GIC. */
static bool proc_shows_key(void)
{
	static char buf[PROC_BYTES];
	const char *row = buf;

	if (irq_proc_read("/proc/interrupts", buf, sizeof(buf)) < 0)
		return false;
	for (const char *p = buf; *p; p++) {
		if (*p != '\n')
			continue;
		for (const char *q = row; q < p; q++)
			if (q[0] == 'P' && q[1] == 'L' && q[2] == '0' && q[3] == '6' && q[4] == '1')
				for (const char *k = q; k < p; k++)
					if (k[0] == 'p' && k[1] == 'o' && k[2] == 'w' && k[3] == 'e')
						return true;
		row = p + 1;
	}
	return false;
}

/* The row is checked where the text views are built (GENIRQ_TEXT_VIEWS). */
static bool proc_ok(void)
{
	return !GENIRQ_ENABLED(GENIRQ_TEXT_VIEWS) || proc_shows_key();
}

void virt_cascade_scenario(struct scenario_tally *t)
{
	unsigned long parent0, key0;
	uint64_t end;

	if (key_irq < 0) {
		scenario_fail(t, "cascade", "no PL061 power key (gpio irq %d, key irq %d)",
			      parent_irq, key_irq);
		return;
	}
	parent0 = irq_stat_total((unsigned int)parent_irq);
	key0 = irq_stat_total((unsigned int)key_irq);
	aarch64_printf("genirq: waiting for the power key\n");
	end = aarch64_cntvct() + aarch64_ms_to_cnt(KEY_WAIT_MS);
	while (!pressed() && aarch64_cntvct() < end)
		aarch64_idle(pressed);
	if (!pressed()) {
		scenario_skip(t, "cascade", "no power key in %u ms (QEMU monitor system_powerdown "
			      "not sent)", KEY_WAIT_MS);
		return;
	}
	if (irq_stat_total((unsigned int)key_irq) - key0 != atomic_load(&presses) ||
	    irq_stat_total((unsigned int)parent_irq) == parent0 || !key_in_irq || !proc_ok())
		scenario_fail(t, "cascade", "key events %lu, handler runs %lu, parent events %lu, "
			      "in_irq %d, /proc/interrupts row under PL061 %d",
			      irq_stat_total((unsigned int)key_irq) - key0, atomic_load(&presses),
			      irq_stat_total((unsigned int)parent_irq) - parent0, key_in_irq,
			      proc_ok());
	else
		scenario_pass(t, "cascade", "system_powerdown pulsed PL061 line %u: GIC INTID %u "
			      "(irq %d) -> chained PL061 flow -> irq %d \"power-key\" (%lu press), %s",
			      machine.power_gpio, aarch64_intid(parent_irq), parent_irq, key_irq,
			      atomic_load(&presses), GENIRQ_ENABLED(GENIRQ_TEXT_VIEWS) ?
			      "shown under PL061 in /proc/interrupts" : "no /proc view (not built)");
}

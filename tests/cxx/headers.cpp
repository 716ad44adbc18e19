// SPDX-License-Identifier: MIT
// Every public header, compiled as C++: drivers in C++ must be able to use them.
#include <genirq/compat.h>
#include <genirq/compiler.h>
#include <genirq/cpumask.h>
#include <genirq/errno.h>
#include <genirq/hardirq.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>
#include <genirq/sim.h>
#include <genirq/chip/simpic.h>
#include <genirq/spinlock.h>

static irqreturn_t handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_HANDLED;
}

int genirq_cxx_use(void);
int genirq_cxx_use(void)
{
	irq_handler_t h = handler;
	struct irqaction a = {};

	a.handler = h;
	return a.handler ? SA_SHIRQ == IRQF_SHARED : 0;
}

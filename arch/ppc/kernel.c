// SPDX-License-Identifier: MIT
#include <genirq/hardirq.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/mpic.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "ppc.h"
#include "scenario.h"
#include "shell.h"

void kernel_main(uint32_t dtb);
void secondary_main(unsigned int cpu);
uint32_t secondary_stack;

static struct mpic *pic;
static volatile unsigned long ticks;

static irqreturn_t tick(int irq, void *dev)
{
	(void)irq; (void)dev;
	ticks++;
	return IRQ_HANDLED;
}

void kernel_main(uint32_t dtb)
{
	static const struct mpic_config cfg = {
		.name = "mpic", .base = CCSR_EA + 0x40000, .big_endian = true,
		.gcr_mode = 0x20000000u, .spurious_vector = 0xffff,
	};
	int irq;

	irq_log("hello from e500, dtb %x", dtb);
	irq_core_init(256);
	irq_cpu_set_online(0, true);
	ppc_stacks_init(0);
	pic = mpic_create(&cfg);
	if (!pic)
		ppc_fail("mpic");
	ppc_irq_init(pic);
	irq_log("mpic: %u sources %u cpus", mpic_nr_sources(pic), mpic_nr_cpus(pic));
	irq = irq_create_mapping(mpic_domain(pic), mpic_timer_hwirq(pic, 0));
	irq_set_irq_type((unsigned int)irq, IRQ_TYPE_EDGE_RISING);
	irq_log("timer irq %d -> %d", irq, request_irq((unsigned int)irq, tick, 0, "timer", NULL));
	mpic_cpu_init(pic);
	mpic_timer_start(pic, 0, 250000);
	port_irq_enable();
	uint64_t t0 = ppc_timebase();
	while (ticks < 50)
		;
	irq_log("50 ticks in %u us", (unsigned)((ppc_timebase() - t0) / 400));
	char buf[2048];
	int n = irq_proc_read("/proc/interrupts", buf, sizeof(buf));
	port_console_write(buf, (size_t)n);
	ppc_pass_exit();
}

void secondary_main(unsigned int cpu)
{
	(void)cpu;
}

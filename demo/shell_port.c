// SPDX-License-Identifier: MIT
/*
 * shell_port.c - the shell commands the pseries, virt and virt-riscv
 * kernels share (see shell_port.h).
 */
#include <genirq/errno.h>
#include <genirq/compat.h>
#include <stdatomic.h>
#include <genirq/cpumask.h>
#include <genirq/irq.h>
#include <genirq/port.h>

#include "bootlog.h"
#include "scenario.h"
#include "shell_port.h"

static const struct shell_port *port;

void shell_port_init(const struct shell_port *p)
{
	port = p;
}

int shell_port_ipi(struct shell *sh, int argc, char **argv)
{
	unsigned long cpu, before = atomic_load(port->ipis);

	if (argc != 2 || shell_parse_uint(argv[1], port->nr_cpus, &cpu) < 0 ||
	    !cpumask_test_cpu((unsigned int)cpu, irq_cpu_online_mask()))
		return -EINVAL;
	port->send_ipi((unsigned int)cpu);
	scenario_wait_count(port->ipis, before + 1);	/* at most SCENARIO_WAIT_MS */
	shell_printf(sh, "IPI to cpu%lu: %lu handled\n", cpu, atomic_load(port->ipis) - before);
	return 0;
}

int shell_port_trap(struct shell *sh, int argc, char **argv)
{
	(void)sh;
	(void)argv;
	if (argc != 1 || !port->trap)
		return -EINVAL;
	port->trap();
	return 0;
}

static int port_ticks(struct shell *sh)
{
	shell_printf(sh, "%lu ticks on cpu0 at %u Hz, %lu ms of %s\n", port->ticks(0), port->hz,
		     (unsigned long)(port_time_ns() / 1000000u), port->clock);
	return 0;
}

static int port_probe(struct shell *sh, unsigned int dev)
{
	int irq = port->autoprobe(dev);

	if (irq == -ENODEV)
		return -ENODEV;
	shell_printf(sh, "%d\n", irq);
	return 0;
}

static void port_stacks(struct irq_text *t)
{
	port->stacks(t);
}

static void port_poweroff(struct shell *sh)
{
	if (!*port->summary_ok)
		port->fail("poweroff after failed self-tests");
	shell_stats(sh);
	shell_printf(sh, "genirq: power-off\n");
	port->power_off();
}

/* irqtop's waits: sleep until the next interrupt (the tick at the latest). */
static void port_idle(void)
{
	port->idle(NULL);
}

const struct shell_machine shell_port_machine = {
	.ticks		= port_ticks,
	.probe		= port_probe,
	.stacks		= port_stacks,
	.poweroff	= port_poweroff,
	.idle		= port_idle,
	.dmesg		= bootlog_show,
};

// SPDX-License-Identifier: MIT
/*
 * smp-nmi-x86_64.c - the shell's `nmi` on x86_64: the NMI watchdog's
 * pattern with the local APIC's NMI delivery. CPU 1 spins with local
 * interrupts off (in its IPI handler, as a hard lockup in a handler
 * would); CPU 0, the watchdog, sends it an NMI IPI (ICR delivery mode
 * NMI) every NMI_PERIOD_MS; CPU 1's NMI handler (x86_nmi_set_handler())
 * sees no tick of its local timer for NMI_LOCKUP_NMIS NMIs in a row and
 * records where it was (the interrupted rip): demo/nmi_cmd.c's watch. The NMIs are counted in
 * the NMI row of /proc/interrupts, as x86 Linux counts them.
 */
#include <genirq/compat.h>
#include <genirq/hardirq.h>
#include <genirq/ipi.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/chip/lapic.h>

#include "demo.h"
#include "nmi_cmd.h"
#include "shell.h"
#include "x86.h"
#include "x86_64.h"

#define NMI_TARGET		1u	/* the CPU that spins */

static struct nmi_watch watch;
static struct {
	unsigned long	ticks;		/* the target's during its spin */
	uint64_t	ns;
	volatile bool	spinning, done;
} spin;

static unsigned long timer_ticks(unsigned int cpu)
{
	int irq = irq_find_mapping(x86_64_lapic_domain, LAPIC_TIMER);

	return irq < 0 ? 0 : irq_stat_cpu((unsigned int)irq, cpu);
}

/* NMI context, on every CPU that takes an NMI: only the spinning CPU watches. */
static void watchdog(void *regs)
{
	if (port_cpu_id() == NMI_TARGET && spin.spinning)
		nmi_watch_step(&watch, timer_ticks(NMI_TARGET),
			       (uintptr_t)((struct x86_64_regs *)regs)->rip);
}

/* CPU NMI_TARGET's IPI handler: hardirq context, local interrupts off. */
static void spin_in_handler(unsigned int cpu)
{
	if (cpu != NMI_TARGET)
		return;
	spin.ticks = timer_ticks(cpu);
	nmi_watch_start(&watch, spin.ticks);
	spin.spinning = true;
	spin.ns = nmi_spin(&watch);
	spin.ticks = timer_ticks(cpu) - spin.ticks;
	spin.spinning = false;
	spin.done = true;
}

static int cmd_nmi(struct shell *sh, int argc, char **argv)
{
	unsigned long row = x86_nmi_count(NMI_TARGET), nmis = watch.nmis;
	unsigned int sent = 0;
	uint64_t end;
	int err;

	(void)argv;
	if (argc != 1)
		return -EINVAL;
	if (port_nr_cpus() <= NMI_TARGET || x86_64_ipi_irq < 0) {
		shell_set_why(sh, "uniprocessor machine: no other CPU to spin and take the NMI");
		return -ENODEV;
	}
	spin.spinning = spin.done = false;
	x86_nmi_set_handler(watchdog);
	x86_64_ipi_handler = spin_in_handler;
	shell_printf(sh, "nmi: watchdog on cpu0, an NMI IPI to cpu%u every %u ms (local APIC ICR, "
		     "delivery mode NMI)\n", NMI_TARGET, NMI_PERIOD_MS);
	(void)ipi_send_single((unsigned int)x86_64_ipi_irq, NMI_TARGET);
	end = port_time_ns() + (NMI_SPIN_MAX_MS + 2u * NMI_PERIOD_MS) * 1000000ull;
	while (!spin.done && port_time_ns() < end) {
		port_delay_us(NMI_PERIOD_MS * 1000u);
		if (spin.spinning && !watch.lockup) {
			lapic_send_nmi(x86_64_mach.apic_id[NMI_TARGET]);
			sent++;
		}
	}
	x86_64_ipi_handler = NULL;
	x86_nmi_set_handler(NULL);
	if (!spin.done) {
		shell_set_why(sh, "cpu%u never finished its spin", NMI_TARGET);
		return -ENODEV;
	}
	shell_printf(sh, "nmi: cpu%u spun %lu ms with local interrupts off (in its IPI handler): "
		     "%lu NMIs of %u sent, ticks +%lu\n", NMI_TARGET,
		     (unsigned long)(spin.ns / 1000000u), watch.nmis - nmis, sent, spin.ticks);
	err = nmi_watch_report(sh, &watch, NMI_TARGET);
	if (err)
		return err;
	shell_printf(sh, "nmi: the NMI row counts +%lu on cpu%u\n", x86_nmi_count(NMI_TARGET) - row,
		     NMI_TARGET);
	return 0;
}

void x86_nmi_scenario(struct scenario_tally *t)
{
	nmi_scenario(t, cmd_nmi, port_nr_cpus() <= NMI_TARGET ?
		     "uniprocessor machine: no other CPU to spin and take the NMI" : NULL);
}

static const struct shell_cmd cmds[] = {
	{ "nmi", "nmi (cpu1 spins with local interrupts off; NMI IPIs from cpu0 find it)", cmd_nmi },
};
const struct shell_cmd *const x86_port_cmds = cmds;
const unsigned int x86_nr_port_cmds = GENIRQ_ARRAY_SIZE(cmds);

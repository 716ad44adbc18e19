// SPDX-License-Identifier: MIT
/*
 * nmi_cmd.c - the shell's `nmi` command (nmi_cmd.h): a CPU spinning with
 * local interrupts off, found by a watchdog NMI, as Linux's hard-lockup
 * detector finds one.
 */
#include <genirq/compat.h>
#include <genirq/hardirq.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/nmi.h>
#include <genirq/port.h>

#include "nmi_cmd.h"
#include "scenario.h"
#include "shell.h"

/* Spin iterations between two looks at the clock. */
#define NMI_SPIN_BATCH		4096u
/* The bytes of nmi_spin() a pc may be at to be "in the spin". */
#define NMI_SPIN_BYTES		0x200u

static struct nmi_watch watch[GENIRQ_NR_CPUS];
static const struct nmi_port *nmi_port;
static int watchdog_irq = -1;

/* The spin (`nmi`, or `nmi irq` in a handler): what it saw. */
static struct {
	struct nmi_watch	*w;
	uint64_t		ns;
	unsigned long		ticks, nmis;
	bool			in_handler;
} irq_spin;

void nmi_cmd_init(const struct nmi_port *port)
{
	nmi_port = port;
}

void nmi_watch_start(struct nmi_watch *w, unsigned long ticks)
{
	w->ticks_seen = ticks;
	w->stuck = 0;
	w->lockup = false;
}

/* NMI context: no lock, nothing that waits. */
void nmi_watch_step(struct nmi_watch *w, unsigned long ticks, uintptr_t pc)
{
	w->nmis++;
	if (ticks != w->ticks_seen) {
		w->ticks_seen = ticks;
		w->stuck = 0;
	} else if (++w->stuck == NMI_LOCKUP_NMIS && !w->lockup) {
		w->pc = pc;
		w->preempt = irq_preempt_count();
		w->lockup = true;
	}
}

static irqreturn_t watchdog(int irq, void *dev_id)
{
	(void)irq;
	nmi_watch_step(dev_id, nmi_port->ticks(port_cpu_id()), nmi_port->pc(get_irq_regs()));
	nmi_port->rearm();
	return IRQ_HANDLED;
}

__attribute__((noinline)) uint64_t nmi_spin(struct nmi_watch *w)
{
	uint64_t start = port_time_ns(), now = start;
	volatile unsigned int n;

	while (!w->lockup && now - start < NMI_SPIN_MAX_MS * 1000000ull) {
		for (n = 0; n < NMI_SPIN_BATCH && !w->lockup; n++)
			;
		now = port_time_ns();
	}
	return now - start;
}

static struct nmi_watch last;		/* the last watch reported */
static unsigned int last_cpu;

int nmi_watch_report(struct shell *sh, const struct nmi_watch *w, unsigned int cpu)
{
	uintptr_t spin = (uintptr_t)nmi_spin;

	last = *w;
	last_cpu = cpu;
	if (!w->lockup) {
		shell_set_why(sh, "no NMI found the spinning CPU");
		return -ENXIO;
	}
	if (w->pc - spin < NMI_SPIN_BYTES)
		shell_printf(sh, "nmi: hard LOCKUP on cpu%u seen by NMI %u in a row without a tick, "
			     "at pc 0x%lx (nmi_spin+0x%lx), in_nmi %d\n", cpu, NMI_LOCKUP_NMIS,
			     (unsigned long)w->pc, (unsigned long)(w->pc - spin),
			     (w->preempt & GENIRQ_NMI_MASK) != 0);
	else
		shell_printf(sh, "nmi: hard LOCKUP on cpu%u at pc 0x%lx (outside nmi_spin at 0x%lx)\n",
			     cpu, (unsigned long)w->pc, (unsigned long)spin);
	return 0;
}

/* Request the watchdog and enable it on this CPU: once. */
static int watchdog_setup(struct shell *sh)
{
	int irq, err;

	if (watchdog_irq >= 0)
		return 0;
	irq = nmi_port->line();
	if (irq < 0) {
		shell_set_why(sh, "no line for the watchdog");
		return irq;
	}
	err = request_percpu_nmi((unsigned int)irq, watchdog, "watchdog", watch);
	if (err) {
		shell_set_why(sh, "the watchdog's line %d cannot be an NMI here", irq);
		return err;
	}
	err = prepare_percpu_nmi((unsigned int)irq);
	if (err) {
		(void)free_percpu_nmi((unsigned int)irq, watch);
		return err;
	}
	enable_percpu_nmi((unsigned int)irq, IRQ_TYPE_NONE);
	watchdog_irq = irq;
	return 0;
}

/*
 * The spin, local interrupts off: the watchdog's baseline is taken and
 * it is armed only now, so a tick that came just before (into a handler
 * run with interrupts on, the 2004 rule) is not the first NMI's "tick
 * seen". The ticks of the spin are counted before interrupts come back.
 */
static void spin_watched(void)
{
	unsigned int cpu = port_cpu_id();
	unsigned long flags = port_irq_save();
	unsigned long ticks = nmi_port->ticks(cpu);

	nmi_watch_start(irq_spin.w, ticks);
	irq_spin.nmis = irq_spin.w->nmis;
	nmi_port->arm(NMI_PERIOD_MS * 1000u);
	irq_spin.in_handler = irq_hardirq_count() != 0;
	irq_spin.ns = nmi_spin(irq_spin.w);
	irq_spin.ticks = nmi_port->ticks(cpu) - ticks;	/* still off: the spin's */
	port_irq_restore(flags);
}

int shell_cmd_nmi(struct shell *sh, int argc, char **argv)
{
	unsigned int cpu = port_cpu_id();
	struct nmi_watch *w = &watch[cpu];
	unsigned long ticks, nmis;
	bool handler_spin = argc == 2 && shell_str_eq(argv[1], "irq");
	uint64_t ns;
	int err;

	if (argc != 1 && !handler_spin)
		return -EINVAL;
	if (!nmi_port) {
		shell_set_why(sh, "this machine has no NMI lines");
		return -ENOSYS;
	}
	if (handler_spin && !nmi_port->run_in_handler) {
		shell_set_why(sh, "this machine cannot run the spin in a handler");
		return -ENOSYS;
	}
	err = watchdog_setup(sh);
	if (err)
		return err;
	shell_printf(sh, "nmi: watchdog irq %d, %s, every %u ms\n", watchdog_irq, nmi_port->how,
		     NMI_PERIOD_MS);
	irq_spin.w = w;
	irq_spin.in_handler = false;
	if (handler_spin)
		nmi_port->run_in_handler(spin_watched);	/* in a handler */
	else
		spin_watched();
	ns = irq_spin.ns;
	ticks = irq_spin.ticks;
	nmis = irq_spin.nmis;
	nmi_port->disarm();
	shell_printf(sh, "nmi: cpu%u spun %lu ms %s: %lu NMIs, ticks +%lu\n", cpu,
		     (unsigned long)(ns / 1000000u),
		     !handler_spin ? "with local interrupts off" :
		     irq_spin.in_handler ? "in an interrupt handler" : "(not in a handler)",
		     w->nmis - nmis, ticks);
	err = nmi_watch_report(sh, w, cpu);
	if (err)
		return err;
	if (handler_spin)
		shell_printf(sh, "nmi: the NMI ran in the handler: hardirq count %u (the handler's and "
			     "its own)\n", (w->preempt & GENIRQ_HARDIRQ_MASK) / GENIRQ_HARDIRQ_OFFSET);
	shell_printf(sh, "nmi: irq %d counts %lu on cpu%u\n", watchdog_irq,
		     irq_stat_cpu((unsigned int)watchdog_irq, cpu), cpu);
	return 0;
}

void nmi_scenario(struct scenario_tally *t, int (*cmd)(struct shell *sh, int argc, char **argv),
		  const char *why)
{
	static struct shell sh;
	static char arg0[] = "nmi";
	char *argv[] = { arg0 };
	uintptr_t off;
	int err;

	if (!SCENARIO_NEEDS(t, "nmi", GENIRQ_NMI))
		return;
	if (why) {
		scenario_skip(t, "nmi", "%s", why);
		return;
	}
	shell_init(&sh, shell_discard, NULL, 0);
	last.lockup = false;
	err = cmd(&sh, 1, argv);
	off = last.pc - (uintptr_t)nmi_spin;
	if (err || !last.lockup || off >= NMI_SPIN_BYTES || !(last.preempt & GENIRQ_NMI_MASK))
		scenario_fail(t, "nmi", "expected a watchdog NMI to find the CPU in nmi_spin with "
			      "local interrupts off, in NMI context; got %d %s, lockup %d at pc 0x%lx, "
			      "in_nmi %d", err, sh.why, last.lockup, (unsigned long)last.pc,
			      (last.preempt & GENIRQ_NMI_MASK) != 0);
	else
		scenario_pass(t, "nmi", "cpu%u spinning with local interrupts off: NMI %u in a row "
			      "without a tick saw a hard lockup at nmi_spin+0x%lx, in NMI context",
			      last_cpu, NMI_LOCKUP_NMIS, (unsigned long)off);
}

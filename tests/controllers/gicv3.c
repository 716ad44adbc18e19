// SPDX-License-Identifier: MIT
/*
 * gicv3.c - the GICv3 driver on the host, against a fake distributor,
 * two fake redistributors (trapped register files, fakeregs.h) and a
 * fake CPU interface (its system registers, fake_gic_sysreg.h): routing
 * by MPIDR affinity, the per-CPU lines in every redistributor, the
 * trigger bits, the acknowledge/end pairs, and INTID 1023 counted and
 * not dispatched. Runs on the hosted port (arch/host), in
 * check-controllers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/nmi.h>
#include <genirq/pm.h>
#include <genirq/port.h>
#include <genirq/sim.h>
#include <genirq/chip/gicv3.h>
#include "fakeregs.h"
#include "fake_gic_sysreg.h"

/* The register map, written down again from the GICv3 spec (not from gicv3.c). */
#define D_CTLR		0x0000u
#define D_TYPER		0x0004u
#define D_IGROUPR(n)	(0x0080u + 4u * (n) / 32)
#define D_ISENABLER(n)	(0x0100u + 4u * ((n) / 32))
#define D_ICENABLER(n)	(0x0180u + 4u * ((n) / 32))
#define D_ISPENDR(n)	(0x0200u + 4u * ((n) / 32))
#define D_ICPENDR(n)	(0x0280u + 4u * ((n) / 32))
#define D_ISACTIVER(n)	(0x0300u + 4u * ((n) / 32))
#define D_ICACTIVER(n)	(0x0380u + 4u * ((n) / 32))
#define D_CTLR_RWP	(1u << 31)
#define D_IPRIORITYR(n)	(0x0400u + ((n) & ~3u))
#define D_ICFGR(n)	(0x0c00u + 4u * ((n) / 16))
#define D_IROUTER(n)	(0x6000u + 8u * (n))
#define R_TYPER_LO	0x0008u
#define R_TYPER_HI	0x000cu
#define R_WAKER		0x0014u
#define SGI(r)		(0x10000u + (r))
#define RD_BYTES	0x20000u

#define NCPU		2u
#define LINES		64u		/* TYPER.ITLinesNumber 1 */
#define SPI_LEVEL	40u
#define SPI_EDGE	41u
#define PPI_TIMER	27u
#define SPI_NMI		42u
#define PPI_PMU		23u
#define MPIDR1		0x100u		/* CPU 1 is Aff1 1, Aff0 0: not its number */

static unsigned int level_calls, edge_calls, timer_calls, nmi_calls, nmi_in_nmi;
/* Run in the level line's handler when set. */
static void (*level_hook)(void);

/* A redistributor wakes as soon as it is told to. */
static void redist_after(struct fake_file *f, const struct fake_acc *a)
{
	if (a->op == 'W' && a->off % RD_BYTES == R_WAKER)
		fake_put(f, a->off + 0, a->val & ~4u);
}

static struct fake_file dist = { .bytes = 0x10000 };
static struct fake_file redist = { .bytes = NCPU * RD_BYTES, .after = redist_after };
static struct gicv3 *g;

/* How many accesses of @op in @space at @off the log holds. */
static unsigned int count(char op, unsigned int space, uint32_t off)
{
	unsigned int n = 0;

	for (unsigned int i = 0; i < fake_nr_acc; i++)
		n += fake_log[i].op == op && fake_log[i].space == space && fake_log[i].off == off;
	return n;
}

static void deliver(uint32_t intid)
{
	fake_icc_push(intid);
	port_irq_disable();
	gicv3_handle(g, NULL);
	port_irq_enable();
}

/* The same through the entry for pseudo-NMIs, the CPU interface running
 * the event at priority @rpr; PSTATE.I set, as the exception entry sets
 * it, and set again when the entry returns. */
static void deliver_pseudo_nmi(uint32_t intid, uint32_t rpr)
{
	fake_icc_push(intid);
	fake_icc_rpr = rpr;
	fake_cpu_irq_masked = true;
	port_irq_disable();
	gicv3_handle_pseudo_nmi(g, NULL);
	port_irq_enable();
	CHECK(fake_cpu_irq_masked);
	fake_icc_rpr = 0xff;
}

static irqreturn_t on_level(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	level_calls++;
	if (level_hook)
		level_hook();
	return IRQ_HANDLED;
}

static irqreturn_t on_edge(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	edge_calls++;
	return IRQ_HANDLED;
}

static irqreturn_t on_timer(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	timer_calls++;
	return IRQ_HANDLED;
}

static irqreturn_t on_nmi(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	nmi_calls++;
	nmi_in_nmi += in_nmi();
	return IRQ_HANDLED;
}

/* The priority byte of INTID @n in the register file @f at @base. */
static unsigned int prio_of(struct fake_file *f, uint32_t base, unsigned int n)
{
	return (fake_peek(f, base + D_IPRIORITYR(n)) >> (8 * (n % 4))) & 0xffu;
}

/* What the CPU interface and PSTATE.I were while the level handler ran. */
static uint64_t level_pmr;
static bool level_masked;

/*
 * The handler sees its mask, then does what the aarch64 port's softirq
 * run from irq_exit() does under priority masking: local interrupts on
 * (PMR open), then off again (PMR at "off", PSTATE.I left clear).
 */
static void level_in_window(void)
{
	level_pmr = fake_icc_pmr;
	level_masked = fake_cpu_irq_masked;
	fake_icc_write(FAKE_ICC_PMR, 0xf0);
	fake_icc_write(FAKE_ICC_PMR, 0x60);
}

/* Pseudo-NMIs: refused until the port masks by priority; then the line's
 * priority is GICV3_PRIO_NMI, and an event the CPU interface runs at that
 * priority is taken as an NMI. */
static void check_pseudo_nmi(struct fake_file *dist, struct fake_file *redist, void *cookie)
{
	static struct { char c[16]; } pmu[2];
	int nmi = gicv3_map(g, SPI_NMI, IRQ_TYPE_EDGE_RISING);
	int ppi = gicv3_map(g, PPI_PMU, 0);

	CHECK(nmi >= 0 && ppi >= 0);
	CHECK(request_nmi((unsigned int)nmi, on_nmi, IRQF_NO_AUTOEN, "nmi", cookie) == -EINVAL);
	CHECK(prio_of(dist, 0, SPI_NMI) == 0xa0);
	gicv3_enable_pseudo_nmi(g);
	CHECK(request_nmi((unsigned int)nmi, on_nmi, IRQF_NO_AUTOEN, "nmi", cookie) == 0);
	CHECK(prio_of(dist, 0, SPI_NMI) == 0x20);
	enable_nmi((unsigned int)nmi);
	CHECK(fake_log_has('W', dist->index, D_ISENABLER(SPI_NMI), 1u << (SPI_NMI % 32)));
	fake_nr_acc = 0;
	deliver_pseudo_nmi(SPI_NMI, 0x20);
	CHECK(nmi_calls == 1 && nmi_in_nmi == 1);
	LOG_IS({ 'R', FAKE_ICC_IAR1, SPI_NMI, FAKE_MSR }, { 'R', FAKE_ICC_RPR, 0x20, FAKE_MSR },
	       { 'W', FAKE_ICC_EOIR1, SPI_NMI, FAKE_MSR });
	/*
	 * An ordinary line through the same entry: its own flow, run with the
	 * ordinary priorities masked (PMR 0x60: only the NMI's 0x20 passes)
	 * and PSTATE.I clear, so an NMI can interrupt the handler; on the way
	 * out PSTATE.I set, then the interrupted context's PMR (0xf0) back,
	 * whatever the handler's softirqs left there.
	 */
	level_hook = level_in_window;
	deliver_pseudo_nmi(SPI_LEVEL, 0xa0);
	level_hook = NULL;
	CHECK(level_calls == 2 && nmi_calls == 1);
	CHECK(level_pmr == 0x60 && !level_masked);
	CHECK(fake_icc_pmr == 0xf0);
	LOG_IS({ 'R', FAKE_ICC_IAR1, SPI_LEVEL, FAKE_MSR }, { 'R', FAKE_ICC_RPR, 0xa0, FAKE_MSR },
	       { 'R', FAKE_ICC_PMR, 0xf0, FAKE_MSR }, { 'W', FAKE_ICC_PMR, 0x60, FAKE_MSR },
	       { 'W', FAKE_DAIFCLR_I, 0, FAKE_MSR },
	       { 'W', FAKE_ICC_PMR, 0xf0, FAKE_MSR }, { 'W', FAKE_ICC_PMR, 0x60, FAKE_MSR },
	       { 'W', FAKE_ICC_EOIR1, SPI_LEVEL, FAKE_MSR },
	       { 'W', FAKE_DAIFSET_I, 0, FAKE_MSR }, { 'W', FAKE_ICC_PMR, 0xf0, FAKE_MSR });
	/* An NMI where local interrupts were off (PMR 0x60): the NMI's path
	 * leaves the PMR and PSTATE.I alone. */
	fake_icc_pmr = 0x60;
	deliver_pseudo_nmi(SPI_NMI, 0x20);
	CHECK(nmi_calls == 2 && fake_icc_pmr == 0x60);
	LOG_IS({ 'R', FAKE_ICC_IAR1, SPI_NMI, FAKE_MSR }, { 'R', FAKE_ICC_RPR, 0x20, FAKE_MSR },
	       { 'W', FAKE_ICC_EOIR1, SPI_NMI, FAKE_MSR });
	fake_icc_pmr = 0xf0;
	disable_nmi_nosync((unsigned int)nmi);
	CHECK(free_nmi((unsigned int)nmi, cookie) != NULL);
	CHECK(prio_of(dist, 0, SPI_NMI) == 0xa0);

	/* A per-CPU NMI: each CPU's prepare writes its own redistributor. */
	CHECK(request_percpu_nmi((unsigned int)ppi, on_nmi, "pmu", pmu) == 0);
	sim_cpu_switch(1);
	CHECK(prepare_percpu_nmi((unsigned int)ppi) == 0);
	sim_cpu_switch(0);
	CHECK(prio_of(redist, RD_BYTES + SGI(0), PPI_PMU) == 0x20);
	CHECK(prio_of(redist, SGI(0), PPI_PMU) == 0xa0);
	sim_cpu_switch(1);
	teardown_percpu_nmi((unsigned int)ppi);
	sim_cpu_switch(0);
	CHECK(prio_of(redist, RD_BYTES + SGI(0), PPI_PMU) == 0xa0);
	CHECK(free_percpu_nmi((unsigned int)ppi, pmu) == 0);
}

int main(void)
{
	struct gicv3_config cfg = { .nr_cpus = NCPU, .mpidr = { 0, MPIDR1 } };
	unsigned int di, ri, calls;
	struct irq_cpumask cpu1;
	int level, edge, timer;

	if (sim_init(NCPU, 64) != 0)
		return 1;
	fake_file_map(&dist);
	fake_file_map(&redist);
	di = dist.index;
	ri = redist.index;
	fake_poke(&dist, D_TYPER, LINES / 32 - 1);
	fake_poke(&redist, R_TYPER_HI, 0);
	fake_poke(&redist, RD_BYTES + R_TYPER_HI, MPIDR1);
	fake_poke(&redist, RD_BYTES + R_TYPER_LO, 1u << 4);	/* Last */
	fake_poke(&redist, R_WAKER, 6);
	fake_poke(&redist, RD_BYTES + R_WAKER, 6);
	cfg.dist = (uintptr_t)dist.regs;
	cfg.redist = (uintptr_t)redist.regs;

	/* Set-up: off, every SPI Group 1 and routed to MPIDR 0, then on with
	 * affinity routing (ARE) and Group 1. */
	g = gicv3_create(&cfg);
	CHECK(g != NULL);
	CHECK(fake_peek(&dist, D_CTLR) == 0x12);
	CHECK(fake_peek(&dist, D_IGROUPR(32)) == ~0u);
	CHECK(fake_peek(&dist, D_ICENABLER(32)) == ~0u);
	CHECK(fake_peek(&dist, D_IROUTER(SPI_LEVEL)) == 0 && count('W', di, D_IROUTER(63)) == 1);
	CHECK(fake_peek(&dist, D_IPRIORITYR(SPI_LEVEL)) == 0xa0a0a0a0u);
	fake_nr_acc = 0;

	/* CPU 0's interface: redistributor awake, CPU interface opened. */
	gicv3_cpu_init(g);
	CHECK(fake_log_has('W', ri, R_WAKER, 4));
	CHECK(fake_log_has('W', ri, SGI(0x80), ~0u));
	CHECK(fake_log_has('W', FAKE_MSR, FAKE_ICC_PMR, 0xf0));
	CHECK(fake_log_has('W', FAKE_MSR, FAKE_ICC_IGRPEN1, 1));
	CHECK(count('W', ri, RD_BYTES + R_WAKER) == 0);	/* not CPU 1's */
	sim_cpu_switch(1);
	gicv3_cpu_init(g);
	sim_cpu_switch(0);
	CHECK(fake_log_has('W', ri, RD_BYTES + R_WAKER, 4));
	fake_nr_acc = 0;

	/* Lines: level and edge in ICFGR, out of range refused. */
	CHECK(gicv3_map(g, LINES, IRQ_TYPE_LEVEL_HIGH) == -EINVAL);
	CHECK(gicv3_map(g, SPI_LEVEL, IRQ_TYPE_LEVEL_LOW) < 0);
	level = gicv3_map(g, SPI_LEVEL, IRQ_TYPE_LEVEL_HIGH);
	edge = gicv3_map(g, SPI_EDGE, IRQ_TYPE_EDGE_RISING);
	CHECK(level >= 0 && edge >= 0);
	CHECK(((fake_peek(&dist, D_ICFGR(SPI_LEVEL)) >> (2 * (SPI_LEVEL % 16))) & 3) == 0x0);
	CHECK(((fake_peek(&dist, D_ICFGR(SPI_EDGE)) >> (2 * (SPI_EDGE % 16))) & 3) == 0x2);
	CHECK(request_irq((unsigned int)level, on_level, 0, "level", &cfg) == 0);
	CHECK(request_irq((unsigned int)edge, on_edge, 0, "edge", &cfg) == 0);
	CHECK(fake_log_has('W', di, D_ISENABLER(SPI_LEVEL), 1u << (SPI_LEVEL % 32)));
	CHECK(fake_log_has('W', di, D_ISENABLER(SPI_EDGE), 1u << (SPI_EDGE % 32)));
	fake_nr_acc = 0;

	/* One event: acknowledge, the handler, the end with its INTID. */
	deliver(SPI_LEVEL);
	CHECK(level_calls == 1);
	LOG_IS({ 'R', FAKE_ICC_IAR1, SPI_LEVEL, FAKE_MSR }, { 'W', FAKE_ICC_EOIR1, SPI_LEVEL, FAKE_MSR });

	/* INTID 1023: counted, not dispatched, not ended. */
	deliver(1023);
	CHECK(irq_spurious_count(0) == 1 && level_calls == 1);
	LOG_IS({ 'R', FAKE_ICC_IAR1, 1023, FAKE_MSR });

	/* Affinity: the router holds CPU 1's MPIDR, not its number. */
	cpumask_clear(&cpu1);
	cpumask_set_cpu(1, &cpu1);
	CHECK(irq_set_affinity((unsigned int)level, &cpu1) == 0);
	CHECK(fake_peek(&dist, D_IROUTER(SPI_LEVEL)) == MPIDR1);
	CHECK(fake_peek(&dist, D_IROUTER(SPI_LEVEL) + 4) == 0);
	fake_nr_acc = 0;

	/* Edge replay: an event while disabled is masked and ended, and
	 * enable_irq makes the GIC send it again (ISPENDR). */
	disable_irq((unsigned int)edge);
	deliver(SPI_EDGE);
	CHECK(edge_calls == 0);
	CHECK(fake_log_has('W', FAKE_MSR, FAKE_ICC_EOIR1, SPI_EDGE));
	enable_irq((unsigned int)edge);
	CHECK(fake_log_has('W', di, D_ISPENDR(SPI_EDGE), 1u << (SPI_EDGE % 32)));
	fake_nr_acc = 0;

	/* A per-CPU line: enabled in both redistributors, ended per event. */
	timer = gicv3_map(g, PPI_TIMER, 0);
	CHECK(timer >= 0);
	/* Its trigger, as the device tree gives it: each CPU's GICR_ICFGR1. */
	CHECK(irq_set_irq_type((unsigned int)timer, IRQ_TYPE_EDGE_RISING) == 0);
	CHECK(((fake_peek(&redist, SGI(0x0c04)) >> (2 * (PPI_TIMER % 16))) & 3) == 0x2);
	CHECK(((fake_peek(&redist, RD_BYTES + SGI(0x0c04)) >> (2 * (PPI_TIMER % 16))) & 3) == 0x2);
	CHECK(irq_set_irq_type((unsigned int)timer, IRQ_TYPE_LEVEL_HIGH) == 0);
	CHECK(((fake_peek(&redist, SGI(0x0c04)) >> (2 * (PPI_TIMER % 16))) & 3) == 0x0);
	CHECK(((fake_peek(&redist, RD_BYTES + SGI(0x0c04)) >> (2 * (PPI_TIMER % 16))) & 3) == 0x0);
	CHECK(irq_get_irq_data((unsigned int)timer)->trigger == IRQ_TYPE_LEVEL_HIGH);
	CHECK(irq_set_irq_type((unsigned int)timer, IRQ_TYPE_LEVEL_LOW) < 0);
	CHECK(irq_get_irq_data((unsigned int)timer)->trigger == IRQ_TYPE_LEVEL_HIGH);
	CHECK(request_irq((unsigned int)timer, on_timer, IRQF_PERCPU, "timer", &cfg) == 0);
	CHECK(fake_log_has('W', ri, SGI(0x100), 1u << PPI_TIMER));
	CHECK(fake_log_has('W', ri, RD_BYTES + SGI(0x100), 1u << PPI_TIMER));
	CHECK(gicv3_set_priority(g, PPI_TIMER, 0x80) == 0);
	CHECK((fake_peek(&redist, RD_BYTES + SGI(0x400 + 24)) >> 24) == 0x80);
	fake_nr_acc = 0;
	sim_cpu_switch(1);
	deliver(PPI_TIMER);
	sim_cpu_switch(0);
	CHECK(timer_calls == 1 && irq_stat_cpu((unsigned int)timer, 1) == 1);
	LOG_IS({ 'R', FAKE_ICC_IAR1, PPI_TIMER, FAKE_MSR }, { 'W', FAKE_ICC_EOIR1, PPI_TIMER, FAKE_MSR });

	/* SGI 3 to CPU 1: Aff1 1 in bits 23:16, target list bit 0, INTID in 27:24. */
	gicv3_send_sgi(g, 1, 3);
	CHECK(fake_icc_sgi1r == ((3ull << 24) | (1ull << 16) | 1ull));
	gicv3_send_sgi(g, 2, 3);	/* no such CPU: nothing */
	LOG_IS({ 'W', FAKE_ICC_SGI1R, (uint32_t)((3u << 24) | (1u << 16) | 1u), FAKE_MSR });

	/* Controller state: each read and write goes to its bank, exactly. */
	{
		uint32_t bit = 1u << (SPI_EDGE % 32);
		bool st = false;

		fake_nr_acc = 0;
		fake_poke(&dist, D_ISPENDR(SPI_EDGE), bit);
		CHECK(irq_get_irqchip_state((unsigned int)edge, IRQCHIP_STATE_PENDING, &st) == 0 && st);
		LOG_IS({ 'R', D_ISPENDR(SPI_EDGE), bit, di });
		CHECK(irq_set_irqchip_state((unsigned int)edge, IRQCHIP_STATE_PENDING, false) == 0);
		LOG_IS({ 'W', D_ICPENDR(SPI_EDGE), bit, di });
		CHECK(irq_set_irqchip_state((unsigned int)edge, IRQCHIP_STATE_PENDING, true) == 0);
		LOG_IS({ 'W', D_ISPENDR(SPI_EDGE), bit, di });
		fake_poke(&dist, D_ISACTIVER(SPI_EDGE), 0);
		CHECK(irq_get_irqchip_state((unsigned int)edge, IRQCHIP_STATE_ACTIVE, &st) == 0 && !st);
		LOG_IS({ 'R', D_ISACTIVER(SPI_EDGE), 0, di });
		CHECK(irq_set_irqchip_state((unsigned int)edge, IRQCHIP_STATE_ACTIVE, true) == 0);
		CHECK(irq_set_irqchip_state((unsigned int)edge, IRQCHIP_STATE_ACTIVE, false) == 0);
		LOG_IS({ 'W', D_ISACTIVER(SPI_EDGE), bit, di }, { 'W', D_ICACTIVER(SPI_EDGE), bit, di });
		fake_poke(&dist, D_ISENABLER(SPI_EDGE), bit);
		CHECK(irq_get_irqchip_state((unsigned int)edge, IRQCHIP_STATE_MASKED, &st) == 0 && !st);
		LOG_IS({ 'R', D_ISENABLER(SPI_EDGE), bit, di });
		/* Masked through the driver's mask: clear-enable, then RWP polled. */
		CHECK(irq_set_irqchip_state((unsigned int)edge, IRQCHIP_STATE_MASKED, true) == 0);
		LOG_IS({ 'W', D_ICENABLER(SPI_EDGE), bit, di }, { 'R', D_CTLR, fake_peek(&dist, D_CTLR), di });
		CHECK(irq_set_irqchip_state((unsigned int)edge, IRQCHIP_STATE_MASKED, false) == 0);
		LOG_IS({ 'W', D_ISENABLER(SPI_EDGE), bit, di });
		/* A wake line: nothing to program, an enabled line wakes wfi. */
		CHECK(enable_irq_wake((unsigned int)edge) == 0);
		CHECK(disable_irq_wake((unsigned int)edge) == 0);
		LOG_EMPTY();
		/* A per-CPU line: the calling CPU's redistributor; masked is refused. */
		sim_cpu_switch(1);
		CHECK(irq_set_irqchip_state((unsigned int)timer, IRQCHIP_STATE_PENDING, true) == 0);
		CHECK(irq_set_irqchip_state((unsigned int)timer, IRQCHIP_STATE_MASKED, true) == -EINVAL);
		sim_cpu_switch(0);
		LOG_IS({ 'W', RD_BYTES + SGI(0x200), 1u << PPI_TIMER, ri });
	}

	/* An unmapped INTID is counted by the core and still ended. */
	deliver(50);
	CHECK(irq_error_count() == 1);
	LOG_IS({ 'R', FAKE_ICC_IAR1, 50, FAKE_MSR }, { 'W', FAKE_ICC_EOIR1, 50, FAKE_MSR });

	/* A line freed and disposed: its slot in the domain's table is
	 * empty, so its event runs nothing, is counted and still ended; an
	 * INTID past the distributor's lines goes by the domain lookup, the same. */
	calls = edge_calls;
	free_irq((unsigned int)edge, &cfg);
	CHECK(irq_dispose_mapping((unsigned int)edge) == 0);
	fake_nr_acc = 0;
	deliver(SPI_EDGE);
	CHECK(irq_error_count() == 2 && edge_calls == calls);
	LOG_IS({ 'R', FAKE_ICC_IAR1, SPI_EDGE, FAKE_MSR }, { 'W', FAKE_ICC_EOIR1, SPI_EDGE, FAKE_MSR });
	deliver(LINES + 3);
	CHECK(irq_error_count() == 3);
	LOG_IS({ 'R', FAKE_ICC_IAR1, LINES + 3, FAKE_MSR }, { 'W', FAKE_ICC_EOIR1, LINES + 3, FAKE_MSR });

	check_pseudo_nmi(&dist, &redist, &cfg);

	return fake_report("gicv3 host test");
}

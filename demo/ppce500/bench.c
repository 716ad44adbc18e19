// SPDX-License-Identifier: MIT
/*
 * bench.c - the `bench` shell command (make bench-ppc): instructions
 * from a trigger to the handler and back, through genirq and through a
 * bare floor, under -icount shift=0.
 *
 * Trigger: an IPI this CPU sends itself through the generic IPI API (a
 * reservation of this CPU alone, ipi_send_single(): one of the MPIC's
 * IPIs). Both paths take the external-input exception (IVOR4), boot.S's
 * exc_common and irq.c's external() (hardirq stack, guard-word check);
 * only the C called there differs: genirq's mpic_handle() (IACK, this
 * CPU's line of the IPI, irq_handle_domain_entry(), the per-CPU flow of
 * the reservation's line, one handler, EOI) or
 * bare() (timebase, IACK, EOI; it keeps IACK's answer, one store, to
 * prove afterwards that nothing else came in). The kernel's device
 * lines are masked and the task priority keeps out all but IPIs.
 *
 * Counter: under -icount shift=0 the virtual clock is 1 ns per
 * instruction, and the timebase (400 MHz: dt timebase-frequency) reads
 * floor(2 * ns / 5), so one tick is 2.5 instructions. Each figure is
 * the sum of five runs whose start lies at each of the five positions
 * of x mod 5 (x: the instruction count), and over those five the tick
 * deltas add up to exactly twice the instructions (for any integer x,
 * the sum over k = 0..4 of floor((2x + 2k) / 5) is 2x + 2): exact
 * instruction counts, not rounded to 2.5.
 */
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/ipi.h>
#include <genirq/irq.h>
#include <genirq/chip/mpic.h>
#include <genirq/port.h>

#include "demo.h"
#include "ppce500.h"
#include "shell.h"

#define BENCH_PRIO	9		/* task priority: only IPIs (10) get through */
#define PHASES		5		/* instructions per 2 timebase ticks */
#define CAL_LOOP	1000		/* calibration: bdnz iterations */
#define CAL_INSNS	(CAL_LOOP + 2)	/* ... plus mtctr and the second read */

/* Written by the handler or bare(): the timebase there, and bare()'s IACK. */
static volatile struct {
	uint32_t	in;
	irq_hw_number_t	hw;
} bench;

static inline uint32_t tbl(void)
{
	uint32_t v;

	__asm__ __volatile__("mfspr %0, %1" : "=r"(v) : "i"(SPRN_TBL_R) : "memory");
	return v;
}

/*
 * Five back-to-back timebase reads at instructions x .. x+4 step by 0 or
 * 1 tick each; the 4-bit pattern of steps is one of five, one per
 * x mod 5. x mod 5 for each pattern, plus one (0: not a pattern of
 * shift=0, e.g. steps of 3 or 4 ticks at shift=3).
 */
static const uint8_t x_mod5[16] = { [2] = 1, [4] = 4, [5] = 2, [9] = 5, [10] = 3 };

/* pads[k][pattern]: the padding that puts the next start at (k + c) mod 5. */
static uint8_t pads[PHASES][16];

/*
 * Find x mod 5, then spin pad[pattern] more instructions: nothing here
 * branches on data, so the caller's next instruction is at a known
 * phase. Return: the pattern, for the caller to check afterwards.
 */
static unsigned int tb_phase(const uint8_t *pad)
{
	uint32_t t[5], n;
	unsigned int pattern;

	__asm__ __volatile__("mfspr %0, %5\n\tmfspr %1, %5\n\tmfspr %2, %5\n\t"
			     "mfspr %3, %5\n\tmfspr %4, %5"
			     : "=&r"(t[0]), "=&r"(t[1]), "=&r"(t[2]), "=&r"(t[3]), "=&r"(t[4])
			     : "i"(SPRN_TBL_R));
	pattern = (t[1] - t[0]) << 3 | (t[2] - t[1]) << 2 | (t[3] - t[2]) << 1 | (t[4] - t[3]);
	n = pad[pattern & 15u] + 1u;
	__asm__ __volatile__("mtctr %0\n1:\tbdnz 1b" : "+r"(n) :: "ctr", "memory");
	return pattern;
}

static void pads_init(void)
{
	for (unsigned int k = 0; k < PHASES; k++)
		for (unsigned int p = 0; p < 16; p++)
			pads[k][p] = x_mod5[p] ? (uint8_t)((k + PHASES + 1u - x_mod5[p]) % PHASES) : 0;
}

static bool phase_ok(unsigned int pattern)
{
	return pattern < 16 && x_mod5[pattern];
}

/* Ticks over the five phases of a known stretch: CAL_INSNS exactly, doubled. */
static uint32_t calibrate(bool *ok)
{
	uint32_t sum = 0;

	*ok = true;
	for (unsigned int k = 0; k < PHASES; k++) {
		uint32_t a, b, n = CAL_LOOP;
		unsigned int pattern = tb_phase(pads[k]);

		__asm__ __volatile__("mfspr %0, %3\n\tmtctr %2\n1:\tbdnz 1b\n\tmfspr %1, %3"
				     : "=&r"(a), "=&r"(b), "+r"(n) : "i"(SPRN_TBL_R) : "ctr");
		sum += b - a;
		*ok = *ok && phase_ok(pattern);
	}
	return sum;
}

struct figures {
	uint32_t	to, back;	/* ticks summed over the phases */
	bool		ok;		/* every start at its phase */
	bool		alone;		/* bare(): the IPI was the last IACK each time */
};

/* Five self-IPIs on reservation @base, one per phase (after one to warm up the path). */
static struct figures self_ipi(unsigned int base)
{
	int n = mpic_ipi_number(demo.pic, irq_get_irq_data(base)->hwirq);
	irq_hw_number_t ipi = mpic_ipi_hwirq(demo.pic, (unsigned int)n);	/* its vector */
	unsigned int cpu = port_cpu_id();
	struct figures f = { 0, 0, true, true };

	ipi_send_single(base, cpu);
	for (unsigned int k = 0; k < PHASES; k++) {
		unsigned int pattern;
		uint32_t t0, t2;

		bench.hw = MPIC_SPURIOUS;
		pattern = tb_phase(pads[k]);
		t0 = tbl();
		ipi_send_single(base, cpu);
		t2 = tbl();
		f.to += bench.in - t0;
		f.back += t2 - bench.in;
		f.ok = f.ok && phase_ok(pattern);
		f.alone = f.alone && bench.hw == ipi;
	}
	return f;
}

static irqreturn_t bench_handler(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	bench.in = tbl();
	return IRQ_HANDLED;
}

/* The floor: no genirq at all. */
static void bare(void *regs)
{
	(void)regs;
	bench.in = tbl();
	bench.hw = mpic_iack(demo.pic);		/* checked after the run */
	mpic_eoi_cpu(demo.pic);
}

/*
 * The kernel's device lines are masked for the runs: QEMU's MPIC keeps
 * an event below the task priority "raised", and each EOI then offers
 * the CPU an interrupt whose IACK answers spurious (an input byte during
 * the runs did this).
 */
static void quiet(bool on)
{
	const int lines[] = { demo.uart_irq, demo.timer_irq, demo.edu_irq };

	for (unsigned int i = 0; i < GENIRQ_ARRAY_SIZE(lines); i++) {
		if (lines[i] < 0)
			continue;
		if (on)
			disable_irq((unsigned int)lines[i]);
		else
			enable_irq((unsigned int)lines[i]);
	}
}

/*
 * Both paths, with nothing but the IPI on this CPU. Return: genirq took
 * each IPI once and no spurious vector, and bare()'s last IACK was the
 * IPI each time (in QEMU an event left pending is offered after an EOI).
 */
static bool run(unsigned int irq, struct figures *g, struct figures *b)
{
	unsigned int cpu = port_cpu_id();
	unsigned long spurious = irq_spurious_count(cpu), count = irq_stat_cpu(irq, cpu), flags;
	bool alone;

	quiet(true);
	flags = port_irq_save();
	mpic_set_cpu_priority(demo.pic, BENCH_PRIO);
	port_irq_enable();
	*g = self_ipi(irq);
	port_irq_disable();
	alone = irq_stat_cpu(irq, cpu) - count == PHASES + 1 &&
		irq_spurious_count(cpu) == spurious;
	ppc_irq_set_dispatch(bare);
	port_irq_enable();
	*b = self_ipi(irq);
	port_irq_disable();
	ppc_irq_set_dispatch(NULL);
	mpic_set_cpu_priority(demo.pic, 0);
	port_irq_restore(flags);
	quiet(false);
	return alone && b->alone;
}

int cmd_bench(struct shell *s, int argc, char **argv)
{
	static int irq = -1;
	struct figures g, b;
	uint32_t cal;
	bool ok, clean;

	(void)argv;
	if (argc != 1)
		return -EINVAL;
	pads_init();
	cal = calibrate(&ok);
	if (!ok || cal != 2 * CAL_INSNS) {
		shell_printf(s, "error: bench: %u instructions read %u ticks over %u phases, want %u "
			     "(run under -icount shift=0,sleep=off)\n", CAL_INSNS, cal, PHASES,
			     2 * CAL_INSNS);
		return 0;
	}
	if (irq < 0) {		/* kept for the next run */
		struct irq_cpumask self;

		cpumask_clear(&self);
		cpumask_set_cpu(port_cpu_id(), &self);
		irq = irq_reserve_ipi(mpic_domain(demo.pic), &self);
	}
	if (irq < 0 || request_irq((unsigned int)irq, bench_handler, IRQF_PERCPU, "bench-ipi", pads)) {
		shell_printf(s, "error: bench: no IPI reservation (%d)\n", irq);
		return 0;
	}
	clean = run((unsigned int)irq, &g, &b);
	free_irq((unsigned int)irq, pads);
	if (!clean) {
		shell_printf(s, "error: bench: another interrupt came in during the runs\n");
		return 0;
	}
	if (!g.ok || !b.ok || (g.to | g.back | b.to | b.back) & 1u) {
		shell_printf(s, "error: bench: a run did not start at its timebase phase\n");
		return 0;
	}
	shell_printf(s, "bench: timebase %u Hz: 1 tick = 2.5 instructions under -icount shift=0; "
		     "each figure sums %u runs at the %u instruction phases of 2 ticks, so it is "
		     "exact (calibration: %u instructions measured as %u)\n",
		     TB_HZ, PHASES, PHASES, CAL_INSNS, cal / 2);
	shell_printf(s, "guest-bench: self-IPI to the handler and back: genirq %u %u, bare %u %u "
		     "(instructions under -icount shift=0)\n", g.to / 2, g.back / 2, b.to / 2, b.back / 2);
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * bench.c - the cost of one dispatch in instructions (make bench-aarch64,
 * kernel argument "bench", QEMU -icount shift=0,sleep=off, GICv3, one CPU).
 *
 * One trigger, two ends. The trigger is a self-IPI: SGI 0 through
 * ICC_SGI1R_EL1, taken right after the write. Both ends come through the
 * same vector, register save and test of aarch64_irq_hook (boot.S); then
 *  - genirq: the hardirq stack, gicv3_handle() (ICC_IAR1_EL1), the domain
 *    lookup, handle_percpu_irq() (eoi = ICC_EOIR1_EL1), one handler with
 *    default flags, irq_exit;
 *  - bare: bare_irq() below (aarch64_irq_hook), and nothing else.
 * A second trigger, with the same two ends: an MSI, the edu's write of its
 * event to the ITS, which makes LPI 8192 pending; genirq's end is then
 * gicv3_handle() -> the ITS domain -> handle_fasteoi_irq() of ITS-PCI-MSI.
 *
 * The counter is the PMU's cycle counter, which QEMU runs at 1 GHz of
 * virtual time; under -icount shift=0 virtual time is one nanosecond per
 * instruction, so a cycle is an instruction (the generic timer's 62.5 MHz
 * would be 16 instructions a tick).
 */
#include <genirq/interrupt.h>
#include <genirq/irq.h>

#include "scenario.h"
#include "demo.h"

#define PMCR_E		1u		/* counters on */
#define PMCNTEN_C	(1u << 31)	/* the cycle counter */
#define PMCCFILTR_EL1_ONLY	0	/* count at EL1 (and EL0) */
#define MSI_WAIT_MS	5		/* a lost message, not a slow one (ticks are 10 ms) */

static volatile uint64_t bare_at, handler_at;

static inline uint64_t cycles(void)
{
	uint64_t c;

	__asm__ __volatile__("isb; mrs %0, pmccntr_el0" : "=r"(c) :: "memory");
	return c;
}

/* The floor: take the counter, acknowledge, end. GICv3 only. */
static void bare_irq(void)
{
	uint64_t intid;

	bare_at = cycles();
	__asm__ __volatile__("mrs %0, S3_0_C12_C12_0; msr S3_0_C12_C12_1, %0; isb"
			     : "=r"(intid) :: "memory");
}

static irqreturn_t bench_handler(int irq, void *dev)
{
	handler_at = cycles();
	(void)irq;
	(void)dev;
	return IRQ_HANDLED;
}

static void tick_edge(void)
{
	unsigned int cpu = port_cpu_id();
	unsigned long tick = aarch64_ticks(cpu);

	while (aarch64_ticks(cpu) == tick)
		port_cpu_relax();
}

/*
 * Raise the self-IPI once to warm up, then once measured; *@in is the
 * count the handler took. Starts on a tick edge so that no tick (10 ms
 * away) falls inside the window. @hook (the bare end, or NULL) is in
 * place only around each IPI: the tick is a GIC interrupt too, which the
 * bare end would take and not re-arm. Return: the two spans, or false if
 * the handler did not run between the stamps.
 */
static bool self_ipi(volatile uint64_t *in, void (*hook)(void), uint64_t span[2])
{
	unsigned int cpu = port_cpu_id();
	uint64_t t0, t2;

	tick_edge();
	aarch64_irq_hook = hook;
	aarch64_send_ipi(cpu);
	aarch64_irq_hook = NULL;
	*in = 0;
	tick_edge();
	aarch64_irq_hook = hook;
	t0 = cycles();
	aarch64_send_ipi(cpu);
	t2 = cycles();
	aarch64_irq_hook = NULL;
	if (*in < t0 || *in > t2) {
		aarch64_printf("guest-bench: stamp %lu outside the window %lu..%lu\n",
			       (unsigned long)*in, (unsigned long)t0, (unsigned long)t2);
		return false;
	}
	span[0] = *in - t0;
	span[1] = t2 - *in;
	return true;
}

/* As self_ipi(), the trigger the edu's MSI; "back" includes the wait for
 * the stamp (the write may complete before the interrupt is taken). */
static bool one_msi(const struct edu *e, volatile uint64_t *in, void (*hook)(void),
		    uint64_t span[2])
{
	uint64_t t0 = 0, t2 = 0;

	for (unsigned int i = 0; i < 2; i++) {		/* a warm-up, then the measure */
		uint64_t end;

		*in = 0;
		tick_edge();
		end = aarch64_cntvct() + aarch64_ms_to_cnt(MSI_WAIT_MS);
		aarch64_irq_hook = hook;
		t0 = cycles();
		edu_raise(e, 1);
		while (*in == 0 && aarch64_cntvct() < end)
			port_cpu_relax();
		t2 = cycles();
		aarch64_irq_hook = NULL;
	}
	if (*in < t0 || *in > t2)
		return false;
	span[0] = *in - t0;
	span[1] = t2 - *in;
	return true;
}

/* The MSI through the ITS, genirq then bare. */
static void msi_bench(struct scenario_tally *t)
{
	static struct edu e;
	uint64_t g[2] = { 0, 0 }, b[2] = { 0, 0 };
	bool g_ok, b_ok;
	unsigned long seen;
	int irq = virt_msi_open(&e, bench_handler, (void *)&handler_at);

	if (irq < 0) {
		scenario_fail(t, "guest-bench", "MSI: the edu's vector through the ITS: %d", irq);
		return;
	}
	seen = irq_stat_cpu((unsigned int)irq, port_cpu_id());
	g_ok = one_msi(&e, &handler_at, NULL, g);
	seen = irq_stat_cpu((unsigned int)irq, port_cpu_id()) - seen;
	b_ok = one_msi(&e, &bare_at, bare_irq, b);
	virt_msi_close(irq, (void *)&handler_at);
	if (!g_ok || !b_ok || seen != 2) {
		scenario_fail(t, "guest-bench", "MSI: stamp inside the window: genirq %d, bare %d; "
			      "events counted by genirq %lu (want 2)", g_ok, b_ok, seen);
		return;
	}
	aarch64_printf("guest-bench: MSI (edu -> ITS -> LPI, GICv3) to the handler and back: "
		       "genirq %llu %llu, bare %llu %llu (instructions under -icount shift=0)\n",
		       (unsigned long long)g[0], (unsigned long long)g[1],
		       (unsigned long long)b[0], (unsigned long long)b[1]);
}

void virt_bench(struct scenario_tally *t, int ipi_irq, irq_handler_t handler, void *dev)
{
	unsigned int irq = (unsigned int)ipi_irq;
	unsigned long seen;
	uint64_t g[2] = { 0, 0 }, b[2] = { 0, 0 };
	bool g_ok, b_ok;
	int err, restored;

	if (machine.gic_version != 3) {
		scenario_skip(t, "guest-bench", "the bare stub speaks GICv3 only (gic-version=3)");
		return;
	}
	__asm__ __volatile__("msr pmccfiltr_el0, %0; msr pmcntenset_el0, %1; msr pmcr_el0, %2; isb"
			     : : "r"((uint64_t)PMCCFILTR_EL1_ONLY), "r"((uint64_t)PMCNTEN_C),
			       "r"((uint64_t)PMCR_E) : "memory");
	/* The bare end first, while the IPI's line is still enabled: freeing
	 * the line's last handler masks it at the GIC (so the handler swap
	 * below, alike in pseries' and virt-riscv's bench.c, is not shared). */
	b_ok = self_ipi(&bare_at, bare_irq, b);
	seen = irq_stat_cpu(irq, port_cpu_id());
	free_irq(irq, dev);
	err = request_irq(irq, bench_handler, IRQF_PERCPU, "bench-ipi", (void *)&handler_at);
	g_ok = err == 0 && self_ipi(&handler_at, NULL, g);
	if (err == 0)
		free_irq(irq, (void *)&handler_at);
	seen = irq_stat_cpu(irq, port_cpu_id()) - seen;
	restored = request_irq(irq, handler, IRQF_PERCPU, "IPI", dev);
	if (err == 0)
		err = restored;

	if (!g_ok || !b_ok || seen != 2 || err) {
		scenario_fail(t, "guest-bench", "handler stamp inside the window: genirq %d, "
			      "bare %d; IPIs counted by genirq %lu (want 2); request_irq %d",
			      g_ok, b_ok, seen, err);
		return;
	}
	aarch64_printf("guest-bench: self-IPI (SGI 0, GICv3) to the handler and back: genirq "
		       "%llu %llu, bare %llu %llu (instructions under -icount shift=0)\n",
		       (unsigned long long)g[0], (unsigned long long)g[1],
		       (unsigned long long)b[0], (unsigned long long)b[1]);
	msi_bench(t);
	scenario_pass(t, "guest-bench", "in PMU cycles (one per instruction at shift=0): to the "
		      "handler %llu (genirq) vs %llu (bare), back %llu vs %llu",
		      (unsigned long long)g[0], (unsigned long long)b[0], (unsigned long long)g[1],
		      (unsigned long long)b[1]);
}

// SPDX-License-Identifier: MIT
/*
 * bench.c - the cost of one dispatch in instructions (make bench-riscv64,
 * kernel argument "bench", QEMU -icount shift=0,sleep=off, one hart).
 *
 * One trigger, two ends. The trigger is a self-IPI: SBI send_ipi to this
 * hart (OpenSBI sets its own MSIP, takes that in M-mode and sets our
 * sip.SSIP), taken as the supervisor software interrupt on the return
 * from the ecall. Both ends come through the same trap entry (boot.S)
 * up to its test of riscv64_ipi_hook; then
 *  - genirq: the hardirq stack switch, irq_handle_entry(),
 *    handle_percpu_irq() with the IPI chip (ack = clear sip.SSIP), one
 *    handler with default flags, irq_exit;
 *  - bare: bare_ipi() below (riscv64_ipi_hook), and nothing else.
 *
 * The counter is instret, which QEMU derives from icount: exact, and
 * counting OpenSBI's M-mode instructions too. So the same is measured
 * once more with the hart setting its own sip.SSIP (allowed in S-mode):
 * no firmware on the way, only the two ends.
 */
#include <genirq/interrupt.h>
#include <genirq/irq.h>

#include "scenario.h"
#include "demo.h"

#define SIP_SSIP	0x2UL

static volatile uint64_t bare_at, handler_at;

static inline uint64_t rdinstret(void)
{
	return csr_read(instret);
}

/* The floor: take the counter, withdraw the IPI. */
static void bare_ipi(void)
{
	bare_at = rdinstret();
	csr_clear(sip, SIP_SSIP);
}

static irqreturn_t bench_handler(int irq, void *dev)
{
	handler_at = rdinstret();
	(void)irq;
	(void)dev;
	return IRQ_HANDLED;
}

static void ipi_by_sbi(void)
{
	sbi_send_ipi(port_cpu_id());
}

static void ipi_by_sip(void)
{
	csr_set(sip, SIP_SSIP);
}

/*
 * Raise the self-IPI once to warm up, then once measured; *@in is the
 * counter the handler took. Starts right after a timer tick so that no
 * tick (10 ms away) falls inside the window. Return: the two spans, or
 * false if the handler did not run between the stamps.
 */
static bool self_ipi(void (*raise)(void), volatile uint64_t *in, uint64_t span[2])
{
	unsigned int cpu = port_cpu_id();
	unsigned long tick;
	uint64_t t0, t2;

	raise();
	*in = 0;
	tick = riscv64_ticks(cpu);
	while (riscv64_ticks(cpu) == tick)
		port_cpu_relax();
	t0 = rdinstret();
	raise();
	t2 = rdinstret();
	if (*in < t0 || *in > t2)
		return false;
	span[0] = *in - t0;
	span[1] = t2 - *in;
	return true;
}

/* One trigger through genirq and through the floor. Return: 0, or -1 after a FAIL. */
static int measure(struct scenario_tally *t, const char *how, void (*raise)(void),
		   unsigned int irq, irq_handler_t handler, void *dev)
{
	unsigned long seen = irq_stat_cpu(irq, port_cpu_id());
	uint64_t g[2] = { 0, 0 }, b[2] = { 0, 0 };
	bool g_ok, b_ok;
	int err, restored;

	/* The handler swap is pseries' and virt's too, not shared: the ends
	 * around it, their order and their counter are each port's. */
	free_irq(irq, dev);
	err = request_irq(irq, bench_handler, IRQF_PERCPU, "bench-ipi", (void *)&handler_at);
	g_ok = err == 0 && self_ipi(raise, &handler_at, g);
	if (err == 0)
		free_irq(irq, (void *)&handler_at);
	seen = irq_stat_cpu(irq, port_cpu_id()) - seen;
	riscv64_ipi_hook = bare_ipi;
	b_ok = self_ipi(raise, &bare_at, b);
	riscv64_ipi_hook = NULL;
	restored = request_irq(irq, handler, IRQF_PERCPU, "IPI", dev);
	if (err == 0)
		err = restored;
	if (!g_ok || !b_ok || seen != 2 || err) {
		scenario_fail(t, "guest-bench", "%s: handler stamp inside the window: genirq %d, "
			      "bare %d; IPIs counted by genirq %lu (want 2); request_irq %d",
			      how, g_ok, b_ok, seen, err);
		return -1;
	}
	riscv64_printf("guest-bench: self-IPI (%s) to the handler and back: genirq %llu %llu, "
		       "bare %llu %llu (instructions, instret under -icount shift=0)\n", how,
		       (unsigned long long)g[0], (unsigned long long)g[1],
		       (unsigned long long)b[0], (unsigned long long)b[1]);
	return 0;
}

void virt_bench(struct scenario_tally *t, int ipi_irq, irq_handler_t handler, void *dev)
{
	unsigned int irq = (unsigned int)ipi_irq;

	/* The hart's own trigger first: it is the port's figure (bench.py). */
	if (measure(t, "sip.SSIP set by the hart", ipi_by_sip, irq, handler, dev) == 0 &&
	    measure(t, "SBI send_ipi", ipi_by_sbi, irq, handler, dev) == 0)
		scenario_pass(t, "guest-bench", "both triggers: the handler's stamp inside the "
			      "window, 2 IPIs counted by genirq each");
}

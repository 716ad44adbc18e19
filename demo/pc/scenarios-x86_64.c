// SPDX-License-Identifier: MIT
/*
 * scenarios.c - the x86_64 kernel's scenarios that depend on its machine:
 * the APIC spurious vector, and with two CPUs or more affinity-move,
 * free-vs-running and ipi-pingpong; plus the dispatch instruction count.
 */
#include <stdatomic.h>
#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/ipi.h>
#include <genirq/irq.h>
#include <genirq/chip/ioapic.h>
#include <genirq/chip/x86_vector.h>
#include <genirq/chip/lapic.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "scenario.h"
#include "demo.h"
#include "x86_64.h"

void x86_64_msi_scenarios(struct scenario_tally *t, struct edu *edus, unsigned int nr_edu);
void x86_64_msi_bench(struct edu *e);

#define PINGS		1000u
#define SLOW_HANDLER_MS	50

#define IOAPIC_REGSEL	0x00
#define IOAPIC_WIN	0x10
#define IOAPIC_REDIR(pin)	(0x10u + 2u * (pin))
#define IOAPIC_MASKED	(1u << 16)

const char x86_chip_name[] = "IO-APIC";

/* Word @hi of the line's redirection entry, read with interrupts off (the
 * select/window pair is shared with the controller's driver). */
static uint32_t rte_word(unsigned int irq, unsigned int hi)
{
	uintptr_t base = x86_64_mach.ioapic_base ? x86_64_mach.ioapic_base : IOAPIC_PHYS_BASE;
	unsigned int pin = (unsigned int)irq_get_irq_data(irq)->hwirq;
	unsigned long flags = port_irq_save();
	uint32_t v;

	x86_mmio_write32(base + IOAPIC_REGSEL, IOAPIC_REDIR(pin) + hi);
	v = x86_mmio_read32(base + IOAPIC_WIN);
	port_irq_restore(flags);
	return v;
}

/* Bit 16 of the line's redirection entry. */
int x86_chip_masked(unsigned int irq)
{
	return !!(rte_word(irq, 0) & IOAPIC_MASKED);
}

static void sc_spurious(struct scenario_tally *t)
{
	unsigned long spu0 = irq_spurious_count(port_cpu_id()), err0 = irq_error_count();

	/* A genuine APIC spurious delivery cannot be provoked under TCG. */
	__asm__ __volatile__("int $0xff");
	if (irq_spurious_count(port_cpu_id()) == spu0 + 1 && irq_error_count() == err0)
		scenario_pass(t, "spurious-vector", "APIC spurious vector 0xff (by int $0xff) counted in SPU, not dispatched, no EOI");
	else
		scenario_fail(t, "spurious-vector", "SPU +%lu (want 1), ERR +%lu (want 0)",
			      irq_spurious_count(port_cpu_id()) - spu0, irq_error_count() - err0);
}

static int proc_write(const char *path, const char *text)
{
	size_t n = 0;

	while (text[n])
		n++;
	return irq_proc_write(path, text, n);
}

static void sc_affinity(struct scenario_tally *t)
{
	const char *name = "affinity-move";
	unsigned int irq = x86_isa_irq(0);
	char path[48], list[16], eff[16], eff_before[16];
	unsigned long c0, c1, d0, d1;
	unsigned int cpu0 = 0, vec0 = 0, cpu1 = 0, vec1 = 0, free0, rte_vec, rte_dest;
	int err, bad;

	x86_vector_target(x86_64_vectors, irq, &cpu0, &vec0);
	free0 = x86_vector_free_count(x86_64_vectors, cpu0);
	irq_snprintf(path, sizeof(path), "/proc/irq/%u/smp_affinity", irq);
	err = proc_write(path, "2");
	/* An edge pin moves from its next event: until then it still goes to CPU0. */
	irq_snprintf(path, sizeof(path), "/proc/irq/%u/effective_affinity_list", irq);
	irq_proc_read(path, eff_before, sizeof(eff_before));
	x86_wait_ticks(1);		/* that tick's end moves the entry */
	c0 = irq_stat_cpu(irq, 0);
	c1 = irq_stat_cpu(irq, 1);
	x86_wait_ticks(10);		/* the PIT now ticks on CPU1 */
	d0 = irq_stat_cpu(irq, 0) - c0;
	d1 = irq_stat_cpu(irq, 1) - c1;
	/* The vector moved on the vector domain, the entry followed, the old one is back. */
	x86_vector_target(x86_64_vectors, irq, &cpu1, &vec1);
	rte_vec = rte_word(irq, 0) & 0xFFu;
	rte_dest = rte_word(irq, 1) >> 24;
	err = err ? err : x86_vector_free_count(x86_64_vectors, cpu0) == free0 + 1 ? 0 : -EBUSY;
	irq_snprintf(path, sizeof(path), "/proc/irq/%u/smp_affinity_list", irq);
	irq_proc_read(path, list, sizeof(list));
	irq_snprintf(path, sizeof(path), "/proc/irq/%u/effective_affinity_list", irq);
	irq_proc_read(path, eff, sizeof(eff));
	irq_snprintf(path, sizeof(path), "/proc/irq/%u/smp_affinity", irq);
	bad = proc_write(path, "80");	/* CPU 7: not online here */
	proc_write(path, "1");
	if (!err && d0 == 0 && d1 >= 10 && bad == -EINVAL && scenario_contains(list, "1\n") &&
	    scenario_contains(eff_before, "0\n") &&
	    scenario_contains(eff, "1\n") && cpu0 == 0 && cpu1 == 1 && rte_vec == vec1 &&
	    rte_dest == x86_64_mach.apic_id[1])
		scenario_pass(t, name, "timer irq %u moved to CPU1 at its next tick (effective CPU%u until then): CPU0 +%lu, CPU1 +%lu; vector CPU0 0x%x -> CPU1 0x%x (IO-APIC entry: vector 0x%x, dest APIC %u; CPU0's vector freed); list and effective agree; offline mask refused (%d)",
			      irq, (unsigned int)(eff_before[0] - '0'), d0, d1, vec0, vec1, rte_vec, rte_dest, bad);
	else
		scenario_fail(t, name, "irq %u: write %d, effective before the tick '%s', CPU0 +%lu (want 0), CPU1 +%lu (want >= 10), list '%s' effective '%s', offline mask %d (want %d), vector CPU%u 0x%x -> CPU%u 0x%x, entry 0x%x dest %u",
			      irq, err, eff_before, d0, d1, list, eff, bad, -EINVAL, cpu0, vec0, cpu1, vec1,
			      rte_vec, rte_dest);
}

static struct scenario_slow slow;
static volatile unsigned int slow_cpu;

static irqreturn_t slow_handler(int irq, void *dev)
{
	slow_cpu = port_cpu_id();
	scenario_slow_run(&slow, SLOW_HANDLER_MS);
	return edu_irq(irq, dev);
}

static void sc_free_vs_running(struct scenario_tally *t, struct edu *e)
{
	const char *name = "free-vs-running";
	struct irq_cpumask cpu1;
	bool running_at_sync, running_at_free, done_at_return, synced;
	int err;

	cpumask_clear(&cpu1);
	cpumask_set_cpu(1, &cpu1);
	err = request_irq(e->irq, slow_handler, IRQF_SHARED, "edu-slow", e);
	if (!err)
		err = irq_set_affinity(e->irq, &cpu1);
	if (err) {
		scenario_fail(t, name, "request/affinity irq %u: %d", e->irq, err);
		return;
	}
	/* synchronize_irq() first, then free_irq(): both must wait for CPU1. */
	scenario_slow_reset(&slow);
	edu_raise(e, 1);
	running_at_sync = scenario_slow_freeing(&slow);
	synchronize_irq(e->irq);
	synced = scenario_slow_done(&slow);
	scenario_slow_reset(&slow);
	edu_raise(e, 1);
	running_at_free = scenario_slow_freeing(&slow);
	free_irq(e->irq, e);
	done_at_return = scenario_slow_done(&slow);
	cpumask_clear(&cpu1);
	cpumask_set_cpu(0, &cpu1);
	irq_set_affinity(e->irq, &cpu1);
	if (slow_cpu == 1 && running_at_sync && running_at_free && done_at_return && synced)
		scenario_pass(t, name, "handler running on CPU1 for 50 ms: synchronize_irq and free_irq on CPU0 returned after it ended");
	else
		scenario_fail(t, name, "handler on CPU%u, running at synchronize_irq: %d, finished when it returned: %d; "
			      "running at free_irq: %d, finished when it returned: %d",
			      slow_cpu, running_at_sync, synced, running_at_free, done_at_return);
}

static atomic_uint pongs;

/* CPU1 answers each IPI with one to CPU0, which counts it. */
static void pingpong(unsigned int cpu)
{
	if (cpu == 1)
		ipi_send_single((unsigned int)x86_64_ipi_irq, 0);
	else if (cpu == 0)
		atomic_fetch_add(&pongs, 1u);
}

/* Through the generic IPI API: the port's IPI line, ipi_send_single(). */
static void sc_ipi(struct scenario_tally *t)
{
	int ipi = x86_64_ipi_irq;
	unsigned long n0, n1;

	if (ipi < 0) {
		scenario_fail(t, "ipi-pingpong", "no IPI line (%d)", ipi);
		return;
	}
	n0 = irq_stat_cpu((unsigned int)ipi, 0);
	n1 = irq_stat_cpu((unsigned int)ipi, 1);
	atomic_store(&pongs, 0u);
	x86_64_ipi_handler = pingpong;
	/* One in flight at a time: same-vector IPIs coalesce in the IRR. */
	for (unsigned int i = 0; i < PINGS; i++) {
		ipi_send_single((unsigned int)ipi, 1);
		while (atomic_load(&pongs) != i + 1)
			port_cpu_relax();
	}
	x86_64_ipi_handler = NULL;
	n0 = irq_stat_cpu((unsigned int)ipi, 0) - n0;
	n1 = irq_stat_cpu((unsigned int)ipi, 1) - n1;
	if (n0 == PINGS && n1 == PINGS)
		scenario_pass(t, "ipi-pingpong", "%u pings CPU0->CPU1 and %u pongs back through "
			      "ipi_send_single() (irq_reserve_ipi_line: irq %d, the LAPIC IPI "
			      "line), counts exact", PINGS, PINGS, ipi);
	else
		scenario_fail(t, "ipi-pingpong", "want %u each way, CPU1 took %lu, CPU0 took %lu", PINGS, n1, n0);
}

static volatile uint64_t bench_in;

static irqreturn_t bench_handler(int irq, void *dev)
{
	bench_in = x86_rdtsc();
	return edu_irq(irq, dev);
}

/* Under -icount shift=0 the TSC counts instructions: the dispatch cost. */
static void bench(struct edu *e)
{
	uint64_t t0, t2;

	if (request_irq(e->irq, bench_handler, IRQF_SHARED, "edu-bench", e))
		return;
	edu_raise(e, 1);		/* warm up */
	t0 = x86_rdtsc();
	edu_raise(e, 1);
	t2 = x86_rdtsc();
	free_irq(e->irq, e);
	irq_log("dispatch: %llu TSC from the raising store to the handler, %llu back to the interrupted code (instructions under -icount shift=0)",
		(unsigned long long)(bench_in - t0), (unsigned long long)(t2 - bench_in));
}

static irqreturn_t bench_thread(int irq, void *dev)
{
	bench_in = x86_rdtsc();
	return edu_irq(irq, dev);
}

/*
 * The same raise to a thread function: a NULL primary with IRQF_ONESHOT
 * (the line masked, the thread queued on this CPU), the interrupt's
 * return, then the core's runner as an idle loop calls it right after.
 */
static void bench_threaded(struct edu *e)
{
	uint64_t t0;

	if (request_threaded_irq(e->irq, NULL, bench_thread, IRQF_ONESHOT, "edu-bench-thread", e))
		return;
	edu_raise(e, 1);		/* warm up */
	irq_threads_run();
	t0 = x86_rdtsc();
	edu_raise(e, 1);
	irq_threads_run();
	free_irq(e->irq, e);
	irq_log("thread-dispatch: %llu TSC from the raising store to the thread function (IRQF_ONESHOT, NULL primary, irq_threads_run() right after the store; instructions under -icount shift=0)",
		(unsigned long long)(bench_in - t0));
}

/* The bench line's controller: the local APIC's end of interrupt only. */
static void bench_eoi(struct irq_data *d)
{
	(void)d;
	lapic_eoi();
}

static const struct irq_chip bench_chip = {
	.name	= "bench-ipi",
	.eoi	= bench_eoi,
};

static irqreturn_t bench_ipi_handler(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	bench_in = x86_rdtsc();
	return IRQ_HANDLED;
}

/* Send @vector to this CPU; *@in is the TSC its handler saw. */
static void self_ipi(unsigned int vector, volatile uint64_t *in, uint64_t *to, uint64_t *back)
{
	unsigned int self = x86_64_mach.apic_id[port_cpu_id()];
	uint64_t t0, t2;

	lapic_send_vector(self, vector);	/* warm up */
	t0 = x86_rdtsc();
	lapic_send_vector(self, vector);
	t2 = x86_rdtsc();
	*to = *in - t0;
	*back = t2 - *in;
}

/* The floor: its own entry (bare-x86_64.S), no genirq at all. */
static volatile uint64_t bench_bare_tsc;
void bench_bare_entry(void);
void bench_bare_irq(void);

void bench_bare_irq(void)
{
	bench_bare_tsc = x86_rdtsc();
	lapic_eoi();
}

/*
 * The same trigger (a self-IPI) into genirq (fasteoi line, one handler,
 * default flags) and into a bare vector whose C code only takes the TSC
 * and sends the EOI: the kit's stub and common_irq, and an entry of the
 * vector's own that saves the same registers (bare-x86_64.S).
 */
static void bench_ipi(void)
{
	static struct irq_domain *d;
	uint64_t gto, gback, bto, bback;
	int irq;

	d = d ? d : irq_domain_create_linear("bench-ipi", 1, &bench_chip, NULL);
	irq = d ? irq_create_mapping(d, 0) : -1;
	if (irq < 0 || request_irq((unsigned int)irq, bench_ipi_handler, 0, "bench-ipi", (void *)&bench_chip))
		return;
	x86_64_vector_bind(X86_64_VECTOR_BENCH, d, 0);
	self_ipi(X86_64_VECTOR_BENCH, &bench_in, &gto, &gback);
	x86_64_vector_bind(X86_64_VECTOR_BENCH, NULL, 0);
	free_irq((unsigned int)irq, (void *)&bench_chip);
	x86_64_idt_set(X86_64_VECTOR_BARE, bench_bare_entry);
	self_ipi(X86_64_VECTOR_BARE, &bench_bare_tsc, &bto, &bback);
	x86_64_idt_set(X86_64_VECTOR_BARE, NULL);
	irq_log("guest-bench: self-IPI to the handler and back: genirq %llu %llu, bare %llu %llu (instructions under -icount shift=0)",
		(unsigned long long)gto, (unsigned long long)gback,
		(unsigned long long)bto, (unsigned long long)bback);
}

void x86_port_scenarios(struct scenario_tally *t, struct edu *edus, unsigned int nr_edu)
{
	sc_spurious(t);
	if (nr_edu && !t->quiet) {	/* make bench-x86_64 */
		bench(&edus[0]);
		bench_threaded(&edus[0]);
		x86_64_msi_bench(&edus[0]);
	}
	if (!t->quiet)
		bench_ipi();
	if (port_nr_cpus() < 2) {
		scenario_skip(t, "affinity-move", "uniprocessor machine (port_nr_cpus() = 1)");
		scenario_skip(t, "free-vs-running", "uniprocessor machine (port_nr_cpus() = 1)");
		scenario_skip(t, "ipi-pingpong", "uniprocessor machine (port_nr_cpus() = 1)");
		return;
	}
	sc_affinity(t);
	if (nr_edu)
		sc_free_vs_running(t, &edus[0]);
	else
		scenario_skip(t, "free-vs-running", "no edu PCI device (add -device edu)");
	sc_ipi(t);
	x86_64_msi_scenarios(t, edus, nr_edu);
}

// SPDX-License-Identifier: MIT
/*
 * scenarios.c - the i386 kernel's scenarios that depend on its machine:
 * spurious IRQ7/IRQ15 on the 8259 pair; the SMP ones are skipped; the
 * dispatch instruction count.
 */
#include <genirq/chip/i8259.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "i386.h"
#include "scenario.h"
#include "demo.h"

#define RTC_IRQ		8u
#define RTC_INDEX	0x70
#define RTC_DATA	0x71
#define RTC_REG_B	0x0B
#define RTC_REG_C	0x0C
#define RTC_PIE		0x40
#define BENCH_ISA_IRQ	5u	/* no device on ISA line 5 here */
#define RTC_WAIT_NS	1000000000ull	/* the RTC fires at 1024 Hz; a second is plenty */

unsigned int x86_isa_irq(unsigned int isa)
{
	return isa;
}

const char x86_chip_name[] = "8259 IMR";

int x86_chip_masked(unsigned int irq)
{
	unsigned int line = (unsigned int)irq_get_irq_data(irq)->hwirq;

	return (inb(line < 8 ? 0x21 : 0xA1) >> (line & 7)) & 1;
}

static unsigned int rtc_calls;

static irqreturn_t rtc_handler(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	rtc_calls++;
	return IRQ_HANDLED;
}

static void rtc_periodic(bool on)
{
	uint8_t b;

	outb(RTC_INDEX, RTC_REG_B);
	b = inb(RTC_DATA);
	outb(RTC_INDEX, RTC_REG_B);
	outb(RTC_DATA, on ? (uint8_t)(b | RTC_PIE) : (uint8_t)(b & ~RTC_PIE));
	outb(RTC_INDEX, RTC_REG_C);
	(void)inb(RTC_DATA);
}

/*
 * A genuine spurious IRQ15 (docs/i386.md): the RTC raises IRQ8 with
 * interrupts off, the slave passes it to the master's IRR2, then IRQ8 is
 * masked. On sti the master asks the slave, which has nothing: vector 15.
 */
static void sc_spurious(struct scenario_tally *t)
{
	const char *name = "spurious-vector";
	unsigned long spu0 = irq_spurious_count(0), n7 = irq_stat_total(7), n15 = irq_stat_total(15);
	unsigned long spu7, spu15;
	unsigned int calls;
	uint64_t t0;
	int err;

	__asm__ __volatile__("int $0x27");	/* IRQ7's vector, ISR bit 7 clear */
	spu7 = irq_spurious_count(0) - spu0;

	port_irq_disable();
	err = request_irq(RTC_IRQ, rtc_handler, 0, "rtc", &rtc_calls);
	if (err) {
		port_irq_enable();
		scenario_fail(t, name, "request_irq(8): %d", err);
		return;
	}
	rtc_calls = 0;
	rtc_periodic(true);
	t0 = x86_rdtsc();
	while (!(i8259_read_irr() & (1u << RTC_IRQ)) &&
	       x86_tsc_to_ns(x86_rdtsc() - t0) < RTC_WAIT_NS)
		port_cpu_relax();
	disable_irq_nosync(RTC_IRQ);
	port_irq_enable();
	__asm__ __volatile__("nop");
	port_irq_disable();
	spu15 = irq_spurious_count(0) - spu0 - spu7;
	calls = rtc_calls;
	rtc_periodic(false);
	port_irq_enable();
	enable_irq(RTC_IRQ);
	free_irq(RTC_IRQ, &rtc_calls);

	if (spu7 == 1 && spu15 == 1 && calls == 0 && irq_stat_total(7) == n7 &&
	    irq_stat_total(15) == n15)
		scenario_pass(t, name, "IRQ7 (int $0x27, ISR clear) and a genuine IRQ15 (RTC, slave masked) counted in SPU, not dispatched");
	else
		scenario_fail(t, name, "SPU +%lu for IRQ7, +%lu for IRQ15 (want 1, 1); rtc handler %u, irq7 +%lu, irq15 +%lu",
			      spu7, spu15, calls, irq_stat_total(7) - n7, irq_stat_total(15) - n15);
}

/* The bench line's controller: the 8259's end of interrupt only. */
static void bench_eoi(struct irq_data *d)
{
	(void)d;
	i386_pic_eoi();
}

static const struct irq_chip bench_chip = {
	.name	= "bench-int",
	.eoi	= bench_eoi,
};

static volatile uint64_t bench_in;
static struct irq_domain *bench_domain;

/* The software vectors of the bench: into genirq, and a bare floor. */
#define BENCH_VECTOR	(I386_VECTOR_SOFT + 0)
#define BARE_VECTOR	(I386_VECTOR_SOFT + 1)

static void bench_vector(struct i386_regs *regs)
{
	x86_handle_irq(bench_domain, 0, regs);
}

static void bare_vector(struct i386_regs *regs)
{
	(void)regs;
	bench_in = x86_rdtsc();		/* the floor: no genirq at all */
	i386_pic_eoi();
}

static irqreturn_t bench_handler(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	bench_in = x86_rdtsc();
	return IRQ_HANDLED;
}

/*
 * `int $vector` between two rdtsc in one asm block (nothing the compiler
 * could move in between): *to = TSC before the int -> the handler's rdtsc,
 * *back = the handler's rdtsc -> TSC after the iret. Interrupts stay off,
 * so no PIT tick lands inside; the int is served regardless.
 */
#define SOFT_INT(vector, in, to, back) do {					\
	uint32_t lo0_, hi0_, lo2_, hi2_;					\
	unsigned long flags_ = port_irq_save();					\
										\
	__asm__ __volatile__("rdtsc\n\tmov %%eax, %%esi\n\tmov %%edx, %%edi\n\t"	\
			     "int %4\n\trdtsc"					\
			     : "=a"(lo2_), "=d"(hi2_), "=S"(lo0_), "=D"(hi0_)	\
			     : "i"(vector) : "memory");				\
	port_irq_restore(flags_);						\
	*(to) = (in) - (((uint64_t)hi0_ << 32) | lo0_);				\
	*(back) = (((uint64_t)hi2_ << 32) | lo2_) - (in);			\
} while (0)

/* Does the TSC count instructions (-icount shift=0)? Ten nops must read 10 more. */
static bool tsc_counts_instructions(void)
{
	uint32_t a0, a1, b0, b1, d;

	__asm__ __volatile__("rdtsc\n\tmov %%eax, %%ecx\n\trdtsc"
			     : "=a"(a1), "=c"(a0), "=d"(d));
	__asm__ __volatile__("rdtsc\n\tmov %%eax, %%ecx\n\t"
			     ".rept 10\n\tnop\n\t.endr\n\trdtsc"
			     : "=a"(b1), "=c"(b0), "=d"(d));
	return (b1 - b0) - (a1 - a0) == 10;
}

/*
 * The same trigger (`int $n`, through the same stub and common entry
 * code) into genirq (fasteoi line, one handler, default flags, a chip
 * whose eoi is the 8259's) and into a bare vector whose C code only takes
 * the TSC and sends the same EOI. Then, for scale, a real XT-PIC line
 * (ISA 5, unused on this machine) entered the same way by `int $0x25`.
 */
static void bench_int(void)
{
	struct irq_domain *d = irq_domain_create_linear("bench-int", 1, &bench_chip, NULL);
	int irq = d ? irq_create_mapping(d, 0) : -1;
	uint64_t gto, gback, bto, bback, pto, pback, dummy;
	uint32_t eax = 1, ebx, ecx = 0, edx;

	__asm__ __volatile__("cpuid" : "+a"(eax), "=b"(ebx), "+c"(ecx), "=d"(edx));
	if (!(edx & (1u << 4))) {
		irq_log("guest-bench skipped: no TSC (CPUID.1:EDX bit 4 clear)");
		return;
	}
	if (!tsc_counts_instructions()) {
		irq_log("guest-bench skipped: the TSC does not count instructions (run under -icount shift=0)");
		return;
	}
	if (irq < 0 || request_irq((unsigned int)irq, bench_handler, 0, "bench-int", (void *)&bench_chip)) {
		irq_log("guest-bench skipped: no bench line (%d)", irq);
		return;
	}
	if (request_irq(BENCH_ISA_IRQ, bench_handler, 0, "bench-isa", (void *)&bench_chip)) {
		free_irq((unsigned int)irq, (void *)&bench_chip);
		irq_log("guest-bench skipped: ISA line %u busy", BENCH_ISA_IRQ);
		return;
	}
	bench_domain = d;
	i386_set_soft_vector(BENCH_VECTOR, bench_vector);
	i386_set_soft_vector(BARE_VECTOR, bare_vector);
	SOFT_INT(BENCH_VECTOR, bench_in, &dummy, &dummy);	/* warm up */
	SOFT_INT(BENCH_VECTOR, bench_in, &gto, &gback);
	i386_set_soft_vector(BENCH_VECTOR, NULL);
	SOFT_INT(I386_VECTOR_PIC + BENCH_ISA_IRQ, bench_in, &dummy, &dummy);
	SOFT_INT(I386_VECTOR_PIC + BENCH_ISA_IRQ, bench_in, &pto, &pback);
	free_irq(BENCH_ISA_IRQ, (void *)&bench_chip);
	free_irq((unsigned int)irq, (void *)&bench_chip);
	SOFT_INT(BARE_VECTOR, bench_in, &dummy, &dummy);
	SOFT_INT(BARE_VECTOR, bench_in, &bto, &bback);
	i386_set_soft_vector(BARE_VECTOR, NULL);
	irq_log("guest-bench: software interrupt (int $0x%x, bare $0x%x) to the handler and back: genirq %llu %llu, bare %llu %llu (instructions under -icount shift=0)",
		BENCH_VECTOR, BARE_VECTOR,
		(unsigned long long)gto, (unsigned long long)gback,
		(unsigned long long)bto, (unsigned long long)bback);
	irq_log("XT-PIC line %u (%s flow) by int $0x%x: %llu instructions to the handler, %llu back",
		BENCH_ISA_IRQ, irq_get_irq_data(BENCH_ISA_IRQ)->trigger & IRQ_TYPE_LEVEL_MASK ? "level" : "edge",
		I386_VECTOR_PIC + BENCH_ISA_IRQ, (unsigned long long)pto, (unsigned long long)pback);
}

void x86_nmi_scenario(struct scenario_tally *t)
{
	scenario_skip(t, "nmi", "the i386 kernel drives the 8259 only (no local APIC): no NMI IPI "
		      "to send, its NMI row counts NMIs alone");
}

void x86_port_scenarios(struct scenario_tally *t, struct edu *edus, unsigned int nr_edu)
{
	(void)edus;
	(void)nr_edu;
	sc_spurious(t);
	if (!t->quiet)
		bench_int();	/* make bench-i386 */
	scenario_skip(t, "affinity-move", "uniprocessor machine (port_nr_cpus() = %u)", port_nr_cpus());
	scenario_skip(t, "free-vs-running", "uniprocessor machine (port_nr_cpus() = %u)", port_nr_cpus());
	scenario_skip(t, "ipi-pingpong", "uniprocessor machine (port_nr_cpus() = %u)", port_nr_cpus());
	/* A message needs a local APIC to land in; this port drives the 8259 only. */
	scenario_skip(t, "msi", "no local APIC in the i386 port (8259 only): nothing receives a message");
	scenario_skip(t, "msix-spread", "no local APIC in the i386 port (8259 only), one CPU");
}

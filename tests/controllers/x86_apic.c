// SPDX-License-Identifier: MIT
/*
 * x86_apic.c - the x86 APIC machine in one piece on the host: the local
 * APIC a trapped fake at its own address (0xFEE00000, so UBSan only, as
 * the lapic test), whose ID register answers the APIC ID of the
 * simulated CPU that reads it; one I/O APIC of 24 pins a trapped fake
 * (IOREGSEL/IOWIN and its redirection table); the 8259 pair's port I/O
 * and the APIC base MSR logged (fake_x86_io.h).
 *
 * What is checked: each bad configuration refused with -EINVAL and a
 * report before any register is touched; a good one makes pins 0-23
 * lines 0-23 (ISA lines edge) and the local APIC's lines after them,
 * hidden from /proc/interrupts; the CPU number from the APIC ID (IDs
 * that are not the CPU numbers); a requested line's vector in the
 * matrix, written to its pin with CPU 0's APIC ID, dispatched by
 * x86_apic_handle() to its handler and ended with the local EOI; the
 * kernel's own vectors (below 32, the system call's) left to it;
 * spurious vectors (the APIC's, the 8259's) counted without EOI; a
 * matrix vector bound to nothing counted in ERR and ended; an edge
 * line moved to CPU 1 at its next event, then dispatched there on the
 * vector its pin now names, the old vector released by the cleanup
 * vector on CPU 0; a per-CPU timer line on both CPUs (LOC row).
 *
 * Run as `x86_apic madt`, the port's options instead: an override that
 * puts ISA line 0 on pin 2 (and line 2 on pin 0), one that makes line 9
 * level, the port's own entry (every bound vector through it; a slot
 * that empties inside it, before the core reads it, still ended with the
 * local EOI and counted in ERR), a fixed
 * vector of the port's bound on every CPU with x86_apic_bind().
 */
#include <stdio.h>
#include <string.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/chip/ioapic.h>
#include <genirq/chip/lapic.h>
#include <genirq/chip/x86_apic.h>
#include <genirq/irq.h>
#include <genirq/percpu_irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>
#include <genirq/sim.h>
#include "fakeregs.h"

#define LAPIC_ID	0x020u
#define LAPIC_EOI	0x0b0u
#define IOREGSEL	0x00u
#define IOWIN		0x10u
#define RTE_LO(p)	(0x10u + 2u * (p))
#define RTE_HI(p)	(0x11u + 2u * (p))
#define NR_PINS		24u
#define RTE_MASKED	(1u << 16)
#define APIC_ID(cpu)	(6u + (cpu))	/* not the CPU numbers */

/* A kernel like xv6: system call at 0x40, matrix above it. */
#define SYSCALL		0x40u
#define PIC_BASE	0x20u
#define FIRST		0x41u
#define LAST		0xDFu
#define CLEANUP		0xE0u

static const uint8_t ids[2] = { APIC_ID(0), APIC_ID(1) };
static uint32_t io_sel, io_lo[NR_PINS], io_hi[NR_PINS];

static void lapic_before_read(struct fake_file *f, uint32_t off)
{
	if (off == LAPIC_ID)
		fake_put(f, LAPIC_ID, APIC_ID(port_cpu_id()) << 24);
}

static struct fake_file lapic_file = {
	.bytes = 4096, .at = LAPIC_PHYS_BASE, .before_read = lapic_before_read,
};

static void io_before_read(struct fake_file *f, uint32_t off)
{
	uint32_t v = 0;

	if (off != IOWIN)
		return;
	if (io_sel == 1)
		v = (NR_PINS - 1) << 16 | 0x20u;
	else if (io_sel >= RTE_LO(0) && io_sel <= RTE_HI(NR_PINS - 1))
		v = (io_sel & 1) ? io_hi[(io_sel - RTE_LO(0)) / 2] : io_lo[(io_sel - RTE_LO(0)) / 2];
	fake_put(f, IOWIN, v);
}

static void io_after(struct fake_file *f, const struct fake_acc *a)
{
	(void)f;
	if (a->op != 'W')
		return;
	if (a->off == IOREGSEL)
		io_sel = a->val & 0xffu;
	else if (a->off == IOWIN && io_sel >= RTE_LO(0) && io_sel <= RTE_HI(NR_PINS - 1))
		*((io_sel & 1) ? &io_hi[(io_sel - RTE_LO(0)) / 2] : &io_lo[(io_sel - RTE_LO(0)) / 2]) = a->val;
}

static struct fake_file io_file = {
	.bytes = 4096, .before_read = io_before_read, .after = io_after,
};

/* The rows x86_apic_show_interrupts() adds to /proc/interrupts. */
static void rows(char *buf, size_t size)
{
	struct irq_text t;

	irq_text_init(&t, buf, size);
	x86_apic_show_interrupts(&t);
}

static bool madt;			/* the port's options (main's argument) */
static unsigned int isa_gsi[16] = { 2, 1, 0, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 };
static bool isa_level[16] = { [9] = true };
static unsigned int entry_calls, empty_in_entry;

/* The port's entry; with @empty_in_entry set, the vector's slot empties
 * first, as a line freed on another CPU between x86_apic_handle()'s peek
 * and the core's read of the slot. */
static int own_entry(struct irq_desc *const *slot, void *regs)
{
	entry_calls++;
	if (empty_in_entry)
		x86_apic_bind(empty_in_entry, NULL, 0);
	return irq_handle_desc_entry(slot, regs);
}

static struct x86_apic_config good(void)
{
	struct x86_apic_config c = {
		.ioapic_base = (uintptr_t)io_file.regs, .apic_ids = ids, .nr_cpus = 2,
		.pic_vector = PIC_BASE, .first_vector = FIRST, .last_vector = LAST,
		.cleanup_vector = CLEANUP,
	};

	if (madt) {
		c.isa_gsi = isa_gsi;
		c.isa_level = isa_level;
		c.entry = own_entry;
	}
	return c;
}

static unsigned int events[2], ticks[2];

static irqreturn_t device(int irq, void *dev)
{
	(void)irq;
	((unsigned int *)dev)[port_cpu_id()]++;
	return IRQ_HANDLED;
}

static irqreturn_t timer(int irq, void *dev)
{
	(void)irq;
	(*(unsigned int *)dev)++;
	return IRQ_HANDLED;
}

/* x86_apic_handle(@vector) on @cpu, interrupts off as at entry. */
static bool deliver(unsigned int cpu, unsigned int vector)
{
	unsigned long flags;
	bool taken;

	sim_cpu_switch(cpu);
	flags = port_irq_save();
	taken = x86_apic_handle(vector, NULL);
	port_irq_restore(flags);
	sim_cpu_switch(0);
	return taken;
}

static void log_clear(void)
{
	fake_nr_acc = 0;
}

static void pio_out(uint16_t port, uint32_t v, unsigned int bytes)
{
	(void)port, (void)v, (void)bytes;	/* the 8259s: logged only */
}

static uint64_t apic_base_msr = LAPIC_PHYS_BASE;

static uint64_t msr_read(uint32_t msr)
{
	return msr == 0x1bu ? apic_base_msr : 0;
}

static void msr_write(uint32_t msr, uint64_t v)
{
	if (msr == 0x1bu)
		apic_base_msr = v;
}

static bool eoi_logged(void)
{
	return fake_log_has('W', lapic_file.index, LAPIC_EOI, 0);
}

static void check_bad_configs(void)
{
	struct x86_apic_config bad[] = { good(), good(), good(), good(), good(), good(), good(), good() };

	bad[0].nr_cpus = 0;
	bad[1].nr_cpus = GENIRQ_NR_CPUS + 1;
	bad[2].first_vector = 0x2f;
	bad[3].last_vector = LAPIC_TIMER_VECTOR;	/* onto the local APIC's */
	bad[4].cleanup_vector = 0x80;		/* inside the matrix */
	bad[5].pic_vector = 0x10;		/* an exception's */
	bad[6].apic_ids = NULL;
	bad[7].first_vector = LAST + 1;		/* empty range */
	CHECK(x86_apic_init(NULL) == -EINVAL);
	for (unsigned int i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		sim_console_clear();
		CHECK(x86_apic_init(&bad[i]) == -EINVAL);
		CHECK(sim_console_contains("x86_apic: bad configuration"));
	}
	LOG_EMPTY();				/* nothing touched */
	CHECK(!x86_apic_handle(FIRST, NULL));	/* no machine yet */
}

static void check_init(void)
{
	struct x86_apic_config c = good();
	char buf[2048];

	CHECK(x86_apic_init(&c) == 0);
	for (unsigned int pin = 0; pin < NR_PINS; pin++) {
		CHECK(io_lo[pin] & RTE_MASKED);
		CHECK(irq_get_irq_data(pin) != NULL);
	}
	CHECK(irq_get_irq_data(4)->trigger == IRQ_TYPE_EDGE_RISING);
	CHECK(irq_get_irq_data(9)->trigger == (madt ? IRQ_TYPE_LEVEL_HIGH : IRQ_TYPE_EDGE_RISING));
	CHECK(irq_get_irq_data(0)->hwirq == (madt ? 2u : 0u));
	CHECK(irq_get_irq_data(2)->hwirq == (madt ? 0u : 2u));
	CHECK(irq_get_irq_data(5)->hwirq == 5u);
	for (unsigned int hw = 0; hw < LAPIC_NR_LINES; hw++)
		CHECK(x86_apic_lapic_irq(hw) >= (int)NR_PINS);
	CHECK(x86_apic_lapic_irq(LAPIC_NR_LINES) == -EINVAL);
	CHECK(irq_proc_read("/proc/interrupts", buf, sizeof(buf)) > 0);
	CHECK(!strstr(buf, "LAPIC"));		/* rows of their own instead: */
	rows(buf, sizeof(buf));
	CHECK(strstr(buf, "LOC:          0          0") && strstr(buf, "CAL:"));
	/* Linux x86's order: LOC, the core's SPU, CAL. */
	CHECK(strstr(buf, "SPU:") && strstr(buf, "LOC:") < strstr(buf, "SPU:") &&
	      strstr(buf, "SPU:") < strstr(buf, "CAL:"));
	CHECK(fake_log_has('W', FAKE_PIO, 0x21, 0xff));	/* the 8259s masked */
	log_clear();
	sim_cpu_switch(1);
	CHECK(x86_apic_cpu() == 1);
	sim_cpu_switch(0);
	CHECK(x86_apic_cpu() == 0);
	CHECK(fake_log_has('R', lapic_file.index, LAPIC_ID, APIC_ID(1) << 24));
	log_clear();				/* the set-up's accesses */
}

static void check_dispatch_and_move(void)
{
	struct irq_cpumask one;
	unsigned long spu = irq_spurious_count(0), err = irq_error_count();
	unsigned int vec, moved;

	CHECK(request_irq(4, device, 0, "uart", events) == 0);
	vec = io_lo[4] & 0xffu;
	CHECK(vec >= FIRST && vec <= LAST && !(io_lo[4] & RTE_MASKED));
	CHECK(io_hi[4] >> 24 == APIC_ID(0));
	log_clear();
	CHECK(deliver(0, vec) && events[0] == 1 && eoi_logged());
	log_clear();

	CHECK(!deliver(0, SYSCALL) && !deliver(0, 14));		/* the kernel's own */
	CHECK(deliver(0, LAPIC_SPURIOUS_VECTOR) && deliver(0, PIC_BASE + 7));
	CHECK(irq_spurious_count(0) == spu + 2 && !eoi_logged());
	CHECK(deliver(0, LAST) && irq_error_count() == err + 1 && eoi_logged());
	/* The line's vector number on the other CPU is that CPU's: nobody's. */
	CHECK(deliver(1, vec) && irq_error_count() == err + 2 && events[1] == 0);
	log_clear();

	cpumask_clear(&one);
	cpumask_set_cpu(1, &one);
	CHECK(irq_set_affinity(4, &one) == 0);
	CHECK((io_lo[4] & 0xffu) == vec);	/* an edge pin: moved at its next event */
	CHECK(deliver(0, vec) && events[0] == 2);
	moved = io_lo[4] & 0xffu;
	CHECK(io_hi[4] >> 24 == APIC_ID(1) && moved >= FIRST && moved <= LAST);
	CHECK(deliver(1, moved) && events[1] == 1);
	CHECK(deliver(0, CLEANUP));		/* CPU 0 lets the old vector go */
	err = irq_error_count();
	CHECK(deliver(0, vec) && irq_error_count() == err + 1 && events[0] == 2);
	free_irq(4, events);
	CHECK(entry_calls == (madt ? 3u : 0u));
}

/* ISA line 0 through its override's pin; a port's fixed vector. */
static void check_override_and_bind(void)
{
	unsigned int pin = madt ? 2 : 0, vec, before = events[0];

	CHECK(request_irq(0, device, 0, "timer0", events) == 0);
	vec = io_lo[pin] & 0xffu;
	CHECK(vec >= FIRST && vec <= LAST && !(io_lo[pin] & RTE_MASKED));
	CHECK(deliver(0, vec) && events[0] == before + 1);
	free_irq(0, events);
	CHECK(!deliver(1, 0xE5));			/* nobody's */
	x86_apic_bind(0xE5, irq_get_irq_data(0)->domain, irq_get_irq_data(0)->hwirq);
	CHECK(request_irq(0, device, 0, "timer0", events) == 0);
	CHECK(deliver(1, 0xE5) && events[1] == 2);	/* the same line, on every CPU */
	x86_apic_bind(0xE5, NULL, 0);
	CHECK(!deliver(1, 0xE5));
	free_irq(0, events);
}

static void check_percpu_timer(void)
{
	int irq = x86_apic_lapic_irq(LAPIC_TIMER);
	char buf[2048];

	CHECK(irq >= 0);
	CHECK(request_percpu_irq((unsigned int)irq, timer, "timer", ticks) == 0);
	for (unsigned int cpu = 0; cpu < 2; cpu++) {
		sim_cpu_switch(cpu);
		enable_percpu_irq((unsigned int)irq, IRQ_TYPE_NONE);
	}
	sim_cpu_switch(0);
	log_clear();
	CHECK(deliver(0, LAPIC_TIMER_VECTOR) && deliver(1, LAPIC_TIMER_VECTOR) &&
	      deliver(1, LAPIC_TIMER_VECTOR));
	CHECK(ticks[0] == 1 && ticks[1] == 2 && eoi_logged());
	rows(buf, sizeof(buf));
	CHECK(strstr(buf, "LOC:          1          2"));
}

/*
 * A vector whose slot empties after x86_apic_handle() saw it bound and
 * before the core reads it (the port's entry runs in that window): the
 * event is counted in ERR, no handler runs, and the local APIC still gets
 * its EOI, else the vector's priority class stays blocked on that CPU.
 */
static void check_slot_emptied_in_entry(void)
{
	const struct irq_data *d;
	unsigned long err = irq_error_count();
	unsigned int vec, before = events[0];

	if (!madt)
		return;			/* the window is the port's entry */
	CHECK(request_irq(5, device, 0, "lpt", events) == 0);
	vec = io_lo[5] & 0xffu;
	d = irq_get_irq_data(5);
	log_clear();
	empty_in_entry = vec;
	CHECK(deliver(0, vec));
	empty_in_entry = 0;
	CHECK(irq_error_count() == err + 1 && events[0] == before);
	LOG_IS({ 'W', LAPIC_EOI, 0, lapic_file.index });
	x86_apic_bind(vec, d->domain, d->hwirq);	/* bound again: the line works */
	log_clear();
	CHECK(deliver(0, vec) && events[0] == before + 1 && eoi_logged());
	free_irq(5, events);
}

int main(int argc, char **argv)
{
	madt = argc > 1 && strcmp(argv[1], "madt") == 0;
	fake_pio_out = pio_out;
	fake_msr_read = msr_read;
	fake_msr_write = msr_write;
	if (sim_init(2, 64) != 0)
		return 1;
	fake_file_map(&lapic_file);
	fake_file_map(&io_file);
	check_bad_configs();
	check_init();
	check_dispatch_and_move();
	check_override_and_bind();
	check_percpu_timer();
	check_slot_emptied_in_entry();
	return fake_report(madt ? "x86_apic host test (madt)" : "x86_apic host test");
}

// SPDX-License-Identifier: MIT
/*
 * x86_apic.c - the x86 APIC machine (see <genirq/chip/x86_apic.h>): the
 * vector domain's per-CPU vector table, the IO-APIC and local APIC lines
 * on it, and the entry from a vector.
 */
#include <genirq/chip/i8259.h>
#include <genirq/chip/ioapic.h>
#include <genirq/chip/lapic.h>
#include <genirq/chip/x86_apic.h>
#include <genirq/chip/x86_vector.h>
#include <genirq/compat.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#define NR_VECTORS	256u
#define FIRST_VECTOR	32u	/* below: the CPU's exceptions */
#define NR_ISA_LINES	16u

/*
 * Where (CPU, vector) goes: the line's descriptor, so that the entry needs
 * no domain lookup (irq_handle_desc_entry(), which reads the slot in
 * hardirq context). Written under the vector domain's lock (or at boot),
 * emptied before the line is freed (the vector domain unbinds at
 * deactivation), read by that CPU's entry.
 */
static struct irq_desc *slots[GENIRQ_NR_CPUS][NR_VECTORS];
static struct x86_apic_config cfg;
static struct x86_vector *vectors;
static struct irq_domain *lapic_domain;

unsigned int x86_apic_cpu(void)
{
	unsigned int id = lapic_id();

	for (unsigned int cpu = 0; cpu < cfg.nr_cpus; cpu++)
		if (cfg.apic_ids[cpu] == id)
			return cpu;
	return 0;
}

static unsigned int cpu_apic_id(unsigned int cpu)
{
	return cpu < cfg.nr_cpus ? cfg.apic_ids[cpu] : 0;
}

static void bind(unsigned int cpu, unsigned int vector, struct irq_domain *d, irq_hw_number_t hw)
{
	int irq = d ? irq_find_mapping(d, hw) : -ENOENT;

	if (cpu >= GENIRQ_NR_CPUS || vector >= NR_VECTORS || vector < FIRST_VECTOR)
		return;		/* exceptions stay the kernel's */
	__atomic_store_n(&slots[cpu][vector], irq < 0 ? NULL : irq_to_desc((unsigned int)irq),
			 __ATOMIC_RELEASE);
}

void x86_apic_bind(unsigned int vector, struct irq_domain *d, irq_hw_number_t hw)
{
	for (unsigned int cpu = 0; cpu < cfg.nr_cpus; cpu++)
		bind(cpu, vector, d, hw);
}

static void send_cleanup(unsigned int cpu)
{
	lapic_send_vector(cpu_apic_id(cpu), cfg.cleanup_vector);
}

static const struct x86_vector_ops vector_ops = {
	.cpu_apic_id	= cpu_apic_id,
	.bind		= bind,
	.send_cleanup	= send_cleanup,
	.send_vector	= lapic_send_vector,
	.vector_pending	= lapic_vector_pending,
	.local_eoi	= lapic_eoi,
};

static bool in_range(unsigned int v, unsigned int first, unsigned int last)
{
	return v >= first && v <= last;
}

/* Every vector where it may be, none on another's. */
static bool config_ok(const struct x86_apic_config *c)
{
	unsigned int pic_last = c->pic_vector + NR_ISA_LINES - 1;

	return c->apic_ids && c->nr_cpus && c->nr_cpus <= GENIRQ_NR_CPUS &&
	       c->first_vector >= FIRST_VECTOR && c->first_vector <= c->last_vector &&
	       c->last_vector < LAPIC_TIMER_VECTOR && c->pic_vector >= FIRST_VECTOR &&
	       pic_last < LAPIC_TIMER_VECTOR && c->cleanup_vector >= FIRST_VECTOR &&
	       c->cleanup_vector < LAPIC_TIMER_VECTOR &&
	       !in_range(c->cleanup_vector, c->first_vector, c->last_vector) &&
	       !in_range(c->cleanup_vector, c->pic_vector, pic_last) &&
	       !in_range(c->pic_vector, c->first_vector, c->last_vector) &&
	       !in_range(pic_last, c->first_vector, c->last_vector) &&
	       !in_range(c->first_vector, c->pic_vector, pic_last);
}

/* The local APIC's per-CPU lines, on the same vectors on every CPU. */
static int lapic_lines(void)
{
	lapic_domain = lapic_init();
	if (!lapic_domain)
		return -ENOMEM;
	for (unsigned int hw = 0; hw < LAPIC_NR_LINES; hw++) {
		x86_apic_bind(lapic_line_vector(hw), lapic_domain, hw);
		irq_set_proc_hidden((unsigned int)x86_apic_lapic_irq(hw), hw != LAPIC_ERROR);
	}
	return 0;
}

/*
 * ISA line n is global number n, on pin isa_gsi[n] (QEMU's MADT puts
 * ISA 0, the PIT, on pin 2): line n is pin n except where an override
 * swaps the pins of two lines; other pins keep their GSI numbers. Each
 * pin's line is made at its number through the hierarchy.
 */
static int map_pins(struct ioapic *io)
{
	unsigned int nr_pins = ioapic_nr_pins(io), line_of[IOAPIC_MAX_PINS];
	int ret = 0;

	for (unsigned int pin = 0; pin < nr_pins; pin++)
		line_of[pin] = pin;
	for (unsigned int isa = 0; cfg.isa_gsi && isa < NR_ISA_LINES && isa < nr_pins; isa++) {
		unsigned int pin = cfg.isa_gsi[isa];

		if (pin == isa || pin >= nr_pins || line_of[pin] != pin || line_of[isa] != isa)
			continue;	/* identity, off the chip, or moved already */
		line_of[pin] = isa;
		line_of[isa] = pin;
	}
	for (unsigned int pin = 0; pin < nr_pins && !ret; pin++) {
		int irq = ioapic_map_pin(io, pin, line_of[pin]);

		ret = irq < 0 ? irq : 0;
	}
	for (unsigned int isa = 0; isa < NR_ISA_LINES && isa < nr_pins && !ret; isa++)
		ret = irq_set_irq_type(isa, cfg.isa_level && cfg.isa_level[isa] ?
				       IRQ_TYPE_LEVEL_HIGH : IRQ_TYPE_EDGE_RISING);
	return ret;
}

int x86_apic_init(const struct x86_apic_config *c)
{
	struct ioapic *io;
	int ret;

	if (!c || !config_ok(c)) {
		irq_log("x86_apic: bad configuration (vectors overlap or out of range, or CPUs)");
		return -EINVAL;
	}
	cfg = *c;
	lapic_set_cpu_apic_ids(cfg.apic_ids, cfg.nr_cpus);
	i8259_disable(cfg.pic_vector);
	lapic_cpu_init();
	vectors = x86_vector_create(cfg.first_vector, cfg.last_vector,
				    cfg.last_vector - cfg.first_vector + 1, &vector_ops);
	if (!vectors)
		return -ENOMEM;
	io = ioapic_create(cfg.ioapic_base ? cfg.ioapic_base : IOAPIC_PHYS_BASE, 0,
			   x86_vector_domain(vectors));
	if (!io)
		return -ENOMEM;
	ret = map_pins(io);
	if (!ret)
		ret = lapic_lines();
	if (ret)
		irq_log("x86_apic: lines not made (%d)", ret);
	return ret;
}

void x86_apic_cpu_init(void)
{
	lapic_cpu_init();
}

bool x86_apic_handle(unsigned int vector, void *regs)
{
	unsigned int cpu = port_cpu_id_fast();
	struct irq_desc *const *slot = NULL;

	/*
	 * The fast path first: a bound vector (none below 32, bind() sees to
	 * it). The slot is only peeked at here; the entry reads it again in
	 * hardirq context (irq_handle_desc_entry()). Emptied in between, the
	 * entry counted the event (ERR) and ran no flow, so no chip ended
	 * it: the local APIC still holds it in service, and with it every
	 * vector of its priority class and below on this CPU.
	 */
	if (irq_likely(vector < NR_VECTORS && cpu < GENIRQ_NR_CPUS))
		slot = &slots[cpu][vector];
	if (irq_likely(slot && __atomic_load_n(slot, __ATOMIC_RELAXED))) {
		int ret = cfg.entry ? cfg.entry(slot, regs) : irq_handle_desc_entry(slot, regs);

		if (irq_unlikely(ret))
			lapic_eoi();
	} else if (vector < FIRST_VECTOR || !vectors) {
		return false;
	} else if (vector == cfg.cleanup_vector) {
		x86_vector_cleanup(vectors);
		lapic_eoi();
	} else if (vector == LAPIC_SPURIOUS_VECTOR ||
		   in_range(vector, cfg.pic_vector, cfg.pic_vector + NR_ISA_LINES - 1)) {
		irq_spurious_vector();		/* no EOI: nothing is in service */
	} else if (in_range(vector, cfg.first_vector, cfg.last_vector)) {
		irq_error_event();		/* released, yet delivered: still in service */
		lapic_eoi();
	} else {
		return false;
	}
	return true;
}

struct x86_vector *x86_apic_vectors(void)
{
	return vectors;
}

struct irq_domain *x86_apic_lapic_domain(void)
{
	return lapic_domain;
}

int x86_apic_lapic_irq(unsigned int hw)
{
	int irq = lapic_domain && hw < LAPIC_NR_LINES ? irq_find_mapping(lapic_domain, hw) : -1;

	return irq < 0 ? -EINVAL : irq;
}

static unsigned long lapic_count(unsigned int hw, unsigned int cpu)
{
	int irq = x86_apic_lapic_irq(hw);

	return irq < 0 ? 0 : irq_stat_cpu((unsigned int)irq, cpu);
}

static unsigned long local_timer_count(unsigned int cpu)
{
	return lapic_count(LAPIC_TIMER, cpu);
}

static unsigned long ipi_count(unsigned int cpu)
{
	return lapic_count(LAPIC_IPI, cpu);
}

void x86_apic_show_interrupts(struct irq_text *t)
{
	irq_proc_row(t, "LOC", local_timer_count, "Local timer interrupts");
	irq_proc_show_spurious(t);	/* Linux x86's order: NMI, LOC, SPU, ..., CAL */
	irq_proc_row(t, "CAL", ipi_count, "Function call interrupts");
}

// SPDX-License-Identifier: MIT
/*
 * irq.c - the x86_64 interrupt glue: the kit's APIC machine
 * (controllers/x86_apic.c) set up from the MADT, which common_irq
 * (entry.S) enters on this CPU's hardirq stack; the C ends of that entry
 * (a vector nobody owns, the slow path); the PCI-MSI domain.
 */
#include <genirq/chip/lapic.h>
#include <genirq/chip/x86_apic.h>
#include <genirq/chip/x86_vector.h>
#include <genirq/irq.h>
#include <genirq/msi.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "x86.h"
#include "x86_64.h"

struct irq_domain *x86_64_lapic_domain;
struct x86_vector *x86_64_vectors;
struct irq_domain *x86_64_msi_domain;

void x86_64_vector_bind(unsigned int vector, struct irq_domain *d, unsigned long hw)
{
	x86_apic_bind(vector, d, hw);
}

void x86_64_bad_vector(struct x86_64_regs *regs)
{
	irq_error_event();
	port_ack_bad_irq((unsigned int)regs->vector);
}

struct slow_call {
	unsigned int		vector;
	struct x86_64_regs	*regs;
};

static void dispatch(void *arg)
{
	struct slow_call *c = arg;

	/* a line's vector, the cleanup IPI, a spurious or stale vector */
	if (!x86_apic_handle(c->vector, c->regs))
		x86_64_bad_vector(c->regs);
}

/* common_irq's slow path: the dispatch where x86_irq_slow_call() runs it. */
void x86_64_irq_slow(unsigned int vector, struct x86_64_regs *regs)
{
	struct slow_call c = { vector, regs };

	x86_irq_slow_call(dispatch, &c);
}

/* Linux 2.6.9's ack_APIC_irq: a vector nobody owns still holds the local APIC. */
void port_ack_bad_irq(unsigned int irq)
{
	irq_log("unexpected IRQ trap at vector %02x", irq);
	lapic_eoi();
}

void x86_64_irq_cpu_init(unsigned int cpu)
{
	x86_irq_stacks_init(cpu);
	if (cpu)
		x86_apic_cpu_init();	/* the boot CPU's: in x86_apic_init() */
}

/* Linux's summary rows for what is not in its irq numbers on x86: NMIs,
 * and the local APIC's timer (LOC) and IPI (CAL), genirq lines hidden
 * from the numbered list; the APIC error line counts in the core's ERR row. */
void port_show_interrupts(struct irq_text *t)
{
	irq_proc_row(t, "NMI", x86_nmi_count, "Non-maskable interrupts");
	x86_apic_show_interrupts(t);
}

/*
 * The APIC machine from the MADT (<genirq/chip/x86_apic.h>): ISA lines
 * keep their ISA numbers on the pins the overrides name, the core runs
 * on this CPU's hardirq stack (common_irq, entry.S), and the PCI-MSI domain
 * stacks on the vector domain.
 */
void x86_64_irq_init(void)
{
	const struct x86_apic_config c = {
		.ioapic_base = x86_64_mach.ioapic_base, .apic_ids = x86_64_mach.apic_id,
		.nr_cpus = x86_64_mach.nr_cpus, .pic_vector = X86_64_VECTOR_PIC,
		.first_vector = X86_64_VECTOR_MATRIX_FIRST, .last_vector = X86_64_VECTOR_MATRIX_LAST,
		.cleanup_vector = X86_64_VECTOR_CLEANUP, .isa_gsi = x86_64_mach.isa_gsi,
		.isa_level = x86_64_mach.isa_level,
	};

	x86_64_irq_cpu_init(0);
	if (x86_apic_init(&c))
		return;		/* reported */
	x86_64_vectors = x86_apic_vectors();
	x86_64_lapic_domain = x86_apic_lapic_domain();
	x86_64_msi_domain = msi_create_irq_domain(x86_vector_domain(x86_64_vectors),
						  "PCI-MSI", MSI_PARENT_ACK);
}

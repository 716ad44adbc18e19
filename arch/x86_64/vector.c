// SPDX-License-Identifier: MIT
/*
 * vector.c - the x86_64 port's vector domain glue: per-CPU vector tables
 * for the lines whose vectors the matrix hands out (IO-APIC, MSI), the move
 * cleanup vector, and the PCI-MSI domain stacked on the vector domain.
 */
#include <genirq/chip/lapic.h>
#include <genirq/chip/x86_vector.h>
#include <genirq/msi.h>
#include <genirq/port.h>

#include "x86.h"
#include "x86_64.h"

struct cpu_vector {
	struct irq_domain	*domain;
	irq_hw_number_t		hw;
};

/* Written by the vector domain under its lock, read by this CPU's entry. */
static struct cpu_vector cpu_vectors[X86_64_MAX_CPUS][256];
struct x86_vector *x86_64_vectors;
struct irq_domain *x86_64_msi_domain;

static unsigned int cpu_apic_id(unsigned int cpu)
{
	return x86_64_mach.apic_id[cpu];
}

static void bind(unsigned int cpu, unsigned int vector, struct irq_domain *d, irq_hw_number_t hw)
{
	if (cpu >= X86_64_MAX_CPUS || vector > 255)
		return;
	cpu_vectors[cpu][vector].hw = hw;
	__atomic_store_n(&cpu_vectors[cpu][vector].domain, d, __ATOMIC_RELEASE);
}

static void send_cleanup(unsigned int cpu)
{
	lapic_send_vector(cpu_apic_id(cpu), X86_64_VECTOR_CLEANUP);
}

static const struct x86_vector_ops vector_ops = {
	.cpu_apic_id	= cpu_apic_id,
	.bind		= bind,
	.send_cleanup	= send_cleanup,
	.send_vector	= lapic_send_vector,
	.vector_pending	= lapic_vector_pending,
	.local_eoi	= lapic_eoi,
};

bool x86_64_cpu_vector(struct x86_64_regs *regs)
{
	unsigned int cpu = port_cpu_id();
	struct irq_domain *d;

	if (regs->vector == X86_64_VECTOR_CLEANUP) {
		if (x86_64_vectors)
			x86_vector_cleanup(x86_64_vectors);
		lapic_eoi();
		return true;
	}
	if (cpu >= X86_64_MAX_CPUS)
		return false;
	d = __atomic_load_n(&cpu_vectors[cpu][regs->vector].domain, __ATOMIC_ACQUIRE);
	if (!d)
		return false;
	x86_handle_irq(d, cpu_vectors[cpu][regs->vector].hw, regs);
	return true;
}

void x86_64_vector_init(void)
{
	x86_64_vectors = x86_vector_create(X86_64_VECTOR_MATRIX_FIRST, X86_64_VECTOR_MATRIX_LAST,
					   X86_64_NR_VECTOR_LINES, &vector_ops);
	if (x86_64_vectors)
		x86_64_msi_domain = msi_create_irq_domain(x86_vector_domain(x86_64_vectors),
							  "PCI-MSI", MSI_PARENT_ACK);
}

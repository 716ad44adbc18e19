// SPDX-License-Identifier: MIT
/*
 * irq.c - the i386 interrupt glue: from a vector to the core, on the
 * hardirq stack (arch/x86/irqstack.c), past the 8259's spurious IRQ7/15;
 * software vectors an embedder claims (the demo's dispatch bench).
 */
#include <genirq/chip/i8259.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "i386.h"
#include "x86.h"

static struct irq_domain *isa;
static void (*soft_vector[I386_NR_SOFT])(struct i386_regs *regs);

int i386_set_soft_vector(unsigned int vector, void (*fn)(struct i386_regs *regs))
{
	if (vector < I386_VECTOR_SOFT || vector >= I386_VECTOR_SOFT + I386_NR_SOFT)
		return -EINVAL;
	soft_vector[vector - I386_VECTOR_SOFT] = fn;
	return 0;
}

X86_REGPARM void i386_interrupt(struct i386_regs *regs)
{
	irq_hw_number_t hw = regs->vector - I386_VECTOR_PIC;

	if (irq_likely(hw < I8259_NR_LINES)) {
		if (!i8259_spurious(hw))
			x86_handle_irq(isa, hw, regs);
	} else if (regs->vector - I386_VECTOR_SOFT < I386_NR_SOFT &&
		   soft_vector[regs->vector - I386_VECTOR_SOFT]) {
		soft_vector[regs->vector - I386_VECTOR_SOFT](regs);
	} else {
		irq_error_event();
		port_ack_bad_irq(regs->vector);
	}
}

/* Only the 8259's vectors reach the controller; the rest are software's. */
void port_ack_bad_irq(unsigned int irq)
{
	irq_log("unexpected IRQ trap at vector %02x", irq);
}

/* Linux's summary rows: only the NMI count here (no local APIC). */
void port_show_interrupts(struct irq_text *t)
{
	irq_proc_row(t, "NMI", x86_nmi_count, "Non-maskable interrupts");
}

void i386_irq_init(void)
{
	x86_irq_stacks_init(0);
	isa = i8259_init(I386_VECTOR_PIC);
}

// SPDX-License-Identifier: MIT
/*
 * irq.c - the i386 interrupt glue: the 8259 pair (its lines' vectors go
 * from common_irq, entry.S, to i8259_handle() on the hardirq stack); the
 * C ends of that entry: the slow path (a broken guard, a nested
 * interrupt) and the software vectors an embedder claims (the demo's
 * dispatch bench).
 */
#include <genirq/chip/i8259.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "i386.h"
#include "x86.h"

static void (*soft_vector[I386_NR_SOFT])(struct i386_regs *regs);

int i386_set_soft_vector(unsigned int vector, void (*fn)(struct i386_regs *regs))
{
	if (vector < I386_VECTOR_SOFT || vector >= I386_VECTOR_SOFT + I386_NR_SOFT)
		return -EINVAL;
	soft_vector[vector - I386_VECTOR_SOFT] = fn;
	return 0;
}

/* common_irq: the vectors other than the 8259's, the software vectors. */
X86_REGPARM void i386_interrupt(struct i386_regs *regs)
{
	unsigned int soft = regs->vector - I386_VECTOR_SOFT;

	if (soft < I386_NR_SOFT && soft_vector[soft]) {
		soft_vector[soft](regs);
	} else {
		irq_error_event();
		port_ack_bad_irq(regs->vector);
	}
}

struct pic_call {
	irq_hw_number_t		hw;
	struct i386_regs	*regs;
};

static void pic_dispatch(void *arg)
{
	struct pic_call *c = arg;

	i8259_handle(c->hw, c->regs);
}

/* pic_irq's slow path: the 8259 line where x86_irq_slow_call() runs it. */
X86_REGPARM void i386_irq_slow(irq_hw_number_t hw, struct i386_regs *regs)
{
	struct pic_call c = { hw, regs };

	x86_irq_slow_call(pic_dispatch, &c);
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
	i8259_init(I386_VECTOR_PIC);	/* reports a failure */
}

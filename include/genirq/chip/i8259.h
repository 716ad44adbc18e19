/* SPDX-License-Identifier: MIT */
/*
 * i8259.h - the PC's cascaded 8259A pair (master at 0x20, slave at 0xA0).
 *
 * ISA lines 0-15 are global numbers 0-15 (a legacy domain); line 2 is the
 * cascade and is never requested. Edge or level per line comes from the
 * ELCR (ports 0x4D0/0x4D1) and is changed with irq_set_irq_type().
 */
#ifndef GENIRQ_I8259_H
#define GENIRQ_I8259_H

#include <stdbool.h>
#include <stdint.h>
#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

#define I8259_NR_LINES	16u
#define I8259_CASCADE	2u

/**
 * i8259_init - remap the pair to @vector_base..+15 and register its lines
 * @vector_base: a multiple of 8 above the CPU exceptions (0x20)
 *
 * All lines start masked; the cascade is started. Each line's trigger is
 * read from the ELCR.
 * Context: boot, local interrupts off, after irq_core_init().
 * Return: the domain of lines 0-15, or NULL after a report.
 */
struct irq_domain *i8259_init(unsigned int vector_base);

/*
 * i8259_disable - remap the pair to @vector_base and mask every line,
 * registering none (an IO-APIC takes over; a stray IRQ7 must still not
 * look like a CPU exception). Context: boot, local interrupts off.
 */
void i8259_disable(unsigned int vector_base);

/* The ISR read behind i8259_spurious() for lines 7 and 15. */
bool i8259_spurious_isr(irq_hw_number_t hw);

/**
 * i8259_spurious - is this delivery of line @hw a spurious one?
 *
 * A line 7 (or 15) that the chip did not put in service is what an empty
 * interrupt acknowledge returns. It is counted with irq_spurious_vector()
 * and ended as the hardware needs: nothing for line 7, an EOI to the
 * master only for line 15 (the master did put the cascade in service).
 * Context: interrupt entry, before dispatch. Return: true when spurious
 * (do not dispatch), false for a real event (and for every other line).
 * Lines other than 7 and 15 are answered inline, without a call.
 */
static inline bool i8259_spurious(irq_hw_number_t hw)
{
	return (hw == 7 || hw == 15) && i8259_spurious_isr(hw);
}

/**
 * i8259_handle - the entry of line @hw's vector (vector_base + @hw)
 * @hw: 0-15
 * @regs: the interrupted state, handed to the core
 *
 * A spurious IRQ7 or IRQ15 (i8259_spurious()) is counted and ended there;
 * any other delivery runs the line's flow through i8259_init()'s domain.
 * Context: interrupt entry, local interrupts off, after i8259_init(); on
 * the stack the port runs handlers on.
 */
void i8259_handle(irq_hw_number_t hw, void *regs);
/* Interrupt request and in-service registers, slave in bits 8-15 (tests). */
uint16_t i8259_read_irr(void);
uint16_t i8259_read_isr(void);

GENIRQ_END_DECLS

#endif /* GENIRQ_I8259_H */

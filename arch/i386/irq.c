// SPDX-License-Identifier: MIT
/*
 * irq.c - the i386 interrupt glue: from a vector to the core, on the
 * hardirq stack; softirqs on their own stack; the port's /proc rows.
 *
 * Stacks (the seed's 4K stacks): an interrupt that arrives off the
 * hardirq stack switches to it; one that arrives on it (nested) stays.
 * Softirqs, run at irq_exit() from the hardirq stack, move to the softirq
 * stack and leave the hardirq frames below them live: an interrupt taken
 * during a softirq continues the hardirq stack below those frames.
 * A guard word at the bottom of each stack is checked on every entry.
 */
#include <genirq/hardirq.h>
#include <genirq/i8259.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "i386.h"
#include "x86.h"

#define IRQ_STACK_BYTES		4096u
#define STACK_GUARD		0x57AC6A2Du
#define STACK_WARN_BYTES	512u	/* the seed warned with less than this left */
#define SOFTIRQ_FRAME_GAP	64u	/* our call's frame lies below esp by less */

struct irq_stack {
	uint32_t words[IRQ_STACK_BYTES / 4];
} __attribute__((aligned(16)));

static struct irq_stack stacks[X86_NR_STACKS];
static uintptr_t hardirq_sp;	/* where the next switch lands */
static struct irq_domain *isa;
static unsigned long overflows, nmis;

static uintptr_t stack_base(enum x86_stack which)
{
	return (uintptr_t)&stacks[which];
}

static inline uintptr_t esp(void)
{
	uintptr_t sp;

	__asm__ __volatile__("mov %%esp, %0" : "=r"(sp));
	return sp;
}

bool x86_on_stack(enum x86_stack which, uintptr_t sp)
{
	return sp - stack_base(which) < IRQ_STACK_BYTES;
}

volatile uint32_t *x86_stack_guard(enum x86_stack which)
{
	return &stacks[which].words[0];
}

unsigned long x86_stack_overflows(void)
{
	return overflows;
}

/* Report a broken guard once, then re-arm it to catch the next overflow. */
unsigned int x86_stack_check(void)
{
	static const char *const names[X86_NR_STACKS] = { "hardirq", "softirq" };
	unsigned int broken = 0;

	for (unsigned int i = 0; i < X86_NR_STACKS; i++) {
		if (irq_likely(stacks[i].words[0] == STACK_GUARD))
			continue;
		irq_log("%s stack overflow: guard word %08x", names[i],
			(unsigned int)stacks[i].words[0]);
		stacks[i].words[0] = STACK_GUARD;
		overflows++;
		broken++;
	}
	return broken;
}

static void dispatch(void *arg)
{
	struct i386_regs *regs = arg;
	irq_hw_number_t hw = regs->vector - I386_VECTOR_PIC;

	if (!i8259_spurious(hw))
		irq_handle_domain_entry(isa, hw, regs);
}

void i386_interrupt(struct i386_regs *regs)
{
	uintptr_t sp = esp();

	x86_stack_check();
	if (irq_unlikely(regs->vector >= I386_VECTOR_PIC + I8259_NR_LINES)) {
		irq_error_event();
		port_ack_bad_irq(regs->vector);
	} else if (x86_on_stack(X86_HARDIRQ_STACK, sp)) {
		if (irq_unlikely(sp - stack_base(X86_HARDIRQ_STACK) < STACK_WARN_BYTES)) {
			irq_log("do_IRQ: stack overflow: %u bytes left",
				(unsigned int)(sp - stack_base(X86_HARDIRQ_STACK)));
			overflows++;
		}
		dispatch(regs);
	} else {
		i386_call_on_stack(regs, dispatch, hardirq_sp);
	}
}

struct softirq_call {
	void (*fn)(void);
};

static void softirq_trampoline(void *arg)
{
	((struct softirq_call *)arg)->fn();
}

void port_softirq_on_stack(void (*fn)(void))
{
	struct softirq_call call = { fn };
	uintptr_t sp = esp(), saved = hardirq_sp;

	if (x86_on_stack(X86_SOFTIRQ_STACK, sp)) {
		fn();
		return;
	}
	if (x86_on_stack(X86_HARDIRQ_STACK, sp))
		hardirq_sp = (sp - SOFTIRQ_FRAME_GAP) & ~(uintptr_t)15;
	i386_call_on_stack(&call, softirq_trampoline,
			   stack_base(X86_SOFTIRQ_STACK) + IRQ_STACK_BYTES);
	hardirq_sp = saved;
}

void i386_nmi(struct i386_regs *regs)
{
	(void)regs;
	nmi_enter();
	nmis++;
	nmi_exit();
}

void port_ack_bad_irq(unsigned int irq)
{
	irq_log("unexpected IRQ trap at vector %02x", irq);
}

void port_show_interrupts(struct irq_text *t)
{
	irq_text_printf(t, " NMI: %10lu  Non-maskable interrupts\n", nmis);
	irq_text_printf(t, " STK: %10lu  Interrupt stack overflows\n", overflows);
}

void i386_irq_init(void)
{
	for (unsigned int i = 0; i < X86_NR_STACKS; i++)
		stacks[i].words[0] = STACK_GUARD;
	hardirq_sp = stack_base(X86_HARDIRQ_STACK) + IRQ_STACK_BYTES;
	isa = i8259_init(I386_VECTOR_PIC);
}

// SPDX-License-Identifier: MIT
/*
 * irqstack.c - the aarch64 port kit's interrupt stacks: each CPU runs its
 * interrupt controller's handler and the core on a hardirq stack of its
 * own, and softirqs on another, each with guard words at its bottom that
 * the entry and exit paths compare. A stack found overrun is fatal: the
 * kit reports it through port_assert_failed() and stops the CPU. Both are
 * painted whole with the guard value, for their high-water marks (the
 * shell's `stacks`).
 */
#include <genirq/hardirq.h>
#include <genirq/port.h>

#include "aarch64.h"
#include "../kit.h"

#define fatal(why)	genirq_kit_fatal(why)

#define STACK_LOW_BYTES	2048	/* a nested entry this close to the guard: overflow */
/* Below the sp read in port_softirq_on_stack(): its own frame's growth and
 * aarch64_call_on_stack()'s push of fp/lr, which must survive. */
#define SWITCH_FRAME_BYTES	128

struct irq_stack {
	uint64_t	w[IRQ_STACK_BYTES / 8];
} __attribute__((aligned(16)));

/*
 * What aarch64_irq() (entry.S) reads through TPIDR_EL1, one per CPU:
 * where an interrupt from outside the hardirq stack switches to (its top,
 * or below the frames a softirq run from irq_exit() left there), the
 * stack's bottom, and the controller's handler with its argument.
 */
struct aarch64_irq_cpu {
	uintptr_t		switch_to;
	uintptr_t		bottom;
	aarch64_irq_handler_t	handle;
	void			*ctx;
};
_Static_assert(offsetof(struct aarch64_irq_cpu, switch_to) == IRQ_CPU_SWITCH_TO &&
	       offsetof(struct aarch64_irq_cpu, bottom) == IRQ_CPU_BOTTOM &&
	       offsetof(struct aarch64_irq_cpu, handle) == IRQ_CPU_HANDLE &&
	       offsetof(struct aarch64_irq_cpu, ctx) == IRQ_CPU_HANDLE + 8, "entry.S offsets");

static struct irq_stack hardirq_stack[GENIRQ_AARCH64_CPUS], softirq_stack[GENIRQ_AARCH64_CPUS];
static struct aarch64_irq_cpu irq_cpu[GENIRQ_AARCH64_CPUS];
void (*volatile aarch64_irq_hook)(void);

/* s < sp <= its top, in one unsigned compare. */
static bool on_stack(const struct irq_stack *s, uintptr_t sp)
{
	return sp - (uintptr_t)s - 1 < sizeof(*s);
}

bool aarch64_on_irq_stack(unsigned int cpu, uintptr_t sp)
{
	return on_stack(&hardirq_stack[cpu], sp);
}

bool aarch64_on_softirq_stack(unsigned int cpu, uintptr_t sp)
{
	return on_stack(&softirq_stack[cpu], sp);
}

bool aarch64_stack_guards_ok(unsigned int cpu)
{
	for (unsigned int i = 0; i < GUARD_WORDS; i++)
		if (hardirq_stack[cpu].w[i] != STACK_GUARD || softirq_stack[cpu].w[i] != STACK_GUARD)
			return false;
	return true;
}

volatile uint64_t *aarch64_stack_guard(unsigned int cpu, bool softirq)
{
	return &(softirq ? softirq_stack : hardirq_stack)[cpu].w[GUARD_WORDS - 1];
}

static unsigned long hardirq_used(unsigned int cpu)
{
	return genirq_kit_stack_used(hardirq_stack[cpu].w, IRQ_STACK_BYTES / 8, GUARD_WORDS, STACK_GUARD);
}

static unsigned long softirq_used(unsigned int cpu)
{
	return genirq_kit_stack_used(softirq_stack[cpu].w, IRQ_STACK_BYTES / 8, GUARD_WORDS, STACK_GUARD);
}

void aarch64_show_stacks(struct irq_text *t)
{
	genirq_kit_show_stacks(t, hardirq_used, softirq_used, IRQ_STACK_BYTES);
}

void aarch64_irq_cpu_init(aarch64_irq_handler_t handle, void *ctx)
{
	unsigned int cpu = port_cpu_id();
	struct aarch64_irq_cpu *c = &irq_cpu[cpu];

	if (cpu >= GENIRQ_AARCH64_CPUS)
		fatal("CPU number beyond GENIRQ_AARCH64_CPUS");
	genirq_kit_stack_paint(hardirq_stack[cpu].w, IRQ_STACK_BYTES / 8, STACK_GUARD);
	genirq_kit_stack_paint(softirq_stack[cpu].w, IRQ_STACK_BYTES / 8, STACK_GUARD);
	c->bottom = (uintptr_t)&hardirq_stack[cpu];
	c->switch_to = (uintptr_t)(&hardirq_stack[cpu] + 1);
	c->handle = handle;
	c->ctx = ctx;
	__asm__ __volatile__("msr tpidr_el1, %0" : : "r"(c) : "memory");
}

void aarch64_irq_set_handler(aarch64_irq_handler_t handle)
{
	for (unsigned int cpu = 0; cpu < GENIRQ_AARCH64_CPUS; cpu++)
		if (irq_cpu[cpu].handle)
			__atomic_store_n(&irq_cpu[cpu].handle, handle, __ATOMIC_RELEASE);
}

/* Nested: already on the hardirq stack (entry.S's aarch64_irq() came here). */
void aarch64_irq_nested(struct aarch64_regs *regs)
{
	unsigned int cpu = port_cpu_id_fast();

	if (aarch64_sp() - (uintptr_t)&hardirq_stack[cpu] < STACK_LOW_BYTES)
		fatal("irq stack overflow (nested too deep)");
	irq_cpu[cpu].handle(irq_cpu[cpu].ctx, regs);
	if (hardirq_stack[cpu].w[GUARD_WORDS - 1] != STACK_GUARD)
		aarch64_irq_overflow();
}

void aarch64_irq_overflow(void)
{
	fatal("irq stack overflow");
}

/*
 * An interrupt from off the hardirq stack found its top guard word
 * overwritten (entry.S, at switch_to). In a handler (irq_in_hardirq()):
 * the handler ran past the bottom of the stack and was interrupted down
 * there, its entry frame already written below the stack; starting again
 * at the top would overwrite the live frames. Either way the run ends
 * here, before anything runs on the overrun stack.
 */
void aarch64_irq_overrun(void)
{
	if (irq_in_hardirq())
		fatal("irq stack overflow (a handler interrupted below the stack)");
	aarch64_irq_overflow();
}

static void softirq_trampoline(void *fn)
{
	((void (*)(void))fn)();
}

/* Called with interrupts off, from irq_exit() on the hardirq stack or from
 * the softirq run elsewhere; never nested (the core runs softirqs once). */
void port_softirq_on_stack(void (*fn)(void))
{
	unsigned int cpu = port_cpu_id();
	struct aarch64_irq_cpu *c = &irq_cpu[cpu];
	uintptr_t sp = aarch64_sp(), saved = c->switch_to;

	if (aarch64_on_irq_stack(cpu, sp)) {
		c->switch_to = (sp - SWITCH_FRAME_BYTES) & ~(uintptr_t)15;
		if (c->switch_to - c->bottom < STACK_LOW_BYTES)
			fatal("irq stack overflow (softirq entered too deep)");
	}
	aarch64_call_on_stack(softirq_trampoline, (void *)fn, &softirq_stack[cpu] + 1);
	c->switch_to = saved;
	/* The softirq stack is only used here: its guard is checked here. */
	if (softirq_stack[cpu].w[GUARD_WORDS - 1] != STACK_GUARD)
		fatal("softirq stack overflow");
}

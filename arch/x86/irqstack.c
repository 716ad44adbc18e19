// SPDX-License-Identifier: MIT
/*
 * irqstack.c - the per-CPU hardirq and softirq stacks of both x86 ports
 * (Linux 2.6.9's 4K stacks; 8K on x86_64), their overflow count (the
 * shell's `stacks` view) and the NMI count.
 *
 * An interrupt that arrives off the hardirq stack switches to it; one
 * that arrives on it (nested) stays. irq_exit() runs softirqs while still
 * on the hardirq stack: port_softirq_on_stack() moves them to the softirq
 * stack and records where the live hardirq frames end, so an interrupt
 * taken during a softirq continues the hardirq stack below those frames
 * instead of starting again at its top (which would overwrite them).
 * A guard word at the bottom of each stack is checked on every entry.
 */
#include <stdatomic.h>
#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "irqstack.h"
#include "x86.h"
#include "../kit.h"

#define IRQ_STACK_BYTES		(1024u * sizeof(void *))
#define STACK_GUARD		((uintptr_t)0x57AC6A2D57AC6A2Dull)
#define STACK_WARN_BYTES	(128u * sizeof(void *))	/* Linux 2.6.9 warned below 1/8 left */
#define SOFTIRQ_FRAME_GAP	(16u * sizeof(void *))	/* our call's frame lies below sp by less */

struct irq_stack {
	uintptr_t words[IRQ_STACK_BYTES / sizeof(uintptr_t)];
} __attribute__((aligned(16)));

struct cpu_stacks {
	struct irq_stack	stacks[X86_NR_STACKS];
	uintptr_t		hardirq_sp;	/* where the next switch lands */
	unsigned long		overflows, nmis;
};

/* Not static: i386's boot.S reads x86_cpus[0] (irqstack.h). */
struct cpu_stacks x86_cpus[X86_MAX_CPUS];
_Static_assert(IRQ_STACK_BYTES == X86_IRQ_STACK_BYTES &&
	       offsetof(struct cpu_stacks, stacks[X86_HARDIRQ_STACK]) == X86_HARDIRQ_GUARD &&
	       offsetof(struct cpu_stacks, stacks[X86_SOFTIRQ_STACK]) == X86_SOFTIRQ_GUARD &&
	       offsetof(struct cpu_stacks, hardirq_sp) == X86_HARDIRQ_SP &&
	       (uint32_t)STACK_GUARD == X86_STACK_GUARD32, "irqstack.h layout");
#if defined(__x86_64__)
_Static_assert(sizeof(struct cpu_stacks) == X86_CPU_STACKS_BYTES &&
	       STACK_GUARD == X86_STACK_GUARD64, "irqstack.h layout (x86_64's common_irq)");
#endif

static inline uintptr_t stack_pointer(void)
{
	uintptr_t sp;

	__asm__ __volatile__("mov %%" X86_SP ", %0" : "=r"(sp));
	return sp;
}

static bool on(struct cpu_stacks *c, enum x86_stack which, uintptr_t sp)
{
	return sp - (uintptr_t)&c->stacks[which] < IRQ_STACK_BYTES;
}

static uintptr_t top(struct cpu_stacks *c, enum x86_stack which)
{
	return (uintptr_t)&c->stacks[which] + IRQ_STACK_BYTES;
}

bool x86_on_stack(enum x86_stack which, uintptr_t sp)
{
	return on(&x86_cpus[port_cpu_id()], which, sp);
}

volatile uint32_t *x86_stack_guard(enum x86_stack which)
{
	return (volatile uint32_t *)&x86_cpus[port_cpu_id()].stacks[which].words[0];
}

unsigned long x86_stack_overflows(void)
{
	unsigned long n = 0;

	for (unsigned int i = 0; i < X86_MAX_CPUS; i++)
		n += x86_cpus[i].overflows;
	return n;
}

/* Report a broken guard once, then re-arm it to catch the next overflow. */
static unsigned int check(struct cpu_stacks *c)
{
	static const char *const names[X86_NR_STACKS] = {
		[X86_HARDIRQ_STACK] = "hardirq", [X86_SOFTIRQ_STACK] = "softirq",
	};
	unsigned int broken = 0;

	for (unsigned int i = 0; i < X86_NR_STACKS; i++) {
		if (irq_likely(c->stacks[i].words[0] == STACK_GUARD))
			continue;
		irq_log("CPU%u %s stack overflow: guard word %llx", port_cpu_id(), names[i],
			(unsigned long long)c->stacks[i].words[0]);
		c->stacks[i].words[0] = STACK_GUARD;
		c->overflows++;
		broken++;
	}
	return broken;
}

unsigned int x86_stack_check(void)
{
	return check(&x86_cpus[port_cpu_id()]);
}

/*
 * An interrupt in a handler (in_irq()) from off the hardirq stack with
 * that stack's guard word broken, or from its guard word: the handler ran
 * past the bottom and was interrupted
 * down there, its entry frame already written below the stack. Starting
 * again at the top would overwrite the live frames: the run ends here,
 * before anything runs on the overrun stack.
 */
static __attribute__((noreturn)) void overrun(void)
{
	genirq_kit_fatal("hardirq stack overflow: a handler interrupted below the stack");
}

/*
 * The entry's slow path: a broken guard (reported, re-armed), or a nested
 * interrupt already on the hardirq stack (warned when it runs low). An
 * overrun through the guard word comes here (the fast path needs both
 * guards intact), and so does every interrupt nested on the stack.
 * Return: the stack pointer to switch to, or 0 to stay on this stack.
 */
static uintptr_t slow_path_stack(void)
{
	struct cpu_stacks *c = &x86_cpus[port_cpu_id()];
	uintptr_t sp = stack_pointer();
	bool hardirq_broken = c->stacks[X86_HARDIRQ_STACK].words[0] != STACK_GUARD;

	check(c);
	if (!on(c, X86_HARDIRQ_STACK, sp)) {
		/* In a handler off the stack is no sign alone (the core's
		 * replay and stuck-line poll run handlers elsewhere): only
		 * with the hardirq stack's own guard broken. */
		if (irq_unlikely(hardirq_broken && in_irq()))
			overrun();
		return c->hardirq_sp;
	}
	if (irq_unlikely(sp - (uintptr_t)&c->stacks[X86_HARDIRQ_STACK] < sizeof(uintptr_t)))
		overrun();
	if (irq_unlikely(sp - (uintptr_t)&c->stacks[X86_HARDIRQ_STACK] < STACK_WARN_BYTES)) {
		irq_log("do_IRQ: stack overflow: %u bytes left",
			(unsigned int)(sp - (uintptr_t)&c->stacks[X86_HARDIRQ_STACK]));
		c->overflows++;
	}
	return 0;
}

/*
 * The ports' entry (common_irq, pic_irq in entry.S) switches to the
 * hardirq stack itself when both guards are intact and it is not on that
 * stack; else its C end (x86_64_irq_slow(), i386_irq_slow()) runs the
 * dispatch here, where slow_path_stack() says.
 */
void x86_irq_slow_call(void (*fn)(void *), void *arg)
{
	uintptr_t sp = slow_path_stack();

	if (sp)
		x86_call_on_stack(arg, fn, sp);
	else
		fn(arg);
}

#if !defined(__x86_64__)
X86_REGPARM void x86_handle_irq_slow(struct irq_domain *d, irq_hw_number_t hw, void *regs)
{
	uintptr_t sp = slow_path_stack();

	if (sp)
		x86_irq_call_on_stack(d, hw, regs, sp);
	else
		irq_handle_domain_entry(d, hw, regs);
}
#endif

struct softirq_call {
	void (*fn)(void);
};

static void softirq_trampoline(void *arg)
{
	((struct softirq_call *)arg)->fn();
}

void port_softirq_on_stack(void (*fn)(void))
{
	struct cpu_stacks *c = &x86_cpus[port_cpu_id()];
	struct softirq_call call = { fn };
	uintptr_t sp = stack_pointer(), saved = c->hardirq_sp;

	if (on(c, X86_SOFTIRQ_STACK, sp)) {
		fn();
		return;
	}
	if (on(c, X86_HARDIRQ_STACK, sp))
		c->hardirq_sp = (sp - SOFTIRQ_FRAME_GAP) & ~(uintptr_t)15;
	x86_call_on_stack(&call, softirq_trampoline, top(c, X86_SOFTIRQ_STACK));
	c->hardirq_sp = saved;
}

static _Atomic x86_nmi_handler_t nmi_handler;

void x86_nmi_set_handler(x86_nmi_handler_t handler)
{
	atomic_store_explicit(&nmi_handler, handler, memory_order_release);
}

void x86_nmi(void *regs)
{
	x86_nmi_handler_t handler;

	nmi_enter();
	x86_cpus[port_cpu_id()].nmis++;
	handler = atomic_load_explicit(&nmi_handler, memory_order_acquire);
	if (handler)
		handler(regs);
	nmi_exit();
}

unsigned long x86_nmi_count(unsigned int cpu)
{
	return x86_cpus[cpu].nmis;
}

static unsigned long overflows(unsigned int cpu)
{
	return x86_cpus[cpu].overflows;
}

void x86_show_stacks(struct irq_text *t)
{
	irq_proc_row(t, "STK", overflows, "Interrupt stack overflows");
}

void x86_irq_stacks_init(unsigned int cpu)
{
	struct cpu_stacks *c = &x86_cpus[cpu];

	for (unsigned int i = 0; i < X86_NR_STACKS; i++)
		c->stacks[i].words[0] = STACK_GUARD;
	c->hardirq_sp = top(c, X86_HARDIRQ_STACK);
}

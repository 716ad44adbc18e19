// SPDX-License-Identifier: MIT
/*
 * irqstack.c - the ppc64 port kit's interrupt stacks: external
 * interrupts run the embedder's handler (the controller's, then the
 * core) on a per-CPU hardirq stack, softirqs on their own stack, each
 * with guard words at its bottom that every exit compares. A stack found
 * overrun is fatal: the kit reports it through port_assert_failed() and
 * stops the CPU. Both are painted whole with the guard value, for their
 * high-water marks (the shell's `stacks`).
 */
#include <genirq/compiler.h>
#include <genirq/hardirq.h>

#include "ppc64.h"
#include "../kit.h"

#define fatal(why)	genirq_kit_fatal(why)

#define IRQ_STACK_BYTES	16384
#define STACK_GUARD	0x5a5aa5a5deadbeefULL	/* bottom words of each stack */
#define GUARD_WORDS	8
#define STACK_LOW_BYTES	2048	/* a nested entry this close to the guard: overflow */
#define RED_ZONE_BYTES	288	/* ELFv1: below r1, still the owner's */

struct irq_stack {
	uint64_t	w[IRQ_STACK_BYTES / 8];
} __attribute__((aligned(16)));

/*
 * The softirq stacks below the hardirq stacks, in one object so the
 * order holds: a handler that runs past the bottom of CPU 0's hardirq
 * stack writes over the last CPU's softirq stack, not over the port's
 * data (the console lock, the XICS), and the overflow report gets out.
 */
static struct {
	struct irq_stack	softirq[GENIRQ_PPC64_CPUS];
	struct irq_stack	hardirq[GENIRQ_PPC64_CPUS];
} stacks;
/*
 * irq_exit() runs softirqs while the hardirq stack still holds the frames
 * of the interrupt that raised them: an interrupt taken during a softirq
 * must continue that stack below those frames, not start at its top
 * (which overwrote them: a return through a clobbered LR, to 0 or into a
 * loop). 0: the stack is free, start at its top. Its top while a handler
 * entered from off the stack runs there: an interrupt from off the stack
 * then takes the slow path, which finds that handler interrupted below
 * the stack.
 */
static uintptr_t hardirq_live_sp[GENIRQ_PPC64_CPUS];
static void (*handler)(void *regs);

/* s < sp <= its top, in one unsigned compare. */
static bool on_stack(const struct irq_stack *s, uintptr_t sp)
{
	return sp - (uintptr_t)s - 1 < sizeof(*s);
}

bool ppc64_on_irq_stack(unsigned int cpu, uintptr_t sp)
{
	return on_stack(&stacks.hardirq[cpu], sp);
}

bool ppc64_on_softirq_stack(unsigned int cpu, uintptr_t sp)
{
	return on_stack(&stacks.softirq[cpu], sp);
}

/* Overflow detection: a stack that ran into its guard words is fatal. */
bool ppc64_stack_guards_ok(unsigned int cpu)
{
	for (unsigned int i = 0; i < GUARD_WORDS; i++)
		if (stacks.hardirq[cpu].w[i] != STACK_GUARD || stacks.softirq[cpu].w[i] != STACK_GUARD)
			return false;
	return true;
}

volatile uint64_t *ppc64_stack_guard(unsigned int cpu, bool softirq)
{
	return &(softirq ? stacks.softirq : stacks.hardirq)[cpu].w[GUARD_WORDS - 1];
}

void ppc64_irq_init_cpu(unsigned int cpu)
{
	if (cpu >= GENIRQ_PPC64_CPUS)
		fatal("CPU number beyond GENIRQ_PPC64_CPUS");
	genirq_kit_stack_paint(stacks.hardirq[cpu].w, IRQ_STACK_BYTES / 8, STACK_GUARD);
	genirq_kit_stack_paint(stacks.softirq[cpu].w, IRQ_STACK_BYTES / 8, STACK_GUARD);
}

static unsigned long hardirq_used(unsigned int cpu)
{
	return genirq_kit_stack_used(stacks.hardirq[cpu].w, IRQ_STACK_BYTES / 8, GUARD_WORDS, STACK_GUARD);
}

static unsigned long softirq_used(unsigned int cpu)
{
	return genirq_kit_stack_used(stacks.softirq[cpu].w, IRQ_STACK_BYTES / 8, GUARD_WORDS, STACK_GUARD);
}

void ppc64_show_stacks(struct irq_text *t)
{
	genirq_kit_show_stacks(t, hardirq_used, softirq_used, IRQ_STACK_BYTES);
}

void ppc64_irq_set_handler(void (*fn)(void *regs))
{
	handler = fn;
}

/* The top guard word of both stacks, the first an overflow reaches: on
 * every exit (ppc64_stack_guards_ok() checks them all). */
static bool guard_tops_ok(unsigned int cpu)
{
	return stacks.hardirq[cpu].w[GUARD_WORDS - 1] == STACK_GUARD &&
	       stacks.softirq[cpu].w[GUARD_WORDS - 1] == STACK_GUARD;
}

/*
 * Where an interrupt came in (@sp), told apart from an overrun: on the
 * hardirq stack, above its last STACK_LOW_BYTES; or off it while no
 * handler entered from off it runs there (hardirq_live_sp is not its top).
 * Off it while one does, that handler ran past the bottom and was
 * interrupted down there, its entry frame already written below the
 * stack: starting again at the top would overwrite the live frames. The
 * run ends here, before anything runs on the overrun stack. (Hardirq
 * context off the stack is no sign: the core's software replay runs
 * handlers from its softirq, and an embedder's timer may run the
 * stuck-line poll on the stack it interrupted.)
 */
void ppc64_irq_check_interrupted(unsigned int cpu, uintptr_t sp)
{
	if (ppc64_on_irq_stack(cpu, sp)) {
		if (sp - (uintptr_t)&stacks.hardirq[cpu] < STACK_LOW_BYTES)
			fatal("irq stack overflow (nested too deep)");
	} else if (hardirq_live_sp[cpu] == (uintptr_t)(&stacks.hardirq[cpu] + 1)) {
		fatal("irq stack overflow (a handler interrupted below the stack)");
	}
}

/* Nested, entered while a softirq runs (continue below the live frames),
 * or from off the stack while a handler runs there (an overrun). */
static __attribute__((noinline)) void irq_nested(struct ppc64_regs *regs, unsigned int cpu,
						 uintptr_t sp)
{
	uintptr_t live = hardirq_live_sp[cpu];

	ppc64_irq_check_interrupted(cpu, sp);
	if (ppc64_on_irq_stack(cpu, sp)) {
		handler(regs);
		return;
	}
	if (live - (uintptr_t)&stacks.hardirq[cpu] < STACK_LOW_BYTES)
		fatal("irq stack overflow (nested too deep)");
	/* A handler of ours runs below the live frames: mark it as at the top. */
	hardirq_live_sp[cpu] = (uintptr_t)(&stacks.hardirq[cpu] + 1);
	ppc64_call_on_stack(handler, regs, (void *)live);
	hardirq_live_sp[cpu] = live;
}

/* Linux 2.6.9's call_handle_IRQ_event: switch unless already on the stack
 * (to its top, or below the frames a running softirq left there). */
void (*volatile ppc64_external_hook)(void);

void ppc64_do_irq(struct ppc64_regs *regs)
{
	unsigned int cpu;

	if (irq_unlikely(ppc64_external_hook != NULL)) {	/* e.g. make bench's floor */
		ppc64_external_hook();
		return;
	}
	cpu = port_cpu_id_fast();
	if (irq_likely(!hardirq_live_sp[cpu] && !ppc64_on_irq_stack(cpu, ppc64_sp()))) {
		void *top = &stacks.hardirq[cpu] + 1;

		hardirq_live_sp[cpu] = (uintptr_t)top;
		ppc64_call_on_stack(handler, regs, top);
		hardirq_live_sp[cpu] = 0;
	} else {
		irq_nested(regs, cpu, ppc64_sp());
	}
	if (irq_unlikely(!guard_tops_ok(cpu)))
		fatal("irq stack overflow");
}

static void softirq_trampoline(void *fn)
{
	((void (*)(void))fn)();
}

/* Called with interrupts off, from irq_exit() on the hardirq stack or from
 * do_softirq() elsewhere; never nested (the core runs softirqs once). */
void port_softirq_on_stack(void (*fn)(void))
{
	unsigned int cpu = port_cpu_id();
	uintptr_t sp = ppc64_sp(), saved = hardirq_live_sp[cpu];

	if (ppc64_on_irq_stack(cpu, sp))
		hardirq_live_sp[cpu] = (sp - RED_ZONE_BYTES) & ~(uintptr_t)15;
	ppc64_call_on_stack(softirq_trampoline, (void *)fn, &stacks.softirq[cpu] + 1);
	hardirq_live_sp[cpu] = saved;
}

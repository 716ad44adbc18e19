// SPDX-License-Identifier: MIT
/*
 * irqstack.c - the e500 port kit's interrupt stacks: each CPU runs its
 * external interrupts' handler on a hardirq stack of its own, and
 * softirqs on another, both painted so the shell can show their
 * high-water marks, with guard words at their low end. A stack found
 * overrun is fatal: the kit reports it through port_assert_failed() and
 * stops the CPU.
 */
#include <genirq/hardirq.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "ppc.h"
#include "../kit.h"

#define fatal(why)	genirq_kit_fatal(why)

/* Interrupt stacks: guard words at the low end catch an overflow. */
#define IRQ_STACK_BYTES		8192
#define STACK_GUARD_WORDS	8
#define STACK_GUARD		0x57ac6e9du

/*
 * Each CPU's entry onto its hardirq stack: @start is where an interrupt
 * from off the stack starts, its top, or below the live frames while
 * irq_exit() runs softirqs from it (starting at the top would overwrite
 * them). @busy: a handler entered from off the stack runs there (cleared
 * while its softirqs run); an interrupt from off the stack meanwhile
 * means that handler ran past the bottom and was interrupted down there.
 */
struct ppc_hardirq_entry {
	uint32_t	start;
	bool		busy;
};

static uint32_t irq_stacks[GENIRQ_PPC_CPUS][2][IRQ_STACK_BYTES / 4] __attribute__((aligned(16)));
static struct ppc_hardirq_entry hardirq[GENIRQ_PPC_CPUS];
static void (*handler[GENIRQ_PPC_CPUS])(void *regs);

/* Paint the whole stack: the guard words, and a high-water mark above them. */
void ppc_stacks_init(unsigned int cpu)
{
	if (cpu >= GENIRQ_PPC_CPUS)
		fatal("CPU number beyond GENIRQ_PPC_CPUS");
	for (int w = 0; w < 2; w++)
		for (unsigned int i = 0; i < IRQ_STACK_BYTES / 4; i++)
			irq_stacks[cpu][w][i] = STACK_GUARD;
	hardirq[cpu].start = (uint32_t)(uintptr_t)ppc_stack_top(cpu, PPC_STACK_HARDIRQ);
	hardirq[cpu].busy = false;
}

/* Deepest use of a stack so far, in bytes: the paint still untouched. */
static unsigned int stack_used(unsigned int cpu, int which)
{
	unsigned int i = STACK_GUARD_WORDS;

	while (i < IRQ_STACK_BYTES / 4 && irq_stacks[cpu][which][i] == STACK_GUARD)
		i++;
	return IRQ_STACK_BYTES - 4 * i;
}

static unsigned long hardirq_used(unsigned int cpu)
{
	return stack_used(cpu, PPC_STACK_HARDIRQ);
}

static unsigned long softirq_used(unsigned int cpu)
{
	return stack_used(cpu, PPC_STACK_SOFTIRQ);
}

/* The shell's `stacks`: how deep each CPU's interrupt stacks have been. */
void ppc_show_stacks(struct irq_text *t)
{
	genirq_kit_show_stacks(t, hardirq_used, softirq_used, IRQ_STACK_BYTES);
}

void *ppc_stack_top(unsigned int cpu, int which)
{
	return &irq_stacks[cpu][which][IRQ_STACK_BYTES / 4];
}

bool ppc_on_stack(unsigned int cpu, int which, uint32_t sp)
{
	uint32_t lo = (uint32_t)(uintptr_t)&irq_stacks[cpu][which][0];

	return sp > lo && sp <= lo + IRQ_STACK_BYTES;
}

bool ppc_above_guard(unsigned int cpu, int which, uint32_t sp)
{
	uint32_t above_guard = (uint32_t)(uintptr_t)&irq_stacks[cpu][which][STACK_GUARD_WORDS];

	return ppc_on_stack(cpu, which, sp) && sp >= above_guard;
}

uint32_t ppc_stack_room(unsigned int cpu, int which, uint32_t sp)
{
	uint32_t above_guard = (uint32_t)(uintptr_t)&irq_stacks[cpu][which][STACK_GUARD_WORDS];

	return ppc_above_guard(cpu, which, sp) ? sp - above_guard : 0;
}

bool ppc_stack_guards_ok(unsigned int cpu)
{
	for (int w = 0; w < 2; w++)
		for (unsigned int i = 0; i < STACK_GUARD_WORDS; i++)
			if (irq_stacks[cpu][w][i] != STACK_GUARD)
				return false;
	return true;
}

/*
 * Run @fn(@arg) with r1 at @top (16-byte aligned), then come back: a
 * 16-byte frame there whose back chain is this stack's frame (so a
 * debugger's backtrace crosses it) and whose LR word @fn saves into, as
 * the ABI has callees do. @fn may clobber what the ABI lets it.
 */
static inline void call_on_stack(void *arg, void (*fn)(void *), void *top)
{
	register void *r3 __asm__("r3") = arg;
	register void (*r12)(void *) __asm__("r12") = fn;
	uint32_t sp = (uint32_t)(uintptr_t)top;

	__asm__ __volatile__(
		"stwu	%%r1, -16(%[sp])\n\t"	/* the back chain; sp -= 16 */
		"mr	%%r1, %[sp]\n\t"
		"mtctr	%[fn]\n\t"
		"bctrl\n\t"
		"lwz	%%r1, 0(%%r1)"		/* back on this stack */
		: [sp] "+b"(sp), "+r"(r3), [fn] "+r"(r12)
		:
		: "r0", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "ctr", "lr",
		  "xer", "cr0", "cr1", "cr5", "cr6", "cr7", "memory");
}

static void softirq_trampoline(void *fn)
{
	((void (*)(void))fn)();
}

/* Interrupts are off here (irq_exit, do_softirq). */
void port_softirq_on_stack(void (*fn)(void))
{
	unsigned int cpu = port_cpu_id();
	struct ppc_hardirq_entry *h = &hardirq[cpu], saved = *h;
	uint32_t sp = ppc_sp();

	if (ppc_on_stack(cpu, PPC_STACK_SOFTIRQ, sp)) {
		fn();
		return;
	}
	if (ppc_on_stack(cpu, PPC_STACK_HARDIRQ, sp))
		h->start = sp & ~15u;
	h->busy = false;
	call_on_stack((void *)fn, softirq_trampoline, ppc_stack_top(cpu, PPC_STACK_SOFTIRQ));
	*h = saved;
}

/* An interrupt from off the hardirq stack is about to run there: where it
 * starts, or NULL when the stack is busy (an overrun). */
static void *hardirq_enter(unsigned int cpu)
{
	struct ppc_hardirq_entry *h = &hardirq[cpu];

	if (h->busy)
		return NULL;
	h->busy = true;
	return (void *)(uintptr_t)h->start;
}

void ppc_irq_set_handler(unsigned int cpu, void (*fn)(void *regs))
{
	handler[cpu] = fn;
}

static __attribute__((noreturn)) void stack_overrun(void)
{
	fatal("interrupt stack overflow: an interrupt came in below the guard words");
}

void ppc_irq_entry(struct ppc_regs *regs)
{
	unsigned int cpu = port_cpu_id();
	uint32_t sp = (uint32_t)(uintptr_t)regs;
	void *top;

	/*
	 * A nested interrupt is already on the hardirq stack: stay there. One
	 * that came in below its guard words, or from off the stack while a
	 * handler entered from off it still runs there, interrupted a handler
	 * that overran the stack: its entry frame has already written past
	 * the stack, and starting again at the top would overwrite the live
	 * frames, so the run ends here. (Hardirq context off the stack is no
	 * sign: the core's software replay runs handlers from its softirq.)
	 */
	if (ppc_on_stack(cpu, PPC_STACK_HARDIRQ, sp)) {
		if (!ppc_above_guard(cpu, PPC_STACK_HARDIRQ, sp))
			stack_overrun();
		handler[cpu](regs);
	} else {
		top = hardirq_enter(cpu);
		if (!top)
			stack_overrun();
		call_on_stack(regs, handler[cpu], top);
		hardirq[cpu].busy = false;
	}
	if (!ppc_stack_guards_ok(cpu))
		fatal("interrupt stack overflow: guard words overwritten");
}

// SPDX-License-Identifier: MIT
/*
 * irq.c - the ppc64 interrupt glue: external interrupts into XICS and the
 * core on a per-CPU hardirq stack, softirqs on their own stack, the
 * decrementer tick, and the arch rows of /proc/interrupts.
 */
#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/ipi.h>
#include <genirq/irq.h>
#include <genirq/proc.h>
#include <genirq/chip/xics.h>

#include "ppc64.h"

#define IRQ_STACK_BYTES	16384
#define STACK_GUARD	0x5a5aa5a5deadbeefULL	/* bottom words of each stack */
#define GUARD_WORDS	8
#define CATCH_UP_S	1	/* a tick this late is dropped, not made up */
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
	struct irq_stack	softirq[MAX_CPUS];
	struct irq_stack	hardirq[MAX_CPUS];
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
static uintptr_t hardirq_live_sp[MAX_CPUS];
static unsigned long ticks[MAX_CPUS];
static uint64_t next_tick[MAX_CPUS];
struct xics *ppc64_xics;
uintptr_t ppc64_nested_tick_sp;

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
	for (unsigned int i = 0; i < GUARD_WORDS; i++)
		stacks.hardirq[cpu].w[i] = stacks.softirq[cpu].w[i] = STACK_GUARD;
	xics_cpu_init(ppc64_xics);
}

static void handle_on_stack(void *regs)
{
	xics_handle(ppc64_xics, regs);
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
 * handlers from its softirq, and the stuck-line poll from the decrementer,
 * which runs on the stack it interrupted.)
 */
static void check_interrupted(unsigned int cpu, uintptr_t sp)
{
	if (ppc64_on_irq_stack(cpu, sp)) {
		if (sp - (uintptr_t)&stacks.hardirq[cpu] < STACK_LOW_BYTES)
			ppc64_fail("irq stack overflow (nested too deep)");
	} else if (hardirq_live_sp[cpu] == (uintptr_t)(&stacks.hardirq[cpu] + 1)) {
		ppc64_fail("irq stack overflow (a handler interrupted below the stack)");
	}
}

/* Nested, entered while a softirq runs (continue below the live frames),
 * or from off the stack while a handler runs there (an overrun). */
static __attribute__((noinline)) void irq_nested(struct ppc64_regs *regs, unsigned int cpu,
						 uintptr_t sp)
{
	uintptr_t live = hardirq_live_sp[cpu];

	check_interrupted(cpu, sp);
	if (ppc64_on_irq_stack(cpu, sp)) {
		handle_on_stack(regs);
		return;
	}
	if (live - (uintptr_t)&stacks.hardirq[cpu] < STACK_LOW_BYTES)
		ppc64_fail("irq stack overflow (nested too deep)");
	/* A handler of ours runs below the live frames: mark it as at the top. */
	hardirq_live_sp[cpu] = (uintptr_t)(&stacks.hardirq[cpu] + 1);
	ppc64_call_on_stack(handle_on_stack, regs, (void *)live);
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
		ppc64_call_on_stack(handle_on_stack, regs, top);
		hardirq_live_sp[cpu] = 0;
	} else {
		irq_nested(regs, cpu, ppc64_sp());
	}
	if (irq_unlikely(!guard_tops_ok(cpu)))
		ppc64_fail("irq stack overflow");
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

/* --- the decrementer: a tick of its own, not an irq descriptor --- */

static inline void set_dec(int64_t v)
{
	if (v < 1)
		v = 1;
	if (v > 0x7fffffff)
		v = 0x7fffffff;
	__asm__ __volatile__("mtdec %0" : : "r"((unsigned long)v));
}

void ppc64_timer_start(void)
{
	unsigned int cpu = port_cpu_id();

	next_tick[cpu] = mftb() + machine.tb_freq / HZ;
	set_dec((int64_t)(next_tick[cpu] - mftb()));
}

/* Accounted like Linux 2.6.9's timer path: irq_enter/irq_exit around it. The
 * decrementer is level-triggered in QEMU: re-arm before interrupts come on. */
void ppc64_timer_interrupt(struct ppc64_regs *regs)
{
	unsigned int cpu = port_cpu_id();
	uint64_t now = mftb();

	(void)regs;
	check_interrupted(cpu, ppc64_sp());	/* it runs on the stack it interrupted */
	if (in_irq())
		ppc64_nested_tick_sp = ppc64_sp();	/* for the irq-stack scenario */
	irq_enter();
	ticks[cpu]++;
	/* Late (a vCPU the host did not run): the missed periods come back
	 * to back, up to CATCH_UP_S behind; beyond that they are dropped. */
	next_tick[cpu] += machine.tb_freq / HZ;
	if (next_tick[cpu] + machine.tb_freq * CATCH_UP_S <= now)
		next_tick[cpu] = now + machine.tb_freq / HZ;
	set_dec((int64_t)(next_tick[cpu] - now));
	irq_spurious_poll();
	irq_exit();
}

unsigned long ppc64_ticks(unsigned int cpu)
{
	return ticks[cpu];
}

int ppc64_ipi_irq = -EINVAL;

/* Events of the IPI on @cpu: its line of the reservation (0 before there is one). */
static unsigned long ipi_count(unsigned int cpu)
{
	int irq = ppc64_ipi_irq < 0 ? -EINVAL : ipi_get_irq((unsigned int)ppc64_ipi_irq, cpu);

	return irq < 0 ? 0 : irq_stat_cpu((unsigned int)irq, cpu);
}

/*
 * Linux's summary rows: the decrementer is each CPU's own timer, counted
 * here (LOC); the IPI is one per-CPU genirq line per CPU (the generic
 * IPI API's reservation, ppc64_ipi_irq) that its requester keeps out of
 * the numbered list (irq_set_proc_hidden()), shown as IPI.
 */
void port_show_interrupts(struct irq_text *t)
{
	irq_proc_row(t, "LOC", ppc64_ticks, "Local timer interrupts (decrementer)");
	irq_proc_row(t, "IPI", ipi_count, "Inter-processor interrupts");
}

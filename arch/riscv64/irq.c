// SPDX-License-Identifier: MIT
/*
 * irq.c - the riscv64 interrupt glue: every interrupt on a per-CPU
 * hardirq stack, softirqs on their own, the supervisor software
 * interrupt (the IPI) and the SBI timer tick as per-CPU genirq lines
 * (the timer's numbered "riscv-timer", as riscv Linux shows it), external
 * interrupts to the controller the embedder chose, and the arch rows of
 * /proc/interrupts.
 */
#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/proc.h>

#include "riscv64.h"
#include "../kit.h"

#define fatal(why)	genirq_kit_fatal(why)
#define STACK_GUARD	0x5a5aa5a5deadbeefULL	/* bottom words of each stack */
#define STACK_LOW_BYTES	2048	/* a nested entry this close to the guard: overflow */
#define CATCH_UP_S	1	/* a tick this late is dropped, not made up */
#define SIE_SSIE	(1UL << IRQ_S_SOFT)
#define SIE_STIE	(1UL << IRQ_S_TIMER)
#define SIE_SEIE	(1UL << IRQ_S_EXT)

struct irq_stack {
	uint64_t	w[IRQ_STACK_BYTES / 8];
} __attribute__((aligned(16)));

/*
 * What the trap entry (entry.S) reads through sscratch, one per CPU: where
 * an interrupt from outside the hardirq stack switches to (its top, or
 * below the frames of the interrupt whose irq_exit() runs a softirq),
 * the stack's bottom, the guard value, and each interrupt cause's
 * fn(arg, regs).
 */
struct riscv64_irq_cpu {
	uintptr_t	switch_to;
	uintptr_t	bottom;
	uint64_t	guard;
	uint64_t	pad;
	struct {
		uintptr_t	fn;
		void		*arg;
	} cause[IRQ_CAUSES];
};
_Static_assert(offsetof(struct riscv64_irq_cpu, switch_to) == IRQ_CPU_SWITCH_TO &&
	       offsetof(struct riscv64_irq_cpu, bottom) == IRQ_CPU_BOTTOM &&
	       offsetof(struct riscv64_irq_cpu, guard) == IRQ_CPU_GUARD &&
	       offsetof(struct riscv64_irq_cpu, cause) == IRQ_CPU_CAUSE, "entry.S offsets");

static struct irq_stack hardirq_stack[GENIRQ_RISCV64_CPUS], softirq_stack[GENIRQ_RISCV64_CPUS];
static struct riscv64_irq_cpu irq_cpu[GENIRQ_RISCV64_CPUS];
static void set_causes(unsigned int cpu);
static unsigned long ticks[GENIRQ_RISCV64_CPUS];
static uint64_t next_tick[GENIRQ_RISCV64_CPUS];
static struct irq_desc *ipi_desc, *timer_desc;
static int ipi_irq = -1;
const struct riscv64_external *riscv64_external;
void (*volatile riscv64_ipi_hook)(void);
uintptr_t riscv64_nested_tick_sp;

/* s < sp <= its top, in one unsigned compare. */
static bool on_stack(const struct irq_stack *s, uintptr_t sp)
{
	return sp - (uintptr_t)s - 1 < sizeof(*s);
}

bool riscv64_on_irq_stack(unsigned int cpu, uintptr_t sp)
{
	return on_stack(&hardirq_stack[cpu], sp);
}

bool riscv64_on_softirq_stack(unsigned int cpu, uintptr_t sp)
{
	return on_stack(&softirq_stack[cpu], sp);
}

/* Overflow detection: a stack that ran into its guard words is fatal. */
bool riscv64_stack_guards_ok(unsigned int cpu)
{
	for (unsigned int i = 0; i < GUARD_WORDS; i++)
		if (hardirq_stack[cpu].w[i] != STACK_GUARD || softirq_stack[cpu].w[i] != STACK_GUARD)
			return false;
	return true;
}

volatile uint64_t *riscv64_stack_guard(unsigned int cpu, bool softirq)
{
	return &(softirq ? softirq_stack : hardirq_stack)[cpu].w[GUARD_WORDS - 1];
}

/* --- the IPI: sip.SSIP, set by the SBI on the target hart --- */

static void ipi_ack(struct irq_data *d)
{
	(void)d;
	riscv64_csr_clear(sip, SIE_SSIE);
}

static const struct irq_chip ipi_chip = {
	.name	= "RISC-V INTC",
	.ack	= ipi_ack,
};

int riscv64_map_ipi(void)
{
	int irq = irq_alloc_descs(-1, 1);

	if (irq < 0)
		return irq;
	if (irq_set_chip((unsigned int)irq, &ipi_chip, NULL) < 0 ||
	    irq_set_hwirq((unsigned int)irq, IRQ_S_SOFT) < 0 || irq_set_percpu((unsigned int)irq) < 0)
		return -EINVAL;
	ipi_desc = irq_to_desc((unsigned int)irq);
	ipi_irq = irq;
	for (unsigned int cpu = 0; cpu < GENIRQ_RISCV64_CPUS; cpu++)
		set_causes(cpu);
	return irq;
}

/* --- the SBI timer: a per-CPU line of the INTC, "riscv-timer" --- */

void riscv64_timer_start(void)
{
	unsigned int cpu = port_cpu_id();

	if (!timer_desc)
		fatal("riscv64_timer_start() before riscv64_map_timer()");
	next_tick[cpu] = riscv64_rdtime() + riscv64_timebase / GENIRQ_RISCV64_HZ;
	riscv64_set_timer(next_tick[cpu]);
}

/* The tick, as the line's handler (the entry's irq_enter/irq_exit around it). */
static irqreturn_t timer_interrupt(int irq, void *dev)
{
	unsigned int cpu = port_cpu_id();
	uint64_t now = riscv64_rdtime();

	(void)irq;
	(void)dev;
	if (hardirq_count() > HARDIRQ_OFFSET)
		riscv64_nested_tick_sp = riscv64_sp();	/* for the irq-stack scenario */
	ticks[cpu]++;
	/* Late (a vCPU the host did not run): the missed periods come back
	 * to back, up to CATCH_UP_S behind; beyond that they are dropped. */
	next_tick[cpu] += riscv64_timebase / GENIRQ_RISCV64_HZ;
	if (next_tick[cpu] + riscv64_timebase * CATCH_UP_S <= now)
		next_tick[cpu] = now + riscv64_timebase / GENIRQ_RISCV64_HZ;
	riscv64_set_timer(next_tick[cpu]);	/* also withdraws sip.STIP */
	irq_spurious_poll();
	return IRQ_HANDLED;
}

/* No ack: sip.STIP is read-only here; the next set_timer withdraws it, so
 * the tick runs with interrupts off (IRQF_DISABLED) until it has. */
static const struct irq_chip timer_chip = {
	.name	= "RISC-V INTC",
};

int riscv64_map_timer(void)
{
	int irq = irq_alloc_descs(-1, 1);

	if (irq < 0)
		return irq;
	if (irq_set_chip((unsigned int)irq, &timer_chip, NULL) < 0 ||
	    irq_set_hwirq((unsigned int)irq, IRQ_S_TIMER) < 0 || irq_set_percpu((unsigned int)irq) < 0 ||
	    request_irq((unsigned int)irq, timer_interrupt, IRQF_PERCPU | IRQF_DISABLED, "riscv-timer",
			ticks) < 0)
		return -EINVAL;
	timer_desc = irq_to_desc((unsigned int)irq);
	for (unsigned int cpu = 0; cpu < GENIRQ_RISCV64_CPUS; cpu++)
		set_causes(cpu);
	return irq;
}

unsigned long riscv64_ticks(unsigned int cpu)
{
	return ticks[cpu];
}

static unsigned long hardirq_used(unsigned int cpu)
{
	return genirq_kit_stack_used(hardirq_stack[cpu].w, IRQ_STACK_BYTES / 8, GUARD_WORDS, STACK_GUARD);
}

static unsigned long softirq_used(unsigned int cpu)
{
	return genirq_kit_stack_used(softirq_stack[cpu].w, IRQ_STACK_BYTES / 8, GUARD_WORDS, STACK_GUARD);
}

void riscv64_show_stacks(struct irq_text *t)
{
	genirq_kit_show_stacks(t, hardirq_used, softirq_used, IRQ_STACK_BYTES);
}

void riscv64_irq_init_cpu(unsigned int cpu)
{
	struct riscv64_irq_cpu *c = &irq_cpu[cpu];

	/* Painted whole: the guard words, and the high-water marks above. */
	genirq_kit_stack_paint(hardirq_stack[cpu].w, IRQ_STACK_BYTES / 8, STACK_GUARD);
	genirq_kit_stack_paint(softirq_stack[cpu].w, IRQ_STACK_BYTES / 8, STACK_GUARD);
	c->bottom = (uintptr_t)&hardirq_stack[cpu];
	c->switch_to = (uintptr_t)(&hardirq_stack[cpu] + 1);
	c->guard = STACK_GUARD;
	set_causes(cpu);
	riscv64_csr_write(sscratch, (uintptr_t)c);
	riscv64_csr_clear(sip, SIE_SSIE);
	if (riscv64_external && riscv64_external->cpu_init)
		riscv64_external->cpu_init();
	riscv64_csr_set(sie, SIE_SSIE | SIE_STIE | SIE_SEIE);
}

/* --- entry --- */

/* What each interrupt cause runs on the hardirq stack: fn(arg, regs). */
static void soft_clear(void *arg, void *regs)
{
	(void)arg;
	(void)regs;
	riscv64_csr_clear(sip, SIE_SSIE);
}

/* An external interrupt with no controller to take it: closed. */
static void no_external(void *arg, void *regs)
{
	(void)arg;
	(void)regs;
	riscv64_csr_clear(sie, SIE_SEIE);
}

static void unknown_cause(void *arg, void *regs)
{
	(void)arg;
	(void)regs;
	fatal("unknown interrupt cause");
}

/* The IPI straight into the core once its line exists. The argument is
 * written first: either pair the trap entry reads is whole. */
static void set_causes(unsigned int cpu)
{
	struct riscv64_irq_cpu *c = &irq_cpu[cpu];

	for (unsigned int i = 0; i < IRQ_CAUSES; i++)
		if (i != IRQ_S_SOFT && i != IRQ_S_TIMER && i != IRQ_S_EXT)
			c->cause[i].fn = (uintptr_t)unknown_cause;
	if (riscv64_external) {			/* straight into the controller */
		c->cause[IRQ_S_EXT].arg = riscv64_external->arg;
		c->cause[IRQ_S_EXT].fn = (uintptr_t)riscv64_external->handle;
	} else {
		c->cause[IRQ_S_EXT].fn = (uintptr_t)no_external;
	}
	/* No line yet: the tick is refused (riscv64_timer_start() needs it). */
	c->cause[IRQ_S_TIMER].arg = timer_desc;
	c->cause[IRQ_S_TIMER].fn = timer_desc ? (uintptr_t)irq_handle_entry : (uintptr_t)unknown_cause;
	if (ipi_desc) {
		c->cause[IRQ_S_SOFT].arg = ipi_desc;
		c->cause[IRQ_S_SOFT].fn = (uintptr_t)irq_handle_entry;
	} else {
		c->cause[IRQ_S_SOFT].fn = (uintptr_t)soft_clear;
	}
}

/* The trap entry found sp on the hardirq stack already (nested), or a
 * cause it does not know. */
void riscv64_irq_nested(struct riscv64_regs *regs)
{
	unsigned int cpu = port_cpu_id_fast();
	struct riscv64_irq_cpu *c = &irq_cpu[cpu];
	unsigned long cause = regs->scause & ~GENIRQ_RISCV64_SCAUSE_IRQ;

	if (riscv64_sp() - c->bottom < STACK_LOW_BYTES)
		fatal("irq stack overflow (nested too deep)");
	if (cause >= IRQ_CAUSES)
		unknown_cause(NULL, regs);
	((void (*)(void *, void *))c->cause[cause].fn)(c->cause[cause].arg, regs);
	if (hardirq_stack[cpu].w[GUARD_WORDS - 1] != STACK_GUARD)
		riscv64_irq_overflow();
}

void riscv64_irq_overflow(void)
{
	fatal("irq stack overflow");
}

/*
 * An interrupt from off the hardirq stack found its top guard word
 * overwritten (entry.S, at switch_to). In a handler (in_irq()): the
 * handler ran past the bottom of the stack and was interrupted down
 * there, its trap frame already written below the stack; starting again
 * at the top would overwrite the live frames. Either way the run ends
 * here, before anything runs on the overrun stack.
 */
void riscv64_irq_overrun(void)
{
	if (in_irq())
		fatal("irq stack overflow (a handler interrupted below the stack)");
	riscv64_irq_overflow();
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
	struct riscv64_irq_cpu *c = &irq_cpu[cpu];
	uintptr_t sp = riscv64_sp(), saved = c->switch_to;

	if (riscv64_on_irq_stack(cpu, sp)) {
		c->switch_to = sp & ~(uintptr_t)15;
		if (c->switch_to - c->bottom < STACK_LOW_BYTES)
			fatal("irq stack overflow (softirq entered too deep)");
	}
	riscv64_call_on_stack(softirq_trampoline, (void *)fn, &softirq_stack[cpu] + 1);
	c->switch_to = saved;
	/* The softirq stack is only used here: its guard is checked here. */
	if (softirq_stack[cpu].w[GUARD_WORDS - 1] != STACK_GUARD)
		fatal("softirq stack overflow");
}

/* Events of the IPI line on @cpu (0 before it is mapped). */
static unsigned long ipi_count(unsigned int cpu)
{
	return ipi_irq < 0 ? 0 : irq_stat_cpu((unsigned int)ipi_irq, cpu);
}

/*
 * Linux's summary rows: the SBI timer is a numbered line ("riscv-timer"),
 * no row; the IPI is a per-CPU genirq line that its requester keeps out of
 * the numbered list (irq_set_proc_hidden()), shown as IPI0 (riscv Linux
 * numbers its IPIs so, each named by its use: this one runs a function).
 */
void port_show_interrupts(struct irq_text *t)
{
	irq_proc_row(t, "IPI0", ipi_count, "Function call interrupts (SBI IPI)");
}

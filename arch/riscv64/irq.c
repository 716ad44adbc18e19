// SPDX-License-Identifier: MIT
/*
 * irq.c - the riscv64 interrupt glue: every interrupt on a per-CPU
 * hardirq stack, softirqs on their own, the supervisor software
 * interrupt (the IPI) as a per-CPU genirq line, the SBI timer tick,
 * external interrupts to the controller the embedder chose, and the arch
 * rows of /proc/interrupts.
 */
#include <genirq/hardirq.h>
#include <genirq/irq.h>
#include <genirq/proc.h>

#include "riscv64.h"

#define IRQ_STACK_BYTES	16384
#define STACK_GUARD	0x5a5aa5a5deadbeefULL	/* bottom words of each stack */
#define GUARD_WORDS	8
#define STACK_LOW_BYTES	2048	/* a nested entry this close to the guard: overflow */
#define CATCH_UP_S	1	/* a tick this late is dropped, not made up */
#define SIE_SSIE	(1UL << IRQ_S_SOFT)
#define SIE_STIE	(1UL << IRQ_S_TIMER)
#define SIE_SEIE	(1UL << IRQ_S_EXT)

struct irq_stack {
	uint64_t	w[IRQ_STACK_BYTES / 8];
} __attribute__((aligned(16)));

static struct irq_stack hardirq_stack[MAX_CPUS], softirq_stack[MAX_CPUS];
/* An interrupt taken while a softirq runs continues the hardirq stack
 * below the frames of the interrupt whose irq_exit() runs it; 0: free. */
static uintptr_t hardirq_live_sp[MAX_CPUS];
static unsigned long ticks[MAX_CPUS];
static uint64_t next_tick[MAX_CPUS];
static struct irq_desc *ipi_desc;
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

/* --- the IPI: sip.SSIP, set by the SBI on the target hart --- */

static void ipi_ack(struct irq_data *d)
{
	(void)d;
	csr_clear(sip, SIE_SSIE);
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
	return irq;
}

/* --- the SBI timer: a tick of its own, not an irq descriptor --- */

void riscv64_timer_start(void)
{
	unsigned int cpu = port_cpu_id();

	next_tick[cpu] = rdtime() + machine.timebase / HZ;
	sbi_set_timer(next_tick[cpu]);
}

/* Accounted like Linux 2.6.9's timer path: irq_enter/irq_exit around it. */
static void timer_interrupt(void)
{
	unsigned int cpu = port_cpu_id();
	uint64_t now = rdtime();

	if (in_irq())
		riscv64_nested_tick_sp = riscv64_sp();	/* for the irq-stack scenario */
	irq_enter();
	ticks[cpu]++;
	/* Late (a vCPU the host did not run): the missed periods come back
	 * to back, up to CATCH_UP_S behind; beyond that they are dropped. */
	next_tick[cpu] += machine.timebase / HZ;
	if (next_tick[cpu] + machine.timebase * CATCH_UP_S <= now)
		next_tick[cpu] = now + machine.timebase / HZ;
	sbi_set_timer(next_tick[cpu]);	/* also withdraws sip.STIP */
	irq_spurious_poll();
	irq_exit();
}

unsigned long riscv64_ticks(unsigned int cpu)
{
	return ticks[cpu];
}

void riscv64_irq_init_cpu(unsigned int cpu)
{
	for (unsigned int i = 0; i < GUARD_WORDS; i++)
		hardirq_stack[cpu].w[i] = softirq_stack[cpu].w[i] = STACK_GUARD;
	csr_clear(sip, SIE_SSIE);
	if (riscv64_external && riscv64_external->cpu_init)
		riscv64_external->cpu_init();
	csr_set(sie, SIE_SSIE | SIE_STIE | SIE_SEIE);
}

/* --- entry --- */

/* What each interrupt cause runs on the hardirq stack. */
static void handle_soft(void *regs)
{
	if (ipi_desc)
		irq_handle_entry(ipi_desc, regs);
	else
		csr_clear(sip, SIE_SSIE);
}

static void handle_timer(void *regs)
{
	(void)regs;
	timer_interrupt();
}

static void handle_ext(void *regs)
{
	if (riscv64_external)
		riscv64_external->handle(regs);
	else
		csr_clear(sie, SIE_SEIE);
}

static void (*const handle_cause[])(void *regs) = {
	[IRQ_S_SOFT]	= handle_soft,
	[IRQ_S_TIMER]	= handle_timer,
	[IRQ_S_EXT]	= handle_ext,
};

/* The top guard word of both stacks, the first an overflow reaches: on
 * every exit (riscv64_stack_guards_ok() checks them all). */
static bool guard_tops_ok(unsigned int cpu)
{
	return hardirq_stack[cpu].w[GUARD_WORDS - 1] == STACK_GUARD &&
	       softirq_stack[cpu].w[GUARD_WORDS - 1] == STACK_GUARD;
}

/* Nested, or entered while a softirq runs: continue below the live frames. */
static __attribute__((noinline)) void irq_nested(void (*fn)(void *), struct riscv64_regs *regs,
						 unsigned int cpu, uintptr_t sp)
{
	bool nested = riscv64_on_irq_stack(cpu, sp);

	if (!nested)
		sp = hardirq_live_sp[cpu];
	if (sp - (uintptr_t)&hardirq_stack[cpu] < STACK_LOW_BYTES)
		riscv64_fail("irq stack overflow (nested too deep)");
	if (nested)
		fn(regs);
	else
		riscv64_call_on_stack(fn, regs, (void *)sp);
}

/* Linux 2.6.9's call_handle_IRQ_event: switch unless already on the stack
 * (to its top, or below the frames a running softirq left there). */
static void do_irq(void (*fn)(void *), struct riscv64_regs *regs)
{
	unsigned int cpu = port_cpu_id_fast();

	if (irq_likely(!hardirq_live_sp[cpu] && !riscv64_on_irq_stack(cpu, riscv64_sp())))
		riscv64_call_on_stack(fn, regs, &hardirq_stack[cpu] + 1);
	else
		irq_nested(fn, regs, cpu, riscv64_sp());
	if (irq_unlikely(!guard_tops_ok(cpu)))
		riscv64_fail("irq stack overflow");
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
	uintptr_t sp = riscv64_sp(), saved = hardirq_live_sp[cpu];

	if (riscv64_on_irq_stack(cpu, sp))
		hardirq_live_sp[cpu] = sp & ~(uintptr_t)15;
	riscv64_call_on_stack(softirq_trampoline, (void *)fn, &softirq_stack[cpu] + 1);
	hardirq_live_sp[cpu] = saved;
}

static void dump_regs(const struct riscv64_regs *r)
{
	riscv64_printf("\nexception scause 0x%lx on cpu %u\n", r->scause, port_cpu_id());
	riscv64_printf("sepc %016lx stval %016lx sstatus %016lx\n", r->sepc, r->stval, r->sstatus);
	for (unsigned int i = 0; i < 32; i += 4)
		riscv64_printf("x%-2u %016lx %016lx %016lx %016lx\n", i, r->x[i], r->x[i + 1],
			       r->x[i + 2], r->x[i + 3]);
}

static __attribute__((noreturn, noinline, cold)) void exception(struct riscv64_regs *regs)
{
	console_break_lock();
	dump_regs(regs);
	riscv64_fail("unexpected exception");
}

void riscv64_trap(struct riscv64_regs *regs)
{
	unsigned long cause = regs->scause & ~SCAUSE_IRQ;

	if (irq_unlikely(!(regs->scause & SCAUSE_IRQ)))
		exception(regs);
	if (irq_unlikely(cause == IRQ_S_SOFT && riscv64_ipi_hook != NULL)) {
		riscv64_ipi_hook();	/* make bench's floor */
		return;
	}
	if (irq_unlikely(cause >= sizeof(handle_cause) / sizeof(handle_cause[0]) ||
			 !handle_cause[cause]))
		riscv64_fail("unknown interrupt cause");
	do_irq(handle_cause[cause], regs);
}

/* Events of the IPI line on @cpu (0 before it is mapped). */
static unsigned long ipi_count(unsigned int cpu)
{
	return ipi_irq < 0 ? 0 : irq_stat_cpu((unsigned int)ipi_irq, cpu);
}

/*
 * Linux's summary rows: the SBI timer is each hart's own, counted here
 * (LOC); the IPI is a per-CPU genirq line that its requester keeps out of
 * the numbered list (irq_set_proc_hidden()), shown as IPI.
 */
void port_show_interrupts(struct irq_text *t)
{
	irq_proc_row(t, "LOC", riscv64_ticks, "Local timer interrupts (SBI set_timer)");
	irq_proc_row(t, "IPI", ipi_count, "Inter-processor interrupts (SBI IPI)");
}

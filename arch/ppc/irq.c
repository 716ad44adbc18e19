// SPDX-License-Identifier: MIT
/*
 * irq.c - the e500 interrupt glue: external interrupt entry onto the
 * per-CPU hardirq stack, IACK/dispatch/EOI through the MPIC, stray
 * vectors, and the register dump that ends the run on any other
 * exception.
 */
#include <genirq/irq.h>
#include <genirq/chip/mpic.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "ppc.h"

#define EXC_EXTERNAL	4

static struct mpic *pic;

void ppc_irq_init(struct mpic *m)
{
	pic = m;
}

/* A vector that reached no line: the MPIC still waits for its EOI. */
void port_ack_bad_irq(unsigned int irq)
{
	(void)irq;
	mpic_eoi_cpu(pic);
}

static void dispatch(void *regs)
{
	mpic_handle(pic, regs);
}

/* What external() calls on each CPU's hardirq stack: genirq, or bench.c's floor. */
static void (*dispatch_fn[PPC_MAX_CPUS])(void *regs) = { [0 ... PPC_MAX_CPUS - 1] = dispatch };

void ppc_irq_set_dispatch(void (*fn)(void *regs))
{
	dispatch_fn[port_cpu_id()] = fn ? fn : dispatch;
}

static __attribute__((noreturn)) void stack_overrun(void)
{
	ppc_fail("interrupt stack overflow: an interrupt came in below the guard words");
}

static void external(struct ppc_regs *regs)
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
		dispatch_fn[cpu](regs);
	} else {
		top = ppc_hardirq_enter(cpu);
		if (!top)
			stack_overrun();
		ppc_call_on_stack(regs, dispatch_fn[cpu], top);
		ppc_hardirq_leave(cpu);
	}
	if (!ppc_stack_guards_ok(cpu))
		ppc_fail("interrupt stack overflow: guard words overwritten");
}

static const char *const exc_names[36] = {
	[0] = "critical input", [1] = "machine check", [2] = "data storage",
	[3] = "instruction storage", [5] = "alignment", [6] = "program",
	[7] = "FP unavailable", [8] = "system call", [9] = "APU unavailable",
	[10] = "decrementer", [11] = "fixed-interval timer", [12] = "watchdog",
	[13] = "data TLB miss", [14] = "instruction TLB miss", [15] = "debug",
	[32] = "SPE unavailable", [33] = "embedded FP data", [34] = "embedded FP round",
	[35] = "performance monitor",
};

static void dump(struct ppc_regs *r)
{
	char line[160];
	const char *name = r->kind < 36 && exc_names[r->kind] ? exc_names[r->kind] : "?";
	int n;

	ppc_console_emergency();
	n = irq_snprintf(line, sizeof(line),
			 "\nEXCEPTION %s (IVOR%u) on CPU %u\n SRR0 %08x SRR1 %08x ESR %08x DEAR %08x\n",
			 name, r->kind, port_cpu_id(), r->srr0, r->srr1, mfspr(SPRN_ESR),
			 mfspr(SPRN_DEAR));
	port_console_write(line, (size_t)n);
	n = irq_snprintf(line, sizeof(line), " LR %08x CR %08x CTR %08x XER %08x\n",
			 r->lr, r->cr, r->ctr, r->xer);
	port_console_write(line, (size_t)n);
	for (unsigned int i = 0; i < 32; i += 4) {
		n = irq_snprintf(line, sizeof(line), " r%-2u %08x %08x %08x %08x\n", i,
				 r->gpr[i], r->gpr[i + 1], r->gpr[i + 2], r->gpr[i + 3]);
		port_console_write(line, (size_t)n);
	}
}

void ppc_exception(struct ppc_regs *regs)
{
	if (regs->kind == EXC_EXTERNAL) {
		external(regs);
		return;
	}
	dump(regs);
	ppc_fail("unexpected exception");
}

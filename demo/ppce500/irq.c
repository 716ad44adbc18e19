// SPDX-License-Identifier: MIT
/*
 * irq.c - the ppce500 demo kernel's interrupt glue: the MPIC's
 * IACK/dispatch/EOI as the handler of the port kit's external interrupt
 * entry (arch/ppc/irqstack.c), stray vectors, and the register dump that
 * ends the run on any other exception.
 */
#include <genirq/irq.h>
#include <genirq/chip/mpic.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "ppce500.h"

static struct mpic *pic;

static void dispatch(void *regs)
{
	mpic_handle(pic, regs);
}

void ppc_irq_init(struct mpic *m)
{
	pic = m;
	for (unsigned int cpu = 0; cpu < PPC_MAX_CPUS; cpu++)
		ppc_irq_set_handler(cpu, dispatch);
}

/* A vector that reached no line: the MPIC still waits for its EOI. */
void port_ack_bad_irq(unsigned int irq)
{
	(void)irq;
	mpic_eoi_cpu(pic);
}

void ppc_irq_set_dispatch(void (*fn)(void *regs))
{
	ppc_irq_set_handler(port_cpu_id(), fn ? fn : dispatch);
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
			 name, r->kind, port_cpu_id(), r->srr0, r->srr1, ppc_mfspr(SPRN_ESR),
			 ppc_mfspr(SPRN_DEAR));
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

/* Every exception but the external interrupt (the kit's entry takes that). */
void ppc_exception(struct ppc_regs *regs)
{
	dump(regs);
	ppc_fail("unexpected exception");
}

// SPDX-License-Identifier: MIT
/*
 * irq.c - the x86_64 interrupt glue: from a vector to the core on this
 * CPU's hardirq stack; softirqs on its softirq stack; the port's rows.
 *
 * The stacks work as on i386 (see arch/i386/irq.c and docs/i386.md):
 * switch to the hardirq stack unless on it; softirqs move to their own
 * stack and leave the live hardirq frames below them; a guard word at
 * the bottom of each stack is checked on every entry.
 */
#include <genirq/hardirq.h>
#include <genirq/i8259.h>
#include <genirq/ioapic.h>
#include <genirq/irq.h>
#include <genirq/lapic.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "x86.h"
#include "x86_64.h"

#define IRQ_STACK_BYTES		8192u
#define STACK_GUARD		0x57AC6A2D57AC6A2Dull
#define STACK_WARN_BYTES	1024u	/* report with less than this left */
#define SOFTIRQ_FRAME_GAP	128u	/* our call's frame lies below rsp by less */

struct irq_stack {
	uint64_t words[IRQ_STACK_BYTES / 8];
} __attribute__((aligned(16)));

struct cpu_irq {
	struct irq_stack	stacks[X86_NR_STACKS];
	uintptr_t		hardirq_sp;	/* where the next switch lands */
	unsigned long		overflows, nmis;
};

static struct cpu_irq cpus[X86_64_MAX_CPUS];
struct vector_map {
	struct irq_domain	*domain;
	irq_hw_number_t		hw;
};

static struct vector_map vectors[256];
struct irq_domain *x86_64_lapic_domain;

static inline uintptr_t rsp(void)
{
	uintptr_t sp;

	__asm__ __volatile__("mov %%rsp, %0" : "=r"(sp));
	return sp;
}

static uintptr_t stack_base(struct cpu_irq *c, enum x86_stack which)
{
	return (uintptr_t)&c->stacks[which];
}

bool x86_on_stack(enum x86_stack which, uintptr_t sp)
{
	return sp - stack_base(&cpus[port_cpu_id()], which) < IRQ_STACK_BYTES;
}

volatile uint32_t *x86_stack_guard(enum x86_stack which)
{
	return (volatile uint32_t *)&cpus[port_cpu_id()].stacks[which].words[0];
}

unsigned long x86_stack_overflows(void)
{
	unsigned long n = 0;

	for (unsigned int i = 0; i < X86_64_MAX_CPUS; i++)
		n += cpus[i].overflows;
	return n;
}

unsigned int x86_stack_check(void)
{
	static const char *const names[X86_NR_STACKS] = { "hardirq", "softirq" };
	struct cpu_irq *c = &cpus[port_cpu_id()];
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

static void dispatch(void *arg)
{
	struct x86_64_regs *regs = arg;

	irq_handle_domain_entry(vectors[regs->vector].domain, vectors[regs->vector].hw, regs);
}

void x86_64_interrupt(struct x86_64_regs *regs)
{
	struct cpu_irq *c = &cpus[port_cpu_id()];
	uintptr_t sp = rsp();

	x86_stack_check();
	if (irq_unlikely(regs->vector == LAPIC_SPURIOUS_VECTOR)) {
		irq_spurious_vector();		/* no EOI: nothing is in service */
	} else if (irq_unlikely(!vectors[regs->vector].domain)) {
		irq_error_event();
		port_ack_bad_irq((unsigned int)regs->vector);
	} else if (sp - stack_base(c, X86_HARDIRQ_STACK) < IRQ_STACK_BYTES) {
		if (irq_unlikely(sp - stack_base(c, X86_HARDIRQ_STACK) < STACK_WARN_BYTES)) {
			irq_log("do_IRQ: stack overflow: %u bytes left",
				(unsigned int)(sp - stack_base(c, X86_HARDIRQ_STACK)));
			c->overflows++;
		}
		dispatch(regs);
	} else {
		x86_64_call_on_stack(regs, dispatch, c->hardirq_sp);
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
	struct cpu_irq *c = &cpus[port_cpu_id()];
	struct softirq_call call = { fn };
	uintptr_t sp = rsp(), saved = c->hardirq_sp;

	if (sp - stack_base(c, X86_SOFTIRQ_STACK) < IRQ_STACK_BYTES) {
		fn();
		return;
	}
	if (sp - stack_base(c, X86_HARDIRQ_STACK) < IRQ_STACK_BYTES)
		c->hardirq_sp = (sp - SOFTIRQ_FRAME_GAP) & ~(uintptr_t)15;
	x86_64_call_on_stack(&call, softirq_trampoline,
			     stack_base(c, X86_SOFTIRQ_STACK) + IRQ_STACK_BYTES);
	c->hardirq_sp = saved;
}

void x86_64_nmi(struct x86_64_regs *regs)
{
	(void)regs;
	nmi_enter();
	cpus[port_cpu_id()].nmis++;
	nmi_exit();
}

/* The seed's ack_APIC_irq: a vector nobody owns still holds the local APIC. */
void port_ack_bad_irq(unsigned int irq)
{
	irq_log("unexpected IRQ trap at vector %02x", irq);
	lapic_eoi();
}

void port_show_interrupts(struct irq_text *t)
{
	unsigned int cpu;

	irq_text_puts(t, " NMI:");
	for_each_cpu(cpu, irq_cpu_online_mask())
		irq_text_printf(t, " %10lu", cpus[cpu].nmis);
	irq_text_puts(t, "  Non-maskable interrupts\n STK:");
	for_each_cpu(cpu, irq_cpu_online_mask())
		irq_text_printf(t, " %10lu", cpus[cpu].overflows);
	irq_text_puts(t, "  Interrupt stack overflows\n");
}

void x86_64_irq_cpu_init(unsigned int cpu)
{
	struct cpu_irq *c = &cpus[cpu];

	for (unsigned int i = 0; i < X86_NR_STACKS; i++)
		c->stacks[i].words[0] = STACK_GUARD;
	c->hardirq_sp = stack_base(c, X86_HARDIRQ_STACK) + IRQ_STACK_BYTES;
	lapic_cpu_init();
}

static unsigned int cpu_apic_id(unsigned int cpu)
{
	return x86_64_mach.apic_id[cpu];
}

static const struct ioapic_ops ioapic_ops = {
	.local_eoi	= lapic_eoi,
	.cpu_apic_id	= cpu_apic_id,
	.send_vector	= lapic_send_vector,
};

static const uint8_t lapic_vectors[LAPIC_NR_LINES] = {
	[LAPIC_TIMER] = LAPIC_TIMER_VECTOR,
	[LAPIC_IPI] = LAPIC_IPI_VECTOR,
	[LAPIC_ERROR] = LAPIC_ERROR_VECTOR,
};

void x86_64_irq_init(void)
{
	struct irq_domain *io, *local;

	i8259_disable(X86_64_VECTOR_PIC);
	x86_64_irq_cpu_init(0);
	io = ioapic_init(x86_64_mach.ioapic_base ? x86_64_mach.ioapic_base : IOAPIC_PHYS_BASE,
			 0, X86_64_VECTOR_IOAPIC, &ioapic_ops);
	local = x86_64_lapic_domain = lapic_init();
	for (unsigned int pin = 0; io && pin < ioapic_nr_pins(); pin++)
		vectors[X86_64_VECTOR_IOAPIC + pin] = (struct vector_map){ io, pin };
	for (unsigned int hw = 0; local && hw < LAPIC_NR_LINES; hw++)
		vectors[lapic_vectors[hw]] = (struct vector_map){ local, hw };
	/* ISA lines edge, active high, except where the MADT says level (PCI). */
	for (unsigned int isa = 0; isa < 16; isa++)
		irq_set_irq_type(x86_isa_irq(isa), x86_64_mach.isa_level[isa] ?
				 IRQ_TYPE_LEVEL_HIGH : IRQ_TYPE_EDGE_RISING);
}

// SPDX-License-Identifier: MIT
/*
 * irq.c - the aarch64 interrupt glue: IRQ exceptions into the GIC
 * driver (v3 or v2, as the device tree says) and the core on a per-CPU
 * hardirq stack, softirqs on their own stack, the generic timer's tick
 * as a per-CPU genirq line, and the arch rows of /proc/interrupts.
 */
#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/proc.h>
#include <genirq/chip/gicv2.h>
#include <genirq/chip/gicv3.h>

#include "aarch64.h"

#define STACK_LOW_BYTES	2048	/* a nested entry this close to the guard: overflow */
#define IPI_SGI		0	/* the one IPI */
#define CNTV_CTL_ENABLE	1u
/* Below the sp read in port_softirq_on_stack(): its own frame's growth and
 * aarch64_call_on_stack()'s push of fp/lr, which must survive. */
#define SWITCH_FRAME_BYTES	128

struct irq_stack {
	uint64_t	w[IRQ_STACK_BYTES / 8];
} __attribute__((aligned(16)));

/*
 * What aarch64_irq() (boot.S) reads through TPIDR_EL1, one per CPU: where
 * an interrupt from outside the hardirq stack switches to (its top, or
 * below the frames a softirq run from irq_exit() left there), the stack's
 * bottom, and the GIC driver's handler with its argument.
 */
struct aarch64_irq_cpu {
	uintptr_t	switch_to;
	uintptr_t	bottom;
	uintptr_t	handle;		/* gicv3_handle() or gicv2_handle() */
	void		*gic;
};
_Static_assert(offsetof(struct aarch64_irq_cpu, switch_to) == IRQ_CPU_SWITCH_TO &&
	       offsetof(struct aarch64_irq_cpu, bottom) == IRQ_CPU_BOTTOM &&
	       offsetof(struct aarch64_irq_cpu, handle) == IRQ_CPU_HANDLE &&
	       offsetof(struct aarch64_irq_cpu, gic) == IRQ_CPU_HANDLE + 8, "boot.S offsets");

static struct irq_stack hardirq_stack[MAX_CPUS], softirq_stack[MAX_CPUS];
static struct aarch64_irq_cpu irq_cpu[MAX_CPUS];
static unsigned long ticks[MAX_CPUS];
static struct gicv3 *gic3;
static struct gicv2 *gic2;
static int timer_irq = -1, ipi_irq = -1;
uintptr_t aarch64_nested_tick_sp;
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

/* --- the GIC, either version --- */

void aarch64_irq_init(void)
{
	if (machine.gic_version == 3) {
		struct gicv3_config c = { .dist = machine.gicd, .redist = machine.gicr,
					  .nr_cpus = machine.nr_cpus };

		for (unsigned int i = 0; i < machine.nr_cpus; i++)
			c.mpidr[i] = machine.mpidr[i];
		gic3 = gicv3_create(&c);
	} else {
		struct gicv2_config c = { .dist = machine.gicd, .cpu = machine.gicc,
					  .nr_cpus = machine.nr_cpus };

		gic2 = gicv2_create(&c);
	}
	if (!gic3 && !gic2)
		aarch64_fail("no GIC");
}

void aarch64_irq_init_cpu(void)
{
	unsigned int cpu = port_cpu_id();

	struct aarch64_irq_cpu *c = &irq_cpu[cpu];

	for (unsigned int i = 0; i < GUARD_WORDS; i++)
		hardirq_stack[cpu].w[i] = softirq_stack[cpu].w[i] = STACK_GUARD;
	c->bottom = (uintptr_t)&hardirq_stack[cpu];
	c->switch_to = (uintptr_t)(&hardirq_stack[cpu] + 1);
	c->handle = gic3 ? (uintptr_t)gicv3_handle : (uintptr_t)gicv2_handle;
	c->gic = gic3 ? (void *)gic3 : (void *)gic2;
	__asm__ __volatile__("msr tpidr_el1, %0" : : "r"(c) : "memory");
	if (gic3)
		gicv3_cpu_init(gic3);
	else
		gicv2_cpu_init(gic2);
}

struct irq_domain *aarch64_gic_domain(void)
{
	return gic3 ? gicv3_domain(gic3) : gicv2_domain(gic2);
}

struct gicv3 *aarch64_gicv3(void)
{
	return gic3;
}

struct gicv2 *aarch64_gicv2(void)
{
	return gic2;
}

int aarch64_gic_map(uint32_t intid, unsigned int trigger)
{
	return gic3 ? gicv3_map(gic3, intid, trigger) : gicv2_map(gic2, intid, trigger);
}

void aarch64_send_sgi(unsigned int cpu, unsigned int sgi)
{
	if (gic3)
		gicv3_send_sgi(gic3, cpu, sgi);
	else
		gicv2_send_sgi(gic2, cpu, sgi);
}

void aarch64_send_ipi(unsigned int cpu)
{
	aarch64_send_sgi(cpu, IPI_SGI);
}

/* Nested: already on the hardirq stack (boot.S's aarch64_irq() came here). */
void aarch64_irq_nested(struct aarch64_regs *regs)
{
	unsigned int cpu = port_cpu_id_fast();

	if (aarch64_sp() - (uintptr_t)&hardirq_stack[cpu] < STACK_LOW_BYTES)
		aarch64_fail("irq stack overflow (nested too deep)");
	if (gic3)
		gicv3_handle(gic3, regs);
	else
		gicv2_handle(gic2, regs);
	if (hardirq_stack[cpu].w[GUARD_WORDS - 1] != STACK_GUARD)
		aarch64_irq_overflow();
}

void aarch64_irq_overflow(void)
{
	aarch64_fail("irq stack overflow");
}

/*
 * An interrupt from off the hardirq stack found its top guard word
 * overwritten (boot.S, at switch_to). In a handler (in_irq()): the
 * handler ran past the bottom of the stack and was interrupted down
 * there, its entry frame already written below the stack; starting again
 * at the top would overwrite the live frames. Either way the run ends
 * here, before anything runs on the overrun stack.
 */
void aarch64_irq_overrun(void)
{
	if (in_irq())
		aarch64_fail("irq stack overflow (a handler interrupted below the stack)");
	aarch64_irq_overflow();
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
	struct aarch64_irq_cpu *c = &irq_cpu[cpu];
	uintptr_t sp = aarch64_sp(), saved = c->switch_to;

	if (aarch64_on_irq_stack(cpu, sp)) {
		c->switch_to = (sp - SWITCH_FRAME_BYTES) & ~(uintptr_t)15;
		if (c->switch_to - c->bottom < STACK_LOW_BYTES)
			aarch64_fail("irq stack overflow (softirq entered too deep)");
	}
	aarch64_call_on_stack(softirq_trampoline, (void *)fn, &softirq_stack[cpu] + 1);
	c->switch_to = saved;
	/* The softirq stack is only used here: its guard is checked here. */
	if (softirq_stack[cpu].w[GUARD_WORDS - 1] != STACK_GUARD)
		aarch64_fail("softirq stack overflow");
}

/* --- the tick: the EL1 virtual timer, a per-CPU PPI --- */

static void timer_arm(void)
{
	uint64_t period = aarch64_cntfrq() / HZ, cval;

	__asm__ __volatile__("mrs %0, cntv_cval_el0" : "=r"(cval));
	/* Late by less than a second (a host that did not run this vCPU for a
	 * while): the missed ticks follow at once, so a span of the counter
	 * holds its ticks. Later than that: start again from now. */
	cval += period;
	if (cval + aarch64_cntfrq() <= cntvct())
		cval = cntvct() + period;
	__asm__ __volatile__("msr cntv_cval_el0, %0; msr cntv_ctl_el0, %1; isb"
			     : : "r"(cval), "r"((uint64_t)CNTV_CTL_ENABLE) : "memory");
}

/* The timer's level stays up until the compare value moves past the
 * counter: re-arm before the end of the event. */
static irqreturn_t tick(int irq, void *dev)
{
	unsigned int cpu = port_cpu_id();

	(void)irq;
	(void)dev;
	if (hardirq_count() > HARDIRQ_OFFSET)
		aarch64_nested_tick_sp = aarch64_sp();	/* for the irq-stack scenario */
	ticks[cpu]++;
	timer_arm();
	irq_spurious_poll();
	return IRQ_HANDLED;
}

void aarch64_timer_start_cpu(void)
{
	__asm__ __volatile__("msr cntv_cval_el0, %0" : : "r"(cntvct()));
	timer_arm();
}

int aarch64_timer_start(void)
{
	int ret;

	timer_irq = aarch64_gic_map(machine.timer_irq.intid, machine.timer_irq.trigger);
	if (timer_irq < 0)
		return timer_irq;
	if (gic3)
		gicv3_set_priority(gic3, machine.timer_irq.intid, GIC_PRIO_HIGH);
	else
		gicv2_set_priority(gic2, machine.timer_irq.intid, GIC_PRIO_HIGH);
	ret = request_irq((unsigned int)timer_irq, tick, IRQF_PERCPU, "arch_timer", &machine);
	if (ret < 0)
		return ret;
	irq_set_proc_hidden((unsigned int)timer_irq, true);	/* the LOC row shows it */
	aarch64_timer_start_cpu();
	return timer_irq;
}

unsigned long aarch64_ticks(unsigned int cpu)
{
	return ticks[cpu];
}

/* Events of the IPI line on @cpu (0 before it is mapped). */
static unsigned long ipi_count(unsigned int cpu)
{
	if (ipi_irq < 0)
		ipi_irq = irq_find_mapping(aarch64_gic_domain(), IPI_SGI);
	return ipi_irq < 0 ? 0 : irq_stat_cpu((unsigned int)ipi_irq, cpu);
}

/*
 * Linux's summary rows: the timer and the IPI are per-CPU genirq lines
 * that their requesters keep out of the numbered list
 * (irq_set_proc_hidden()), shown here as LOC and IPI.
 */
void port_show_interrupts(struct irq_text *t)
{
	irq_proc_row(t, "LOC", aarch64_ticks, "Local timer interrupts (arch_timer)");
	irq_proc_row(t, "IPI", ipi_count, "Inter-processor interrupts");
}

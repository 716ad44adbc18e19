// SPDX-License-Identifier: MIT
/*
 * gic.c - the virt demo kernel's interrupt controller and tick: the GIC
 * (v3 or v2, as the device tree says) handed to the port kit's IRQ entry
 * (arch/aarch64/irqstack.c), the generic timer's tick as a per-CPU genirq
 * line, the IPI, and the arch rows of /proc/interrupts.
 */
#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/proc.h>
#include <genirq/of_irq.h>
#include <genirq/chip/gicv2.h>
#include <genirq/chip/gicv3.h>

#include "virt.h"
#include "fdt.h"

#define IPI_SGI		0	/* the self-tests' IPI */
#define WAKE_SGI	1	/* main.c's: wakes the shell's CPU for input */
#define CNTV_CTL_ENABLE	1u
#define TIMER_VIRT	2u	/* arm,armv8-timer's interrupts: sec, phys, virt, hyp */
static unsigned long ticks[MAX_CPUS];
static struct gicv3 *gic3;
static struct gicv2 *gic2;
static int timer_irq = -1;
uintptr_t aarch64_nested_tick_sp;

/* --- the GIC, either version --- */

/* A line the tree describes, as aarch64_gic_map() maps it (PPIs per CPU). */
static int gic_of_map(void *data, irq_hw_number_t intid, unsigned int trigger)
{
	(void)data;
	return aarch64_gic_map((uint32_t)intid, trigger);
}

static const struct irq_fwnode_ops gic_of_ops = {
	.translate = gic_irq_domain_translate, .map = gic_of_map,
};

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
	/* Devices find their lines from the tree: the GIC answers for its node. */
	if (irq_domain_set_fwnode(aarch64_gic_domain(),
				  irq_of_fwnode(virt_dtb(), machine.gic_node),
				  fdt_node_name(virt_dtb(), machine.gic_node), &gic_of_ops, NULL))
		aarch64_fail("the GIC's device tree node");
}

void aarch64_irq_init_cpu(void)
{
	/* The GIC drivers' handlers take their GIC and the frame: the kit's
	 * entry calls them as they are, with no wrapper on the way. */
	if (gic3) {
		aarch64_irq_cpu_init((aarch64_irq_handler_t)(void (*)(void))gicv3_handle, gic3);
		gicv3_cpu_init(gic3);
	} else {
		aarch64_irq_cpu_init((aarch64_irq_handler_t)(void (*)(void))gicv2_handle, gic2);
		gicv2_cpu_init(gic2);
	}
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

uint32_t aarch64_intid(int irq)
{
	struct irq_data *d = irq >= 0 ? irq_get_irq_data((unsigned int)irq) : NULL;

	return d ? (uint32_t)d->hwirq : 0;
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

/* --- the tick: the EL1 virtual timer, a per-CPU PPI --- */

static void timer_arm(void)
{
	uint64_t period = aarch64_cntfrq() / HZ, cval;

	__asm__ __volatile__("mrs %0, cntv_cval_el0" : "=r"(cval));
	/* Late by less than a second (a host that did not run this vCPU for a
	 * while): the missed ticks follow at once, so a span of the counter
	 * holds its ticks. Later than that: start again from now. */
	cval += period;
	if (cval + aarch64_cntfrq() <= aarch64_cntvct())
		cval = aarch64_cntvct() + period;
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
	__asm__ __volatile__("msr cntv_cval_el0, %0" : : "r"(aarch64_cntvct()));
	timer_arm();
}

int aarch64_timer_start(void)
{
	int ret;

	timer_irq = irq_of_parse_and_map(virt_dtb(), machine.timer_node, TIMER_VIRT);
	if (timer_irq < 0)
		return timer_irq;
	if (gic3)
		gicv3_set_priority(gic3, aarch64_intid(timer_irq), GIC_PRIO_HIGH);
	else
		gicv2_set_priority(gic2, aarch64_intid(timer_irq), GIC_PRIO_HIGH);
	ret = request_irq((unsigned int)timer_irq, tick, IRQF_PERCPU, "arch_timer", &machine);
	if (ret < 0)
		return ret;
	/* A numbered line, as arm64 Linux shows arch_timer (no LOC row). */
	aarch64_timer_start_cpu();
	return timer_irq;
}

unsigned long aarch64_ticks(unsigned int cpu)
{
	return ticks[cpu];
}

/* Events of SGI @sgi's line on @cpu (0 before it is mapped). */
static unsigned long sgi_count(unsigned int sgi, unsigned int cpu)
{
	int irq = irq_find_mapping(aarch64_gic_domain(), sgi);

	return irq < 0 ? 0 : irq_stat_cpu((unsigned int)irq, cpu);
}

static unsigned long ipi0_count(unsigned int cpu)
{
	return sgi_count(IPI_SGI, cpu);
}

static unsigned long ipi1_count(unsigned int cpu)
{
	return sgi_count(WAKE_SGI, cpu);
}

/*
 * arm64 Linux's rows: each IPI (an SGI, a per-CPU genirq line that its
 * requester keeps out of the numbered list with irq_set_proc_hidden()) as
 * IPIn, with what it is for.
 */
void port_show_interrupts(struct irq_text *t)
{
	irq_proc_row(t, "IPI0", ipi0_count, "Function call interrupts (the self-tests' IPI)");
	irq_proc_row(t, "IPI1", ipi1_count, "CPU wake-up interrupts (input for the shell's CPU)");
}

// SPDX-License-Identifier: MIT
/*
 * nmi.c - the virt kernel's watchdog for the shell's `nmi` (nmi_cmd.h):
 * the EL1 physical timer's per-CPU PPI as a GICv3 pseudo-NMI, local
 * interrupts masked by priority from the first `nmi` on.
 */
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/chip/gicv3.h>

#include "nmi_cmd.h"
#include "port_selftest.h"
#include "virt.h"

/* The port's "off" is the mask the GIC's pseudo-NMI entry runs handlers under. */
_Static_assert(AARCH64_PMR_IRQOFF == GICV3_PMR_IRQOFF, "one priority mask for \"off\"");

/* The EL1 physical timer's PPI on QEMU's virt (the tick is the virtual one). */
#define CNTP_PPI		30u
#define CNTP_CTL_ENABLE		1u

static uint64_t period;

/* The GICv2 has no priority masking: its line is mapped and refused. */
static int virt_nmi_line(void)
{
	struct gicv3 *g = aarch64_gicv3();

	if (g) {
		aarch64_irq_set_handler((aarch64_irq_handler_t)(void (*)(void))gicv3_handle_pseudo_nmi);
		aarch64_irq_prio_masking(true);
		gicv3_enable_pseudo_nmi(g);
	}
	return aarch64_gic_map(CNTP_PPI, IRQ_TYPE_LEVEL_HIGH);
}

static void virt_nmi_rearm(void)
{
	__asm__ __volatile__("msr cntp_tval_el0, %0; isb" : : "r"(period) : "memory");
}

static void virt_nmi_arm(unsigned int period_us)
{
	period = aarch64_cntfrq() / 1000000u * period_us;
	virt_nmi_rearm();
	__asm__ __volatile__("msr cntp_ctl_el0, %0; isb" : : "r"((uint64_t)CNTP_CTL_ENABLE) : "memory");
}

static void virt_nmi_disarm(void)
{
	__asm__ __volatile__("msr cntp_ctl_el0, xzr; isb" ::: "memory");
}

static uintptr_t virt_nmi_pc(const void *regs)
{
	return regs ? (uintptr_t)((const struct aarch64_regs *)regs)->elr : 0;
}

static const struct nmi_port virt_nmi = {
	.how	= "PPI 30 (EL1 physical timer) as a GICv3 pseudo-NMI at priority 0x20, "
		  "local interrupts off = ICC_PMR_EL1 0x60",
	.line	= virt_nmi_line,
	.arm	= virt_nmi_arm,
	.rearm	= virt_nmi_rearm,
	.disarm	= virt_nmi_disarm,
	.pc	= virt_nmi_pc,
	.ticks	= aarch64_ticks,
	.run_in_handler = port_selftest_self_ipi_run,	/* in the self-IPI's handler */
};

void virt_nmi_init(void)
{
	nmi_cmd_init(&virt_nmi);
}

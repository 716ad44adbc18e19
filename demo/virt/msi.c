// SPDX-License-Identifier: MIT
/*
 * msi.c - the msi scenario on virt: the edu device's MSI capability
 * through PCI-MSI stacked on the GICv2m frame's SPIs (gic-version=2) or
 * on the GICv3 ITS's LPIs (gic-version=3). See docs/aarch64.md for both
 * domain stacks.
 */
#include <genirq/irq.h>
#include <genirq/compat.h>
#include <genirq/irqdomain.h>
#include <genirq/msi.h>
#include <genirq/proc.h>
#include <genirq/chip/gicv2m.h>
#include <genirq/chip/gicv3_its.h>

#include "msi_move.h"
#include "demo.h"

#define ECAM_DEVICE_SHIFT	15		/* bus 0, function 0 */
#define GICD_ITARGETSR		0x800u

#define ITS_LPIS		64
#define ITS_DEVIDS		256		/* bus 0's requester IDs (the msi-map is 1:1) */

static struct gicv2m *v2m;
static struct its *its;
/* The ITS's tables: a pending table per CPU and the rest. */
static uint8_t its_mem[ITS_MEM_BYTES(MAX_CPUS)] __attribute__((aligned(0x10000)));
static struct irq_domain *pci_msi;

/* --- bus 0 through the ECAM: @ctx is the device number (unsigned int *) --- */

static volatile uint32_t *ecam(void *ctx, unsigned int off)
{
	const unsigned int *slot = ctx;

	return (volatile uint32_t *)(uintptr_t)(machine.ecam +
						((uint64_t)*slot << ECAM_DEVICE_SHIFT) +
						(off & 0xffcu));
}

static uint32_t cfg_read32(void *ctx, unsigned int off)
{
	return *ecam(ctx, off);
}

static void cfg_write32(void *ctx, unsigned int off, uint32_t val)
{
	*ecam(ctx, off) = val;
	__asm__ __volatile__("dsb sy" ::: "memory");
}

const struct pci_cfg_ops virt_ecam_ops = {
	.read32		= cfg_read32,
	.write32	= cfg_write32,
};

/* --- GICv2m: an SPI of the frame --- */

static unsigned int v2m_free(void)
{
	return gicv2m_free_spis(v2m);
}

static int v2m_route(unsigned int irq, char *buf, size_t size)
{
	struct irq_data *d = irq_domain_get_irq_data(gicv2m_domain(v2m), irq);
	uint32_t targets;

	if (!d)
		return -EINVAL;
	targets = *(volatile uint32_t *)(uintptr_t)(machine.gicd + GICD_ITARGETSR +
						   (d->hwirq & ~3ul));
	return irq_snprintf(buf, size, "SPI %lu -> CPU%u (ITARGETSR byte 0x%02x)",
			    (unsigned long)d->hwirq, cpumask_first(&d->effective),
			    (unsigned int)(targets >> (8 * (d->hwirq % 4))) & 0xffu);
}

/* --- GICv3 ITS: an event of the device mapped to an LPI --- */

static unsigned int its_free(void)
{
	return its_free_lpis(its);
}

static int its_route(unsigned int irq, char *buf, size_t size)
{
	uint32_t devid, event, lpi;
	unsigned int cpu;
	int ret = its_line_target(its, irq, &devid, &event, &lpi, &cpu);

	if (ret)
		return ret;
	return irq_snprintf(buf, size, "device 0x%x event %u -> LPI %u, collection %u (CPU%u)",
			    devid, event, lpi, cpu, cpu);
}

static void its_report(void)
{
	struct its_info in;

	its_get_info(its, &in);
	irq_log("msi: ITS at 0x%lx: GITS_TYPER 0x%llx (ITT entry %u bytes, %u event ID bits, %u "
		"device ID bits, PTA %u), device table %lu bytes of %u-byte entries, collection "
		"table %lu bytes of %u-byte entries, %u commands so far",
		(unsigned long)machine.its, (unsigned long long)in.typer, in.ite_bytes,
		(unsigned int)((in.typer >> 8) & 0x1f) + 1, (unsigned int)((in.typer >> 13) & 0x1f) + 1,
		(unsigned int)(in.typer >> 19) & 1u, (unsigned long)in.dt_bytes, in.dte_bytes,
		(unsigned long)in.ct_bytes, in.cte_bytes, in.cmds);
}

int virt_msi_setup(void)
{
	if (machine.gic_version == 3 && machine.its) {
		struct its_config c = { .base = machine.its, .mem = its_mem, .mem_bytes = sizeof(its_mem),
					.nr_cpus = machine.nr_cpus, .nr_lpis = ITS_LPIS,
					.nr_devids = ITS_DEVIDS };

		its = its_create(aarch64_gicv3(), &c);
		pci_msi = its ? msi_create_irq_domain(its_domain(its), "ITS-PCI-MSI",
						      MSI_PARENT_EOI) : NULL;
	}
	if (machine.gic_version == 2 && machine.v2m) {
		v2m = gicv2m_create(aarch64_gicv2(), machine.v2m);
		pci_msi = v2m ? msi_create_irq_domain(gicv2m_domain(v2m), "GICv2m-PCI-MSI",
						      MSI_PARENT_EOI) : NULL;
	}
	return pci_msi ? 0 : -ENODEV;
}

/* --- the bench's MSI: the edu's vector, one handler --- */

static struct pci_msi_dev bench_pdev;

int virt_msi_open(struct edu *e, irq_handler_t handler, void *dev)
{
	int irq, err;

	if (!pci_msi || edu_probe(e, 1) == 0)
		return -ENODEV;
	err = pci_msi_dev_init(&bench_pdev, &virt_ecam_ops, &e->slot, e->slot << 3);
	irq = err ? err : pci_enable_msi(&bench_pdev, pci_msi);
	if (irq < 0)
		return irq;
	err = request_irq((unsigned int)irq, handler, 0, "bench-msi", dev);
	if (err) {
		pci_disable_msi(&bench_pdev);
		return err;
	}
	return irq;
}

void virt_msi_close(int irq, void *dev)
{
	free_irq((unsigned int)irq, dev);
	pci_disable_msi(&bench_pdev);
}

static void msi_scenario(struct scenario_tally *t)
{
	static struct edu edus[EDU_MAX];
	static struct msi_move_env env = {
		.cfg = &virt_ecam_ops, .raise = edu_raise, .ack = edu_ack, .status = edu_status,
	};

	if (!SCENARIO_NEEDS(t, "msi", GENIRQ_MSI))
		return;
	if (!pci_msi) {
		scenario_skip(t, "msi", "no MSI controller in the device tree");
		return;
	}
	if (edu_probe(edus, EDU_MAX) == 0) {
		scenario_skip(t, "msi", "no edu PCI device (add -device edu)");
		return;
	}
	env.domain = pci_msi;
	env.cfg_ctx = &edus[0].slot;
	env.rid = edus[0].slot << 3;
	env.dev = &edus[0];
	if (v2m) {
		unsigned int first, count;

		gicv2m_spis(v2m, &first, &count);
		env.free_count = v2m_free;
		env.free_name = "free SPIs of the v2m frame";
		env.route = v2m_route;
		env.proc_name = "GICv2m-PCI-MSI";
		irq_log("msi: GICv2m frame at 0x%lx, MSI_TYPER SPIs %u-%u", (unsigned long)machine.v2m,
			first, first + count - 1);
	}
	if (its) {
		env.free_count = its_free;
		env.free_name = "free LPIs";
		env.route = its_route;
		env.proc_name = "ITS-PCI-MSI";
		its_report();
	}
	msi_move_scenario(t, &env);
	if (its)
		its_report();
}

void virt_msi_scenario(struct scenario_tally *t)
{
	msi_scenario(t);
	virt_msix_scenario(t, its ? pci_msi : NULL, its);
}

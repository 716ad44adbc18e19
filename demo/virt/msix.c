// SPDX-License-Identifier: MIT
/*
 * msix.c - the msix-spread scenario (demo/msix_spread.c) on virt: a
 * virtio-rng-pci device's MSI-X vectors through PCI-MSI on the GICv3
 * ITS's LPIs, each a device event the ITS maps to an LPI and a CPU's
 * collection. Its BARs are placed by demo/msix_spread_virt.c, its legacy
 * registers in the host's I/O window, which the CPU reaches as memory.
 */
#include <genirq/chip/gicv3_its.h>
#include <genirq/compat.h>
#include <genirq/proc.h>

#include "msix_spread.h"
#include "demo.h"

static struct its *rng_its;

static int lpi_target(unsigned int irq, unsigned int *cpu, char *buf, size_t size)
{
	uint32_t devid, event, lpi = 0;
	int err = its_line_target(rng_its, irq, &devid, &event, &lpi, cpu);

	irq_snprintf(buf, size, "LPI %u", (unsigned int)lpi);
	return err;
}

static void barrier(void)
{
	__asm__ __volatile__("dsb sy" ::: "memory");
}

void virt_msix_scenario(struct scenario_tally *t, struct irq_domain *pci_msi, struct its *its)
{
	const struct msix_spread_windows win = {
		.cfg = machine.ecam ? &virt_ecam_ops : NULL, .barrier = barrier,
		.io_cpu = machine.pci_io_cpu, .io_pci = machine.pci_io_pci, .io_size = machine.pci_io_size,
		.mem_cpu = machine.pci_mem_cpu, .mem_pci = machine.pci_mem_pci,
		.mem_size = machine.pci_mem_size,
	};

	if (GENIRQ_ENABLED(GENIRQ_MSI) && !its) {
		scenario_skip(t, "msix-spread", "GICv%u: no ITS (the managed spread runs on the "
			      "GICv3's LPIs)", machine.gic_version);
		return;
	}
	rng_its = its;
	msix_spread_virt_scenario(t, &win, pci_msi, lpi_target);
}

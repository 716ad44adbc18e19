// SPDX-License-Identifier: MIT
/*
 * fdt.c - the flattened device tree QEMU's virt machine describes itself
 * with: the GIC, CPUs, PSCI, PL011, PL061 and power key, and the PCIe
 * host (ECAM, memory and I/O windows); and the nodes whose interrupts the
 * devices look up themselves (<genirq/of_irq.h>): GIC, PL011, PL031,
 * PL061, timer, PCIe host.
 *
 * A bare ELF gets no pointer to it in x0, but QEMU copies the tree to the
 * start of RAM when the ELF does not cover that address (docs/aarch64.md):
 * look there when the loader passed nothing. Only the layout QEMU writes
 * is read: two address and two size cells at the root and under it.
 */
#include <genirq/irq.h>
#include <genirq/compat.h>

#include "virt.h"
#include "fdt.h"

#define QEMU_DTB_AT		0x40000000ull	/* start of RAM on virt */
#define QEMU_UART_AT		0x09000000ull	/* virt's PL011 */
#define PCI_SPACE_IO		0x01000000u
#define PCI_SPACE_MEM32		0x02000000u
#define PCI_SPACE_MASK		0x03000000u
#define PCI_RANGE_CELLS		7u		/* pci (3), cpu (2), size (2) */

struct aarch64_machine machine;

static void copy_str(char *dst, size_t size, const char *src, uint32_t len)
{
	size_t n = 0;

	while (n + 1 < size && n < len && src[n])
		dst[n] = src[n], n++;
	dst[n] = '\0';
}

/* One entry of the PCIe host's ranges: its 32-bit memory or its I/O window. */
static void pci_range(const uint8_t *r)
{
	uint32_t space = fdt_be32(r) & PCI_SPACE_MASK;

	if (space == PCI_SPACE_MEM32) {
		machine.pci_mem_pci = fdt_be64(r + 4);
		machine.pci_mem_cpu = fdt_be64(r + 12);
		machine.pci_mem_size = fdt_be64(r + 20);
	} else if (space == PCI_SPACE_IO) {
		machine.pci_io_pci = fdt_be64(r + 4);
		machine.pci_io_cpu = fdt_be64(r + 12);
		machine.pci_io_size = fdt_be64(r + 20);
	}
}

/* One property of the tree (fdt_walk()). */
static void prop(void *ctx, const struct fdt_prop *p)
{
	const char *node = p->node, *parent = p->parent, *name = p->name;
	const uint8_t *v = p->val;
	uint32_t len = p->len;
	int depth = p->depth;

	(void)ctx;

	if (fdt_node_is(node, "psci")) {
		if (fdt_str_eq(name, "method"))
			machine.psci_smc = len >= 3 && v[0] == 's';
		else if (fdt_str_eq(name, "cpu_on") && len == 4)
			machine.psci_cpu_on = fdt_be32(v);
	} else if (fdt_node_is(node, "cpu") && fdt_node_is(parent, "cpus")) {
		if (fdt_str_eq(name, "reg") && machine.nr_cpus < MAX_CPUS)
			machine.mpidr[machine.nr_cpus++] = len == 8 ? fdt_be64(v) : fdt_be32(v);
	} else if (fdt_node_is(node, "intc") && depth == 1) {
		if (fdt_str_eq(name, "compatible"))
			machine.gic_version = fdt_string_list_has((const char *)v, len, "arm,gic-v3") ? 3 : 2;
		else if (fdt_str_eq(name, "reg") && len >= 32) {
			machine.gicd = fdt_be64(v);
			machine.gicr = machine.gicc = fdt_be64(v + 16);
		}
	} else if (fdt_node_is(parent, "intc") && fdt_str_eq(name, "reg") && len >= 8) {
		if (fdt_node_is(node, "its"))
			machine.its = fdt_be64(v);
		else if (fdt_node_is(node, "v2m"))
			machine.v2m = fdt_be64(v);
	} else if (fdt_node_is(node, "pl011") && fdt_str_eq(name, "reg")) {
		machine.uart = fdt_be64(v);
	} else if (fdt_node_is(node, "pl031") && fdt_str_eq(name, "reg")) {
		machine.rtc = fdt_be64(v);
	} else if (fdt_node_is(node, "pl061") && fdt_str_eq(name, "reg")) {
		machine.gpio = fdt_be64(v);
	} else if (fdt_node_is(node, "poweroff") && fdt_node_is(parent, "gpio-keys")) {
		if (fdt_str_eq(name, "gpios") && len >= 8)
			machine.power_gpio = fdt_be32(v + 4);
	} else if (fdt_node_is(node, "pcie")) {
		if (fdt_str_eq(name, "reg") && len >= 16) {
			machine.ecam = fdt_be64(v);
			machine.ecam_size = fdt_be64(v + 8);
		} else if (fdt_str_eq(name, "ranges")) {
			for (uint32_t i = 0; i + PCI_RANGE_CELLS * 4 <= len; i += PCI_RANGE_CELLS * 4)
				pci_range(v + i);
		}
	} else if (fdt_node_is(node, "chosen") && fdt_str_eq(name, "bootargs")) {
		copy_str(machine.bootargs, sizeof(machine.bootargs), (const char *)v, len);
	}
}

/* The nodes whose interrupts are looked up by of_irq.c. */
static void find_nodes(const void *blob)
{
	machine.gic_node = fdt_find_compatible(blob, -1, machine.gic_version == 3 ? "arm,gic-v3" :
					       "arm,cortex-a15-gic");
	machine.uart_node = fdt_find_compatible(blob, -1, "arm,pl011");
	machine.rtc_node = fdt_find_compatible(blob, -1, "arm,pl031");
	machine.gpio_node = fdt_find_compatible(blob, -1, "arm,pl061");
	machine.timer_node = fdt_find_compatible(blob, -1, "arm,armv8-timer");
	machine.pci_node = fdt_find_compatible(blob, -1, "pci-host-ecam-generic");
}

int fdt_scan(uint64_t dtb)
{
	static const struct fdt_walker walker = { .prop = prop };

	machine.uart = QEMU_UART_AT;	/* for a failure report until the tree says */
	if (!fdt_valid((const void *)(uintptr_t)dtb))
		dtb = QEMU_DTB_AT;
	if (!fdt_valid((const void *)(uintptr_t)dtb))
		return -ENODEV;
	machine.dtb = dtb;
	if (fdt_walk((const void *)(uintptr_t)dtb, &walker))
		return -ENODEV;
	find_nodes((const void *)(uintptr_t)dtb);
	return machine.gic_version && machine.nr_cpus && machine.uart && machine.gic_node >= 0 &&
	       machine.uart_node >= 0 && machine.timer_node >= 0 ? 0 : -ENODEV;
}

// SPDX-License-Identifier: MIT
/*
 * fdt.c - the flattened device tree QEMU's virt machine describes itself
 * with: the GIC, CPUs, PSCI, timer, PL011, PL061 and power key, and the
 * PCIe host (ECAM, memory window, INTx interrupt-map).
 *
 * A bare ELF gets no pointer to it in x0, but QEMU copies the tree to the
 * start of RAM when the ELF does not cover that address (docs/aarch64.md):
 * look there when the loader passed nothing. Only the layout QEMU writes
 * is read: two address and two size cells at the root and under it.
 */
#include <genirq/irq.h>

#include "aarch64.h"

#define FDT_MAGIC		0xd00dfeedu
#define FDT_BEGIN_NODE		1u
#define FDT_END_NODE		2u
#define FDT_PROP		3u
#define FDT_NOP			4u
#define FDT_END			9u
#define QEMU_DTB_AT		0x40000000ull	/* start of RAM on virt */
#define QEMU_UART_AT		0x09000000ull	/* virt's PL011 */
#define MAX_DEPTH		8
#define GIC_SPI			0u		/* first cell of a GIC interrupt */
#define GIC_PPI			1u
#define GIC_SPI_BASE		32u
#define GIC_PPI_BASE		16u
#define TIMER_VIRT		2u		/* arm,armv8-timer: sec, phys, virt, hyp */
#define PCI_SPACE_MEM32		0x02000000u
#define PCI_RANGE_CELLS		7u		/* pci (3), cpu (2), size (2) */
#define PCI_MAP_CHILD_CELLS	4u		/* unit address (3), pin */
#define PCI_DEVICE_SHIFT	11u
#define GIC_IRQ_CELLS		3u

struct aarch64_machine machine;

static const uint8_t *blob;
static uint32_t strings;
static const uint32_t *imap;		/* the PCIe interrupt-map, parsed at the end */
static uint32_t imap_len, gic_addr_cells;

static uint32_t be32(const void *p)
{
	const uint8_t *b = p;

	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

static uint64_t be64(const void *p)
{
	return (uint64_t)be32(p) << 32 | be32((const uint8_t *)p + 4);
}

static bool str_eq(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

/* @name is "@prefix" or "@prefix@unit". */
static bool node_is(const char *name, const char *prefix)
{
	while (*prefix && *name == *prefix)
		name++, prefix++;
	return !*prefix && (!*name || *name == '@');
}

/* A string list property holds @want. */
static bool has_string(const char *p, uint32_t len, const char *want)
{
	for (uint32_t i = 0; i < len; ) {
		if (str_eq(p + i, want))
			return true;
		while (i < len && p[i])
			i++;
		i++;
	}
	return false;
}

static struct dt_irq gic_irq(const uint8_t *cells)
{
	uint32_t kind = be32(cells), n = be32(cells + 4), flags = be32(cells + 8);

	return (struct dt_irq){
		.intid = n + (kind == GIC_PPI ? GIC_PPI_BASE : GIC_SPI_BASE),
		.trigger = flags & IRQ_TYPE_SENSE_MASK,
	};
}

static void copy_str(char *dst, size_t size, const char *src, uint32_t len)
{
	size_t n = 0;

	while (n + 1 < size && n < len && src[n])
		dst[n] = src[n], n++;
	dst[n] = '\0';
}

/* One property of the node whose path is @path[0..depth]. */
static void prop(const char *const *path, int depth, const char *name, const uint8_t *v,
		 uint32_t len)
{
	const char *node = path[depth], *parent = depth > 0 ? path[depth - 1] : "";

	if (node_is(node, "psci")) {
		if (str_eq(name, "method"))
			machine.psci_smc = len >= 3 && v[0] == 's';
		else if (str_eq(name, "cpu_on") && len == 4)
			machine.psci_cpu_on = be32(v);
	} else if (node_is(node, "cpu") && node_is(parent, "cpus")) {
		if (str_eq(name, "reg") && machine.nr_cpus < MAX_CPUS)
			machine.mpidr[machine.nr_cpus++] = len == 8 ? be64(v) : be32(v);
	} else if (node_is(node, "intc") && depth == 1) {
		if (str_eq(name, "compatible"))
			machine.gic_version = has_string((const char *)v, len, "arm,gic-v3") ? 3 : 2;
		else if (str_eq(name, "reg") && len >= 32) {
			machine.gicd = be64(v);
			machine.gicr = machine.gicc = be64(v + 16);
		} else if (str_eq(name, "#address-cells") && len == 4)
			gic_addr_cells = be32(v);
	} else if (node_is(node, "pl011") && str_eq(name, "reg")) {
		machine.uart = be64(v);
	} else if (node_is(node, "pl011") && str_eq(name, "interrupts")) {
		machine.uart_irq = gic_irq(v);
	} else if (node_is(node, "pl061") && str_eq(name, "reg")) {
		machine.gpio = be64(v);
	} else if (node_is(node, "pl061") && str_eq(name, "interrupts")) {
		machine.gpio_irq = gic_irq(v);
	} else if (node_is(node, "poweroff") && node_is(parent, "gpio-keys")) {
		if (str_eq(name, "gpios") && len >= 8)
			machine.power_gpio = be32(v + 4);
	} else if (node_is(node, "timer") && str_eq(name, "interrupts")) {
		if (len >= (TIMER_VIRT + 1) * GIC_IRQ_CELLS * 4)
			machine.timer_irq = gic_irq(v + TIMER_VIRT * GIC_IRQ_CELLS * 4);
	} else if (node_is(node, "pcie")) {
		if (str_eq(name, "reg") && len >= 16) {
			machine.ecam = be64(v);
			machine.ecam_size = be64(v + 8);
		} else if (str_eq(name, "ranges")) {
			for (uint32_t i = 0; i + PCI_RANGE_CELLS * 4 <= len; i += PCI_RANGE_CELLS * 4)
				if ((be32(v + i) & 0x03000000u) == PCI_SPACE_MEM32) {
					machine.pci_mem_pci = be64(v + i + 4);
					machine.pci_mem_cpu = be64(v + i + 12);
					machine.pci_mem_size = be64(v + i + 20);
				}
		} else if (str_eq(name, "interrupt-map")) {
			imap = (const uint32_t *)(const void *)v;
			imap_len = len;
		}
	} else if (node_is(node, "chosen") && str_eq(name, "bootargs")) {
		copy_str(machine.bootargs, sizeof(machine.bootargs), (const char *)v, len);
	}
}

/* interrupt-map entries: child address (3), pin, GIC phandle, GIC
 * address (#address-cells of the GIC), GIC interrupt (3). */
static void parse_interrupt_map(void)
{
	uint32_t entry = (PCI_MAP_CHILD_CELLS + 1 + gic_addr_cells + GIC_IRQ_CELLS) * 4;
	const uint8_t *m = (const uint8_t *)imap;

	for (uint32_t i = 0; imap && i + entry <= imap_len; i += entry) {
		uint32_t dev = (be32(m + i) >> PCI_DEVICE_SHIFT) & 3u, pin = be32(m + i + 12);
		struct dt_irq irq = gic_irq(m + i + (PCI_MAP_CHILD_CELLS + 1 + gic_addr_cells) * 4);

		if (pin >= 1 && pin <= 4)
			machine.intx[dev][pin - 1] = irq.intid;
	}
}

int fdt_scan(uint64_t dtb)
{
	const char *path[MAX_DEPTH];
	uint32_t off;
	int depth = -1;

	machine.uart = QEMU_UART_AT;	/* for a failure report until the tree says */
	if (!dtb || be32((const void *)(uintptr_t)dtb) != FDT_MAGIC)
		dtb = QEMU_DTB_AT;
	blob = (const uint8_t *)(uintptr_t)dtb;
	if (be32(blob) != FDT_MAGIC)
		return -ENODEV;
	machine.dtb = dtb;
	off = be32(blob + 8);
	strings = be32(blob + 12);
	for (;;) {
		uint32_t token = be32(blob + off), len;
		const char *name;

		off += 4;
		switch (token) {
		case FDT_BEGIN_NODE:
			name = (const char *)blob + off;
			if (++depth < MAX_DEPTH)
				path[depth] = name;
			while (blob[off])
				off++;
			off = (off + 4) & ~3u;
			break;
		case FDT_END_NODE:
			depth--;
			break;
		case FDT_PROP:
			len = be32(blob + off);
			name = (const char *)blob + strings + be32(blob + off + 4);
			if (depth >= 0 && depth < MAX_DEPTH)
				prop(path, depth, name, blob + off + 8, len);
			off = (off + 8 + len + 3) & ~3u;
			break;
		case FDT_NOP:
			break;
		case FDT_END:
			parse_interrupt_map();
			return machine.gic_version && machine.nr_cpus && machine.uart ? 0 : -ENODEV;
		default:
			return -ENODEV;
		}
	}
}

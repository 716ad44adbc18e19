// SPDX-License-Identifier: MIT
/*
 * fdt.c - the few facts the port needs from the flattened device tree
 * that OpenSBI passes on in a1: harts and the timebase, the UART, the
 * exit device, the PLIC or the AIA (APLIC, IMSIC), and the PCIe host
 * (ECAM, memory window); and the nodes whose interrupts the devices look
 * up themselves (<genirq/of_irq.h>): the wired controller, the UART, the
 * RTC, the PCIe host. docs/riscv64.md lists them as QEMU 7.2 builds them.
 */
#include <genirq/errno.h>
#include <genirq/compat.h>

#include "virt.h"
#include "fdt.h"

#define PCI_IO		0x01000000u	/* ranges: I/O space code */
#define PCI_MEM32	0x02000000u	/* ranges: 32-bit memory space code */
#define PCI_SPACE	0x03000000u

/* Collected while walking; resolved once the walk is over. */
struct scan {
	unsigned long	hart[MAX_CPUS];
	uint32_t	intc[MAX_CPUS];	/* phandle of each hart's interrupt controller */
	unsigned int	nr_harts;
	struct fdt_prop	plic_ext, imsic_ext, ranges;
};

/* The first (address) pair of cells of reg: every node we read has
 * #address-cells = 2 above it. */
static uintptr_t reg_addr(const struct fdt_prop *p)
{
	return p->len >= 8 ? (uintptr_t)fdt_be64(p->val) : 0;
}

static void take(struct scan *s, struct riscv64_machine *m, const struct fdt_prop *p)
{
	bool reg = fdt_str_eq(p->name, "reg");

	if (fdt_node_is(p->node, "cpus") && fdt_str_eq(p->name, "timebase-frequency"))
		m->timebase = fdt_be32(p->val);
	else if (fdt_node_is(p->node, "cpu") && reg && s->nr_harts < MAX_CPUS)
		s->hart[s->nr_harts++] = fdt_be32(p->val);
	else if (fdt_node_is(p->node, "interrupt-controller") && fdt_node_is(p->parent, "cpu") &&
		 fdt_str_eq(p->name, "phandle") && s->nr_harts)
		s->intc[s->nr_harts - 1] = fdt_be32(p->val);
	else if (fdt_node_is(p->node, "chosen") && fdt_str_eq(p->name, "bootargs"))
		for (uint32_t i = 0; i < p->len && i < sizeof(m->bootargs) - 1; i++)
			m->bootargs[i] = (char)p->val[i];
	else if (fdt_node_is(p->node, "serial") && reg && !m->uart)
		m->uart = reg_addr(p);
	else if (fdt_node_is(p->node, "test") && reg)
		m->test = reg_addr(p);
	else if (fdt_node_is(p->node, "rtc") && reg)
		m->rtc = reg_addr(p);
	else if (fdt_node_is(p->node, "plic") && reg)
		m->plic = reg_addr(p);
	else if (fdt_node_is(p->node, "plic") && fdt_str_eq(p->name, "riscv,ndev"))
		m->plic_ndev = fdt_be32(p->val);
	else if (fdt_node_is(p->node, "plic") && fdt_str_eq(p->name, "interrupts-extended"))
		s->plic_ext = *p;
	else if (fdt_node_is(p->node, "pci") && reg)
		m->ecam = reg_addr(p);
	else if (fdt_node_is(p->node, "pci") && fdt_str_eq(p->name, "ranges"))
		s->ranges = *p;
}

/* The supervisor APLIC is the one that delegates to nobody; the
 * supervisor IMSIC the one wired to the harts' S-level external line. */
static void take_aia(struct scan *s, struct riscv64_machine *m, const struct fdt_prop *props,
		     unsigned int n)
{
	uintptr_t base = 0;
	uint32_t count = 0;
	bool children = false, msi = false, smode = false;
	const struct fdt_prop *ext = NULL;

	for (unsigned int i = 0; i < n; i++) {
		const struct fdt_prop *p = &props[i];

		if (fdt_str_eq(p->name, "reg"))
			base = reg_addr(p);
		else if (fdt_str_eq(p->name, "riscv,num-sources") || fdt_str_eq(p->name, "riscv,num-ids"))
			count = fdt_be32(p->val);
		else if (fdt_str_eq(p->name, "riscv,children"))
			children = true;
		else if (fdt_str_eq(p->name, "msi-parent"))
			msi = true;
		else if (fdt_str_eq(p->name, "interrupts-extended")) {
			ext = p;
			smode = p->len >= 8 && fdt_be32(p->val + 4) == IRQ_S_EXT;
		}
	}
	if (fdt_node_is(props[0].node, "aplic") && !children) {
		m->aplic = base;
		m->aplic_nsrc = count;
		m->aplic_msi = msi;
	} else if (fdt_node_is(props[0].node, "imsics") && smode) {
		m->imsic = base;
		m->imsic_ids = count;
		s->imsic_ext = *ext;
	}
}

/* CPU number of the hart whose interrupt controller is @phandle, or -1. */
static int cpu_of_intc(const struct scan *s, const struct riscv64_machine *m, uint32_t phandle)
{
	for (unsigned int h = 0; h < s->nr_harts; h++)
		if (s->intc[h] == phandle)
			for (unsigned int c = 0; c < m->nr_cpus; c++)
				if (m->hartid[c] == s->hart[h])
					return (int)c;
	return -1;
}

static void resolve(struct scan *s, struct riscv64_machine *m, unsigned long boot_hart)
{
	/* CPU 0 is the hart OpenSBI booted (its lottery may pick any). */
	m->hartid[0] = boot_hart;
	m->nr_cpus = 1;
	for (unsigned int h = 0; h < s->nr_harts; h++)
		if (s->hart[h] != boot_hart)
			m->hartid[m->nr_cpus++] = s->hart[h];
	/* PLIC: interrupts-extended pair i is context i. */
	for (unsigned int c = 0; c < MAX_CPUS; c++)
		m->plic_ctx[c] = -1;
	for (uint32_t i = 0; i + 8 <= s->plic_ext.len; i += 8) {
		int cpu = cpu_of_intc(s, m, fdt_be32(s->plic_ext.val + i));

		if (cpu >= 0 && fdt_be32(s->plic_ext.val + i + 4) == IRQ_S_EXT)
			m->plic_ctx[cpu] = (int)(i / 8);
	}
	/* IMSIC: interrupts-extended pair i is the file of hart index i. */
	for (uint32_t i = 0; i + 8 <= s->imsic_ext.len; i += 8) {
		int cpu = cpu_of_intc(s, m, fdt_be32(s->imsic_ext.val + i));

		if (cpu >= 0)
			m->imsic_index[cpu] = i / 8;
	}
	/* ranges: (pci hi, mid, lo; cpu 2 cells; size 2 cells) */
	for (uint32_t i = 0; i + 28 <= s->ranges.len; i += 28) {
		const uint8_t *r = s->ranges.val + i;

		if ((fdt_be32(r) & PCI_SPACE) == PCI_MEM32) {
			m->pci_mem_pci = fdt_be64(r + 4);
			m->pci_mem_cpu = fdt_be64(r + 12);
			m->pci_mem_size = fdt_be64(r + 20);
		} else if ((fdt_be32(r) & PCI_SPACE) == PCI_IO) {
			m->pci_io_pci = fdt_be64(r + 4);
			m->pci_io_cpu = fdt_be64(r + 12);
			m->pci_io_size = fdt_be64(r + 20);
		}
	}
}

/* The node whose reg starts at @base, or -1. */
static int node_at(const void *dtb, uintptr_t base)
{
	int depth = 0;
	uint32_t len;

	for (int n = fdt_node_next(dtb, -1, &depth); base && n >= 0;
	     n = fdt_node_next(dtb, n, &depth)) {
		const uint8_t *reg = fdt_prop_get(dtb, n, "reg", &len);

		if (reg && len >= 8 && fdt_be64(reg) == base)
			return n;
	}
	return -1;
}

/* The nodes whose interrupts are looked up by of_irq.c. */
static void find_nodes(const void *dtb, struct riscv64_machine *m)
{
	m->dtb = dtb;
	m->wired_node = node_at(dtb, m->plic ? m->plic : m->aplic);
	m->uart_node = node_at(dtb, m->uart);
	m->rtc_node = fdt_find_compatible(dtb, -1, "google,goldfish-rtc");
	m->pci_node = fdt_find_compatible(dtb, -1, "pci-host-ecam-generic");
}

/* The walk's state: what take() collects, and the AIA node being read. */
struct walk {
	struct scan		*s;
	struct riscv64_machine	*m;
	struct fdt_prop		props[16];
	unsigned int		nprops;
};

static void node_begins(void *ctx, int depth)
{
	(void)depth;
	((struct walk *)ctx)->nprops = 0;
}

static void node_prop(void *ctx, const struct fdt_prop *p)
{
	struct walk *w = ctx;

	take(w->s, w->m, p);
	if ((fdt_node_is(p->node, "aplic") || fdt_node_is(p->node, "imsics")) &&
	    w->nprops < GENIRQ_ARRAY_SIZE(w->props))
		w->props[w->nprops++] = *p;
}

static void node_ends(void *ctx, int depth)
{
	struct walk *w = ctx;

	(void)depth;
	if (w->nprops)
		take_aia(w->s, w->m, w->props, w->nprops);
	w->nprops = 0;
}

int fdt_scan(const void *dtb, unsigned long boot_hart, struct riscv64_machine *m)
{
	static struct scan s;
	static struct walk w;
	const struct fdt_walker walker = {
		.begin_node = node_begins, .prop = node_prop, .end_node = node_ends, .ctx = &w,
	};

	w = (struct walk){ .s = &s, .m = m };
	if (fdt_walk(dtb, &walker))
		return -EINVAL;
	resolve(&s, m, boot_hart);
	find_nodes(dtb, m);
	return m->nr_cpus && m->timebase && m->uart && m->test ? 0 : -EINVAL;
}

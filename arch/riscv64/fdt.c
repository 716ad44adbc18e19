// SPDX-License-Identifier: MIT
/*
 * fdt.c - the few facts the port needs from the flattened device tree
 * that OpenSBI passes on in a1: harts and the timebase, the UART, the
 * exit device, the PLIC or the AIA (APLIC, IMSIC), and the PCIe host
 * (ECAM, memory window, INTx swizzle). docs/riscv64.md lists them as
 * QEMU 7.2 builds them.
 */
#include <genirq/errno.h>

#include "riscv64.h"

#define FDT_MAGIC	0xd00dfeedu
#define FDT_BEGIN_NODE	1
#define FDT_END_NODE	2
#define FDT_PROP	3
#define FDT_NOP		4
#define FDT_END		9
#define DEPTH_MAX	8
#define PCI_MEM32	0x02000000u	/* ranges: 32-bit memory space code */
#define PCI_SPACE	0x03000000u
#define PCI_INTA	1u

struct prop {
	const char	*node, *parent;	/* names, "cpu@0" style */
	const char	*name;
	const uint8_t	*val;
	uint32_t	len;
};

/* Collected while walking; resolved once the walk is over. */
struct scan {
	unsigned long	hart[MAX_CPUS];
	uint32_t	intc[MAX_CPUS];	/* phandle of each hart's interrupt controller */
	unsigned int	nr_harts;
	struct prop	plic_ext, imsic_ext, imap, ranges;
	uint32_t	imap_mask;
};

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint64_t be64(const uint8_t *p)
{
	return (uint64_t)be32(p) << 32 | be32(p + 4);
}

static bool str_eq(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

/* "plic@c000000" is a node named "plic"; "chosen" is "chosen". */
static bool is_node(const char *node, const char *base)
{
	while (*base && *node == *base)
		node++, base++;
	return !*base && (!*node || *node == '@');
}

/* The first (address) pair of cells of reg: every node we read has
 * #address-cells = 2 above it. */
static uintptr_t reg_addr(const struct prop *p)
{
	return p->len >= 8 ? (uintptr_t)be64(p->val) : 0;
}

static void take(struct scan *s, struct riscv64_machine *m, const struct prop *p)
{
	bool reg = str_eq(p->name, "reg");

	if (is_node(p->node, "cpus") && str_eq(p->name, "timebase-frequency"))
		m->timebase = be32(p->val);
	else if (is_node(p->node, "cpu") && reg && s->nr_harts < MAX_CPUS)
		s->hart[s->nr_harts++] = be32(p->val);
	else if (is_node(p->node, "interrupt-controller") && is_node(p->parent, "cpu") &&
		 str_eq(p->name, "phandle") && s->nr_harts)
		s->intc[s->nr_harts - 1] = be32(p->val);
	else if (is_node(p->node, "chosen") && str_eq(p->name, "bootargs"))
		for (uint32_t i = 0; i < p->len && i < sizeof(m->bootargs) - 1; i++)
			m->bootargs[i] = (char)p->val[i];
	else if (is_node(p->node, "serial") && reg && !m->uart)
		m->uart = reg_addr(p);
	else if (is_node(p->node, "serial") && str_eq(p->name, "interrupts") && !m->uart_irq)
		m->uart_irq = be32(p->val);
	else if (is_node(p->node, "test") && reg)
		m->test = reg_addr(p);
	else if (is_node(p->node, "plic") && reg)
		m->plic = reg_addr(p);
	else if (is_node(p->node, "plic") && str_eq(p->name, "riscv,ndev"))
		m->plic_ndev = be32(p->val);
	else if (is_node(p->node, "plic") && str_eq(p->name, "interrupts-extended"))
		s->plic_ext = *p;
	else if (is_node(p->node, "pci") && reg)
		m->ecam = reg_addr(p);
	else if (is_node(p->node, "pci") && str_eq(p->name, "ranges"))
		s->ranges = *p;
	else if (is_node(p->node, "pci") && str_eq(p->name, "interrupt-map"))
		s->imap = *p;
	else if (is_node(p->node, "pci") && str_eq(p->name, "interrupt-map-mask"))
		s->imap_mask = be32(p->val);
}

/* The supervisor APLIC is the one that delegates to nobody; the
 * supervisor IMSIC the one wired to the harts' S-level external line. */
static void take_aia(struct scan *s, struct riscv64_machine *m, const struct prop *props,
		     unsigned int n)
{
	uintptr_t base = 0;
	uint32_t count = 0;
	bool children = false, msi = false, smode = false;
	const struct prop *ext = NULL;

	for (unsigned int i = 0; i < n; i++) {
		const struct prop *p = &props[i];

		if (str_eq(p->name, "reg"))
			base = reg_addr(p);
		else if (str_eq(p->name, "riscv,num-sources") || str_eq(p->name, "riscv,num-ids"))
			count = be32(p->val);
		else if (str_eq(p->name, "riscv,children"))
			children = true;
		else if (str_eq(p->name, "msi-parent"))
			msi = true;
		else if (str_eq(p->name, "interrupts-extended")) {
			ext = p;
			smode = p->len >= 8 && be32(p->val + 4) == IRQ_S_EXT;
		}
	}
	if (is_node(props[0].node, "aplic") && !children) {
		m->aplic = base;
		m->aplic_nsrc = count;
		m->aplic_msi = msi;
	} else if (is_node(props[0].node, "imsics") && smode) {
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
	uint32_t stride;

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
		int cpu = cpu_of_intc(s, m, be32(s->plic_ext.val + i));

		if (cpu >= 0 && be32(s->plic_ext.val + i + 4) == IRQ_S_EXT)
			m->plic_ctx[cpu] = (int)(i / 8);
	}
	/* IMSIC: interrupts-extended pair i is the file of hart index i. */
	for (uint32_t i = 0; i + 8 <= s->imsic_ext.len; i += 8) {
		int cpu = cpu_of_intc(s, m, be32(s->imsic_ext.val + i));

		if (cpu >= 0)
			m->imsic_index[cpu] = i / 8;
	}
	/* ranges: (pci hi, mid, lo; cpu 2 cells; size 2 cells) */
	for (uint32_t i = 0; i + 28 <= s->ranges.len; i += 28)
		if ((be32(s->ranges.val + i) & PCI_SPACE) == PCI_MEM32) {
			m->pci_mem_pci = be64(s->ranges.val + i + 4);
			m->pci_mem_cpu = be64(s->ranges.val + i + 12);
			m->pci_mem_size = be64(s->ranges.val + i + 20);
		}
	/* interrupt-map: (pci hi, mid, lo, pin; parent phandle; parent's
	 * cells: 1 on the PLIC, 2 on the APLIC), 16 entries on virt. */
	stride = s->imap.len / 16;
	if (stride != 24 && stride != 28)
		return;
	for (uint32_t slot = 0; slot < PCI_SLOTS; slot++)
		for (uint32_t i = 0; i + stride <= s->imap.len; i += stride)
			if (be32(s->imap.val + i) == ((slot << 11) & s->imap_mask) &&
			    be32(s->imap.val + i + 12) == PCI_INTA)
				m->pci_inta[slot] = be32(s->imap.val + i + 20);
}

int fdt_scan(const void *dtb, unsigned long boot_hart, struct riscv64_machine *m)
{
	const uint8_t *base = dtb, *p;
	const char *strings, *names[DEPTH_MAX] = { "" };
	struct prop props[16];
	unsigned int depth = 0, nprops = 0;
	static struct scan s;

	if (!dtb || be32(base) != FDT_MAGIC)
		return -EINVAL;
	p = base + be32(base + 8);
	strings = (const char *)base + be32(base + 12);
	for (;;) {
		uint32_t tok = be32(p);
		uint32_t len;

		p += 4;
		if (tok == FDT_BEGIN_NODE) {
			const char *name = (const char *)p;
			size_t n = 0;

			while (name[n])
				n++;
			p += (n + 4) & ~(size_t)3;
			if (++depth < DEPTH_MAX)
				names[depth] = name;
			nprops = 0;
		} else if (tok == FDT_END_NODE) {
			if (nprops && depth < DEPTH_MAX)
				take_aia(&s, m, props, nprops);
			nprops = 0;
			if (depth-- == 0)
				return -EINVAL;
		} else if (tok == FDT_PROP) {
			struct prop pr;

			len = be32(p);
			pr = (struct prop){
				.node = depth < DEPTH_MAX ? names[depth] : "",
				.parent = depth && depth <= DEPTH_MAX ? names[depth - 1] : "",
				.name = strings + be32(p + 4), .val = p + 8, .len = len,
			};
			p += 8 + ((len + 3) & ~3u);
			take(&s, m, &pr);
			if ((is_node(pr.node, "aplic") || is_node(pr.node, "imsics")) &&
			    nprops < GENIRQ_ARRAY_SIZE(props))
				props[nprops++] = pr;
		} else if (tok == FDT_END)
			break;
		else if (tok != FDT_NOP)
			return -EINVAL;
	}
	resolve(&s, m, boot_hart);
	return m->nr_cpus && m->timebase && m->uart && m->test ? 0 : -EINVAL;
}

// SPDX-License-Identifier: MIT
/*
 * of_irq.c - interrupts from a flattened device tree (<genirq/of_irq.h>):
 * a node's "interrupts" or "interrupts-extended", its interrupt parent,
 * nexus maps, down to a controller's node and cells, which the core's
 * domain registry turns into a line (irq_create_fwspec_mapping()).
 */
#include <genirq/errno.h>
#include <genirq/of_irq.h>
#include <genirq/proc.h>

#include "fdt.h"

#define OF_MAX_HOPS	16u	/* parent links and maps followed: a cycle ends here */
#define OF_MAX_ADDR	4u	/* unit address cells in a map (PCI: 3) */
#define OF_NEXUS_ADDR	2u	/* a nexus' #address-cells when it has none (DT spec 2.3.5) */
#define PCI_BUS_SHIFT	16u	/* PCI unit address, phys.hi: bus, device, function */
#define PCI_DEVFN_SHIFT	8u
#define PCI_MAX_PIN	4u	/* INTA-INTD */

/* A specifier on its way to a controller: unit address and cells. */
struct of_spec {
	uint32_t	addr[OF_MAX_ADDR];
	uint32_t	naddr;
	uint32_t	cells[IRQ_FWSPEC_PARAMS];
	uint32_t	ncells;
};

static const char *name_of(const void *blob, int node)
{
	const char *n = fdt_node_name(blob, node);

	return !n ? "?" : *n ? n : "/";
}

const void *irq_of_fwnode(const void *blob, int node)
{
	return fdt_node_address(blob, node);
}

/* Controller or nexus @par's "#interrupt-cells", checked. */
static int interrupt_cells(const void *blob, int who, int par, uint32_t *cells)
{
	int ret = fdt_prop_u32(blob, par, "#interrupt-cells", cells);

	if (!ret && (*cells == 0 || *cells > IRQ_FWSPEC_PARAMS))
		ret = -EINVAL;
	if (ret)
		irq_log("of: %s: interrupt parent %s: #interrupt-cells %s", name_of(blob, who),
			name_of(blob, par), ret == -ENOENT ? "missing" : "not 1 to 16 cells");
	return ret ? -EINVAL : 0;
}

/* The node of @phandle, named in @what's report when there is none. */
static int phandle_node(const void *blob, int who, uint32_t phandle, const char *what)
{
	int n = fdt_node_by_phandle(blob, phandle);

	if (n < 0)
		irq_log("of: %s: %s phandle %u: no node has it", name_of(blob, who), what, phandle);
	return n < 0 ? -EINVAL : n;
}

int irq_of_find_parent(const void *blob, int node)
{
	int p = node, ret;
	uint32_t ph;

	if (!fdt_node_name(blob, node))
		return -EINVAL;
	for (unsigned int hop = 0; hop < OF_MAX_HOPS; hop++) {
		ret = fdt_prop_u32(blob, p, "interrupt-parent", &ph);
		if (ret == 0) {
			p = phandle_node(blob, node, ph, "interrupt-parent");
		} else if (ret == -ENOENT) {
			p = fdt_node_parent(blob, p);
			if (p < 0)
				irq_log("of: %s: no interrupt parent up the tree", name_of(blob, node));
		} else {
			irq_log("of: %s: interrupt-parent of %s is not one cell", name_of(blob, node),
				name_of(blob, p));
			p = -EINVAL;
		}
		if (p < 0)
			return -EINVAL;
		if (fdt_prop_get(blob, p, "#interrupt-cells", NULL))
			return p;
	}
	irq_log("of: %s: interrupt parents loop", name_of(blob, node));
	return -EINVAL;
}

/* Entry @e of a map matches @s under @mask (NULL: every bit). */
static bool map_match(const uint8_t *e, const uint8_t *mask, const struct of_spec *s,
		      uint32_t na)
{
	for (uint32_t i = 0; i < na + s->ncells; i++) {
		uint32_t want = i < na ? (i < s->naddr ? s->addr[i] : 0) : s->cells[i - na];
		uint32_t m = mask ? fdt_be32(mask + i * 4) : UINT32_MAX;

		if ((want ^ fdt_be32(e + i * 4)) & m)
			return false;
	}
	return true;
}

/*
 * Nexus @par: the entry of its "interrupt-map" that @s matches; @s and
 * *@par become the entry's parent specifier and parent. Return: 0,
 * -ENOENT (no entry matches), -EINVAL (a malformed map).
 */
static int map_through(const void *blob, int who, int *par, struct of_spec *s)
{
	uint32_t len, mlen, na = OF_NEXUS_ADDR, pna = 0, pcells = 0, i, at;
	const uint8_t *map = fdt_prop_get(blob, *par, "interrupt-map", &len);
	const uint8_t *mask = fdt_prop_get(blob, *par, "interrupt-map-mask", &mlen);
	int ret = fdt_prop_u32(blob, *par, "#address-cells", &na);

	if (!map) {
		irq_log("of: %s: interrupt parent %s is no interrupt-controller and has no "
			"interrupt-map", name_of(blob, who), name_of(blob, *par));
		return -EINVAL;
	}
	if ((ret && ret != -ENOENT) || na > OF_MAX_ADDR || (len & 3u) ||
	    (mask && mlen != (na + s->ncells) * 4)) {
		irq_log("of: %s: interrupt-map of %s: bad #address-cells, length or mask",
			name_of(blob, who), name_of(blob, *par));
		return -EINVAL;
	}
	for (at = 0; at < len / 4; at += na + s->ncells + 1 + pna + pcells) {
		const uint8_t *e = map + at * 4;
		int np;

		if (len / 4 - at < na + s->ncells + 1)
			goto short_entry;
		np = phandle_node(blob, who, fdt_be32(e + (na + s->ncells) * 4), "interrupt-map");
		if (np < 0 || interrupt_cells(blob, who, np, &pcells))
			return -EINVAL;
		pna = 0;	/* a controller's #address-cells when it has none */
		ret = fdt_prop_u32(blob, np, "#address-cells", &pna);
		if ((ret && ret != -ENOENT) || pna > OF_MAX_ADDR)
			return -EINVAL;
		if (len / 4 - at - (na + s->ncells + 1) < pna + pcells)
			goto short_entry;
		if (!map_match(e, mask, s, na))
			continue;
		e += (na + s->ncells + 1) * 4;
		s->naddr = pna;
		for (i = 0; i < pna; i++)
			s->addr[i] = fdt_be32(e + i * 4);
		s->ncells = pcells;
		for (i = 0; i < pcells; i++)
			s->cells[i] = fdt_be32(e + (pna + i) * 4);
		*par = np;
		return 0;
	}
	irq_log("of: %s: no entry of %s's interrupt-map matches", name_of(blob, who),
		name_of(blob, *par));
	return -ENOENT;
short_entry:
	irq_log("of: %s: interrupt-map of %s ends inside an entry", name_of(blob, who),
		name_of(blob, *par));
	return -EINVAL;
}

/* Follow @s from parent @par down to a controller: *@out its node and cells. */
static int resolve(const void *blob, int who, int par, struct of_spec *s, struct irq_fwspec *out)
{
	uint32_t cells;
	int ret;

	for (unsigned int hop = 0; hop < OF_MAX_HOPS; hop++) {
		if (interrupt_cells(blob, who, par, &cells))
			return -EINVAL;
		if (cells != s->ncells) {
			irq_log("of: %s: %u cells for %s, whose #interrupt-cells is %u",
				name_of(blob, who), s->ncells, name_of(blob, par), cells);
			return -EINVAL;
		}
		if (fdt_prop_get(blob, par, "interrupt-controller", NULL)) {
			*out = (struct irq_fwspec){ .fwnode = irq_of_fwnode(blob, par),
						    .param_count = s->ncells };
			for (uint32_t i = 0; i < s->ncells; i++)
				out->param[i] = s->cells[i];
			return 0;
		}
		ret = map_through(blob, who, &par, s);
		if (ret)
			return ret;
	}
	irq_log("of: %s: interrupt maps loop", name_of(blob, who));
	return -EINVAL;
}

/* @s's cells from @n big-endian cells at @p, and @node's unit address ("reg"). */
static void spec_fill(const void *blob, int node, struct of_spec *s, const uint8_t *p, uint32_t n)
{
	uint32_t len;
	const uint8_t *reg = fdt_prop_get(blob, node, "reg", &len);

	*s = (struct of_spec){ .ncells = n };
	for (uint32_t i = 0; reg && i < len / 4 && i < OF_MAX_ADDR; i++)
		s->addr[s->naddr++] = fdt_be32(reg + i * 4);
	for (uint32_t i = 0; i < n; i++)
		s->cells[i] = fdt_be32(p + i * 4);
}

/* Entry @index of "interrupts-extended" (@p, @len bytes). */
static int parse_extended(const void *blob, int node, unsigned int index, const uint8_t *p,
			  uint32_t len, struct irq_fwspec *out)
{
	struct of_spec s;
	uint32_t cells;

	for (uint32_t at = 0, k = 0; at < len / 4; at += 1 + cells, k++) {
		int par = phandle_node(blob, node, fdt_be32(p + at * 4), "interrupts-extended");

		if (par < 0 || interrupt_cells(blob, node, par, &cells))
			return -EINVAL;
		if (len / 4 - at - 1 < cells || (len & 3u)) {
			irq_log("of: %s: interrupts-extended ends inside an entry", name_of(blob, node));
			return -EINVAL;
		}
		if (k == index) {
			spec_fill(blob, node, &s, p + (at + 1) * 4, cells);
			return resolve(blob, node, par, &s, out);
		}
	}
	irq_log("of: %s: no interrupt %u", name_of(blob, node), index);
	return -ENOENT;
}

int irq_of_parse_one(const void *blob, int node, unsigned int index, struct irq_fwspec *out)
{
	const uint8_t *p;
	struct of_spec s;
	uint32_t len, cells;
	int par;

	if (!out || !fdt_node_name(blob, node))
		return -EINVAL;
	p = fdt_prop_get(blob, node, "interrupts-extended", &len);
	if (p)
		return parse_extended(blob, node, index, p, len, out);
	p = fdt_prop_get(blob, node, "interrupts", &len);
	if (!p) {
		irq_log("of: %s: no interrupts", name_of(blob, node));
		return -ENOENT;
	}
	par = irq_of_find_parent(blob, node);
	if (par < 0 || interrupt_cells(blob, node, par, &cells))
		return -EINVAL;
	if (len % (cells * 4)) {
		irq_log("of: %s: interrupts is %u bytes, not entries of %u cells of %s",
			name_of(blob, node), len, cells, name_of(blob, par));
		return -EINVAL;
	}
	if (index >= len / (cells * 4)) {
		irq_log("of: %s: no interrupt %u", name_of(blob, node), index);
		return -ENOENT;
	}
	spec_fill(blob, node, &s, p + index * cells * 4, cells);
	return resolve(blob, node, par, &s, out);
}

int irq_of_parse_and_map(const void *blob, int node, unsigned int index)
{
	struct irq_fwspec fw;
	int ret = irq_of_parse_one(blob, node, index, &fw);

	return ret ? ret : irq_create_fwspec_mapping(NULL, &fw);
}

int irq_of_parse_pci(const void *blob, int host, unsigned int bus, unsigned int devfn,
		     unsigned int pin, struct irq_fwspec *out)
{
	struct of_spec s = {
		.addr = { bus << PCI_BUS_SHIFT | devfn << PCI_DEVFN_SHIFT }, .naddr = 3,
		.cells = { pin }, .ncells = 1,
	};

	if (!out || !fdt_node_name(blob, host) || pin < 1 || pin > PCI_MAX_PIN ||
	    bus > 0xffu || devfn > 0xffu) {
		irq_log("of: %s: PCI %02x:%02x pin %u: no such INTx", name_of(blob, host), bus,
			devfn, pin);
		return -EINVAL;
	}
	return resolve(blob, host, host, &s, out);
}

int irq_of_map_pci(const void *blob, int host, unsigned int bus, unsigned int devfn,
		   unsigned int pin)
{
	struct irq_fwspec fw;
	int ret = irq_of_parse_pci(blob, host, bus, devfn, pin, &fw);

	return ret ? ret : irq_create_fwspec_mapping(NULL, &fw);
}

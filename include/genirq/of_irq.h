/* SPDX-License-Identifier: MIT */
/*
 * of_irq.h - a line from a flattened device tree's description of its
 * device, instead of from a number the driver was told (Linux's
 * irq_of_parse_and_map()). Optional, outside the core: of/of_irq.c and
 * of/fdt.c (genirq.mk's GENIRQ_OF_SRCS), for any kernel that has a DTB.
 *
 * A node is given as @blob (the DTB) and @node, the node's offset in the
 * structure block (of/fdt.h finds nodes: by compatible, by phandle, by
 * walking). A controller's domain answers for its node once registered
 * with irq_domain_set_fwnode(d, irq_of_fwnode(blob, node), ...).
 *
 * What is read, as the device tree specification (v0.4, 2.4) has it:
 *  - "interrupts-extended": <phandle cells...> pairs, each controller's
 *    own "#interrupt-cells" long;
 *  - else "interrupts", of the interrupt parent: the node's
 *    "interrupt-parent" phandle, else its parent's, up the tree until a
 *    node with "#interrupt-cells";
 *  - an interrupt parent that is a nexus (no "interrupt-controller", an
 *    "interrupt-map") translates the specifier and the unit address
 *    ("reg", "#address-cells" cells) through its map and mask, to the
 *    next parent, until a controller: PCI hosts' INTx swizzle.
 *
 * Errors are reported (irq_log) with the node's name and returned:
 * -ENOENT (no such interrupt: no property, @index past the end, no map
 * entry matches), -EINVAL (a malformed description: a bad blob or node,
 * a cells count that is missing, zero or larger than IRQ_FWSPEC_PARAMS,
 * a property that is not a whole number of entries, a phandle no node
 * has, no interrupt parent), -ENODEV (from mapping: no domain has the
 * controller's node).
 */
#ifndef GENIRQ_OF_IRQ_H
#define GENIRQ_OF_IRQ_H

#include <genirq/compiler.h>
#include <genirq/irqdomain.h>

GENIRQ_BEGIN_DECLS

/* What identifies node @node of @blob as a domain's fwnode; NULL for a bad node. */
const void *irq_of_fwnode(const void *blob, int node);

/*
 * irq_of_find_parent - the interrupt parent of @node (DT spec 2.4.1)
 * Return: its offset, -EINVAL (reported: a phandle no node has, or no
 * node up the tree has "#interrupt-cells").
 */
int irq_of_find_parent(const void *blob, int node);

/**
 * irq_of_parse_one - the controller and cells of interrupt @index of @node
 * @out: its fwnode (the controller's irq_of_fwnode()) and cells
 *
 * Context: any; it reads the blob only. Return: 0, or -errno as above.
 */
int irq_of_parse_one(const void *blob, int node, unsigned int index, struct irq_fwspec *out);

/**
 * irq_of_parse_and_map - the global line of interrupt @index of @node
 *
 * irq_of_parse_one(), then irq_create_fwspec_mapping(): the controller's
 * domain, found by its node, maps the line and sets the trigger the
 * cells give. Context: process context. Return: the line, or -errno.
 */
int irq_of_parse_and_map(const void *blob, int node, unsigned int index);

/*
 * irq_of_parse_pci - INTx pin @pin (1-4: INTA-INTD) of device @devfn on
 * bus @bus below host bridge node @host, through the host's
 * "interrupt-map" (unit address bus << 16 | devfn << 8; the map's mask
 * does the swizzle). Devices behind PCI-PCI bridges are not handled.
 * Return: 0, -EINVAL (@pin out of range, or as irq_of_parse_one()),
 * -ENOENT (no entry matches).
 */
int irq_of_parse_pci(const void *blob, int host, unsigned int bus, unsigned int devfn,
		     unsigned int pin, struct irq_fwspec *out);
/* irq_of_parse_pci(), then irq_create_fwspec_mapping(). */
int irq_of_map_pci(const void *blob, int host, unsigned int bus, unsigned int devfn,
		   unsigned int pin);

GENIRQ_END_DECLS

#endif /* GENIRQ_OF_IRQ_H */

// SPDX-License-Identifier: MIT
/*
 * irqdomain_tree.c - the sparse hardware number -> descriptor map of a
 * tree domain (irq_domain_create_tree()), for controllers whose numbers
 * are few but far apart (an ITS's event IDs, a device tree's 32-bit
 * cells) where a linear table would be mostly empty.
 *
 * A radix tree of IRQ_TREE_FANOUT-slot nodes, not a sorted array: the
 * dispatch path looks a line up without a lock while a mapping is being
 * added, and a tree can grow in place (a new node published with one
 * release store) where a sorted array must be copied, republished and
 * the old copy kept until no CPU reads it (a grace period per mapping).
 * Nodes are never freed while the domain lives, emptied or not, so a
 * reader can never follow a pointer into freed memory; the cost is at
 * most one node per IRQ_TREE_FANOUT numbers ever mapped, plus the
 * levels above them.
 */
#include "internals.h"

GENIRQ_FEATURE_SOURCE(GENIRQ_FWNODE, "FWNODE");

struct irq_tree_node {
	unsigned int	shift;		/* [C] bits of the number below this node; 0: a leaf */
	union {				/* [A] written under the domain's lock */
		struct irq_tree_node *_Atomic	child[IRQ_TREE_FANOUT];
		struct irq_desc *_Atomic	desc[IRQ_TREE_FANOUT];
	};
};

static unsigned int slot_index(const struct irq_tree_node *n, irq_hw_number_t hw)
{
	return (unsigned int)(hw >> n->shift) & (IRQ_TREE_FANOUT - 1);
}

/* @hw has bits above what a tree under @n covers. */
static bool beyond(const struct irq_tree_node *n, irq_hw_number_t hw)
{
	return ((hw >> n->shift) >> IRQ_TREE_BITS) != 0;
}

static struct irq_tree_node *node_new(struct irq_tree *t, unsigned int shift)
{
	struct irq_tree_node *n = irq_zalloc(sizeof(*n));

	if (n) {
		n->shift = shift;
		t->nodes++;
	}
	return n;
}

struct irq_desc *irq_tree_lookup(const struct irq_tree *t, irq_hw_number_t hw)
{
	struct irq_tree_node *n = atomic_load_explicit(&t->root, memory_order_acquire);

	if (!n || beyond(n, hw))
		return NULL;
	while (n->shift) {
		n = atomic_load_explicit(&n->child[slot_index(n, hw)], memory_order_acquire);
		if (!n)
			return NULL;
	}
	return atomic_load_explicit(&n->desc[slot_index(n, hw)], memory_order_acquire);
}

struct irq_desc *_Atomic *irq_tree_slot(struct irq_tree *t, irq_hw_number_t hw, bool create)
{
	struct irq_tree_node *n = atomic_load_explicit(&t->root, memory_order_relaxed);

	if (!n) {
		if (!create || !(n = node_new(t, 0)))
			return NULL;
		irq_atomic_store(&t->root, n, memory_order_release);
	}
	/* Grow at the top: the old root becomes child 0 of a wider one, so
	 * every number it held keeps its path. */
	while (beyond(n, hw)) {
		struct irq_tree_node *top;

		if (!create || !(top = node_new(t, n->shift + IRQ_TREE_BITS)))
			return NULL;
		irq_atomic_store(&top->child[0], n, memory_order_relaxed);
		irq_atomic_store(&t->root, top, memory_order_release);
		n = top;
	}
	while (n->shift) {
		struct irq_tree_node *_Atomic *link = &n->child[slot_index(n, hw)];
		struct irq_tree_node *next = atomic_load_explicit(link, memory_order_relaxed);

		if (!next) {
			if (!create || !(next = node_new(t, n->shift - IRQ_TREE_BITS)))
				return NULL;
			irq_atomic_store(link, next, memory_order_release);
		}
		n = next;
	}
	return &n->desc[slot_index(n, hw)];
}

/* SPDX-License-Identifier: MIT */
/*
 * fdt.h - the flattened device tree that QEMU's virt machines (aarch64,
 * riscv64) describe themselves with: the walk of its structure block and
 * the helpers their properties need. What each property means stays in
 * the port (arch/<isa>/fdt.c).
 */
#ifndef GENIRQ_ARCH_FDT_H
#define GENIRQ_ARCH_FDT_H

#include <stdbool.h>
#include <genirq/compat.h>
#include <stdint.h>

#define FDT_MAGIC	0xd00dfeedu
#define FDT_MAX_DEPTH	8	/* deeper nodes' properties are not reported */

/* One property, of node @node (a "name@unit" string) under @parent; the
 * root is depth 0, its children depth 1. The strings and @val point into
 * the tree, so they outlive the walk. */
struct fdt_prop {
	int		depth;
	const char	*node, *parent;
	const char	*name;
	const uint8_t	*val;
	uint32_t	len;
};

/* What fdt_walk() calls, in the tree's order; the node calls may be NULL. */
struct fdt_walker {
	void	(*begin_node)(void *ctx, int depth);
	void	(*prop)(void *ctx, const struct fdt_prop *p);
	void	(*end_node)(void *ctx, int depth);
	void	*ctx;
};

/* Big-endian cells, at any alignment. */
uint32_t fdt_be32(const void *p);
uint64_t fdt_be64(const void *p);
bool fdt_str_eq(const char *a, const char *b);
/* @node is "@base" or "@base@unit". */
bool fdt_node_is(const char *node, const char *base);
/* @blob starts with the DTB magic. */
bool fdt_valid(const void *blob);

/*
 * Walk the structure block of @blob, calling @w for each node and
 * property. Return: 0 at its end; -EINVAL for a blob that is not a DTB,
 * an unknown token or unbalanced nodes.
 */
int fdt_walk(const void *blob, const struct fdt_walker *w);

#endif /* GENIRQ_ARCH_FDT_H */

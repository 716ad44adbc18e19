/* SPDX-License-Identifier: MIT */
/*
 * fdt.h - a reader of flattened device trees (DTB blobs, as QEMU's virt
 * machines and firmware hand them over): a walk of the whole structure
 * block with callbacks, and nodes by offset (the offset of the node in
 * the structure block, 0 the root) for lookups: properties, parents,
 * phandles, compatible strings. What a property means stays with its
 * user (of_irq.c for interrupts, a port's machine file for the rest).
 *
 * Optional: no part of the core. A kernel that has a blob takes
 * of/fdt.c and of/of_irq.c (genirq.mk: GENIRQ_OF_SRCS).
 */
#ifndef GENIRQ_OF_FDT_H
#define GENIRQ_OF_FDT_H

#include <stdbool.h>
#include <genirq/compat.h>
#include <stdint.h>

#define FDT_MAGIC	0xd00dfeedu
#define FDT_MAX_DEPTH	16	/* deeper nodes are not reported nor found */

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
/* The string list @p of @len bytes (a "compatible") holds @want. */
bool fdt_string_list_has(const char *p, uint32_t len, const char *want);
/* @blob starts with the DTB magic and its blocks lie inside its size. */
bool fdt_valid(const void *blob);

/*
 * Walk the structure block of @blob, calling @w for each node and
 * property. Return: 0 at its end; -EINVAL for a blob that is not a DTB,
 * an unknown token, a token past the block or unbalanced nodes.
 */
int fdt_walk(const void *blob, const struct fdt_walker *w);

/*
 * Nodes by offset. Every call checks @blob and @node and stays inside
 * the structure block: a bad one gives -EINVAL (or NULL), never a read
 * out of the blob.
 */
/* The node after @node in the tree's order (@node -1: the root), its
 * depth in *@depth (relative to @node's when @depth holds it; may be
 * NULL). Return: its offset, -ENOENT after the last, -EINVAL. */
int fdt_node_next(const void *blob, int node, int *depth);
/* The node's "name@unit" ("" for the root), or NULL. */
const char *fdt_node_name(const void *blob, int node);
/* Property @name of @node: its value and length (*@len), or NULL. */
const uint8_t *fdt_prop_get(const void *blob, int node, const char *name, uint32_t *len);
/* A one-cell property: 0 and *@val, -ENOENT (absent), -EINVAL (not one cell). */
int fdt_prop_u32(const void *blob, int node, const char *name, uint32_t *val);
/* The node that holds @node. Return: offset, -ENOENT for the root, -EINVAL. */
int fdt_node_parent(const void *blob, int node);
/* The node whose "phandle" is @phandle. Return: offset, -ENOENT, -EINVAL. */
int fdt_node_by_phandle(const void *blob, uint32_t phandle);
/* The first node after @from (-1: from the start) with @compat in its
 * "compatible". Return: offset, -ENOENT, -EINVAL. */
int fdt_find_compatible(const void *blob, int from, const char *compat);
/* The address of node @node in the blob: what identifies it (an fwnode). */
const void *fdt_node_address(const void *blob, int node);

#endif /* GENIRQ_OF_FDT_H */

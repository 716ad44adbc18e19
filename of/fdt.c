// SPDX-License-Identifier: MIT
/*
 * fdt.c - the reader of flattened device trees (see fdt.h): the whole
 * walk the ports' machine files use, and nodes by offset for of_irq.c.
 */
#include <stddef.h>
#include <genirq/errno.h>
#include <genirq/compat.h>

#include "fdt.h"

#define FDT_BEGIN_NODE	1u
#define FDT_END_NODE	2u
#define FDT_PROP	3u
#define FDT_NOP		4u
#define FDT_END		9u
#define FDT_HEADER_SIZE	40u	/* through size_dt_struct (version 17) */
#define FDT_V17		17u	/* the first version with size_dt_struct */

/* The blocks of a blob, checked once per call. */
struct fdt_blocks {
	const uint8_t	*st;		/* structure block */
	uint32_t	st_size;
	const char	*strings;
	uint32_t	str_size;
};

uint32_t fdt_be32(const void *p)
{
	const uint8_t *b = p;

	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

uint64_t fdt_be64(const void *p)
{
	return (uint64_t)fdt_be32(p) << 32 | fdt_be32((const uint8_t *)p + 4);
}

bool fdt_str_eq(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

bool fdt_node_is(const char *node, const char *base)
{
	while (*base && *node == *base)
		node++, base++;
	return !*base && (!*node || *node == '@');
}

bool fdt_string_list_has(const char *p, uint32_t len, const char *want)
{
	for (uint32_t i = 0; i < len; ) {
		uint32_t n = 0;

		while (i + n < len && p[i + n])
			n++;
		if (i + n < len) {	/* a terminated string */
			if (fdt_str_eq(p + i, want))
				return true;
		}
		i += n + 1;
	}
	return false;
}

static bool blocks(const void *blob, struct fdt_blocks *b)
{
	const uint8_t *base = blob;
	uint32_t total, st, st_size, str, str_size;

	if (!blob || fdt_be32(base) != FDT_MAGIC)
		return false;
	total = fdt_be32(base + 4);
	st = fdt_be32(base + 8);
	str = fdt_be32(base + 12);
	str_size = fdt_be32(base + 32);
	st_size = fdt_be32(base + 20) >= FDT_V17 ? fdt_be32(base + 36) : total - st;
	if (total < FDT_HEADER_SIZE || st > total || st_size > total - st || (st & 3u) ||
	    str > total || str_size > total - str)
		return false;
	*b = (struct fdt_blocks){ .st = base + st, .st_size = st_size,
				  .strings = (const char *)base + str, .str_size = str_size };
	return true;
}

bool fdt_valid(const void *blob)
{
	struct fdt_blocks b;

	return blocks(blob, &b);
}

/*
 * The token at @off: its kind, and the offset of the one after it in
 * *@next. For a property, its name offset, value and length. Return:
 * the token, or 0 for one that does not fit the block.
 */
static uint32_t token_at(const struct fdt_blocks *b, uint32_t off, uint32_t *next,
			 struct fdt_prop *p)
{
	uint32_t token, len, n = 0;

	if (off > b->st_size || b->st_size - off < 4)
		return 0;
	token = fdt_be32(b->st + off);
	off += 4;
	switch (token) {
	case FDT_BEGIN_NODE:
		while (off + n < b->st_size && b->st[off + n])
			n++;
		if (off + n >= b->st_size)
			return 0;
		*next = off + ((n + 4) & ~3u);
		return token;
	case FDT_PROP:
		if (b->st_size - off < 8)
			return 0;
		len = fdt_be32(b->st + off);
		if (len > b->st_size - off - 8 || fdt_be32(b->st + off + 4) >= b->str_size)
			return 0;
		if (p) {
			p->name = b->strings + fdt_be32(b->st + off + 4);
			p->val = b->st + off + 8;
			p->len = len;
		}
		*next = off + 8 + ((len + 3) & ~3u);
		return token;
	case FDT_END_NODE:
	case FDT_NOP:
	case FDT_END:
		*next = off;
		return token;
	default:
		return 0;
	}
}

int fdt_walk(const void *blob, const struct fdt_walker *w)
{
	const char *path[FDT_MAX_DEPTH];
	struct fdt_blocks b;
	uint32_t off = 0, next;
	int depth = -1;

	if (!blocks(blob, &b))
		return -EINVAL;
	for (;;) {
		struct fdt_prop pr = { .depth = depth };

		switch (token_at(&b, off, &next, &pr)) {
		case FDT_BEGIN_NODE:
			if (++depth < FDT_MAX_DEPTH)
				path[depth] = (const char *)b.st + off + 4;
			if (w->begin_node)
				w->begin_node(w->ctx, depth);
			break;
		case FDT_END_NODE:
			if (depth < 0)
				return -EINVAL;
			if (w->end_node)
				w->end_node(w->ctx, depth);
			depth--;
			break;
		case FDT_PROP:
			if (depth >= 0 && depth < FDT_MAX_DEPTH) {
				pr.node = path[depth];
				pr.parent = depth > 0 ? path[depth - 1] : "";
				w->prop(w->ctx, &pr);
			}
			break;
		case FDT_NOP:
			break;
		case FDT_END:
			return depth == -1 ? 0 : -EINVAL;
		default:
			return -EINVAL;
		}
		off = next;
	}
}

/* @node is the offset of a node's BEGIN_NODE in @b. */
static bool is_node(const struct fdt_blocks *b, int node)
{
	uint32_t next;

	return node >= 0 && !((unsigned int)node & 3u) &&
	       token_at(b, (uint32_t)node, &next, NULL) == FDT_BEGIN_NODE;
}

int fdt_node_next(const void *blob, int node, int *depth)
{
	struct fdt_blocks b;
	uint32_t off, next;
	int d = depth ? *depth : 0;

	if (!blocks(blob, &b))
		return -EINVAL;
	if (node < 0) {
		if (depth)
			*depth = 0;
		return is_node(&b, 0) ? 0 : -EINVAL;
	}
	if (!is_node(&b, node))
		return -EINVAL;
	token_at(&b, (uint32_t)node, &off, NULL);
	for (;;) {
		switch (token_at(&b, off, &next, NULL)) {
		case FDT_BEGIN_NODE:
			if (depth)
				*depth = d + 1;
			return (int)off;
		case FDT_END_NODE:
			d--;
			break;
		case FDT_PROP:
		case FDT_NOP:
			break;
		case FDT_END:
			return -ENOENT;
		default:
			return -EINVAL;
		}
		off = next;
	}
}

const char *fdt_node_name(const void *blob, int node)
{
	struct fdt_blocks b;

	return blocks(blob, &b) && is_node(&b, node) ? (const char *)b.st + node + 4 : NULL;
}

const uint8_t *fdt_prop_get(const void *blob, int node, const char *name, uint32_t *len)
{
	struct fdt_blocks b;
	uint32_t off, next;

	if (!blocks(blob, &b) || !is_node(&b, node))
		return NULL;
	token_at(&b, (uint32_t)node, &off, NULL);
	for (;;) {
		struct fdt_prop p;
		uint32_t token = token_at(&b, off, &next, &p);

		if (token == FDT_PROP && fdt_str_eq(p.name, name)) {
			if (len)
				*len = p.len;
			return p.val;
		}
		if (token != FDT_PROP && token != FDT_NOP)
			return NULL;	/* a child, the node's end, or a bad token */
		off = next;
	}
}

int fdt_prop_u32(const void *blob, int node, const char *name, uint32_t *val)
{
	uint32_t len;
	const uint8_t *p = fdt_prop_get(blob, node, name, &len);

	if (!p)
		return -ENOENT;
	if (len != 4)
		return -EINVAL;
	*val = fdt_be32(p);
	return 0;
}

int fdt_node_parent(const void *blob, int node)
{
	int stack[FDT_MAX_DEPTH], depth = 0, n;

	if (!fdt_node_name(blob, node))
		return -EINVAL;
	if (node == 0)
		return -ENOENT;
	/* Offsets grow through the tree: the parent is the last node of
	 * one depth less seen before @node. */
	for (n = fdt_node_next(blob, -1, &depth); n >= 0 && n < node;
	     n = fdt_node_next(blob, n, &depth)) {
		if (depth < 0 || depth >= FDT_MAX_DEPTH)
			return -EINVAL;
		stack[depth] = n;
	}
	if (n != node || depth < 1 || depth > FDT_MAX_DEPTH)
		return -EINVAL;
	return stack[depth - 1];
}

int fdt_node_by_phandle(const void *blob, uint32_t phandle)
{
	int depth = 0, n;
	uint32_t v;

	if (phandle == 0 || phandle == UINT32_MAX)	/* never a node's (DT spec 2.3.3) */
		return -EINVAL;
	for (n = fdt_node_next(blob, -1, &depth); n >= 0; n = fdt_node_next(blob, n, &depth))
		if (fdt_prop_u32(blob, n, "phandle", &v) == 0 && v == phandle)
			return n;
	return n;
}

int fdt_find_compatible(const void *blob, int from, const char *compat)
{
	int depth = 0, n;
	uint32_t len;

	for (n = fdt_node_next(blob, from, &depth); n >= 0; n = fdt_node_next(blob, n, &depth)) {
		const uint8_t *p = fdt_prop_get(blob, n, "compatible", &len);

		if (p && fdt_string_list_has((const char *)p, len, compat))
			return n;
	}
	return n;
}

const void *fdt_node_address(const void *blob, int node)
{
	struct fdt_blocks b;

	return blocks(blob, &b) && is_node(&b, node) ? b.st + node : NULL;
}

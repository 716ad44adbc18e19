// SPDX-License-Identifier: MIT
/*
 * fdt.c - the walk of a flattened device tree (see fdt.h), shared by the
 * ports whose machines hand one over.
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

bool fdt_valid(const void *blob)
{
	return blob && fdt_be32(blob) == FDT_MAGIC;
}

int fdt_walk(const void *blob, const struct fdt_walker *w)
{
	const uint8_t *base = blob, *p;
	const char *strings, *path[FDT_MAX_DEPTH];
	int depth = -1;

	if (!fdt_valid(blob))
		return -EINVAL;
	p = base + fdt_be32(base + 8);
	strings = (const char *)base + fdt_be32(base + 12);
	for (;;) {
		uint32_t token = fdt_be32(p), len;
		size_t n = 0;

		p += 4;
		switch (token) {
		case FDT_BEGIN_NODE:
			while (p[n])
				n++;
			if (++depth < FDT_MAX_DEPTH)
				path[depth] = (const char *)p;
			p += (n + 4) & ~(size_t)3;
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
			len = fdt_be32(p);
			if (depth >= 0 && depth < FDT_MAX_DEPTH) {
				struct fdt_prop pr = {
					.depth = depth, .node = path[depth],
					.parent = depth > 0 ? path[depth - 1] : "",
					.name = strings + fdt_be32(p + 4), .val = p + 8, .len = len,
				};

				w->prop(w->ctx, &pr);
			}
			p += 8 + ((len + 3) & ~3u);
			break;
		case FDT_NOP:
			break;
		case FDT_END:
			return depth == -1 ? 0 : -EINVAL;
		default:
			return -EINVAL;
		}
	}
}

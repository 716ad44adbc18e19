// SPDX-License-Identifier: MIT
/*
 * fuzz_fdt.c - the device tree reader (of/fdt.c) and the interrupt
 * lookup over it (of/of_irq.c) against any blob.
 *
 * The input is the blob, in a buffer of exactly its length, its header's
 * total size set to that length (the reader trusts the header for the
 * blob's end, as a kernel handed a blob must): every read past it is
 * ASan's. Each node is walked to, named, its parent found, and its first
 * interrupts parsed, PCI INTx too; every answer must be a success or one
 * of the documented errors, and a success's cells must fit the fwspec.
 */
#include "fuzz.h"
#include <genirq/errno.h>
#include <genirq/of_irq.h>
#include "fdt.h"

#define FDT_HEADER	40u
#define MAX_NODES	256	/* nodes looked at per input */

static bool initialised;

static void count_prop(void *ctx, const struct fdt_prop *p)
{
	(void)p;
	(*(unsigned int *)ctx)++;
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static void check_fwspec(int ret, const struct irq_fwspec *fw)
{
	FUZZ_ASSERT(ret == 0 || ret == -EINVAL || ret == -ENOENT, "ret %d", ret);
	if (ret == 0)
		FUZZ_ASSERT(fw->fwnode && fw->param_count >= 1 &&
			    fw->param_count <= IRQ_FWSPEC_PARAMS, "cells %u", fw->param_count);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned int props = 0;
	struct fdt_walker w = { .prop = count_prop, .ctx = &props };
	struct irq_fwspec fw;
	uint8_t *blob;
	int n, depth = 0, ret, seen = 0;

	if (!initialised) {
		FUZZ_ASSERT(sim_init(1, 64) == 0, "sim_init");
		initialised = true;
	}
	if (size < FDT_HEADER || size > UINT32_MAX)
		return 0;
	blob = malloc(size);
	memcpy(blob, data, size);
	put32(blob + 4, (uint32_t)size);
	ret = fdt_walk(blob, &w);
	FUZZ_ASSERT(ret == 0 || ret == -EINVAL, "walk %d", ret);
	for (n = fdt_node_next(blob, -1, &depth); n >= 0 && seen < MAX_NODES;
	     n = fdt_node_next(blob, n, &depth), seen++) {
		int parent = fdt_node_parent(blob, n);

		FUZZ_ASSERT(fdt_node_name(blob, n) != NULL, "node %d without a name", n);
		FUZZ_ASSERT(irq_of_fwnode(blob, n) != NULL, "node %d without a fwnode", n);
		FUZZ_ASSERT(parent >= 0 ? parent < n : parent == -ENOENT || parent == -EINVAL,
			    "parent %d of %d", parent, n);
		for (unsigned int i = 0; i < 3; i++)
			check_fwspec(irq_of_parse_one(blob, n, i, &fw), &fw);
		ret = irq_of_find_parent(blob, n);
		FUZZ_ASSERT(ret >= 0 || ret == -EINVAL, "find_parent %d", ret);
		for (unsigned int pin = 0; pin <= 4; pin++)
			check_fwspec(irq_of_parse_pci(blob, n, 0, 8, pin, &fw), &fw);
	}
	FUZZ_ASSERT(n >= 0 || n == -ENOENT || n == -EINVAL, "next %d", n);
	free(blob);
	return 0;
}

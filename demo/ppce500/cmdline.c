// SPDX-License-Identifier: MIT
/*
 * cmdline.c - the kernel command line (QEMU -append): the bootargs
 * property of /chosen in the flattened device tree QEMU hands over in r3.
 *
 * FDT (devicetree specification, chapter 5): a big-endian header, then
 * a structure block of 32-bit tokens; node names and property values are
 * padded to 4 bytes, property names are offsets into the strings block.
 */
#include "ppce500.h"

#define FDT_MAGIC	0xd00dfeedu
#define FDT_BEGIN_NODE	1u
#define FDT_END_NODE	2u
#define FDT_PROP	3u
#define FDT_NOP		4u
#define FDT_END		9u
#define FDT_MAX_BYTES	(1u << 20)	/* a bound on a corrupt header */

static const char *cmdline = "";

static bool str_eq(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

static size_t str_len(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

static uint32_t pad4(size_t n)
{
	return (uint32_t)((n + 3) & ~(size_t)3);
}

void ppc_cmdline_init(uintptr_t fdt)
{
	const uint32_t *hdr = (const uint32_t *)fdt;
	const char *strings;
	const uint8_t *p, *end;
	int depth = 0;
	bool in_chosen = false;

	if (!fdt || hdr[0] != FDT_MAGIC || hdr[1] > FDT_MAX_BYTES)
		return;
	p = (const uint8_t *)fdt + hdr[2];
	end = (const uint8_t *)fdt + hdr[1];
	strings = (const char *)fdt + hdr[3];
	while (p + 4 <= end) {
		uint32_t token = *(const uint32_t *)p;

		p += 4;
		if (token == FDT_BEGIN_NODE) {
			const char *name = (const char *)p;

			depth++;
			in_chosen = depth == 2 && str_eq(name, "chosen");
			p += pad4(str_len(name) + 1);
		} else if (token == FDT_END_NODE) {
			depth--;
			in_chosen = false;
		} else if (token == FDT_PROP) {
			uint32_t len = ((const uint32_t *)p)[0], name = ((const uint32_t *)p)[1];

			p += 8;
			if (in_chosen && len && str_eq(strings + name, "bootargs")) {
				cmdline = (const char *)p;
				return;
			}
			p += pad4(len);
		} else if (token != FDT_NOP) {
			return;		/* FDT_END, or not a tree we understand */
		}
	}
}

bool ppc_cmdline_has(const char *word)
{
	size_t n = str_len(word);

	for (const char *a = cmdline; *a;) {
		size_t i = 0;

		while (a[i] && a[i] != ' ')
			i++;
		if (i == n) {
			size_t j = 0;

			while (j < n && a[j] == word[j])
				j++;
			if (j == n)
				return true;
		}
		a += i;
		while (*a == ' ')
			a++;
	}
	return false;
}

// SPDX-License-Identifier: MIT
/*
 * fuzz_cpumask.c - the two CPU-mask parsers against any bytes.
 *
 * The first byte picks the form (hex groups or list) and the rest is the
 * text, not NUL-ended, in a buffer of exactly its length (ASan sees any
 * read past it). A refused text must leave the output untouched; an
 * accepted one must print back to a text that parses to the same mask,
 * and must contain only the characters its form allows.
 */
#include "fuzz.h"
#include <genirq/compat.h>

static void fill(struct irq_cpumask *m, unsigned char b)
{
	memset(m, b, sizeof(*m));
}

static bool only(const char *t, size_t n, const char *allowed)
{
	for (size_t i = 0; i < n; i++)
		if (!strchr(allowed, t[i]) || t[i] == '\0')
			return false;
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct irq_cpumask m, canary, back;
	char printed[GENIRQ_NR_CPUS * 4 + 16];
	bool list;
	char *text;
	size_t len;
	int ret, n;

	if (size < 1)
		return 0;
	list = data[0] & 1;
	len = size - 1;
	text = malloc(len ? len : 1);
	memcpy(text, data + 1, len);

	fill(&m, 0xa5);
	fill(&canary, 0xa5);
	ret = list ? cpumask_parselist(text, len, &m) : cpumask_parse(text, len, &m);
	FUZZ_ASSERT(ret == 0 || ret == -EINVAL || ret == -EOVERFLOW, "ret %d", ret);
	if (ret) {
		FUZZ_ASSERT(memcmp(&m, &canary, sizeof(m)) == 0, "refused text wrote the mask");
	} else {
		size_t body = (len && text[len - 1] == '\n') ? len - 1 : len;

		FUZZ_ASSERT(only(text, body, list ? "0123456789,-" :
				 "0123456789abcdefABCDEF,"), "accepted a bad character");
		/* Round trip through the printer. */
		n = list ? cpumask_print_list(printed, sizeof(printed), &m)
			 : cpumask_print(printed, sizeof(printed), &m, GENIRQ_NR_CPUS);
		FUZZ_ASSERT(n >= 0 && (size_t)n < sizeof(printed), "print %d", n);
		FUZZ_ASSERT(strlen(printed) == (size_t)n, "printed length");
		fill(&back, 0x5a);
		ret = list ? cpumask_parselist(printed, (size_t)n, &back)
			   : cpumask_parse(printed, (size_t)n, &back);
		FUZZ_ASSERT(ret == 0, "printed text \"%s\" does not parse (%d)", printed, ret);
		FUZZ_ASSERT(cpumask_equal(&m, &back), "round trip of \"%s\" differs", printed);
	}
	/* A NULL text is refused the same way. */
	FUZZ_ASSERT(cpumask_parse(NULL, len, &m) == -EINVAL, "NULL text");
	free(text);
	return 0;
}

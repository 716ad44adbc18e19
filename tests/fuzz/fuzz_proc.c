// SPDX-License-Identifier: MIT
/*
 * fuzz_proc.c - /proc path lookups, reads, listings and writes.
 *
 * Input: byte 0 picks the call and the buffer size, then a path up to the
 * first NUL, then the text to write (the rest, not NUL-ended). Every view
 * must fit the buffer it was given (ASan checks the exact allocation),
 * say its whole length, and end in a NUL; every error must be one of the
 * documented ones; a refused write must change nothing at all.
 */
#include "fuzz.h"
#include <genirq/compat.h>

static void check_view(int ret, const char *buf, size_t size)
{
	if (ret < 0) {
		FUZZ_ASSERT(ret == -ENOENT || ret == -EISDIR, "read/list error %d", ret);
		return;
	}
	if (size == 0)
		return;
	FUZZ_ASSERT(memchr(buf, '\0', size) != NULL, "view not NUL-ended");
	FUZZ_ASSERT(strlen(buf) == ((size_t)ret < size ? (size_t)ret : size - 1),
		    "view length %zu, said %d, size %zu", strlen(buf), ret, size);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_state before, after;
	const uint8_t *nul;
	char *path, *text, *buf;
	size_t plen, tlen, bsize;
	int ret;

	if (size < 1)
		return 0;
	fuzz_machine();
	nul = memchr(data + 1, '\0', size - 1);
	plen = nul ? (size_t)(nul - (data + 1)) : size - 1;
	path = malloc(plen + 1);
	memcpy(path, data + 1, plen);
	path[plen] = '\0';
	tlen = nul ? size - 2 - plen : 0;
	text = malloc(tlen ? tlen : 1);
	if (tlen)
		memcpy(text, nul + 1, tlen);
	/* Buffer sizes from 0 to 8 KiB, small ones often (truncation). */
	bsize = (data[0] >> 2) < 32 ? (data[0] >> 2) : (size_t)(data[0] >> 2) * 128;
	buf = malloc(bsize ? bsize : 1);

	fuzz_snapshot(&before);
	switch (data[0] & 3) {
	case 0:
		ret = irq_proc_read(path, buf, bsize);
		check_view(ret, buf, bsize);
		break;
	case 1:
		ret = irq_proc_list(path, buf, bsize);
		check_view(ret, buf, bsize);
		break;
	default:
		ret = irq_proc_write(path, text, tlen);
		FUZZ_ASSERT(ret == 0 || ret == -ENOENT || ret == -EACCES || ret == -EISDIR ||
			    ret == -EINVAL || ret == -EOVERFLOW || ret == -EIO,
			    "write error %d", ret);
		fuzz_snapshot(&after);
		if (ret) {
			FUZZ_ASSERT(fuzz_state_equal(&before, &after),
				    "refused write (%d) changed state", ret);
		} else {
			/* What was accepted reads back as written. */
			struct irq_cpumask want, got;
			char view[256];

			FUZZ_ASSERT(strstr(path, "smp_affinity") || strstr(path, "prof_cpu_mask"),
				    "write to %s accepted", path);
			if (strstr(path, "_list"))
				FUZZ_ASSERT(cpumask_parselist(text, tlen, &want) == 0, "list");
			else
				FUZZ_ASSERT(cpumask_parse(text, tlen, &want) == 0, "hex");
			ret = irq_proc_read(path, view, sizeof(view));
			FUZZ_ASSERT(ret > 0 && (size_t)ret < sizeof(view), "read back %d", ret);
			if (strstr(path, "_list"))
				FUZZ_ASSERT(cpumask_parselist(view, (size_t)ret, &got) == 0, "reparse");
			else
				FUZZ_ASSERT(cpumask_parse(view, (size_t)ret, &got) == 0, "reparse");
			/* The hex view shows the machine's CPUs only (a list shows all). */
			if (!strstr(path, "_list")) {
				struct irq_cpumask cpus;

				cpumask_setall(&cpus, FUZZ_CPUS);
				cpumask_and(&want, &want, &cpus);
			}
			FUZZ_ASSERT(cpumask_equal(&want, &got), "%s reads back differently", path);
		}
		fuzz_restore();
		break;
	}
	/* Reads and listings change nothing either. */
	if ((data[0] & 3) < 2) {
		fuzz_snapshot(&after);
		FUZZ_ASSERT(fuzz_state_equal(&before, &after), "a read changed state");
	}
	free(buf);
	free(text);
	free(path);
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * shell_garbage.c - the shell-garbage scenario (see shell_garbage.h).
 */
#include <genirq/compiler.h>

#include "shell.h"
#include "shell_garbage.h"

/* shell-garbage: a shell whose output we count, fed the worst we have. */
static unsigned int garbage_lines, garbage_errors;

static void garbage_write(const char *text, size_t len)
{
	static const char err[] = "error:";
	static size_t match;

	for (size_t i = 0; i < len; i++) {
		if (text[i] == '\n')
			garbage_lines++;
		match = (text[i] == err[match]) ? match + 1 : (text[i] == 'e' ? 1 : 0);
		if (match == sizeof(err) - 1) {
			garbage_errors++;
			match = 0;
		}
	}
}

void shell_garbage_scenario(struct scenario_tally *t)
{
	static struct shell sh;
	static const char *const bad[] = {
		"frobnicate\n", "echo 1-z > /proc/irq/1/smp_affinity\n",
		"echo ffffffffffffffffffffffffffffffffffff > /proc/irq/1/smp_affinity\n",
		"cat /proc/irq/99999/smp_affinity\n", "enable x\n", "ipi 7\n", "ipi\n",
		"a\x01\x02\x1b[A\n", "cat\n",
	};
	unsigned int expect = GENIRQ_ARRAY_SIZE(bad) + 1, lines_before;

	shell_init(&sh, garbage_write, NULL, 0);
	for (unsigned int i = 0; i < GENIRQ_ARRAY_SIZE(bad); i++)
		for (const char *p = bad[i]; *p; p++)
			shell_input(&sh, *p);
	for (unsigned int i = 0; i < 4096; i++)
		shell_input(&sh, (char)('a' + i % 26));
	shell_input(&sh, '\n');
	lines_before = garbage_lines;
	for (const char *p = "cat /proc/irq/prof_cpu_mask\n"; *p; p++)
		shell_input(&sh, *p);
	if (garbage_errors < expect - 1 || garbage_lines == lines_before)
		scenario_fail(t, "shell-garbage", "%u error lines for %u bad inputs; "
			      "alive: %d", garbage_errors, expect, garbage_lines > lines_before);
	else
		scenario_pass(t, "shell-garbage", "%u bad lines (4 KiB line, control bytes, "
			      "unknown commands, malformed masks) -> %u one-line errors, shell alive",
			      expect, garbage_errors);
}

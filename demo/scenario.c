// SPDX-License-Identifier: MIT
/*
 * scenario.c - scenario verdict lines (see scenario.h).
 */
#include <stdarg.h>
#include <genirq/proc.h>

#include "scenario.h"
#include "shell.h"

#define LINE_MAX	320

static void verdict(struct scenario_tally *t, const char *name, const char *word,
		    const char *fmt, va_list ap)
{
	char line[LINE_MAX];
	int n = irq_snprintf(line, sizeof(line), "SCENARIO %s: %s", name, word);

	if (fmt && fmt[0] && (size_t)n < sizeof(line) - 2) {
		line[n++] = ' ';
		n += irq_vsnprintf(line + n, sizeof(line) - (size_t)n - 1, fmt, ap);
	}
	if ((size_t)n > sizeof(line) - 2)
		n = (int)sizeof(line) - 2;
	line[n++] = '\n';
	t->write(line, (size_t)n);
}

/* @shown: printed also when quiet (a failure). */
#define VERDICT(field, word, shown)				\
	do {							\
		va_list ap;					\
		t->field++;					\
		if (t->quiet && !(shown))			\
			break;					\
		va_start(ap, fmt);				\
		verdict(t, name, word, fmt, ap);		\
		va_end(ap);					\
	} while (0)

void scenario_pass(struct scenario_tally *t, const char *name, const char *fmt, ...)
{
	VERDICT(passed, "PASS", false);
}

void scenario_fail(struct scenario_tally *t, const char *name, const char *fmt, ...)
{
	VERDICT(failed, "FAIL", true);
}

void scenario_skip(struct scenario_tally *t, const char *name, const char *fmt, ...)
{
	VERDICT(skipped, "SKIP", false);
}

void scenario_expect(struct scenario_tally *t, const char *what)
{
	char line[LINE_MAX];
	int n = irq_snprintf(line, sizeof(line), "expected: %s, provoked by a self-test\n", what);

	if (t->label) {
		t->write(line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1);
		t->label("expected: ");
	}
}

void scenario_expect_end(struct scenario_tally *t)
{
	if (t->label)
		t->label(NULL);
}

int scenario_summary(struct scenario_tally *t)
{
	char line[128];
	int n;

	if (t->quiet) {
		n = irq_snprintf(line, sizeof(line), "boot self-tests: %u passed", t->passed);
		if (t->failed)
			n += irq_snprintf(line + n, sizeof(line) - (size_t)n, ", %u FAILED", t->failed);
		if (t->skipped)
			n += irq_snprintf(line + n, sizeof(line) - (size_t)n,
					  ", %u need a harness or hardware (make check)", t->skipped);
		n += irq_snprintf(line + n, sizeof(line) - (size_t)n, "\n");
	} else
		n = irq_snprintf(line, sizeof(line), "SCENARIOS: %u passed, %u failed, %u skipped\n",
				 t->passed, t->failed, t->skipped);

	t->write(line, (size_t)n);
	return (t->failed == 0 && t->passed > 0) ? 0 : 1;
}

bool scenario_contains(const char *hay, const char *needle)
{
	for (; *hay; hay++) {
		size_t i = 0;

		while (needle[i] && hay[i] == needle[i])
			i++;
		if (!needle[i])
			return true;
	}
	return !*needle;
}

/* --- shell-garbage: a shell whose output is counted, fed the worst we have --- */

static unsigned int garbage_lines, garbage_errors;

static void garbage_write(const char *text, size_t len)
{
	static const char err[] = "error:";
	static size_t match;

	for (size_t i = 0; i < len; i++) {
		garbage_lines += text[i] == '\n';
		match = (text[i] == err[match]) ? match + 1 : (text[i] == err[0]);
		if (match == sizeof(err) - 1) {
			garbage_errors++;
			match = 0;
		}
	}
}

static void garbage_feed(struct shell *sh, const char *text)
{
	while (*text)
		shell_input(sh, *text++);
}

void scenario_run_shell_garbage(struct scenario_tally *t)
{
	static struct shell sh;
	static const char *const bad[] = {
		"frobnicate\n", "echo 1-z > /proc/irq/1/smp_affinity\n",
		"echo ffffffffffffffffffffffffffffffffffff > /proc/irq/1/smp_affinity\n",
		"cat /proc/irq/99999/smp_affinity\n", "enable x\n", "ipi 7\n", "ipi\n",
		"a\x01\x02\x1b[A\n", "cat\n",
	};
	unsigned int want = (unsigned int)(sizeof(bad) / sizeof(bad[0])) + 1, lines;

	shell_init(&sh, garbage_write, NULL, 0);
	for (unsigned int i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		garbage_feed(&sh, bad[i]);
	for (unsigned int i = 0; i < 4096; i++)
		shell_input(&sh, (char)('a' + i % 26));
	shell_input(&sh, '\n');
	lines = garbage_lines;
	garbage_feed(&sh, "cat /proc/irq/prof_cpu_mask\n");
	if (garbage_errors < want - 1 || garbage_lines == lines)
		scenario_fail(t, "shell-garbage", "%u error lines for %u bad inputs; alive: %d",
			      garbage_errors, want, garbage_lines > lines);
	else
		scenario_pass(t, "shell-garbage", "%u bad lines (4 KiB line, control bytes, "
			      "unknown commands, malformed masks) -> %u one-line errors, shell alive",
			      want, garbage_errors);
}

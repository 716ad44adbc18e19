// SPDX-License-Identifier: MIT
/*
 * scenario.c - scenario verdict lines (see scenario.h).
 */
#include <stdarg.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "rxring.h"
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
	if (t->reveal)
		t->reveal();
	VERDICT(failed, "FAIL", true);
}

void scenario_skip(struct scenario_tally *t, const char *name, const char *fmt, ...)
{
	VERDICT(skipped, "SKIP", false);
}

bool scenario_built(struct scenario_tally *t, const char *name, bool built, const char *feature)
{
	if (!built)
		scenario_skip(t, name, "not built (%s 0)", feature);
	return built;
}

void scenario_expect(struct scenario_tally *t, const char *what)
{
	char line[LINE_MAX];
	int n = irq_snprintf(line, sizeof(line), "expected: %s, provoked by a self-test\n", what);

	t->provoked++;
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

unsigned int scenario_tick_tries(unsigned long (*span)(void), unsigned long lo, unsigned long hi,
				 unsigned long *got)
{
	unsigned int try;

	for (try = 1; try <= SCENARIO_TICK_TRIES; try++) {
		*got = span();
		if (*got >= lo && *got <= hi)
			return try;
	}
	return 0;
}

const char *scenario_try_note(unsigned int try)
{
	static const char *const notes[] = { "", "", ", try 2", ", try 3" };

	_Static_assert(SCENARIO_TICK_TRIES == 3, "one note per try");
	return try < sizeof(notes) / sizeof(notes[0]) ? notes[try] : "";
}

void scenario_slow_reset(struct scenario_slow *s)
{
	atomic_store(&s->running, false);
	atomic_store(&s->freeing, false);
	atomic_store(&s->done, false);
}

static uint64_t wait_end(void)
{
	return port_time_ns() + (uint64_t)SCENARIO_WAIT_MS * NS_PER_MS;
}

bool scenario_wait_count(_Atomic unsigned long *v, unsigned long want)
{
	uint64_t end = wait_end();

	while (atomic_load(v) < want && port_time_ns() < end)
		port_cpu_relax();
	return atomic_load(v) >= want;
}

bool scenario_wait_flag(_Atomic bool *flag)
{
	uint64_t end = wait_end();

	while (!atomic_load(flag) && port_time_ns() < end)
		port_cpu_relax();
	return atomic_load(flag);
}

void scenario_slow_run(struct scenario_slow *s, unsigned int ms)
{
	uint64_t end;

	atomic_store(&s->running, true);
	scenario_wait_flag(&s->freeing);
	end = port_time_ns() + (uint64_t)ms * NS_PER_MS;
	while (port_time_ns() < end)
		port_cpu_relax();
	atomic_store(&s->done, true);
}

bool scenario_slow_freeing(struct scenario_slow *s)
{
	bool running = scenario_wait_flag(&s->running) && !atomic_load(&s->done);

	atomic_store(&s->freeing, true);
	return running;
}

bool scenario_slow_done(struct scenario_slow *s)
{
	return atomic_load(&s->done);
}

int scenario_summary(struct scenario_tally *t)
{
	char line[160];
	int n;

	if (t->quiet) {
		n = irq_snprintf(line, sizeof(line), "boot self-tests: %u passed", t->passed);
		if (t->failed)
			n += irq_snprintf(line + n, sizeof(line) - (size_t)n, ", %u FAILED", t->failed);
		if (t->skipped)
			n += irq_snprintf(line + n, sizeof(line) - (size_t)n,
					  ", %u need a harness or hardware (make check)", t->skipped);
		if (t->provoked)
			n += irq_snprintf(line + n, sizeof(line) - (size_t)n,
					  "; %u fault%s provoked on purpose (dmesg)", t->provoked,
					  t->provoked == 1 ? "" : "s");
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

static bool starts_with(const char *s, const char *prefix, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != prefix[i])
			return false;
	return true;
}

void scenario_proc_row(unsigned int irq, char *row, size_t size)
{
	static char text[4096];
	char head[16];
	int n = irq_snprintf(head, sizeof(head), "%u:", irq);
	const char *p = text;

	row[0] = '\0';
	if (irq_proc_read("/proc/interrupts", text, sizeof(text)) < 0)
		return;
	while (*p) {
		const char *s = p;
		size_t len = 0;

		while (*s == ' ')
			s++;
		while (p[len] && p[len] != '\n')
			len++;
		if (starts_with(s, head, (size_t)n)) {
			len = len < size - 1 ? len : size - 1;
			__builtin_memcpy(row, p, len);
			row[len] = '\0';
			return;
		}
		p += len + (p[len] == '\n');
	}
}

void scenario_log_levels(const char *tag, unsigned int irq)
{
	static char text[4096];
	char path[48];
	const char *p = text;
	bool on = false;

	irq_snprintf(path, sizeof(path), "/sys/kernel/debug/irq/irqs/%u", irq);
	if (irq_proc_read(path, text, sizeof(text)) < 0)
		return;
	while (*p) {
		char line[128];
		size_t len = 0;

		while (p[len] && p[len] != '\n')
			len++;
		on = on || starts_with(p, "domain:", 7);
		if (on) {
			size_t n = len < sizeof(line) - 1 ? len : sizeof(line) - 1;

			__builtin_memcpy(line, p, n);
			line[n] = '\0';
			irq_log("%s: %s", tag, line);
		}
		p += len + (p[len] == '\n');
	}
}

void scenario_rx_echo(struct scenario_tally *t, struct rx_ring *rx, const char *expected,
		      const char *via, unsigned int irq, unsigned long before)
{
	char line[64];
	size_t n = 0;
	int got;

	t->write("echo: ", 6);
	while ((got = rx_ring_get(rx)) >= 0 && got != '\n' && got != '\r') {
		char c = (char)got;

		t->write(&c, 1);
		if (n < sizeof(line) - 1)
			line[n++] = c;
	}
	line[n] = '\0';
	t->write("\n", 1);
	for (n = 0; expected[n] && line[n] == expected[n]; n++)
		;
	if (expected[n] || line[n])
		scenario_fail(t, "uart-rx-echo", "received '%s', expected '%s'", line, expected);
	else
		scenario_pass(t, "uart-rx-echo", "'%s' arrived %s in %lu event(s), in order, echoed",
			      line, via, irq_stat_total(irq) - before);
}

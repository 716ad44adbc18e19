// SPDX-License-Identifier: MIT
/*
 * trace_cmd.c - the shell's `trace` command and the framed dump (see
 * trace_cmd.h for the format).
 */
#include <stdarg.h>
#include <stdint.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>
#include <genirq/trace.h>

#include "shell.h"
#include "trace_cmd.h"

#define RECORD_BYTES	32u

static struct irq_trace_event events[GENIRQ_TRACE_EVENTS];

/* Store @v as @n little-endian bytes at @p. */
static unsigned char *put_le(unsigned char *p, uint64_t v, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++, v >>= 8)
		*p++ = (unsigned char)v;
	return p;
}

static void encode(const struct irq_trace_event *ev, unsigned char rec[RECORD_BYTES])
{
	unsigned char *p = rec;

	p = put_le(p, ev->ts, 8);
	p = put_le(p, ev->irq, 4);
	p = put_le(p, ev->type, 2);
	p = put_le(p, ev->cpu, 2);
	p = put_le(p, ev->arg, 4);
	for (unsigned int i = 0; i < IRQ_TRACE_NAME_LEN; i++)
		*p++ = (unsigned char)ev->name[i];
}

struct sums {
	uint32_t	a, b;		/* Fletcher-32 of the whole dump */
};

/* The E line of @ev, its Fletcher-16; adds its words to @s. */
static void emit(void (*write)(const char *text, size_t len), const struct irq_trace_event *ev,
		 struct sums *s)
{
	static const char hex[] = "0123456789abcdef";
	unsigned char rec[RECORD_BYTES];
	char line[2 + 2 * RECORD_BYTES + 6];
	unsigned int a = 0, b = 0, n = 0;

	encode(ev, rec);
	line[n++] = 'E';
	line[n++] = ' ';
	for (unsigned int i = 0; i < RECORD_BYTES; i++) {
		line[n++] = hex[rec[i] >> 4];
		line[n++] = hex[rec[i] & 15];
		a = (a + rec[i]) % 255;
		b = (b + a) % 255;
		if (i % 2) {
			s->a = (s->a + (uint32_t)(rec[i - 1] | rec[i] << 8)) % 65535;
			s->b = (s->b + s->a) % 65535;
		}
	}
	line[n++] = ' ';
	for (int shift = 12; shift >= 0; shift -= 4)
		line[n++] = hex[((b << 8 | a) >> shift) & 15];
	line[n++] = '\n';
	write(line, n);
}

static void say(void (*write)(const char *text, size_t len), const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void say(void (*write)(const char *text, size_t len), const char *fmt, ...)
{
	char buf[96];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = irq_vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	write(buf, (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
}

void trace_dump(void (*write)(const char *text, size_t len))
{
	unsigned int cpus = port_nr_cpus();
	struct sums s = { 0, 0 };
	unsigned long total = 0;

	say(write, "TRACE-BEGIN 1 %u %u\n", cpus, (unsigned int)GENIRQ_TRACE_EVENTS);
	for (unsigned int cpu = 0; cpu < cpus; cpu++) {
		unsigned long dropped;
		unsigned long recorded = irq_trace_recorded(cpu);
		unsigned int n = irq_trace_read(cpu, events, GENIRQ_TRACE_EVENTS, &dropped);

		say(write, "TRACE-CPU %u %lu %lu %u\n", cpu, recorded, dropped, n);
		for (unsigned int i = 0; i < n; i++)
			emit(write, &events[i], &s);
		total += n;
	}
	say(write, "TRACE-END %lu %08lx\n", total, (unsigned long)(s.b << 16 | s.a));
}

void trace_begin_quiet(const int *quiet, unsigned int n)
{
	irq_trace_reset();
	irq_trace_enable(true);
	for (unsigned int i = 0; i < n; i++)
		if (quiet[i] >= 0)
			irq_trace_line((unsigned int)quiet[i], false);
}

static struct shell *dump_shell;

static void shell_write(const char *text, size_t len)
{
	dump_shell->write(text, len);
}

static void status(struct shell *sh)
{
	shell_printf(sh, "trace: %s\n", irq_trace_enabled() ? "on" : "off");
	for (unsigned int cpu = 0; cpu < port_nr_cpus(); cpu++) {
		unsigned long dropped;

		irq_trace_read(cpu, NULL, 0, &dropped);
		shell_printf(sh, "  cpu%u: %lu events recorded, %lu dropped (ring of %u)\n", cpu,
			     irq_trace_recorded(cpu), dropped, (unsigned int)GENIRQ_TRACE_EVENTS);
	}
}

int shell_cmd_trace(struct shell *sh, int argc, char **argv)
{
	unsigned long irq;
	int err;

	if (argc == 2 && shell_str_eq(argv[1], "start")) {
		irq_trace_enable(true);
		shell_printf(sh, "trace: on, every line and softirqs\n");
	} else if (argc == 3 && shell_str_eq(argv[1], "start")) {
		err = shell_parse_uint(argv[2], irq_nr_irqs(), &irq);
		if (!err)
			err = irq_trace_line((unsigned int)irq, true);
		if (err)
			return err;
		shell_printf(sh, "trace: on for irq %lu\n", irq);
	} else if (argc == 2 && shell_str_eq(argv[1], "stop")) {
		irq_trace_enable(false);
		shell_printf(sh, "trace: off\n");
	} else if (argc == 2 && shell_str_eq(argv[1], "reset")) {
		irq_trace_reset();
	} else if (argc == 2 && shell_str_eq(argv[1], "status")) {
		status(sh);
	} else if (argc == 2 && shell_str_eq(argv[1], "dump")) {
		dump_shell = sh;
		trace_dump(shell_write);
	} else {
		return -EINVAL;
	}
	return 0;
}

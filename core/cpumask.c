// SPDX-License-Identifier: MIT
/*
 * cpumask.c - CPU sets as text: /proc's hex groups and list form.
 *
 * Parsers read at most @len bytes, accept one trailing newline (what
 * `echo` writes), and write their result only when the whole text is
 * valid, so a bad write changes nothing. Both directions are console text
 * (GENIRQ_REPORTS): without it they are -ENOSYS and @out is untouched.
 */
#include "internals.h"

#define HEX_GROUP_DIGITS	8	/* a comma-separated group is 32 bits */

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static size_t trim_newline(const char *text, size_t len)
{
	return (len && text[len - 1] == '\n') ? len - 1 : len;
}

int cpumask_parse(const char *text, size_t len, struct irq_cpumask *out)
{
	struct irq_cpumask m;
	unsigned int bit = 0;
	size_t end;
	int digits = 0;

	if (!GENIRQ_REPORTS)
		return -ENOSYS;
	if (!text)
		return -EINVAL;
	end = trim_newline(text, len);
	if (end == 0)
		return -EINVAL;
	cpumask_clear(&m);
	/* Right to left: each digit is the next four CPUs up. */
	for (size_t i = end; i-- > 0;) {
		char c = text[i];
		int v;

		if (c == ',') {
			if (digits == 0 || i == 0)
				return -EINVAL;
			bit += 4u * (unsigned int)(HEX_GROUP_DIGITS - digits);
			digits = 0;
			continue;
		}
		v = hex_value(c);
		if (v < 0 || ++digits > HEX_GROUP_DIGITS)
			return -EINVAL;
		for (unsigned int b = 0; b < 4; b++, bit++) {
			if (!((unsigned int)v & (1u << b)))
				continue;
			if (bit >= GENIRQ_NR_CPUS)
				return -EOVERFLOW;
			cpumask_set_cpu(bit, &m);
		}
	}
	*out = m;
	return 0;
}

/* Read a decimal CPU number at *pos. Return: 0, -EINVAL, -EOVERFLOW. */
static int parse_cpu(const char *text, size_t end, size_t *pos, unsigned int *cpu)
{
	unsigned long v = 0;
	size_t start = *pos;

	while (*pos < end && text[*pos] >= '0' && text[*pos] <= '9') {
		v = v * 10 + (unsigned long)(text[*pos] - '0');
		if (v >= GENIRQ_NR_CPUS)
			return -EOVERFLOW;
		(*pos)++;
	}
	if (*pos == start)
		return -EINVAL;
	*cpu = (unsigned int)v;
	return 0;
}

int cpumask_parselist(const char *text, size_t len, struct irq_cpumask *out)
{
	struct irq_cpumask m;
	size_t end, pos = 0;

	if (!GENIRQ_REPORTS)
		return -ENOSYS;
	if (!text)
		return -EINVAL;
	end = trim_newline(text, len);
	cpumask_clear(&m);
	while (pos < end) {
		unsigned int lo, hi;
		int err = parse_cpu(text, end, &pos, &lo);

		if (err)
			return err;
		hi = lo;
		if (pos < end && text[pos] == '-') {
			pos++;
			err = parse_cpu(text, end, &pos, &hi);
			if (err)
				return err;
			if (hi < lo)
				return -EINVAL;
		}
		for (unsigned int cpu = lo; cpu <= hi; cpu++)
			cpumask_set_cpu(cpu, &m);
		if (pos < end) {
			if (text[pos] != ',' || pos + 1 == end)
				return -EINVAL;
			pos++;
		}
	}
	*out = m;
	return 0;
}

static unsigned int group_bits(const struct irq_cpumask *m, unsigned int first)
{
	unsigned int v = 0;

	for (unsigned int b = 0; b < 32; b++)
		if (cpumask_test_cpu(first + b, m))
			v |= 1u << b;
	return v;
}

int cpumask_print(char *buf, size_t size, const struct irq_cpumask *m, unsigned int nbits)
{
	struct irq_text t;
	unsigned int groups, top_bits;

	if (!GENIRQ_REPORTS)
		return irq_snprintf(buf, size, "%s", "");	/* no formatter: -ENOSYS */
	if (nbits == 0)
		nbits = 1;
	if (nbits > GENIRQ_NR_CPUS)
		nbits = GENIRQ_NR_CPUS;
	groups = (nbits + 31) / 32;
	top_bits = nbits - (groups - 1) * 32;
	irq_text_init(&t, buf, size);
	for (unsigned int g = groups; g-- > 0;) {
		unsigned int v = group_bits(m, g * 32);

		if (g == groups - 1) {
			if (top_bits < 32)
				v &= (1u << top_bits) - 1u;
			/* As many digits as the top group's CPUs need. */
			irq_text_printf(&t, "%0*x", (int)((top_bits + 3) / 4), v);
		} else {
			irq_text_printf(&t, ",%08x", v);
		}
	}
	return (int)t.len;
}

int cpumask_print_list(char *buf, size_t size, const struct irq_cpumask *m)
{
	struct irq_text t;
	const char *sep = "";
	unsigned int cpu = cpumask_first(m);

	if (!GENIRQ_REPORTS)
		return irq_snprintf(buf, size, "%s", "");	/* no formatter: -ENOSYS */
	irq_text_init(&t, buf, size);
	while (cpu < GENIRQ_NR_CPUS) {
		unsigned int last = cpu;

		while (cpumask_test_cpu(last + 1, m))
			last++;
		if (last == cpu)
			irq_text_printf(&t, "%s%u", sep, cpu);
		else
			irq_text_printf(&t, "%s%u-%u", sep, cpu, last);
		sep = ",";
		cpu = cpumask_next(last, m);
	}
	return (int)t.len;
}

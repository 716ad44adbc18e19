// SPDX-License-Identifier: MIT
/*
 * format.c - bounded text: a small snprintf, the log, and text buffers.
 *
 * The core is freestanding, so it formats its own text. Every writer here
 * knows the size of its buffer and stops at it; lengths are reported in
 * full so callers can tell that text was cut.
 */
#include "internals.h"

GENIRQ_FEATURE_SOURCE(GENIRQ_REPORTS, "REPORTS");

struct sink {
	char	*buf;
	size_t	size;
	size_t	len;
};

static void put(struct sink *s, char c)
{
	if (s->len + 1 < s->size)
		s->buf[s->len] = c;
	s->len++;
}

static void put_str(struct sink *s, const char *str, int width, bool left)
{
	size_t n = 0;

	while (str[n])
		n++;
	for (int pad = width - (int)n; !left && pad > 0; pad--)
		put(s, ' ');
	for (size_t i = 0; i < n; i++)
		put(s, str[i]);
	for (int pad = width - (int)n; left && pad > 0; pad--)
		put(s, ' ');
}

static void put_num(struct sink *s, unsigned long long v, bool neg, unsigned int base,
		    bool upper, int width, bool zero, bool left)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	int n = 0;

	do {
		tmp[n++] = digits[v % base];
		v /= base;
	} while (v);
	if (neg)
		width--;
	if (left)
		width = 0;		/* the caller pads after the digits */
	if (neg && zero)
		put(s, '-');
	for (int pad = width - n; !left && pad > 0; pad--)
		put(s, zero ? '0' : ' ');
	if (neg && !zero)
		put(s, '-');
	while (n)
		put(s, tmp[--n]);
}

int irq_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct sink s = { buf, size, 0 };

	for (; *fmt; fmt++) {
		bool left = false, zero = false;
		int width = 0, lng = 0;
		size_t start;

		if (*fmt != '%') {
			put(&s, *fmt);
			continue;
		}
		fmt++;
		for (;; fmt++) {
			if (*fmt == '-')
				left = true;
			else if (*fmt == '0')
				zero = true;
			else
				break;
		}
		if (*fmt == '*') {
			width = va_arg(ap, int);
			fmt++;
		}
		while (*fmt >= '0' && *fmt <= '9')
			width = width * 10 + (*fmt++ - '0');
		while (*fmt == 'l' || *fmt == 'z') {
			lng = (*fmt == 'z') ? 3 : lng + 1;
			fmt++;
		}
		if (left)
			zero = false;
		start = s.len;
		switch (*fmt) {
		case 'd':
		case 'i': {
			long long v = lng == 0 ? va_arg(ap, int) :
				      lng == 1 ? va_arg(ap, long) :
				      lng == 3 ? (long long)va_arg(ap, size_t) : va_arg(ap, long long);
			unsigned long long mag = v < 0 ? 0ull - (unsigned long long)v :
					       (unsigned long long)v;

			put_num(&s, mag, v < 0, 10, false, width, zero, left);
			break;
		}
		case 'u':
		case 'x':
		case 'X': {
			unsigned long long v = lng == 0 ? va_arg(ap, unsigned int) :
					       lng == 1 ? va_arg(ap, unsigned long) :
					       lng == 3 ? va_arg(ap, size_t) :
					       va_arg(ap, unsigned long long);

			put_num(&s, v, false, *fmt == 'u' ? 10 : 16, *fmt == 'X', width, zero, left);
			break;
		}
		case 'p':
			put(&s, '0');
			put(&s, 'x');
			put_num(&s, (uintptr_t)va_arg(ap, void *), false, 16, false, 0, false, false);
			break;
		case 's': {
			const char *str = va_arg(ap, const char *);

			put_str(&s, str ? str : "(null)", width, left);
			break;
		}
		case 'c':
			put(&s, (char)va_arg(ap, int));
			break;
		case '%':
			put(&s, '%');
			break;
		default:		/* unknown conversion: show it, don't guess */
			put(&s, '%');
			if (*fmt)
				put(&s, *fmt);
			else
				fmt--;
			break;
		}
		/* Left-justified numbers and characters pad after the text. */
		if (left && *fmt != 's')
			for (size_t w = s.len - start; (int)w < width; w++)
				put(&s, ' ');
	}
	if (size)
		buf[s.len < size ? s.len : size - 1] = '\0';
	return (int)s.len;
}

int irq_snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = irq_vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

static void text_vprintf(struct irq_text *t, const char *fmt, va_list ap)
{
	size_t room = t->len < t->size ? t->size - t->len : 0;
	char dummy;
	int n = irq_vsnprintf(room ? t->buf + t->len : &dummy, room ? room : 1, fmt, ap);

	t->len += (size_t)n;
}

void irq_text_printf(struct irq_text *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	text_vprintf(t, fmt, ap);
	va_end(ap);
}

void irq_text_puts(struct irq_text *t, const char *s)
{
	irq_text_printf(t, "%s", s);
}

#define LOG_LINE	256	/* longest log line; longer ones end in "..." */

void irq_log(const char *fmt, ...)
{
	static const char prefix[] = "genirq: ";
	char line[LOG_LINE];
	size_t n = sizeof(prefix) - 1;
	va_list ap;
	int len;

	for (size_t i = 0; i < n; i++)
		line[i] = prefix[i];
	va_start(ap, fmt);
	len = irq_vsnprintf(line + n, sizeof(line) - n - 1, fmt, ap);
	va_end(ap);
	if ((size_t)len >= sizeof(line) - n - 1) {
		len = (int)(sizeof(line) - n - 2);
		line[n + (size_t)len - 3] = '.';
		line[n + (size_t)len - 2] = '.';
		line[n + (size_t)len - 1] = '.';
	}
	n += (size_t)len;
	line[n++] = '\n';
	port_console_write(line, n);
}

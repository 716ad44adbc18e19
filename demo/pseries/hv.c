// SPDX-License-Identifier: MIT
/*
 * hv.c - the hypervisor side of a pseries guest: hypercalls, RTAS through
 * QEMU's private hcall, the VTY console, and the two ways out of QEMU.
 */
#include <stdarg.h>
#include <genirq/proc.h>
#include <genirq/spinlock.h>

#include "bootlog.h"
#include "pseries.h"

#define H_SUCCESS		0
#define H_BUSY			1
#define H_GET_TERM_CHAR		0x54
#define H_PUT_TERM_CHAR		0x58
#define KVMPPC_H_RTAS		0xf000	/* QEMU runs RTAS itself: no instantiate-rtas */
#define TERM_CHUNK		16	/* bytes per H_PUT_TERM_CHAR */
#define RTAS_MAX_WORDS		16

/* sc 1: r3 = opcode, r4.. = arguments; r3 = status, r4.. = results. */
long hcall(unsigned long op, unsigned long a0, unsigned long a1, unsigned long a2,
	   unsigned long a3, unsigned long out[4])
{
	register unsigned long r3 __asm__("r3") = op;
	register unsigned long r4 __asm__("r4") = a0;
	register unsigned long r5 __asm__("r5") = a1;
	register unsigned long r6 __asm__("r6") = a2;
	register unsigned long r7 __asm__("r7") = a3;

	__asm__ __volatile__("sc 1"
			     : "+r"(r3), "+r"(r4), "+r"(r5), "+r"(r6), "+r"(r7)
			     :
			     : "r0", "r8", "r9", "r10", "r11", "r12", "ctr", "xer",
			       "cr0", "cr1", "cr5", "cr6", "cr7", "memory");
	if (out) {
		out[0] = r4;
		out[1] = r5;
		out[2] = r6;
		out[3] = r7;
	}
	return (long)r3;
}

long hcall1(unsigned long op, unsigned long a0, unsigned long a1, unsigned long *out)
{
	unsigned long r[4];
	long ret = hcall(op, a0, a1, 0, 0, r);

	*out = r[0];
	return ret;
}

long hcall2(unsigned long op, unsigned long a0, unsigned long out[2])
{
	unsigned long r[4];
	long ret = hcall(op, a0, 0, 0, 0, r);

	out[0] = r[0];
	out[1] = r[1];
	return ret;
}

/* The buffer is big-endian 32-bit words {token, nargs, nret, args, rets}:
 * our native layout; real mode, so its address is physical. */
int rtas_call(unsigned int token, unsigned int nargs, const unsigned int *args,
	      unsigned int nret, unsigned int *rets)
{
	uint32_t buf[RTAS_MAX_WORDS];
	unsigned int i;

	if (token == 0 || 3 + nargs + nret > RTAS_MAX_WORDS || nret == 0)
		return -3;	/* RTAS "parameter error" */
	buf[0] = token;
	buf[1] = nargs;
	buf[2] = nret;
	for (i = 0; i < nargs; i++)
		buf[3 + i] = args[i];
	for (i = 0; i < nret; i++)
		buf[3 + nargs + i] = 0;
	hcall(KVMPPC_H_RTAS, (uintptr_t)buf, 0, 0, 0, NULL);
	for (i = 0; i < nret; i++)
		rets[i] = buf[3 + nargs + i];
	return (int)buf[3 + nargs];
}

static struct irq_spinlock console_lock = IRQ_SPINLOCK_INIT;

static void term_write(const char *text, size_t len)
{
	if (!bootlog_write(text, len))
		return;		/* kept in the boot's log only */
	while (len) {
		size_t n = len < TERM_CHUNK ? len : TERM_CHUNK;
		uint64_t w[2] = { 0, 0 };

		for (size_t i = 0; i < n; i++)
			w[i / 8] |= (uint64_t)(unsigned char)text[i] << (56 - 8 * (i % 8));
		while (hcall(H_PUT_TERM_CHAR, machine.vty_reg, n, w[0], w[1], NULL) == H_BUSY)
			;
		text += n;
		len -= n;
	}
}

static const char *volatile label;	/* each line's prefix, or NULL */
static bool line_start = true;		/* under console_lock */

void console_label(const char *prefix)
{
	label = prefix;
}

void console_put(const char *text, size_t len)
{
	unsigned long flags = irq_spin_lock_irqsave(&console_lock);
	const char *prefix = label;

	while (len) {
		size_t n = 0;

		while (n < len && text[n++] != '\n')
			;
		for (size_t i = 0; line_start && prefix && prefix[i]; i++)
			term_write(&prefix[i], 1);
		term_write(text, n);
		line_start = text[n - 1] == '\n';
		text += n;
		len -= n;
	}
	irq_spin_unlock_irqrestore(&console_lock, flags);
}

/* The fatal path may have interrupted a holder of the console lock. */
void console_break_lock(void)
{
	irq_spin_unlock(&console_lock);
}

/* Up to @size (>= 16) received bytes; 0 when the VTY buffer is empty. */
int console_get(char *buf, size_t size)
{
	unsigned long r[4];
	unsigned long n;

	if (size < TERM_CHUNK || hcall(H_GET_TERM_CHAR, machine.vty_reg, 0, 0, 0, r) != H_SUCCESS)
		return 0;
	n = r[0] > TERM_CHUNK ? TERM_CHUNK : r[0];
	for (unsigned long i = 0; i < n; i++)
		buf[i] = (char)(r[1 + i / 8] >> (56 - 8 * (i % 8)));
	return (int)n;
}

void ppc64_printf(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = irq_vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > (int)sizeof(buf) - 1)
		n = (int)sizeof(buf) - 1;
	console_put(buf, (size_t)n);
}

/* QEMU exits with status 0: the harness counts it as a pass only after
 * the summary line with 0 failed. */
void ppc64_power_off(void)
{
	const unsigned int args[2] = { 0xffffffffu, 0xffffffffu };
	unsigned int ret;

	rtas_call(machine.tok_power_off, 2, args, 1, &ret);
	for (;;)
		;
}

/* ibm,os-term: with -action panic=exit-failure QEMU exits with status 1. */
void ppc64_fail(const char *why)
{
	unsigned int arg = (unsigned int)(uintptr_t)why;
	unsigned int ret;
	size_t n = 0;

	while (why[n])
		n++;
	bootlog_fatal(term_write);
	term_write("genirq: FATAL: ", 15);	/* no lock: we may hold it */
	term_write(why, n);
	term_write("\n", 1);
	rtas_call(machine.tok_os_term, 1, &arg, 1, &ret);
	for (;;)
		;
}

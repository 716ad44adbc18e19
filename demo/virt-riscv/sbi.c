// SPDX-License-Identifier: MIT
/*
 * sbi.c - calls into OpenSBI (TIME, IPI, HSM, SRST), the ns16550
 * console, and the two exits.
 */
#include <stdarg.h>
#include <genirq/proc.h>
#include <genirq/spinlock.h>

#include "bootlog.h"
#include "virt.h"

#define SBI_EXT_TIME		0x54494d45UL	/* "TIME" */
#define SBI_EXT_IPI		0x735049UL	/* "sPI" */
#define SBI_EXT_HSM		0x48534dUL	/* "HSM" */
#define SBI_EXT_SRST		0x53525354UL	/* "SRST" */
#define SBI_LEGACY_PUTCHAR	0x01UL
#define SRST_SHUTDOWN		0
#define SRST_REASON_FAILURE	1

/* ns16550 registers (byte-wide, no shift on virt) */
#define UART_RBR		0
#define UART_THR		0
#define UART_IER		1
#define UART_FCR		2
#define UART_MCR		4
#define UART_LSR		5
#define FCR_ENABLE		0x01
#define FCR_CLEAR		0x06	/* both FIFOs */
#define MCR_DTR_RTS_OUT2	0x0b
#define LSR_DR			0x01
#define LSR_THRE		0x20

/* sifive_test: QEMU exits with status (value >> 16) on FAIL. */
#define TEST_FAIL		0x3333u
#define PASS_STATUS		33u
#define FAIL_STATUS		1u

struct sbiret sbi_call(unsigned long ext, unsigned long fid, unsigned long a0,
		       unsigned long a1, unsigned long a2)
{
	register unsigned long r0 __asm__("a0") = a0;
	register unsigned long r1 __asm__("a1") = a1;
	register unsigned long r2 __asm__("a2") = a2;
	register unsigned long r6 __asm__("a6") = fid;
	register unsigned long r7 __asm__("a7") = ext;

	__asm__ __volatile__("ecall" : "+r"(r0), "+r"(r1) : "r"(r2), "r"(r6), "r"(r7) : "memory");
	return (struct sbiret){ (long)r0, (long)r1 };
}

/* Also clears a pending timer interrupt (the SBI's contract). */
void riscv64_set_timer(uint64_t when)
{
	sbi_call(SBI_EXT_TIME, 0, when, 0, 0);
}

void sbi_send_ipi(unsigned int cpu)
{
	if (cpu < machine.nr_cpus)
		sbi_call(SBI_EXT_IPI, 0, 1, machine.hartid[cpu], 0);
}

long sbi_hart_start(unsigned long hartid, uintptr_t entry, unsigned long opaque)
{
	return sbi_call(SBI_EXT_HSM, 0, hartid, entry, opaque).error;
}

/* --- the console: ns16550 at machine.uart, polled output --- */

static struct irq_spinlock console_lock = IRQ_SPINLOCK_INIT;
static const char *volatile label;	/* each line's prefix, or NULL */
static bool at_line_start = true;	/* under console_lock */

static inline volatile uint8_t *uart_reg(unsigned int r)
{
	return (volatile uint8_t *)(machine.uart + r);
}

static void uart_putc(char c)
{
	if (!machine.uart) {		/* no device tree yet: the legacy SBI console */
		sbi_call(SBI_LEGACY_PUTCHAR, 0, (unsigned char)c, 0, 0);
		return;
	}
	while (!(*uart_reg(UART_LSR) & LSR_THRE))
		;
	*uart_reg(UART_THR) = (uint8_t)c;
}

static size_t cstrlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

static void raw_put(const char *text, size_t len)
{
	if (!bootlog_write(text, len))
		return;		/* kept in the boot's log only */
	for (size_t i = 0; i < len; i++) {
		if (text[i] == '\n')
			uart_putc('\r');
		uart_putc(text[i]);
	}
}

/* FIFO on, receive trigger at one byte: input typed while the line is
 * disabled waits there (16 bytes), and QEMU holds back the rest. */
void uart_init(void)
{
	*uart_reg(UART_FCR) = FCR_ENABLE | FCR_CLEAR;
	*uart_reg(UART_MCR) = MCR_DTR_RTS_OUT2;
	*uart_reg(UART_IER) = 0;
}

int uart_getc(void)
{
	return uart_rx_held() ? *uart_reg(UART_RBR) : -1;
}

bool uart_rx_held(void)
{
	return *uart_reg(UART_LSR) & LSR_DR;
}

void uart_set_ier(uint8_t ier)
{
	*uart_reg(UART_IER) = ier;
}

void console_label(const char *prefix)
{
	label = prefix;
}

void console_put(const char *text, size_t len)
{
	unsigned long flags = irq_spin_lock_irqsave(&console_lock);
	const char *prefix = label;

	for (size_t i = 0; i < len; i++) {
		if (at_line_start && prefix)
			raw_put(prefix, cstrlen(prefix));
		raw_put(&text[i], 1);
		at_line_start = text[i] == '\n';
	}
	irq_spin_unlock_irqrestore(&console_lock, flags);
}

/* The fatal path may have interrupted a holder of the console lock. */
void riscv64_console_break_lock(void)
{
	irq_spin_unlock(&console_lock);
}

void riscv64_printf(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = irq_vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	console_put(buf, n < (int)sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
}

/* The exit status says PASS only from here: a crash, a reset or an SBI
 * shutdown all end QEMU otherwise. */
static __attribute__((noreturn)) void leave(unsigned int status)
{
	if (machine.test)
		*(volatile uint32_t *)machine.test = status << 16 | TEST_FAIL;
	sbi_call(SBI_EXT_SRST, 0, SRST_SHUTDOWN, SRST_REASON_FAILURE, 0);
	for (;;)
		__asm__ __volatile__("wfi");
}

void riscv64_power_off(void)
{
	leave(PASS_STATUS);
}

void riscv64_fail(const char *why)
{
	port_irq_disable();
	bootlog_fatal(raw_put);
	raw_put("genirq: FATAL: ", 15);	/* no lock: we may hold it */
	raw_put(why, cstrlen(why));
	raw_put("\n", 1);
	leave(FAIL_STATUS);
}

/* SPDX-License-Identifier: MIT */
/*
 * ppc.h - the e500 port's own declarations (not part of genirq's API).
 */
#ifndef GENIRQ_PPC_H
#define GENIRQ_PPC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/interrupt.h>

#include "ppc_asm.h"

/* The registers an exception stub saved (layout: ppc_asm.h REG_*). */
struct ppc_regs {
	uint32_t	back_chain, lr_slot;
	uint32_t	gpr[32];
	uint32_t	cr, lr, ctr, xer, srr0, srr1, kind, pad[3];
};
_Static_assert(sizeof(struct ppc_regs) == FRAME_SIZE, "frame layout");

#define PPC_MAX_CPUS	2
#define TB_HZ		400000000u	/* dt timebase-frequency */

#define mfspr(n) ({ uint32_t v_; __asm__ __volatile__("mfspr %0, %1" : "=r"(v_) : "i"(n)); v_; })
#define mtspr(n, v) __asm__ __volatile__("mtspr %0, %1" :: "i"(n), "r"((uint32_t)(v)) : "memory")

static inline uint32_t mmio_read32(uintptr_t a)
{
	uint32_t v = *(volatile uint32_t *)a;

	__asm__ __volatile__("isync" ::: "memory");
	return v;
}

static inline void mmio_write32(uintptr_t a, uint32_t v)
{
	__asm__ __volatile__("sync" ::: "memory");
	*(volatile uint32_t *)a = v;
}

static inline uint8_t mmio_read8(uintptr_t a)
{
	return *(volatile uint8_t *)a;
}

static inline void mmio_write8(uintptr_t a, uint8_t v)
{
	__asm__ __volatile__("sync" ::: "memory");
	*(volatile uint8_t *)a = v;
}

static inline uint32_t ppc_sp(void)
{
	uint32_t sp;

	__asm__ __volatile__("mr %0, 1" : "=r"(sp));
	return sp;
}

/* boot.S */
void ppc_call_on_stack(void *arg, void (*fn)(void *), void *top);

/* port.c */
uint64_t ppc_timebase(void);
void ppc_idle(void);
void ppc_poweroff(void) __attribute__((noreturn));
void ppc_fail(const char *why) __attribute__((noreturn));
void ppc_pass_exit(void) __attribute__((noreturn));
void ppc_console_emergency(void);
/* Copy console output into @buf too (NULL stops); how much was copied. */
void ppc_console_tap(char *buf, unsigned int size);
/* The kernel command line, from the device tree at @fdt (boot, once). */
void ppc_cmdline_init(uintptr_t fdt);
/* Is @word one of the command line's words? */
bool ppc_cmdline_has(const char *word);
/* Start each console line with @prefix from now on (NULL: no prefix). */
void console_label(const char *prefix);
unsigned int ppc_console_tapped(void);
void ppc_set_nr_cpus(unsigned int n);
extern uintptr_t ppc_pvpanic_bar;
void ppc_stacks_init(unsigned int cpu);
/* The stack rows (high-water per CPU), in /proc/interrupts columns. */
struct irq_text;
void ppc_show_stacks(struct irq_text *t);
bool ppc_on_stack(unsigned int cpu, int which, uint32_t sp);
bool ppc_stack_guards_ok(unsigned int cpu);
/* @sp is on that stack, at or above its guard words. */
bool ppc_above_guard(unsigned int cpu, int which, uint32_t sp);
/* Bytes between @sp and the guard words of that stack (0: not on it, or in them). */
uint32_t ppc_stack_room(unsigned int cpu, int which, uint32_t sp);
enum { PPC_STACK_HARDIRQ, PPC_STACK_SOFTIRQ };
void *ppc_stack_top(unsigned int cpu, int which);
/*
 * Each CPU's entry onto its hardirq stack (port.c keeps it): @start is
 * where an interrupt from off the stack starts, its top, or below the
 * live frames while irq_exit() runs softirqs from it (starting at the
 * top would overwrite them). @busy: a handler entered from off the stack
 * runs there (cleared while its softirqs run); an interrupt from off the
 * stack meanwhile means that handler ran past the bottom and was
 * interrupted down there.
 */
struct ppc_hardirq_entry {
	uint32_t	start;
	bool		busy;
};
extern struct ppc_hardirq_entry ppc_hardirq[PPC_MAX_CPUS];

/* An interrupt from off the hardirq stack is about to run there: where it
 * starts, or NULL when the stack is busy (an overrun). Then
 * ppc_hardirq_leave(). */
static inline void *ppc_hardirq_enter(unsigned int cpu)
{
	struct ppc_hardirq_entry *h = &ppc_hardirq[cpu];

	if (h->busy)
		return NULL;
	h->busy = true;
	return (void *)(uintptr_t)h->start;
}

static inline void ppc_hardirq_leave(unsigned int cpu)
{
	ppc_hardirq[cpu].busy = false;
}

/* uart.c: the NS16550 console (UART0). */
#define UART0_BASE	(CCSR_EA + 0x4500)
#define UART1_BASE	(CCSR_EA + 0x4600)
void uart_putc(uintptr_t base, char c);

/* irq.c: the interrupt glue. */
struct mpic;
void ppc_irq_init(struct mpic *pic);

/* smp.c: the wake IPI ends a doze. Start CPU 1 when @nr_cpus > 1, after
 * the wake IPI's reservation. Return: all online. */
bool ppc_smp_init(struct mpic *m, unsigned int nr_cpus);
/*
 * An IPI through the generic IPI API (fails the run if not): a
 * reservation for every CPU on the MPIC (irq_reserve_ipi(), one of its
 * four IPIs), @fn installed on each CPU's line with request_percpu_irq()
 * (@fn gets CPU c's instance of @percpu_dev_id, @stride bytes apart) and
 * enabled on each CPU (CPU 1 as it comes up: call this before
 * ppc_smp_init()); counted in /proc/interrupts as the summary row @row
 * ("RES") saying @what. Return: the base line, for ipi_send_single().
 */
int ppc_ipi_line(struct mpic *m, irq_handler_t fn, const char *name, void *percpu_dev_id,
		 size_t stride, const char *row, const char *what);
/* End @cpu's doze (its idle loop then looks for work). */
void ppc_wake_cpu(unsigned int cpu);
void ppc_exception(struct ppc_regs *regs);
/* On this CPU, call @fn instead of the MPIC's IACK -> genirq -> EOI (NULL: back to it). */
void ppc_irq_set_dispatch(void (*fn)(void *regs));

/* pci.c: the e500 host bridge, just enough for edu and pvpanic. */
struct pci_dev {
	unsigned int	slot;
	uint16_t	vendor, device;
	uintptr_t	bar0;		/* mapped EA, 0 when none */
	unsigned int	mpic_source;	/* INTA after the swizzle */
};
unsigned int pci_scan(struct pci_dev *devs, unsigned int max);
/* Config space of device @slot on bus 0. */
uint32_t pci_cfg_read(unsigned int slot, unsigned int off);
void pci_cfg_write(unsigned int slot, unsigned int off, uint32_t v);
/* Open the host bridge's BAR0 (the CCSR as PCI devices see it: how their
 * MSI writes reach the MPIC's MSIIR). Return: its PCI bus address. */
uint32_t pci_ccsr_window(void);

#endif /* GENIRQ_PPC_H */

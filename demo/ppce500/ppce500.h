/* SPDX-License-Identifier: MIT */
/*
 * ppce500.h - what the ppce500 demo kernel's machine files share, over
 * the e500 port kit (arch/ppc/ppc.h).
 */
#ifndef GENIRQ_DEMO_PPCE500_H
#define GENIRQ_DEMO_PPCE500_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/interrupt.h>

#include "ppc.h"
#include "ppce500_asm.h"

#define PPC_MAX_CPUS	2
#define TB_HZ		GENIRQ_PPC_TB_HZ

/* console.c: the console and the ways out */
void ppc_poweroff(void) __attribute__((noreturn));
void ppc_fail(const char *why) __attribute__((noreturn));
/* Leave with QEMU's PASS status; @marker: "KERNEL PASS" first (the harness's). */
void ppc_pass_exit(bool marker) __attribute__((noreturn));
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
/* console.c: the NS16550 console (UART0). */
#define UART0_BASE	(CCSR_EA + 0x4500)
#define UART1_BASE	(CCSR_EA + 0x4600)
void uart_putc(uintptr_t base, char c);

/* irq.c: the MPIC behind the kit's entry, the fatal exceptions. */
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
 * ppc_smp_init()); numbered lines in /proc/interrupts, named @name as
 * powerpc Linux names its IPIs ("ipi call function", "ipi reschedule").
 * Return: the base line, for ipi_send_single().
 */
int ppc_ipi_line(struct mpic *m, irq_handler_t fn, const char *name, void *percpu_dev_id,
		 size_t stride);
/* End @cpu's doze (its idle loop then looks for work). */
void ppc_wake_cpu(unsigned int cpu);
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

#endif /* GENIRQ_DEMO_PPCE500_H */

/* SPDX-License-Identifier: MIT */
/*
 * pseries.h - what the pseries demo kernel's machine files share on
 * ppc64, over the port kit (arch/ppc64/ppc64.h).
 */
#ifndef GENIRQ_DEMO_PSERIES_MACHINE_H
#define GENIRQ_DEMO_PSERIES_MACHINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/compiler.h>
#include <genirq/interrupt.h>
#include <genirq/port.h>

#include "ppc64.h"

#define HZ		100
#define MAX_CPUS	4

/* What the device tree told us, through the client interface. */
struct ppc64_machine {
	uint32_t	vty_reg, vty_irq, epow_irq;
	uint64_t	tb_freq;
	unsigned int	nr_cpus;
	uint32_t	server[MAX_CPUS];
	bool		xics;
	char		bootargs[64];		/* /chosen/bootargs (QEMU -append) */
	uint32_t	tok_set_xive, tok_get_xive, tok_int_on, tok_int_off, tok_os_term, tok_power_off,
			tok_start_cpu, tok_query_cpu, tok_read_pci, tok_write_pci,
			tok_change_msi, tok_query_src;	/* PAPR MSI (0: none) */
	/* PCI host bridge 0: config through RTAS, 32-bit memory window, INTA */
	uint64_t	phb_buid, phb_mem_cpu;
	uint32_t	phb_mem_pci, phb_mem_size;
	uint32_t	phb_inta[32];		/* slot -> XICS LSI of its INTA, 0 = none */
};
extern struct ppc64_machine machine;

/* boot.S */
long ppc64_prom_call(void *args, unsigned long entry);
extern const char ppc64_secondary_entry[];	/* a code address, not a descriptor */

/* prom.c */
int prom_scan(unsigned long entry);

/* hv.c: hypercalls, RTAS, console, exits */
long hcall(unsigned long op, unsigned long a0, unsigned long a1, unsigned long a2,
	   unsigned long a3, unsigned long out[4]);
long hcall1(unsigned long op, unsigned long a0, unsigned long a1, unsigned long *out);
long hcall2(unsigned long op, unsigned long a0, unsigned long out[2]);
int rtas_call(unsigned int token, unsigned int nargs, const unsigned int *args,
	      unsigned int nret, unsigned int *rets);
void console_put(const char *text, size_t len);
/* Start each console line with @prefix from now on (NULL: no prefix). */
void console_label(const char *prefix);
void console_break_lock(void);
int console_get(char *buf, size_t size);
void ppc64_printf(const char *fmt, ...) __irq_printf(1, 2);
__attribute__((noreturn)) void ppc64_power_off(void);
__attribute__((noreturn)) void ppc64_fail(const char *why);

/* timer.c: the XICS behind the kit's entry, the decrementer tick */
struct xics;
extern struct xics *ppc64_xics;
/* The calling CPU's stacks (the kit's) and XICS presentation. */
void ppc64_irq_cpu_up(unsigned int cpu);
void ppc64_timer_interrupt(struct ppc64_regs *regs);
void ppc64_timer_start(void);
unsigned long ppc64_ticks(unsigned int cpu);
extern uintptr_t ppc64_nested_tick_sp;	/* sp of a tick that nested in a handler */
/* The kernel's C entry after boot (the embedder's: demo/pseries/main.c). */
void ppc64_start(unsigned long prom_entry);

/* smp.c */
void ppc64_secondary_start(void);
unsigned int ppc64_start_secondaries(void);
void ppc64_idle(bool (*busy)(void));
void ppc64_wake_cpu(unsigned int cpu);

#endif /* GENIRQ_DEMO_PSERIES_MACHINE_H */

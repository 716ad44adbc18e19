/* SPDX-License-Identifier: MIT */
/*
 * ppc64.h - what the ppc64 (pseries) demo kernel's files share.
 */
#ifndef PPC64_H
#define PPC64_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/compiler.h>
#include <genirq/interrupt.h>
#include <genirq/port.h>	/* with genirq_port_inline.h: GENIRQ_PPC64_MSR_EE, ... */
#define HZ		100
#define MAX_CPUS	4

/* The exception frame built by boot.S (offsets in asm.h). */
struct ppc64_regs {
	uint64_t gpr[32];
	uint64_t nip, msr, ctr, lr, xer, ccr, trap, dar, dsisr;
};

/* What the device tree told us, through the client interface. */
struct ppc64_machine {
	uint32_t	vty_reg, vty_irq, epow_irq;
	uint64_t	tb_freq;
	unsigned int	nr_cpus;
	uint32_t	server[MAX_CPUS];
	bool		xics;
	char		bootargs[64];		/* /chosen/bootargs (QEMU -append) */
	uint32_t	tok_set_xive, tok_int_on, tok_int_off, tok_os_term, tok_power_off,
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
void ppc64_call_on_stack(void (*fn)(void *), void *arg, void *top);
extern const char ppc64_secondary_entry[];	/* a code address, not a descriptor */
struct ppc64_vector { uint64_t vec, stub; };
extern const struct ppc64_vector ppc64_vectors[];

/* prom.c */
int prom_scan(unsigned long entry);

/* hv.c: hypercalls, RTAS, console, exits */
long hcall(unsigned long op, unsigned long a0, unsigned long a1, unsigned long a2,
	   unsigned long a3, unsigned long out[4]);
long hcall1(unsigned long op, unsigned long a0, unsigned long a1, unsigned long *out);
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

/* port.c */
static inline uint64_t mftb(void)
{
	uint64_t tb;

	__asm__ __volatile__("mftb %0" : "=r"(tb));
	return tb;
}
static inline uint64_t ms_to_tb(unsigned int ms)
{
	return machine.tb_freq / 1000u * ms;
}
void ppc64_set_cpu_id(unsigned int cpu);
void ppc64_install_vectors(void);
void ppc64_trap(struct ppc64_regs *regs);

/* irq.c: the interrupt glue */
struct xics;
extern struct xics *ppc64_xics;
/* The IPI's reservation (irq_reserve_ipi() base line, -errno before one),
 * for the IPI row of /proc/interrupts; the embedder sets it. */
extern int ppc64_ipi_irq;
void ppc64_irq_init_cpu(unsigned int cpu);
void ppc64_do_irq(struct ppc64_regs *regs);
void ppc64_timer_interrupt(struct ppc64_regs *regs);
void ppc64_timer_start(void);
unsigned long ppc64_ticks(unsigned int cpu);
bool ppc64_on_irq_stack(unsigned int cpu, uintptr_t sp);
bool ppc64_on_softirq_stack(unsigned int cpu, uintptr_t sp);
bool ppc64_stack_guards_ok(unsigned int cpu);
/* The top guard word of @cpu's hardirq or softirq stack, the one every
 * exit compares (the smash-irq-guard runs of make check overwrite it). */
volatile uint64_t *ppc64_stack_guard(unsigned int cpu, bool softirq);
extern uintptr_t ppc64_nested_tick_sp;	/* sp of a tick that nested in a handler */
static inline uintptr_t ppc64_sp(void)
{
	uintptr_t sp;

	__asm__ __volatile__("mr %0, 1" : "=r"(sp));
	return sp;
}

/* irq.c: when set, every external interrupt (0x500) goes to this
 * function instead of genirq, on the interrupted stack (a bare floor). */
extern void (*volatile ppc64_external_hook)(void);

/* The kernel's C entry after boot (the embedder's: demo/pseries/main.c). */
void ppc64_start(unsigned long prom_entry);

/* smp.c */
void ppc64_secondary_start(void);
unsigned int ppc64_start_secondaries(void);
void ppc64_idle(bool (*busy)(void));
void ppc64_wake_cpu(unsigned int cpu);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * riscv64.h - what the riscv64 (QEMU virt, supervisor mode) port's files
 * and its demo kernel share.
 */
#ifndef RISCV64_H
#define RISCV64_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/compiler.h>
#include <genirq/compat.h>
#include <genirq/interrupt.h>
#include <genirq/port.h>	/* with genirq_port_inline.h: SSTATUS_SIE */
#include "asm.h"

#define HZ		100
#define MAX_CPUS	4
/* SBI's answer to hart_start of a hart that runs already. */
#define SBI_ERR_ALREADY_AVAILABLE	(-6)
#define PCI_SLOTS	32

/* scause: the interrupt bit (the causes: asm.h). */
#define SCAUSE_IRQ	(1UL << 63)

#define csr_read(csr) ({ unsigned long v_; \
	__asm__ __volatile__("csrr %0, " #csr : "=r"(v_)); v_; })
#define csr_write(csr, v) __asm__ __volatile__("csrw " #csr ", %0" : : "rK"(v) : "memory")
#define csr_set(csr, v) __asm__ __volatile__("csrs " #csr ", %0" : : "rK"(v) : "memory")
#define csr_clear(csr, v) __asm__ __volatile__("csrc " #csr ", %0" : : "rK"(v) : "memory")

/* The trap frame built by boot.S: x1..x31 (x[0] unused), then the CSRs.
 * An exception's holds every register; an interrupt's only ra, t0-t6,
 * a0-a7, sepc, sstatus and scause. */
struct riscv64_regs {
	unsigned long	x[32];
	unsigned long	sepc, sstatus, scause, stval;
};

/* What the device tree (a1 at entry) told us. */
struct riscv64_machine {
	unsigned int	nr_cpus;
	unsigned long	hartid[MAX_CPUS];	/* CPU number -> hart id; CPU 0 boots */
	uint64_t	timebase;		/* Hz of the time CSR */
	uintptr_t	uart, test;		/* ns16550, sifive_test (the exits) */
	uint32_t	uart_irq;		/* its wired source (PLIC or APLIC) */
	/* PLIC: registers, sources, each CPU's supervisor context (-1 none) */
	uintptr_t	plic;
	uint32_t	plic_ndev;
	int		plic_ctx[MAX_CPUS];
	/* AIA: the supervisor APLIC domain, the supervisor IMSIC files */
	uintptr_t	aplic, imsic;
	uint32_t	aplic_nsrc, imsic_ids;
	bool		aplic_msi;		/* the APLIC has an msi-parent */
	unsigned int	imsic_index[MAX_CPUS];	/* CPU -> hart index of its S-level file */
	/* PCIe host: ECAM, the 32-bit memory window, slot -> INTA source */
	uintptr_t	ecam;
	uint64_t	pci_mem_cpu, pci_mem_pci, pci_mem_size;
	uint32_t	pci_inta[PCI_SLOTS];
	char		bootargs[64];		/* /chosen/bootargs (QEMU -append) */
};
extern struct riscv64_machine machine;

/* fdt.c: fill @m from the flattened device tree at @dtb. Return: 0, or
 * -EINVAL for a tree without cpus, timebase, UART or exit device. */
int fdt_scan(const void *dtb, unsigned long boot_hart, struct riscv64_machine *m);

/* sbi.c: supervisor binary interface calls, console, exits */
struct sbiret { long error, value; };
struct sbiret sbi_call(unsigned long ext, unsigned long fid, unsigned long a0,
		       unsigned long a1, unsigned long a2);
void sbi_set_timer(uint64_t when);
void sbi_send_ipi(unsigned int cpu);
long sbi_hart_start(unsigned long hartid, uintptr_t entry, unsigned long opaque);
void console_put(const char *text, size_t len);
/* Start each console line with @prefix from now on (NULL: no prefix). */
void console_label(const char *prefix);
void console_break_lock(void);
void uart_init(void);
/* One received byte, or -1; for the receive interrupt and polling. */
int uart_getc(void);
/* Does the receive FIFO hold a byte? (Reads nothing out of it.) */
bool uart_rx_held(void);
void uart_set_ier(uint8_t ier);
void riscv64_printf(const char *fmt, ...) __irq_printf(1, 2);
__attribute__((noreturn)) void riscv64_power_off(void);
__attribute__((noreturn)) void riscv64_fail(const char *why);

static inline uint64_t rdtime(void)
{
	return csr_read(time);
}
static inline uint64_t ms_to_ticks(unsigned int ms)
{
	return machine.timebase / 1000u * ms;
}
static inline uintptr_t riscv64_sp(void)
{
	uintptr_t sp;

	__asm__ __volatile__("mv %0, sp" : "=r"(sp));
	return sp;
}

/* boot.S */
extern const char riscv64_trap_entry[], riscv64_secondary_entry[];
void riscv64_call_on_stack(void (*fn)(void *), void *arg, void *top);

/* irq.c: the interrupt glue. The controller of external interrupts is
 * the embedder's choice, set before riscv64_irq_init_cpu(0). */
struct riscv64_external {
	void	(*handle)(void *regs);	/* one supervisor external interrupt */
	void	(*cpu_init)(void);	/* open this hart's delivery, interrupts off */
};
extern const struct riscv64_external *riscv64_external;
/* boot.S's trap entry calls these out of its fast path: an exception
 * (fatal), an interrupt already on the hardirq stack, a guard word
 * overwritten. */
__attribute__((noreturn)) void riscv64_exception(struct riscv64_regs *regs);
void riscv64_irq_nested(struct riscv64_regs *regs);
__attribute__((noreturn)) void riscv64_irq_overflow(void);
__attribute__((noreturn)) void riscv64_irq_overrun(void);
void riscv64_irq_init_cpu(unsigned int cpu);
void riscv64_timer_start(void);
unsigned long riscv64_ticks(unsigned int cpu);
bool riscv64_on_irq_stack(unsigned int cpu, uintptr_t sp);
bool riscv64_on_softirq_stack(unsigned int cpu, uintptr_t sp);
bool riscv64_stack_guards_ok(unsigned int cpu);
/* The top guard word of @cpu's hardirq or softirq stack, the one the exit
 * paths compare (the smash-irq-guard runs of make check overwrite it). */
volatile uint64_t *riscv64_stack_guard(unsigned int cpu, bool softirq);
extern uintptr_t riscv64_nested_tick_sp;	/* sp of a tick that nested in a handler */
/* The IPI (supervisor software interrupt) as a per-CPU genirq line. */
int riscv64_map_ipi(void);
/* When set, every IPI goes to this function instead of genirq, on the
 * interrupted stack (make bench's bare floor). */
extern void (*volatile riscv64_ipi_hook)(void);

/* The kernel's C entry after boot (the embedder's: demo/virt-riscv/main.c). */
void riscv64_start(void);

/* smp.c */
/*
 * Start the other harts; @at_entry: through the image's entry (_start), as
 * OpenSBI has been seen to send a hart there while the boot hart runs
 * (the kernel argument stray-hart provokes it). Return: CPUs online.
 */
unsigned int riscv64_start_secondaries(bool at_entry);
void riscv64_idle(bool (*busy)(void));
void riscv64_wake_cpu(unsigned int cpu);

#endif

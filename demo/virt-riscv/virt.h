/* SPDX-License-Identifier: MIT */
/*
 * virt.h - the riscv64 demo kernel's machine (QEMU virt under OpenSBI):
 * what the device tree told it, the SBI calls, the console and the exits,
 * the other harts.
 */
#ifndef GENIRQ_VIRT_RISCV_VIRT_H
#define GENIRQ_VIRT_RISCV_VIRT_H

#include <genirq/compat.h>
#include "riscv64.h"

/* The kit's names, short, for the demo's own files. */
#define HZ		GENIRQ_RISCV64_HZ
#define MAX_CPUS	GENIRQ_RISCV64_CPUS
#define SCAUSE_IRQ	GENIRQ_RISCV64_SCAUSE_IRQ
#define csr_read	riscv64_csr_read
#define csr_write	riscv64_csr_write
#define csr_set		riscv64_csr_set
#define csr_clear	riscv64_csr_clear
#define rdtime		riscv64_rdtime

/* SBI's answer to hart_start of a hart that runs already. */
#define SBI_ERR_ALREADY_AVAILABLE	(-6)
#define PCI_SLOTS	32

/* What the device tree (a1 at entry) told us. */
struct riscv64_machine {
	unsigned int	nr_cpus;
	unsigned long	hartid[MAX_CPUS];	/* CPU number -> hart id; CPU 0 boots */
	uint64_t	timebase;		/* Hz of the time CSR */
	uintptr_t	uart, test;		/* ns16550, sifive_test (the exits) */
	uintptr_t	rtc;			/* goldfish RTC: `suspend timer`'s alarm */
	/* PLIC: registers, sources, each CPU's supervisor context (-1 none) */
	uintptr_t	plic;
	uint32_t	plic_ndev;
	int		plic_ctx[MAX_CPUS];
	/* AIA: the supervisor APLIC domain, the supervisor IMSIC files */
	uintptr_t	aplic, imsic;
	uint32_t	aplic_nsrc, imsic_ids;
	bool		aplic_msi;		/* the APLIC has an msi-parent */
	unsigned int	imsic_index[MAX_CPUS];	/* CPU -> hart index of its S-level file */
	/* PCIe host: ECAM, the 32-bit memory window, the I/O window (memory-mapped) */
	uintptr_t	ecam;
	uint64_t	pci_mem_cpu, pci_mem_pci, pci_mem_size;
	uint64_t	pci_io_cpu, pci_io_pci, pci_io_size;
	/* The tree, and the nodes whose interrupts the devices look up in
	 * it (<genirq/of_irq.h>), by their offsets; -1: none. The wired
	 * controller is the PLIC, or the supervisor APLIC. */
	const void	*dtb;
	int		wired_node, uart_node, rtc_node, pci_node;
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
void sbi_send_ipi(unsigned int cpu);
long sbi_hart_start(unsigned long hartid, uintptr_t entry, unsigned long opaque);
void console_put(const char *text, size_t len);
/* Start each console line with @prefix from now on (NULL: no prefix). */
void console_label(const char *prefix);
void uart_init(void);
/* One received byte, or -1; for the receive interrupt and polling. */
int uart_getc(void);
/* Does the receive FIFO hold a byte? (Reads nothing out of it.) */
bool uart_rx_held(void);
void uart_set_ier(uint8_t ier);
__attribute__((noreturn)) void riscv64_power_off(void);
/* The failure exit, "genirq: FATAL: @why" first (QEMU status 1). */
__attribute__((noreturn)) void riscv64_fail(const char *why);
void riscv64_printf(const char *fmt, ...) __irq_printf(1, 2);
/* The fatal path may have interrupted a holder of the console lock. */
void riscv64_console_break_lock(void);

static inline uint64_t ms_to_ticks(unsigned int ms)
{
	return machine.timebase / 1000u * ms;
}

/* boot.S: where SBI HSM starts the other harts */
extern const char riscv64_secondary_entry[];

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

/* SPDX-License-Identifier: MIT */
/*
 * virt.h - what the virt demo kernel's machine files share on aarch64
 * (boot, console, device tree, GIC, timer, SMP), over the port kit
 * (arch/aarch64/aarch64.h).
 */
#ifndef GENIRQ_DEMO_VIRT_MACHINE_H
#define GENIRQ_DEMO_VIRT_MACHINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/compiler.h>
#include <genirq/compat.h>
#include <genirq/interrupt.h>
#include <genirq/port.h>
#include "aarch64.h"

#define HZ		100
#define MAX_CPUS	4

/* What the device tree told us (fdt.c). */
struct aarch64_machine {
	unsigned int	gic_version;		/* 2 or 3 */
	uint64_t	gicd, gicr, gicc;	/* distributor, redistributors (v3), CPU iface (v2) */
	uint64_t	its, v2m;		/* MSI: the GICv3's ITS, the GICv2's v2m frame */
	unsigned int	nr_cpus;
	uint64_t	mpidr[MAX_CPUS];	/* cpu@N reg */
	bool		psci_smc;		/* PSCI method: smc, else hvc */
	uint32_t	psci_cpu_on;
	uint64_t	uart;
	uint64_t	rtc;			/* PL031: `suspend timer`'s alarm */
	uint64_t	gpio;			/* PL061 */
	uint32_t	power_gpio;		/* gpio-keys poweroff: the PL061 line */
	uint64_t	ecam, ecam_size;	/* PCIe configuration space */
	uint64_t	pci_mem_cpu, pci_mem_pci, pci_mem_size;	/* 32-bit memory window */
	uint64_t	pci_io_cpu, pci_io_pci, pci_io_size;	/* I/O window (memory-mapped) */
	uint64_t	dtb;			/* where the tree was found */
	/* The nodes whose interrupts the devices look up in the tree
	 * (<genirq/of_irq.h>), by their offsets; -1: none. */
	int		gic_node, uart_node, rtc_node, gpio_node, timer_node, pci_node;
	char		bootargs[64];		/* /chosen/bootargs (QEMU -append) */
};
extern struct aarch64_machine machine;

/* boot.S */
unsigned long aarch64_psci(unsigned long fn, unsigned long a1, unsigned long a2,
			   unsigned long a3, unsigned long use_smc);
extern const char aarch64_secondary_entry[];
__attribute__((noreturn)) void aarch64_semihost_exit(const uint64_t block[2]);

/* fdt.c: fill machine from the flattened device tree at @dtb (0: look
 * where QEMU puts it). Return: 0 or -ENODEV. */
int fdt_scan(uint64_t dtb);
/* The tree fdt_scan() found. */
static inline const void *virt_dtb(void)
{
	return (const void *)(uintptr_t)machine.dtb;
}

/* console.c: the PL011 and the exits */
void console_put(const char *text, size_t len);
void console_label(const char *prefix);
void console_break_lock(void);
/* Up to @size received bytes; 0 when the receive FIFO is empty. */
int console_get(char *buf, size_t size);
/* Does the receive FIFO hold a byte? (Reads nothing out of it.) */
bool console_rx_held(void);
/* Receive interrupts on (the RX and RX-timeout sources of UARTIMSC). */
void console_rx_irq_enable(void);
void aarch64_printf(const char *fmt, ...) __irq_printf(1, 2);
__attribute__((noreturn)) void aarch64_power_off(void);
__attribute__((noreturn)) void aarch64_fail(const char *why);

/* gic.c: the GIC of either version behind these, the tick, the IPI */
void aarch64_irq_init(void);		/* the GIC of the device tree, boot CPU */
void aarch64_irq_init_cpu(void);	/* the calling CPU's GIC interface */
struct irq_domain *aarch64_gic_domain(void);
struct gicv3 *aarch64_gicv3(void);	/* the GIC of the machine, or NULL */
struct gicv2 *aarch64_gicv2(void);
/* Map INTID @intid with @trigger (SPI) or as a per-CPU line (SGI, PPI). */
int aarch64_gic_map(uint32_t intid, unsigned int trigger);
/* The GIC INTID of line @irq; 0 for none. */
uint32_t aarch64_intid(int irq);
/* wake_timer.c: the PL031's match interrupt as `suspend timer`'s wake line. */
void virt_wake_timer_setup(void);
void aarch64_send_ipi(unsigned int cpu);		/* SGI 0, the IPI */
void aarch64_send_sgi(unsigned int cpu, unsigned int sgi);
int aarch64_timer_start(void);		/* map and request the tick (boot CPU) */
void aarch64_timer_start_cpu(void);	/* arm it on the calling CPU */
unsigned long aarch64_ticks(unsigned int cpu);
/* nmi.c: the shell's `nmi` on this machine (nmi_cmd.h). */
void virt_nmi_init(void);
extern uintptr_t aarch64_nested_tick_sp;	/* sp of a tick that nested in a handler */
/* The kernel's C entry after boot (the embedder's: demo/virt/main.c). */
void aarch64_start(uint64_t dtb, unsigned int entry_el);

/* smp.c */
void aarch64_secondary_start(void);
unsigned int aarch64_start_secondaries(void);
void aarch64_idle(bool (*busy)(void));

#endif /* GENIRQ_DEMO_VIRT_MACHINE_H */

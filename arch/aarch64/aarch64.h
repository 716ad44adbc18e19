/* SPDX-License-Identifier: MIT */
/*
 * aarch64.h - what the aarch64 (QEMU virt) demo kernel's files share.
 */
#ifndef AARCH64_H
#define AARCH64_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/compiler.h>
#include <genirq/compat.h>
#include <genirq/interrupt.h>
#include <genirq/port.h>
#include "asm.h"

#define HZ		100
#define MAX_CPUS	4

/* The exception frame built by boot.S. An exception's holds every
 * register; an IRQ's only x0-x18, x30, sp, elr and spsr (x19-x29, esr and
 * far are not written). */
struct aarch64_regs {
	uint64_t x[31];
	uint64_t sp, elr, spsr, esr, far;
};
_Static_assert(sizeof(struct aarch64_regs) == FRAME_BYTES, "boot.S frame layout");

/* A device's interrupt as the device tree gives it: GIC INTID and trigger. */
struct dt_irq {
	uint32_t	intid;		/* 0: none */
	unsigned int	trigger;	/* IRQ_TYPE_* */
};

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
	struct dt_irq	uart_irq;
	uint64_t	gpio;			/* PL061 */
	struct dt_irq	gpio_irq;
	uint32_t	power_gpio;		/* gpio-keys poweroff: the PL061 line */
	struct dt_irq	timer_irq;		/* the EL1 virtual timer's PPI */
	uint64_t	ecam, ecam_size;	/* PCIe configuration space */
	uint64_t	pci_mem_cpu, pci_mem_pci, pci_mem_size;	/* 32-bit memory window */
	/* interrupt-map: (device, INTx pin 1-4) -> INTID, for slots 0-3 (the
	 * mask 0x1800 repeats it every four slots) */
	uint32_t	intx[4][4];
	uint64_t	dtb;			/* where the tree was found */
	char		bootargs[64];		/* /chosen/bootargs (QEMU -append) */
};
extern struct aarch64_machine machine;

/* boot.S */
void aarch64_call_on_stack(void (*fn)(void *), void *arg, void *top);
unsigned long aarch64_psci(unsigned long fn, unsigned long a1, unsigned long a2,
			   unsigned long a3, unsigned long use_smc);
extern const char aarch64_secondary_entry[];
__attribute__((noreturn)) void aarch64_semihost_exit(const uint64_t block[2]);

/* fdt.c: fill machine from the flattened device tree at @dtb (0: look
 * where QEMU puts it). Return: 0 or -ENODEV. */
int fdt_scan(uint64_t dtb);

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

/* port.c: the generic timer's counter */
static inline uint64_t cntvct(void)
{
	uint64_t v;

	__asm__ __volatile__("isb; mrs %0, cntvct_el0" : "=r"(v) :: "memory");
	return v;
}
uint64_t aarch64_cntfrq(void);
static inline uint64_t ms_to_cnt(unsigned int ms)
{
	return aarch64_cntfrq() / 1000u * ms;
}
static inline uintptr_t aarch64_sp(void)
{
	uintptr_t sp;

	__asm__ __volatile__("mov %0, sp" : "=r"(sp));
	return sp;
}
void aarch64_sync(struct aarch64_regs *regs);
void aarch64_bad_exception(struct aarch64_regs *regs);

/* irq.c: the interrupt glue; the GIC is either version, behind these */
void aarch64_irq_init(void);		/* the GIC of the device tree, boot CPU */
void aarch64_irq_init_cpu(void);	/* the calling CPU's GIC interface */
/* The GIC driver's handler on this CPU's hardirq stack (boot.S; the IRQ
 * vector calls it when no hook is set), and its two ways out of line:
 * already on that stack, and a stack whose guard word was overwritten. */
void aarch64_irq(struct aarch64_regs *regs);
void aarch64_irq_nested(struct aarch64_regs *regs);
__attribute__((noreturn)) void aarch64_irq_overflow(void);
__attribute__((noreturn)) void aarch64_irq_overrun(void);
struct irq_domain *aarch64_gic_domain(void);
struct gicv3 *aarch64_gicv3(void);	/* the GIC of the machine, or NULL */
struct gicv2 *aarch64_gicv2(void);
/* Map INTID @intid with @trigger (SPI) or as a per-CPU line (SGI, PPI). */
int aarch64_gic_map(uint32_t intid, unsigned int trigger);
void aarch64_send_ipi(unsigned int cpu);		/* SGI 0, the IPI */
void aarch64_send_sgi(unsigned int cpu, unsigned int sgi);
int aarch64_timer_start(void);		/* map and request the tick (boot CPU) */
void aarch64_timer_start_cpu(void);	/* arm it on the calling CPU */
unsigned long aarch64_ticks(unsigned int cpu);
bool aarch64_on_irq_stack(unsigned int cpu, uintptr_t sp);
bool aarch64_on_softirq_stack(unsigned int cpu, uintptr_t sp);
bool aarch64_stack_guards_ok(unsigned int cpu);
/* The top guard word of @cpu's hardirq or softirq stack, the one the exit
 * paths compare (the smash-irq-guard runs of make check overwrite it). */
volatile uint64_t *aarch64_stack_guard(unsigned int cpu, bool softirq);
extern uintptr_t aarch64_nested_tick_sp;	/* sp of a tick that nested in a handler */
/* When set, every IRQ exception goes to this function instead of the
 * GIC driver and genirq, on the interrupted stack (make bench's floor,
 * the spurious-vector scenario). */
extern void (*volatile aarch64_irq_hook)(void);

/* The kernel's C entry after boot (the embedder's: demo/virt/main.c). */
void aarch64_start(uint64_t dtb, unsigned int entry_el);

/* smp.c */
void aarch64_secondary_start(void);
unsigned int aarch64_start_secondaries(void);
void aarch64_idle(bool (*busy)(void));

#endif

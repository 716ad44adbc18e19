/* SPDX-License-Identifier: MIT */
/*
 * x86_64.h - the x86_64 port's own pieces: the interrupt frame, the CPU
 * table, and the glue between boot.S, cpu.c and irq.c (and the demo's
 * boot and SMP bring-up, demo/pc/boot-x86_64.c and smp-x86_64.c).
 */
#ifndef GENIRQ_ARCH_X86_64_H
#define GENIRQ_ARCH_X86_64_H

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stdint.h>
#endif

#define X86_64_MAX_CPUS		X86_MAX_CPUS
#define X86_64_NR_IRQS		32	/* IO-APIC pins 0-23, then the LAPIC lines */
#define X86_64_VECTOR_PIC	0x20	/* the masked 8259 pair */
/* Left to the embedder (the demo's make bench: a vector bound to a genirq
 * line, and one with an entry of its own, x86_64_idt_set()). */
#define X86_64_VECTOR_BENCH	0xE0
#define X86_64_VECTOR_BARE	0xE1
/* The vector matrix (IO-APIC and MSI lines; irq.c): per CPU, above the
 * 8259's and below the bench and system vectors. */
#define X86_64_VECTOR_MATRIX_FIRST	0x30
#define X86_64_VECTOR_MATRIX_LAST	0xDF
/* A finished move asks the old CPU to release its vector (Linux's
 * IRQ_MOVE_CLEANUP_VECTOR). */
#define X86_64_VECTOR_CLEANUP	0xE2

#ifndef __ASSEMBLER__
/* What the stub pushed, lowest address first (see boot.S). */
/* An exception's frame holds every register; an interrupt's (vector 32
 * and up) only the caller-saved ones: rbx, rbp and r12-r15 are not written. */
struct x86_64_regs {
	uint64_t r15, r14, r13, r12, r11, r10, r9, r8;
	uint64_t rbp, rdi, rsi, rdx, rcx, rbx, rax;
	uint64_t vector, error;
	uint64_t rip, cs, rflags, rsp, ss;	/* pushed by the CPU */
};

/* From the ACPI MADT. */
struct x86_64_machine {
	unsigned int	nr_cpus;
	uint8_t		apic_id[X86_64_MAX_CPUS];
	uintptr_t	ioapic_base;
	unsigned int	isa_gsi[16];		/* ISA line -> IO-APIC pin */
	bool		isa_level[16];		/* an override said level */
};
extern struct x86_64_machine x86_64_mach;

void x86_64_irq_init(void);
void x86_64_irq_cpu_init(unsigned int cpu);
/*
 * The C ends of common_irq (entry.S), which takes every interrupt vector
 * to x86_apic_handle() on this CPU's hardirq stack: a vector nobody owns,
 * and the slow path (a broken stack guard, or nested on the hardirq
 * stack).
 */
void x86_64_bad_vector(struct x86_64_regs *regs);
void x86_64_irq_slow(unsigned int vector, struct x86_64_regs *regs);
void x86_64_idt_load(void);
/* Fill the IDT (every vector to its stub in boot.S) and load it. */
void x86_64_idt_init(void);
/*
 * Give @vector an entry of the embedder's own, outside genirq (a system
 * vector; NULL: its stub again). The entry saves what it clobbers
 * (entry_regs.h's macros) and ends with iretq. Call it while the vector
 * cannot arrive: the IDT gate is written in two stores.
 */
void x86_64_idt_set(unsigned int vector, void (*entry)(void));
/* Number the CPU of local APIC @apic_id (the firmware's list, in order).
 * Return: false when the table is full. */
bool x86_64_cpu_add(unsigned int apic_id);
void x86_64_cpu_id_init(unsigned int cpu);
unsigned int x86_64_cpu_from_lapic(void);
extern struct irq_domain *x86_64_lapic_domain;
/* Route @vector to line @hw of @d (NULL: unroute). For the bench. */
void x86_64_vector_bind(unsigned int vector, struct irq_domain *d, unsigned long hw);
/* The vector domain and the PCI-MSI domain on it (irq.c). */
struct x86_vector;
extern struct x86_vector *x86_64_vectors;
extern struct irq_domain *x86_64_msi_domain;
/* Start the application processors. Return: how many came online. */
unsigned int x86_64_smp_boot(void);
/* Per-CPU messages over the one IPI vector (same-vector IPIs coalesce). */
/*
 * The port's IPI: the local APIC's IPI line, reserved for every CPU with
 * irq_reserve_ipi_line() (x86_64_ipi_irq, -1 before x86_64_smp_boot());
 * send it with ipi_send_single()/ipi_send_mask(). Its handler calls
 * x86_64_ipi_handler (if set) with the CPU that took it.
 */
extern int x86_64_ipi_irq;
extern void (*volatile x86_64_ipi_handler)(unsigned int cpu);

/* The embedder's: every CPU exception but the NMI (the kit counts NMIs). */
void x86_64_exception(struct x86_64_regs *regs);
#endif /* !__ASSEMBLER__ */

#endif /* GENIRQ_ARCH_X86_64_H */

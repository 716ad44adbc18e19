// SPDX-License-Identifier: MIT
/*
 * cpu.c - the x86_64 port's CPU pieces: the CPU numbers (%gs:0, and from
 * the APIC ID for a CPU coming up), the IDT over boot.S's stubs, CPU
 * exceptions (register dump, failure exit).
 */
#include <genirq/hardirq.h>
#include <genirq/irq.h>
#include <genirq/chip/lapic.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "x86.h"
#include "x86_64.h"

#define IDT_INTERRUPT_GATE	0x8E00u	/* present, DPL0, 64-bit interrupt gate */
#define KERNEL_CS64		0x18u

struct idt_gate {
	uint16_t off_lo, sel, type, off_mid;
	uint32_t off_hi, zero;
};

extern const uint64_t x86_64_stubs[256];
static struct idt_gate idt[256] __attribute__((aligned(16)));
static uint8_t apic_to_cpu[256];
struct x86_64_machine x86_64_mach;

/*
 * Each CPU's number, read at %gs:0 (genirq_port_inline.h): IA32_GS_BASE
 * points at the CPU's own slot, so the number is one load, not a local
 * APIC read and a table lookup on every interrupt.
 */
#define MSR_GS_BASE	0xc0000101u
static unsigned int cpu_slot[X86_64_MAX_CPUS];

void x86_64_cpu_id_init(unsigned int cpu)
{
	uint64_t base = (uint64_t)(uintptr_t)&cpu_slot[cpu];

	cpu_slot[cpu] = cpu;
	__asm__ __volatile__("wrmsr" : : "c"(MSR_GS_BASE), "a"((uint32_t)base),
			     "d"((uint32_t)(base >> 32)) : "memory");
}

bool x86_64_cpu_add(unsigned int apic_id)
{
	if (x86_64_mach.nr_cpus >= X86_64_MAX_CPUS || apic_id > 255)
		return false;
	x86_64_mach.apic_id[x86_64_mach.nr_cpus] = (uint8_t)apic_id;
	apic_to_cpu[apic_id] = (uint8_t)x86_64_mach.nr_cpus++;
	return true;
}

/* An application processor's number, before its %gs:0 is set. */
unsigned int x86_64_cpu_from_lapic(void)
{
	return apic_to_cpu[lapic_id()];
}

unsigned int port_cpu_id(void)
{
	return port_cpu_id_fast();
}

unsigned int port_nr_cpus(void)
{
	return x86_64_mach.nr_cpus;
}

void x86_64_idt_load(void)
{
	struct {
		uint16_t limit;
		uint64_t base;
	} __attribute__((packed)) desc = { sizeof(idt) - 1, (uint64_t)(uintptr_t)idt };

	__asm__ __volatile__("lidt %0" : : "m"(desc));
}

static void idt_gate_set(unsigned int v, uint64_t entry)
{
	idt[v] = (struct idt_gate){
		.off_lo = (uint16_t)entry,
		.sel = KERNEL_CS64,
		.type = IDT_INTERRUPT_GATE,
		.off_mid = (uint16_t)(entry >> 16),
		.off_hi = (uint32_t)(entry >> 32),
	};
}

void x86_64_idt_init(void)
{
	for (unsigned int v = 0; v < 256; v++)
		idt_gate_set(v, x86_64_stubs[v]);
	x86_64_idt_load();
}

void x86_64_idt_set(unsigned int vector, void (*entry)(void))
{
	if (vector < 256)
		idt_gate_set(vector, entry ? (uint64_t)(uintptr_t)entry : x86_64_stubs[vector]);
}

/* The C entry of the 32 exception stubs (entry.S): the NMI here, every other
 * exception to the embedder's x86_64_exception(); interrupts go to
 * common_irq (entry.S). */
void x86_64_trap(struct x86_64_regs *regs);
void x86_64_trap(struct x86_64_regs *regs)
{
	if (regs->vector == 2)
		x86_nmi(regs);
	else
		x86_64_exception(regs);
}

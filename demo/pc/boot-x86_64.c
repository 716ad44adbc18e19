// SPDX-License-Identifier: MIT
/*
 * boot-x86_64.c - the x86_64 demo kernel's C entry from boot.S (PVH):
 * the ACPI MADT (CPUs, IO-APIC, ISA overrides) into the port's machine
 * description, the command line, console, IDT, clock, the core, the
 * APIC port and the other CPUs, then the shared demo.
 */
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "pc.h"
#include "x86_64.h"

#define PVH_MAGIC		0x336EC578u
#define MADT_LAPIC		0
#define MADT_IOAPIC		1
#define MADT_OVERRIDE		2
#define MADT_LEVEL		0xCu	/* override flags: trigger bits 3:2 = 11 */

struct hvm_start_info {
	uint32_t magic, version, flags, nr_modules;
	uint64_t modlist_paddr, cmdline_paddr, rsdp_paddr, memmap_paddr;
	uint32_t memmap_entries, reserved;
};

struct acpi_header {
	char	 sig[4];
	uint32_t length;
	uint8_t	 revision, checksum;
	char	 oem[6], oem_table[8];
	uint32_t oem_rev, creator, creator_rev;
} __attribute__((packed));

unsigned int x86_isa_irq(unsigned int isa)
{
	return isa;	/* legacy lines keep their ISA numbers (irq.c) */
}

static bool sig_is(const char *a, const char *b, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		if (a[i] != b[i])
			return false;
	return true;
}

static void parse_madt(const struct acpi_header *madt)
{
	const uint8_t *p = (const uint8_t *)madt + sizeof(*madt) + 8, *end;

	end = (const uint8_t *)madt + madt->length;
	for (; p + 2 <= end && p[1] >= 2; p += p[1]) {
		if (p[0] == MADT_LAPIC && (p[4] & 1)) {
			x86_64_cpu_add(p[3]);
		} else if (p[0] == MADT_IOAPIC && !x86_64_mach.ioapic_base) {
			x86_64_mach.ioapic_base = *(const uint32_t *)(p + 4);
		} else if (p[0] == MADT_OVERRIDE && p[3] < 16) {
			x86_64_mach.isa_gsi[p[3]] = *(const uint32_t *)(p + 4);
			x86_64_mach.isa_level[p[3]] = (*(const uint16_t *)(p + 8) & MADT_LEVEL) == MADT_LEVEL;
		}
	}
}

static void acpi_scan(uint64_t rsdp_paddr)
{
	const uint8_t *rsdp = (const uint8_t *)(uintptr_t)rsdp_paddr;
	const struct acpi_header *rsdt;
	unsigned int n;

	for (unsigned int i = 0; i < 16; i++)
		x86_64_mach.isa_gsi[i] = i;
	if (!rsdp || !sig_is((const char *)rsdp, "RSD PTR ", 8))
		return;
	rsdt = (const struct acpi_header *)(uintptr_t)*(const uint32_t *)(rsdp + 16);
	n = (rsdt->length - (unsigned int)sizeof(*rsdt)) / 4;
	for (unsigned int i = 0; i < n; i++) {
		const uint32_t *entries = (const uint32_t *)(rsdt + 1);
		const struct acpi_header *t = (const struct acpi_header *)(uintptr_t)entries[i];

		if (sig_is(t->sig, "APIC", 4))
			parse_madt(t);
	}
}

static char cmdline[256];

static void save_boot_info(const struct hvm_start_info *si)
{
	const char *p;
	size_t n = 0;

	if (!si || si->magic != PVH_MAGIC)
		return;
	acpi_scan(si->rsdp_paddr);
	p = (const char *)(uintptr_t)si->cmdline_paddr;
	while (p && *p && n + 1 < sizeof(cmdline))
		cmdline[n++] = *p++;
	cmdline[n] = '\0';
	x86_cmdline = cmdline;
}

void x86_64_main(const struct hvm_start_info *si);
void x86_64_main(const struct hvm_start_info *si)
{
	x86_64_cpu_id_init(0);		/* before anything asks port_cpu_id() */
	save_boot_info(si);
	if (x86_64_mach.nr_cpus == 0)
		x86_64_mach.nr_cpus = 1;	/* no MADT: the boot CPU alone */
	x86_console_init();
	x86_64_idt_init();
	pit_start();
	x86_tsc_calibrate();
	irq_core_init(X86_64_NR_IRQS);
	irq_cpu_set_online(0, true);
	x86_64_irq_init();
	x86_64_smp_boot();
	x86_exit(x86_demo_main() == 0 ? X86_EXIT_PASS : X86_EXIT_FAIL);
}

/* The port kit's exceptions other than the NMI: a register dump, the failure exit. */
void x86_64_exception(struct x86_64_regs *r)
{
	uint64_t cr2;

	__asm__ __volatile__("mov %%cr2, %0" : "=r"(cr2));
	irq_log("CPU%u exception %llu, error %llx, at %llx:%llx, rflags %llx, rsp %llx, cr2 %llx",
		port_cpu_id(), (unsigned long long)r->vector, (unsigned long long)r->error,
		(unsigned long long)r->cs, (unsigned long long)r->rip,
		(unsigned long long)r->rflags, (unsigned long long)r->rsp, (unsigned long long)cr2);
	irq_log("rax %llx rbx %llx rcx %llx rdx %llx rsi %llx rdi %llx rbp %llx",
		(unsigned long long)r->rax, (unsigned long long)r->rbx, (unsigned long long)r->rcx,
		(unsigned long long)r->rdx, (unsigned long long)r->rsi, (unsigned long long)r->rdi,
		(unsigned long long)r->rbp);
	x86_exit(X86_EXIT_TRAP);
}

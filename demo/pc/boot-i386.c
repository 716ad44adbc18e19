// SPDX-License-Identifier: MIT
/*
 * boot-i386.c - the i386 demo kernel's C entry from boot.S (Multiboot):
 * the command line, console, IDT, clock, the core and the 8259 port,
 * then the shared demo; the i386 pc has no timer of a CPU's own.
 */
#include <genirq/chip/i8259.h>
#include <genirq/irq.h>
#include <genirq/proc.h>

#include "i386.h"
#include "pc.h"
#include "demo.h"

#define MB_LOADER_MAGIC		0x2BADB002u
#define MB_INFO_CMDLINE		(1u << 2)

struct multiboot_info {
	uint32_t flags, mem_lower, mem_upper, boot_device, cmdline;
};

bool x86_local_timer_ticks(void)
{
	return false;	/* no local APIC: the PIT is the only timer */
}

static char cmdline[256];

/* Multiboot's command line is "<kernel path> <-append text>": keep the text. */
static void save_cmdline(uint32_t magic, const struct multiboot_info *mbi)
{
	const char *p;
	size_t n = 0;

	if (magic != MB_LOADER_MAGIC || !(mbi->flags & MB_INFO_CMDLINE))
		return;
	p = (const char *)(uintptr_t)mbi->cmdline;
	while (*p && *p != ' ')
		p++;
	while (*p && n + 1 < sizeof(cmdline))
		cmdline[n++] = *p++;
	cmdline[n] = '\0';
	x86_cmdline = cmdline;
}

void i386_main(uint32_t magic, const struct multiboot_info *mbi);
void i386_main(uint32_t magic, const struct multiboot_info *mbi)
{
	save_cmdline(magic, mbi);
	x86_console_init();
	i386_idt_init();
	pit_start();
	x86_tsc_calibrate();
	irq_core_init(I8259_NR_LINES + 1);	/* ISA lines, one for a software vector's domain */
	irq_cpu_set_online(0, true);
	i386_irq_init();
	x86_exit(x86_demo_main() == 0 ? X86_EXIT_PASS : X86_EXIT_FAIL);
}

/* The port kit's exceptions other than the NMI: a register dump, the failure exit. */
void i386_exception(struct i386_regs *r)
{
	uint32_t cr2;

	__asm__ __volatile__("mov %%cr2, %0" : "=r"(cr2));
	irq_log("CPU exception %u, error %08x, at %08x:%08x, eflags %08x",
		(unsigned int)r->vector, (unsigned int)r->error, (unsigned int)r->cs,
		(unsigned int)r->eip, (unsigned int)r->eflags);
	irq_log("eax %08x ebx %08x ecx %08x edx %08x", (unsigned int)r->eax,
		(unsigned int)r->ebx, (unsigned int)r->ecx, (unsigned int)r->edx);
	irq_log("esi %08x edi %08x ebp %08x esp %08x cr2 %08x", (unsigned int)r->esi,
		(unsigned int)r->edi, (unsigned int)r->ebp,
		(unsigned int)(r->esp_at_pusha + 12), (unsigned int)cr2);
	x86_exit(X86_EXIT_TRAP);
}

/* No command of its own: the i386 machine has no NMI source to show. */
const struct shell_cmd *const x86_port_cmds;
const unsigned int x86_nr_port_cmds;

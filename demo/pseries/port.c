// SPDX-License-Identifier: MIT
/*
 * port.c - the pseries demo kernel's part of the port contract (CPU
 * count, console, memory, fatal reports; the port kit, arch/ppc64/port.c,
 * has the rest) and its exception dispatcher.
 */
#include <genirq/port.h>
#include <genirq/spinlock.h>

#include "pseries.h"

#define ALLOC_POOL_BYTES	(256 * 1024)	/* the XICS domain table alone is 40 KiB */
#define ALLOC_ALIGN		16

/* --- CPUs: the device tree's --- */

unsigned int port_nr_cpus(void)
{
	return machine.nr_cpus;
}

void port_console_write(const char *text, size_t len)
{
	console_put(text, len);
}

/* --- memory: a boot-time pool; freed blocks of one size are reused --- */

struct free_block {
	struct free_block	*next;
	size_t			size;
};

static unsigned char pool[ALLOC_POOL_BYTES] __attribute__((aligned(ALLOC_ALIGN)));
static size_t pool_used;
static struct free_block *free_list;
static struct irq_spinlock pool_lock = IRQ_SPINLOCK_INIT;

void *port_alloc(size_t size)
{
	size_t need = (size + sizeof(struct free_block) + ALLOC_ALIGN - 1) & ~(size_t)(ALLOC_ALIGN - 1);
	unsigned long flags = irq_spin_lock_irqsave(&pool_lock);
	struct free_block **link, *b = NULL;

	for (link = &free_list; *link; link = &(*link)->next)
		if ((*link)->size == need) {
			b = *link;
			*link = b->next;
			break;
		}
	if (!b && pool_used + need <= sizeof(pool)) {
		b = (struct free_block *)(pool + pool_used);
		b->size = need;
		pool_used += need;
	}
	irq_spin_unlock_irqrestore(&pool_lock, flags);
	return b ? (unsigned char *)b + sizeof(*b) : NULL;
}

void port_free(void *ptr)
{
	struct free_block *b;
	unsigned long flags;

	if (!ptr)
		return;
	b = (struct free_block *)((unsigned char *)ptr - sizeof(*b));
	flags = irq_spin_lock_irqsave(&pool_lock);
	b->next = free_list;
	free_list = b;
	irq_spin_unlock_irqrestore(&pool_lock, flags);
}

/* --- exceptions --- */

static void dump_regs(const struct ppc64_regs *r)
{
	ppc64_printf("\nexception 0x%lx on cpu %u\n", (unsigned long)r->trap, port_cpu_id());
	ppc64_printf("NIP %016lx MSR %016lx LR %016lx CTR %016lx\n",
		     (unsigned long)r->nip, (unsigned long)r->msr, (unsigned long)r->lr,
		     (unsigned long)r->ctr);
	ppc64_printf("DAR %016lx DSISR %08lx CR %08lx XER %08lx\n", (unsigned long)r->dar,
		     (unsigned long)r->dsisr, (unsigned long)r->ccr, (unsigned long)r->xer);
	for (unsigned int i = 0; i < 32; i += 4)
		ppc64_printf("r%-2u %016lx %016lx %016lx %016lx\n", i, (unsigned long)r->gpr[i],
			     (unsigned long)r->gpr[i + 1], (unsigned long)r->gpr[i + 2],
			     (unsigned long)r->gpr[i + 3]);
}

/* A broken rule of the core, or the port kit's stack found overrun. */
void port_assert_failed(const char *what, const char *file, int line)
{
	(void)file;
	(void)line;
	ppc64_fail(what);
}

/* Every exception but the external interrupt (the kit's entry takes that). */
void ppc64_trap(struct ppc64_regs *regs)
{
	switch (regs->trap) {
	case 0x900:
		ppc64_timer_interrupt(regs);
		break;
	default:
		console_break_lock();
		dump_regs(regs);
		ppc64_fail("unexpected exception");
	}
}

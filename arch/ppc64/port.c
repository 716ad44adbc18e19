// SPDX-License-Identifier: MIT
/*
 * port.c - the genirq port contract on a pseries guest, and the
 * exception dispatcher.
 */
#include <genirq/port.h>
#include <genirq/spinlock.h>

#include "ppc64.h"

#define VECTOR_BA		0x48000002u	/* "ba target" */
#define BA_REACH		0x03fffffcu	/* absolute branches reach 32 MiB */
#define ALLOC_POOL_BYTES	(256 * 1024)	/* the XICS domain table alone is 40 KiB */
#define ALLOC_ALIGN		16

/* --- local interrupts: MSR[EE] (genirq_port_inline.h) --- */

unsigned long port_irq_save(void)
{
	unsigned long msr = ppc64_mfmsr();

	ppc64_mtmsr_ee(msr & ~GENIRQ_PPC64_MSR_EE);
	return msr & GENIRQ_PPC64_MSR_EE;
}

void port_irq_restore(unsigned long flags)
{
	unsigned long msr = ppc64_mfmsr();

	ppc64_mtmsr_ee((flags & GENIRQ_PPC64_MSR_EE) ? (msr | GENIRQ_PPC64_MSR_EE) : (msr & ~GENIRQ_PPC64_MSR_EE));
}

void port_irq_enable(void)
{
	port_irq_enable_fast();
}

void port_irq_disable(void)
{
	port_irq_disable_fast();
}

bool port_irqs_disabled(void)
{
	return !(ppc64_mfmsr() & GENIRQ_PPC64_MSR_EE);
}

/* --- CPUs: PIR reads 0 on every vCPU, so SPRG2 holds our number --- */

void ppc64_set_cpu_id(unsigned int cpu)
{
	__asm__ __volatile__("mtspr %0, %1" : : "i"(GENIRQ_PPC64_SPRN_SPRG2), "r"((unsigned long)cpu));
}

unsigned int port_cpu_id(void)
{
	return port_cpu_id_fast();
}

unsigned int port_nr_cpus(void)
{
	return machine.nr_cpus;
}

void port_cpu_relax(void)
{
	__asm__ __volatile__("or 1,1,1; or 2,2,2" ::: "memory");	/* SMT low, then medium */
}

/* --- time: the timebase --- */

uint64_t port_time_ns(void)
{
	uint64_t tb = mftb();

	return tb / machine.tb_freq * 1000000000u + tb % machine.tb_freq * 1000000000u / machine.tb_freq;
}

uint64_t port_cycles(void)
{
	return mftb();
}

void port_delay_us(unsigned long us)
{
	uint64_t end = mftb() + machine.tb_freq / 1000000u * us;

	while (mftb() < end)
		port_cpu_relax();
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

void ppc64_install_vectors(void)
{
	for (const struct ppc64_vector *v = ppc64_vectors; v->vec; v++) {
		volatile uint32_t *slot = (volatile uint32_t *)(uintptr_t)v->vec;

		*slot = VECTOR_BA | ((uint32_t)v->stub & BA_REACH);
		__asm__ __volatile__("dcbst 0,%0; sync; icbi 0,%0; isync" : : "r"(slot) : "memory");
	}
}

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

void ppc64_trap(struct ppc64_regs *regs)
{
	switch (regs->trap) {
	case 0x500:
		ppc64_do_irq(regs);
		break;
	case 0x900:
		ppc64_timer_interrupt(regs);
		break;
	default:
		console_break_lock();
		dump_regs(regs);
		ppc64_fail("unexpected exception");
	}
}

// SPDX-License-Identifier: MIT
/*
 * mem.c - memory for descriptors, actions and counters.
 *
 * The port may supply port_alloc()/port_free(); without them the core
 * serves requests from a static arena with a free list per power-of-two
 * size class, so a port with no heap still has request_irq(). Either
 * way a block of whole cache lines starts one (descriptors are
 * cache-aligned: <genirq/port.h>); the arena aligns every block of a
 * cache line or more.
 */
#include "internals.h"

/* The arena's size: GENIRQ_ARENA_BYTES (<genirq/config.h>). */

#define ARENA_MIN_SHIFT		5	/* 32-byte blocks */
#define ARENA_MIN		(1u << ARENA_MIN_SHIFT)
#define ARENA_CLASSES		9	/* up to 8 KiB */

struct arena_block {
	struct arena_block *next;	/* while free */
};

/*
 * Blocks carry no header: a block's class is kept by its first 32-byte
 * granule, so a 128-byte request takes a 128-byte block, aligned.
 */
static unsigned char arena[GENIRQ_ARENA_BYTES] __irq_cacheline_aligned;
static unsigned char arena_class_of[GENIRQ_ARENA_BYTES / ARENA_MIN];
static size_t arena_used;
static struct arena_block *arena_free_list[ARENA_CLASSES];
static struct irq_spinlock arena_lock = IRQ_SPINLOCK_INIT;

static void *arena_alloc(size_t size)
{
	size_t bytes = ARENA_MIN, align, at;
	unsigned char *p = NULL;
	unsigned long flags;
	unsigned int c = 0;

	/* The smallest class that holds @size. */
	while (bytes < size) {
		if (++c == ARENA_CLASSES)
			return NULL;
		bytes <<= 1;
	}
	align = bytes < GENIRQ_CACHELINE ? bytes : GENIRQ_CACHELINE;
	flags = irq_spin_lock_irqsave(&arena_lock);
	if (arena_free_list[c]) {
		p = (unsigned char *)arena_free_list[c];
		arena_free_list[c] = arena_free_list[c]->next;
	} else {
		/* The gap an alignment skips stays unused. */
		at = (arena_used + align - 1) & ~(align - 1);
		if (at + bytes <= sizeof(arena)) {
			p = arena + at;
			arena_used = at + bytes;
			arena_class_of[at / ARENA_MIN] = (unsigned char)c;
		}
	}
	irq_spin_unlock_irqrestore(&arena_lock, flags);
	return p;
}

static void arena_free(void *ptr)
{
	struct arena_block *b = ptr;
	unsigned int c = arena_class_of[(size_t)((unsigned char *)ptr - arena) / ARENA_MIN];
	unsigned long flags;

	flags = irq_spin_lock_irqsave(&arena_lock);
	b->next = arena_free_list[c];
	arena_free_list[c] = b;
	irq_spin_unlock_irqrestore(&arena_lock, flags);
}

__irq_weak void *port_alloc(size_t size)
{
	return arena_alloc(size);
}

__irq_weak void port_free(void *ptr)
{
	arena_free(ptr);
}

void *irq_zalloc(size_t size)
{
	unsigned char *p = port_alloc(size);

	if (p)
		for (size_t i = 0; i < size; i++)
			p[i] = 0;
	return p;
}

void irq_free(void *ptr)
{
	if (ptr)
		port_free(ptr);
}

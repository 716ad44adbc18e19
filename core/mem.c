// SPDX-License-Identifier: MIT
/*
 * mem.c - memory for descriptors, actions and counters.
 *
 * The port may supply port_alloc()/port_free(); without them the core
 * serves requests from a static arena with a free list per power-of-two
 * size class, so a port with no heap still has request_irq().
 */
#include "internals.h"

#ifndef GENIRQ_ARENA_BYTES
# define GENIRQ_ARENA_BYTES	(96 * 1024)
#endif

#define ARENA_MIN_SHIFT		5	/* 32-byte blocks */
#define ARENA_CLASSES		9	/* up to 8 KiB */
#define ARENA_HDR		16u	/* keeps blocks 16-byte aligned */

struct arena_block {
	struct arena_block *next;	/* while free */
};

static unsigned char arena[GENIRQ_ARENA_BYTES] __irq_cacheline_aligned;
static size_t arena_used;
static struct arena_block *arena_free_list[ARENA_CLASSES];
static struct irq_spinlock arena_lock = IRQ_SPINLOCK_INIT;

static int arena_class(size_t size)
{
	size_t need = size + ARENA_HDR;

	for (int c = 0; c < ARENA_CLASSES; c++)
		if (need <= (size_t)1 << (ARENA_MIN_SHIFT + c))
			return c;
	return -1;
}

static void *arena_alloc(size_t size)
{
	int c = arena_class(size);
	unsigned char *p = NULL;
	unsigned long flags;

	if (c < 0)
		return NULL;
	flags = irq_spin_lock_irqsave(&arena_lock);
	if (arena_free_list[c]) {
		p = (unsigned char *)arena_free_list[c];
		arena_free_list[c] = arena_free_list[c]->next;
	} else if (arena_used + ((size_t)1 << (ARENA_MIN_SHIFT + c)) <= sizeof(arena)) {
		p = arena + arena_used;
		arena_used += (size_t)1 << (ARENA_MIN_SHIFT + c);
	}
	irq_spin_unlock_irqrestore(&arena_lock, flags);
	if (!p)
		return NULL;
	p[0] = (unsigned char)c;
	return p + ARENA_HDR;
}

static void arena_free(void *ptr)
{
	unsigned char *p = (unsigned char *)ptr - ARENA_HDR;
	struct arena_block *b = (struct arena_block *)(void *)p;
	int c = p[0];
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

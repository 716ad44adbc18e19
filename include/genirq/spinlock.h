/* SPDX-License-Identifier: MIT */
/*
 * spinlock.h - the lock genirq uses for descriptors and controllers.
 *
 * A test-and-set lock on a C11 atomic: freestanding compilers provide
 * <stdatomic.h>, so no port writes assembly for it. The _irqsave forms
 * also turn off local interrupts through the port contract, which any
 * lock also taken from an interrupt handler needs.
 *
 * Lock order (written once, here): probe -> domain -> irq_sparse_lock ->
 * irq_desc.lock -> controller locks (and the core's leaf locks: resend,
 * arena, masks). No lock is taken while a handler
 * runs.
 */
#ifndef GENIRQ_SPINLOCK_H
#define GENIRQ_SPINLOCK_H

#include <genirq/compiler.h>
#include <genirq/port.h>

#ifndef __cplusplus
#include <stdatomic.h>
#include <stdbool.h>

struct irq_spinlock {
	atomic_uint locked;
};

#define IRQ_SPINLOCK_INIT	{ 0 }

static inline void irq_spin_init(struct irq_spinlock *l)
{
	irq_atomic_store(&l->locked, 0u, memory_order_relaxed);
}

static inline bool irq_spin_trylock(struct irq_spinlock *l)
{
	return atomic_exchange_explicit(&l->locked, 1u, memory_order_acquire) == 0u;
}

static inline void irq_spin_lock(struct irq_spinlock *l)
{
	while (irq_unlikely(!irq_spin_trylock(l))) {
		/* Spin on a plain load so the line stays shared while we wait. */
		while (atomic_load_explicit(&l->locked, memory_order_relaxed))
			port_cpu_relax();
	}
}

static inline void irq_spin_unlock(struct irq_spinlock *l)
{
	irq_atomic_store(&l->locked, 0u, memory_order_release);
}

static inline bool irq_spin_is_locked(struct irq_spinlock *l)
{
	return atomic_load_explicit(&l->locked, memory_order_relaxed) != 0u;
}

/*
 * The core built for size (-Os) calls one copy of irq_spin_lock_irqsave()
 * (core/desc.c) where each of its files would keep its own; its
 * internals.h asks for that (GENIRQ_SPIN_SHARED) before including this.
 * Everywhere else it is inline, and in that copy it is named
 * irq_spin_lock_irqsave_body. (The unlock is as short as its call.)
 */
#if defined(__OPTIMIZE_SIZE__) && defined(GENIRQ_SPIN_SHARED)
# define __irq_spin_shared(name)	name##_body
# define __irq_spin_inline		__irq_always_inline
unsigned long irq_spin_lock_irqsave(struct irq_spinlock *l);
#else
# define __irq_spin_shared(name)	name
# define __irq_spin_inline		inline
#endif

/*
 * A build for one CPU (GENIRQ_NR_CPUS 1): with local interrupts off
 * nothing else can run on it, and every taker of a lock that an interrupt
 * may take has them off (above), so the _irqsave forms leave the lock
 * word alone.
 */
#define IRQ_SPIN_UP	(GENIRQ_NR_CPUS == 1)

static __irq_spin_inline unsigned long
__irq_spin_shared(irq_spin_lock_irqsave)(struct irq_spinlock *l)
{
	unsigned long flags = port_irq_save();

	if (!IRQ_SPIN_UP)
		irq_spin_lock(l);
	return flags;
}

static inline void irq_spin_unlock_irqrestore(struct irq_spinlock *l,
					      unsigned long flags)
{
	if (!IRQ_SPIN_UP)
		irq_spin_unlock(l);
	port_irq_restore(flags);
}

#else /* C++ sees the layout only; the operations are for C code. */
struct irq_spinlock {
	unsigned int locked;
};
#endif

#endif /* GENIRQ_SPINLOCK_H */

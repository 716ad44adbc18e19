/* SPDX-License-Identifier: MIT */
/*
 * compiler.h - the only place genirq names compiler extensions.
 *
 * Everything else uses these macros, so a compiler without GNU attributes
 * needs changes here alone. The names carry an irq prefix because genirq
 * is embedded into kernels that define likely() and friends themselves.
 */
#ifndef GENIRQ_COMPILER_H
#define GENIRQ_COMPILER_H

#include <genirq/config.h>	/* the build's settings (GENIRQ_NR_CPUS, ...) */

#define GENIRQ_CACHELINE	64	/* bytes; the largest line of the ports we build */

#if defined(__GNUC__) || defined(__clang__)
# define irq_likely(x)			__builtin_expect(!!(x), 1)
# define irq_unlikely(x)		__builtin_expect(!!(x), 0)
# define __irq_weak			__attribute__((weak))
# define __irq_noinline			__attribute__((noinline))
# define __irq_always_inline		inline __attribute__((always_inline))
# define __irq_maybe_unused		__attribute__((unused))
# define __irq_printf(f, a)		__attribute__((format(printf, f, a)))
# define __irq_cacheline_aligned	__attribute__((aligned(GENIRQ_CACHELINE)))
# define irq_barrier()			__asm__ __volatile__("" ::: "memory")
/* Hide how @x was computed, so the compiler keeps it in one register. */
# define irq_opaque(x)			__asm__("" : "+r"(x))
#else
# define irq_likely(x)			(x)
# define irq_unlikely(x)		(x)
# define __irq_weak
# define __irq_noinline
# define __irq_always_inline		inline
# define __irq_maybe_unused
# define __irq_printf(f, a)
# define __irq_cacheline_aligned
# define irq_barrier()			((void)0)
# define irq_opaque(x)			((void)0)
#endif

/*
 * Build options are tested as C expressions (if (GENIRQ_ENABLED(x))), so
 * both branches compile in every configuration.
 */
#define GENIRQ_ENABLED(option)	(option)


#define GENIRQ_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/*
 * irq_atomic_store(obj, v, order): atomic_store_explicit(), for genirq's
 * own atomic scalars. GCC before 13 makes every atomic store on RISC-V an
 * AMO (amoswap, which takes no offset: an add first), where the ISA's
 * mapping of C11 (RVWMO, the ISA manual's table A.6) is a plain store
 * after a fence for release; GCC 13 emits that mapping. So there a
 * relaxed or release store is a volatile store of the same width, after
 * a release fence when it releases (GCC 12's is a full fence); a seq_cst
 * one stays the compiler's. Elsewhere it is atomic_store_explicit().
 * (riscv64's minimal core: 89 AMOs of stores, 158 bytes of text.)
 */
#ifndef __cplusplus
# if defined(__riscv) && defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 13
#  define irq_atomic_store(obj, v, order)						\
	do {										\
		if ((order) == memory_order_seq_cst) {					\
			atomic_store_explicit(obj, v, memory_order_seq_cst);		\
		} else {								\
			if ((order) != memory_order_relaxed)				\
				atomic_thread_fence(memory_order_release);		\
			*(volatile __typeof__(((void)0, *(obj))) *)(obj) = (v);		\
		}									\
	} while (0)
# else
#  define irq_atomic_store(obj, v, order)	atomic_store_explicit(obj, v, order)
# endif
#endif

#ifdef __cplusplus
# define GENIRQ_BEGIN_DECLS	extern "C" {
# define GENIRQ_END_DECLS	}
#else
# define GENIRQ_BEGIN_DECLS
# define GENIRQ_END_DECLS
#endif

#endif /* GENIRQ_COMPILER_H */

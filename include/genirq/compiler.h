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

#ifdef __cplusplus
# define GENIRQ_BEGIN_DECLS	extern "C" {
# define GENIRQ_END_DECLS	}
#else
# define GENIRQ_BEGIN_DECLS
# define GENIRQ_END_DECLS
#endif

#endif /* GENIRQ_COMPILER_H */

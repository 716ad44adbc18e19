/* SPDX-License-Identifier: MIT */
/*
 * compat.h - Linux's names for what genirq's headers name with a prefix,
 * and the 2004 flag names, for code that asks for them (genirq's own
 * .c files do). Never included by another public header, so an
 * embedder's kernel that has its own in_irq(), cpumask_* or E* keeps
 * them.
 */
#ifndef GENIRQ_COMPAT_H
#define GENIRQ_COMPAT_H

#include <genirq/cpumask.h>
#include <genirq/errno.h>
#include <genirq/hardirq.h>
#include <genirq/interrupt.h>

/* The 2004 flag names. */
#define SA_SHIRQ		IRQF_SHARED
#define SA_INTERRUPT		IRQF_DISABLED
#define SA_SAMPLE_RANDOM	IRQF_SAMPLE_RANDOM

/* Context (<genirq/hardirq.h>). */
#define in_irq()		irq_in_hardirq()
#define in_softirq()		irq_in_softirq()
#define in_nmi()		irq_in_nmi()
#define in_interrupt()		irq_in_interrupt()
#define hardirq_count()		irq_hardirq_count()
#define softirq_count()		irq_softirq_count()
#define preempt_disable		irq_preempt_disable
#define preempt_enable		irq_preempt_enable
#define PREEMPT_MASK		GENIRQ_PREEMPT_MASK
#define SOFTIRQ_MASK		GENIRQ_SOFTIRQ_MASK
#define HARDIRQ_MASK		GENIRQ_HARDIRQ_MASK
#define NMI_MASK		GENIRQ_NMI_MASK
#define PREEMPT_OFFSET		GENIRQ_PREEMPT_OFFSET
#define SOFTIRQ_OFFSET		GENIRQ_SOFTIRQ_OFFSET
#define HARDIRQ_OFFSET		GENIRQ_HARDIRQ_OFFSET
#define NMI_OFFSET		GENIRQ_NMI_OFFSET

/* CPU sets (<genirq/cpumask.h>, <genirq/proc.h>). */
#define CPUMASK_BITS_PER_LONG	GENIRQ_CPUMASK_BITS_PER_LONG
#define CPUMASK_LONGS		GENIRQ_CPUMASK_LONGS
#define cpumask_clear		irq_cpumask_clear
#define cpumask_set_cpu		irq_cpumask_set_cpu
#define cpumask_clear_cpu	irq_cpumask_clear_cpu
#define cpumask_test_cpu	irq_cpumask_test_cpu
#define cpumask_setall		irq_cpumask_setall
#define cpumask_empty		irq_cpumask_empty
#define cpumask_equal		irq_cpumask_equal
#define cpumask_and		irq_cpumask_and
#define cpumask_first		irq_cpumask_first
#define cpumask_next		irq_cpumask_next
#define cpumask_weight		irq_cpumask_weight
#define for_each_cpu		irq_for_each_cpu
#define cpumask_parse		irq_cpumask_parse
#define cpumask_parselist	irq_cpumask_parselist
#define cpumask_print		irq_cpumask_print
#define cpumask_print_list	irq_cpumask_print_list

/* Error numbers (<genirq/errno.h>), where the embedder has none. */
#ifndef ENOENT
# define ENOENT		GENIRQ_ENOENT
#endif
#ifndef EIO
# define EIO		GENIRQ_EIO
#endif
#ifndef ENOMEM
# define ENOMEM		GENIRQ_ENOMEM
#endif
#ifndef EBUSY
# define EBUSY		GENIRQ_EBUSY
#endif
#ifndef ENODEV
# define ENODEV		GENIRQ_ENODEV
#endif
#ifndef EINVAL
# define EINVAL		GENIRQ_EINVAL
#endif
#ifndef ENOSPC
# define ENOSPC		GENIRQ_ENOSPC
#endif
#ifndef ENOSYS
# define ENOSYS		GENIRQ_ENOSYS
#endif
#ifndef EOVERFLOW
# define EOVERFLOW	GENIRQ_EOVERFLOW
#endif
#ifndef EISDIR
# define EISDIR		GENIRQ_EISDIR
#endif
#ifndef EACCES
# define EACCES		GENIRQ_EACCES
#endif
#ifndef ENOTCONN
# define ENOTCONN	GENIRQ_ENOTCONN
#endif
#ifndef ENXIO
# define ENXIO		GENIRQ_ENXIO
#endif

#endif /* GENIRQ_COMPAT_H */

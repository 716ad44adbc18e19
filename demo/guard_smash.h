/* SPDX-License-Identifier: MIT */
/*
 * guard_smash.h - the kernel arguments "smash-irq-guard",
 * "smash-softirq-guard" and "smash-irq-nested" (make check-aarch64,
 * check-riscv64, check-ppc64): after the boot self-tests, overwrite the
 * top guard word of this CPU's hardirq or softirq stack, then take an
 * interrupt; or (smash-irq-nested) take an interrupt whose handler writes
 * its way down past the bottom of the hardirq stack and, interrupts on,
 * waits there for a tick. The port must end the run through its fatal
 * exit with its overflow report (each port's smash expect files name
 * it); for smash-irq-nested, at the tick's entry, before anything runs
 * on the overrun stack. A run that comes back from the interrupt, or
 * from the tick, fails with a message of its own.
 * Nothing here is on an interrupt path: a boot without these arguments
 * only tests for them once.
 */
#ifndef GENIRQ_DEMO_GUARD_SMASH_H
#define GENIRQ_DEMO_GUARD_SMASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What the smash needs of its port and kernel. */
struct guard_smash {
	void		(*write)(const char *text, size_t len);	/* the console */
	/* The top guard word of @cpu's hardirq or softirq stack. */
	volatile uint64_t *(*guard)(unsigned int cpu, bool softirq);
	/* An interrupt on this CPU whose handler raises a softirq and calls
	 * @in_handler (if not NULL) on the hardirq stack with interrupts on,
	 * returned from (the self-IPI of the irq-stack scenario). */
	void		(*interrupt)(void (*in_handler)(void));
	/* Wait until a tick has come in on this CPU, at most @ms: the ticks. */
	unsigned long	(*wait_tick)(unsigned int ms);
	__attribute__((noreturn)) void (*fail)(const char *why);	/* the port's fatal exit */
};

/*
 * Smash the guard that @bootargs name, if any. Return: only when they
 * name none; otherwise the run ends in @g's port or in @g->fail.
 */
void guard_smash(const char *bootargs, const struct guard_smash *g);

#endif /* GENIRQ_DEMO_GUARD_SMASH_H */

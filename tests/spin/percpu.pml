/*
 * percpu.pml - free_irq() of a per-CPU line against nested per-CPU
 * handlers, model-checked with spin. SPDX-License-Identifier: MIT
 *
 * CPU1 takes per-CPU line A; A's handler runs with interrupts on, so a
 * second per-CPU line B may nest inside it, any number of times up to a
 * bound. CPU0 frees A's handler. handle_percpu_irq() (core/flow.c) keeps
 * the CPU's nesting depth: each entry stores the value it found plus one
 * and puts back the value it found; irq_wait_idle() (core/manage.c)
 * returns once it sees each CPU at depth 0.
 * Checked: no handler of A runs after free_irq(A) returned; no deadlock.
 * Mutations (each must be caught): -DMUT_EXIT_ZERO (an exit stores 0,
 * not what its entry found), -DMUT_SEQ (the old odd/even count: entry
 * stores found+1, exit found+2, the waiter waits while odd and unchanged).
 */

#define NESTS	2

byte	depth;			/* irq_cpus[1].percpu_depth */
bool	installed = true;	/* A's action linked */
bool	freed;			/* free_irq(A) returned */

inline percpu_entry(n)
{
	atomic { n = depth; depth = n + 1 }
}

inline percpu_exit(n)
{
#if defined(MUT_EXIT_ZERO)
	depth = 0
#elif defined(MUT_SEQ)
	depth = n + 2
#else
	depth = n
#endif
}

/* B, nested inside A's handler on CPU1. */
inline nested_b()
{
	byte m;

	percpu_entry(m);
	skip;			/* B's handler */
	percpu_exit(m)
}

active proctype cpu1()
{
	byte n, k;
	bool act;

	percpu_entry(n);
	act = installed;
	if
	:: act ->
		assert(!freed);			/* A's handler starts */
		k = 0;
		do
		:: k < NESTS -> nested_b(); k++;
			assert(!freed)		/* A's handler still runs */
		:: break
		od;
		assert(!freed)			/* A's handler ends */
	:: else -> skip
	fi;
	percpu_exit(n)
}

active proctype freer()
{
	byte s;

	installed = false;		/* unlink under the lock */
#ifdef MUT_SEQ
	s = depth;
	do
	:: (s % 2 == 0) || depth != s -> break
	:: else -> skip
	od;
#else
	(depth == 0);			/* irq_wait_idle(): seen at depth 0 */
#endif
	freed = true
}

/*
 * grace.pml - a descriptor's grace period against a CPU that enters
 * hardirq context without a barrier, model-checked with spin.
 * SPDX-License-Identifier: MIT
 *
 * With GENIRQ_PORT_MEMBARRIER (core/internals.h, pc_hardirq_enter()) an
 * event raises its CPU's hardirq count with a plain store and looks its
 * line up at once: the store may still sit in the CPU's store buffer
 * when the lookup reads the table (x86 lets a load pass an earlier
 * store). The freer (core/grace.c, irq_desc_grace()) unpublishes the
 * descriptor, calls port_membarrier() (every other CPU executes a full
 * barrier: its buffered stores become visible), and only then waits for
 * each CPU to be seen outside hardirq context; then it frees. The same
 * shape is free_irq() of a per-CPU line (core/manage.c, irq_wait_idle():
 * the action unlinked, the barrier, each CPU's per-CPU depth seen 0)
 * against handle_percpu_irq() (the depth raised by a plain store, the
 * action read).
 *
 * Two events on the reader CPU, one unpublish-and-free on the writer.
 * The reader's stores go through a one-entry store buffer that drains
 * at any time, in order; its loads read memory. Checked: no event uses
 * a descriptor after it was freed; no deadlock. Mutations (each must be
 * caught): -DMUT_NO_BARRIER (the freer skips port_membarrier()),
 * -DMUT_NO_WAIT (it frees after the barrier without waiting).
 */

bool	published = true;	/* the table holds the descriptor */
bool	freed;
byte	pc;			/* the reader's hardirq count, as others see it */
bool	buffered;		/* a store of pc waits in the reader's buffer */
byte	buffered_pc;

/* The reader's store of its count: into the buffer (drained first if full). */
inline store_pc(v)
{
	atomic {
		if
		:: buffered -> pc = buffered_pc
		:: else -> skip
		fi;
		buffered_pc = v;
		buffered = true
	}
}

/* The store buffer drains at any time. */
active proctype drain()
{
end:	do
	:: atomic { buffered -> pc = buffered_pc; buffered = false }
	od
}

active proctype reader()
{
	byte n;
	bool d;

	for (n : 1 .. 2) {
		store_pc(1);		/* pc_hardirq_enter(): a plain store */
		d = published;		/* domain_desc(): may pass the store */
		if
		:: d -> assert(!freed);	/* the flow reads the descriptor */
			assert(!freed)
		:: else -> skip
		fi;
		store_pc(0)		/* pc_hardirq_exit(): release */
	}
}

active proctype writer()
{
	published = false;		/* unpublished (a full barrier follows) */
#ifndef MUT_NO_BARRIER
	/* port_membarrier(): the reader's CPU executes a full barrier. */
	atomic {
		if
		:: buffered -> pc = buffered_pc; buffered = false
		:: else -> skip
		fi
	}
#endif
#ifndef MUT_NO_WAIT
	(pc == 0);			/* seen outside hardirq context */
#endif
	freed = true
}

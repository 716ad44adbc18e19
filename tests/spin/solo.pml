/*
 * solo.pml - the solo pair against request_irq() and free_irq() on
 * another CPU, model-checked with spin. SPDX-License-Identifier: MIT
 *
 * A line starts with one plain action A and its pair (call, arg) = (A, A)
 * in the descriptor (struct irq_desc, core/internals.h). Two CPUs take
 * events: claim_quiet() takes INPROGRESS of a quiet line in one
 * compare-and-swap (never while the lock is held), the claimed path reads
 * the pair's call, then its argument, in two loads (core/flow.c,
 * run_solo(), from each flow's entry), or walks the chain when the call is clear; the release
 * gives INPROGRESS back lock-free or under the lock (claimed_finish()). A
 * driver requests a second action B, then frees A, or frees B, and frees
 * the last (core/manage.c): under the lock, install_desc() and
 * free_desc_action() clear the call, and write the pair of a line left
 * with one action only while INPROGRESS is clear (solo_pair()); otherwise
 * free_irq() writes it once it waited for the line (solo_settle()).
 * Checked: the pair is never read torn (a call with another action's
 * argument); no handler runs after its free_irq() returned; once
 * free_irq() left one action, the line has its pair; no deadlock.
 * Mutations (each must be caught): -DMUT_BUSY (the pair written while an
 * owner may be between its claim and its read), -DMUT_NO_WAIT (free_irq()
 * returns without waiting for the line).
 */

#define NONE	0
#define A	1
#define B	2

bool	lock;
bool	inprogress;
bool	quiet = true;		/* started, enabled: claims may succeed */
bool	linked[3];		/* linked[A], linked[B]: on the chain */
bool	freed[3];		/* free_irq() of it returned */
byte	pair_call = A, pair_arg = A;
bool	settle;			/* free_irq() owes the pair once idle */

inline lock_desc()	{ atomic { !lock -> lock = true } }
inline unlock_desc()	{ lock = false }

/* The handler @h runs: never after its free_irq() returned. */
inline handler(h)	{ assert(!freed[h]) }

inline pair_solo(h)
{
#ifndef MUT_BUSY
	if
	:: !inprogress -> pair_arg = h; pair_call = h
	:: else -> pair_call = NONE; settle = true
	fi
#else
	pair_arg = h; pair_call = h
#endif
}

/* irq_solo_update(): the pair of a line left with one action, when no owner can read it. */
inline solo_update()
{
	if
	:: linked[A] && !linked[B] -> pair_solo(A)
	:: linked[B] && !linked[A] -> pair_solo(B)
	:: else -> pair_call = NONE
	fi
}

/* irq_wait_idle(): spin on INPROGRESS without the lock, re-check under it. */
inline wait_idle_lock()
{
	do
	:: !inprogress ->
		lock_desc();
		if
		:: !inprogress -> break
		:: else -> unlock_desc()
		fi
	od
}

inline free_it(h)
{
	lock_desc();
	linked[h] = false;
	if
	:: !linked[A] && !linked[B] -> quiet = false; pair_call = NONE	/* disabled, shut down */
	:: else -> solo_update()
	fi;
	unlock_desc();
#ifndef MUT_NO_WAIT
	wait_idle_lock();
	if
	:: settle -> settle = false; solo_update()	/* solo_settle() */
	:: else -> skip
	fi;
	unlock_desc();
#endif
	freed[h] = true
}

proctype cpu()
{
	byte c, a;
end:	do
	:: atomic { !lock && quiet && !inprogress -> inprogress = true };	/* claim_quiet() */
		c = pair_call;
		if
		:: c != NONE ->
			a = pair_arg;
			assert(a == c);		/* never a torn pair */
			handler(c)
		:: else ->			/* the chain, as it is now */
			if
			:: linked[A] -> handler(A)
			:: else -> skip
			fi;
			if
			:: linked[B] -> handler(B)
			:: else -> skip
			fi
		fi;
		c = NONE; a = NONE;
		if
		:: atomic { !lock -> inprogress = false }	/* release_quiet() */
		:: lock_desc(); inprogress = false; unlock_desc()	/* claimed_finish() */
		fi
	od
}

proctype driver()
{
	lock_desc();
	linked[B] = true;		/* request_irq(B, IRQF_SHARED): no pair */
	pair_call = NONE;
	unlock_desc();
	if
	:: free_it(A); assert(pair_call == B && pair_arg == B); free_it(B)
	:: free_it(B); assert(pair_call == A && pair_arg == A); free_it(A)
	fi
}

init
{
	linked[A] = true;
	atomic { run cpu(); run cpu(); run driver() }
}

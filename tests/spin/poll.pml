/*
 * poll.pml - the stuck-line rule's disable and its poller against a
 * driver's own disable/enable, on a level line of an ack-style controller
 * (the level flow), model-checked with spin. SPDX-License-Identifier: MIT
 *
 * The rule has disabled the line (depth 1, its flag set, masked). The
 * driver disables and enables it, balanced, any number of times up to a
 * bound, and may once enable it on its own (which takes back the rule's
 * disable, as enable_irq() does); any of its enables may come while the
 * poller runs the line's handlers.
 * The poller (poll_line(), core/spurious.c) runs the handlers only when
 * the rule's count is the whole depth, and lets the line go (clears the
 * flag, gives back its one count) after a claim or at its back-off.
 * Checked when all are done: the depth is 0, the flag clear, the line
 * unmasked; at every step, DISABLED is depth > 0, a set flag holds one
 * count of the depth, and no poll starts on a line the driver disabled.
 * Mutations (each must be caught): -DMUT_FLAG_STAYS (the poll gives back
 * a count but leaves the flag set, as before), -DMUT_NO_REOPEN (nothing
 * reopens a line enabled while the poller ran it).
 */

#define DRIVER_OPS	2
#define POLLS		3

bool	lock;
byte	depth = 1;
bool	disabled = true, masked = true, inprogress, flag = true;
byte	driver_held;		/* the driver's own disables */
byte	done;

inline lock_desc()	{ atomic { !lock -> lock = true } }
inline unlock_desc()	{ lock = false }
inline check()		{ assert(disabled == (depth > 0)); assert(!flag || depth > driver_held) }

/* irq_enable_locked(): the last one reopens, unless a level run is in progress. */
inline enable_locked()
{
	if
	:: depth == 0 -> skip			/* unbalanced: reported */
	:: depth == 1 ->
		depth = 0; disabled = false; flag = false;	/* irq_spurious_forget() */
		if
		:: inprogress -> skip		/* the level flow reopens it */
		:: else -> masked = false
		fi
	:: depth > 1 -> depth--
	fi
}

active proctype driver()
{
	byte ops = 0;
	bool once;

	do
	:: !once ->	/* an enable of its own, which takes back the rule's disable */
		once = true;
		lock_desc(); enable_locked(); check(); unlock_desc()
	:: ops < DRIVER_OPS ->
		lock_desc(); depth++; disabled = true; masked = true; driver_held++; check(); unlock_desc();
		lock_desc(); driver_held--; enable_locked(); check(); unlock_desc();
		ops++
	:: else -> break
	od;
	done++
}

active proctype poller()
{
	byte polls = 0;
	bool claimed;

	do
	:: polls < POLLS ->
		lock_desc();
		if
		:: flag && !inprogress ->
			claimed = false;
			if
			:: depth == 1 ->
				assert(driver_held == 0);	/* no poll of a driver-disabled line */
				inprogress = true; unlock_desc();
				if :: claimed = true :: skip fi;	/* a handler may claim */
				lock_desc(); inprogress = false;
#ifndef MUT_NO_REOPEN
				if
				:: masked && !disabled -> masked = false
				:: else -> skip
				fi;
#endif
				skip
			:: else -> skip
			fi;
			if
			:: flag -> if
				   :: skip	/* claimed, or the back-off ran out */
				   :: !claimed -> goto next	/* back-off not yet */
				   fi;
#ifndef MUT_FLAG_STAYS
				   flag = false;
#endif
				   enable_locked()
			:: else -> skip	/* an enable_irq() let it go meanwhile */
			fi
		:: else -> skip
		fi;
next:		check();
		unlock_desc();
		polls++
	:: else -> break
	od;
	done++
}

/* When all are done and the rule was let go, the line is open. */
active proctype judge()
{
	done == 2;
	assert(driver_held == 0);
	if
	:: !flag -> assert(depth == 0 && !disabled && !masked)
	:: flag -> assert(depth == 1 && disabled)	/* the poller ran out of polls first */
	fi
}

/*
 * line.pml - genirq's line protocol for one line and 2 CPUs, model-checked
 * with spin. SPDX-License-Identifier: MIT
 *
 * What is modelled (docs/model.md maps each piece to the C code):
 *   cpu(k)   take the line from the controller (simpic_iack) and run its
 *            flow: handle_edge_irq (the lock-free claim of a quiet line,
 *            or edge_locked + run_pending_loop), or handle_level_irq
 *   driver   disable_irq_nosync / disable_irq (+ synchronize_irq) /
 *            enable_irq (+ irq_resend via the chip's retrigger) / free_irq
 *            (+ irq_wait_idle), in any order, any number up to a bound
 *   device   raises edges (lost while the controller masks the line, as
 *            SIMPIC_DROP_MASKED_EDGE) or asserts its level line
 *   -DMOVE   the driver also moves the line (irq_set_affinity() of a line
 *            moved from its own events): IRQS_MOVE_PENDING, which the
 *            lock-free claim and release test, and the move at the end
 *            of a locked edge flow that ran the handlers
 *            (irq_move_at_event(): masked window, unmask, retrigger)
 * Checked, in every interleaving:
 *   - no handler runs after free_irq returned;
 *   - no lost edge: when everything is quiet, an installed, enabled line
 *     owes its device nothing;
 *   - a level line's handler never runs with nothing asserted (no replay);
 *   - DISABLED is exactly depth > 0, and depth never goes below 0;
 *   - with MOVE: a move pending when an event was taken is done by the
 *     time everything is quiet (no lock-free event skips it), and its
 *     masked window loses no edge (the retrigger after it);
 *   - no deadlock (spin's invalid end states).
 * Build with -DLEVEL for the level variant.
 */

#define EDGES	2	/* events the device raises */
#define OPS	2	/* driver operations before the optional free */

/*
 * struct irq_desc, guarded by desc->lock. The lock is a bit of the state
 * word (IRQS_LOCKED), so the flows' compare-and-swap on the word succeeds
 * only while nobody holds it.
 */
bool	lock;
byte	depth;
bool	disabled, inprogress, pending, masked, replay;
bool	installed = true;	/* desc->action != NULL */
bool	movepending;		/* IRQS_MOVE_PENDING */
bool	move_seen;		/* an event was taken while a move was pending */
/* the driver */
bool	freed;			/* free_irq() returned */
/* the controller (simpic) */
bool	c_latched, c_asserted, c_masked, c_inservice;
/* the device */
byte	want;			/* events raised, not yet serviced */
bool	device_done;
byte	handlers_running;

inline lock_desc()	{ atomic { !lock -> lock = true } }
inline unlock_desc()	{ lock = false }

/* The chip primitives (controllers/simpic.c). */
inline chip_mask()	{ c_masked = true }
inline chip_unmask()	{ c_masked = false }
inline chip_ack()	{ c_inservice = false }	/* end_event() */
inline chip_retrigger()	{ c_latched = true }

/* irq_run_handlers(): the handler the flow saw under the lock. */
inline run_handlers(act)
{
	if
	:: act ->
		atomic {
			assert(!freed);			/* no handler after free */
#ifdef LEVEL
			assert(want > 0);		/* no replay of a level line */
#endif
			handlers_running++;
		}
		atomic {
			/* dev_handler(): service everything, drop the level line */
			want = 0;
#ifdef LEVEL
			c_asserted = false;
#endif
			handlers_running--
		}
	:: else -> skip
	fi
}

inline check_depth()	{ assert(disabled == (depth > 0)) }

/*
 * irq_move_at_event(), under the lock at the end of the locked flow: a
 * line not masked is masked around the chip's set_affinity (the device's
 * edges meanwhile are dropped), unmasked, and sent one event.
 */
inline move_at_event()
{
	if
	:: movepending ->
		movepending = false; move_seen = false;
		if
		:: !masked ->
			chip_mask();
			chip_unmask();
#ifndef MUT_MOVE_NO_REPLAY
			chip_retrigger()
#endif
		:: else -> skip
		fi
	:: else -> skip
	fi
}

#ifdef MUT_MOVE_CLAIM
#define MOVE_BLOCKS_CLAIM	true
#else
#define MOVE_BLOCKS_CLAIM	!movepending
#endif

#ifndef LEVEL
/* edge_locked() with run_pending_loop(): every event on a line that is not quiet */
inline edge_locked(act)
{
	lock_desc();
	replay = false;
	act = installed;
	if
	:: (!act || disabled || inprogress) ->
		pending = true; masked = true;
		chip_mask(); chip_ack();
		unlock_desc()
	:: else ->
		chip_ack();
		inprogress = true;
		do
		:: if
		   :: (pending && masked && !disabled) -> chip_unmask(); masked = false
		   :: else -> skip
		   fi;
		   pending = false;
		   unlock_desc();
		   run_handlers(act);
		   lock_desc();
		   act = installed;
		   if
		   :: (pending && !disabled && act) -> skip
		   :: else -> break
		   fi
		od;
		if
		:: (!installed && !masked) -> chip_mask(); masked = true
		:: else -> skip
		fi;
		inprogress = false;
		move_at_event();
		unlock_desc()
	fi
}

/*
 * handle_edge_irq(): claim_quiet() takes INPROGRESS of a quiet line (the
 * lock free, nothing disabled, pending, masked or replayed) in one
 * compare-and-swap; release_quiet() gives it back the same way if the
 * word is still as claimed. Either may also fail for any other reason
 * (the choice of "true" below): the locked paths must cope.
 */
inline flow(act)
{
	if
	:: atomic {
		!lock && !disabled && !inprogress && !pending && !masked && !replay &&
		MOVE_BLOCKS_CLAIM ->
		inprogress = true
	   };
		act = installed;
		if
		:: !act ->		/* unclaim(): free_irq() won; edge_locked() sees to it */
			lock_desc(); inprogress = false; unlock_desc();
			edge_locked(act)
		:: else ->
			chip_ack();
			run_handlers(act);
			if
			:: atomic {
				!lock && !disabled && !pending && !masked && !replay &&
				MOVE_BLOCKS_CLAIM ->
				inprogress = false
			   }
			:: true ->	/* edge_finish(): finish_locked() and edge_tail() */
				lock_desc();
				act = installed;
				do
				:: (pending && !disabled && act) ->
					if
					:: masked -> chip_unmask(); masked = false
					:: else -> skip
					fi;
					pending = false;
					unlock_desc();
					run_handlers(act);
					lock_desc();
					act = installed
				:: else -> break
				od;
				if
				:: (!installed && !masked) -> chip_mask(); masked = true
				:: else -> skip
				fi;
				inprogress = false;
				move_at_event();
				unlock_desc()
			fi
		fi
	:: true -> edge_locked(act)
	fi
}
#else
/* handle_level_irq() */
inline flow(act)
{
	lock_desc();
	replay = false;
	chip_mask(); chip_ack();
	masked = true;
	act = installed;
	if
	:: (!act || disabled || inprogress) ->
		pending = true;
		unlock_desc()
	:: else ->
		inprogress = true;
		unlock_desc();
		run_handlers(act);
		lock_desc();
		inprogress = false; pending = false;
		if
		:: !disabled -> chip_unmask(); masked = false
		:: else -> skip
		fi;
		unlock_desc()
	fi
}
#endif

proctype cpu()
{
	bool act;
end:	do
	:: atomic {	/* simpic_iack(): a deliverable line */
		(c_latched || c_asserted) && !c_masked && !c_inservice ->
		c_latched = false; c_inservice = true;
		move_seen = move_seen || movepending
	   };
	   flow(act)
	od
}

/* disable_irq_nosync() -> irq_disable_locked(): lazy for edge lines */
inline disable_nosync()
{
	lock_desc();
	depth++;
	if
	:: depth == 1 ->
		disabled = true;
#ifdef LEVEL
		chip_mask(); masked = true;
#endif
		skip
	:: else -> skip
	fi;
	check_depth();
	unlock_desc()
}

/* synchronize_irq() -> irq_wait_idle() */
inline wait_idle()
{
	do
	:: !inprogress ->
		lock_desc();
		if
		:: !inprogress -> unlock_desc(); break
		:: else -> unlock_desc()
		fi
	od
}

/* enable_irq() -> irq_enable_locked() -> irq_desc_enable(), irq_resend() */
inline enable()
{
	lock_desc();
	if
	:: depth == 0 -> skip		/* unbalanced: reported, stays 0 */
	:: depth == 1 ->
		depth = 0; disabled = false;
		if
#ifdef LEVEL
		:: inprogress -> skip	/* the running flow reopens it */
		:: !inprogress && installed -> chip_unmask(); masked = false
#else
		:: installed -> chip_unmask(); masked = false
#endif
		:: !installed -> skip	/* (startup of an unused line) */
		fi;
		if
		:: pending ->
#ifdef LEVEL
			pending = false	/* never replayed */
#else
			if
			:: !replay -> replay = true; chip_retrigger()
			:: else -> skip
			fi
#endif
		:: else -> skip
		fi
	:: depth > 1 -> depth--
	fi;
	check_depth();
	unlock_desc()
}

#ifdef MOVE
/* irq_set_affinity() of a started line moved from its own events */
inline move_it()
{
	lock_desc();
	if
	:: installed -> movepending = true; move_seen = false
	:: else -> skip
	fi;
	unlock_desc()
}
#endif

/* free_irq(): unlink, shut the line down (last handler), wait, return */
inline free_it()
{
	lock_desc();
	installed = false;
	disabled = true; depth = 1;
	pending = false; replay = false;
	movepending = false; move_seen = false;
	chip_mask(); masked = true;		/* irq_desc_shutdown() */
	check_depth();
	unlock_desc();
	wait_idle();
	freed = true
}

proctype driver()
{
	byte ops;
	do
	:: ops < OPS -> ops++;
		if
		:: disable_nosync()
		:: disable_nosync(); wait_idle()	/* disable_irq() */
		fi;
		enable()
	:: ops < OPS -> ops++; enable()		/* unbalanced */
	:: ops < OPS -> ops++; disable_nosync()	/* left disabled: enabled at the end */
#ifdef MOVE
	:: ops < OPS -> ops++; move_it()
#endif
	:: break
	od;
	if
	:: free_it()
	:: skip
	fi;
	/* The end: a driver that is done leaves the line enabled. */
	do
	:: installed && depth > 0 -> enable()
	:: else -> break
	od;
	/* Everything quiet: nothing deliverable, nothing running. */
	atomic {
		device_done && !lock && !inprogress && !c_inservice &&
		!((c_latched || c_asserted) && !c_masked) ->
		assert(!installed || want == 0);	/* no lost edge */
		assert(!move_seen)		/* no event skipped a pending move */
	}
}

proctype device()
{
#ifndef LEVEL
	byte n;
	do
	:: n < EDGES -> n++;
		atomic {
			want++;
			if
			:: c_masked -> skip	/* dropped while masked */
			:: else -> c_latched = true
			fi
		}
	:: n == EDGES -> break
	od;
#else
	/* asserted until its handler services it; then once more */
	atomic { want = 1; c_asserted = true };
	(want == 0 || freed);
	if
	:: atomic { !freed -> want = 1; c_asserted = true }
	:: freed -> skip
	fi;
#endif
	device_done = true
}

init
{
	atomic {
		run cpu(); run cpu(); run driver(); run device()
	}
}

/*
 * oneshot.pml - an IRQF_ONESHOT level line and the threads of its two
 * threaded actions, model-checked with spin. SPDX-License-Identifier: MIT
 *
 * What is modelled (the C code it follows):
 *   cpu(k)     take the line from the controller and run its flow:
 *              handle_level_irq() masks and acks, runs the primaries (both
 *              only wake their threads: irq_thread_wake()), and ends with
 *              oneshot_end(), which reopens the line only when no thread
 *              bit is set (irq_oneshot_unmask())
 *   thread(i)  irq_thread_handle(): takes its wake-up (RUNTHREAD), runs
 *              the thread function (the first one to run services the
 *              device and lowers its level), then finish_oneshot(): waits
 *              while a flow runs the line, drops its bit of
 *              threads_oneshot unless it was woken again, and reopens the
 *              line if that was the last bit
 *   device     asserts its level line until a thread services it, twice
 *   driver     disable_irq_nosync() and enable_irq() (which leaves a line
 *              masked while a thread bit is set), or nothing
 * Checked, in every interleaving:
 *   - the line is masked at the controller while a woken thread has not
 *     returned (its wake-up pending, its run not finished, its bit set);
 *   - no assertion is lost: when everything is quiet the device is owed
 *     nothing, and nothing waits forever (spin's invalid end states: a
 *     device left asserted behind a line nobody reopens);
 *   - DISABLED is exactly depth > 0.
 * Hand mutations that must be caught (tests/spin/check.sh):
 *   -DMUT_FLOW_END  the flow's end reopens the line whatever the bits
 *   -DMUT_FINISH    a thread's finish reopens it whatever the other bits
 *   -DMUT_NO_REOPEN a thread's finish never reopens it (the assertion
 *                   that follows is never serviced)
 * (irq_wake_thread(), which wakes a thread without setting its bit, is
 * not modelled: the first check is about the bits a delivery set.)
 */

#define ASSERTS	2	/* times the device asserts its line */

/* struct irq_desc, guarded by desc->lock */
bool	lock;
byte	depth;
bool	disabled, inprogress, pending, masked;
byte	threads_oneshot;	/* bit i: action i's thread woken, not returned */
/* the controller (simpic, level line) */
bool	c_asserted, c_masked, c_inservice;
/* the device */
byte	want;			/* asserted, not yet serviced */
bool	device_done;
/* the threads: IRQTF_RUNTHREAD, on a runner's queue, in a run */
bool	runthread[2], queued[2], inrun[2];

inline lock_desc()	{ atomic { !lock -> lock = true } }
inline unlock_desc()	{ lock = false }

inline chip_mask()	{ c_masked = true }
inline chip_unmask()	{ c_masked = false }

inline check_depth()	{ assert(disabled == (depth > 0)) }

/* irq_oneshot_unmask(): under the lock; the last thread bit reopens. */
inline oneshot_unmask()
{
	if
	:: (masked && !disabled && !inprogress && threads_oneshot == 0) ->
		chip_unmask(); masked = false
	:: else -> skip
	fi
}

/*
 * irq_thread_wake(): RUNTHREAD (a wake-up that finds it set merges), the
 * ONESHOT bit, then the runner's queue; each its own atomic step.
 */
inline wake(i)
{
	if
	:: atomic { !runthread[i] -> runthread[i] = true };
		threads_oneshot = threads_oneshot | (1 << i);
		queued[i] = true
	:: atomic { runthread[i] -> skip }
	fi
}

/* handle_level_irq() on a ONESHOT line */
inline flow()
{
	lock_desc();
	chip_mask(); c_inservice = false;	/* mask, ack */
	masked = true;
	if
	:: (disabled || inprogress) ->
		pending = true;
		unlock_desc()
	:: else ->
		inprogress = true;
		unlock_desc();
		/* the primaries: each only wakes its thread */
		wake(0);
		wake(1);
		lock_desc();
		inprogress = false; pending = false;
		/* oneshot_end() */
		if
#ifdef MUT_FLOW_END
		:: (masked && !disabled) -> chip_unmask(); masked = false
#else
		:: (masked && !disabled && threads_oneshot == 0) -> chip_unmask(); masked = false
#endif
		:: else -> skip
		fi;
		unlock_desc()
	fi
}

proctype cpu()
{
end:	do
	:: atomic {	/* simpic_iack(): a deliverable line */
		c_asserted && !c_masked && !c_inservice -> c_inservice = true
	   };
	   flow()
	od
}

/* irq_thread_handle() and finish_oneshot() */
proctype thread(byte i)
{
end:	do
	:: atomic { queued[i] -> queued[i] = false };
		if
		:: atomic { runthread[i] -> runthread[i] = false; inrun[i] = true };
			/* the thread function: the device is serviced, its line drops */
			atomic { want = 0; c_asserted = false };
			/* finish_oneshot(): wait while a flow runs the line */
			do
			:: lock_desc();
				if
				:: !inprogress -> break
				:: else -> unlock_desc()
				fi
			od;
			if
			:: !runthread[i] ->
				threads_oneshot = threads_oneshot & ~(1 << i);
				inrun[i] = false;
#if defined(MUT_FINISH)
				if
				:: (masked && !disabled && !inprogress) -> chip_unmask(); masked = false
				:: else -> skip
				fi
#elif defined(MUT_NO_REOPEN)
				skip
#else
				oneshot_unmask()
#endif
			:: else -> inrun[i] = false	/* woken again: the bit stays */
			fi;
			unlock_desc()
		:: atomic { !runthread[i] -> skip }	/* merged into the run before */
		fi
	od
}

/* disable_irq_nosync() -> irq_disable_locked(): a level line is masked */
inline disable_nosync()
{
	lock_desc();
	depth++;
	if
	:: depth == 1 -> disabled = true; chip_mask(); masked = true
	:: else -> skip
	fi;
	check_depth();
	unlock_desc()
}

/* enable_irq() -> irq_enable_locked(): stays_masked() for the threads */
inline enable()
{
	lock_desc();
	if
	:: depth == 0 -> skip
	:: depth == 1 ->
		depth = 0; disabled = false;
		if
		:: (inprogress || threads_oneshot != 0) -> skip
		:: else -> chip_unmask(); masked = false
		fi;
		pending = false		/* a level line is never replayed */
	:: depth > 1 -> depth--
	fi;
	check_depth();
	unlock_desc()
}

proctype driver()
{
	if
	:: disable_nosync(); enable()
	:: skip
	fi;
	/* Everything quiet: nothing deliverable, no thread to run. */
	atomic {
		device_done && !lock && !inprogress && !c_inservice &&
		!(c_asserted && !c_masked) &&
		!runthread[0] && !runthread[1] && !queued[0] && !queued[1] &&
		!inrun[0] && !inrun[1] ->
		assert(want == 0)		/* no lost assertion */
	}
}

proctype device()
{
	byte n;
	do
	:: n < ASSERTS -> n++;
		atomic { want = 1; c_asserted = true };
		want == 0		/* until a thread serviced it */
	:: n == ASSERTS -> break
	od;
	device_done = true
}

/* Masked while a woken thread has not returned, in every state. */
proctype monitor()
{
end:	atomic {
		(runthread[0] || runthread[1] || inrun[0] || inrun[1] || threads_oneshot != 0) &&
		!c_masked ->
		assert(c_masked)	/* masked until the last woken thread returned */
	}
}

init
{
	atomic {
		run cpu(); run cpu(); run thread(0); run thread(1);
		run driver(); run device(); run monitor()
	}
}

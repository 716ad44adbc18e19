/*
 * runner.pml - the core's thread runner (core/thread.c) on one CPU with
 * two tasks, model-checked with spin. SPDX-License-Identifier: MIT
 *
 * Three threaded lines, A, B and C, one thread each. Task X is the idle loop:
 * irq_threads_run() takes a queued thread that no task runs (marking it
 * RUNNING in the same step, take_thread()) and runs it. A's thread
 * function is woken again by its device while it runs, and waits for
 * B's threads (synchronize_irq(B)) holding a driver's lock that C's
 * thread function takes; a wait runs only the threads it waits for that
 * no task runs (wait_step()). Task Y, switched in on the
 * same CPU while A's thread function waits, frees A (free_irq(): unlink,
 * wait until A's thread is idle, running the thread itself if it can,
 * then free). Each run is noted in its task's record, so Y is not taken
 * for A's thread.
 * Checked: a thread function never runs inside itself, never after its
 * free_irq() returned; no deadlock (a wait that ran C's thread inside
 * A's would wait for the lock A holds).
 * Mutations (each must be caught): -DMUT_NEST (a take ignores RUNNING:
 * the runner may start a thread that runs already), -DMUT_ANY (a wait
 * runs every queued thread, as irq_threads_run() would, not only those
 * it waits for), -DMUT_PER_CPU (the runner's current thread is per CPU:
 * Y is taken for A's thread and its free_irq() does not wait).
 */

#define A	0
#define B	1
#define C	2
#define NONE	3

bool	runthread[3], running[3], queued[3];
byte	nactive[3];	/* threads woken or running, per line */
bool	inrun[3];	/* the thread function is executing */
bool	unlinked[3];	/* free_irq() took the action off the line */
bool	freed[3];	/* free_irq() returned */
bool	drv_lock;	/* a driver's lock, held by A's thread across its wait */

inline lock_drv()	{ atomic { !drv_lock -> drv_lock = true } }
inline unlock_drv()	{ drv_lock = false }

/* irq_thread_wake(): woken once until started; queued once. */
inline wake(t)
{
	atomic {
		if
		:: !unlinked[t] && !runthread[t] ->
			runthread[t] = true;
			nactive[t]++;
			queued[t] = true
		:: else -> skip
		fi
	}
}

/* take_thread(): a queued thread the caller wants, RUNNING in the same step. */
inline take(want, got)
{
	atomic {
		if
		:: queued[A] && (want == A || want == NONE) &&
#ifdef MUT_NEST
		   true ->
#else
		   !running[A] ->
#endif
			got = A
		:: queued[B] && (want == B || want == NONE) &&
#ifdef MUT_NEST
		   true ->
#else
		   !running[B] ->
#endif
			got = B
		:: queued[C] && (want == C || want == NONE) &&
#ifdef MUT_NEST
		   true ->
#else
		   !running[C] ->
#endif
			got = C
		:: else -> got = NONE
		fi;
		if
		:: got != NONE -> running[got] = true; queued[got] = false
		:: else -> skip
		fi
	}
}

/* The start and the end of one run of @t's thread function. */
inline run_start(t, ok)
{
	atomic {
		if
		:: runthread[t] ->
			runthread[t] = false;
			assert(!inrun[t]);	/* never inside itself */
			assert(!freed[t]);	/* never after its free_irq() */
			inrun[t] = true;
			ok = true
		:: else -> running[t] = false; ok = false
		fi
	}
}

inline run_end(t)
{
	atomic {
		assert(!freed[t]);
		inrun[t] = false;
		running[t] = false;
		nactive[t]--
	}
}

/* A run inside a wait: B's thread function is short, C's takes the
 * driver's lock; A's (a mutant's) is cut short. */
inline run_inner(t)
{
	run_start(t, ok2);
	if
	:: ok2 ->
		if
		:: t == C -> lock_drv(); unlock_drv()
		:: else -> skip
		fi;
		run_end(t)
	:: else -> skip
	fi
}

/*
 * A's thread function: woken again meanwhile, then synchronize_irq(B)
 * with the driver's lock held (as Linux allows: B's thread does not take
 * it).
 */
inline a_body()
{
	lock_drv();
	wake(A);
	do
	:: nactive[B] == 0 -> break
	:: else ->
#ifdef MUT_ANY
		take(NONE, got2);
#else
		take(B, got2);
#endif
		if
		:: got2 != NONE -> run_inner(got2)
		:: else -> skip
		fi
	od;
	assert(!freed[A]);
	unlock_drv()
}

/* The run of a taken thread by task @who (X or Y), noted in its record. */
#define X	0
#define Y	1
byte	task_runs[6];	/* task_runs[who * 3 + t]: runs of t in who's record */

inline run_outer(t, who)
{
	run_start(t, ok);
	if
	:: ok ->
		task_runs[who * 3 + t]++;
		if
		:: t == A -> a_body()
		:: t == C -> lock_drv(); unlock_drv()
		:: else -> skip
		fi;
		task_runs[who * 3 + t]--;
		run_end(t)
	:: else -> skip
	fi
}

proctype devices()
{
	wake(B);
	wake(C)
}

/* Task X: the idle loop's irq_threads_run(), three runs at most. */
proctype task_x()
{
	byte got, got2, n;
	bool ok, ok2;

	do
	:: n < 3 ->
		take(NONE, got);
		if
		:: got != NONE -> run_outer(got, X)
		:: else -> skip
		fi;
		n++
	:: else -> break
	od
}

/* Task Y on the same CPU: free_irq(A). */
proctype task_y()
{
	byte got, got2;
	bool ok, ok2;

	unlinked[A] = true;
#ifdef MUT_PER_CPU
	/* one record per CPU: X's run of A is taken for Y's own */
	if
	:: task_runs[X * 3 + A] > 0 -> goto done
	:: else -> skip
	fi;
#endif
	do
	:: !runthread[A] && !running[A] && !queued[A] -> break
	:: else ->
		take(A, got);
		if
		:: got != NONE -> run_outer(got, Y)
		:: else -> skip
		fi
	od;
done:
	freed[A] = true
}

init {
	wake(A);
	atomic {
		run task_x();
		run task_y();
		run devices()
	}
}

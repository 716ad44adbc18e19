// SPDX-License-Identifier: MIT
/*
 * thread.c - threaded handlers: the primary in hardirq context wakes a
 * thread that does the work in process context.
 *
 * A threaded action's flows call irq_thread_primary() with the action
 * (its call and call_arg), so the event path of plain actions does not
 * change. When the primary returns IRQ_WAKE_THREAD the action's thread
 * is woken: RUNTHREAD is set (wake-ups that find it set merge into the
 * run to come), the line's count of active threads goes up, and on an
 * IRQF_ONESHOT line the action's bit in threads_oneshot keeps the line
 * masked until the thread has returned (irq_thread_finish()).
 *
 * Threads belong to the port (port_irq_thread_create()). A port without
 * threads leaves them to the runner here: a woken thread goes on the
 * queue of a CPU of the line's effective affinity (moved when that CPU
 * goes offline), and runs in one of two places only, both in process
 * context with local interrupts on:
 *  - irq_threads_run(), which the port calls from its idle loop: it runs
 *    the queue, but never from inside a thread function (runs never
 *    nest there);
 *  - a wait for threads (synchronize_irq(), disable_irq(), free_irq()):
 *    the waiter runs the very threads it waits for, as a task that waits
 *    would lend them its time: queued on its CPU first, else on any
 *    other (that CPU's runner may be a thread function waiting for one
 *    queued here: two such waits would otherwise wait for each other);
 *    never another line's, and the waiter holds no read section
 *    meanwhile (manage.c), so a thread function may free descriptors.
 * Neither starts a thread that some task runs already: its next run waits
 * on the queue until this one ends, so a run never nests in itself. Each
 * run is noted in its task's record (port_irq_task(), or the CPU's), so
 * another task switched in on the CPU is never taken for the thread.
 */
#include "internals.h"
#include "trace_points.h"

GENIRQ_FEATURE_SOURCE(GENIRQ_THREADS, "THREADS");

atomic_bool irq_forced_threading;

void irq_force_threading(bool on)
{
	atomic_store(&irq_forced_threading, on);
}

void irq_thread_set_port_data(struct irq_thread *t, void *data)
{
	t->port_data = data;
}

void *irq_thread_port_data(struct irq_thread *t)
{
	return t->port_data;
}

/*
 * The CPU a thread woken from process context runs on: the caller's if
 * the line is routed there, else the first the line is routed to. Caller
 * holds desc->lock. (A primary wakes its thread on the CPU it runs on,
 * which the line is routed to.)
 */
static unsigned int thread_cpu(struct irq_desc *desc)
{
	unsigned int cpu = port_cpu_id();
	unsigned int first;

	if (cpumask_test_cpu(cpu, &desc->data.effective))
		return cpu;
	first = cpumask_first(&desc->data.effective);
	return first < port_nr_cpus() ? first : cpu;
}

/* Put @t, marked QUEUED, at the tail of @c's queue. */
static void append_thread(struct irq_cpu *c, struct irq_thread *t)
{
	unsigned long flags = irq_spin_lock_irqsave(&c->thread_lock);

	t->next = NULL;
	if (c->thread_tail)
		c->thread_tail->next = t;
	else
		c->thread_head = t;
	c->thread_tail = t;
	irq_spin_unlock_irqrestore(&c->thread_lock, flags);
}

/* The core's runner: put @t at the tail of @cpu's queue, once. */
static void queue_thread(struct irq_thread *t, unsigned int cpu)
{
	if (atomic_fetch_or(&t->flags, (unsigned int)IRQTF_QUEUED) & IRQTF_QUEUED)
		return;		/* still queued: it will see RUNTHREAD */
	append_thread(&irq_cpus[cpu], t);
}

/* Let @t, just marked woken, run on @cpu (or on the CPU it was given). */
static __irq_always_inline void start_thread(struct irq_thread *t, unsigned int cpu)
{
	/* A thread given a CPU at request time runs there while it is online. */
	if (t->cpu != IRQ_THREAD_CPU_LINE && cpumask_test_cpu((unsigned int)t->cpu,
							      irq_cpu_online_mask()))
		cpu = (unsigned int)t->cpu;
	if (t->port_thread)
		port_irq_thread_wake(t, cpu);
	else
		queue_thread(t, cpu);
}

/* Wake the thread of @action on @cpu, without the ONESHOT mask. */
static void wake_thread(struct irqaction *action, unsigned int cpu)
{
	struct irq_thread *t = action->thread;
	struct irq_desc *desc = t->desc;

	if (atomic_fetch_or(&t->flags, (unsigned int)IRQTF_RUNTHREAD) & IRQTF_RUNTHREAD)
		return;		/* woken already, not started: one run serves both */
	atomic_fetch_add(&desc->threads_active, 1u);
	atomic_fetch_add_explicit(&t->wakeups, 1UL, memory_order_relaxed);
	start_thread(t, cpu);
}

void irq_thread_wake_nested(struct irqaction *action)
{
	struct irq_thread *t = action->thread;
	struct irq_desc *desc = t->desc;

	desc_assert_locked(desc);
	if (atomic_fetch_or(&t->flags, (unsigned int)IRQTF_NESTED) & IRQTF_NESTED)
		return;		/* not started yet: its replays look at every line */
	atomic_fetch_add(&desc->threads_active, 1u);
	start_thread(t, thread_cpu(desc));
}

/*
 * A delivery's wake-up: on a ONESHOT line the action's bit keeps the line
 * masked until the run to come has returned, also when the wake-up merges
 * into one pending from irq_wake_thread(), which takes no bit.
 */
void irq_thread_wake(struct irqaction *action, unsigned int cpu)
{
	if (action->flags & IRQF_ONESHOT)
		atomic_fetch_or(&action->thread->desc->threads_oneshot, action->thread_mask);
	wake_thread(action, cpu);
}

irqreturn_t irq_thread_primary(int irq, void *arg)
{
	struct irqaction *action = arg;
	irqreturn_t ret = IRQ_WAKE_THREAD;

	if (action->handler)
		ret = action->handler(irq, action->dev_id);
	if (ret == IRQ_WAKE_THREAD)
		irq_thread_wake(action, port_cpu_id());
	return ret;
}

void irq_wake_thread(unsigned int irq, void *dev_id)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(irq, &rd);
	struct irqaction *a;
	unsigned long flags;

	if (!desc)
		return;
	flags = desc_lock_irqsave(desc);
	for (a = desc_action(desc); a; a = atomic_load_explicit(&a->next, memory_order_relaxed))
		if (a->dev_id == dev_id) {
			if (a->thread)
				wake_thread(a, thread_cpu(desc));
			break;
		}
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
}


/*
 * The thread of @action returned: drop its bit of the ONESHOT mask and
 * reopen the line if it was the last. A flow running the line meanwhile
 * decides the unmask itself when it ends, so wait for it (it runs on
 * another CPU, or it has interrupted us and is done). A wake-up that came
 * since the thread started keeps the bit for the run to come.
 */
static void finish_oneshot(struct irq_desc *desc, struct irqaction *action)
{
	unsigned long flags;

	for (;;) {
		flags = desc_lock_irqsave(desc);
		if (!(desc_state(desc) & IRQS_INPROGRESS))
			break;
		desc_unlock_irqrestore(desc, flags);
		port_cpu_relax();
	}
	if (!(atomic_load(&action->thread->flags) & IRQTF_RUNTHREAD)) {
		atomic_fetch_and(&desc->threads_oneshot, ~action->thread_mask);
		irq_oneshot_unmask(desc);
	}
	desc_unlock_irqrestore(desc, flags);
}

/* The calling task's record (port_irq_task(), or this CPU's). */
static struct irq_task *this_task(void)
{
	struct irq_task *task = port_irq_task();

	return task ? task : &irq_this_cpu()->task;
}

/*
 * @t was woken for the replays of the nested lines its thread function
 * demultiplexes: they run here, as their events would have (the thread
 * function itself does not run for them).
 */
static __irq_noinline void thread_run_nested(struct irq_thread *t, struct irq_task *task)
{
	irq_assert(!in_interrupt() && !port_irqs_disabled());
	if (task) {
		t->runner_prev = task->thread;
		task->thread = t;
	}
	irq_nested_replay(t->desc);
	if (task)
		task->thread = t->runner_prev;
	atomic_fetch_sub_explicit(&t->desc->threads_active, 1u, memory_order_release);
}

/*
 * Run @t, marked RUNNING by the caller, if it is woken. @task: the
 * runner's task, noted for the run; NULL for a port's thread.
 */
static void thread_run(struct irq_thread *t, struct irq_task *task)
{
	struct irqaction *action = t->action;
	struct irq_desc *desc = t->desc;
	unsigned int woken;
	irqreturn_t ret;

	woken = atomic_fetch_and(&t->flags, ~(unsigned int)(IRQTF_RUNTHREAD | IRQTF_NESTED));
	if (irq_unlikely(woken & IRQTF_NESTED))
		thread_run_nested(t, task);
	if (!(woken & IRQTF_RUNTHREAD)) {
		atomic_fetch_and(&t->flags, ~(unsigned int)IRQTF_RUNNING);
		return;
	}
	irq_assert(!in_interrupt() && !port_irqs_disabled());
	if (task) {
		t->runner_prev = task->thread;
		task->thread = t;
	}
	irq_atomic_store(&t->last_cpu, port_cpu_id(), memory_order_relaxed);
	trace_irq(desc, THREAD_ENTRY, 0, action->name);
	ret = action->thread_fn((int)desc->data.irq, action->dev_id);
	trace_irq(desc, THREAD_EXIT, ret, action->name);
	if (task)
		task->thread = t->runner_prev;
	if (ret == IRQ_HANDLED)
		atomic_fetch_add(&desc->threads_handled, 1u);
	else if (ret != IRQ_NONE && irq_take_report())
		irq_log("irq %u: thread \"%s\" returned %u, not IRQ_HANDLED or IRQ_NONE",
			desc->data.irq, t->name, (unsigned int)ret);
	atomic_fetch_add_explicit(&t->runs, 1UL, memory_order_relaxed);
	if (action->flags & IRQF_ONESHOT)
		finish_oneshot(desc, action);
	atomic_fetch_and_explicit(&t->flags, ~(unsigned int)IRQTF_RUNNING, memory_order_release);
	atomic_fetch_sub_explicit(&desc->threads_active, 1u, memory_order_release);
}

void irq_thread_handle(struct irq_thread *t)
{
	atomic_fetch_or(&t->flags, (unsigned int)IRQTF_RUNNING);
	thread_run(t, NULL);
}

/*
 * Take off @cpu's queue the first thread that no task runs now and that
 * the caller wants (@only, or any of @desc's, or any when both are NULL),
 * and mark it RUNNING in the same step, so no other runner starts it
 * before this run ends. A thread some task runs stays queued: its next
 * run waits for this one. NULL when none is left.
 */
static struct irq_thread *take_thread(unsigned int cpu, const struct irq_desc *desc,
				      const struct irq_thread *only)
{
	struct irq_cpu *c = &irq_cpus[cpu];
	struct irq_thread *t, *prev = NULL;
	unsigned long flags = irq_spin_lock_irqsave(&c->thread_lock);

	for (t = c->thread_head; t; prev = t, t = t->next) {
		if ((only && t != only) || (desc && t->desc != desc))
			continue;
		if (atomic_fetch_or(&t->flags, (unsigned int)IRQTF_RUNNING) & IRQTF_RUNNING)
			continue;
		if (prev)
			prev->next = t->next;
		else
			c->thread_head = t->next;
		if (c->thread_tail == t)
			c->thread_tail = prev;
		atomic_fetch_and(&t->flags, ~(unsigned int)IRQTF_QUEUED);
		break;
	}
	irq_spin_unlock_irqrestore(&c->thread_lock, flags);
	return t;
}

bool irq_threads_may_run(void)
{
	return !in_interrupt() && !port_irqs_disabled();
}

unsigned int irq_threads_run(void)
{
	struct irq_task *task;
	struct irq_thread *t;
	unsigned int n = 0;

	if (!irq_threads_may_run())
		return 0;
	task = this_task();
	if (task->thread)
		return 0;	/* inside a thread function: runs never nest here */
	while ((t = take_thread(port_cpu_id(), NULL, NULL)) != NULL) {
		thread_run(t, task);
		n++;
	}
	return n;
}

bool irq_threads_pending(void)
{
	struct irq_cpu *c = irq_this_cpu();
	unsigned long flags = irq_spin_lock_irqsave(&c->thread_lock);
	bool pending = c->thread_head != NULL;

	irq_spin_unlock_irqrestore(&c->thread_lock, flags);
	return pending;
}

/*
 * Take one of the threads a wait is for (@desc's, or @only) off a queue:
 * this CPU's first, then any other's. A wait never depends on another
 * CPU's runner: that runner may itself be a thread function waiting for
 * a thread queued here, behind us.
 */
static struct irq_thread *take_waited(const struct irq_desc *desc, const struct irq_thread *only)
{
	unsigned int self = port_cpu_id(), nr = port_nr_cpus();
	struct irq_thread *t = take_thread(self, desc, only);

	for (unsigned int cpu = 0; !t && cpu < nr; cpu++)
		if (cpu != self)
			t = take_thread(cpu, desc, only);
	return t;
}

/*
 * One step of a wait for @desc's threads (@only: that one thread): with
 * @help, run one of them that is queued, if any, then let go of the CPU
 * a while. The caller holds no read section when it helps.
 */
static void wait_step(const struct irq_desc *desc, const struct irq_thread *only, bool help)
{
	struct irq_thread *t;

	if (help && irq_threads_may_run() && (t = take_waited(desc, only)) != NULL)
		thread_run(t, this_task());
	port_cpu_relax();
}

struct irq_thread *irq_thread_running(void)
{
	struct irq_thread *t;

	if (in_interrupt())
		return NULL;
	t = this_task()->thread;
	return t ? t : port_irq_thread_current();
}

/* Whether the calling task runs @t's thread function now (so it can't wait for it). */
bool irq_thread_is_self(struct irq_thread *t)
{
	struct irq_thread *r;

	if (in_interrupt())
		return false;
	for (r = this_task()->thread; r; r = r->runner_prev)
		if (r == t)
			return true;
	return port_irq_thread_current() == t;
}

/* Whether the caller is a thread function of @desc (it can't wait for itself). */
bool irq_thread_is_current(struct irq_desc *desc)
{
	struct irq_thread *t;

	if (in_interrupt())
		return false;
	for (t = this_task()->thread; t; t = t->runner_prev)
		if (t->desc == desc)
			return true;
	t = port_irq_thread_current();
	return t && t->desc == desc;
}

/* Wait until no thread of @desc is woken or running. */
void irq_wait_threads(struct irq_desc *desc, bool help)
{
	while (atomic_load_explicit(&desc->threads_active, memory_order_acquire) != 0)
		wait_step(desc, NULL, help);
}

/* Wait until @t has nothing pending, is not running and is off every queue. */
void irq_wait_thread_idle(struct irq_thread *t, bool help)
{
	while (atomic_load_explicit(&t->flags, memory_order_acquire) != 0)
		wait_step(t->desc, t, help);
}

/* The online CPU a thread of @desc moves to; caller holds desc->lock. */
static unsigned int move_target(struct irq_desc *desc, const struct irq_cpumask *online)
{
	struct irq_cpumask both;

	if (cpumask_and(&both, &desc->data.effective, online))
		return cpumask_first(&both);
	if (!cpumask_empty(online))
		return cpumask_first(online);
	return port_cpu_id();
}

/*
 * @cpu went offline: its queued threads move to the CPUs their lines
 * now go to, as the lines did. They stay QUEUED on the way (a wake-up
 * meanwhile finds them queued and merges).
 */
void irq_threads_move_off(unsigned int cpu, const struct irq_cpumask *online)
{
	struct irq_cpu *c = &irq_cpus[cpu];
	struct irq_thread *t, *next;
	unsigned long flags = irq_spin_lock_irqsave(&c->thread_lock);

	t = c->thread_head;
	c->thread_head = c->thread_tail = NULL;
	irq_spin_unlock_irqrestore(&c->thread_lock, flags);
	for (; t; t = next) {
		struct irq_desc *desc = t->desc;
		struct irq_cpu *to;

		next = t->next;
		flags = desc_lock_irqsave(desc);
		to = &irq_cpus[move_target(desc, online)];
		desc_unlock_irqrestore(desc, flags);
		append_thread(to, t);
	}
}

/* Give @action a thread named irq/N-name. Return: 0, -ENOMEM, the port's error. */
int irq_thread_setup(struct irqaction *action, unsigned int irq)
{
	struct irq_thread *t = irq_zalloc(sizeof(*t));
	int ret;

	if (!t)
		return -ENOMEM;
	t->action = action;
	t->prio = IRQ_THREAD_PRIO_DEFAULT;
	t->cpu = IRQ_THREAD_CPU_LINE;
	if (action->thread_attr) {	/* checked by manage.c */
		if (action->thread_attr->prio)
			t->prio = (uint8_t)action->thread_attr->prio;
		t->cpu = (int16_t)action->thread_attr->cpu;
	}
	irq_snprintf(t->name, sizeof(t->name), "irq/%u-%s", irq,
		     action->name ? action->name : "?");
	ret = port_irq_thread_create(t, t->name, t->prio);
	if (ret == -ENOSYS) {
		ret = 0;
	} else if (ret == 0) {
		t->port_thread = true;
	} else {
		irq_free(t);
		return ret;
	}
	action->thread = t;
	return 0;
}

/* End @action's thread; it has nothing pending. */
void irq_thread_release(struct irqaction *action)
{
	struct irq_thread *t = action->thread;

	if (!t)
		return;
	if (t->port_thread)
		port_irq_thread_stop(t);
	action->thread = NULL;
	irq_free(t);
}

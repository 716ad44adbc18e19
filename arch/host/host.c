// SPDX-License-Identifier: MIT
/*
 * host.c - the hosted port: the port contract over POSIX threads.
 *
 * A simulated CPU is a record (interrupts on or off, interrupts taken);
 * a thread plays one CPU at a time, named by a thread-local index. An
 * interrupt is taken the way hardware would: only while the CPU has
 * interrupts on, with them off during entry, through the controller's
 * iack and the core's entry path.
 *
 * Who may play a CPU: its owner, the thread that holds the CPU's mutex.
 * The thread that calls sim_init() owns every CPU (deterministic mode
 * plays them all); sim_thread_start() lends one to a new thread until
 * sim_thread_join_all(). Threads of threaded handlers (one per action)
 * own the CPU they run on while they run. An owner hands its CPUs over
 * where a kernel could switch tasks: when it waits (port_cpu_relax(),
 * port_delay_us()) in process context with interrupts on, and only
 * while some thread is waiting for a CPU.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <linux/membarrier.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/port.h>
#include <genirq/sim.h>
#include "genirq_port_inline.h"

struct sim_cpu sim_cpus[GENIRQ_NR_CPUS];
_Thread_local unsigned int sim_this_cpu SIM_TLS;
_Thread_local struct sim_cpu *sim_self SIM_TLS = &sim_cpus[0];
struct simpic *sim_root;
static unsigned int nr_cpus = 1;
static _Atomic uint64_t now_ns;
static void (*delay_hook)(unsigned long us, void *ctx);
static void *delay_ctx;

/* This thread is now simulated CPU @cpu. */
static void set_this_cpu(unsigned int cpu)
{
	sim_this_cpu = cpu;
	sim_self = &sim_cpus[cpu];
}

/* --- the port contract --- */

unsigned int port_cpu_id(void)
{
	return sim_cpu_id();
}

unsigned int port_nr_cpus(void)
{
	return nr_cpus;
}

bool port_irqs_disabled(void)
{
	return !atomic_load_explicit(&sim_self->irqs_on, memory_order_relaxed);
}

void port_irq_disable(void)
{
	sim_irqs_off();
}

void port_irq_enable(void)
{
	sim_irqs_on();
}

unsigned long port_irq_save(void)
{
	return atomic_exchange_explicit(&sim_self->irqs_on, false,
					memory_order_relaxed) ? 1UL : 0UL;
}

void port_irq_restore(unsigned long flags)
{
	if (flags)
		port_irq_enable();
	else
		port_irq_disable();
}

static void hand_over_cpus(void);

void port_cpu_relax(void)
{
	sim_poll();
	hand_over_cpus();
	if (nr_cpus > 1)
		sched_yield();
}

uint64_t port_time_ns(void)
{
	return atomic_load(&now_ns);
}

/* The simulated clock doubles as the cycle counter (one cycle a ns). */
/*
 * port_membarrier(): every thread of the process executes a full barrier
 * before it returns (Linux's membarrier(2), the expedited form once this
 * process registered for it; else the global one, slower, no
 * registration). A kernel without membarrier(2) cannot run this port.
 */
static atomic_ulong membarriers;

unsigned long sim_membarriers(void)
{
	return atomic_load(&membarriers);
}

void port_membarrier(void)
{
	static atomic_int how;	/* 0: not asked yet; else the command that works */
	int cmd = atomic_load_explicit(&how, memory_order_acquire);

	atomic_fetch_add(&membarriers, 1ul);
	if (!cmd) {
		cmd = syscall(__NR_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0
		      ? MEMBARRIER_CMD_PRIVATE_EXPEDITED : MEMBARRIER_CMD_GLOBAL;
		atomic_store_explicit(&how, cmd, memory_order_release);
	}
	if (syscall(__NR_membarrier, cmd, 0, 0) != 0) {
		fprintf(stderr, "host: membarrier(2) failed: the kernel does not provide it\n");
		abort();
	}
}

uint64_t port_cycles(void)
{
	return atomic_load_explicit(&now_ns, memory_order_relaxed);
}

void port_delay_us(unsigned long us)
{
	sim_time_advance((uint64_t)us * 1000u);
	if (delay_hook)
		delay_hook(us, delay_ctx);
	sim_poll();
	hand_over_cpus();
}

/* --- CPU ownership (see the top of this file) --- */

/*
 * A CPU's owner word: 0 when free. Owners are taken with acquire and given
 * back with release, so what one owner did happens before the next.
 * (Spinning, not mutexes: an owner gives CPUs back and takes them again
 * in any order, and only ever waits for one at a time.)
 */
static atomic_uint cpu_owner[GENIRQ_NR_CPUS];
static _Thread_local uint32_t owned;	/* CPUs this thread holds */
static _Thread_local uint32_t lent;	/* CPUs lent to sim_thread_start() threads */
static atomic_int cpu_wanted;		/* threads waiting for a CPU */

static void own_cpu(unsigned int cpu)
{
	unsigned int free_word = 0;

	if (owned & (1u << cpu))
		return;
	if (!atomic_compare_exchange_strong_explicit(&cpu_owner[cpu], &free_word, 1u,
						     memory_order_acquire, memory_order_relaxed)) {
		atomic_fetch_add(&cpu_wanted, 1);
		do {
			sched_yield();
			free_word = 0;
		} while (!atomic_compare_exchange_weak_explicit(&cpu_owner[cpu], &free_word, 1u,
								memory_order_acquire,
								memory_order_relaxed));
		atomic_fetch_sub(&cpu_wanted, 1);
	}
	owned |= 1u << cpu;
}

static void release_cpu(unsigned int cpu)
{
	if (!(owned & (1u << cpu)))
		return;
	owned &= ~(1u << cpu);
	atomic_store_explicit(&cpu_owner[cpu], 0u, memory_order_release);
}

/* Whether another thread may play @cpu now: process context, interrupts on. */
static bool cpu_switchable(unsigned int cpu)
{
	return atomic_load_explicit(&sim_cpus[cpu].irqs_on, memory_order_relaxed) &&
	       irq_cpu_preempt_count(cpu) == 0;
}

static void hand_over_cpus(void)
{
	uint32_t given = 0;

	if (!owned || atomic_load(&cpu_wanted) == 0 || !cpu_switchable(sim_this_cpu))
		return;
	for (unsigned int cpu = 0; cpu < GENIRQ_NR_CPUS; cpu++)
		if ((owned & (1u << cpu)) && cpu_switchable(cpu)) {
			release_cpu(cpu);
			given |= 1u << cpu;
		}
	sched_yield();
	for (unsigned int cpu = 0; cpu < GENIRQ_NR_CPUS; cpu++)
		if (given & (1u << cpu))
			own_cpu(cpu);
}

/* --- threads of threaded handlers: one per action --- */

struct host_irq_thread {
	pthread_t		tid;
	pthread_mutex_t		lock;
	pthread_cond_t		wake;
	bool			woken;		/* [lock] */
	bool			stop;		/* [lock] */
	unsigned int		cpu;		/* [lock] where to run next */
	struct irq_thread	*t;
};

static atomic_bool threads_native = true;
static atomic_int threads_busy;		/* woken, not yet back to sleep */
static atomic_int threads_last_prio;	/* the priority of the last thread made */

int sim_irq_thread_last_prio(void)
{
	return atomic_load(&threads_last_prio);
}
static _Thread_local struct irq_thread *current_irq_thread;

void sim_irq_threads_native(bool on)
{
	atomic_store(&threads_native, on);
}

static void *irq_thread_main(void *arg)
{
	struct host_irq_thread *h = arg;

	for (;;) {
		unsigned int cpu;

		pthread_mutex_lock(&h->lock);
		while (!h->woken && !h->stop)
			pthread_cond_wait(&h->wake, &h->lock);
		if (!h->woken) {
			pthread_mutex_unlock(&h->lock);
			return NULL;
		}
		h->woken = false;
		cpu = h->cpu;
		pthread_mutex_unlock(&h->lock);

		own_cpu(cpu);
		set_this_cpu(cpu);
		current_irq_thread = h->t;
		irq_thread_handle(h->t);
		current_irq_thread = NULL;
		release_cpu(cpu);
		atomic_fetch_sub(&threads_busy, 1);
	}
}

int port_irq_thread_create(struct irq_thread *t, const char *name, int prio)
{
	struct host_irq_thread *h;

	if (!atomic_load(&threads_native))
		return -ENOSYS;
	/* A process can't take real-time priorities unprivileged: noted for tests. */
	atomic_store(&threads_last_prio, prio);
	h = calloc(1, sizeof(*h));
	if (!h)
		return -ENOMEM;
	h->t = t;
	pthread_mutex_init(&h->lock, NULL);
	pthread_cond_init(&h->wake, NULL);
	if (pthread_create(&h->tid, NULL, irq_thread_main, h)) {
		free(h);
		return -ENOMEM;
	}
	pthread_setname_np(h->tid, name);	/* at most 15 bytes show */
	irq_thread_set_port_data(t, h);
	return 0;
}

void port_irq_thread_wake(struct irq_thread *t, unsigned int cpu)
{
	struct host_irq_thread *h = irq_thread_port_data(t);

	if (!GENIRQ_ENABLED(GENIRQ_THREADS))	/* no thread is ever made */
		return;
	pthread_mutex_lock(&h->lock);
	if (!h->woken)
		atomic_fetch_add(&threads_busy, 1);
	h->woken = true;
	h->cpu = cpu < nr_cpus ? cpu : 0;
	pthread_cond_signal(&h->wake);
	pthread_mutex_unlock(&h->lock);
}

void port_irq_thread_stop(struct irq_thread *t)
{
	struct host_irq_thread *h = irq_thread_port_data(t);

	if (!GENIRQ_ENABLED(GENIRQ_THREADS))
		return;
	pthread_mutex_lock(&h->lock);
	h->stop = true;
	pthread_cond_signal(&h->wake);
	pthread_mutex_unlock(&h->lock);
	pthread_join(h->tid, NULL);
	pthread_cond_destroy(&h->wake);
	pthread_mutex_destroy(&h->lock);
	free(h);
}

/* Each POSIX thread is a task: the core runner's record of it. */
struct irq_task *port_irq_task(void)
{
	static _Thread_local struct irq_task task;

	return &task;
}

struct irq_thread *port_irq_thread_current(void)
{
	return in_interrupt() ? NULL : current_irq_thread;
}

void sim_irq_threads_settle(void)
{
	while (atomic_load(&threads_busy) != 0) {
		atomic_fetch_add(&cpu_wanted, 1);	/* make hand_over_cpus() give way */
		hand_over_cpus();
		atomic_fetch_sub(&cpu_wanted, 1);
		sched_yield();
	}
}

/* --- console --- */

#define CONSOLE_BYTES	(1u << 20)	/* tests read what the core reported */

static pthread_mutex_t console_lock = PTHREAD_MUTEX_INITIALIZER;
static char console[CONSOLE_BYTES];
static size_t console_len;
static bool console_echo;

void port_console_write(const char *text, size_t len)
{
	pthread_mutex_lock(&console_lock);
	if (console_echo)
		fwrite(text, 1, len, stderr);
	if (console_len + len >= CONSOLE_BYTES)
		console_len = 0;	/* keep the newest text */
	memcpy(console + console_len, text, len);
	console_len += len;
	console[console_len] = '\0';
	pthread_mutex_unlock(&console_lock);
}

const char *sim_console(void)
{
	return console;
}

void sim_console_clear(void)
{
	pthread_mutex_lock(&console_lock);
	console_len = 0;
	console[0] = '\0';
	pthread_mutex_unlock(&console_lock);
}

void sim_console_echo(bool on)
{
	console_echo = on;
}

bool sim_console_contains(const char *needle)
{
	bool found;

	pthread_mutex_lock(&console_lock);
	found = strstr(console, needle) != NULL;
	pthread_mutex_unlock(&console_lock);
	return found;
}

/* --- memory, with failure injection --- */

static atomic_ulong alloc_count, alloc_fail_at;
static atomic_long alloc_live;

void *port_alloc(size_t size)
{
	unsigned long n = atomic_fetch_add(&alloc_count, 1) + 1;
	unsigned long fail = atomic_load(&alloc_fail_at);
	void *p;

	if (fail && n == fail)
		return NULL;
	/* Whole cache lines start one (<genirq/port.h>). */
	if (irq_unlikely(size % GENIRQ_CACHELINE == 0 && size)) {
		void *q;

		p = posix_memalign(&q, GENIRQ_CACHELINE, size) ? NULL : q;
	} else {
		p = malloc(size);
	}
	if (p)
		atomic_fetch_add(&alloc_live, 1);
	return p;
}

void port_free(void *ptr)
{
	if (ptr)
		atomic_fetch_sub(&alloc_live, 1);
	free(ptr);
}

void sim_alloc_fail_at(unsigned long k)
{
	atomic_store(&alloc_fail_at, k ? atomic_load(&alloc_count) + k : 0);
}

unsigned long sim_alloc_count(void)
{
	return atomic_load(&alloc_count);
}

long sim_alloc_live(void)
{
	return atomic_load(&alloc_live);
}

/* --- debug assertions (GENIRQ_DEBUG) --- */

static atomic_bool assert_expected;
static atomic_ulong asserts_seen;

void port_assert_failed(const char *what, const char *file, int line)
{
	atomic_fetch_add(&asserts_seen, 1);
	if (atomic_load(&assert_expected))
		return;
	fprintf(stderr, "genirq: assertion failed: %s (%s:%d)\n", what, file, line);
	abort();
}

void sim_expect_assert(bool on)
{
	atomic_store(&assert_expected, on);
}

unsigned long sim_asserts(void)
{
	return atomic_load(&asserts_seen);
}

static atomic_ulong bad_acks;

void port_ack_bad_irq(unsigned int irq)
{
	(void)irq;
	atomic_fetch_add(&bad_acks, 1);
}

unsigned long sim_bad_irq_acks(void)
{
	return atomic_load(&bad_acks);
}

/* --- the simulated machine --- */

int sim_init(unsigned int n, unsigned int nr_irqs)
{
	int ret;

	if (n == 0 || n > GENIRQ_NR_CPUS)
		return -EINVAL;
	for (unsigned int cpu = 0; cpu < GENIRQ_NR_CPUS; cpu++)
		own_cpu(cpu);
	nr_cpus = n;
	set_this_cpu(0);
	sim_root = NULL;
	for (unsigned int cpu = 0; cpu < n; cpu++) {
		atomic_store(&sim_cpus[cpu].irqs_on, false);
		sim_cpus[cpu].taken = 0;
	}
	ret = irq_core_init(nr_irqs);
	if (ret)
		return ret;
	for (unsigned int cpu = 0; cpu < n; cpu++) {
		irq_cpu_set_online(cpu, true);
		atomic_store(&sim_cpus[cpu].irqs_on, true);
	}
	return 0;
}

void sim_attach(struct simpic *pic)
{
	sim_root = pic;
}

void sim_cpu_switch(unsigned int cpu)
{
	if (cpu < nr_cpus)
		set_this_cpu(cpu);
}

/* Take one interrupt on this CPU, interrupts off, as its hardware entry would. */
static void take_one(struct sim_cpu *c)
{
	irq_hw_number_t hw;
	struct sim_regs regs;

	hw = simpic_iack(sim_root, sim_this_cpu);
	regs = (struct sim_regs){ .cpu = sim_this_cpu, .hwirq = hw, .seq = c->taken++ };
	if (hw == SIMPIC_SPURIOUS)
		irq_spurious_vector();
	else
		irq_handle_domain_entry(simpic_domain(sim_root), hw, &regs);
	atomic_store_explicit(&c->irqs_on, true, memory_order_relaxed);
}

unsigned int sim_poll(void)
{
	struct sim_cpu *c = sim_self;
	unsigned int n = 0;

	/* Like hardware, look at the controller with interrupts off. */
	while (sim_root && atomic_exchange_explicit(&c->irqs_on, false, memory_order_relaxed)) {
		if (!simpic_pending(sim_root, sim_this_cpu)) {
			atomic_store_explicit(&c->irqs_on, true, memory_order_relaxed);
			break;
		}
		take_one(c);
		n++;
	}
	return n;
}

unsigned int sim_run(unsigned int cpu)
{
	unsigned int prev = sim_this_cpu, n;

	sim_cpu_switch(cpu);
	n = sim_poll();
	set_this_cpu(prev);
	return n;
}

uint64_t sim_time_ns(void)
{
	return atomic_load(&now_ns);
}

void sim_time_advance(uint64_t ns)
{
	atomic_fetch_add(&now_ns, ns);
}

void sim_set_delay_hook(void (*hook)(unsigned long us, void *ctx), void *ctx)
{
	delay_hook = hook;
	delay_ctx = ctx;
}

/* --- threads --- */

struct sim_thread {
	pthread_t	tid;
	unsigned int	cpu;
	void		(*fn)(void *arg);
	void		*arg;
};

static struct sim_thread threads[GENIRQ_NR_CPUS];
static unsigned int nr_threads;

static void *thread_main(void *p)
{
	struct sim_thread *t = p;

	own_cpu(t->cpu);
	set_this_cpu(t->cpu);
	t->fn(t->arg);
	release_cpu(t->cpu);
	return NULL;
}

int sim_thread_start(unsigned int cpu, void (*fn)(void *arg), void *arg)
{
	struct sim_thread *t;

	if (cpu >= nr_cpus || nr_threads >= GENIRQ_NR_CPUS)
		return -EINVAL;
	t = &threads[nr_threads];
	*t = (struct sim_thread){ .cpu = cpu, .fn = fn, .arg = arg };
	if (owned & (1u << cpu)) {
		release_cpu(cpu);
		lent |= 1u << cpu;
	}
	if (pthread_create(&t->tid, NULL, thread_main, t))
		return -ENOMEM;
	nr_threads++;
	return 0;
}

void sim_thread_join_all(void)
{
	for (unsigned int i = 0; i < nr_threads; i++)
		pthread_join(threads[i].tid, NULL);
	nr_threads = 0;
	for (unsigned int cpu = 0; cpu < GENIRQ_NR_CPUS; cpu++)
		if (lent & (1u << cpu))
			own_cpu(cpu);
	lent = 0;
}

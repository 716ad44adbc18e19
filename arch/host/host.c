// SPDX-License-Identifier: MIT
/*
 * host.c - the hosted port: the port contract over POSIX threads.
 *
 * A simulated CPU is a record (interrupts on or off, interrupts taken);
 * a thread plays one CPU at a time, named by a thread-local index. An
 * interrupt is taken the way hardware would: only while the CPU has
 * interrupts on, with them off during entry, through the controller's
 * iack and the core's entry path.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <genirq/hardirq.h>
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

void port_cpu_relax(void)
{
	sim_poll();
	if (nr_cpus > 1)
		sched_yield();
}

uint64_t port_time_ns(void)
{
	return atomic_load(&now_ns);
}

/* The simulated clock doubles as the cycle counter (one cycle a ns). */
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
	p = malloc(size);
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

	set_this_cpu(t->cpu);
	t->fn(t->arg);
	return NULL;
}

int sim_thread_start(unsigned int cpu, void (*fn)(void *arg), void *arg)
{
	struct sim_thread *t;

	if (cpu >= nr_cpus || nr_threads >= GENIRQ_NR_CPUS)
		return -EINVAL;
	t = &threads[nr_threads];
	*t = (struct sim_thread){ .cpu = cpu, .fn = fn, .arg = arg };
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
}

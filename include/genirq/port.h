/* SPDX-License-Identifier: MIT */
/*
 * port.h - the contract between the genirq core and a port.
 *
 * A port (arch/<name>/) defines the functions below; the core derives
 * everything else. Functions marked OPTIONAL have a weak default in the
 * core, so a port that lacks them still builds, and the feature degrades
 * as the comment says. Every function is called with the calling CPU's
 * context as it is (interrupts on or off) unless the comment says more.
 *
 * Besides these, a freestanding port links memset, memcpy, memmove and
 * memcmp, which C compilers may emit calls to even with -ffreestanding.
 *
 * What the port calls in return, in order at boot:
 *   irq_core_init(nr_irqs)        once, on the boot CPU, interrupts off
 *   irq_cpu_set_online(cpu, true) for each CPU as it comes up
 *   controller setup (irq domains, chips, flows)
 * and on each hardware interrupt, with local interrupts off:
 *   irq_handle_entry(desc, regs) or irq_handle_domain_entry(domain, hw, regs)
 */
#ifndef GENIRQ_PORT_H
#define GENIRQ_PORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/compiler.h>

GENIRQ_BEGIN_DECLS

/*
 * Local interrupts of the calling CPU.
 *
 * port_irq_save() turns them off and returns a value that, passed to
 * port_irq_restore(), puts back the state before the save (nesting
 * allowed). port_irq_enable() may take pending interrupts at once: the
 * caller must be ready for a handler to run before it returns.
 */
unsigned long port_irq_save(void);
void port_irq_restore(unsigned long flags);
void port_irq_enable(void);
void port_irq_disable(void);
bool port_irqs_disabled(void);

/*
 * The calling CPU's number, 0 <= n < port_nr_cpus(). Must be right in any
 * context, including before the CPU is online and inside an NMI; it is
 * on the dispatch path, so it should cost a few instructions.
 */
unsigned int port_cpu_id(void);

/* How many CPUs the machine may bring up (<= GENIRQ_NR_CPUS). Constant. */
unsigned int port_nr_cpus(void);

/* Monotonic time in nanoseconds. Used off the handled path only. */
uint64_t port_time_ns(void);

/* Write @len bytes to the console. Callable from any context. */
void port_console_write(const char *text, size_t len);

/*
 * OPTIONAL. Called inside busy-wait loops (lock spin, synchronize_irq).
 * Default: a compiler barrier.
 */
void port_cpu_relax(void);

/*
 * OPTIONAL. Wait at least @us microseconds with interrupts as they are;
 * autoprobe waits 20 ms and 100 ms through it so devices can fire.
 * Default: spin on port_time_ns().
 */
void port_delay_us(unsigned long us);

/*
 * OPTIONAL. Acknowledge a vector that has no controller (Linux 2.6.9's
 * ack_bad_irq), e.g. an EOI to the local APIC so the CPU is not left
 * blocked. The core has already counted and reported the event.
 * Default: nothing.
 */
void port_ack_bad_irq(unsigned int irq);

/*
 * OPTIONAL. Memory for descriptors, actions and per-CPU counters.
 * port_alloc() may be called with interrupts off and must not sleep;
 * NULL means no memory (callers then fail with -ENOMEM). A block whose
 * size is a multiple of GENIRQ_CACHELINE must start on a GENIRQ_CACHELINE
 * boundary: descriptors are cache-aligned, so that an event touches one
 * line of its descriptor.
 * Default: a static arena inside the core (GENIRQ_ARENA_BYTES).
 */
void *port_alloc(size_t size);
void port_free(void *ptr);

/*
 * OPTIONAL. Run @fn on this CPU's softirq stack and return. Called with
 * local interrupts off, outside hardirq context. @fn turns local
 * interrupts on while softirqs run: a port whose interrupt entry cannot
 * nest (FreeRTOS's RISC-V trap handler) returns without calling it when
 * called at the end of an interrupt, and calls do_softirq() soon after
 * from a task; the softirqs stay pending meanwhile. Default: call @fn on
 * the current stack.
 */
void port_softirq_on_stack(void (*fn)(void));

/*
 * OPTIONAL. A free-running cycle counter (TSC, timebase) for per-line
 * cost accounting. Default: 0, which leaves cost accounting at zero.
 */
uint64_t port_cycles(void);

/*
 * OPTIONAL. The clock of trace events (<genirq/trace.h>), in nanoseconds,
 * one clock for all CPUs, read with local interrupts off; a port whose
 * port_time_ns() is coarse (timer ticks) gives a finer one here, such as
 * its cycle counter scaled. Default: port_time_ns().
 */
uint64_t port_trace_clock(void);

/*
 * OPTIONAL. A rule of the core was broken (only in a core built with
 * GENIRQ_DEBUG): @what is the condition that failed, at @file:@line. Need
 * not return. Default: report on the console, then spin with local
 * interrupts off.
 */
void port_assert_failed(const char *what, const char *file, int line);

struct irq_text;
/*
 * OPTIONAL. Append the port's rows (NMI:, LOC:, MIS: ...) to the
 * /proc/interrupts view, with irq_proc_row() or irq_text_printf(); the
 * core's SPU row comes after them unless the port places it among them
 * with irq_proc_show_spurious() (Linux x86: NMI, LOC, SPU, ...). The core
 * ends the view with ERR. Default: nothing.
 */
void port_show_interrupts(struct irq_text *text);

/*
 * OPTIONAL. Threads for threaded handlers (request_threaded_irq()). A
 * port that has a scheduler gives each threaded action a thread of its
 * own; without these the core runs woken thread functions itself from
 * irq_threads_run(), which the port calls from its idle loop.
 *
 * port_irq_thread_create() - make a thread for @t, named @name (Linux's
 *	"irq/N-name", at most IRQ_THREAD_NAME_LEN bytes with the NUL) at
 *	real-time priority @prio (Linux's 50; a port without priorities
 *	ignores it). The thread sleeps until woken; each time it is woken it
 *	calls irq_thread_handle(@t), in process context with local
 *	interrupts on, and goes back to sleep. It may keep its own state in
 *	irq_thread_set_port_data(). Context: process context, may sleep.
 *	Return: 0; -ENOSYS when the port has no threads (the default): the
 *	core's runner takes @t; another -errno fails the request.
 * port_irq_thread_wake() - make the thread of @t call irq_thread_handle()
 *	soon, preferably on CPU @cpu (the line's effective affinity). A wake
 *	that finds the thread awake or already woken may be merged with it,
 *	provided one more irq_thread_handle() call follows. Context: any,
 *	including hardirq context with local interrupts off; must not sleep.
 * port_irq_thread_stop() - end the thread of @t. When it returns, the
 *	thread will never call irq_thread_handle(@t) again and @t may be
 *	freed. The core calls it only once @t has nothing pending.
 *	Context: process context, may wait.
 */
#define IRQ_THREAD_NAME_LEN	24
struct irq_thread;
int port_irq_thread_create(struct irq_thread *t, const char *name, int prio);
void port_irq_thread_wake(struct irq_thread *t, unsigned int cpu);
void port_irq_thread_stop(struct irq_thread *t);
/*
 * port_irq_thread_current() - the port thread whose irq_thread_handle()
 *	the caller runs in (the caller's task), or NULL, e.g. in interrupt
 *	context. The core uses it to refuse waits of a thread for itself.
 *	Default: NULL (a port without threads; the core knows its runner's).
 */
struct irq_thread *port_irq_thread_current(void);
/*
 * OPTIONAL, for a port without threads of its own (the core's runner runs
 * thread functions) whose kernel switches tasks on a CPU.
 *
 * port_irq_task() - the core's record of the task running on this CPU
 *	now, kept by the port with the task (in its task control block,
 *	thread-local storage...), zeroed when the task is made, and the same
 *	pointer for as long as the task lives. The runner notes there which
 *	thread functions the task runs, so that a wait from that task is
 *	known for a thread's wait (for itself, refused) and another task's
 *	wait is not. Context: process context. Default: NULL, one task a
 *	CPU: the core keeps one record per CPU.
 */
struct irq_task {
	struct irq_thread *thread;	/* the core's: innermost thread function running */
};
struct irq_task *port_irq_task(void);
/*
 * What a port's thread calls each time it is woken (see above). Without
 * threaded handlers (GENIRQ_THREADS 0) the core makes no thread, so none
 * is ever woken: the stubs do nothing.
 */
#if GENIRQ_THREADS
void irq_thread_handle(struct irq_thread *t);
void irq_thread_set_port_data(struct irq_thread *t, void *data);
void *irq_thread_port_data(struct irq_thread *t);
#else
static inline void irq_thread_handle(struct irq_thread *t) { (void)t; }
static inline void irq_thread_set_port_data(struct irq_thread *t, void *data)
{
	(void)t;
	(void)data;
}
static inline void *irq_thread_port_data(struct irq_thread *t)
{
	(void)t;
	return (void *)0;
}
#endif

/*
 * OPTIONAL fast path. port_cpu_id(), port_irq_enable() and
 * port_irq_disable() are on every interrupt's path. A port whose versions
 * are an instruction or two (a per-CPU register, sti/cli, wrteei) may let
 * the core inline them: build the core with -DGENIRQ_PORT_INLINE and the
 * port's folder on the include path, holding <genirq_port_inline.h>,
 * which defines
 *	static inline unsigned int port_cpu_id_fast(void);
 *	static inline void port_irq_enable_fast(void);
 *	static inline void port_irq_disable_fast(void);
 * each doing exactly what the function of the same name without _fast
 * does (the port still provides those, for everyone else). Without
 * GENIRQ_PORT_INLINE the _fast forms below call the functions. The core
 * uses the _fast forms only on the dispatch path.
 */
#if defined(GENIRQ_PORT_INLINE) && !defined(__cplusplus)
#include <genirq_port_inline.h>
#else
static inline unsigned int port_cpu_id_fast(void)
{
	return port_cpu_id();
}

static inline void port_irq_enable_fast(void)
{
	port_irq_enable();
}

static inline void port_irq_disable_fast(void)
{
	port_irq_disable();
}
#endif

/*
 * OPTIONAL asymmetric barrier. A port that can make every other CPU
 * execute a full memory barrier (an interrupt to each, Linux's
 * membarrier(2) on the hosted port) defines GENIRQ_PORT_MEMBARRIER to 1
 * in <genirq_port_inline.h> and provides
 *	void port_membarrier(void);
 * which returns once every CPU has executed a full barrier since the
 * call began. An event then enters hardirq context, and a per-CPU line
 * counts its handler, with plain stores: no barrier and no locked
 * instruction on the event path for descriptor lifetime. The freers
 * (grace periods, free_irq() of a per-CPU line) call port_membarrier()
 * instead. Context: thread context, may wait.
 */
#ifndef GENIRQ_PORT_MEMBARRIER
#define GENIRQ_PORT_MEMBARRIER	0
#endif
#if GENIRQ_PORT_MEMBARRIER
void port_membarrier(void);
#endif

GENIRQ_END_DECLS

#endif /* GENIRQ_PORT_H */

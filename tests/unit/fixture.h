/* SPDX-License-Identifier: MIT */
/*
 * fixture.h - a simulated machine for unit tests, and a test device whose
 * handler counts what it serviced.
 */
#ifndef GENIRQ_TEST_FIXTURE_H
#define GENIRQ_TEST_FIXTURE_H

#include <stdatomic.h>
#include <genirq/hardirq.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>
#include <genirq/sim.h>
#include <genirq/chip/simpic.h>

#include "../harness.h"

#define FIX_LINES	32

struct fixture {
	struct simpic	*pic;
	unsigned int	nr_cpus;
};

/*
 * A device: raise() makes it want service; its handler claims an event
 * only while it has some, then lowers its level line.
 */
struct dev {
	struct fixture	*fx;
	irq_hw_number_t	hw;
	int		irq;
	bool		level;
	atomic_int	want;		/* events raised, not yet serviced */
	atomic_int	calls;		/* handler invocations */
	atomic_int	handled;	/* invocations that claimed */
	atomic_int	in_handler;	/* handler running now (0/1) */
	atomic_int	freed;		/* set by the test once free_irq returned */
	atomic_int	after_free;	/* calls seen after freed was set */
	int		last_cpu;
	unsigned int	last_preempt;
	void		*last_regs;
	irq_hw_number_t	last_hw;	/* from the sim_regs the handler saw */
	irqreturn_t	force;		/* when nonzero, return this instead */
};

void fx_init(struct fixture *fx, unsigned int nr_cpus, enum simpic_style style);
void dev_init(struct dev *d, struct fixture *fx, irq_hw_number_t hw, bool level);
void dev_raise(struct dev *d);
irqreturn_t dev_handler(int irq, void *dev_id);
int dev_request(struct dev *d, unsigned long flags, const char *name);
/* After the threads: play CPU0 and CPU1 until nothing is pending. */
void fx_drain_cpus01(void);
/*
 * A waiter on CPU2 against a handler (or thread) kept busy on CPU1:
 * @start(NULL) runs as CPU1 and sets it going; the busy code sets *@phase
 * to 1 and spins until the test sets 2. @waiter(@arg) runs as CPU2, must
 * not set *@done while the other spins (checked over 1000 yields), and
 * must have set it once both threads are joined.
 */
void fx_wait_against_busy(void (*start)(void *), atomic_int *phase,
			  void (*waiter)(void *), void *arg, atomic_int *done);
/* CHECK that every delivery of @hw was ended once (ack or eoi, by @style). */
void fx_check_ended_once(struct fixture *fx, irq_hw_number_t hw, enum simpic_style style);
/*
 * Software replay of many lines at once: the @n devices @d, made and
 * requested here on lines 0..@n-1 of @fx's ACK controller, which is told
 * it cannot retrigger them, each raised while disabled, then all enabled with softirqs held off so
 * that their replays wait together; twice. CHECK that each line's handler
 * ran once a round, only once softirqs ran, and each delivery ended once.
 */
void fx_replay_lines_each_once(struct fixture *fx, struct dev *d, unsigned int n);

/* A shell's output, kept whole up to its size (shell_init(&sh, fx_out_write, ...)). */
extern char fx_out[4096];
void fx_out_write(const char *text, size_t len);
void fx_out_reset(void);

/* Two tests, NAME_ack_chip and NAME_eoi_chip, running FN(style) for each. */
#define TEST_EACH_CHIP(name, fn)					\
	TEST(name##_ack_chip) { fn(SIMPIC_ACK); }			\
	TEST(name##_eoi_chip) { fn(SIMPIC_FASTEOI); }

#endif /* GENIRQ_TEST_FIXTURE_H */

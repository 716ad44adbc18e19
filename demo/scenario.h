/* SPDX-License-Identifier: MIT */
/*
 * scenario.h - the scenario lines every demo kernel and the host suite
 * print, in the one format of SCENARIOS.md:
 *
 *   SCENARIO <name>: PASS [detail]
 *   SCENARIO <name>: FAIL <expected, happened>
 *   SCENARIO <name>: SKIP <reason>
 *   SCENARIOS: N passed, N failed, N skipped
 *
 * A boot without a harness (quiet) shows only the FAIL lines and one
 * summary: "boot self-tests: N passed, N skipped[; N faults provoked on
 * purpose (dmesg)]". A self-test that
 * provokes a fault on purpose brackets it with scenario_expect() and
 * scenario_expect_end(): every console line in between, the core's
 * reports included, starts with "expected: ".
 */
#ifndef GENIRQ_DEMO_SCENARIO_H
#define GENIRQ_DEMO_SCENARIO_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

struct scenario_tally {
	void		(*write)(const char *text, size_t len);
	/* The console's line prefix (the port's console_label()); NULL: none. */
	void		(*label)(const char *prefix);
	/* A FAIL line is about to be written: show what the console hid
	 * (bootlog_reveal()); NULL: it hides nothing. */
	void		(*reveal)(void);
	bool		quiet;		/* no harness: FAIL lines and a summary only */
	unsigned int	passed, failed, skipped;
	unsigned int	provoked;	/* faults provoked on purpose (scenario_expect) */
};

void scenario_pass(struct scenario_tally *t, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void scenario_fail(struct scenario_tally *t, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void scenario_skip(struct scenario_tally *t, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/*
 * Whether scenario @name's feature is built: if not (@built false), the
 * scenario is reported as SKIP "not built (GENIRQ_X 0)", never as a pass.
 * SCENARIO_NEEDS(t, name, GENIRQ_X) spells the switch's name itself.
 */
bool scenario_built(struct scenario_tally *t, const char *name, bool built, const char *feature);
#define SCENARIO_NEEDS(t, name, feature)	scenario_built((t), (name), (feature) != 0, #feature)
/* @what is provoked on purpose: label the console's lines until _end. */
void scenario_expect(struct scenario_tally *t, const char *what);
void scenario_expect_end(struct scenario_tally *t);
/* Does @hay contain @needle (a captured console or /proc text)? */
bool scenario_contains(const char *hay, const char *needle);
/* Line @irq's row of /proc/interrupts into @row ("" when there is none). */
void scenario_proc_row(unsigned int irq, char *row, size_t size);
/* Log each level of line @irq's hierarchy, from its debugfs dump
 * (domain, hwirq, chip, ops; the parents nested), a line each after @tag. */
void scenario_log_levels(const char *tag, unsigned int irq);
struct rx_ring;
/*
 * uart-rx-echo: take the line waiting in @rx, echo it, and check it is
 * @expected; @via names the interrupt it came through, @events how many
 * events line @irq took since @before.
 */
void scenario_rx_echo(struct scenario_tally *t, struct rx_ring *rx, const char *expected,
		      const char *via, unsigned int irq, unsigned long before);
/*
 * timer-ticks' measurement: QEMU's clocks follow the host's, so a vCPU
 * the host did not run for a while sees time jump and the ticks of that
 * gap come late or never. A span whose count @span() is outside [@lo,
 * @hi] is measured again, up to SCENARIO_TICK_TRIES spans in all; a
 * timer that does not tick right misses every one. Return: the try that
 * hit (1 on the first), 0 when none did; *@got: the last count.
 */
#define SCENARIO_TICK_TRIES	3
unsigned int scenario_tick_tries(unsigned long (*span)(void), unsigned long lo, unsigned long hi,
				 unsigned long *got);
/* What a PASS line adds for try @try: "" for the first, ", try N" after. */
const char *scenario_try_note(unsigned int try);
/*
 * The most a scenario waits for an event that another CPU, a device or a
 * tick brings: long enough to tell a lost event from one the host delayed.
 * QEMU's clocks follow the host's, and a vCPU (or QEMU's main thread, which
 * fires the guest's timers) that the host does not run for a while loses
 * that time (docs/reliability.md). Such waits end when the event comes, so
 * the bound costs nothing when it does.
 */
#define SCENARIO_WAIT_MS	10000
#define NS_PER_MS		1000000ull
/* Wait until *@v >= @want, at most SCENARIO_WAIT_MS. Return: whether it got
 * there (looked at once more when the time is up). */
bool scenario_wait_count(_Atomic unsigned long *v, unsigned long want);
/* Wait until *@flag is set, at most SCENARIO_WAIT_MS. Return: whether it is. */
bool scenario_wait_flag(_Atomic bool *flag);
/*
 * free-vs-running's handler and the CPU that frees it, in step: the
 * handler says it runs, then waits until the other CPU is about to call
 * free_irq() or synchronize_irq(), so that call always finds it running,
 * however the host schedules the two vCPUs; then it runs @ms more and says
 * it is done. Each side waits at most SCENARIO_WAIT_MS for the other.
 */
struct scenario_slow {
	_Atomic bool	running, freeing, done;
};
void scenario_slow_reset(struct scenario_slow *s);
/* In the handler. */
void scenario_slow_run(struct scenario_slow *s, unsigned int ms);
/* On the freeing CPU, just before the call: true when the handler runs
 * and has not finished (false: it never started, or it finished alone). */
bool scenario_slow_freeing(struct scenario_slow *s);
/* After the call: has the handler finished? */
bool scenario_slow_done(struct scenario_slow *s);
/* Print the summary line. Return: 0 when nothing failed and something passed. */
int scenario_summary(struct scenario_tally *t);

#endif /* GENIRQ_DEMO_SCENARIO_H */

// SPDX-License-Identifier: MIT
/*
 * oneshot.c - the threaded-oneshot scenario on an edu device, the same on
 * every demo kernel: request_threaded_irq() with IRQF_ONESHOT on the
 * edu's level line, a primary that only wakes the thread, a thread that
 * clears the device. The edu keeps its line asserted until the thread
 * clears it, so a line unmasked before the thread returned would storm:
 * exactly one primary per raise shows the line stayed masked, and the
 * thread sees it masked (core state, and the controller's bit where the
 * port reads it).
 */
#include <stdatomic.h>
#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "oneshot.h"
#include "scenario.h"

#define NAME		"threaded-oneshot"
#define ACTION		"edu-oneshot"
/* Guest time for one raise to reach its thread: a bound on a hang, not a
 * verdict (a run takes microseconds, or a tick when CPU0 waits on CPU1). */

static struct {
	const struct oneshot_edu *e;
	_Atomic unsigned long	primaries, runs, ctx_ok, masked, chip_masked, asserted;
	_Atomic unsigned long	on_cpu[2];	/* thread runs on CPU0, CPU1 */
	_Atomic unsigned long	primary_in_irq;
} s;

static irqreturn_t oneshot_primary(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	atomic_fetch_add(&s.primaries, 1);
	if (in_irq())
		atomic_fetch_add(&s.primary_in_irq, 1);
	return IRQ_WAKE_THREAD;
}

static irqreturn_t oneshot_thread(int irq, void *dev)
{
	const struct oneshot_edu *e = s.e;
	unsigned int cpu = port_cpu_id();
	uint32_t st = e->status(dev);

	if (!in_interrupt() && !port_irqs_disabled())
		atomic_fetch_add(&s.ctx_ok, 1);
	if (irq_get_masked((unsigned int)irq) == 1)
		atomic_fetch_add(&s.masked, 1);
	if (e->chip_masked && e->chip_masked((unsigned int)irq) == 1)
		atomic_fetch_add(&s.chip_masked, 1);
	if (st)
		atomic_fetch_add(&s.asserted, 1);
	if (cpu < 2)
		atomic_fetch_add(&s.on_cpu[cpu], 1);
	e->clear(dev, st);
	atomic_fetch_add(&s.runs, 1);	/* last: the waiter reads the rest after it */
	return st ? IRQ_HANDLED : IRQ_NONE;
}

/* The "unhandled" figure of /proc/irq/N/spurious, or ~0ul. */
static unsigned long unhandled(unsigned int irq)
{
	static const char key[] = "unhandled ";
	char path[40], buf[160];
	unsigned long n = 0;
	const char *p;

	irq_snprintf(path, sizeof(path), "/proc/irq/%u/spurious", irq);
	if (irq_proc_read(path, buf, sizeof(buf)) <= 0)
		return ~0ul;
	for (p = buf; *p; p++) {
		unsigned int i = 0;

		while (key[i] && p[i] == key[i])
			i++;
		if (!key[i])
			break;
	}
	if (!*p)
		return ~0ul;
	for (p += sizeof(key) - 1; *p >= '0' && *p <= '9'; p++)
		n = n * 10 + (unsigned long)(*p - '0');
	return n;
}

/* Raise @n times, each time waiting for the thread run it causes. */
static unsigned int raise_and_wait(const struct oneshot_edu *e, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		unsigned long want = atomic_load(&s.runs) + 1;
		uint64_t end;

		e->raise(e->dev);
		end = port_time_ns() + (uint64_t)SCENARIO_WAIT_MS * NS_PER_MS;
		while (atomic_load(&s.runs) < want && port_time_ns() < end)
			if (!irq_threads_run())	/* ours ran here: no need to sleep */
				e->idle();
		if (atomic_load(&s.runs) < want)
			break;
	}
	return i;
}

/* Counts from 0, the device quiet. */
static void reset(const struct oneshot_edu *e)
{
	_Atomic unsigned long *counts[] = {
		&s.primaries, &s.runs, &s.ctx_ok, &s.masked, &s.chip_masked, &s.asserted,
		&s.on_cpu[0], &s.on_cpu[1], &s.primary_in_irq,
	};

	s.e = e;
	for (unsigned int i = 0; i < GENIRQ_ARRAY_SIZE(counts); i++)
		atomic_store(counts[i], 0);
	e->clear(e->dev, e->status(e->dev));
}

static bool on_cpu(unsigned int irq, unsigned int cpu)
{
	struct irq_cpumask m;

	cpumask_clear(&m);
	cpumask_set_cpu(cpu, &m);
	return irq_set_affinity(irq, &m) == 0;
}

void scenario_threaded_oneshot(struct scenario_tally *t, const struct oneshot_edu *e)
{
	const unsigned int n = ONESHOT_RAISES, n1 = ONESHOT_RAISES_CPU1;
	static char view[1024];
	char row[32], cpu1[96] = "";
	unsigned long ev0, un0, ev, un;
	unsigned int done, done1 = 0;
	bool smp = port_nr_cpus() >= 2 && cpumask_test_cpu(1, irq_cpu_online_mask());
	bool listed, moved = true;
	int err, masked_after, depth;

	reset(e);
	ev0 = irq_stat_total(e->irq);
	un0 = unhandled(e->irq);
	err = request_threaded_irq(e->irq, oneshot_primary, oneshot_thread, IRQF_ONESHOT,
				   ACTION, e->dev);
	if (err) {
		scenario_fail(t, NAME, "request_threaded_irq(%u, ONESHOT): %d", e->irq, err);
		return;
	}
	done = raise_and_wait(e, n);
	if (smp && done == n) {
		moved = on_cpu(e->irq, 1);
		if (moved)
			done1 = raise_and_wait(e, n1);
		moved = on_cpu(e->irq, 0) && moved;
	}
	irq_snprintf(row, sizeof(row), "irq/%u-" ACTION, e->irq);
	listed = irq_show_threads(view, sizeof(view)) > 0 && scenario_contains(view, row);
	ev = irq_stat_total(e->irq) - ev0;
	un = unhandled(e->irq);
	un = un == ~0ul || un0 == ~0ul ? ~0ul : un - un0;
	masked_after = irq_get_masked(e->irq);
	depth = irq_get_depth(e->irq);
	free_irq(e->irq, e->dev);	/* returns: its thread will never run again */

	unsigned long total = n + (smp ? n1 : 0), chipm = atomic_load(&s.chip_masked);
	bool cpu1_ok = !smp || (moved && done1 == n1 && atomic_load(&s.on_cpu[1]) == n1);
	bool ok = done == n && cpu1_ok && atomic_load(&s.runs) == total &&
		  atomic_load(&s.primaries) == total && atomic_load(&s.primary_in_irq) == total &&
		  atomic_load(&s.ctx_ok) == total && atomic_load(&s.masked) == total &&
		  atomic_load(&s.asserted) == total && (!e->chip_masked || chipm == total) &&
		  atomic_load(&s.on_cpu[0]) == n && ev == total && un == 0 && masked_after == 0 &&
		  depth == 0 && listed;

	if (smp)
		irq_snprintf(cpu1, sizeof(cpu1), ", moved to cpu 1%s: %lu/%u runs there",
			     moved ? "" : " (irq_set_affinity failed)", atomic_load(&s.on_cpu[1]), n1);
	else
		irq_snprintf(cpu1, sizeof(cpu1), " (one CPU)");
	if (ok)
		scenario_pass(t, NAME, "irq %u (edu, level): %lu raises, %lu primaries, %lu thread "
			      "runs (process context, irqs on), %lu events, %lu unhandled; masked in "
			      "thread %lu/%lu%s%s%s, device asserted till then; unmasked after; "
			      "cpu 0: %lu runs%s; %s listed, freed",
			      e->irq, total, atomic_load(&s.primaries), atomic_load(&s.runs), ev, un,
			      atomic_load(&s.masked), total, e->chip_masked ? " (" : "",
			      e->chip_masked ? e->chip : "", e->chip_masked ? " bit too)" : "",
			      atomic_load(&s.on_cpu[0]), cpu1, row);
	else
		scenario_fail(t, NAME, "irq %u: %u/%u raises done, primaries %lu (in hardirq %lu), "
			      "thread runs %lu (process context, irqs on: %lu), masked in thread %lu, "
			      "%s mask %lu, asserted %lu, cpu 0 runs %lu; events %lu, unhandled %ld "
			      "(want %lu each, 0 unhandled); after: masked %d depth %d; listed %d%s",
			      e->irq, done, n, atomic_load(&s.primaries),
			      atomic_load(&s.primary_in_irq), atomic_load(&s.runs),
			      atomic_load(&s.ctx_ok), atomic_load(&s.masked),
			      e->chip_masked ? e->chip : "no controller", chipm,
			      atomic_load(&s.asserted), atomic_load(&s.on_cpu[0]), ev, (long)un, total,
			      masked_after, depth, listed, cpu1);
}

// SPDX-License-Identifier: MIT
/*
 * model.c - the reference model of one line (see model.h).
 *
 * Every rule here is a sentence of include/genirq/interrupt.h or irq.h
 * turned into a few lines of code; nothing is copied from core/.
 */
#include <stddef.h>
#include <genirq/errno.h>
#include <genirq/compat.h>

#include "model.h"

void model_init(struct model_line *m, bool level, unsigned int depth)
{
	*m = (struct model_line){ .level = level, .depth = depth, .oneshot_masks = true,
				  .affinity = (1u << MODEL_CPUS) - 1, .route = 0,
				  .online = (1u << MODEL_CPUS) - 1 };
}

static unsigned int first_cpu(unsigned int mask)
{
	unsigned int cpu = 0;

	while (cpu < MODEL_CPUS && !(mask & (1u << cpu)))
		cpu++;
	return cpu;
}

/*
 * Start the line: routed to its affinity's first online CPU, or to any
 * online CPU when it has none; a managed line that has none stays shut
 * down ("started again when one returns").
 */
static void start_line(struct model_line *m)
{
	unsigned int dest = m->affinity & m->online;

	if (!dest && m->managed) {
		m->started = false;
		m->shutdown = true;
		return;
	}
	m->route = first_cpu(dest ? dest : m->online);
	m->started = true;
	m->shutdown = false;
}

/*
 * "later ones are appended when every handler on the line, and this one,
 * asked for IRQF_SHARED"; request_threaded_irq(): "-EINVAL for ... a NULL
 * @handler on a level line without IRQF_ONESHOT", "-EBUSY for
 * IRQF_ONESHOT not matching the line's other handlers". A refused request
 * changes nothing.
 */
int model_request_threaded(struct model_line *m, int slot, bool shared, bool oneshot,
			   enum model_primary prim)
{
	return model_request_flags(m, slot, shared, oneshot, prim, 0);
}

/*
 * request_irq(): "-EINVAL for ... IRQF_SHARED with IRQF_NO_AUTOEN";
 * "-EBUSY when sharing is refused (... a sharer's IRQF_TRIGGER_*
 * differs from the line's trigger)"; "with IRQF_NO_AUTOEN the line is
 * installed disabled (depth 1)".
 */
int model_request_flags(struct model_line *m, int slot, bool shared, bool oneshot,
			enum model_primary prim, unsigned int flags)
{
	if (shared && (flags & MODEL_NO_AUTOEN))
		return -EINVAL;
	if (prim == PRIM_NULL && m->level && !oneshot)
		return -EINVAL;
	for (int i = 0; i < m->nr_handlers; i++)
		if (!shared || !m->slot[m->order[i]].shared)
			return -EBUSY;
	if (m->nr_handlers && (oneshot != m->oneshot || (flags & MODEL_OTHER_TRIGGER)))
		return -EBUSY;
	m->slot[slot] = (struct model_slot){ .state = SLOT_INSTALLED, .shared = shared,
					     .prim = prim, .oneshot = oneshot };
	m->order[m->nr_handlers++] = slot;
	/* "The first handler on a line starts it with a disable depth of 0";
	 * the stuck-line counters start over with it, and no wake-up waits
	 * for its judgement. */
	if (m->nr_handlers == 1) {
		m->depth = flags & MODEL_NO_AUTOEN ? 1 : 0;
		m->count = m->unhandled = 0;
		m->oneshot = oneshot;
		m->held = false;
		m->deferred = false;
		/* "IRQF_NO_AUTOEN: ... enable_irq() starts it" */
		m->started = m->shutdown = false;
		if (!(flags & MODEL_NO_AUTOEN))
			start_line(m);
	}
	return 0;
}

int model_request(struct model_line *m, int slot, bool shared)
{
	return model_request_threaded(m, slot, shared, false, PRIM_PLAIN);
}

static void unlink_slot(struct model_line *m, int slot)
{
	int j = 0;

	for (int i = 0; i < m->nr_handlers; i++)
		if (m->order[i] != slot)
			m->order[j++] = m->order[i];
	m->nr_handlers = j;
}

void model_request_failed(struct model_line *m, int slot)
{
	m->slot[slot].state = SLOT_FREE;
	unlink_slot(m, slot);
}

/*
 * "A shared line's driver must quiesce its device first." free_irq()
 * unlinks the handler at once; until it returns, a CPU that was already
 * walking the chain may still call it. "Freeing the last handler shuts
 * the line down": disabled, depth 1, counters forgotten.
 */
void model_free_begin(struct model_line *m, int slot)
{
	m->slot[slot].want = 0;
	m->slot[slot].state = SLOT_FREEING;
	unlink_slot(m, slot);
	if (m->nr_handlers == 0) {
		m->depth = 1;
		m->count = m->unhandled = 0;
		m->held = false;
		m->started = m->shutdown = false;
	}
}

/*
 * free_irq() returned: the handler must never be called again, and its
 * thread ("free_irq() lets a pending run finish, then ends the thread")
 * has nothing pending and is not running.
 */
const char *model_free_end(struct model_line *m, int slot)
{
	struct model_slot *s = &m->slot[slot];

	s->state = SLOT_FREE;
	if (s->woken || s->running)
		return "free_irq returned with its thread's run still to come";
	return NULL;
}

void model_disable(struct model_line *m)
{
	m->depth++;
}

/* "An enable without a matching disable is reported and the depth stays
 * 0. On a line with no handler an enable matches a disable_irq() made on
 * it, but the one that would start the line is reported and changes
 * nothing"; the enable that reaches 0 forgets the stuck-line counters. */
void model_enable(struct model_line *m)
{
	if (m->depth == 0 || (m->nr_handlers == 0 && m->depth <= 1))
		return;
	if (--m->depth == 0) {
		m->count = m->unhandled = 0;
		if (!m->started && !m->shutdown)
			start_line(m);
	}
}

/*
 * "-EINVAL for ... a mask with no online CPU"; routed to one of them. A
 * driver may route its managed line too ("as in Linux"); a line shut
 * down for lack of CPUs has one again and starts.
 */
int model_set_affinity(struct model_line *m, unsigned int mask)
{
	unsigned int usable = mask & m->online;

	if (!usable)
		return -EINVAL;
	m->affinity = mask;
	m->route = first_cpu(usable);
	if (m->shutdown)
		start_line(m);
	return 0;
}

/* "it is never moved by a write to /proc/irq/N/smp_affinity (-EIO ...)" */
int model_proc_affinity(struct model_line *m, unsigned int mask)
{
	if (m->managed)
		return -EIO;
	return model_set_affinity(m, mask);
}

/*
 * irq_cpu_set_online(): "Offline: lines routed to the CPU move to the
 * other online CPUs of their affinity, or are shut down (depth kept)
 * when there is none. Online: those lines start again"; a line with no
 * handler, or not started, is left where it is. Woken threads queued on
 * the CPU move to where the line goes now (any online CPU when it is shut
 * down), as the lines do.
 */
void model_cpu_set(struct model_line *m, unsigned int cpu, bool up)
{
	unsigned int bit = 1u << cpu;

	if (up) {
		m->online |= bit;
		if (m->nr_handlers && m->shutdown && (m->affinity & bit))
			start_line(m);
		return;
	}
	m->online &= ~bit;
	if (m->nr_handlers && m->started && m->route == cpu) {
		if (m->affinity & m->online) {
			m->route = first_cpu(m->affinity & m->online);
		} else {
			m->started = false;
			m->shutdown = true;
		}
	}
	for (int s = 0; s < MODEL_SLOTS; s++)
		if (m->slot[s].woken && m->slot[s].queue_cpu == cpu)
			m->slot[s].queue_cpu = m->online & (1u << m->route) ? m->route :
					       first_cpu(m->online);
}

void model_raise(struct model_line *m, int slot)
{
	if (m->level)
		m->slot[slot].want = 1;		/* asserted until serviced */
	else
		m->slot[slot].want++;
}

void model_deassert(struct model_line *m, int slot)
{
	if (m->level)
		m->slot[slot].want = 0;
}

bool model_line_asserted(const struct model_line *m)
{
	for (int s = 0; s < MODEL_SLOTS; s++)
		if (m->slot[s].want)
			return true;
	return false;
}

bool model_nothing_owed(const struct model_line *m)
{
	for (int i = 0; i < m->nr_handlers; i++)
		if (m->slot[m->order[i]].want)
			return false;
	return true;
}

bool model_oneshot_busy(const struct model_line *m)
{
	for (int s = 0; s < MODEL_SLOTS; s++)
		if (m->slot[s].oneshot_bit && m->slot[s].state != SLOT_FREE)
			return true;
	return false;
}

bool model_threads_idle(const struct model_line *m)
{
	for (int s = 0; s < MODEL_SLOTS; s++)
		if (m->slot[s].woken || m->slot[s].running)
			return false;
	return true;
}

/*
 * After the line's CPU took its interrupts, an event may still be owed to
 * a device whose thread is woken and will service it, or to any device of
 * a ONESHOT line with a thread to return (the line may be masked for it:
 * held, or left masked by an enable_irq() that came meanwhile); nothing
 * else.
 */
bool model_nothing_lost(const struct model_line *m)
{
	/* Shut down: its events wait at the controller for a CPU. */
	if (m->held || m->shutdown || (m->oneshot && model_oneshot_busy(m)))
		return true;
	for (int i = 0; i < m->nr_handlers; i++) {
		const struct model_slot *s = &m->slot[m->order[i]];

		if (s->want && !(s->woken && (s->prim == PRIM_DEFER || s->prim == PRIM_NULL)))
			return false;
	}
	return true;
}

bool model_should_deliver(const struct model_line *m)
{
	return m->depth == 0 && m->nr_handlers > 0 && !m->shutdown && !model_nothing_owed(m);
}

/* The stuck-line rule's counting for one run of the chain. */
static void note_run(struct model_line *m, bool claimed, uint64_t now)
{
	if (claimed && m->unhandled == 0)
		return;			/* no window open */
	if (!claimed) {
		if (m->unhandled && now - m->last_unhandled > MODEL_SPURIOUS_DECAY_NS)
			m->count = m->unhandled = 0;
		m->unhandled++;
		m->last_unhandled = now;
	}
	if (++m->count >= MODEL_SPURIOUS_WINDOW)
		m->count = m->unhandled = 0;
}

/*
 * The stuck-line rule's judgement of a run (spurious.c): a run that only
 * woke threads is judged by them, one event later: "the event counts as
 * handled when some thread returned IRQ_HANDLED since the event before,
 * else as unhandled", and the first such event (after one that was not
 * wake-only) has nothing to be judged by and is not counted.
 */
static void judge_run(struct model_line *m, uint64_t now)
{
	bool handled = m->chain_claimed;

	if (m->chain_woke && m->chain_claimed) {
		m->deferred = false;
	} else if (m->chain_woke) {
		if (!m->deferred) {
			m->deferred = true;
			m->handled_last = m->threads_handled;
			return;
		}
		handled = m->threads_handled != m->handled_last;
		m->handled_last = m->threads_handled;
	}
	note_run(m, handled, now);
}

static void end_chain(struct model_line *m, uint64_t now)
{
	if (m->in_chain) {
		judge_run(m, now);
		m->in_chain = false;
		/* A ONESHOT line's flow leaves it masked while a bit is set. */
		if (m->oneshot && m->oneshot_masks && model_oneshot_busy(m))
			m->held = true;
	}
}

/* Close a run of the chain that ended with its last handler. */
void model_chain_done(struct model_line *m, uint64_t now);
void model_chain_done(struct model_line *m, uint64_t now)
{
	end_chain(m, now);
}

/*
 * A wake-up: one that finds the thread woken and not started merges. A
 * delivery's (@delivery) sets the slot's ONESHOT bit, also when it merges;
 * irq_wake_thread()'s sets none.
 */
static void wake(struct model_line *m, int slot, unsigned int cpu, bool delivery)
{
	struct model_slot *s = &m->slot[slot];

	if (delivery && s->oneshot)
		s->oneshot_bit = true;
	if (s->woken)
		return;
	s->woken = true;
	s->queue_cpu = cpu;
	s->wakeups++;
}

void model_wake(struct model_line *m, int slot, unsigned int cpu)
{
	if (m->slot[slot].state == SLOT_INSTALLED && m->slot[slot].prim != PRIM_PLAIN)
		wake(m, slot, cpu, false);
}

/* Position of the first primary the model sees, from @pos on. */
static int next_visible(const struct model_line *m, int pos)
{
	while (pos < m->nr_handlers && m->slot[m->order[pos]].prim == PRIM_NULL)
		pos++;
	return pos;
}

bool model_chain_visible(const struct model_line *m)
{
	return next_visible(m, 0) < m->nr_handlers;
}

/* A run of the chain starts: the NULL primaries in it wake their threads. */
static void open_chain(struct model_line *m, unsigned int cpu)
{
	m->in_chain = true;
	m->chain_pos = 0;
	m->chain_claimed = false;
	m->chain_woke = false;
	m->runs++;
	for (int i = 0; i < m->nr_handlers; i++)
		if (m->slot[m->order[i]].prim == PRIM_NULL) {
			wake(m, m->order[i], cpu, true);
			m->chain_woke = true;
		}
}

const char *model_silent_runs(struct model_line *m, unsigned long n, unsigned int cpu,
			      uint64_t now)
{
	while (n--) {
		end_chain(m, now);
		if (m->held)
			return "ONESHOT line delivered while its threads hold it masked";
		open_chain(m, cpu);
		end_chain(m, now);
	}
	return NULL;
}

const char *model_primary_call(struct model_line *m, int slot, unsigned int cpu,
			       uint64_t now, int *ret)
{
	struct model_slot *s = &m->slot[slot];
	int pos;

	*ret = 0;
	if (s->state == SLOT_FREE)
		return "handler called while not installed (after free_irq returned?)";
	if (m->depth > 0)
		return "handler called on a disabled line";
	if (m->shutdown)
		return "handler called on a line shut down for lack of CPUs";
	if (cpu != m->route)
		return "handler called on a CPU the line is not routed to";
	/* Handlers run in install order; the first one opens a run. */
	pos = m->in_chain ? next_visible(m, m->chain_pos) : m->nr_handlers;
	if (pos >= m->nr_handlers || m->order[pos] != slot) {
		end_chain(m, now);
		pos = next_visible(m, 0);
		if (pos >= m->nr_handlers || m->order[pos] != slot) {
			/* A freeing handler may still be run by a walk that began
			 * before it was unlinked; otherwise runs start at the head. */
			if (s->state != SLOT_FREEING)
				return "handler run out of install order";
		}
		if (m->held)
			return "ONESHOT line delivered while its threads hold it masked";
		open_chain(m, cpu);
		if (m->level && !model_line_asserted(m))
			return "level line run with nothing asserted (a replay)";
		if (!m->level && model_nothing_owed(m))
			m->stale_runs++;
	}
	if (pos < m->nr_handlers && m->order[pos] == slot)
		m->chain_pos = pos + 1;
	if (s->want) {
		switch (s->prim) {
		case PRIM_PLAIN:
			s->want = 0;
			*ret = 1;			/* IRQ_HANDLED */
			m->chain_claimed = true;
			break;
		case PRIM_QUICK:
			s->want = 0;
			s->handed = 1;
			/* fall through */
		case PRIM_DEFER:
		case PRIM_NULL:
			*ret = 2;			/* IRQ_WAKE_THREAD */
			wake(m, slot, cpu, true);
			m->chain_woke = true;
			break;
		}
	}
	if (next_visible(m, m->chain_pos) >= m->nr_handlers)
		end_chain(m, now);
	return NULL;
}

/*
 * "run in process context ... once per wake-up however many wake-ups came
 * while it was pending", on the CPU it was woken for, never after
 * free_irq() returned.
 */
const char *model_thread_begin(struct model_line *m, int slot, unsigned int cpu)
{
	struct model_slot *s = &m->slot[slot];

	if (s->state == SLOT_FREE)
		return "thread ran after free_irq returned";
	if (s->prim == PRIM_PLAIN)
		return "thread of an action without one";
	if (s->running)
		return "thread ran inside its own run";
	if (!s->woken)
		return "thread ran without a wake-up (or twice for one)";
	if (cpu != s->queue_cpu)
		return "thread ran on a CPU it was not woken for";
	s->woken = false;
	s->running = true;
	s->runs++;
	return NULL;
}

bool model_thread_service(struct model_line *m, int slot)
{
	struct model_slot *s = &m->slot[slot];
	bool claim = false;

	if (s->prim == PRIM_QUICK) {
		claim = s->handed != 0;
		s->handed = 0;
	} else if (s->want) {
		s->want = 0;
		claim = true;
	}
	return claim;
}

/*
 * The thread returned: its bit goes unless a wake-up came meanwhile (the
 * run to come keeps it); a ONESHOT line is no longer held once no bit is set.
 */
void model_thread_end(struct model_line *m, int slot, bool handled)
{
	m->slot[slot].running = false;
	if (!m->slot[slot].woken)
		m->slot[slot].oneshot_bit = false;
	if (handled)
		m->threads_handled++;
	if (!model_oneshot_busy(m))
		m->held = false;
}

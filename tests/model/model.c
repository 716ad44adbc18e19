// SPDX-License-Identifier: MIT
/*
 * model.c - the reference model of one line (see model.h).
 *
 * Every rule here is a sentence of include/genirq/interrupt.h or irq.h
 * turned into a few lines of code; nothing is copied from core/.
 */
#include <stddef.h>
#include <genirq/errno.h>

#include "model.h"

void model_init(struct model_line *m, bool level, unsigned int depth)
{
	*m = (struct model_line){ .level = level, .depth = depth,
				  .affinity = (1u << MODEL_CPUS) - 1, .route = 0 };
}

/* "later ones are appended when every handler on the line, and this one,
 * asked for IRQF_SHARED" */
int model_request(struct model_line *m, int slot, bool shared)
{
	for (int i = 0; i < m->nr_handlers; i++)
		if (!shared || !m->slot[m->order[i]].shared)
			return -EBUSY;
	m->slot[slot] = (struct model_slot){ .state = SLOT_INSTALLED, .shared = shared };
	m->order[m->nr_handlers++] = slot;
	/* "The first handler on a line starts it with a disable depth of 0";
	 * the stuck-line counters start over with it. */
	if (m->nr_handlers == 1) {
		m->depth = 0;
		m->count = m->unhandled = 0;
	}
	return 0;
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
	}
}

/* free_irq() returned: the handler must never be called again. */
void model_free_end(struct model_line *m, int slot)
{
	m->slot[slot].state = SLOT_FREE;
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
	if (--m->depth == 0)
		m->count = m->unhandled = 0;
}

/* "-EINVAL for ... a mask with no online CPU"; routed to one of them. */
int model_set_affinity(struct model_line *m, unsigned int mask, unsigned int online)
{
	unsigned int usable = mask & online;

	if (!usable)
		return -EINVAL;
	m->affinity = mask;
	for (unsigned int cpu = 0; cpu < MODEL_CPUS; cpu++)
		if (usable & (1u << cpu)) {
			m->route = cpu;
			break;
		}
	return 0;
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

bool model_should_deliver(const struct model_line *m)
{
	return m->depth == 0 && m->nr_handlers > 0 && !model_nothing_owed(m);
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

static void end_chain(struct model_line *m, uint64_t now)
{
	if (m->in_chain) {
		note_run(m, m->chain_claimed, now);
		m->in_chain = false;
	}
}

/* Close a run of the chain that ended with its last handler. */
void model_chain_done(struct model_line *m, uint64_t now);
void model_chain_done(struct model_line *m, uint64_t now)
{
	end_chain(m, now);
}

const char *model_handler_call(struct model_line *m, int slot, unsigned int cpu,
			       uint64_t now, bool *claim)
{
	struct model_slot *s = &m->slot[slot];

	*claim = false;
	if (s->state == SLOT_FREE)
		return "handler called while not installed (after free_irq returned?)";
	if (m->depth > 0)
		return "handler called on a disabled line";
	if (cpu != m->route)
		return "handler called on a CPU the line is not routed to";
	/* Handlers run in install order; the first one opens a run. */
	if (!m->in_chain || m->chain_pos >= m->nr_handlers || m->order[m->chain_pos] != slot) {
		end_chain(m, now);
		if (m->nr_handlers == 0 || m->order[0] != slot) {
			/* A freeing handler may still be run by a walk that began
			 * before it was unlinked; otherwise runs start at the head. */
			if (s->state != SLOT_FREEING)
				return "handler run out of install order";
		}
		m->in_chain = true;
		m->chain_pos = 0;
		m->chain_claimed = false;
		m->runs++;
		if (m->level && !model_line_asserted(m))
			return "level line run with nothing asserted (a replay)";
		if (!m->level && model_nothing_owed(m))
			m->stale_runs++;
	}
	if (m->chain_pos < m->nr_handlers && m->order[m->chain_pos] == slot)
		m->chain_pos++;
	if (s->want) {
		s->want = 0;
		*claim = true;
		m->chain_claimed = true;
	}
	if (m->chain_pos >= m->nr_handlers)
		end_chain(m, now);
	return NULL;
}

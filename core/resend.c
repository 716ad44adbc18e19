// SPDX-License-Identifier: MIT
/*
 * resend.c - replay of an edge that arrived while its line was disabled.
 *
 * The last enable_irq() of a line with an event PENDING sends it again,
 * once (REPLAY guards against a second send until an event is taken):
 * not at all when the controller says it holds an edge of the line
 * (irq_get_irqchip_state() pending: it delivers that one at the unmask),
 * else through the controller's retrigger when it has one, else in
 * software from IRQ_RESEND_SOFTIRQ, never with the caller's locks held (a
 * nested line's in the interrupt thread that read it: nested.c). Level
 * lines are never replayed: while the device still asserts its line, the
 * controller delivers it again by itself after the unmask.
 *
 * The lines waiting for a software replay are marked (replay_queued) and
 * their numbers queued in a small ring, not in a bitmap sized by the
 * capacity: more than REPLAY_RING of them at once (rare: most
 * controllers retrigger) sets replay_overflow, and the softirq then
 * looks at every line for the mark. A build of at most REPLAY_SCAN_MAX
 * lines queues none: its softirq always looks at each.
 */
#include "internals.h"
#include "trace_points.h"

#define REPLAY_RING	16u
/* Up to this many lines, one look at each costs less than the ring's code. */
#define REPLAY_SCAN_MAX	64u
#define REPLAY_SCAN	(GENIRQ_MAX_IRQS <= REPLAY_SCAN_MAX)

static struct irq_spinlock resend_lock = IRQ_SPINLOCK_INIT;
static unsigned int replay_ring[REPLAY_RING];	/* [resend_lock] line numbers */
static unsigned int replay_head, replay_tail;	/* [resend_lock] taken, queued */
static bool replay_overflow;			/* [resend_lock] one did not fit */

/*
 * resend_lock, with interrupts off: on one CPU (IRQ_UP) having them off
 * is all it takes.
 */
static void resend_lock_take(void)
{
	if (!IRQ_UP)
		irq_spin_lock(&resend_lock);
}

static void resend_lock_give(void)
{
	if (!IRQ_UP)
		irq_spin_unlock(&resend_lock);
}

/* Caller holds desc->lock with interrupts off. */
void irq_resend(struct irq_desc *desc)
{
	unsigned int st = desc_state(desc);
	unsigned int irq = desc->data.irq;

	desc_assert_locked(desc);
	irq_assert(port_irqs_disabled());
	if (!(st & IRQS_PENDING))
		return;
	if (desc_is_level(desc)) {
		desc_set_state(desc, st & ~IRQS_PENDING);
		return;
	}
	/* One test for both: an untraced line pays nothing for the trace point. */
	if (irq_unlikely(st & (IRQS_REPLAY | IRQS_TRACED))) {
		if (st & IRQS_REPLAY)
			return;
		irq_trace_desc_event(desc, IRQ_TRACE_REPLAY, 0, NULL);
	}
	desc_set_state(desc, st | IRQS_REPLAY);
	/* A controller that holds an edge delivers it at the unmask: sent once. */
	if (irq_desc_chip_pending(desc) || irq_desc_retrigger(desc))
		return;

	resend_lock_take();
	if (!desc->replay_queued) {
		desc->replay_queued = true;
		if (!REPLAY_SCAN && replay_tail - replay_head < REPLAY_RING)
			replay_ring[replay_tail++ % REPLAY_RING] = irq;
		else
			replay_overflow = true;
	}
	resend_lock_give();
	raise_softirq_irqoff(IRQ_RESEND_SOFTIRQ);
}

/*
 * Whether @desc waited for a software replay; it no longer does. A number
 * in the ring may have been freed and made again meanwhile: the new line
 * is not marked. Caller is a reader (grace.c).
 */
static bool unqueue(struct irq_desc *desc)
{
	unsigned long flags = port_irq_save();
	bool queued;

	resend_lock_take();
	queued = desc->replay_queued;
	desc->replay_queued = false;
	resend_lock_give();
	port_irq_restore(flags);
	return queued;
}

/*
 * Take the ring's next line into *@desc (NULL if it is gone or no longer
 * marked); false once the ring is empty, with *@scan set if the ring
 * overflowed meanwhile. Caller is a reader (grace.c).
 */
static bool take_next(struct irq_desc **desc, bool *scan)
{
	unsigned long flags = port_irq_save();
	bool found;

	resend_lock_take();
	found = !REPLAY_SCAN && replay_head != replay_tail;

	if (found) {
		*desc = irq_to_desc(replay_ring[replay_head++ % REPLAY_RING]);
		if (*desc && (*desc)->replay_queued)
			(*desc)->replay_queued = false;
		else
			*desc = NULL;
	} else {
		*scan = replay_overflow;
		replay_overflow = false;
	}
	resend_lock_give();
	port_irq_restore(flags);
	return found;
}

/*
 * The controller delivered this event once and its flow already ended it
 * (ack or eoi) when it marked the line PENDING; a software replay must not
 * end it again (an eoi with nothing in service may end another line's
 * event). The standard flows' replay is therefore the simple flow: the
 * handlers and the pending loop, no controller calls but the mask a
 * fasteoi ONESHOT line keeps from the primary until its threads return,
 * as its flow does. Other flows (chained demultiplexers) run their own.
 */
static void replay(struct irq_desc *desc)
{
	unsigned int kind = desc->flow_kind;

	if (GENIRQ_ENABLED(GENIRQ_THREADS) && irq_unlikely(desc_state(desc) & IRQS_NESTED)) {
		irq_nested_resend(desc);	/* counted when it runs, in a thread */
		return;
	}
	desc_kstat_inc(desc, irq_cpu_id());
	if (kind == IRQ_FLOW_EDGE || kind == IRQ_FLOW_FASTEOI)
		handle_simple_irq(desc);
	else
		atomic_load_explicit(&desc->flow, memory_order_relaxed)(desc);
}

static __irq_speed_inline void replay_if_due(struct irq_desc *desc)
{
	unsigned long flags = port_irq_save();

	/* A real event taken meanwhile cleared REPLAY: nothing to send. */
	if ((desc_state(desc) & (IRQS_REPLAY | IRQS_PENDING)) == (IRQS_REPLAY | IRQS_PENDING)) {
		irq_enter();
		replay(desc);
		irq_exit();
	}
	port_irq_restore(flags);
}

/* More lines waited than the ring holds: look at each for the mark. */
static __irq_noinline void replay_marked(void)
{
	struct irq_desc *desc;

	for (unsigned int irq = 0; irq_desc_iter(&irq, &desc); irq++)
		if (unqueue(desc))
			replay_if_due(desc);
}

static void resend_softirq(void)
{
	unsigned int rd = desc_read_lock();
	struct irq_desc *desc;
	bool scan = false;

	for (;;) {
		if (take_next(&desc, &scan)) {
			if (desc)
				replay_if_due(desc);
		} else if (scan) {
			replay_marked();
			scan = false;
		} else {
			break;
		}
	}
	desc_read_unlock(rd);
}

void irq_resend_init(void)
{
	struct irq_desc *desc;

	/* Lines kept from before: none waits, as the ring is empty. */
	for (unsigned int irq = 0; irq_desc_iter(&irq, &desc); irq++)
		desc->replay_queued = false;
	replay_head = replay_tail = 0;
	replay_overflow = false;
	open_softirq(IRQ_RESEND_SOFTIRQ, resend_softirq);
}

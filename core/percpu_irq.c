// SPDX-License-Identifier: MIT
/*
 * percpu_irq.c - request_percpu_irq() and its per-CPU enables
 * (<genirq/percpu_irq.h>).
 *
 * The line is an ordinary per-CPU line (IRQS_PER_CPU, handle_percpu_irq)
 * whose one action is ours: its handler is percpu_devid_handler(), which
 * hands the real handler the calling CPU's instance, and only on a CPU
 * that enabled the line. The enabled CPUs are a mask in the action's
 * wrapper, changed under the descriptor lock; each CPU reads its own bit.
 */
#include "internals.h"
#include <genirq/percpu_irq.h>

GENIRQ_FEATURE_SOURCE(GENIRQ_PERCPU_IRQ, "PERCPU_IRQ");

struct percpu_devid {
	struct irqaction	action;		/* dev_id: this wrapper */
	irq_handler_t		handler;
	void			*base;
	size_t			stride;
	atomic_ulong		enabled[CPUMASK_LONGS];	/* by CPU */
	atomic_ulong		strays;
};

static bool cpu_enabled(struct percpu_devid *p, unsigned int cpu)
{
	unsigned long w = atomic_load_explicit(&p->enabled[cpu / CPUMASK_BITS_PER_LONG],
					       memory_order_relaxed);

	return (w >> (cpu % CPUMASK_BITS_PER_LONG)) & 1UL;
}

static irqreturn_t percpu_devid_handler(int irq, void *dev_id)
{
	struct percpu_devid *p = dev_id;
	unsigned int cpu = port_cpu_id();

	if (irq_unlikely(!cpu_enabled(p, cpu))) {
		atomic_fetch_add_explicit(&p->strays, 1, memory_order_relaxed);
		return IRQ_HANDLED;	/* ours, not a stuck line: not run */
	}
	return p->handler(irq, irq_percpu_ptr(p->base, p->stride, cpu));
}

/* The line's wrapper, or NULL. Caller holds desc->lock. */
static struct percpu_devid *devid_of(struct irq_desc *desc)
{
	struct irqaction *a = desc_action(desc);

	if (!a || a->handler != percpu_devid_handler)
		return NULL;
	return (struct percpu_devid *)((char *)a - offsetof(struct percpu_devid, action));
}

/*
 * Mark @desc per-CPU for a request, or say why not (-errno): it has a
 * handler, is a cascade, or has no controller. *@was: it was per-CPU.
 */
static int make_percpu(struct irq_desc *desc, bool *was)
{
	unsigned long flags = desc_lock_irqsave(desc);
	unsigned int st = desc_state(desc);
	int ret = 0;

	*was = (st & IRQS_PER_CPU) != 0;
	if (desc_action(desc) || (st & IRQS_NOREQUEST))
		ret = -EBUSY;
	else if (!irq_desc_has_chip(desc))
		ret = -ENOSYS;
	else if (!*was) {
		desc_set_state(desc, st | IRQS_PER_CPU);
		irq_choose_flow(desc);
	}
	desc_unlock_irqrestore(desc, flags);
	return ret;
}

/* Undo make_percpu() of a line that was not per-CPU and got no handler. */
static void unmake_percpu(struct irq_desc *desc)
{
	unsigned long flags = desc_lock_irqsave(desc);

	if (!desc_action(desc)) {
		desc_set_state(desc, desc_state(desc) & ~IRQS_PER_CPU);
		irq_choose_flow(desc);
	}
	desc_unlock_irqrestore(desc, flags);
}

int irq_request_percpu_stride(unsigned int irq, irq_handler_t handler, const char *name,
			      void *percpu_dev_id, size_t stride)
{
	struct percpu_devid *p;
	struct irq_desc *desc;
	unsigned long flags;
	unsigned int rd;
	bool was = false;
	int ret;

	if (!handler || !percpu_dev_id || stride == 0)
		return -EINVAL;
	p = irq_zalloc(sizeof(*p));
	if (!p)
		return -ENOMEM;
	p->handler = handler;
	p->base = percpu_dev_id;
	p->stride = stride;
	p->action = (struct irqaction){ .handler = percpu_devid_handler, .flags = IRQF_PERCPU,
					.name = name, .dev_id = p };
	desc = irq_desc_get(irq, &rd);
	if (!desc) {
		irq_free(p);
		return -EINVAL;
	}
	ret = make_percpu(desc, &was);
	/* Installed and masked with this CPU's interrupts off: it takes no event between. */
	flags = port_irq_save();
	if (ret == 0)
		ret = setup_irq(irq, &p->action);
	if (ret == 0) {
		desc_lock(desc);
		desc->mask(&desc->data);
		desc_unlock(desc);
	}
	port_irq_restore(flags);
	if (ret && !was)
		unmake_percpu(desc);
	irq_desc_put(rd);
	if (ret) {
		irq_log("irq %u: request_percpu_irq of \"%s\" refused (%d): the line has a handler, "
			"is a cascade or has no controller; nothing changed", irq, name ? name : "?", ret);
		irq_free(p);
	}
	return ret;
}

int irq_percpu_free(unsigned int irq, void *percpu_dev_id, bool nmi)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(irq, &rd);
	struct percpu_devid *p;
	unsigned long flags;
	const char *why = NULL;
	int ret = 0;

	if (!desc)
		return -EINVAL;
	flags = desc_lock_irqsave(desc);
	p = devid_of(desc);
	if (!p || p->base != percpu_dev_id) {
		why = "not its per-CPU dev_id";
		ret = -EINVAL;
	} else if (nmi != ((desc_state(desc) & IRQS_NMI) != 0)) {
		why = nmi ? "not an NMI (free_percpu_irq() frees it)"
			  : "an NMI (free_percpu_nmi() frees it)";
		ret = -EINVAL;
	} else {
		for (unsigned int i = 0; i < CPUMASK_LONGS; i++)
			if (atomic_load_explicit(&p->enabled[i], memory_order_relaxed))
				ret = -EBUSY;
		if (ret)
			why = "still enabled on a CPU (disable_percpu_irq() there first)";
	}
	if (ret == 0 && nmi) {
		/* An ordinary per-CPU line again; free_irq() waits for NMIs running it. */
		desc_set_state(desc, desc_state(desc) & ~IRQS_NMI);
		irq_choose_flow(desc);
	}
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	if (ret) {
		irq_log("irq %u: %s refused: %s, nothing freed", irq,
			nmi ? "free_percpu_nmi" : "free_percpu_irq", why);
		return ret;
	}
	free_irq(irq, p);	/* waits until no CPU runs it */
	irq_free(p);
	return 0;
}

int free_percpu_irq(unsigned int irq, void *percpu_dev_id)
{
	return irq_percpu_free(irq, percpu_dev_id, false);
}

/* Set or clear the calling CPU's enable, at its controller and in the mask. */
static void percpu_switch(unsigned int irq, bool on, const char *verb)
{
	unsigned int cpu = port_cpu_id(), rd;
	struct irq_desc *desc = irq_desc_get(irq, &rd);
	atomic_ulong *w;
	unsigned long flags, bit = 1UL << (cpu % CPUMASK_BITS_PER_LONG);
	struct percpu_devid *p;

	if (!desc) {
		irq_log("irq %u: %s of a line that does not exist", irq, verb);
		return;
	}
	flags = desc_lock_irqsave(desc);
	p = devid_of(desc);
	if (!p) {
		irq_log("irq %u: %s of a line without request_percpu_irq(), ignored", irq, verb);
	} else {
		w = &p->enabled[cpu / CPUMASK_BITS_PER_LONG];
		if (on) {
			atomic_fetch_or_explicit(w, bit, memory_order_relaxed);
			desc->unmask(&desc->data);
		} else {
			desc->mask(&desc->data);
			atomic_fetch_and_explicit(w, ~bit, memory_order_relaxed);
		}
	}
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
}

void enable_percpu_irq(unsigned int irq, unsigned int type)
{
	if (type != IRQ_TYPE_NONE && irq_set_irq_type(irq, type)) {
		irq_log("irq %u: enable_percpu_irq: type 0x%x refused, not enabled", irq, type);
		return;
	}
	percpu_switch(irq, true, "enable_percpu_irq");
}

void disable_percpu_irq(unsigned int irq)
{
	percpu_switch(irq, false, "disable_percpu_irq");
}

bool irq_percpu_is_enabled(unsigned int irq)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(irq, &rd);
	unsigned long flags;
	bool on = false;

	if (!desc)
		return false;
	flags = desc_lock_irqsave(desc);
	if (devid_of(desc))
		on = cpu_enabled(devid_of(desc), port_cpu_id());
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	return on;
}

unsigned long irq_percpu_strays(unsigned int irq)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(irq, &rd);
	unsigned long flags, n = 0;

	if (!desc)
		return 0;
	flags = desc_lock_irqsave(desc);
	if (devid_of(desc))
		n = atomic_load_explicit(&devid_of(desc)->strays, memory_order_relaxed);
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	return n;
}

// SPDX-License-Identifier: MIT
/*
 * devres.c - owner-grouped requests: what a driver requested through an
 * owner is freed in one call, newest first (Linux's devm_* pattern).
 */
#include "internals.h"

GENIRQ_FEATURE_SOURCE(GENIRQ_DEVRES, "DEVRES");

/* One request of an owner. */
struct irq_devres {
	struct irq_devres	*next;		/* [devres_lock] the owner's older ones */
	unsigned int		irq;
	void			*dev_id;
};

/*
 * Guards every owner's list. Owners are few and their lists short; a
 * lock per owner would put a core lock in the caller's struct.
 */
static struct irq_spinlock devres_lock = IRQ_SPINLOCK_INIT;

int devm_request_threaded_irq(struct irq_owner *owner, unsigned int irq, irq_handler_t handler,
			      irq_handler_t thread_fn, unsigned long flags, const char *name,
			      void *dev_id)
{
	struct irq_devres *dr;
	unsigned long lflags;
	int ret;

	if (!owner)
		return -EINVAL;
	dr = irq_zalloc(sizeof(*dr));
	if (!dr)
		return -ENOMEM;
	ret = request_threaded_irq(irq, handler, thread_fn, flags, name, dev_id);
	if (ret) {
		irq_free(dr);
		return ret;
	}
	dr->irq = irq;
	dr->dev_id = dev_id;
	lflags = irq_spin_lock_irqsave(&devres_lock);
	dr->next = owner->head;
	owner->head = dr;
	irq_spin_unlock_irqrestore(&devres_lock, lflags);
	return 0;
}

int devm_request_irq(struct irq_owner *owner, unsigned int irq, irq_handler_t handler,
		     unsigned long flags, const char *name, void *dev_id)
{
	/* A NULL @handler is refused there: there is no thread either. */
	return devm_request_threaded_irq(owner, irq, handler, NULL, flags, name, dev_id);
}

/* Unlink @owner's record of (@irq, @dev_id), or its newest with @any. */
static struct irq_devres *take(struct irq_owner *owner, unsigned int irq, void *dev_id, bool any)
{
	unsigned long flags = irq_spin_lock_irqsave(&devres_lock);
	struct irq_devres *dr, **link;

	for (link = &owner->head; (dr = *link) != NULL; link = &dr->next)
		if (any || (dr->irq == irq && dr->dev_id == dev_id)) {
			*link = dr->next;
			break;
		}
	irq_spin_unlock_irqrestore(&devres_lock, flags);
	return dr;
}

void devm_free_irq(struct irq_owner *owner, unsigned int irq, void *dev_id)
{
	struct irq_devres *dr;

	if (in_interrupt()) {
		irq_log("irq %u: devm_free_irq from interrupt context refused", irq);
		return;
	}
	dr = owner ? take(owner, irq, dev_id, false) : NULL;
	if (!dr) {
		irq_log("irq %u: devm_free_irq of dev_id %p, which this owner did not request: "
			"nothing freed", irq, dev_id);
		return;
	}
	free_irq(dr->irq, dr->dev_id);
	irq_free(dr);
}

unsigned int irq_owner_release(struct irq_owner *owner)
{
	struct irq_devres *dr;
	unsigned int n = 0;

	if (!owner)
		return 0;
	if (in_interrupt()) {
		irq_log("irq_owner_release from interrupt context refused");
		return 0;
	}
	while ((dr = take(owner, 0, NULL, true)) != NULL) {
		free_irq(dr->irq, dr->dev_id);
		irq_free(dr);
		n++;
	}
	return n;
}

// SPDX-License-Identifier: MIT
/*
 * nmi.c - NMI lines: request_nmi(), request_percpu_nmi() and their
 * verbs, the two NMI flows and the controllers' NMI entry
 * (<genirq/nmi.h>).
 *
 * An NMI line is an ordinary requested line marked IRQS_NMI, whose
 * controller was asked to make it an NMI (nmi_setup) and whose flow is
 * one of the two below: they read the action without the descriptor
 * lock, run the one handler, end the event, and never look at the line's
 * state (a disabled NMI line is masked at once, never lazily). A CPU
 * running one is counted in its per-CPU handler depth (reader_mark(), as
 * handle_percpu_irq() does), which is what the frees wait on: an NMI
 * comes at any time, so the line's INPROGRESS is no use here.
 */
#include "internals.h"
#include <genirq/irqdomain.h>
#include <genirq/nmi.h>
#include <genirq/percpu_irq.h>

GENIRQ_FEATURE_SOURCE(GENIRQ_NMI, "NMI");

/* Flags that would share or hold the line: an NMI takes none. */
#define NMI_REFUSED_FLAGS	(IRQF_SHARED | IRQF_ONESHOT | IRQF_COND_SUSPEND)

/*
 * The NMI flow, both kinds: the controller's start (ack, where it has
 * one), the handler, its end (eoi). A per-CPU line's action is
 * percpu_irq.c's, which hands the handler this CPU's instance.
 */
static __irq_always_inline void nmi_flow(struct irq_desc *desc)
{
	atomic_uint *depth = &irq_this_cpu()->percpu_depth;
	unsigned int n = atomic_load_explicit(depth, memory_order_relaxed);
	struct irqaction *action;

	irq_assert(in_nmi());
	desc->ack(&desc->data);
	reader_mark(depth, n + 1);
	action = atomic_load_explicit(&desc->action, memory_order_seq_cst);
	if (irq_likely(action))
		(void)action->handler((int)desc->data.irq, action->dev_id);
	irq_atomic_store(depth, n, memory_order_release);
	desc->eoi(&desc->data);
}

void handle_fasteoi_nmi(struct irq_desc *desc)
{
	nmi_flow(desc);
}

void handle_percpu_devid_fasteoi_nmi(struct irq_desc *desc)
{
	nmi_flow(desc);
}

irq_flow_handler_t irq_nmi_flow(struct irq_desc *desc)
{
	return desc_state(desc) & IRQS_PER_CPU ? handle_percpu_devid_fasteoi_nmi
					      : handle_fasteoi_nmi;
}

int generic_handle_domain_nmi(struct irq_domain *d, irq_hw_number_t hw)
{
	int irq = irq_find_mapping(d, hw);
	struct irq_desc *desc = irq >= 0 ? irq_to_desc((unsigned int)irq) : NULL;

	irq_assert(in_nmi());
	if (irq_unlikely(!desc || !(desc_state(desc) & IRQS_NMI))) {
		irq_error_event();
		return -EINVAL;
	}
	desc_handle(desc);
	return 0;
}

int irq_handle_domain_nmi_entry(struct irq_domain *d, irq_hw_number_t hw, void *regs)
{
	struct irq_cpu *c;
	void *old_regs;
	int ret;

	nmi_enter();
	c = irq_this_cpu();
	old_regs = c->regs;
	c->regs = regs;
	ret = generic_handle_domain_nmi(d, hw);
	c->regs = old_regs;
	nmi_exit();
	return ret;
}

bool irq_is_nmi(unsigned int irq)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(irq, &rd);
	bool nmi;

	if (!desc)
		return false;
	nmi = (desc_state(desc) & IRQS_NMI) != 0;
	irq_desc_put(rd);
	return nmi;
}

/*
 * Whether @desc can become an NMI line, as Linux's irq_supports_nmi():
 * a free line of a root controller that has NMIs and no slow bus.
 * @percpu: for request_percpu_nmi() (which makes the line per-CPU).
 * Caller holds desc->lock. Return: 0, or -errno with *@why.
 */
static int nmi_refuses(struct irq_desc *desc, bool percpu, const char **why)
{
	const struct irq_chip *chip = desc->data.chip;
	unsigned int st = desc_state(desc);

	desc_assert_locked(desc);
	if (desc_action(desc) || (st & IRQS_NOREQUEST)) {
		*why = "the line has a handler or is a cascade";
		return -EBUSY;
	}
	if (!irq_desc_has_chip(desc)) {
		*why = "the line has no controller";
		return -EINVAL;
	}
	if (!(chip->flags & IRQCHIP_SUPPORTS_NMI) || !chip->nmi_setup) {
		*why = "its controller has no NMIs (IRQCHIP_SUPPORTS_NMI)";
		return -EINVAL;
	}
	if (desc->data.parent_data) {
		*why = "only lines of the root controller can be NMIs";
		return -EINVAL;
	}
	if (st & (IRQS_BUS_LOCK | IRQS_NESTED)) {
		*why = "the line is behind a slow bus";
		return -EINVAL;
	}
	if (!percpu && (st & IRQS_PER_CPU)) {
		*why = "the line is per-CPU: request_percpu_nmi() takes it";
		return -EINVAL;
	}
	return 0;
}

/* nmi_refuses() of line @irq, under its lock. */
static int nmi_check(unsigned int irq, bool percpu, const char **why)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(irq, &rd);
	unsigned long flags;
	int ret;

	if (!desc) {
		*why = "no such line";
		return -EINVAL;
	}
	flags = desc_lock_irqsave(desc);
	ret = nmi_refuses(desc, percpu, why);
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	return ret;
}

/* Why request_nmi() refuses @flags, or NULL. */
static const char *nmi_flags_refused(unsigned long flags)
{
	if (flags & NMI_REFUSED_FLAGS)
		return "an NMI is never shared (IRQF_SHARED, IRQF_ONESHOT, IRQF_COND_SUSPEND)";
	if (!(flags & IRQF_NO_AUTOEN))
		return "an NMI is requested disabled: IRQF_NO_AUTOEN, then enable_nmi()";
	return NULL;
}

/*
 * Mark the line an NMI now that its controller made it one (@setup: run
 * nmi_setup first). Caller holds desc->lock. Return: 0 or the
 * controller's -errno (the line unmarked).
 */
static int nmi_mark(struct irq_desc *desc, bool setup)
{
	const struct irq_chip *chip = desc->data.chip;
	int ret = 0;

	if (!(chip->flags & IRQCHIP_SUPPORTS_NMI) || !chip->nmi_setup)
		return -EINVAL;		/* the chip changed since the check */
	if (setup)
		ret = chip->nmi_setup(&desc->data);
	if (ret == 0) {
		desc_set_state(desc, desc_state(desc) | IRQS_NMI);
		irq_choose_flow(desc);
	}
	return ret;
}

int request_nmi(unsigned int irq, irq_handler_t handler, unsigned long flags,
		const char *name, void *dev_id)
{
	const char *why = handler ? nmi_flags_refused(flags) : "no handler";
	struct irq_desc *desc;
	unsigned long lflags;
	unsigned int rd;
	int ret = -EINVAL;

	if (why || (ret = nmi_check(irq, false, &why)) != 0)
		goto refused;
	/* Linux's IRQF_PERCPU here says "stays on its CPU": so does any line. */
	ret = request_irq(irq, handler, (flags & ~IRQF_PERCPU) | IRQF_NO_THREAD, name, dev_id);
	if (ret)
		return ret;		/* request_irq() said why */
	desc = irq_desc_get(irq, &rd);
	lflags = desc_lock_irqsave(desc);
	ret = nmi_mark(desc, true);
	desc_unlock_irqrestore(desc, lflags);
	irq_desc_put(rd);
	if (ret == 0)
		return 0;
	free_irq(irq, dev_id);
	why = "its controller's nmi_setup refused the line";
	ret = -EINVAL;
refused:
	irq_log("irq %u: request_nmi of \"%s\" refused (%d): %s; nothing changed", irq,
		name ? name : "?", ret, why);
	return ret;
}

const void *free_nmi(unsigned int irq, void *dev_id)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(irq, &rd);
	struct irqaction *action;
	const char *name = NULL, *why = NULL;
	unsigned long flags;
	bool was_enabled = false;

	if (!desc) {
		irq_log("irq %u: free_nmi of a line that does not exist", irq);
		return NULL;
	}
	flags = desc_lock_irqsave(desc);
	action = desc_action(desc);
	if (!(desc_state(desc) & IRQS_NMI) || (desc_state(desc) & IRQS_PER_CPU)) {
		why = "not an NMI of request_nmi()";
	} else if (action->dev_id != dev_id) {
		why = "not its dev_id";
	} else {
		name = action->name;
		if (desc->depth == 0) {
			was_enabled = true;
			irq_disable_locked(desc);
		}
		if (desc->data.chip->nmi_teardown)
			desc->data.chip->nmi_teardown(&desc->data);
		desc_set_state(desc, desc_state(desc) & ~IRQS_NMI);
		irq_choose_flow(desc);
	}
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	if (why) {
		irq_log("irq %u: free_nmi refused: %s, nothing freed", irq, why);
		return NULL;
	}
	if (was_enabled)
		irq_log("irq %u: free_nmi of \"%s\" still enabled: disabled first", irq,
			name ? name : "?");
	/* Its flow is an ordinary one now: wait for NMIs that ran the NMI flow. */
	irq_wait_percpu_idle();
	free_irq(irq, dev_id);
	return name ? name : "";
}

void enable_nmi(unsigned int irq)
{
	enable_irq(irq);
}

void disable_nmi_nosync(unsigned int irq)
{
	disable_irq_nosync(irq);
}

int irq_request_percpu_nmi_stride(unsigned int irq, irq_handler_t handler, const char *name,
				  void *percpu_dev_id, size_t stride)
{
	const char *why = NULL;
	struct irq_desc *desc;
	unsigned long flags;
	unsigned int rd;
	int ret;

	if (!handler || !percpu_dev_id || stride == 0) {
		why = "no handler or no per-CPU instance";
		ret = -EINVAL;
		goto refused;
	}
	ret = nmi_check(irq, true, &why);
	if (ret)
		goto refused;
	ret = irq_request_percpu_stride(irq, handler, name, percpu_dev_id, stride);
	if (ret)
		return ret;		/* it said why */
	desc = irq_desc_get(irq, &rd);
	flags = desc_lock_irqsave(desc);
	ret = nmi_mark(desc, false);	/* each CPU's prepare_percpu_nmi() programs it */
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	if (ret == 0)
		return 0;
	(void)free_percpu_irq(irq, percpu_dev_id);
	why = "its controller has no NMIs any more";
refused:
	irq_log("irq %u: request_percpu_nmi of \"%s\" refused (%d): %s; nothing changed", irq,
		name ? name : "?", ret, why);
	return ret;
}

/* Run @setup (prepare) or the teardown of per-CPU NMI @irq on this CPU. */
static int percpu_nmi_switch(unsigned int irq, bool setup, const char *verb)
{
	unsigned int rd;
	struct irq_desc *desc = irq_desc_get(irq, &rd);
	const struct irq_chip *chip;
	unsigned long flags;
	int ret = 0;

	if (!desc) {
		irq_log("irq %u: %s of a line that does not exist", irq, verb);
		return -EINVAL;
	}
	flags = desc_lock_irqsave(desc);
	chip = desc->data.chip;
	if ((desc_state(desc) & (IRQS_NMI | IRQS_PER_CPU)) != (IRQS_NMI | IRQS_PER_CPU))
		ret = -EINVAL;
	else if (setup)
		ret = chip->nmi_setup(&desc->data);
	else if (chip->nmi_teardown)
		chip->nmi_teardown(&desc->data);
	desc_unlock_irqrestore(desc, flags);
	irq_desc_put(rd);
	if (ret)
		irq_log("irq %u: %s on CPU %u refused (%d): not a per-CPU NMI, or its "
			"controller refused", irq, verb, port_cpu_id(), ret);
	return ret;
}

int prepare_percpu_nmi(unsigned int irq)
{
	return percpu_nmi_switch(irq, true, "prepare_percpu_nmi");
}

void teardown_percpu_nmi(unsigned int irq)
{
	(void)percpu_nmi_switch(irq, false, "teardown_percpu_nmi");
}

void enable_percpu_nmi(unsigned int irq, unsigned int type)
{
	enable_percpu_irq(irq, type);
}

void disable_percpu_nmi(unsigned int irq)
{
	disable_percpu_irq(irq);
}

int free_percpu_nmi(unsigned int irq, void *percpu_dev_id)
{
	return irq_percpu_free(irq, percpu_dev_id, true);
}

// SPDX-License-Identifier: MIT
/*
 * entry.c - how an event enters a line and which flow it runs.
 *
 * A port enters with the descriptor (irq_handle_entry() for a line that
 * lives as long as the port, irq_handle_desc_entry() from the port's own
 * table, e.g. x86's per-CPU vectors), with the domain and hardware line
 * (domain.c's irq_handle_domain_entry() finds the descriptor in the
 * domain's map) or with the number (generic_handle_irq()); either way
 * the event runs the line's entry, desc->handle_irq, which is one of
 * three things:
 *  - the line's flow (desc->flow: handle_edge_irq() and the others in
 *    flow.c), which irq_choose_flow() picks from the trigger and the
 *    chip, or a chained handler's;
 *  - handle_instrumented_irq(), while the line is instrumented: traced
 *    (trace.c) or its cost measured (cost.c). It runs the same flow
 *    between the two's bookkeeping; or
 *  - irq_pm_handle_wake() (pm.c), while the line is a wake line armed by
 *    suspend_device_irqs(), which runs the flow after it;
 *  - never either of those for an NMI line (IRQS_NMI, nmi.c): its flow
 *    alone, as nothing around it may take a lock in NMI context.
 * irq_desc_update_entry() is the one place that decides between them; the
 * flow's setters, cost accounting and tracing call it when what it reads
 * changes. An uninstrumented line runs its flow and nothing else: off
 * costs nothing.
 */
#include "internals.h"
#include "trace_points.h"

/*
 * The entry of an instrumented line: the flow, timed while cost
 * accounting is on, and what it decided, recorded while the line is
 * traced. The flow is read here, so that a flow set meanwhile is the
 * one run.
 */
void handle_instrumented_irq(struct irq_desc *desc)
{
	unsigned int before = desc_state(desc);
	bool traced = GENIRQ_ENABLED(GENIRQ_TRACE) && (before & IRQS_TRACED);
	bool timed = irq_cost_on(desc);
	unsigned long runs = traced ? irq_trace_flow_begin() : 0;
	uint64_t t0 = timed ? port_cycles() : 0;

	atomic_load_explicit(&desc->flow, memory_order_relaxed)(desc);
	if (timed)
		irq_cost_add(desc, port_cycles() - t0);
	if (traced)
		irq_trace_flow_end(desc, before, runs);
}

void irq_desc_update_entry(struct irq_desc *desc)
{
	irq_flow_handler_t entry = irq_desc_instrumented(desc)
				   ? handle_instrumented_irq
				   : atomic_load_explicit(&desc->flow, memory_order_relaxed);

	/* A wake line while suspended: pm.c looks at its event first. */
	if (GENIRQ_ENABLED(GENIRQ_PM) && (desc_state(desc) & IRQS_WAKE_ARMED))
		entry = irq_pm_handle_wake;
	/* An NMI line runs its flow alone: nothing that takes a lock. */
	if (GENIRQ_ENABLED(GENIRQ_NMI) && (desc_state(desc) & IRQS_NMI))
		entry = atomic_load_explicit(&desc->flow, memory_order_relaxed);

	irq_atomic_store(&desc->handle_irq, entry, memory_order_release);
}

void irq_desc_set_flow(struct irq_desc *desc, irq_flow_handler_t flow, enum irq_flow_kind kind)
{
	desc_assert_locked(desc);
	desc->flow_kind = (unsigned char)kind;
	irq_desc_set_quiet_op(desc);
	irq_atomic_store(&desc->flow, flow, memory_order_release);
	irq_desc_update_entry(desc);
}

/*
 * The flow policy, in one place: the line's trigger and the primitives
 * its chip has decide how events are sequenced.
 */
void irq_choose_flow(struct irq_desc *desc)
{
	const struct irq_chip *chip = desc->data.chip;
	unsigned int st = desc_state(desc);

	if (st & IRQS_NOREQUEST)
		return;				/* chained: its own flow */
	if (!irq_desc_has_chip(desc))
		irq_desc_set_flow(desc, handle_bad_irq, IRQ_FLOW_BAD);
	else if (GENIRQ_ENABLED(GENIRQ_NMI) && (st & IRQS_NMI))
		irq_desc_set_flow(desc, irq_nmi_flow(desc), IRQ_FLOW_CUSTOM);
	else if (st & IRQS_PER_CPU)
		irq_desc_set_flow(desc, handle_percpu_irq, IRQ_FLOW_PERCPU);
	else if (chip->eoi && !chip->ack)
		irq_desc_set_flow(desc, handle_fasteoi_irq, IRQ_FLOW_FASTEOI);
	else if (!chip->ack && !chip->eoi && !chip->mask && !chip->disable)
		irq_desc_set_flow(desc, handle_simple_irq, IRQ_FLOW_SIMPLE);
	else if (desc_is_level(desc))
		irq_desc_set_flow(desc, handle_level_irq, IRQ_FLOW_LEVEL);
	else
		irq_desc_set_flow(desc, handle_edge_irq, IRQ_FLOW_EDGE);
}

void irq_handle_entry(struct irq_desc *desc, void *regs)
{
	irq_entry_run(desc, regs);
}

/*
 * The entry by descriptor from a port's own table: the slot is read only
 * once this CPU is in hardirq context, so that a grace period (grace.c)
 * that began after the port emptied the slot waits for this event.
 */
int irq_handle_desc_entry(struct irq_desc *const *slot, void *regs)
{
	unsigned int cpu = irq_cpu_id();
	struct irq_cpu *c = &irq_cpus[cpu];
	struct irq_desc *desc;

	irq_opaque(c);
	pc_hardirq_enter(c, HARDIRQ_OFFSET);
	desc = atomic_load_explicit((struct irq_desc *const _Atomic *)slot, memory_order_acquire);
	if (irq_unlikely(!desc)) {
		irq_error_event();
		pc_hardirq_exit(c, HARDIRQ_OFFSET);
		return -ENOENT;
	}
	irq_entry_flow(desc, regs, cpu, c);
	return 0;
}

void generic_handle_irq_desc(struct irq_desc *desc)
{
	desc_handle(desc);
}

int generic_handle_irq(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	if (irq_unlikely(!desc)) {
		irq_error_event();
		port_ack_bad_irq(irq);
		return -EINVAL;
	}
	desc_handle(desc);
	return 0;
}

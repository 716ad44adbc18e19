// SPDX-License-Identifier: MIT
/*
 * debugfs.c - one line's whole state, as Linux shows it under
 * /sys/kernel/debug/irq/irqs/N: a "key:" column ten wide, bit words in
 * hex with one name a line below them, and the line's levels of the
 * domain hierarchy nested, outermost first. proc.c finds the path.
 */
#include "internals.h"
#include <genirq/irqdomain.h>

GENIRQ_FEATURE_SOURCE(GENIRQ_TEXT_VIEWS, "TEXT_VIEWS");

#define DBG_BITS_INDENT	12	/* names of set bits, under their word */
#define DBG_LEVEL_INDENT	4	/* one more level of the hierarchy */

struct bit_name {
	unsigned int	mask;
	const char	*name;
};

#define BIT_NAME(m)	{ .mask = (m), .name = #m }

static const struct bit_name istate_bits[] = {
	BIT_NAME(IRQS_DISABLED),	BIT_NAME(IRQS_INPROGRESS),
	BIT_NAME(IRQS_PENDING),		BIT_NAME(IRQS_REPLAY),
	BIT_NAME(IRQS_AUTODETECT),	BIT_NAME(IRQS_WAITING),
	BIT_NAME(IRQS_MASKED),		BIT_NAME(IRQS_STARTED),
	BIT_NAME(IRQS_PER_CPU),		BIT_NAME(IRQS_SPURIOUS_DISABLED),
	BIT_NAME(IRQS_NOREQUEST),	BIT_NAME(IRQS_CPU_SHUTDOWN),
	BIT_NAME(IRQS_STORM),		BIT_NAME(IRQS_DYING),
	BIT_NAME(IRQS_ONESHOT),		BIT_NAME(IRQS_TRACED),
	BIT_NAME(IRQS_MOVE_PENDING),	BIT_NAME(IRQS_NESTED),
	BIT_NAME(IRQS_BUS_LOCK),	BIT_NAME(IRQS_WAKE_ARMED),
	BIT_NAME(IRQS_MANAGED),		BIT_NAME(IRQS_NMI),
	BIT_NAME(IRQS_BUS_RELEASE),
};

static const struct bit_name trigger_bits[] = {
	BIT_NAME(IRQ_TYPE_EDGE_RISING),	BIT_NAME(IRQ_TYPE_EDGE_FALLING),
	BIT_NAME(IRQ_TYPE_LEVEL_HIGH),	BIT_NAME(IRQ_TYPE_LEVEL_LOW),
};

static const struct bit_name dstate_bits[] = {
	BIT_NAME(IRQD_HIER),		BIT_NAME(IRQD_ACTIVATED),
	BIT_NAME(IRQD_IPI),		BIT_NAME(IRQD_IPI_SINGLE),
	BIT_NAME(IRQD_MOVE_AT_EVENT),
};

static const struct bit_name action_bits[] = {
	BIT_NAME(IRQF_SHARED),		BIT_NAME(IRQF_DISABLED),
	BIT_NAME(IRQF_SAMPLE_RANDOM),	BIT_NAME(IRQF_PERCPU),
	BIT_NAME(IRQF_ONESHOT),		BIT_NAME(IRQF_NO_THREAD),
};

/* What each flow kind is called, as the function the line runs. */
static const char *const flow_names[] = {
	[IRQ_FLOW_BAD]		= "handle_bad_irq",
	[IRQ_FLOW_LEVEL]	= "handle_level_irq",
	[IRQ_FLOW_EDGE]		= "handle_edge_irq",
	[IRQ_FLOW_FASTEOI]	= "handle_fasteoi_irq",
	[IRQ_FLOW_SIMPLE]	= "handle_simple_irq",
	[IRQ_FLOW_PERCPU]	= "handle_percpu_irq",
	[IRQ_FLOW_CUSTOM]	= "custom (irq_set_handler or a cascade)",
};

static void show_word(struct irq_text *t, const char *key, unsigned int word,
		      const struct bit_name *bits, size_t n, int indent)
{
	irq_text_printf(t, "%*s%-10s0x%08x\n", indent, "", key, word);
	for (size_t i = 0; i < n; i++)
		if (word & bits[i].mask)
			irq_text_printf(t, "%*s%s\n", indent + DBG_BITS_INDENT, "", bits[i].name);
}

/* A chip has no flag word here: its primitives say what it can do. */
static void show_chip(struct irq_text *t, const struct irq_chip *c, int indent)
{
	const struct { bool has; const char *name; } ops[] = {
		{ c->startup, "startup" },	{ c->shutdown, "shutdown" },
		{ c->enable, "enable" },	{ c->disable, "disable" },
		{ c->mask, "mask" },		{ c->unmask, "unmask" },
		{ c->ack, "ack" },		{ c->eoi, "eoi" },
		{ c->set_type, "set_type" },	{ c->set_affinity, "set_affinity" },
		{ c->retrigger, "retrigger" },	{ c->compose_msi_msg, "compose_msi_msg" },
		{ c->ipi_send_single, "ipi_send_single" },
		{ c->ipi_send_mask, "ipi_send_mask" },
	};
	const char *sep = "";

	irq_text_printf(t, "%*s%-9s%s\n", indent, "", "chip:", c->name ? c->name : "?");
	irq_text_printf(t, "%*s%-9s", indent + 1, "", "ops:");
	for (size_t i = 0; i < GENIRQ_ARRAY_SIZE(ops); i++) {
		if (ops[i].has) {
			irq_text_printf(t, "%s%s", sep, ops[i].name);
			sep = " ";
		}
	}
	irq_text_puts(t, "\n");
}

/* Each level of the line, outermost first, the one below nested in it. */
static void show_levels(struct irq_text *t, const struct irq_data *d)
{
	for (int indent = 0; d; d = d->parent_data, indent += DBG_LEVEL_INDENT) {
		irq_text_printf(t, "%*s%-9s%s\n", indent, "", "domain:", irq_domain_name(d->domain));
		irq_text_printf(t, "%*s%-9s0x%lx\n", indent + 1, "", "hwirq:", d->hwirq);
		show_chip(t, d->chip, indent + 1);
		if (irq_domain_fwnode_name(d->domain))
			irq_text_printf(t, "%*s%-9s%s\n", indent + 1, "", "fwnode:",
					irq_domain_fwnode_name(d->domain));
		if (d->parent_data)
			irq_text_printf(t, "%*sparent:\n", indent + 1, "");
	}
}

static void show_mask_line(struct irq_text *t, const char *key, const struct irq_cpumask *m)
{
	char tmp[GENIRQ_NR_CPUS * 4 + 8];

	cpumask_print_list(tmp, sizeof(tmp), m);
	irq_text_printf(t, "%-10s%s\n", key, tmp);
}

static void show_actions(struct irq_text *t, struct irq_desc *desc)
{
	struct irqaction *a = desc_action(desc);

	if (!a)
		irq_text_printf(t, "%-10s%s\n", "action:", "none");
	for (; a; a = atomic_load_explicit(&a->next, memory_order_acquire)) {
		irq_text_printf(t, "%-10s%s\n", "action:", a->name ? a->name : "?");
		for (size_t i = 0; i < GENIRQ_ARRAY_SIZE(action_bits); i++)
			if (a->flags & action_bits[i].mask)
				irq_text_printf(t, "%*s%s\n", DBG_BITS_INDENT, "", action_bits[i].name);
	}
}

/* The threads of threaded actions: one line each, then the line's counts. */
static void show_threads(struct irq_text *t, struct irq_desc *desc)
{
	unsigned int n = 0;

	for (struct irqaction *a = desc_action(desc); a;
	     a = atomic_load_explicit(&a->next, memory_order_acquire)) {
		struct irq_thread *th = a->thread;
		unsigned int f;

		if (!th)
			continue;
		f = atomic_load(&th->flags);
		irq_text_printf(t, "%-10s%s wakeups %lu runs %lu cpu %u %s\n", "thread:", th->name,
				atomic_load_explicit(&th->wakeups, memory_order_relaxed),
				atomic_load_explicit(&th->runs, memory_order_relaxed),
				atomic_load_explicit(&th->last_cpu, memory_order_relaxed),
				f & IRQTF_RUNNING ? "running" : f & IRQTF_RUNTHREAD ? "woken" : "sleeping");
		n++;
	}
	irq_text_printf(t, "%-10s%s, %u thread(s), %u active, oneshot mask 0x%lx\n", "threaded:",
			n ? "yes" : "no", n, atomic_load(&desc->threads_active),
			atomic_load(&desc->threads_oneshot));
}

static void show_counts(struct irq_text *t, struct irq_desc *desc)
{
	unsigned long total = 0, n;

	for (unsigned int cpu = 0; cpu < port_nr_cpus(); cpu++)
		total += atomic_load_explicit(&desc->kstat[cpu * IRQ_KSTAT_GROUP],
					      memory_order_relaxed);
	irq_text_printf(t, "%-10s%lu\n", "count:", total);
	irq_text_printf(t, "%-10s", "percpu:");
	for (unsigned int cpu = 0; cpu < port_nr_cpus(); cpu++) {
		n = atomic_load_explicit(&desc->kstat[cpu * IRQ_KSTAT_GROUP], memory_order_relaxed);
		irq_text_printf(t, "%s%u:%lu", cpu ? " " : "", cpu, n);
	}
	irq_text_puts(t, "\n");
}

/* The stuck-line rule's and the storm rule's figures. */
static void show_rules(struct irq_text *t, struct irq_desc *desc)
{
	unsigned long limit;
	unsigned int window_ms;
	const char *state = irq_storm_state(desc, &limit, &window_ms);

	irq_text_printf(t, "%-10s%s\n", "state:", state);
	irq_text_printf(t, "%-10sirq_count %u, unhandled %u, last_unhandled %llu ms\n", "spurious:",
			desc->irq_count, desc->irqs_unhandled,
			(unsigned long long)(desc->last_unhandled / NSEC_PER_MSEC));
	if (desc_state(desc) & IRQS_SPURIOUS_DISABLED)
		irq_text_printf(t, "%-10sretry at %llu ms, back-off %llu ms\n", "poll:",
				(unsigned long long)(*irq_desc_retry_at(desc) / NSEC_PER_MSEC),
				(unsigned long long)irq_spurious_backoff_ms(desc));
	irq_text_printf(t, "%-10slimit %lu/s, window %u ms, budget %u, throttles %u\n", "storm:",
			limit, window_ms, desc->storm_budget, desc->storm_throttles);
	if (desc_state(desc) & IRQS_STORM)
		irq_text_printf(t, "%-10suntil %llu ms, back-off %llu ms\n", "throttle:",
				(unsigned long long)(desc->storm_until / NSEC_PER_MSEC),
				(unsigned long long)desc->storm_backoff_ms);
}

/*
 * The dump. Caller is a reader (grace.c). Cost figures are read first:
 * irq_get_cost() takes the descriptor lock itself.
 */
void irq_debugfs_show(struct irq_text *t, unsigned int irq, struct irq_desc *desc)
{
	struct irq_cost cost;
	unsigned long flags;
	unsigned int kind;

	if (irq_get_cost(irq, &cost))	/* a build without cost accounting: "off" */
		cost = (struct irq_cost){ .enabled = false };
	flags = desc_lock_irqsave(desc);
	kind = desc->flow_kind;
	irq_text_printf(t, "%-10s%s%s\n", "handler:",
			kind < GENIRQ_ARRAY_SIZE(flow_names) ? flow_names[kind] : "?",
			irq_cost_on(desc) ? ", timed" : "");
	show_actions(t, desc);
	show_word(t, "istate:", desc_state(desc) & ~(unsigned int)IRQS_LOCKED, istate_bits,
		  GENIRQ_ARRAY_SIZE(istate_bits), 0);
	irq_text_printf(t, "%-10s%u\n", "ddepth:", desc->depth);
	irq_text_printf(t, "%-10s%u\n", "wdepth:", irq_pm_wake_depth(desc));
	show_word(t, "trigger:", desc->data.trigger, trigger_bits,
		  GENIRQ_ARRAY_SIZE(trigger_bits), 0);
	show_word(t, "dstate:", desc->data.hier_flags, dstate_bits,
		  GENIRQ_ARRAY_SIZE(dstate_bits), 0);
	show_mask_line(t, "affinity:", &desc->affinity);
	show_mask_line(t, "effectiv:", &desc->data.effective);
	show_counts(t, desc);
	show_rules(t, desc);
	show_threads(t, desc);
	if (cost.count || cost.enabled)
		irq_text_printf(t, "%-10s%s, %lu timed, mean %llu cycles, max %llu cycles\n", "cost:",
				cost.enabled ? "on" : "off", cost.count,
				(unsigned long long)(cost.count ? cost.total_cycles / cost.count : 0),
				(unsigned long long)cost.max_cycles);
	else
		irq_text_printf(t, "%-10s%s\n", "cost:", "off");
	show_levels(t, &desc->data);
	desc_unlock_irqrestore(desc, flags);
}

/*
 * Every domain, oldest first: its map (linear and its size, a tree, or
 * none: a level dispatched through the one below), whether it is a
 * hierarchy level and its parent, and the firmware node it answers for.
 */
void irq_debugfs_domains(struct irq_text *t)
{
	irq_text_printf(t, "%-16s %-12s %-16s %s\n", "DOMAIN", "MAP", "PARENT", "FWNODE");
	for (struct irq_domain *d = irq_domain_next(NULL); d; d = irq_domain_next(d)) {
		char map[16];
		bool tree, hier;
		unsigned int size = irq_domain_map_size(d, &tree, &hier);
		const char *fw = irq_domain_fwnode_name(d);

		if (tree)
			irq_snprintf(map, sizeof(map), "tree");
		else if (size)
			irq_snprintf(map, sizeof(map), "linear %u", size);
		else
			irq_snprintf(map, sizeof(map), "none");
		irq_text_printf(t, "%-16s %-12s %-16s %s\n", irq_domain_name(d), map,
				irq_domain_get_parent(d) ? irq_domain_name(irq_domain_get_parent(d)) :
				hier ? "(bottom)" : "-", fw ? fw : "-");
	}
}

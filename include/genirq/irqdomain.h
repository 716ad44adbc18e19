/* SPDX-License-Identifier: MIT */
/*
 * irqdomain.h - hierarchical (stacked) irq domains; the registry of
 * domains by firmware node and the firmware descriptions of lines
 * (struct irq_fwspec); tree domains for sparse hardware numbers.
 *
 * A domain may have a parent domain. One global line then has one struct
 * irq_data per level, outermost first: the descriptor's own (what drivers
 * and flows see, e.g. the PCI-MSI level), then each parent's through
 * irq_data.parent_data, down to the controller that delivers to the CPU
 * (a vector domain, a PIC). Each level has its own chip, chip_data and
 * hwirq; a level's chip writes only what is its own and forwards the rest
 * with the irq_chip_*_parent() helpers.
 *
 * Allocation goes bottom-up: the outermost parent's ops->alloc first, each
 * child's after it, every level for all @nr lines of the call. A failure
 * at any level frees what the levels below it allocated (ops->free, in
 * the reverse order), the per-level data and the descriptors: nothing of
 * the call is left. Only once every level succeeded does any map entry
 * appear, so no event can be dispatched to a half-built line.
 *
 * Dispatch does not walk the levels: every level whose domain has a map
 * (a size) points its hardware line straight at the line's descriptor, so
 * the port's entry (irq_handle_domain_entry() on the root's domain) finds
 * the outermost descriptor in one load, as for a flat domain.
 */
#ifndef GENIRQ_IRQDOMAIN_H
#define GENIRQ_IRQDOMAIN_H

#include <stdbool.h>
#include <genirq/compiler.h>
#include <genirq/irq.h>

GENIRQ_BEGIN_DECLS

/* The core's bits of irq_data.hier_flags (of the outermost level). */
#define IRQD_HIER	0x1u	/* made by irq_domain_alloc_irqs() */
#define IRQD_ACTIVATED	0x2u	/* irq_domain_activate_irq() done */
#define IRQD_IPI	0x4u	/* a line of irq_reserve_ipi() */
#define IRQD_IPI_SINGLE	0x8u	/* irq_reserve_ipi_line(): one line for all CPUs */
#define IRQD_MOVE_AT_EVENT 0x10u	/* moved only from its own event (below) */

#define IRQ_FWSPEC_PARAMS	16u	/* cells of one interrupt specifier, at most */

/*
 * A firmware description of a line: the node of the controller it goes
 * to (@fwnode, any pointer that identifies it; NULL when the caller
 * names the domain itself) and the controller's cells, as a device
 * tree's "interrupts" gives them ("<0 1 4>": SPI 1, level high on a GIC).
 */
struct irq_fwspec {
	const void	*fwnode;
	unsigned int	param_count;
	unsigned int	param[IRQ_FWSPEC_PARAMS];
};

/*
 * What a hierarchical domain does at its level. All may be NULL except
 * alloc. Called in process context, not under any lock of the core.
 */
struct irq_domain_ops {
	/* Decode @fwspec into the domain's hardware line and trigger. */
	int	(*translate)(struct irq_domain *d, const struct irq_fwspec *fwspec,
			     irq_hw_number_t *hwirq, unsigned int *type);
	/*
	 * Set up this level for lines @virq..@virq+@nr-1 (the parent levels
	 * are set up already): take the domain's resources, and give each
	 * line its hwirq and chip with irq_domain_set_hwirq_and_chip(). On
	 * failure, release what this call took and return -errno.
	 */
	int	(*alloc)(struct irq_domain *d, unsigned int virq, unsigned int nr, void *arg);
	/* Release this level's resources of lines @virq..@virq+@nr-1. */
	void	(*free)(struct irq_domain *d, unsigned int virq, unsigned int nr);
	/* Program the hardware of this level for a line (e.g. write an MSI
	 * message); parents are activated before their children. */
	int	(*activate)(struct irq_domain *d, struct irq_data *irqd, bool reserve);
	void	(*deactivate)(struct irq_domain *d, struct irq_data *irqd);
};

#if GENIRQ_HIERARCHY	/* the stubs of a build without them are at the end */
/**
 * irq_domain_create_hierarchy - a domain stacked on @parent
 * @parent: the domain below, or NULL for the bottom of a hierarchy
 * @size: hardware lines 0..@size-1 this level maps for dispatch; 0 for a
 *        level that is never dispatched from (PCI-MSI: the CPU is
 *        interrupted through the bottom level)
 * @ops: ops->alloc is required
 * @host_data: the controller instance, irq_domain_host_data()
 *
 * Return: the domain, or NULL (no ops->alloc, out of memory) after a report.
 */
struct irq_domain *irq_domain_create_hierarchy(struct irq_domain *parent, const char *name,
					       unsigned int size,
					       const struct irq_domain_ops *ops,
					       void *host_data);

/*
 * Make a flat domain (irq_domain_create_linear()) also the bottom of a
 * hierarchy: children allocate its lines through @ops. Flat mappings keep
 * working; @ops->alloc must not hand out a line that is mapped (see
 * irq_domain_hwirq_free()). Return: 0, -EINVAL (no alloc), -EBUSY (has
 * ops already).
 */
int irq_domain_set_hierarchy_ops(struct irq_domain *d, const struct irq_domain_ops *ops,
				 void *host_data);

void *irq_domain_host_data(const struct irq_domain *d);
struct irq_domain *irq_domain_get_parent(const struct irq_domain *d);
#endif
/* True when line @hw of @d is neither mapped nor given to a hierarchical
 * line being set up: for ops->alloc of a mixed flat/hierarchical domain. */
bool irq_domain_hwirq_free(struct irq_domain *d, irq_hw_number_t hw);

#if GENIRQ_HIERARCHY
/**
 * irq_domain_alloc_irqs - new lines through every level of @d's hierarchy
 * @nr: consecutive global numbers
 * @node: a hint (NUMA node or CPU) passed on to no one yet: -1
 * @arg: given to every level's ops->alloc
 *
 * The lines are not activated (irq_domain_activate_irq()).
 * Context: process context, not from a handler.
 * Return: the first global number, or -errno with nothing left behind.
 */
int irq_domain_alloc_irqs(struct irq_domain *d, unsigned int nr, int node, void *arg);

/**
 * irq_domain_alloc_irqs_at - irq_domain_alloc_irqs() at given numbers
 * @irq_base: the first global number wanted, or -1 for any free range
 *            (irq_domain_alloc_irqs() is this with -1)
 *
 * For lines whose numbers are fixed by convention, e.g. the ISA lines of
 * an IO-APIC (ISA line n is irq n). All or nothing, as
 * irq_domain_alloc_irqs(). Return: @irq_base (or the first number),
 * -EBUSY (a number of @irq_base..+@nr-1 is taken: reported, nothing
 * changed), -EINVAL (a bad range or @irq_base below -1), or another -errno
 * of a level with nothing left behind.
 */
int irq_domain_alloc_irqs_at(struct irq_domain *d, int irq_base, unsigned int nr, int node,
			     void *arg);

/**
 * irq_domain_free_irqs - free lines made by irq_domain_alloc_irqs()
 *
 * All or nothing: a line that has handlers (or is not hierarchical) is
 * reported and nothing is freed, nothing changed. The lines are found
 * unused and marked dying in one step under their locks, as
 * irq_free_descs() marks its lines: a request_irq() that comes after the
 * check is refused (-ENOSYS), never left on a line being taken apart.
 * Then deactivates the lines, unmaps them at every level, frees each
 * level's resources (outermost first), then the descriptors and the
 * per-level data once no CPU can be using them.
 * Context: as irq_free_descs(). Return: 0, -EINVAL, -EBUSY.
 */
int irq_domain_free_irqs(unsigned int virq, unsigned int nr);

/* For ops->alloc: give line @virq's level in @d its hardware line and chip. */
int irq_domain_set_hwirq_and_chip(struct irq_domain *d, unsigned int virq,
				  irq_hw_number_t hwirq, const struct irq_chip *chip,
				  void *chip_data);
#endif
/* Line @virq's irq_data at @d's level, or NULL. */
struct irq_data *irq_domain_get_irq_data(struct irq_domain *d, unsigned int virq);

#if GENIRQ_HIERARCHY
/* Activate the levels of the line of @irqd (its outermost data), bottom
 * first; on failure the activated ones are deactivated. Idempotent. */
int irq_domain_activate_irq(struct irq_data *irqd, bool reserve);
void irq_domain_deactivate_irq(struct irq_data *irqd);
bool irq_domain_is_activated(unsigned int virq);
#endif

#if GENIRQ_FWNODE	/* the stubs of a build without them follow irq_domain_fwnode_name() */
/**
 * irq_create_fwspec_mapping - the line a firmware description names
 * @d: the domain, or NULL for the one registered for @fwspec->fwnode
 *     (irq_domain_set_fwnode())
 *
 * Decodes the cells with the domain's translate (irq_domain_set_fwnode()'s,
 * else ops->translate, else one cell: the hardware number), then gives
 * the existing line or a new one: a flat or tree domain registered with
 * irq_domain_set_fwnode() through its map (else irq_create_mapping()), a
 * hierarchical one through irq_domain_alloc_irqs(). A trigger the cells
 * name is set (irq_set_irq_type()) unless the line has it already.
 * Context: process context. Return: the global number; -EINVAL (no
 * @fwspec, no domain and no fwnode, a domain neither registered nor
 * with ops->translate, cells the translate refuses);
 * -ENODEV (reported: no domain has @fwspec->fwnode); or the map's,
 * allocation's or irq_set_irq_type()'s -errno (a new line is freed again).
 */
int irq_create_fwspec_mapping(struct irq_domain *d, const struct irq_fwspec *fwspec);

/*
 * Decoders of the cells of @fwspec into a hardware number and trigger,
 * the common device tree bindings (Linux's irq_domain_xlate_*): one cell
 * (the number), two (number, IRQ_TYPE_* flags), one or two. Return: 0;
 * -EINVAL for too few cells.
 */
int irq_domain_xlate_onecell(struct irq_domain *d, const struct irq_fwspec *fwspec,
			     irq_hw_number_t *hwirq, unsigned int *type);
int irq_domain_xlate_twocell(struct irq_domain *d, const struct irq_fwspec *fwspec,
			     irq_hw_number_t *hwirq, unsigned int *type);
int irq_domain_xlate_onetwocell(struct irq_domain *d, const struct irq_fwspec *fwspec,
				irq_hw_number_t *hwirq, unsigned int *type);
#endif

/* How a flat or tree domain turns a firmware description into a line. */
struct irq_fwnode_ops {
	/* The cells' hardware number and trigger (an irq_domain_xlate_*
	 * helper or the controller's binding); NULL: as said above. */
	int	(*translate)(struct irq_domain *d, const struct irq_fwspec *fwspec,
			     irq_hw_number_t *hwirq, unsigned int *type);
	/* Map @hwirq with @type (IRQ_TYPE_NONE: the cells name none) as the
	 * controller's own map does (priority, per-CPU chip...), with
	 * @data of irq_domain_set_fwnode(). Return: the global number or
	 * -errno. NULL: irq_create_mapping(). */
	int	(*map)(void *data, irq_hw_number_t hwirq, unsigned int type);
};

#if GENIRQ_FWNODE
/**
 * irq_domain_set_fwnode - register @d as the domain of firmware node @fwnode
 * @fwnode: what identifies the controller's node (e.g. of_irq's
 *          irq_of_fwnode(): the node's place in a device tree blob)
 * @name: the node's name, for the views; it must outlive the domain
 * @ops: NULL for the defaults; kept, so static
 * @data: given to @ops->map
 *
 * irq_find_matching_fwnode() and irq_create_fwspec_mapping() find the
 * domain by @fwnode from then on. Context: process context.
 * Return: 0; -EINVAL (no @d or @fwnode); -EBUSY (reported, nothing
 * changed: another domain has @fwnode, or @d has another fwnode).
 */
int irq_domain_set_fwnode(struct irq_domain *d, const void *fwnode, const char *name,
			  const struct irq_fwnode_ops *ops, void *data);

/* The domain registered for @fwnode, or NULL. Any context but hardirq. */
struct irq_domain *irq_find_matching_fwnode(const void *fwnode);
/* The name irq_domain_set_fwnode() gave @d, or NULL. */
const char *irq_domain_fwnode_name(const struct irq_domain *d);
#else
/*
 * Without firmware-node domains (GENIRQ_FWNODE 0) no domain answers for a
 * node: a registration and a mapping by firmware description are
 * -ENOSYS, the decoders too (a controller's ops may still name them), no
 * domain is found. A port maps its lines with irq_create_mapping().
 */
static inline int irq_create_fwspec_mapping(struct irq_domain *d, const struct irq_fwspec *fwspec)
{
	(void)d;
	(void)fwspec;
	return -GENIRQ_ENOSYS;
}
static inline int irq_domain_xlate_onecell(struct irq_domain *d, const struct irq_fwspec *fwspec,
					   irq_hw_number_t *hwirq, unsigned int *type)
{
	(void)d;
	(void)fwspec;
	(void)hwirq;
	(void)type;
	return -GENIRQ_ENOSYS;
}
static inline int irq_domain_xlate_twocell(struct irq_domain *d, const struct irq_fwspec *fwspec,
					   irq_hw_number_t *hwirq, unsigned int *type)
{
	return irq_domain_xlate_onecell(d, fwspec, hwirq, type);
}
static inline int irq_domain_xlate_onetwocell(struct irq_domain *d,
					      const struct irq_fwspec *fwspec,
					      irq_hw_number_t *hwirq, unsigned int *type)
{
	return irq_domain_xlate_onecell(d, fwspec, hwirq, type);
}
static inline int irq_domain_set_fwnode(struct irq_domain *d, const void *fwnode,
					const char *name, const struct irq_fwnode_ops *ops,
					void *data)
{
	(void)d;
	(void)fwnode;
	(void)name;
	(void)ops;
	(void)data;
	return -GENIRQ_ENOSYS;
}
static inline struct irq_domain *irq_find_matching_fwnode(const void *fwnode)
{
	(void)fwnode;
	return (struct irq_domain *)0;
}
static inline const char *irq_domain_fwnode_name(const struct irq_domain *d)
{
	(void)d;
	return (const char *)0;
}
#endif

/*
 * Every domain, in the order they were made: @prev NULL gives the first,
 * then each next one; NULL after the last. Domains are never freed, so
 * the walk needs no lock; one made during the walk may or may not be seen.
 */
struct irq_domain *irq_domain_next(const struct irq_domain *prev);

/**
 * irq_domain_create_tree - a flat domain for a sparse hardware number space
 * @chip, @chip_data: given to every line mapped in it
 *
 * As irq_domain_create_linear(), but any hardware number can be mapped,
 * and memory is taken as lines are mapped (a radix tree: a node of 64
 * slots per 64 neighbouring numbers and the levels above them) instead
 * of one slot per number up front. Lookups at dispatch stay lock-free;
 * they walk up to 11 levels where a linear domain indexes once.
 * irq_domain_slots() gives no table for it. Return: the domain, or NULL
 * (no chip, out of memory; a build without firmware-node domains,
 * GENIRQ_FWNODE 0, has no tree domain) after a report.
 */
struct irq_domain *irq_domain_create_tree(const char *name, const struct irq_chip *chip,
					  void *chip_data);

#if GENIRQ_HIERARCHY
/*
 * Chip helpers for a child level: do the same at the parent level.
 * A parent chip without the primitive makes mask, unmask, ack and eoi do
 * nothing.
 */
void irq_chip_mask_parent(struct irq_data *d);
void irq_chip_unmask_parent(struct irq_data *d);
void irq_chip_ack_parent(struct irq_data *d);
void irq_chip_eoi_parent(struct irq_data *d);
/*
 * Route the parent level to @dest and make @d's effective affinity the
 * parent's choice. Return: the parent chip's answer (0 or -errno);
 * -ENOSYS, nothing changed, when there is no parent level or its chip
 * has no set_affinity: the chain cannot route (as Linux's helper).
 * irq_set_affinity() and the /proc smp_affinity write answer such a line
 * -EIO, as for any controller that cannot route.
 */
int irq_chip_set_affinity_parent(struct irq_data *d, const struct irq_cpumask *dest);
/*
 * The wake switch of the first level below @d that has one
 * (<genirq/pm.h>). Return: its answer; -ENXIO when no level below can.
 */
int irq_chip_set_wake_parent(struct irq_data *d, unsigned int on);
/* The first level from @d down that can retrigger does. Return: its
 * answer (1 if it did), or 0 when no level can. */
int irq_chip_retrigger_hierarchy(struct irq_data *d);
#else
/*
 * Without hierarchical domains (GENIRQ_HIERARCHY 0) every domain is flat
 * (linear, legacy, tree) and every line has one level: a hierarchy is
 * never made (irq_domain_create_hierarchy() NULL, as when out of memory;
 * the other verbs that make or free one -ENOSYS), no line is activated
 * through levels, and a chip helper finds no parent level (mask, unmask,
 * ack, eoi do nothing; set_affinity -ENOSYS, set_wake -ENXIO, retrigger
 * 0, as each does without a parent). A controller's ops may still name
 * the helpers.
 */
static inline struct irq_domain *irq_domain_create_hierarchy(struct irq_domain *parent,
							     const char *name, unsigned int size,
							     const struct irq_domain_ops *ops,
							     void *host_data)
{
	(void)parent;
	(void)name;
	(void)size;
	(void)ops;
	(void)host_data;
	return (struct irq_domain *)0;
}
static inline int irq_domain_set_hierarchy_ops(struct irq_domain *d,
					       const struct irq_domain_ops *ops, void *host_data)
{
	(void)d;
	(void)ops;
	(void)host_data;
	return -GENIRQ_ENOSYS;
}
static inline void *irq_domain_host_data(const struct irq_domain *d)
{
	(void)d;
	return (void *)0;
}
static inline struct irq_domain *irq_domain_get_parent(const struct irq_domain *d)
{
	(void)d;
	return (struct irq_domain *)0;
}
static inline int irq_domain_alloc_irqs_at(struct irq_domain *d, int irq_base, unsigned int nr,
					   int node, void *arg)
{
	(void)d;
	(void)irq_base;
	(void)nr;
	(void)node;
	(void)arg;
	return -GENIRQ_ENOSYS;
}
static inline int irq_domain_alloc_irqs(struct irq_domain *d, unsigned int nr, int node, void *arg)
{
	return irq_domain_alloc_irqs_at(d, -1, nr, node, arg);
}
static inline int irq_domain_free_irqs(unsigned int virq, unsigned int nr)
{
	(void)virq;
	(void)nr;
	return -GENIRQ_ENOSYS;
}
static inline int irq_domain_set_hwirq_and_chip(struct irq_domain *d, unsigned int virq,
						irq_hw_number_t hwirq, const struct irq_chip *chip,
						void *chip_data)
{
	(void)d;
	(void)virq;
	(void)hwirq;
	(void)chip;
	(void)chip_data;
	return -GENIRQ_ENOSYS;
}
static inline int irq_domain_activate_irq(struct irq_data *irqd, bool reserve)
{
	(void)irqd;
	(void)reserve;
	return -GENIRQ_ENOSYS;
}
static inline void irq_domain_deactivate_irq(struct irq_data *irqd)
{
	(void)irqd;
}
static inline bool irq_domain_is_activated(unsigned int virq)
{
	(void)virq;
	return false;
}
static inline void irq_chip_mask_parent(struct irq_data *d)
{
	(void)d;
}
static inline void irq_chip_unmask_parent(struct irq_data *d)
{
	(void)d;
}
static inline void irq_chip_ack_parent(struct irq_data *d)
{
	(void)d;
}
static inline void irq_chip_eoi_parent(struct irq_data *d)
{
	(void)d;
}
static inline int irq_chip_set_affinity_parent(struct irq_data *d, const struct irq_cpumask *dest)
{
	(void)d;
	(void)dest;
	return -GENIRQ_ENOSYS;
}
static inline int irq_chip_set_wake_parent(struct irq_data *d, unsigned int on)
{
	(void)d;
	(void)on;
	return -GENIRQ_ENXIO;
}
static inline int irq_chip_retrigger_hierarchy(struct irq_data *d)
{
	(void)d;
	return 0;
}
#endif

/*
 * Line @d (any of its levels) can be moved safely only from its own event
 * (@on), as an IO-APIC edge pin, whose move drops the edges of a masked
 * window: irq_set_affinity() of a started line with an edge or fasteoi
 * flow then records the request (smp_affinity shows it) and leaves
 * effective_affinity as it is; the line's next event, under the
 * descriptor lock, masks it, calls the chip's set_affinity, unmasks it
 * and sends an edge line one event through the chip's retrigger (Linux's
 * pending move, the inverse of its IRQD_MOVE_PCNTXT). A move the chip
 * refuses with -EBUSY waits for the next event. Caller holds the line's
 * descriptor lock (a chip primitive, ops->activate) or the line is not
 * published yet (ops->alloc).
 */
void irq_data_set_move_at_event(struct irq_data *d, bool on);

GENIRQ_END_DECLS

#endif /* GENIRQ_IRQDOMAIN_H */

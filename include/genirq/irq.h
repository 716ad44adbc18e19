/* SPDX-License-Identifier: MIT */
/*
 * irq.h - the controller and flow API: what controllers and ports use.
 *
 * A controller implements hardware primitives in one static const struct
 * irq_chip; the core chooses each line's flow (how those primitives are
 * sequenced around the handlers) from the line's trigger and the chip's
 * primitives. Descriptors are the core's and stay opaque; controllers see
 * the struct irq_data of a line.
 */
#ifndef GENIRQ_IRQ_H
#define GENIRQ_IRQ_H

#include <stdbool.h>
#include <stdint.h>
#include <genirq/compiler.h>
#include <genirq/cpumask.h>
#include <genirq/errno.h>
#include <genirq/interrupt.h>

GENIRQ_BEGIN_DECLS

/* Distinct names for the three numbers that describe an interrupt. */
typedef unsigned long irq_hw_number_t;	/* a line of one controller */
typedef unsigned int irq_vector_t;	/* what the CPU saw (IDT vector...) */
/* Global interrupt numbers, as drivers use them, are plain unsigned int. */

/* Trigger types (struct irq_data.trigger, irq_set_irq_type()). */
#define IRQ_TYPE_NONE		0x0u
#define IRQ_TYPE_EDGE_RISING	0x1u
#define IRQ_TYPE_EDGE_FALLING	0x2u
#define IRQ_TYPE_EDGE_BOTH	(IRQ_TYPE_EDGE_RISING | IRQ_TYPE_EDGE_FALLING)
#define IRQ_TYPE_LEVEL_HIGH	0x4u
#define IRQ_TYPE_LEVEL_LOW	0x8u
#define IRQ_TYPE_LEVEL_MASK	(IRQ_TYPE_LEVEL_HIGH | IRQ_TYPE_LEVEL_LOW)
#define IRQ_TYPE_SENSE_MASK	0xfu

struct irq_chip;
struct irq_desc;
struct irq_domain;
struct msi_msg;

/*
 * What a controller knows of one line. Owned by the core. The fields a
 * controller reads on every event come first: the core keeps irq, trigger
 * and hwirq in the same cache line as the rest of what an event touches.
 */
struct irq_data {
	unsigned int		irq;		/* global number */
	uint16_t		trigger;	/* IRQ_TYPE_* in force */
	/* The core's: hierarchical, activated (16 bits, sharing trigger's word). */
	uint16_t		hier_flags;
	irq_hw_number_t		hwirq;		/* line on its controller */
	void			*chip_data;	/* the controller instance */
	const struct irq_chip	*chip;
	struct irq_domain	*domain;
	struct irq_cpumask		effective;	/* where it is routed now */
	/* Hierarchical domains (<genirq/irqdomain.h>): the same line one
	 * level down (NULL at the bottom, and for flat domains). */
	struct irq_data		*parent_data;
};

/*
 * A controller's primitives. Each does exactly what its name says; none
 * decides flow. Optional ones may be NULL and are defaulted by the core
 * (irq_chip_defaults in core/chip.c): startup = enable + 0, enable =
 * unmask, disable = mask, shutdown = disable, the others = nothing.
 * All run under the line's descriptor lock with local interrupts off.
 */
struct irq_chip {
	const char	*name;
	/* Start a line; return nonzero when an event was already pending. */
	unsigned int	(*startup)(struct irq_data *d);
	void		(*shutdown)(struct irq_data *d);
	void		(*enable)(struct irq_data *d);
	void		(*disable)(struct irq_data *d);
	void		(*mask)(struct irq_data *d);
	void		(*unmask)(struct irq_data *d);
	void		(*ack)(struct irq_data *d);	/* start of an event */
	void		(*eoi)(struct irq_data *d);	/* end of an event */
	/* Program the trigger; 0 or -EINVAL for a type the line can't do. */
	int		(*set_type)(struct irq_data *d, unsigned int type);
	/*
	 * A controller behind a slow bus (I2C, SPI: GPIO expanders, PMICs):
	 * bus_lock takes the controller's sleeping lock before the core
	 * changes a line's configuration (request, free, disable, enable,
	 * trigger), bus_sync_unlock writes to the hardware what the
	 * primitives recorded meanwhile and releases the lock. Both run in
	 * process context with local interrupts on, outside the descriptor
	 * lock, and may sleep; the primitives themselves only record. Such a
	 * controller's lines are nested (irq_set_nested_thread()). NULL: none.
	 */
	void		(*bus_lock)(struct irq_data *d);
	void		(*bus_sync_unlock)(struct irq_data *d);
	/* Route to CPUs of @dest (online ones only); record the choice with
	 * irq_data_update_effective_affinity(). 0 or -errno. */
	int		(*set_affinity)(struct irq_data *d, const struct irq_cpumask *dest);
	/* Make the hardware send the line again; 1 if it did, 0 if it can't. */
	int		(*retrigger)(struct irq_data *d);
	/* The message (address, data) a device writes to raise this line,
	 * for a controller that is an MSI target (<genirq/msi.h>). */
	void		(*compose_msi_msg)(struct irq_data *d, struct msi_msg *msg);
	/* Send an IPI on this line to @cpu / to the CPUs of @dest
	 * (<genirq/ipi.h>); a controller implements one or both. */
	void		(*ipi_send_single)(struct irq_data *d, unsigned int cpu);
	void		(*ipi_send_mask)(struct irq_data *d, const struct irq_cpumask *dest);
	/* Program the line's priority, 0 most urgent (<genirq/priority.h>);
	 * 0 or -errno. NULL: the controller has no priorities. */
	int		(*set_priority)(struct irq_data *d, unsigned int prio);
	/* Let the line wake the machine from a sleep (@on) or stop
	 * (<genirq/pm.h>); 0 or -errno. NULL: this level cannot, a
	 * hierarchy's parent level may (irq_chip_set_wake_parent()). */
	int		(*set_wake)(struct irq_data *d, unsigned int on);
	/* Read / write the controller's state of the line (<genirq/interrupt.h>,
	 * irq_get_irqchip_state()); 0 or -EINVAL for a state it cannot. NULL:
	 * this level cannot, the first parent level that can answers. */
	int		(*get_irqchip_state)(struct irq_data *d, enum irqchip_irq_state which,
					     bool *state);
	int		(*set_irqchip_state)(struct irq_data *d, enum irqchip_irq_state which,
					     bool val);
	/* Make the line an NMI (<genirq/nmi.h>): its priority above the
	 * port's masking, or its delivery the CPU's NMI; for a per-CPU line,
	 * on the calling CPU's local controller. 0 or -errno. teardown makes
	 * it an ordinary line again. Used only with IRQCHIP_SUPPORTS_NMI. */
	int		(*nmi_setup)(struct irq_data *d);
	void		(*nmi_teardown)(struct irq_data *d);
	unsigned long	flags;		/* IRQCHIP_* */
};

/* struct irq_chip.flags */
#define IRQCHIP_SUPPORTS_NMI	(1UL << 0)	/* lines can be NMIs (nmi_setup) */

/* The flows: each takes a line's event from start to end. */
typedef void (*irq_flow_handler_t)(struct irq_desc *desc);
void handle_level_irq(struct irq_desc *desc);	/* mask+ack, run, unmask */
void handle_edge_irq(struct irq_desc *desc);	/* ack, run, re-run pending */
void handle_fasteoi_irq(struct irq_desc *desc);	/* run, eoi */
void handle_percpu_irq(struct irq_desc *desc);	/* no lock: ack, run, eoi */
void handle_simple_irq(struct irq_desc *desc);	/* no chip calls (demuxed) */
void handle_bad_irq(struct irq_desc *desc);	/* count, report, ack_bad */

/**
 * irq_core_init - set up the core
 * @nr_irqs: global numbers the embedder will use (<= GENIRQ_MAX_IRQS)
 *
 * Context: once, at boot, on the boot CPU, before any other genirq call.
 * Return: 0, or -EINVAL for @nr_irqs of 0 or above GENIRQ_MAX_IRQS.
 */
int irq_core_init(unsigned int nr_irqs);

/* Global numbers in use: 0 <= irq < irq_nr_irqs(). */
unsigned int irq_nr_irqs(void);

/**
 * irq_cpu_set_online - mark a CPU online or offline
 *
 * Offline: lines routed to the CPU move to the other online CPUs of their
 * affinity, or are shut down (depth kept) when there is none. Online:
 * those lines start again (still disabled if their depth says so). A
 * build for one CPU (GENIRQ_NR_CPUS 1) has nowhere to move a line: only
 * the online mask changes, every line stays on CPU 0.
 * Context: the port, as CPUs come and go; not from interrupt context.
 */
void irq_cpu_set_online(unsigned int cpu, bool online);
/* The online CPUs, as one consistent copy. Context: any. */
void irq_cpu_online_get(struct irq_cpumask *mask);
/* The live mask, for a test of one CPU's bit; it may change under a reader
 * of several words: take a copy with irq_cpu_online_get() for that. */
const struct irq_cpumask *irq_cpu_online_mask(void);

/**
 * irq_alloc_descs - create descriptors for @cnt consecutive numbers
 * @irq: first number wanted, or -1 for the lowest free range
 * @cnt: how many
 *
 * New lines have no controller (they report and acknowledge stray events
 * through the port's ack_bad_irq) until irq_set_chip() gives them one.
 *
 * Context: process context, not from a handler.
 * Return: the first number, -EINVAL for a bad range, -EBUSY when @irq..
 * is taken, -ENOSPC when no range is free, -ENOMEM.
 */
int irq_alloc_descs(int irq, unsigned int cnt);

/**
 * irq_free_descs - release descriptors made by irq_alloc_descs()
 *
 * All or nothing: a line in the range that still has handlers, is a
 * cascade, or is still mapped in a domain (see irq_dispose_mapping()) is
 * reported and nothing is freed. Numbers without a descriptor are
 * skipped. Returns after every reader that could hold one of the
 * descriptors let go (see irq_to_desc()); only then are the numbers free
 * to be allocated again.
 *
 * Context: process context, not in interrupt context (refused) nor inside
 * irq_desc_read_lock(); waits.
 * Return: 0, -EBUSY (reported; nothing changed).
 */
#if GENIRQ_FREE_LINES
int irq_free_descs(unsigned int irq, unsigned int cnt);
#else
/*
 * Without line freeing (GENIRQ_FREE_LINES 0) a line stays for the
 * system's life: a free is -ENOSYS and said, and nothing changes.
 */
static inline int irq_free_descs(unsigned int irq, unsigned int cnt)
{
	(void)cnt;
	return irq_not_built(irq, "irq_free_descs()", "GENIRQ_FREE_LINES");
}
#endif

/*
 * The descriptor of @irq, or NULL. Lock-free; any context. The result
 * stays valid while the caller is in hardirq context (a handler, a flow)
 * or between irq_desc_read_lock() and irq_desc_read_unlock(): a freed
 * descriptor is released only after every such reader let go.
 */
struct irq_desc *irq_to_desc(unsigned int irq);

/*
 * A read section for descriptor lookups outside hardirq context. It may
 * be long (it may wait with interrupts on) and may end on another CPU
 * than it began; pass the value the lock returned to the unlock. It must
 * not contain irq_free_descs() or irq_dispose_mapping().
 */
#if GENIRQ_FREE_LINES
unsigned int irq_desc_read_lock(void);
void irq_desc_read_unlock(unsigned int cookie);
#else
/* (No descriptor is ever freed: a read section has nothing to hold off.) */
static inline unsigned int irq_desc_read_lock(void) { return 0; }
static inline void irq_desc_read_unlock(unsigned int cookie) { (void)cookie; }
#endif

/**
 * irq_set_chip - give a line its controller
 * @irq: a line made by irq_alloc_descs() or a domain
 * @chip: primitives; NULL puts back the "no controller" default
 * @chip_data: the controller instance, passed back in struct irq_data
 *
 * Also chooses the line's flow (see irq_set_irq_type()).
 * Return: 0, -EINVAL for an unknown line, -EBUSY while it has handlers.
 */
int irq_set_chip(unsigned int irq, const struct irq_chip *chip, void *chip_data);

/* The hardware line number a controller will see in irq_data.hwirq. */
int irq_set_hwirq(unsigned int irq, irq_hw_number_t hwirq);

/**
 * irq_set_irq_type - program a line's trigger and choose its flow
 *
 * The core, not the controller, picks the flow: per-CPU lines get
 * handle_percpu_irq; a chip with eoi and no ack gets handle_fasteoi_irq;
 * otherwise edge lines get handle_edge_irq and level lines
 * handle_level_irq; a chip with neither ack, eoi nor mask gets
 * handle_simple_irq.
 *
 * Return: 0, -EINVAL (unknown line or type the chip refuses).
 */
int irq_set_irq_type(unsigned int irq, unsigned int type);

/* Mark a line per-CPU (IPIs, local timers): no lock, no sharing checks
 * across CPUs, handle_percpu_irq. Return: 0 or -EINVAL. */
int irq_set_percpu(unsigned int irq);

#if GENIRQ_THREADS
/**
 * irq_set_nested_thread - mark a line as nested in its parent's thread
 * @nest: true: its events come from handle_nested_irq(), called by the
 *	thread of the parent line (a slow-bus controller's demultiplexer);
 *	false: a line of its own again
 *
 * A nested line's requests must give a thread function, which runs in
 * the parent's thread; no thread of its own is made. A request without
 * one is refused (-EINVAL, reported), as Linux does: use
 * request_threaded_irq() or request_any_context_irq().
 *
 * Context: process context, at set-up.
 * Return: 0; -EINVAL for a line that does not exist; -EBUSY (reported)
 * while the line has handlers.
 */
int irq_set_nested_thread(unsigned int irq, bool nest);

/**
 * handle_nested_irq - run a nested line's thread functions
 *
 * Called by a parent line's thread function for each child line its
 * controller reports, with the bus read done. Runs each handler's
 * thread function in the caller's thread, counts the event and judges
 * the line by what they return (the stuck-line rule). A line that is
 * disabled, or has no handler, is marked pending and runs nothing; at
 * the last enable_irq() its thread functions run once for it (for any
 * number of events meanwhile), in a thread of the line whose thread
 * called this (its status register may be read to clear), not in the
 * caller of enable_irq(). From outside an interrupt thread that event is
 * lost, and reported.
 * synchronize_irq(), disable_irq() and free_irq() of the line wait for a
 * run in progress.
 *
 * On a slow-bus controller the judgement takes its bus lock (so a
 * disable by the stuck-line or storm rule reaches the controller at
 * once): not to be called with that lock held.
 *
 * Context: process context (a thread function); from interrupt context
 * it is reported and runs nothing.
 */
void handle_nested_irq(unsigned int irq);
#else
/* Without threaded handlers (GENIRQ_THREADS 0) no line is nested. */
static inline int irq_set_nested_thread(unsigned int irq, bool nest)
{
	(void)irq;
	(void)nest;
	return -GENIRQ_ENOSYS;
}
static inline void handle_nested_irq(unsigned int irq) { (void)irq; }
#endif

/* Override the chosen flow (rarely needed). Return: 0 or -EINVAL. */
int irq_set_handler(unsigned int irq, irq_flow_handler_t flow);

/**
 * irq_set_chained_handler - make @irq a cascade into another controller
 * @flow: reads the child controller and calls generic_handle_domain_irq()
 * @data: what irq_desc_get_handler_data() gives @flow
 *
 * The line is started at once and cannot be requested by drivers.
 * Return: 0, -EINVAL, -EBUSY when it has handlers or is being freed.
 */
int irq_set_chained_handler(unsigned int irq, irq_flow_handler_t flow, void *data);

/* Accessors for flows and chained handlers. */
unsigned int irq_desc_get_irq(struct irq_desc *desc);
struct irq_data *irq_desc_get_irq_data(struct irq_desc *desc);
void *irq_desc_get_handler_data(struct irq_desc *desc);
struct irq_data *irq_get_irq_data(unsigned int irq);

/*
 * A chip's set_wake for a controller whose enabled lines wake a CPU from
 * its wait instruction (wfi, hlt, a PowerPC wait): a wake line has
 * nothing to program; it stays enabled while others are suspended.
 * Return: 0.
 */
int irq_chip_wake_when_enabled(struct irq_data *d, unsigned int on);

/* Called by a chip's set_affinity with the CPUs it actually chose. */
void irq_data_update_effective_affinity(struct irq_data *d,
					const struct irq_cpumask *m);
/* The same, for a controller that routes each line to one CPU. */
void irq_data_update_effective_cpu(struct irq_data *d, unsigned int cpu);
/*
 * The CPUs line @d's descriptor was asked for (smp_affinity; all CPUs
 * until irq_set_affinity()), for a controller choosing a target at
 * activation. Any level of a hierarchical line reaches its descriptor's.
 * Context: the line's descriptor lock held (activation, set_affinity).
 * Return: NULL if @d has no descriptor.
 */
const struct irq_cpumask *irq_data_get_affinity_mask(const struct irq_data *d);

/**
 * irq_set_affinity - route a line to CPUs of @mask
 *
 * The chip receives @mask ANDed with the online CPUs; the requested mask
 * is kept for /proc/irq/N/smp_affinity.
 *
 * Context: any, not under a descriptor lock.
 * Return: 0; -EINVAL for an unknown line or a mask with no online CPU;
 * -EIO when the line cannot be routed: a per-CPU line, a chip without
 * set_affinity, or a hierarchical line whose levels cannot (the chip's
 * set_affinity, e.g. irq_chip_set_affinity_parent(), said -ENOSYS);
 * otherwise the chip's -errno. A mask naming no CPU below
 * port_nr_cpus() is -EINVAL first (the caller's mistake on any line);
 * then -EIO is decided before the mask is judged against the online
 * CPUs, where the levels show it (a chain of
 * irq_chip_set_affinity_parent()); on any error nothing changed.
 */
int irq_set_affinity(unsigned int irq, const struct irq_cpumask *mask);
int irq_get_affinity(unsigned int irq, struct irq_cpumask *mask);
int irq_get_effective_affinity(unsigned int irq, struct irq_cpumask *mask);

/* Dispatch. Local interrupts off; in hardirq context (irq_enter()). */
void generic_handle_irq_desc(struct irq_desc *desc);
/* Return: 0, or -EINVAL for a number with no descriptor (counted). */
int generic_handle_irq(unsigned int irq);

/**
 * irq_handle_entry - a port's whole interrupt path for one event
 * @desc: the line, as the port found it from its vector
 * @regs: the interrupted state, for get_irq_regs()
 *
 * irq_enter(), the line's flow, irq_exit() (softirqs), with @regs set.
 * Context: hardware interrupt entry, local interrupts off, on the stack
 * the port chose. @desc is taken before hardirq context is entered, so
 * no grace period covers the port's look-up: only for a line that lives
 * as long as the port (never freed); a table of lines that come and go
 * enters by irq_handle_desc_entry(), which reads the slot inside.
 */
void irq_handle_entry(struct irq_desc *desc, void *regs);
/*
 * irq_handle_entry() for a port with its own table of descriptors (x86's
 * per-CPU vectors): *@slot is read in hardirq context, so a port that
 * empties the slot (atomically, with release) before the line is freed
 * never enters a freed descriptor. Return: 0, or -ENOENT for an empty
 * slot (counted in ERR; the controller is still owed its end of event).
 */
int irq_handle_desc_entry(struct irq_desc *const *slot, void *regs);

/**
 * irq_spurious_vector - account a delivery with nothing behind it
 *
 * For a controller's spurious vector (8259 IRQ7/15, APIC 0xff, MPIC
 * spurious, XICS XISR 0): counted in the SPU row of /proc/interrupts and
 * not dispatched. Context: interrupt entry.
 */
void irq_spurious_vector(void);

/* Count an error event (ERR row), e.g. an APIC error interrupt. */
void irq_error_event(void);

/* Statistics: events of @irq taken by @cpu; by all CPUs. */
unsigned long irq_stat_cpu(unsigned int irq, unsigned int cpu);
unsigned long irq_stat_total(unsigned int irq);
unsigned long irq_spurious_count(unsigned int cpu);
unsigned long irq_error_count(void);

/*
 * Spurious and stuck-line detection. noirqdebug turns it off (Linux 2.6.9's
 * boot option), the storm rule's throttling with it. irq_spurious_poll()
 * runs the recovery of lines the rule disabled and lifts the storm rule's
 * throttles; a port calls it from its timer tick (it rate-limits itself).
 * A build without the stuck-line rule (GENIRQ_SPURIOUS 0) keeps both
 * verbs for the storm rule: no line is ever disabled as stuck there.
 */
void irq_set_noirqdebug(bool off);
void irq_spurious_poll(void);

/*
 * Handled storms: a line whose handlers claim more than @events_per_sec
 * events for a whole window of @window_ms is disabled (through its depth)
 * for a back-off of 100 ms, doubling while the storm lasts (to 3.2 s),
 * reported with its handlers and rate, and re-enabled by
 * irq_spurious_poll(). 0 for either turns the rule off. Default: 500,000
 * events/s over 100 ms. A window holds at most 2^31 - 1 events: a larger
 * @events_per_sec x @window_ms saturates there (it never wraps). irq_set_storm_default() applies to lines that
 * have not taken an event yet. Return: 0 or -EINVAL for an unknown line;
 * -ENOSYS in a build without the rule (GENIRQ_STORM 0), where no line is
 * ever throttled.
 */
#if GENIRQ_STORM
int irq_set_storm_limit(unsigned int irq, unsigned long events_per_sec, unsigned int window_ms);
void irq_set_storm_default(unsigned long events_per_sec, unsigned int window_ms);

/* The most handler runs one flow made for one line in one pending loop
 * (events that came while its handlers ran), since irq_core_init(); 0
 * without the storm rule, which keeps it. */
unsigned int irq_pending_loop_max(void);
#else
static inline int irq_set_storm_limit(unsigned int irq, unsigned long events_per_sec,
				      unsigned int window_ms)
{
	(void)irq;
	(void)events_per_sec;
	(void)window_ms;
	return -GENIRQ_ENOSYS;
}
static inline void irq_set_storm_default(unsigned long events_per_sec, unsigned int window_ms)
{
	(void)events_per_sec;
	(void)window_ms;
}
static inline unsigned int irq_pending_loop_max(void) { return 0; }
#endif

/*
 * Per-line cost accounting: off by default, switched per line at run
 * time. While on, each event's flow (its handlers and the controller
 * calls around them) is timed with port_cycles(); a port without a cycle
 * counter reads zero. Off, it costs the dispatch path nothing.
 */
#define IRQ_COST_BUCKETS	16	/* log2 histogram of one flow's cycles */
#define IRQ_COST_SHIFT		6	/* bucket 0: below 2^6 cycles; bucket
					 * b: [2^(b+5), 2^(b+6)); the last: above */

struct irq_cost {
	bool		enabled;
	unsigned long	count;			/* events timed */
	uint64_t	total_cycles;		/* their flows, added up */
	uint64_t	max_cycles;		/* the longest one */
	unsigned long	hist[IRQ_COST_BUCKETS];
};

/**
 * irq_set_cost_accounting - time every event of @irq from now on, or stop
 *
 * Figures gathered so far are kept (and go on adding up when switched on
 * again). Context: process context, not from a handler of @irq.
 * Return: 0, -EINVAL for an unknown line, -ENOMEM; -ENOSYS in a build
 * without cost accounting (GENIRQ_COST 0).
 */
/**
 * irq_get_cost - copy the cost figures of @irq into @out
 *
 * A line that was never switched on reads all zero. Context: any, not
 * under a descriptor lock. Return: 0, -EINVAL for an unknown line;
 * -ENOSYS without cost accounting (GENIRQ_COST 0), @out left as it was.
 */
#if GENIRQ_COST
int irq_set_cost_accounting(unsigned int irq, bool on);
int irq_get_cost(unsigned int irq, struct irq_cost *out);
#else
static inline int irq_set_cost_accounting(unsigned int irq, bool on)
{
	(void)irq;
	(void)on;
	return -GENIRQ_ENOSYS;
}
static inline int irq_get_cost(unsigned int irq, struct irq_cost *out)
{
	(void)irq;
	(void)out;
	return -GENIRQ_ENOSYS;
}
#endif

/* Shut a line down / start it again, keeping its disable depth (used by
 * CPU hot-unplug and by tests of that rule). A line not started (shut
 * down already) is not shut down again: the chip's shutdown runs once per
 * startup, free_irq()'s included. Return: 0 or -EINVAL. */
int irq_shutdown(unsigned int irq);
int irq_startup(unsigned int irq);

/* A line's disable depth (tests, /proc). -EINVAL for an unknown line. */
int irq_get_depth(unsigned int irq);
/* 1 when the core holds a line masked at its controller, else 0; -EINVAL
 * for an unknown line. */
int irq_get_masked(unsigned int irq);

/* Irq domains: a controller's hardware numbers -> global numbers. */

/**
 * irq_domain_create_linear - a domain for hardware lines 0..@size-1
 * @chip, @chip_data: given to every line mapped in it
 *
 * Global numbers are taken from the lowest free ones as lines are mapped.
 * Return: the domain, or NULL (out of memory, @size 0) after a report.
 */
struct irq_domain *irq_domain_create_linear(const char *name, unsigned int size,
					    const struct irq_chip *chip,
					    void *chip_data);

/**
 * irq_domain_create_legacy - a domain whose numbers are fixed
 *
 * Hardware line @first_hwirq + i is global number @first_irq + i, for i
 * below @size; all are mapped at once (ISA lines 0-15 on PC machines).
 * @first_hwirq + @size must fit 32 bits and @first_irq + @size the
 * capacity. Return: the domain or NULL (range taken or out of range, out
 * of memory) after a report.
 */
struct irq_domain *irq_domain_create_legacy(const char *name, unsigned int size,
					    unsigned int first_irq,
					    irq_hw_number_t first_hwirq,
					    const struct irq_chip *chip,
					    void *chip_data);

/* Return: the global number of @hw, mapping it if needed; -EINVAL for
 * @hw out of range; -ENOSPC; -ENOMEM. */
int irq_create_mapping(struct irq_domain *d, irq_hw_number_t hw);
/* Return: the global number of @hw or -ENOENT. Lock-free; any context. */
int irq_find_mapping(struct irq_domain *d, irq_hw_number_t hw);

/**
 * irq_dispose_mapping - unmap a line from its domain and free its descriptor
 * @virq: a number irq_create_mapping() or a legacy domain gave
 *
 * Events that still come for the hardware line are counted in ERR and not
 * dispatched; the number is free again once the call returns.
 *
 * All or nothing, as irq_domain_free_irqs() (which a hierarchical line
 * goes through): the line is found unused and marked dying in one step,
 * so a request that comes after the check is refused (-ENOSYS).
 *
 * Context: as irq_free_descs() (from interrupt context: -EBUSY, reported,
 * nothing changed).
 * Return: 0; -EINVAL for a number that is not mapped; -EBUSY (reported,
 * nothing changed) while the line has handlers or is a cascade.
 */
#if GENIRQ_FREE_LINES
int irq_dispose_mapping(unsigned int virq);
#else
/* Without line freeing the line stays mapped: -ENOSYS, said. */
static inline int irq_dispose_mapping(unsigned int virq)
{
	return irq_not_built(virq, "irq_dispose_mapping()", "GENIRQ_FREE_LINES");
}
#endif
/* Dispatch @hw of @d (a chained handler's, or the port's). Return: 0 or
 * -EINVAL for an unmapped line (counted in ERR, not dispatched; the
 * caller still owes its controller the end of the event). */
int generic_handle_domain_irq(struct irq_domain *d, irq_hw_number_t hw);
/* irq_handle_entry() for a port that knows the domain and line. */
int irq_handle_domain_entry(struct irq_domain *d, irq_hw_number_t hw, void *regs);
const char *irq_domain_name(const struct irq_domain *d);
/*
 * The domain's table of descriptor slots, one per hardware line
 * 0..*@size-1, for a controller whose hardware number indexes it (the
 * GIC's INTID, the PLIC's source) to enter by irq_handle_desc_entry().
 * The core fills a slot when the line is mapped and empties it before the
 * descriptor is freed (irq_dispose_mapping(), irq_domain_free_irqs()), so
 * a slot read in hardirq context never holds a freed descriptor. The
 * table lives as long as the domain. Return: it, or NULL (*@size 0) for
 * no domain.
 */
struct irq_desc *const *irq_domain_slots(struct irq_domain *d, unsigned int *size);

GENIRQ_END_DECLS

#endif /* GENIRQ_IRQ_H */

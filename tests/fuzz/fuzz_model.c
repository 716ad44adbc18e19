// SPDX-License-Identifier: MIT
/*
 * fuzz_model.c - the real core against the reference model (tests/model).
 *
 * One line of a simulated controller on a 2-CPU hosted machine in
 * deterministic mode. The input chooses the line (edge or level), the
 * controller style (ack or eoi), then a sequence of operations, two bytes
 * each: request/setup/free a handler, disable/disable_nosync/enable, raise
 * an edge or assert a level, deassert, let CPU k take its interrupts, set
 * the affinity, autoprobe, let time pass. Each runs on the core and on the
 * model; after each the two are compared, and the invariants checked:
 *  - the depth is the model's, never negative;
 *  - no handler is called after its free_irq returned, on a disabled line,
 *    on a CPU the line is not routed to, or out of install order;
 *  - no edge is lost: once the line's CPU took its interrupts, every event
 *    raised for an installed handler of an enabled line was serviced;
 *  - a level line is never run with nothing asserted (no replay);
 *  - every delivery is ended exactly once (acks or eois == deliveries, and
 *    == the line's event count), and nothing stays in service;
 *  - affinity, effective affinity and the spurious counters match.
 *
 * With bit 2 of the first byte set, handlers may be threaded actions
 * (request_threaded_irq(): a quick, deferring or NULL primary, with or
 * without IRQF_ONESHOT), and two more operations run the woken threads as
 * CPU k (irq_threads_run(), the core's runner: no port threads here) and
 * irq_wake_thread() or synchronize_irq(). Then also:
 *  - a thread function runs only after a wake-up, once per wake-up batch,
 *    on the CPU it was woken for, never after free_irq() returned, and
 *    disable_irq(), synchronize_irq() and free_irq() return with it done;
 *  - a refused request (-EINVAL, -EBUSY for ONESHOT sharers that disagree)
 *    changes nothing;
 *  - a ONESHOT line is masked from a delivery that left a thread woken
 *    until the last woken thread returned, and open after that at depth 0;
 *  - nothing is lost: once the threads ran and the line's CPU took its
 *    interrupts, nothing is owed;
 *  - the stuck-line counters count a wake-only event as the model's
 *    deferred judgement says (model.c, judge_run()).
 *
 * With bit 3 of the first byte set, two more operations take CPU 1
 * offline or bring it back (irq_cpu_set_online(); CPU 0, where the
 * operations run, stays) and write /proc/irq/N/smp_affinity. With bit 4
 * set too, the line is instead a managed MSI-X vector (bit 5: the one
 * spread to CPU 0 or to CPU 1) of a simulated PCI device, allocated with
 * pci_alloc_irq_vectors_affinity() and PCI_IRQ_AFFINITY, whose device
 * raises it with simpci_fire() (edges only; no threads, no autoprobe in
 * that mode). Then also, as the model says (model.c, model_cpu_set()):
 *  - a line whose CPUs all went offline runs nothing, and nothing it was
 *    raised for meanwhile is lost once one is back;
 *  - a started line moves to its affinity's online CPUs, and the woken
 *    threads queued on the CPU that left run where the line went;
 *  - smp_affinity writes to a managed line are -EIO and change nothing.
 */
#include "fuzz.h"
#include <genirq/affinity.h>
#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/irqdomain.h>
#include <genirq/msi.h>
#include <genirq/pci.h>
#include <genirq/port.h>
#include <genirq/chip/simpci.h>
#include "../model/model.h"

enum op {
	OP_REQUEST, OP_SETUP, OP_FREE, OP_DISABLE, OP_DISABLE_NOSYNC, OP_ENABLE,
	OP_RAISE, OP_DEASSERT, OP_DISPATCH, OP_AFFINITY, OP_PROBE, OP_TIME,
	OP_NOISE, NR_PLAIN_OPS,
	/* threads mode only */
	OP_THREADS = NR_PLAIN_OPS, OP_WAKE, NR_THREAD_OPS,
	/* hotplug mode only */
	OP_CPU = NR_THREAD_OPS, OP_PROC_AFFINITY, NR_OPS
};
#define NR_HOTPLUG_OPS	(NR_OPS - NR_THREAD_OPS)

/* The managed lines: MSI-X vectors of a simulated PCI device. */
#define MSI_FIRST	16	/* the PIC lines given to MSI: 16..31 */
#define MSI_COUNT	16
#define MSI_DEV_ID	0x0020u

struct slot {
	int		index;
	bool		preempt;	/* its device raises again while its thread runs */
	bool		preempt_now;	/* once per operation, or it would never end */
	struct irqaction action;	/* for setup_irq: caller-owned */
};

static struct simpic *pics[3];		/* SIMPIC_ACK, SIMPIC_FASTEOI, the MSI one */
static int lines[2][2];			/* [style][level] -> global number */
static struct slot slots[MODEL_SLOTS];
static struct model_line model;
static struct simpic *pic;
static irq_hw_number_t hw;
static unsigned int irq;
static struct simpic_line_stats base;
static unsigned long base_events;
static unsigned long seen_events;	/* deliveries the model has accounted for */
static bool threads_mode;
static bool hotplug_mode;		/* CPU 1 goes and comes; smp_affinity writes */
static struct simpci *pci;		/* managed mode: the device, its vectors' lines */
static int managed_lines[MODEL_CPUS];
static int vector = -1;			/* managed mode: the line's vector; else -1 */
static int trace = -1;		/* FUZZ_MODEL_TRACE set: say each step (replaying a finding) */

void model_chain_done(struct model_line *m, uint64_t now);

/*
 * Runs of a chain of NULL primaries only, which no handler of ours sees:
 * in this deterministic machine each delivery while the line is enabled
 * and has handlers is one run of its chain.
 */
static void sync_deliveries(void)
{
	/* The line's event count: reading it takes no lock, so it lets in no
	 * interrupt (simpic_line_stats() would, after its read). */
	unsigned long now = irq_stat_total(irq), n = now - seen_events;

	seen_events = now;
	if (trace && n)
		fprintf(stderr, "  %lu deliveries (visible chain %d)\n", n, model_chain_visible(&model));
	if (n && model.nr_handlers && model.depth == 0 && !model_chain_visible(&model)) {
		const char *why = model_silent_runs(&model, n, model.route, sim_time_ns());

		FUZZ_ASSERT(why == NULL, "%lu runs of a chain of NULL primaries: %s", n, why);
	}
}

/* The device side raises the line: an edge or an assertion, or an MSI-X message. */
static void line_raise(void)
{
	if (vector >= 0)
		(void)simpci_fire(pci, (unsigned int)vector);	/* held while masked */
	else
		simpic_raise(pic, hw);
}

/* A handler, or a threaded action's quick or deferring primary (model.h). */
static irqreturn_t handler(int unused, void *dev_id)
{
	struct slot *s = dev_id;
	const char *why;
	int ret;

	(void)unused;
	why = model_primary_call(&model, s->index, port_cpu_id(), sim_time_ns(), &ret);
	FUZZ_ASSERT(why == NULL, "slot %d on CPU %u: %s", s->index, port_cpu_id(), why);
	if (trace)
		fprintf(stderr, "  handler %d on CPU %u: %d\n", s->index, port_cpu_id(), ret);
	/* A level device drops its line once nobody on it wants service. */
	if (ret && model.level && !model_line_asserted(&model))
		simpic_lower(pic, hw);
	return ret == 2 ? IRQ_WAKE_THREAD : ret == 1 ? IRQ_HANDLED : IRQ_NONE;
}

static irqreturn_t thread_fn(int unused, void *dev_id)
{
	struct slot *s = dev_id;
	unsigned int cpu = port_cpu_id();
	const char *why;
	bool claim;

	(void)unused;
	FUZZ_ASSERT(!in_interrupt() && !port_irqs_disabled(), "thread of slot %d in irq context",
		    s->index);
	sync_deliveries();
	why = model_thread_begin(&model, s->index, cpu);
	FUZZ_ASSERT(why == NULL, "slot %d thread on CPU %u: %s", s->index, cpu, why);
	if (s->preempt_now && model.slot[s->index].state == SLOT_INSTALLED) {
		/* (A device being freed is quiet: its driver quiesced it.) */
		s->preempt_now = false;
		/* Its device raises again meanwhile and, interrupts on, this CPU
		 * takes what comes: a primary may wake this very thread again. */
		model_raise(&model, s->index);
		line_raise();
		sim_poll();
		sync_deliveries();
	}
	claim = model_thread_service(&model, s->index);
	if (trace)
		fprintf(stderr, "  thread %d on CPU %u: %s\n", s->index, cpu, claim ? "claims" : "none");
	if (claim && model.level && !model_line_asserted(&model))
		simpic_lower(pic, hw);
	model_thread_end(&model, s->index, claim);
	return claim ? IRQ_HANDLED : IRQ_NONE;
}

/* The core's runner on @cpu, as its idle loop would call it. */
static void run_threads(unsigned int cpu)
{
	sim_cpu_switch(cpu);
	while (irq_threads_run())
		;
	sim_cpu_switch(0);
	sync_deliveries();
}

/*
 * A waiter on CPU 0 (disable_irq(), synchronize_irq(), free_irq()) spins
 * until the threads it waits for are done; another CPU runs the ones
 * queued there meanwhile. Here it runs them first.
 */
static void others_run_threads(int slot)
{
	for (unsigned int cpu = 1; cpu < MODEL_CPUS; cpu++)
		for (int s = 0; s < MODEL_SLOTS; s++)
			if ((slot < 0 || s == slot) && model.slot[s].woken &&
			    model.slot[s].queue_cpu == cpu) {
				run_threads(cpu);
				break;
			}
}

/*
 * A PCI device's MSI-X vectors, spread one to each CPU: managed lines.
 * Their controller is a third simulated PIC, the bottom of a hierarchy.
 */
static void managed_machine(void)
{
	static struct simpci_config cf = { .msix = MODEL_CPUS };
	static struct pci_irq_dev dev;
	struct irq_affinity affd = { 0 };
	struct irq_domain *msi;
	struct simpic *root;

	root = simpic_create("msi", MSI_FIRST + MSI_COUNT, SIMPIC_FASTEOI);
	if (!root || simpic_enable_hierarchy(root, MSI_FIRST, MSI_COUNT))
		abort();
	msi = msi_create_irq_domain(simpic_domain(root), "PCI-MSI", MSI_PARENT_EOI);
	pci = simpci_create(root, &cf);
	if (!msi || !pci || pci_msi_dev_init(&dev.msi, &simpci_cfg_ops, pci, MSI_DEV_ID))
		abort();
	dev.msi_domain = msi;
	if (pci_alloc_irq_vectors_affinity(&dev, MODEL_CPUS, MODEL_CPUS,
					   PCI_IRQ_MSIX | PCI_IRQ_AFFINITY, &affd) != MODEL_CPUS)
		abort();
	pics[2] = root;
	for (int i = 0; i < MODEL_CPUS; i++) {
		managed_lines[i] = pci_irq_vector(&dev, (unsigned int)i);
		if (managed_lines[i] < 0 || !irq_affinity_is_managed((unsigned int)managed_lines[i]))
			abort();
	}
}

static void machine(void)
{
	static bool up;

	if (up)
		return;
	up = true;
	if (sim_init(MODEL_CPUS, 64))
		abort();
	for (int style = 0; style < 2; style++) {
		pics[style] = simpic_create(style ? "eoi" : "ack", 2,
					    style ? SIMPIC_FASTEOI : SIMPIC_ACK);
		if (!pics[style])
			abort();
		for (int level = 0; level < 2; level++) {
			lines[style][level] = simpic_map(pics[style], (irq_hw_number_t)level,
							 level ? IRQ_TYPE_LEVEL_HIGH :
							 IRQ_TYPE_EDGE_RISING);
			if (lines[style][level] < 0)
				abort();
		}
	}
	managed_machine();
	for (int s = 0; s < MODEL_SLOTS; s++)
		slots[s].index = s;
	/* No thread per action: the core's runner, driven from here. */
	sim_irq_threads_native(false);
}

static void run_cpu(unsigned int cpu)
{
	sim_run(cpu);
	sim_cpu_switch(cpu);
	do_softirq();
	sim_cpu_switch(0);
	sim_run(cpu);
}

static void read_spurious(unsigned int *count, unsigned int *unhandled)
{
	char path[64], buf[256];
	const char *p;

	snprintf(path, sizeof(path), "/proc/irq/%u/spurious", irq);
	FUZZ_ASSERT(irq_proc_read(path, buf, sizeof(buf)) > 0, "spurious view");
	p = strstr(buf, "count ");
	FUZZ_ASSERT(p && sscanf(p, "count %u", count) == 1, "count in %s", buf);
	p = strstr(buf, "unhandled ");
	FUZZ_ASSERT(p && sscanf(p, "unhandled %u", unhandled) == 1, "unhandled in %s", buf);
}

static const char *const slot_names[MODEL_SLOTS] = { "model0", "model1", "model2" };

/* The thread list (irq_show_threads()): wake-ups, runs and state are the model's. */
static void compare_threads(const char *after)
{
	static char buf[8192];

	FUZZ_ASSERT(irq_show_threads(buf, sizeof(buf)) > 0, "thread list");
	for (int i = 0; i < MODEL_SLOTS; i++) {
		const struct model_slot *m = &model.slot[i];
		char name[32], state[16];
		unsigned long wakeups, runs;
		const char *row;

		if (m->state != SLOT_INSTALLED || m->prim == PRIM_PLAIN)
			continue;
		snprintf(name, sizeof(name), "irq/%u-%s ", irq, slot_names[i]);
		row = strstr(buf, name);
		FUZZ_ASSERT(row && sscanf(row + strlen(name), "%lu %lu %*u %*u %*s %15s", &wakeups, &runs,
					  state) == 3, "after %s: no thread row %s", after, name);
		FUZZ_ASSERT(wakeups == m->wakeups && runs == m->runs &&
			    !strcmp(state, m->woken ? "woken" : "sleeping"),
			    "after %s: thread %d wake-ups %lu runs %lu %s, model %lu %lu %s", after, i,
			    wakeups, runs, state, m->wakeups, m->runs, m->woken ? "woken" : "sleeping");
	}
}

/* Core and model agree, and the controller saw each delivery ended once. */
static void compare(const char *after)
{
	struct simpic_line_stats s;
	struct irq_cpumask aff, eff;
	unsigned long delivered, ends, events;
	unsigned int count, unhandled;
	int depth;

	/* What is pending for this CPU comes in at the first lock we take
	 * (interrupts are on): take it now, and account for it. */
	sim_poll();
	sync_deliveries();
	depth = irq_get_depth(irq);

	FUZZ_ASSERT(depth >= 0 && (unsigned int)depth == model.depth,
		    "after %s: depth %d, model %u", after, depth, model.depth);
	simpic_line_stats(pic, hw, &s);
	delivered = s.delivered - base.delivered;
	ends = pic == pics[0] ? s.acks - base.acks : s.eois - base.eois;
	events = irq_stat_total(irq) - base_events;
	FUZZ_ASSERT(ends == delivered, "after %s: %lu deliveries, %lu ends", after, delivered,
		    ends);
	FUZZ_ASSERT(events == delivered, "after %s: %lu deliveries, %lu events counted",
		    after, delivered, events);
	FUZZ_ASSERT(!s.in_service, "after %s: still in service", after);
	/* Whatever came before, a line in use at depth 0 is open, unless a
	 * ONESHOT line waits for a thread. */
	FUZZ_ASSERT(!(model.nr_handlers && model.depth == 0 && s.masked && !model.shutdown &&
		      !model_oneshot_busy(&model)),
		    "after %s: depth 0 but masked", after);
	FUZZ_ASSERT(!model.held || s.masked,
		    "after %s: ONESHOT line open while a woken thread has not returned", after);
	for (int i = 0; i < MODEL_SLOTS; i++)
		FUZZ_ASSERT(!model.slot[i].running, "after %s: thread %d still running", after, i);
	irq_get_affinity(irq, &aff);
	FUZZ_ASSERT((aff.bits[0] & 7u) == model.affinity,
		    "after %s: affinity %lx, model %x", after, aff.bits[0], model.affinity);
	irq_get_effective_affinity(irq, &eff);
	/* (Not started, or shut down for lack of CPUs: routed nowhere that matters.) */
	if (model.nr_handlers && model.started)
		FUZZ_ASSERT(eff.bits[0] == 1ul << model.route && s.route == model.route,
			    "after %s: effective %lx, model CPU %u", after, eff.bits[0],
			    model.route);
	if (threads_mode)
		compare_threads(after);
	read_spurious(&count, &unhandled);
	FUZZ_ASSERT(count == model.count && unhandled == model.unhandled,
		    "after %s: spurious count %u/%u, model %u/%u", after, count, unhandled,
		    model.count, model.unhandled);
}

static void do_free(int slot)
{
	const char *why;

	sync_deliveries();
	others_run_threads(slot);
	model_free_begin(&model, slot);
	if (model.level && !model_line_asserted(&model))
		simpic_lower(pic, hw);
	free_irq(irq, &slots[slot]);
	sync_deliveries();
	why = model_free_end(&model, slot);
	FUZZ_ASSERT(why == NULL, "free_irq of slot %d: %s", slot, why);
}

/* Where the line starts: all CPUs, or the managed vector's own. */
static void start_affinity(struct irq_cpumask *m)
{
	cpumask_clear(m);
	if (vector >= 0)
		cpumask_set_cpu((unsigned int)vector, m);
	else
		cpumask_setall(m, MODEL_CPUS);
}

static void start_model(struct model_line *m, bool level, unsigned int depth)
{
	model_init(m, level, depth);
	if (vector >= 0) {
		m->managed = true;
		m->affinity = 1u << vector;
		m->route = (unsigned int)vector;
	}
}

/*
 * Back to a clean line: no handler, nothing latched, depth 1, all CPUs.
 * A handler installed for a moment resets the depth (an enable of a line
 * with no handler changes nothing) and takes any edge left latched.
 */
static void cleanup(void)
{
	struct irq_cpumask all;

	for (int i = model.nr_handlers; i-- > 0;) {
		int slot = model.order[i];

		do_free(slot);
	}
	simpic_lower(pic, hw);
	irq_cpu_set_online(1, true);
	start_affinity(&all);
	irq_set_affinity(irq, &all);
	{
		bool masks = model.oneshot_masks;

		start_model(&model, model.level, 1);
		model.oneshot_masks = masks;
	}
	model_request(&model, 0, true);
	if (request_irq(irq, handler, IRQF_SHARED, "drain", &slots[0]))
		abort();
	run_cpu(0);
	run_cpu(1);
	do_free(0);
	FUZZ_ASSERT(irq_get_depth(irq) == 1, "clean line at depth %d", irq_get_depth(irq));
	do_softirq();
	seen_events = irq_stat_total(irq);
	sim_console_clear();
}

static bool installed(int s)
{
	return model.slot[s].state == SLOT_INSTALLED;
}


/* With FUZZ_MODEL_TRACE set: the model's line and slots. */
static void dump_model(const char *when)
{
	struct simpic_line_stats st;

	if (!trace)
		return;
	simpic_line_stats(pic, hw, &st);
	fprintf(stderr, "%s: held %d oneshot %d level %d depth %u; asserted %d masked %d\n", when,
		model.held, model.oneshot, model.level, model.depth, st.asserted, st.masked);
	for (int i = 0; i < MODEL_SLOTS; i++) {
		const struct model_slot *m = &model.slot[i];

		fprintf(stderr, "  slot %d: state %d prim %d oneshot %d want %u woken %d cpu %u "
			"handed %u wakeups %lu runs %lu\n", i, (int)m->state, (int)m->prim,
			m->oneshot, m->want, m->woken, m->queue_cpu, m->handed, m->wakeups, m->runs);
	}
}

/*
 * The request flags a plain-mode request's @arg asks for: bit 4
 * IRQF_NO_AUTOEN; bit 5 a trigger, the line's own or, with bit 2 on a
 * line that has handlers, the other kind (the first handler would change
 * the line's kind under the device). *@mflags: the model's names.
 */
static unsigned long plain_flags(uint8_t arg, unsigned int *mflags)
{
	unsigned long own = model.level ? IRQF_TRIGGER_HIGH : IRQF_TRIGGER_RISING;
	unsigned long other = model.level ? IRQF_TRIGGER_RISING : IRQF_TRIGGER_HIGH;
	unsigned long flags = 0;

	*mflags = 0;
	if (arg & 16) {
		flags |= IRQF_NO_AUTOEN;
		*mflags |= MODEL_NO_AUTOEN;
	}
	if (arg & 32) {
		bool switch_kind = (arg & 4) && model.nr_handlers;

		flags |= switch_kind ? other : own;
		*mflags |= switch_kind ? MODEL_OTHER_TRIGGER : 0;
	}
	return flags;
}

/*
 * @arg: bit 0 IRQF_SHARED, bit 1 IRQF_DISABLED; in threads mode bits 2-3
 * the primary (model.h's order), bit 4 IRQF_ONESHOT, bit 5 the device
 * raises again while the thread runs, which takes its CPU's interrupts;
 * in plain mode bits 2, 4 and 5 are plain_flags()'.
 */
static void do_request(int s, uint8_t arg, bool caller_owned)
{
	unsigned long flags = (arg & 1 ? IRQF_SHARED : 0) | (arg & 2 ? IRQF_DISABLED : 0);
	enum model_primary prim = threads_mode ? (enum model_primary)((arg >> 2) & 3) : PRIM_PLAIN;
	unsigned int mflags = 0;
	irq_handler_t h, t;
	int want, ret;

	if (model.slot[s].state != SLOT_FREE)
		return;
	if (threads_mode && (arg & 16))
		flags |= IRQF_ONESHOT;
	if (!threads_mode)
		flags |= plain_flags(arg, &mflags);
	/* A level device left asserted by a primary would scream unless the
	 * line stays masked for the thread: such a driver services it first. */
	if (prim == PRIM_DEFER && model.level && !(flags & IRQF_ONESHOT))
		prim = PRIM_QUICK;
	slots[s].preempt = threads_mode && (arg & 32);
	h = prim == PRIM_NULL ? NULL : handler;
	t = prim == PRIM_PLAIN ? NULL : thread_fn;
	sync_deliveries();
	want = model_request_flags(&model, s, flags & IRQF_SHARED, flags & IRQF_ONESHOT, prim,
				   mflags);
	if (caller_owned) {
		slots[s].action = (struct irqaction){ .handler = h, .thread_fn = t, .flags = flags,
						      .name = slot_names[s], .dev_id = &slots[s] };
		ret = setup_irq(irq, &slots[s].action);
	} else {
		ret = request_threaded_irq(irq, h, t, flags, slot_names[s], &slots[s]);
	}
	FUZZ_ASSERT(ret == want, "request slot %d flags %lx primary %d: %d, model %d", s, flags,
		    (int)prim, ret, want);
	if (trace)
		fprintf(stderr, "  request slot %d flags %lx primary %d: %d\n", s, flags, (int)prim, ret);
}

/* The line's CPU took its interrupts: nothing is lost. */
static void check_nothing_lost(unsigned int cpu)
{
	if (cpu != model.route || model.depth || !model.nr_handlers || model_nothing_lost(&model))
		return;
	dump_model("lost");
	FUZZ_ASSERT(false, "lost event: CPU %u took its interrupts, a handler is still owed one", cpu);
}

static void do_dispatch(unsigned int cpu)
{
	run_cpu(cpu);
	sync_deliveries();
	check_nothing_lost(cpu);
}

/* disable_irq(), synchronize_irq(): they return with the line's threads done. */
static void check_threads_done(const char *what)
{
	FUZZ_ASSERT(model_threads_idle(&model), "%s returned with a thread woken or running", what);
}

static void do_probe(uint8_t arg)
{
	bool fire = (arg & 1) && model.nr_handlers == 0;
	unsigned long v;
	int ret;

	if (vector >= 0)
		return;		/* MSI vectors are not probed for */
	v = probe_irq_on();
	if (fire) {
		simpic_raise(pic, hw);
		/* Started by the probe: routed to its affinity's online CPUs,
		 * which CPU hotplug may have changed since its last start. */
		for (unsigned int cpu = 0; cpu < MODEL_CPUS; cpu++)
			run_cpu(cpu);
	}
	ret = probe_irq_off(v);
	sync_deliveries();
	if (fire) {
		simpic_lower(pic, hw);
		FUZZ_ASSERT(ret == (int)irq, "probe found %d, the line is %u", ret, irq);
	} else {
		FUZZ_ASSERT(ret == 0 || ret == (int)irq, "probe found %d", ret);
	}
}

/* CPU 1 goes offline or comes back (@arg bit 0: back). */
static void do_cpu(uint8_t arg)
{
	bool up = arg & 1;

	sync_deliveries();
	model_cpu_set(&model, 1, up);
	irq_cpu_set_online(1, up);
	sync_deliveries();
}

/* A write of @arg's low three bits as a mask to /proc/irq/N/smp_affinity. */
static void do_proc_affinity(uint8_t arg)
{
	char path[48], text[8];
	unsigned int bits = arg & 7;	/* CPU 2 does not exist */
	int want, ret;

	snprintf(path, sizeof(path), "/proc/irq/%u/smp_affinity", irq);
	snprintf(text, sizeof(text), "%x", bits);
	want = model_proc_affinity(&model, bits);
	ret = irq_proc_write(path, text, strlen(text));
	FUZZ_ASSERT(ret == want, "smp_affinity write %s: %d, model %d", text, ret, want);
}

/* The operation byte @b names, among the ones the modes allow. */
static enum op pick_op(uint8_t b)
{
	unsigned int n = threads_mode ? NR_THREAD_OPS : NR_PLAIN_OPS;

	if (!hotplug_mode)
		return (enum op)(b % n);
	b %= n + NR_HOTPLUG_OPS;
	return b < n ? (enum op)b : (enum op)(OP_CPU + (b - n));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[NR_OPS] = {
		"request", "setup", "free", "disable", "disable_nosync", "enable", "raise",
		"deassert", "dispatch", "affinity", "probe", "time", "noise", "threads", "wake",
		"cpu", "proc_affinity",
	};
	int style, level;

	if (trace < 0)
		trace = getenv("FUZZ_MODEL_TRACE") != NULL;
	if (size < 1)
		return 0;
	machine();
	sim_console_echo(trace > 0);
	style = data[0] & 1;
	level = (data[0] >> 1) & 1;
	threads_mode = (data[0] >> 2) & 1;
	hotplug_mode = (data[0] >> 3) & 1;
	vector = hotplug_mode && (data[0] & 16) ? (data[0] >> 5) & 1 : -1;
	if (vector >= 0) {
		/* A managed vector: an MSI edge through the fasteoi PIC. */
		threads_mode = false;
		level = 0;
		style = 1;
		pic = pics[2];
		irq = (unsigned int)managed_lines[vector];
		hw = irq_get_irq_data(irq)->parent_data->hwirq;
	} else {
		pic = pics[style];
		hw = (irq_hw_number_t)level;
		irq = (unsigned int)lines[style][level];
	}
	sim_attach(pic);
	sim_cpu_switch(0);
	start_model(&model, level, (unsigned int)irq_get_depth(irq));
	/* handle_edge_irq() acks at once and never masks for threads: a new
	 * edge while one runs only wakes it again. The others mask. */
	model.oneshot_masks = style || level;
	simpic_line_stats(pic, hw, &base);
	base_events = irq_stat_total(irq);
	seen_events = base_events;
	compare("start");

	for (size_t i = 1; i + 1 < size && i < 2 * 256; i += 2) {
		enum op op = pick_op(data[i]);
		uint8_t arg = data[i + 1];
		int s = arg % MODEL_SLOTS;

		for (int j = 0; j < MODEL_SLOTS; j++)
			slots[j].preempt_now = slots[j].preempt;
		if (trace)
			fprintf(stderr, "op %s slot %d arg %02x (depth %u, handlers %d, route %u, spurious %u/%u, deferred %d)\n",
				names[op], s, arg, model.depth, model.nr_handlers, model.route,
				model.count, model.unhandled, model.deferred);
		switch (op) {
		case OP_REQUEST:
		case OP_SETUP:
			do_request(s, arg >> 2, op == OP_SETUP);
			break;
		case OP_FREE:
			if (model.slot[s].state == SLOT_FREE) {
				free_irq(irq, &slots[s]);	/* unknown dev_id: nothing */
				break;
			}
			do_free(s);
			break;
		case OP_DISABLE:
			sync_deliveries();
			others_run_threads(-1);
			model_disable(&model);
			disable_irq(irq);
			sync_deliveries();
			if (model.nr_handlers)
				check_threads_done("disable_irq");
			break;
		case OP_DISABLE_NOSYNC:
			model_disable(&model);
			disable_irq_nosync(irq);
			break;
		case OP_ENABLE:
			model_enable(&model);
			enable_irq(irq);
			break;
		case OP_RAISE:
			if (!installed(s))
				break;
			model_raise(&model, s);
			line_raise();
			break;
		case OP_DEASSERT:
			if (!installed(s) || !model.level)
				break;
			model_deassert(&model, s);
			if (!model_line_asserted(&model))
				simpic_lower(pic, hw);
			break;
		case OP_DISPATCH:
			do_dispatch(arg % MODEL_CPUS);
			break;
		case OP_AFFINITY: {
			struct irq_cpumask m;
			unsigned int bits = arg & 7;	/* CPU 2 is offline */
			int want = model_set_affinity(&model, bits);

			cpumask_clear(&m);
			for (unsigned int cpu = 0; cpu < 3; cpu++)
				if (bits & (1u << cpu))
					cpumask_set_cpu(cpu, &m);
			FUZZ_ASSERT(irq_set_affinity(irq, &m) == want, "affinity %x", bits);
			break;
		}
		case OP_PROBE:
			do_probe(arg);
			break;
		case OP_TIME:
			sim_time_advance((uint64_t)arg * 1000 * 1000);
			break;
		case OP_NOISE:
			/* An edge no device owns (edge lines only: a level one would
			 * scream): a handler run that nobody claims. */
			if (!model.level)
				line_raise();
			break;
		case OP_THREADS:
			run_threads(arg % MODEL_CPUS);
			break;
		case OP_WAKE:
			if (arg & 4) {
				sync_deliveries();
				others_run_threads(-1);
				synchronize_irq(irq);
				sync_deliveries();
				check_threads_done("synchronize_irq");
				break;
			}
			/* thread_cpu(): the caller's CPU if the line goes there. */
			model_wake(&model, s, model.route);
			irq_wake_thread(irq, &slots[s]);
			break;
		case OP_CPU:
			do_cpu(arg);
			break;
		case OP_PROC_AFFINITY:
			do_proc_affinity(arg);
			break;
		case NR_OPS:
			break;
		}
		sync_deliveries();
		compare(names[op]);
		dump_model(names[op]);
	}
	/* The end: enable it, let both CPUs take everything and run their
	 * threads until nothing is left; then nothing is owed. */
	do_cpu(1);	/* back: a line shut down for lack of CPUs starts again */
	if (model.nr_handlers) {
		while (model.depth) {
			model_enable(&model);
			enable_irq(irq);
		}
		for (int round = 0; round < 8; round++) {
			do_dispatch(model.route);
			do_dispatch(!model.route);
			run_threads(0);
			run_threads(1);
		}
		do_dispatch(model.route);
		FUZZ_ASSERT(model_threads_idle(&model) && model_nothing_owed(&model) && !model.held,
			    "final drain: owed %d, threads idle %d, held %d",
			    !model_nothing_owed(&model), model_threads_idle(&model), model.held);
		compare("final drain");
	}
	cleanup();
	return 0;
}

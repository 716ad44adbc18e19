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
 */
#include "fuzz.h"
#include <genirq/port.h>
#include "../model/model.h"

enum op {
	OP_REQUEST, OP_SETUP, OP_FREE, OP_DISABLE, OP_DISABLE_NOSYNC, OP_ENABLE,
	OP_RAISE, OP_DEASSERT, OP_DISPATCH, OP_AFFINITY, OP_PROBE, OP_TIME,
	OP_NOISE, NR_OPS
};

struct slot {
	int		index;
	struct irqaction action;	/* for setup_irq: caller-owned */
};

static struct simpic *pics[2];		/* SIMPIC_ACK, SIMPIC_FASTEOI */
static int lines[2][2];			/* [style][level] -> global number */
static struct slot slots[MODEL_SLOTS];
static struct model_line model;
static struct simpic *pic;
static irq_hw_number_t hw;
static unsigned int irq;
static struct simpic_line_stats base;
static unsigned long base_events;

void model_chain_done(struct model_line *m, uint64_t now);

static irqreturn_t handler(int unused, void *dev_id)
{
	struct slot *s = dev_id;
	const char *why;
	bool claim;

	(void)unused;
	why = model_handler_call(&model, s->index, port_cpu_id(), sim_time_ns(), &claim);
	FUZZ_ASSERT(why == NULL, "slot %d on CPU %u: %s", s->index, port_cpu_id(), why);
	/* A level device drops its line once nobody on it wants service. */
	if (claim && model.level && !model_line_asserted(&model))
		simpic_lower(pic, hw);
	return claim ? IRQ_HANDLED : IRQ_NONE;
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
	for (int s = 0; s < MODEL_SLOTS; s++)
		slots[s].index = s;
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

/* Core and model agree, and the controller saw each delivery ended once. */
static void compare(const char *after)
{
	struct simpic_line_stats s;
	struct cpumask aff, eff;
	unsigned long delivered, ends, events;
	unsigned int count, unhandled;
	int depth = irq_get_depth(irq);

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
	/* Whatever came before, a line in use at depth 0 is open. */
	FUZZ_ASSERT(!(model.nr_handlers && model.depth == 0 && s.masked),
		    "after %s: depth 0 but masked", after);
	irq_get_affinity(irq, &aff);
	FUZZ_ASSERT((aff.bits[0] & 7u) == model.affinity,
		    "after %s: affinity %lx, model %x", after, aff.bits[0], model.affinity);
	irq_get_effective_affinity(irq, &eff);
	if (model.nr_handlers)
		FUZZ_ASSERT(eff.bits[0] == 1ul << model.route && s.route == model.route,
			    "after %s: effective %lx, model CPU %u", after, eff.bits[0],
			    model.route);
	read_spurious(&count, &unhandled);
	FUZZ_ASSERT(count == model.count && unhandled == model.unhandled,
		    "after %s: spurious count %u/%u, model %u/%u", after, count, unhandled,
		    model.count, model.unhandled);
}

/*
 * Back to a clean line: no handler, nothing latched, depth 1, all CPUs.
 * A handler installed for a moment resets the depth (an enable of a line
 * with no handler changes nothing) and takes any edge left latched.
 */
static void cleanup(void)
{
	struct cpumask all;

	for (int i = model.nr_handlers; i-- > 0;) {
		int slot = model.order[i];

		model_free_begin(&model, slot);
		free_irq(irq, &slots[slot]);
		model_free_end(&model, slot);
	}
	simpic_lower(pic, hw);
	cpumask_setall(&all, MODEL_CPUS);
	irq_set_affinity(irq, &all);
	model_init(&model, model.level, 1);
	model_request(&model, 0, true);
	if (request_irq(irq, handler, IRQF_SHARED, "drain", &slots[0]))
		abort();
	run_cpu(0);
	run_cpu(1);
	model_free_begin(&model, 0);
	free_irq(irq, &slots[0]);
	model_free_end(&model, 0);
	FUZZ_ASSERT(irq_get_depth(irq) == 1, "clean line at depth %d", irq_get_depth(irq));
	do_softirq();
	sim_console_clear();
}

static bool installed(int s)
{
	return model.slot[s].state == SLOT_INSTALLED;
}

static void do_request(int s, uint8_t arg, bool caller_owned)
{
	unsigned long flags = (arg & 1 ? IRQF_SHARED : 0) | (arg & 2 ? IRQF_DISABLED : 0);
	int want, ret;

	if (model.slot[s].state != SLOT_FREE)
		return;
	want = model_request(&model, s, flags & IRQF_SHARED);
	if (caller_owned) {
		slots[s].action = (struct irqaction){ .handler = handler, .flags = flags,
						      .name = "model", .dev_id = &slots[s] };
		ret = setup_irq(irq, &slots[s].action);
	} else {
		ret = request_irq(irq, handler, flags, "model", &slots[s]);
	}
	if (want)
		model.slot[s].state = SLOT_FREE;
	FUZZ_ASSERT(ret == want, "request slot %d flags %lx: %d, model %d", s, flags, ret, want);
}

static void do_dispatch(unsigned int cpu)
{
	run_cpu(cpu);
	if (cpu == model.route && model.depth == 0 && model.nr_handlers)
		FUZZ_ASSERT(model_nothing_owed(&model),
			    "lost event: CPU %u took its interrupts, a handler is still owed one",
			    cpu);
}

static void do_probe(uint8_t arg)
{
	bool fire = (arg & 1) && model.nr_handlers == 0;
	unsigned long v;
	int ret;

	v = probe_irq_on();
	if (fire) {
		simpic_raise(pic, hw);
		run_cpu(model.route);
	}
	ret = probe_irq_off(v);
	if (fire) {
		simpic_lower(pic, hw);
		FUZZ_ASSERT(ret == (int)irq, "probe found %d, the line is %u", ret, irq);
	} else {
		FUZZ_ASSERT(ret == 0 || ret == (int)irq, "probe found %d", ret);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[NR_OPS] = {
		"request", "setup", "free", "disable", "disable_nosync", "enable", "raise",
		"deassert", "dispatch", "affinity", "probe", "time", "noise",
	};
	int style, level;

	if (size < 1)
		return 0;
	machine();
	style = data[0] & 1;
	level = (data[0] >> 1) & 1;
	pic = pics[style];
	hw = (irq_hw_number_t)level;
	irq = (unsigned int)lines[style][level];
	sim_attach(pic);
	sim_cpu_switch(0);
	model_init(&model, level, (unsigned int)irq_get_depth(irq));
	simpic_line_stats(pic, hw, &base);
	base_events = irq_stat_total(irq);
	compare("start");

	for (size_t i = 1; i + 1 < size && i < 2 * 256; i += 2) {
		enum op op = (enum op)(data[i] % NR_OPS);
		uint8_t arg = data[i + 1];
		int s = arg % MODEL_SLOTS;

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
			model_free_begin(&model, s);
			if (model.level && !model_line_asserted(&model))
				simpic_lower(pic, hw);
			free_irq(irq, &slots[s]);
			model_free_end(&model, s);
			break;
		case OP_DISABLE:
			model_disable(&model);
			disable_irq(irq);
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
			simpic_raise(pic, hw);
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
			struct cpumask m;
			unsigned int bits = arg & 7;	/* CPU 2 is offline */
			int want = model_set_affinity(&model, bits, (1u << MODEL_CPUS) - 1);

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
				simpic_raise(pic, hw);
			break;
		case NR_OPS:
			break;
		}
		compare(names[op]);
	}
	/* The end: enable it and let both CPUs take everything. */
	if (model.nr_handlers) {
		while (model.depth) {
			model_enable(&model);
			enable_irq(irq);
		}
		do_dispatch(model.route);
		do_dispatch(!model.route);
		compare("final drain");
	}
	cleanup();
	return 0;
}

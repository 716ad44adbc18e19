// SPDX-License-Identifier: MIT
/*
 * fuzz_hier.c - hierarchical allocation against the reference model
 * (tests/model/hier_model.c).
 *
 * Three levels on a 2-CPU hosted machine: PCI-MSI on a middle level on
 * the simulated PIC (HM_TARGETS lines to hand out). HM_DEVS simulated PCI
 * devices with MSI-X. The input is a sequence of operations, two bytes
 * each: enable a device's vectors (optionally with an allocation failure
 * injected in memory, at the PIC level or at the middle level, at the
 * k-th point), disable it, request/free a vector's handler, move a
 * vector's affinity, fire a vector. After each, the core is compared with
 * the model:
 *  - results, and the numbers a successful allocation got;
 *  - a failed or refused call changed nothing: heap, PIC targets, middle
 *    level resources, numbers, map entries;
 *  - every vector's bottom level is mapped to its line, its message
 *    names the model's CPU, its handler ran exactly as often as owed;
 * and at the end of the input everything is freed and the heap is back
 * where it started.
 */
#include "fuzz.h"
#include <genirq/irqdomain.h>
#include <genirq/compat.h>
#include <genirq/msi.h>
#include <genirq/port.h>
#include <genirq/chip/simpci.h>
#include "../model/hier_model.h"

#define PIC_FIRST	8

enum op { OP_ENABLE, OP_DISABLE, OP_REQUEST, OP_FREE, OP_AFFINITY, OP_FIRE, NR_OPS };

static struct simpic *pic;
static struct irq_domain *mid_dom, *msi_dom;
static struct simpci *devs[HM_DEVS];
static struct pci_msi_dev pdevs[HM_DEVS];
static struct hier_model model;
static unsigned long runs[HM_DEVS][HM_VECS];
static unsigned int mid_held, mid_fail_at;

static const struct irq_chip mid_chip = {
	.name		= "mid",
	.mask		= irq_chip_mask_parent,
	.unmask		= irq_chip_unmask_parent,
	.eoi		= irq_chip_eoi_parent,
	.set_affinity	= irq_chip_set_affinity_parent,
	.retrigger	= irq_chip_retrigger_hierarchy,
};

static void mid_free(struct irq_domain *d, unsigned int virq, unsigned int nr)
{
	for (unsigned int i = 0; i < nr; i++) {
		struct irq_data *l = irq_domain_get_irq_data(d, virq + i);

		if (l && l->chip == &mid_chip) {
			mid_held--;
			irq_domain_set_hwirq_and_chip(d, virq + i, 0, NULL, NULL);
		}
	}
}

static int mid_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr, void *arg)
{
	(void)arg;
	for (unsigned int i = 0; i < nr; i++) {
		if (mid_fail_at && --mid_fail_at == 0) {
			mid_free(d, virq, i);
			return -EIO;
		}
		mid_held++;
		irq_domain_set_hwirq_and_chip(d, virq + i, virq + i, &mid_chip, NULL);
	}
	return 0;
}

static const struct irq_domain_ops mid_ops = { .alloc = mid_alloc, .free = mid_free };

static irqreturn_t vec_handler(int irq, void *dev_id)
{
	(void)irq;
	(*(unsigned long *)dev_id)++;
	return IRQ_HANDLED;
}

static void machine(void)
{
	static bool up;

	if (up)
		return;
	up = true;
	if (sim_init(HM_CPUS, HM_NUMS))
		abort();
	pic = simpic_create("fuzzpic", PIC_FIRST + HM_TARGETS, SIMPIC_FASTEOI);
	if (!pic || simpic_enable_hierarchy(pic, PIC_FIRST, HM_TARGETS))
		abort();
	sim_attach(pic);
	mid_dom = irq_domain_create_hierarchy(simpic_domain(pic), "mid", 0, &mid_ops, NULL);
	msi_dom = mid_dom ? msi_create_irq_domain(mid_dom, "PCI-MSI", MSI_PARENT_EOI) : NULL;
	if (!msi_dom)
		abort();
	for (unsigned int d = 0; d < HM_DEVS; d++) {
		static const struct simpci_config cf = { .msix = HM_VECS };

		devs[d] = simpci_create(pic, &cf);
		if (!devs[d] || pci_msi_dev_init(&pdevs[d], &simpci_cfg_ops, devs[d], 0x100 + d))
			abort();
	}
}

static unsigned int used_targets(void)
{
	unsigned int n = 0;

	for (unsigned int d = 0; d < HM_DEVS; d++)
		n += model.dev[d].on ? model.dev[d].nvec : 0;
	return n;
}

static void compare(const char *after)
{
	FUZZ_ASSERT(simpic_hier_free(pic) == model.free_targets, "after %s: PIC %u free, model %u",
		    after, simpic_hier_free(pic), model.free_targets);
	FUZZ_ASSERT(mid_held == used_targets(), "after %s: middle level holds %u, model %u",
		    after, mid_held, used_targets());
	for (unsigned int n = 0; n < HM_NUMS; n++)
		FUZZ_ASSERT((irq_to_desc(n) != NULL) == model.used[n], "after %s: line %u %s",
			    after, n, model.used[n] ? "missing" : "left behind");
	for (unsigned int hw = PIC_FIRST; hw < PIC_FIRST + HM_TARGETS; hw++) {
		int irq = irq_find_mapping(simpic_domain(pic), hw);

		FUZZ_ASSERT(irq < 0 || model.used[irq], "after %s: PIC line %u maps to %d", after,
			    hw, irq);
	}
	for (unsigned int d = 0; d < HM_DEVS; d++) {
		struct hm_dev *m = &model.dev[d];

		FUZZ_ASSERT(pdevs[d].msix_on == m->on, "after %s: device %u on %d", after, d,
			    pdevs[d].msix_on);
		for (unsigned int v = 0; v < HM_VECS; v++)
			FUZZ_ASSERT(runs[d][v] == m->events[v],
				    "after %s: device %u vector %u ran %lu, model %lu", after, d, v,
				    runs[d][v], m->events[v]);
		if (!m->on)
			continue;
		FUZZ_ASSERT(pdevs[d].msi.irq == (int)m->first, "after %s: device %u first %d, model %u",
			    after, d, pdevs[d].msi.irq, m->first);
		for (unsigned int v = 0; v < m->nvec; v++) {
			unsigned int irq = m->first + v;
			struct irq_data *top = irq_get_irq_data(irq), *bottom;
			struct msi_msg msg;

			FUZZ_ASSERT(top && top->parent_data && top->parent_data->parent_data,
				    "after %s: line %u has not three levels", after, irq);
			bottom = top->parent_data->parent_data;
			FUZZ_ASSERT(irq_find_mapping(simpic_domain(pic), bottom->hwirq) == (int)irq,
				    "after %s: line %u not mapped at the bottom", after, irq);
			/* Deactivated by its last free_irq(): the device has no message. */
			FUZZ_ASSERT(msi_get_msg(irq, &msg) == 0 &&
				    (m->active[v] ?
				     msg.address_lo == (SIMPIC_MSI_ADDR |
							m->route[v] << SIMPIC_MSI_CPU_SHIFT) &&
				     msg.data == bottom->hwirq :
				     msg.address_lo == 0 && msg.data == 0),
				    "after %s: line %u message %#x/%u, model CPU %u (%s)", after, irq,
				    msg.address_lo, msg.data, m->route[v],
				    m->active[v] ? "active" : "inactive");
		}
	}
}

static void deliver(void)
{
	while (sim_run(0) + sim_run(1))
		;
}

static void do_enable(int d, uint8_t arg)
{
	unsigned int nvec = 1 + (arg & 7);
	enum hm_fail fail = (enum hm_fail)((arg >> 3) % 4 == 3 ? HM_FAIL_NONE : (arg >> 3) % 4);
	unsigned int k = 1 + ((arg >> 5) & 7);
	bool mem = (arg >> 3) % 4 == 3;
	long live = sim_alloc_live();
	struct hier_model before;
	int want, got;

	if (model.dev[d].on) {
		FUZZ_ASSERT(pci_enable_msix(&pdevs[d], msi_dom, nvec) == -EBUSY, "enable twice");
		return;
	}
	before = model;
	want = hm_alloc(&model, d, nvec, fail, k);
	if (fail == HM_FAIL_PIC)
		simpic_fail_alloc_at(pic, k);
	if (fail == HM_FAIL_MID)
		mid_fail_at = k;
	if (mem)
		sim_alloc_fail_at(k);
	got = pci_enable_msix(&pdevs[d], msi_dom, nvec);
	sim_alloc_fail_at(0);
	simpic_fail_alloc_at(pic, 0);
	mid_fail_at = 0;
	if (mem && got == -ENOMEM) {
		/* Out of memory at some point, maybe before a level that would
		 * have refused: refused whole. */
		model = before;
		want = -ENOMEM;
	}
	FUZZ_ASSERT(got == want, "enable %u vectors of device %d: %d, model %d", nvec, d, got, want);
	if (got >= 0)
		memset(runs[d], 0, sizeof(runs[d]));	/* the model counts afresh */
	if (got < 0)
		FUZZ_ASSERT(sim_alloc_live() == live, "failed enable left %ld allocations",
			    sim_alloc_live() - live);
}

static void do_request(int d, unsigned int v, bool on)
{
	struct hm_dev *m = &model.dev[d];
	unsigned int irq = m->first + v;

	if (!m->on || v >= m->nvec || m->requested[v] == on)
		return;
	if (on) {
		FUZZ_ASSERT(request_irq(irq, vec_handler, 0, "vec", &runs[d][v]) == 0,
			    "request of line %u", irq);
	} else {
		free_irq(irq, &runs[d][v]);
	}
	hm_request(&model, d, v, on);
	deliver();
}

static void finish(void)
{
	for (int d = 0; d < HM_DEVS; d++) {
		if (!model.dev[d].on)
			continue;
		for (unsigned int v = 0; v < model.dev[d].nvec; v++)
			do_request(d, v, false);
		FUZZ_ASSERT(pci_disable_msix(&pdevs[d]) == 0, "final disable of device %d", d);
		hm_free(&model, d);
	}
	compare("the end");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static long base_live = -1;
	static const char *const names[NR_OPS] = {
		"enable", "disable", "request", "free", "affinity", "fire",
	};

	machine();
	sim_cpu_switch(0);
	if (base_live < 0)
		base_live = sim_alloc_live();
	hm_init(&model);
	/* The devices keep their pending bits from input to input: so does the model. */
	for (unsigned int d = 0; d < HM_DEVS; d++)
		for (unsigned int v = 0; v < HM_VECS; v++)
			model.pending[d][v] = simpci_pending(devs[d], v);
	memset(runs, 0, sizeof(runs));
	compare("start");
	for (size_t i = 0; i + 1 < size && i < 2 * 256; i += 2) {
		enum op op = (enum op)(data[i] % NR_OPS);
		uint8_t arg = data[i + 1];
		int d = arg % HM_DEVS;
		unsigned int v = (arg >> 2) % HM_VECS;

		switch (op) {
		case OP_ENABLE:
			do_enable(d, data[i] / NR_OPS ^ arg);
			break;
		case OP_DISABLE: {
			long live = sim_alloc_live();
			int want = hm_free(&model, d);
			int got = pci_disable_msix(&pdevs[d]);

			FUZZ_ASSERT(got == want, "disable of device %d: %d, model %d", d, got, want);
			if (got)
				FUZZ_ASSERT(sim_alloc_live() == live, "refused disable changed the heap");
			break;
		}
		case OP_REQUEST:
		case OP_FREE:
			do_request(d, v, op == OP_REQUEST);
			break;
		case OP_AFFINITY: {
			struct hm_dev *m = &model.dev[d];
			unsigned int cpu = (arg >> 5) & 1;
			struct irq_cpumask one;

			if (!m->on || v >= m->nvec)
				break;
			cpumask_clear(&one);
			cpumask_set_cpu(cpu, &one);
			FUZZ_ASSERT(irq_set_affinity(m->first + v, &one) == 0, "affinity");
			hm_route(&model, d, v, cpu);
			break;
		}
		case OP_FIRE:
			if (!model.dev[d].on && !pdevs[d].msix_on) {
				/* MSI-X off: the device can't write; it is not pending either. */
				FUZZ_ASSERT(simpci_fire(devs[d], v) == -EIO || simpci_pending(devs[d], v),
					    "fire with MSI-X off");
				model.pending[d][v] = simpci_pending(devs[d], v);
				break;
			}
			hm_fire(&model, d, v);
			simpci_fire(devs[d], v);
			deliver();
			break;
		default:
			break;
		}
		compare(names[op]);
	}
	finish();
	FUZZ_ASSERT(sim_alloc_live() == base_live, "the heap holds %ld more than at the start",
		    sim_alloc_live() - base_live);
	return 0;
}

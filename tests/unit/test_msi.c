// SPDX-License-Identifier: MIT
/*
 * The MSI layer: PCI-MSI stacked on the simulated PIC (a hierarchy),
 * a simulated PCI device that raises by writing its message.
 */
#include <genirq/irqdomain.h>
#include <genirq/compat.h>
#include <genirq/msi.h>
#include <genirq/chip/simpci.h>
#include "fixture.h"

#define VEC_FIRST	16	/* the PIC lines handed to MSI: 16..31 */
#define VEC_COUNT	16
#define DEV_ID		0x0018u	/* 00:03.0 */

struct msi_fx {
	struct fixture		fx;
	struct irq_domain	*msi;
	struct simpci		*pci;
	struct pci_msi_dev	pdev;
	atomic_int		calls[64];
	atomic_int		cpu_of_last[64];
};

static struct msi_fx *handler_fx;

static irqreturn_t vec_handler(int irq, void *dev_id)
{
	atomic_int *calls = dev_id;

	(void)irq;
	atomic_fetch_add(calls, 1);
	if (handler_fx && calls >= handler_fx->calls && calls < handler_fx->calls + 64)
		atomic_store(&handler_fx->cpu_of_last[calls - handler_fx->calls],
			     (int)port_cpu_id());
	return IRQ_HANDLED;
}

static irqreturn_t dev_handler_count(int irq, void *dev_id)
{
	(void)irq;
	atomic_fetch_add((atomic_int *)dev_id, 1);
	return IRQ_HANDLED;
}

static void msi_fx_init(struct msi_fx *m, unsigned int cpus, enum simpic_style style,
			const struct simpci_config *cf)
{
	memset(m, 0, sizeof(*m));
	handler_fx = m;
	fx_init(&m->fx, cpus, style);
	CHECK_EQ(simpic_enable_hierarchy(m->fx.pic, VEC_FIRST, VEC_COUNT), 0);
	m->msi = msi_create_irq_domain(simpic_domain(m->fx.pic), "PCI-MSI",
				       style == SIMPIC_ACK ? MSI_PARENT_ACK : MSI_PARENT_EOI);
	CHECK(m->msi != NULL);
	m->pci = simpci_create(m->fx.pic, cf);
	CHECK(m->pci != NULL);
	CHECK_EQ(pci_msi_dev_init(&m->pdev, &simpci_cfg_ops, m->pci, DEV_ID), 0);
}

static const struct simpci_config msix8 = { .msix = 8 };

static void msix_lines_dispatch(enum simpic_style style)
{
	struct msi_fx m;
	struct simpic_line_stats s;
	int irq;

	msi_fx_init(&m, 1, style, &msix8);
	CHECK_EQ(pci_msix_vec_count(&m.pdev), 8);
	irq = pci_enable_msix(&m.pdev, m.msi, 4);
	CHECK(irq >= 0);
	CHECK_EQ(simpic_hier_free(m.fx.pic), VEC_COUNT - 4);
	for (unsigned int i = 0; i < 4; i++) {
		struct irq_data *top = irq_get_irq_data((unsigned int)irq + i);
		struct irq_data *pic = top->parent_data;

		CHECK(top->domain == m.msi);
		CHECK_EQ(top->hwirq, MSI_HWIRQ(DEV_ID, i));
		CHECK_STR(top->chip->name, "PCI-MSI");
		CHECK(pic != NULL && pic->parent_data == NULL);
		CHECK(pic->domain == simpic_domain(m.fx.pic));
		CHECK(pic->hwirq >= VEC_FIRST && pic->hwirq < VEC_FIRST + VEC_COUNT);
		CHECK(irq_domain_get_irq_data(simpic_domain(m.fx.pic), (unsigned int)irq + i) == pic);
		/* The dispatch entry finds the line from the bottom level in one lookup. */
		CHECK_EQ(irq_find_mapping(simpic_domain(m.fx.pic), pic->hwirq), irq + (int)i);
		CHECK(irq_domain_is_activated((unsigned int)irq + i));
		CHECK_EQ(request_irq((unsigned int)irq + i, vec_handler, 0, "vec", &m.calls[i]), 0);
	}
	/* The device writes; the PIC interrupts this CPU (its interrupts are on). */
	CHECK_EQ(simpci_fire(m.pci, 2), 1);
	CHECK_EQ(atomic_load(&m.calls[2]), 1);
	/* With interrupts off the edge latches; two writes, one delivery. */
	port_irq_disable();
	CHECK_EQ(simpci_fire(m.pci, 0), 1);
	CHECK_EQ(simpci_fire(m.pci, 0), 1);
	port_irq_enable();
	CHECK_EQ(atomic_load(&m.calls[0]), 1);
	CHECK_EQ(simpci_fire(m.pci, 2), 1);
	CHECK_EQ(atomic_load(&m.calls[2]), 2);
	CHECK_EQ(atomic_load(&m.calls[0]), 1);
	CHECK_EQ(irq_stat_total((unsigned int)irq + 2), 2);
	CHECK_EQ(simpic_msi_bad(m.fx.pic), 0);
	fx_check_ended_once(&m.fx, irq_get_irq_data((unsigned int)irq + 2)->parent_data->hwirq,
			    style);
	simpic_line_stats(m.fx.pic, irq_get_irq_data((unsigned int)irq)->parent_data->hwirq, &s);
	CHECK_EQ(s.delivered, 1);
	CHECK_EQ(simpci_fire(m.pci, 6), 0);	/* not allocated: masked since reset */
	CHECK(simpci_pending(m.pci, 6));
	CHECK_EQ(simpci_fire(m.pci, 9), -EIO);	/* beyond the table */
}
TEST_EACH_CHIP(msix_lines_allocate_through_two_levels_and_dispatch, msix_lines_dispatch)

TEST(msi_disable_irq_masks_at_the_device_and_the_parent)
{
	static const struct simpci_config cf = { .msi = true, .msi_64bit = true,
						  .msi_mask = true };
	struct msi_fx m;
	struct simpic_line_stats s;
	struct msi_msg msg;
	uint32_t ctrl;
	int irq;

	msi_fx_init(&m, 1, SIMPIC_FASTEOI, &cf);
	CHECK(pci_msi_has_mask(&m.pdev));
	CHECK_EQ(pci_msi_vec_count(&m.pdev), 1);
	irq = pci_enable_msi(&m.pdev, m.msi);
	CHECK(irq >= 0);
	CHECK_EQ(pci_enable_msi(&m.pdev, m.msi), -EBUSY);
	CHECK_EQ(pci_enable_msix(&m.pdev, m.msi, 1), -EINVAL);	/* no MSI-X */
	ctrl = simpci_cfg_ops.read32(m.pci, 0x50) >> 16;
	CHECK(ctrl & 1u);						/* enabled */
	CHECK(simpci_cfg_ops.read32(m.pci, 0x04) & (1u << 10));		/* INTx off */
	CHECK_EQ(msi_get_msg((unsigned int)irq, &msg), 0);
	CHECK_EQ(simpci_cfg_ops.read32(m.pci, 0x54), msg.address_lo);
	CHECK_EQ(simpci_cfg_ops.read32(m.pci, 0x5c) & 0xffffu, msg.data);
	CHECK_EQ(msg.data, irq_get_irq_data((unsigned int)irq)->parent_data->hwirq);
	CHECK_EQ(simpci_cfg_ops.read32(m.pci, 0x60) & 1u, 1);		/* masked till requested */
	CHECK_EQ(request_irq((unsigned int)irq, vec_handler, 0, "msi", &m.calls[0]), 0);
	CHECK_EQ(simpci_cfg_ops.read32(m.pci, 0x60) & 1u, 0);
	simpic_line_stats(m.fx.pic, msg.data, &s);
	CHECK(!s.masked);
	/* An MSI line is edge: disable is lazy; the event that comes masks it. */
	disable_irq((unsigned int)irq);
	CHECK_EQ(simpci_fire(m.pci, 0), 1);
	sim_run(0);
	CHECK_EQ(atomic_load(&m.calls[0]), 0);
	CHECK_EQ(simpci_cfg_ops.read32(m.pci, 0x60) & 1u, 1);		/* device mask */
	simpic_line_stats(m.fx.pic, msg.data, &s);
	CHECK(s.masked);						/* parent mask */
	enable_irq((unsigned int)irq);					/* replayed */
	sim_run(0);
	CHECK_EQ(atomic_load(&m.calls[0]), 1);
	CHECK_EQ(simpci_cfg_ops.read32(m.pci, 0x60) & 1u, 0);
	/* Free: refused while requested; then all back. */
	CHECK_EQ(pci_disable_msi(&m.pdev), -EBUSY);
	free_irq((unsigned int)irq, &m.calls[0]);
	CHECK_EQ(pci_disable_msi(&m.pdev), 0);
	CHECK_EQ(simpci_cfg_ops.read32(m.pci, 0x50) >> 16 & 1u, 0);
	CHECK_EQ(simpci_cfg_ops.read32(m.pci, 0x04) & (1u << 10), 0);
	CHECK_EQ(simpic_hier_free(m.fx.pic), VEC_COUNT);
	CHECK(irq_to_desc((unsigned int)irq) == NULL);
}

TEST(msi_32bit_without_mask_bits_programs_the_short_layout)
{
	static const struct simpci_config cf = { .msi = true, .msi_log2 = 2 };
	struct msi_fx m;
	struct msi_msg msg;
	int irq;

	msi_fx_init(&m, 1, SIMPIC_FASTEOI, &cf);
	CHECK(!pci_msi_has_mask(&m.pdev));
	CHECK_EQ(pci_msi_vec_count(&m.pdev), 4);
	CHECK_EQ(pci_msix_vec_count(&m.pdev), -EINVAL);
	irq = pci_enable_msi(&m.pdev, m.msi);
	CHECK(irq >= 0);
	CHECK_EQ(msi_get_msg((unsigned int)irq, &msg), 0);
	CHECK_EQ(simpci_cfg_ops.read32(m.pci, 0x54), msg.address_lo);
	CHECK_EQ(simpci_cfg_ops.read32(m.pci, 0x58) & 0xffffu, msg.data);
	CHECK_EQ(request_irq((unsigned int)irq, vec_handler, 0, "msi", &m.calls[0]), 0);
	CHECK_EQ(simpci_fire(m.pci, 0), 1);
	sim_run(0);
	CHECK_EQ(atomic_load(&m.calls[0]), 1);
}

/* Nothing of a failed allocation is left: memory, PIC lines, numbers, map entries. */
static void check_nothing_left(struct msi_fx *m, long live, unsigned int first_free)
{
	CHECK_EQ(sim_alloc_live(), live);
	CHECK_EQ(simpic_hier_free(m->fx.pic), VEC_COUNT);
	for (unsigned int hw = VEC_FIRST; hw < VEC_FIRST + VEC_COUNT; hw++)
		CHECK_EQ(irq_find_mapping(simpic_domain(m->fx.pic), hw), -ENOENT);
	for (unsigned int i = first_free; i < first_free + 8; i++)
		CHECK(irq_to_desc(i) == NULL);
	CHECK_EQ(irq_alloc_descs(-1, 1), (int)first_free);	/* the number is free again */
	CHECK_EQ(irq_free_descs(first_free, 1), 0);
}

TEST(msix_allocation_failure_at_every_allocation_rolls_back)
{
	struct msi_fx m;
	unsigned int first_free;
	unsigned long k;
	bool passed = false;
	int irq;

	msi_fx_init(&m, 1, SIMPIC_FASTEOI, &msix8);
	first_free = (unsigned int)irq_alloc_descs(-1, 1);
	irq_free_descs(first_free, 1);
	for (k = 1; k < 64 && !passed; k++) {
		long live = sim_alloc_live();

		sim_alloc_fail_at(k);
		irq = pci_enable_msix(&m.pdev, m.msi, 4);
		sim_alloc_fail_at(0);
		if (irq >= 0) {
			passed = true;
			break;
		}
		CHECK_EQ(irq, -ENOMEM);
		CHECK(!m.pdev.msix_on);
		check_nothing_left(&m, live, first_free);
	}
	CHECK(passed);
	CHECK(k > 4);	/* descriptors, the PIC level's data, MSI lines: each failed once */
	CHECK_EQ(irq, (int)first_free);
}

TEST(msix_allocation_failure_in_the_parent_rolls_back_each_position)
{
	struct msi_fx m;
	unsigned int first_free;
	int irq;

	msi_fx_init(&m, 1, SIMPIC_FASTEOI, &msix8);
	first_free = (unsigned int)irq_alloc_descs(-1, 1);
	irq_free_descs(first_free, 1);
	for (unsigned long k = 1; k <= 4; k++) {
		long live = sim_alloc_live();

		simpic_fail_alloc_at(m.fx.pic, k);
		irq = pci_enable_msix(&m.pdev, m.msi, 4);
		simpic_fail_alloc_at(m.fx.pic, 0);
		CHECK_EQ(irq, -ENOSPC);
		check_nothing_left(&m, live, first_free);
	}
	/* More vectors than the parent has targets: refused whole. */
	{
		static const struct simpci_config big = { .msix = 32 };
		struct simpci *pci = simpci_create(m.fx.pic, &big);
		struct pci_msi_dev p;
		long live = sim_alloc_live();

		CHECK_EQ(pci_msi_dev_init(&p, &simpci_cfg_ops, pci, 0x20), 0);
		CHECK_EQ(pci_enable_msix(&p, m.msi, 17), -ENOSPC);
		check_nothing_left(&m, live, first_free);
		CHECK_EQ(pci_enable_msix(&p, m.msi, 16), (int)first_free);
		CHECK_EQ(simpic_hier_free(m.fx.pic), 0);
		CHECK_EQ(pci_enable_msix(&m.pdev, m.msi, 1), -ENOSPC);
		CHECK_EQ(pci_disable_msix(&p), 0);
		CHECK_EQ(sim_alloc_live(), live);
	}
}

/* Three levels (PCI-MSI on a middle level on the PIC), with failures at
 * each: tests/fuzz/fuzz_hier.c against tests/model/hier_model.c. */

TEST(affinity_moves_the_target_and_rewrites_the_message)
{
	struct msi_fx m;
	struct msi_msg before, after;
	struct irq_cpumask one, eff;
	struct simpic_line_stats s;
	irq_hw_number_t hw;
	unsigned long writes;
	int irq;

	msi_fx_init(&m, 2, SIMPIC_FASTEOI, &msix8);
	irq = pci_enable_msix(&m.pdev, m.msi, 2);
	CHECK(irq >= 0);
	CHECK_EQ(request_irq((unsigned int)irq + 1, vec_handler, 0, "vec", &m.calls[1]), 0);
	hw = irq_get_irq_data((unsigned int)irq + 1)->parent_data->hwirq;
	CHECK_EQ(msi_get_msg((unsigned int)irq + 1, &before), 0);
	CHECK_EQ(before.address_lo, SIMPIC_MSI_ADDR | 0u << SIMPIC_MSI_CPU_SHIFT);
	CHECK_EQ(simpci_cfg_ops.mmio_read32(m.pci, 0, 0x1000 + 16 + 0), before.address_lo);
	cpumask_clear(&one);
	cpumask_set_cpu(1, &one);
	CHECK_EQ(irq_set_affinity((unsigned int)irq + 1, &one), 0);
	CHECK_EQ(msi_get_msg((unsigned int)irq + 1, &after), 0);
	CHECK_EQ(after.address_lo, SIMPIC_MSI_ADDR | 1u << SIMPIC_MSI_CPU_SHIFT);
	CHECK_EQ(after.data, before.data);
	CHECK_EQ(simpci_cfg_ops.mmio_read32(m.pci, 0, 0x1000 + 16 + 0), after.address_lo);
	/* Every level agrees: the PIC's route, both levels' effective affinity. */
	simpic_line_stats(m.fx.pic, hw, &s);
	CHECK_EQ(s.route, 1);
	CHECK_EQ(irq_get_effective_affinity((unsigned int)irq + 1, &eff), 0);
	CHECK(cpumask_equal(&eff, &one));
	CHECK(cpumask_equal(&irq_get_irq_data((unsigned int)irq + 1)->parent_data->effective, &one));
	writes = simpci_writes(m.pci);
	CHECK_EQ(simpci_fire(m.pci, 1), 1);
	CHECK_EQ(simpci_writes(m.pci), writes + 1);
	CHECK_EQ(sim_run(0), 0);
	CHECK_EQ(sim_run(1), 1);
	CHECK_EQ(atomic_load(&m.calls[1]), 1);
	CHECK_EQ(atomic_load(&m.cpu_of_last[1]), 1);
	CHECK_EQ(irq_stat_cpu((unsigned int)irq + 1, 1), 1);
}

TEST(free_and_reallocate_returns_every_resource)
{
	struct msi_fx m;
	long live;
	int irq, again;

	msi_fx_init(&m, 1, SIMPIC_FASTEOI, &msix8);
	live = sim_alloc_live();
	for (int round = 0; round < 5; round++) {
		irq = pci_enable_msix(&m.pdev, m.msi, 8);
		CHECK(irq >= 0);
		CHECK_EQ(simpic_hier_free(m.fx.pic), VEC_COUNT - 8);
		CHECK_EQ(request_irq((unsigned int)irq + 7, vec_handler, 0, "v", &m.calls[7]), 0);
		/* Refused, reported, nothing changed, while a line has a handler. */
		CHECK_EQ(irq_domain_free_irqs((unsigned int)irq, 8), -EBUSY);
		CHECK(sim_console_contains("is in use"));
		CHECK_EQ(irq_free_descs((unsigned int)irq, 8), -EBUSY);
		CHECK(irq_domain_is_activated((unsigned int)irq));
		CHECK_EQ(simpci_fire(m.pci, 7), 1);
		sim_run(0);
		free_irq((unsigned int)irq + 7, &m.calls[7]);
		CHECK_EQ(pci_disable_msix(&m.pdev), 0);
		CHECK_EQ(sim_alloc_live(), live);
		CHECK_EQ(simpic_hier_free(m.fx.pic), VEC_COUNT);
		for (unsigned int hw = VEC_FIRST; hw < VEC_FIRST + VEC_COUNT; hw++)
			CHECK_EQ(irq_find_mapping(simpic_domain(m.fx.pic), hw), -ENOENT);
		/* Deactivated: the table holds no message. */
		CHECK_EQ(simpci_cfg_ops.mmio_read32(m.pci, 0, 0x1000 + 7 * 16 + 8), 0);
		again = irq_alloc_descs(-1, 8);
		CHECK_EQ(again, irq);
		CHECK_EQ(irq_free_descs((unsigned int)again, 8), 0);
	}
	CHECK_EQ(atomic_load(&m.calls[7]), 5);
	/* Not a hierarchical line, not a line: refused. */
	CHECK_EQ(irq_domain_free_irqs(3000, 1), -EINVAL);
	irq = simpic_map(m.fx.pic, 2, IRQ_TYPE_EDGE_RISING);
	CHECK_EQ(irq_domain_free_irqs((unsigned int)irq, 1), -EINVAL);
	CHECK_EQ(irq_dispose_mapping((unsigned int)irq), 0);
}

TEST(many_msi_lines_fill_the_parent_and_all_fire)
{
	static const struct simpci_config cf = { .msix = 64 };
	struct simpic *pic;
	struct irq_domain *msi;
	struct simpci *devs[4];
	struct pci_msi_dev p[4];
	static atomic_int calls[256];
	int irq[4];
	long live;

	CHECK_EQ(sim_init(2, 8192), 0);
	pic = simpic_create("big", 300, SIMPIC_FASTEOI);
	sim_attach(pic);
	CHECK_EQ(simpic_enable_hierarchy(pic, 40, 256), 0);
	msi = msi_create_irq_domain(simpic_domain(pic), "PCI-MSI", MSI_PARENT_EOI);
	live = sim_alloc_live();
	for (unsigned int d = 0; d < 4; d++) {
		devs[d] = simpci_create(pic, &cf);
		CHECK_EQ(pci_msi_dev_init(&p[d], &simpci_cfg_ops, devs[d], 0x100u + d * 8), 0);
		irq[d] = pci_enable_msix(&p[d], msi, 64);
		CHECK(irq[d] >= 0);
		for (unsigned int v = 0; v < 64; v++)
			CHECK_EQ(request_irq((unsigned int)irq[d] + v, dev_handler_count, 0, "many",
					     &calls[d * 64 + v]), 0);
	}
	CHECK_EQ(simpic_hier_free(pic), 0);
	for (unsigned int round = 0; round < 3; round++)
		for (unsigned int d = 0; d < 4; d++)
			for (unsigned int v = 0; v < 64; v++)
				CHECK_EQ(simpci_fire(devs[d], v), 1);
	while (sim_run(0) + sim_run(1))
		;
	for (unsigned int i = 0; i < 256; i++)
		CHECK(atomic_load(&calls[i]) >= 1);
	for (unsigned int d = 0; d < 4; d++) {
		for (unsigned int v = 0; v < 64; v++)
			free_irq((unsigned int)irq[d] + v, &calls[d * 64 + v]);
		CHECK_EQ(pci_disable_msix(&p[d]), 0);
		simpci_destroy(devs[d]);
	}
	CHECK_EQ(simpic_hier_free(pic), 256);
	CHECK_EQ(sim_alloc_live(), live);
}

TEST(proc_interrupts_names_msi_lines_as_linux_does)
{
	struct msi_fx m;
	char buf[2048], want[64];
	int irq;

	msi_fx_init(&m, 1, SIMPIC_FASTEOI, &msix8);
	irq = pci_enable_msix(&m.pdev, m.msi, 2);
	CHECK_EQ(request_irq((unsigned int)irq + 1, vec_handler, 0, "nvme0q1", &m.calls[1]), 0);
	CHECK(irq_proc_read("/proc/interrupts", buf, sizeof(buf)) > 0);
	snprintf(want, sizeof(want), "PCI-MSI %lu-edge      nvme0q1",
		 (unsigned long)MSI_HWIRQ(DEV_ID, 1));
	if (!strstr(buf, want))
		test_fail(__FILE__, __LINE__, "no \"%s\" in\n%s", want, buf);
}

/*
 * Multi-message MSI on a parent that gives aligned blocks (the simulated
 * PIC hands out its lines in order from 16): 4 vectors, one message in
 * the capability, vector i raising data | i, each on its own line.
 */
TEST(multi_msi_takes_an_aligned_block_and_each_vector_fires_its_line)
{
	static const struct simpci_config cf = { .msi = true, .msi_log2 = 3, .msi_mask = true };
	struct msi_fx m;
	struct msi_msg msg;
	struct irq_cpumask one;
	int n, irq;

	msi_fx_init(&m, 2, SIMPIC_FASTEOI, &cf);
	msi_domain_allow_multi(m.msi);
	CHECK_EQ(pci_enable_msi_range(&m.pdev, m.msi, 0, 4), -EINVAL);
	CHECK_EQ(pci_enable_msi_range(&m.pdev, m.msi, 3, 2), -EINVAL);
	n = pci_enable_msi_range(&m.pdev, m.msi, 2, 6);		/* 4: a power of two */
	CHECK_EQ(n, 4);
	irq = m.pdev.msi.irq;
	CHECK(irq >= 0);
	CHECK_EQ((simpci_cfg_ops.read32(m.pci, 0x50) >> 16 >> 4) & 7u, 2);	/* MME: 4 */
	CHECK_EQ(simpic_hier_free(m.fx.pic), VEC_COUNT - 4);
	CHECK_EQ(msi_get_msg((unsigned int)irq, &msg), 0);
	CHECK_EQ(msg.data & 3u, 0);
	CHECK_EQ(simpci_cfg_ops.read32(m.pci, 0x58) & 0xffffu, msg.data);
	for (int i = 0; i < 4; i++) {
		CHECK_EQ(irq_get_irq_data((unsigned int)(irq + i))->parent_data->hwirq,
			 msg.data + (unsigned int)i);
		CHECK_EQ(request_irq((unsigned int)(irq + i), vec_handler, 0, "mmsi", &m.calls[i]), 0);
	}
	/* Each vector raises its own line; masked ones wait. */
	CHECK_EQ(simpci_fire(m.pci, 2), 1);
	CHECK_EQ(simpci_fire(m.pci, 3), 1);
	CHECK_EQ(simpci_fire(m.pci, 4), -EIO);			/* not enabled */
	sim_run(0);
	CHECK_EQ(atomic_load(&m.calls[0]), 0);
	CHECK_EQ(atomic_load(&m.calls[2]), 1);
	CHECK_EQ(atomic_load(&m.calls[3]), 1);
	CHECK_EQ(simpci_fire(m.pci, 0), 1);
	sim_run(0);
	CHECK_EQ(atomic_load(&m.calls[0]), 1);
	/* One message: no vector moves alone. */
	cpumask_clear(&one);
	cpumask_set_cpu(1, &one);
	CHECK_EQ(irq_set_affinity((unsigned int)irq + 1, &one), -EINVAL);
	CHECK_EQ(pci_enable_msi_range(&m.pdev, m.msi, 1, 4), -EBUSY);
	for (int i = 0; i < 4; i++)
		free_irq((unsigned int)(irq + i), &m.calls[i]);
	CHECK_EQ(pci_disable_msi(&m.pdev), 0);
	CHECK_EQ((simpci_cfg_ops.read32(m.pci, 0x50) >> 16) & 0x71u, 0);	/* off, MME 0 */
	CHECK_EQ(simpic_hier_free(m.fx.pic), VEC_COUNT);
}

/* A domain that does not allow it gives one vector (x86 without interrupt remapping). */
TEST(multi_msi_falls_back_to_one_vector_or_refuses_where_the_parent_cannot)
{
	static const struct simpci_config cf = { .msi = true, .msi_log2 = 2 };
	struct msi_fx m;
	long live;
	int n, irq;

	msi_fx_init(&m, 1, SIMPIC_FASTEOI, &cf);
	live = sim_alloc_live();
	sim_console_clear();
	CHECK_EQ(pci_enable_msi_range(&m.pdev, m.msi, 2, 4), -ENOSPC);
	CHECK(sim_console_contains("2 vectors wanted at least, 1 possible"));
	CHECK_EQ(sim_alloc_live(), live);
	CHECK_EQ(simpci_cfg_ops.read32(m.pci, 0x50) >> 16 & 1u, 0);
	n = pci_enable_msi_range(&m.pdev, m.msi, 1, 4);
	CHECK_EQ(n, 1);
	CHECK_EQ((simpci_cfg_ops.read32(m.pci, 0x50) >> 16 >> 4) & 7u, 0);
	CHECK_EQ(simpic_hier_free(m.fx.pic), VEC_COUNT - 1);
	CHECK_EQ(pci_disable_msi(&m.pdev), 0);

	/* Allowed, but the parent's free lines are not one aligned block: refused whole. */
	msi_domain_allow_multi(m.msi);
	irq = simpic_map(m.fx.pic, VEC_FIRST + 1, IRQ_TYPE_EDGE_RISING);	/* 17 taken */
	CHECK(irq >= 0);
	live = sim_alloc_live();
	n = (int)simpic_hier_free(m.fx.pic);
	sim_console_clear();
	CHECK_EQ(pci_enable_msi_range(&m.pdev, m.msi, 4, 4), -ENOSPC);
	CHECK(sim_console_contains("not one aligned block"));
	CHECK_EQ(sim_alloc_live(), live);
	CHECK_EQ((int)simpic_hier_free(m.fx.pic), n);
	CHECK_EQ(simpci_cfg_ops.read32(m.pci, 0x50) >> 16 & 1u, 0);
	CHECK_EQ(m.pdev.msi.nvec, 0);
}

/*
 * A device holds one set of vectors: a second msi_domain_alloc_irqs()
 * for it is refused (-EBUSY, one console line) and changes nothing: the
 * live line's message stays in the device (its handler still runs), the
 * device's record of its vectors stays, so the free gives the parent's
 * pool back whole.
 */
TEST(msi_second_allocation_for_a_device_holding_vectors_is_refused)
{
	struct msi_fx m;
	struct msi_msg before, after;
	uint32_t entry[3];
	unsigned int free_before;
	long live;
	int irq;

	msi_fx_init(&m, 1, SIMPIC_FASTEOI, &msix8);
	irq = pci_enable_msix(&m.pdev, m.msi, 2);
	CHECK(irq >= 0);
	CHECK_EQ(request_irq((unsigned int)irq, vec_handler, 0, "vec0", &m.calls[0]), 0);
	CHECK_EQ(msi_get_msg((unsigned int)irq, &before), 0);
	for (unsigned int w = 0; w < 3; w++)
		entry[w] = simpci_cfg_ops.mmio_read32(m.pci, 0, 0x1000 + 4 * w);
	free_before = simpic_hier_free(m.fx.pic);
	live = sim_alloc_live();
	for (unsigned int n = 1; n <= 2; n++) {
		const char *c;

		sim_console_clear();
		CHECK_EQ(msi_domain_alloc_irqs(m.msi, &m.pdev.msi, n), -EBUSY);
		/* One console line, saying why. */
		c = sim_console();
		CHECK(strstr(c, "holds vectors already") != NULL);
		CHECK(strchr(c, '\n') == c + strlen(c) - 1);
	}
	/* Nothing changed: the record, the pool, memory, the message in the device. */
	CHECK_EQ(m.pdev.msi.irq, irq);
	CHECK_EQ(m.pdev.msi.nvec, 2);
	CHECK_EQ(simpic_hier_free(m.fx.pic), free_before);
	CHECK_EQ(sim_alloc_live(), live);
	CHECK_EQ(msi_get_msg((unsigned int)irq, &after), 0);
	CHECK(memcmp(&before, &after, sizeof(before)) == 0);
	for (unsigned int w = 0; w < 3; w++)
		CHECK_EQ(simpci_cfg_ops.mmio_read32(m.pci, 0, 0x1000 + 4 * w), entry[w]);
	/* The device's write still reaches its line's handler. */
	CHECK_EQ(simpci_fire(m.pci, 0), 1);
	sim_run(0);
	CHECK_EQ(atomic_load(&m.calls[0]), 1);
	CHECK_EQ(simpic_msi_bad(m.fx.pic), 0);
	/* And the free gives every parent line back. */
	free_irq((unsigned int)irq, &m.calls[0]);
	CHECK_EQ(pci_disable_msix(&m.pdev), 0);
	CHECK_EQ(simpic_hier_free(m.fx.pic), VEC_COUNT);
	/* Once it holds none, it may allocate again. */
	irq = msi_domain_alloc_irqs(m.msi, &m.pdev.msi, 1);
	CHECK(irq >= 0);
	CHECK_EQ(msi_domain_free_irqs(&m.pdev.msi), 0);
	CHECK_EQ(simpic_hier_free(m.fx.pic), VEC_COUNT);
}

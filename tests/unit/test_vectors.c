// SPDX-License-Identifier: MIT
/*
 * A PCI function's vectors as Linux 6.x drivers ask for them
 * (<genirq/pci.h>): MSI-X, MSI, INTx in turn, spread over the CPUs
 * (managed affinity, <genirq/affinity.h>), affinity hints and notifiers.
 * The simulated PCI device (simpci) behind PCI-MSI on the simulated PIC.
 */
#include <string.h>
#include <genirq/affinity.h>
#include <genirq/compat.h>
#include <genirq/irqdomain.h>
#include <genirq/msi.h>
#include <genirq/pci.h>
#include <genirq/chip/simpci.h>
#include "fixture.h"
#include "shell.h"

#define VEC_FIRST	16	/* the PIC lines handed to MSI: 16..31 */
#define VEC_COUNT	16
#define DEV_ID		0x0020u	/* 00:04.0 */
#define INTX_HW		5	/* the device's legacy line on the PIC */

struct vfx {
	struct fixture		fx;
	struct irq_domain	*msi;
	struct simpci		*pci;
	struct pci_irq_dev	dev;
	atomic_int		calls[8];
	atomic_int		cpu[8];
};

static struct vfx *cur;

static irqreturn_t vec_handler(int irq, void *dev_id)
{
	atomic_int *calls = dev_id;

	(void)irq;
	atomic_fetch_add(calls, 1);
	atomic_store(&cur->cpu[calls - cur->calls], (int)port_cpu_id());
	return IRQ_HANDLED;
}

static void vfx_init(struct vfx *v, unsigned int cpus, const struct simpci_config *cf)
{
	memset(v, 0, sizeof(*v));
	cur = v;
	fx_init(&v->fx, cpus, SIMPIC_FASTEOI);
	CHECK_EQ(simpic_enable_hierarchy(v->fx.pic, VEC_FIRST, VEC_COUNT), 0);
	v->msi = msi_create_irq_domain(simpic_domain(v->fx.pic), "PCI-MSI", MSI_PARENT_EOI);
	CHECK(v->msi != NULL);
	v->pci = simpci_create(v->fx.pic, cf);
	CHECK(v->pci != NULL);
	if (cf->msi || cf->msix)
		CHECK_EQ(pci_msi_dev_init(&v->dev.msi, &simpci_cfg_ops, v->pci, DEV_ID), 0);
	v->dev.msi_domain = v->msi;
}

/* Lines the core logged since the last sim_console_clear(). */
static unsigned int log_lines(void)
{
	unsigned int n = 0;

	for (const char *p = sim_console(); (p = strstr(p, "genirq: ")); p++)
		n++;
	return n;
}

static struct irq_cpumask cpus_of(unsigned int a, unsigned int b)
{
	struct irq_cpumask m;

	cpumask_clear(&m);
	cpumask_set_cpu(a, &m);
	cpumask_set_cpu(b, &m);
	return m;
}

static struct irq_cpumask cpu_only(unsigned int cpu)
{
	return cpus_of(cpu, cpu);
}

static int request_vec(struct vfx *v, unsigned int i)
{
	return request_irq((unsigned int)pci_irq_vector(&v->dev, i), vec_handler, 0, "vec",
			   &v->calls[i]);
}

static const struct simpci_config msix8_msi = { .msix = 8, .msi = true, .msi_log2 = 2 };

/* --- the kinds, in turn --- */

TEST(alloc_irq_vectors_takes_msix_first_and_numbers_each_vector)
{
	struct vfx v;
	int n, irq0;

	vfx_init(&v, 1, &msix8_msi);
	n = pci_alloc_irq_vectors(&v.dev, 1, 4, PCI_IRQ_ALL_TYPES);
	CHECK_EQ(n, 4);
	CHECK_EQ(v.dev.kind, PCI_IRQ_KIND_MSIX);
	CHECK(v.dev.msi.msix_on && !v.dev.msi.msi_on);
	CHECK_EQ(simpic_hier_free(v.fx.pic), VEC_COUNT - 4);
	irq0 = pci_irq_vector(&v.dev, 0);
	CHECK(irq0 >= 0);
	for (unsigned int i = 0; i < 4; i++)
		CHECK_EQ(pci_irq_vector(&v.dev, i), irq0 + (int)i);
	CHECK_EQ(pci_irq_vector(&v.dev, 4), -EINVAL);
	CHECK(pci_irq_get_affinity(&v.dev, 0) == NULL);		/* not spread */
	CHECK(!irq_affinity_is_managed((unsigned int)irq0));
	CHECK_EQ(request_vec(&v, 2), 0);
	CHECK_EQ(simpci_fire(v.pci, 2), 1);
	CHECK_EQ(atomic_load(&v.calls[2]), 1);
	free_irq((unsigned int)irq0 + 2, &v.calls[2]);
	pci_free_irq_vectors(&v.dev);
	CHECK_EQ(v.dev.kind, PCI_IRQ_KIND_NONE);
	CHECK(!v.dev.msi.msix_on);
	CHECK_EQ(pci_irq_vector(&v.dev, 0), -EINVAL);
	CHECK_EQ(simpic_hier_free(v.fx.pic), VEC_COUNT);
	/* Free again: nothing held, nothing done, nothing said. */
	sim_console_clear();
	pci_free_irq_vectors(&v.dev);
	CHECK_EQ(log_lines(), 0);
}

TEST(alloc_irq_vectors_falls_back_to_msi_with_as_many_vectors_as_the_domain_takes)
{
	static const struct simpci_config msi4 = { .msi = true, .msi_log2 = 2 };
	struct vfx v;
	int irq;

	/* MSI-X allowed but absent: MSI, one vector where the domain has no multi-message MSI. */
	vfx_init(&v, 1, &msi4);
	CHECK_EQ(pci_alloc_irq_vectors(&v.dev, 1, 4, PCI_IRQ_MSIX | PCI_IRQ_MSI), 1);
	CHECK_EQ(v.dev.kind, PCI_IRQ_KIND_MSI);
	CHECK(v.dev.msi.msi_on);
	pci_free_irq_vectors(&v.dev);
	CHECK(!v.dev.msi.msi_on);
	/* With multi-message MSI: the largest power of two up to max_vecs. */
	msi_domain_allow_multi(v.msi);
	CHECK_EQ(pci_alloc_irq_vectors(&v.dev, 2, 3, PCI_IRQ_MSI), 2);
	irq = pci_irq_vector(&v.dev, 1);
	CHECK_EQ(irq, pci_irq_vector(&v.dev, 0) + 1);
	CHECK_EQ(request_vec(&v, 1), 0);
	CHECK_EQ(simpci_fire(v.pci, 1), 1);
	CHECK_EQ(atomic_load(&v.calls[1]), 1);
	free_irq((unsigned int)irq, &v.calls[1]);
	pci_free_irq_vectors(&v.dev);
	/* Fewer than min_vecs of MSI: -ENOSPC, nothing taken. */
	CHECK_EQ(pci_alloc_irq_vectors(&v.dev, 8, 8, PCI_IRQ_MSI), -ENOSPC);
	CHECK_EQ(v.dev.kind, PCI_IRQ_KIND_NONE);
	CHECK_EQ(simpic_hier_free(v.fx.pic), VEC_COUNT);
}

TEST(alloc_irq_vectors_takes_the_intx_line_for_a_caller_that_takes_one_vector)
{
	static const struct simpci_config none = { 0 };
	struct vfx v;
	int irq;

	/* Neither capability: the INTx line. */
	vfx_init(&v, 1, &none);
	/* (Number 0 would mean no line, as Linux's dev->irq: take another.) */
	CHECK(simpic_map(v.fx.pic, INTX_HW - 1, IRQ_TYPE_LEVEL_HIGH) >= 0);
	irq = simpic_map(v.fx.pic, INTX_HW, IRQ_TYPE_LEVEL_HIGH);
	CHECK(irq > 0);
	v.dev.irq = (unsigned int)irq;
	CHECK_EQ(pci_alloc_irq_vectors(&v.dev, 2, 4, PCI_IRQ_ALL_TYPES), -ENOSPC);
	CHECK_EQ(pci_alloc_irq_vectors(&v.dev, 1, 4, PCI_IRQ_MSIX | PCI_IRQ_MSI), -ENOSPC);
	CHECK_EQ(pci_alloc_irq_vectors(&v.dev, 1, 4, PCI_IRQ_ALL_TYPES), 1);
	CHECK_EQ(v.dev.kind, PCI_IRQ_KIND_INTX);
	CHECK_EQ(pci_irq_vector(&v.dev, 0), irq);
	CHECK_EQ(pci_irq_vector(&v.dev, 1), -EINVAL);
	pci_free_irq_vectors(&v.dev);
	CHECK_EQ(v.dev.kind, PCI_IRQ_KIND_NONE);
	/* No line either: nothing to give. */
	v.dev.irq = 0;
	CHECK_EQ(pci_alloc_irq_vectors(&v.dev, 1, 1, PCI_IRQ_INTX), -ENOSPC);
}

TEST(alloc_irq_vectors_misuse_is_refused_with_one_line_and_nothing_changed)
{
	struct irq_affinity affd = { .pre_vectors = 1 };
	struct vfx v;
	int irq0;

	vfx_init(&v, 2, &msix8_msi);
	struct {
		struct pci_irq_dev *dev;
		unsigned int min, max, flags;
		struct irq_affinity *affd;
		const char *says;
	} bad[] = {
		{ NULL, 1, 2, PCI_IRQ_MSIX, NULL, "no device" },
		{ &v.dev, 0, 2, PCI_IRQ_MSIX, NULL, "0 to 2 vectors" },
		{ &v.dev, 3, 2, PCI_IRQ_MSIX, NULL, "3 to 2 vectors" },
		{ &v.dev, 1, 2, PCI_IRQ_AFFINITY, NULL, "allow no kind" },
		{ &v.dev, 1, 2, PCI_IRQ_MSIX, &affd, "without PCI_IRQ_AFFINITY" },
	};
	for (unsigned int i = 0; i < GENIRQ_ARRAY_SIZE(bad); i++) {
		sim_console_clear();
		CHECK_EQ(pci_alloc_irq_vectors_affinity(bad[i].dev, bad[i].min, bad[i].max,
							bad[i].flags, bad[i].affd), -EINVAL);
		CHECK_EQ(log_lines(), 1);
		CHECK(sim_console_contains(bad[i].says));
		CHECK_EQ(v.dev.kind, PCI_IRQ_KIND_NONE);
		CHECK(!v.dev.msi.msix_on && !v.dev.msi.msi_on);
		CHECK_EQ(simpic_hier_free(v.fx.pic), VEC_COUNT);
	}
	/* A device holding vectors keeps them as they are. */
	CHECK_EQ(pci_alloc_irq_vectors(&v.dev, 1, 2, PCI_IRQ_MSIX), 2);
	irq0 = pci_irq_vector(&v.dev, 0);
	sim_console_clear();
	CHECK_EQ(pci_alloc_irq_vectors(&v.dev, 1, 4, PCI_IRQ_MSIX), -EINVAL);
	CHECK_EQ(log_lines(), 1);
	CHECK(sim_console_contains("holds 2 vectors already"));
	CHECK_EQ(v.dev.nvec, 2);
	CHECK_EQ(pci_irq_vector(&v.dev, 0), irq0);
	CHECK_EQ(simpic_hier_free(v.fx.pic), VEC_COUNT - 2);
	/* Freed while a handler is installed: refused, everything kept. */
	CHECK_EQ(request_vec(&v, 1), 0);
	sim_console_clear();
	pci_free_irq_vectors(&v.dev);
	CHECK_EQ(log_lines(), 1);
	CHECK(sim_console_contains("still has a handler"));
	CHECK_EQ(v.dev.kind, PCI_IRQ_KIND_MSIX);
	CHECK(v.dev.msi.msix_on);
	CHECK_EQ(simpci_fire(v.pci, 1), 1);
	CHECK_EQ(atomic_load(&v.calls[1]), 1);
	free_irq((unsigned int)irq0 + 1, &v.calls[1]);
	pci_free_irq_vectors(&v.dev);
	CHECK_EQ(v.dev.kind, PCI_IRQ_KIND_NONE);
	CHECK_EQ(simpic_hier_free(v.fx.pic), VEC_COUNT);
}

/* --- spreading --- */

static bool mask_is(const struct irq_cpumask *m, unsigned long bits)
{
	return m->bits[0] == bits;
}

/* A driver's calc_sets: two halves, or (priv set) as many sets as priv says, of 1. */
static void two_sets(struct irq_affinity *affd, unsigned int nvecs)
{
	unsigned int nr = affd->priv ? *(unsigned int *)affd->priv : 2;

	affd->nr_sets = nr;
	for (unsigned int i = 0; i < nr && i < IRQ_AFFINITY_MAX_SETS; i++)
		affd->set_size[i] = nr == 2 ? nvecs / 2 : 1;
}

TEST(affinity_masks_spread_runs_of_cpus_and_leave_pre_and_post_vectors_unmanaged)
{
	struct irq_affinity affd = { .pre_vectors = 1, .post_vectors = 1 };
	struct irq_affinity two = { 0 }, sets = { .calc_sets = two_sets };
	struct irq_affinity_desc *m;
	struct vfx v;

	vfx_init(&v, 4, &msix8_msi);
	/* 4 spread over 4 CPUs, one each; the admin and the last vector everywhere. */
	m = irq_create_affinity_masks(6, &affd);
	CHECK(m != NULL);
	CHECK(mask_is(&m[0].mask, 0xf) && !m[0].is_managed);
	for (unsigned int i = 1; i <= 4; i++)
		CHECK(mask_is(&m[i].mask, 1ul << (i - 1)) && m[i].is_managed);
	CHECK(mask_is(&m[5].mask, 0xf) && !m[5].is_managed);
	irq_free_affinity_masks(m);
	/* Fewer vectors than CPUs: runs of neighbours, the first runs longer. */
	m = irq_create_affinity_masks(3, &two);
	CHECK(m && mask_is(&m[0].mask, 0x3) && mask_is(&m[1].mask, 0x4) && mask_is(&m[2].mask, 0x8));
	irq_free_affinity_masks(m);
	/* More vectors than CPUs: the CPUs again, in turn; no mask empty. */
	m = irq_create_affinity_masks(6, &two);
	CHECK(m && mask_is(&m[4].mask, 0x1) && mask_is(&m[5].mask, 0x2));
	irq_free_affinity_masks(m);
	/* Sets: each spread over every CPU. */
	m = irq_create_affinity_masks(4, &sets);
	CHECK(m && mask_is(&m[0].mask, 0x3) && mask_is(&m[1].mask, 0xc) &&
	      mask_is(&m[2].mask, 0x3) && mask_is(&m[3].mask, 0xc));
	irq_free_affinity_masks(m);
	/* The count a driver asks for: pre + post + one per CPU at most. */
	CHECK_EQ(irq_calc_affinity_vectors(1, 16, &affd), 6);
	CHECK_EQ(irq_calc_affinity_vectors(1, 3, &affd), 3);
	CHECK_EQ(irq_calc_affinity_vectors(4, 3, &affd), 0);
	/* Nothing to spread, sets that do not add up, too many sets: NULL. */
	CHECK(irq_create_affinity_masks(2, &affd) == NULL);
	sim_console_clear();
	CHECK(irq_create_affinity_masks(5, &sets) == NULL);
	CHECK(sim_console_contains("the sets hold 4 vectors, 5 to spread"));
	{
		unsigned int five = IRQ_AFFINITY_MAX_SETS + 1;

		sets.priv = &five;
		CHECK(irq_create_affinity_masks(4, &sets) == NULL);
		CHECK(sim_console_contains("5 sets, at most 4"));
	}
}

/* --- managed lines --- */

/* Two spread vectors on CPU0 and CPU1, after an unmanaged admin vector. */
static int alloc_managed(struct vfx *v)
{
	struct irq_affinity affd = { .pre_vectors = 1 };

	return pci_alloc_irq_vectors_affinity(&v->dev, 2, 8, PCI_IRQ_MSIX | PCI_IRQ_AFFINITY,
					      &affd);
}

TEST(affinity_vectors_are_managed_each_on_its_cpu)
{
	struct msi_msg msg;
	struct irq_cpumask eff;
	struct vfx v;
	int irq0;

	vfx_init(&v, 2, &msix8_msi);
	CHECK_EQ(alloc_managed(&v), 3);		/* capped: 1 + one per CPU */
	irq0 = pci_irq_vector(&v.dev, 0);
	CHECK(!irq_affinity_is_managed((unsigned int)irq0));
	CHECK(mask_is(pci_irq_get_affinity(&v.dev, 0), 0x3));
	for (unsigned int i = 1; i <= 2; i++) {
		unsigned int irq = (unsigned int)irq0 + i, cpu = i - 1;

		CHECK(irq_affinity_is_managed(irq));
		CHECK(mask_is(pci_irq_get_affinity(&v.dev, i), 1ul << cpu));
		CHECK_EQ(request_vec(&v, i), 0);
		CHECK_EQ(irq_get_effective_affinity(irq, &eff), 0);
		CHECK(mask_is(&eff, 1ul << cpu));
		CHECK_EQ(msi_get_msg(irq, &msg), 0);
		CHECK_EQ(msg.address_lo, SIMPIC_MSI_ADDR | cpu << SIMPIC_MSI_CPU_SHIFT);
		CHECK_EQ(simpci_fire(v.pci, i), 1);
		sim_run(1);
		CHECK_EQ(atomic_load(&v.calls[i]), 1);
		CHECK_EQ(atomic_load(&v.cpu[i]), (int)cpu);
		CHECK_EQ(irq_stat_cpu(irq, cpu), 1);
	}
	for (unsigned int i = 1; i <= 2; i++)
		free_irq((unsigned int)irq0 + i, &v.calls[i]);
	pci_free_irq_vectors(&v.dev);
	CHECK_EQ(simpic_hier_free(v.fx.pic), VEC_COUNT);
	/* Freed lines are gone; a new allocation is managed anew. */
	CHECK_EQ(alloc_managed(&v), 3);
	CHECK(irq_affinity_is_managed((unsigned int)pci_irq_vector(&v.dev, 2)));
	pci_free_irq_vectors(&v.dev);
}

TEST(smp_affinity_write_on_a_managed_line_is_eio_and_says_why)
{
	char path[48], buf[32];
	struct irq_cpumask eff, one = cpu_only(0);
	struct vfx v;
	int irq0;

	vfx_init(&v, 2, &msix8_msi);
	CHECK_EQ(alloc_managed(&v), 3);
	irq0 = pci_irq_vector(&v.dev, 0);
	CHECK_EQ(request_vec(&v, 2), 0);
	irq_snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity", irq0 + 2);
	sim_console_clear();
	CHECK_EQ(irq_proc_write(path, "1", 1), -EIO);
	CHECK_EQ(irq_proc_write(path, "junk", 4), -EIO);	/* refused before the text is read */
	CHECK_EQ(log_lines(), 2);
	CHECK(sim_console_contains("affinity is managed"));
	irq_snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity_list", irq0 + 2);
	CHECK_EQ(irq_proc_write(path, "0", 1), -EIO);
	CHECK_EQ(irq_get_affinity((unsigned int)irq0 + 2, &eff), 0);
	CHECK(mask_is(&eff, 0x2));
	CHECK_EQ(irq_get_effective_affinity((unsigned int)irq0 + 2, &eff), 0);
	CHECK(mask_is(&eff, 0x2));
	CHECK_EQ(irq_proc_read(path, buf, sizeof(buf)), 2);
	CHECK_STR(buf, "1\n");
	/* The unmanaged admin vector is the user's to move. */
	irq_snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity", irq0);
	CHECK_EQ(irq_proc_write(path, "2", 1), 0);
	/* A driver may still route its own managed line, as in Linux. */
	CHECK_EQ(irq_set_affinity((unsigned int)irq0 + 2, &one), 0);
	CHECK(irq_affinity_is_managed((unsigned int)irq0 + 2));
	free_irq((unsigned int)irq0 + 2, &v.calls[2]);
	pci_free_irq_vectors(&v.dev);
}

TEST(shell_echo_to_a_managed_line_says_why_it_is_refused)
{
	static struct shell sh;
	char cmd[64];
	struct vfx v;
	int irq0;

	vfx_init(&v, 2, &msix8_msi);
	CHECK_EQ(alloc_managed(&v), 3);
	irq0 = pci_irq_vector(&v.dev, 0);
	shell_init(&sh, fx_out_write, NULL, 0);
	fx_out_reset();
	irq_snprintf(cmd, sizeof(cmd), "echo 1 > /proc/irq/%d/smp_affinity", irq0 + 1);
	CHECK_EQ(shell_exec(&sh, cmd), -EIO);
	CHECK(strstr(fx_out, "(-5): irq ") != NULL);
	CHECK(strstr(fx_out, "'s affinity is managed (spread when its vectors were "
			  "allocated)\n") != NULL);
	/* The line's controller routes it: the shell does not say otherwise. */
	CHECK(strstr(fx_out, "cannot route") == NULL);
	/* The admin vector is not managed: the write is the user's. */
	irq_snprintf(cmd, sizeof(cmd), "echo 2 > /proc/irq/%d/smp_affinity", irq0);
	CHECK_EQ(shell_exec(&sh, cmd), 0);
	pci_free_irq_vectors(&v.dev);
}

/* The spurious view's state line of @irq contains @state. */
static bool state_is(unsigned int irq, const char *state)
{
	char path[48], buf[256];

	irq_snprintf(path, sizeof(path), "/proc/irq/%u/spurious", irq);
	return irq_proc_read(path, buf, sizeof(buf)) > 0 && strstr(buf, state) != NULL;
}

TEST(managed_line_shuts_down_with_its_cpus_and_loses_no_event)
{
	struct msi_msg before, during;
	struct irq_cpumask eff;
	struct vfx v;
	unsigned int irq0, free_before;

	vfx_init(&v, 2, &msix8_msi);
	CHECK_EQ(alloc_managed(&v), 3);
	irq0 = (unsigned int)pci_irq_vector(&v.dev, 0);
	CHECK_EQ(request_vec(&v, 0), 0);
	CHECK_EQ(request_vec(&v, 2), 0);		/* managed, CPU1 */
	CHECK_EQ(msi_get_msg(irq0 + 2, &before), 0);
	free_before = simpic_hier_free(v.fx.pic);

	irq_cpu_set_online(1, false);
	/* The managed line is shut down, its target kept; the admin line is on CPU0. */
	CHECK(state_is(irq0 + 2, "shut-down-no-cpu"));
	CHECK(!state_is(irq0, "shut-down-no-cpu"));
	CHECK_EQ(irq_get_effective_affinity(irq0, &eff), 0);
	CHECK(mask_is(&eff, 0x1));
	CHECK(irq_domain_is_activated(irq0 + 2));
	CHECK_EQ(msi_get_msg(irq0 + 2, &during), 0);
	CHECK_EQ(during.address_lo, before.address_lo);
	CHECK_EQ(during.data, before.data);
	CHECK_EQ(simpic_hier_free(v.fx.pic), free_before);
	/* The device raises meanwhile: held at its masked vector. */
	CHECK_EQ(simpci_fire(v.pci, 2), 0);
	CHECK(simpci_pending(v.pci, 2));
	sim_run(0);
	sim_run(1);
	CHECK_EQ(atomic_load(&v.calls[2]), 0);
	/* The admin line still works, on CPU0. */
	CHECK_EQ(simpci_fire(v.pci, 0), 1);
	CHECK_EQ(atomic_load(&v.calls[0]), 1);
	CHECK_EQ(atomic_load(&v.cpu[0]), 0);

	irq_cpu_set_online(1, true);
	/* Started again on CPU1: the held event is delivered there, once. */
	CHECK(!state_is(irq0 + 2, "shut-down-no-cpu"));
	CHECK(!simpci_pending(v.pci, 2));
	sim_run(1);
	CHECK_EQ(atomic_load(&v.calls[2]), 1);
	CHECK_EQ(atomic_load(&v.cpu[2]), 1);
	CHECK_EQ(simpci_fire(v.pci, 2), 1);
	sim_run(1);
	CHECK_EQ(atomic_load(&v.calls[2]), 2);
	CHECK_EQ(irq_stat_cpu(irq0 + 2, 1), 2);
	CHECK_EQ(irq_stat_cpu(irq0 + 2, 0), 0);
	free_irq(irq0, &v.calls[0]);
	free_irq(irq0 + 2, &v.calls[2]);
	pci_free_irq_vectors(&v.dev);
}

/*
 * The managed line on CPU1 requested while CPU1 is offline; with
 * @no_autoen requested disabled (IRQF_NO_AUTOEN), then enabled: neither
 * starts it on a CPU outside its mask. It stays shut down, its event
 * held at its masked vector, until CPU1 returns.
 */
static void request_while_offline(bool no_autoen)
{
	struct vfx v;
	unsigned int irq0;

	vfx_init(&v, 2, &msix8_msi);
	CHECK_EQ(alloc_managed(&v), 3);
	irq0 = (unsigned int)pci_irq_vector(&v.dev, 0);
	irq_cpu_set_online(1, false);
	CHECK_EQ(request_irq(irq0 + 2, vec_handler, no_autoen ? IRQF_NO_AUTOEN : 0, "vec",
			     &v.calls[2]), 0);
	if (no_autoen)
		enable_irq(irq0 + 2);
	CHECK_EQ(irq_get_depth(irq0 + 2), 0);
	CHECK(state_is(irq0 + 2, "shut-down-no-cpu"));
	CHECK_EQ(simpci_fire(v.pci, 2), 0);		/* never unmasked: held */
	sim_run(0);
	CHECK_EQ(atomic_load(&v.calls[2]), 0);
	irq_cpu_set_online(1, true);
	sim_run(1);
	CHECK_EQ(atomic_load(&v.calls[2]), 1);
	CHECK_EQ(atomic_load(&v.cpu[2]), 1);
	free_irq(irq0 + 2, &v.calls[2]);
	pci_free_irq_vectors(&v.dev);
}

TEST(managed_line_requested_while_its_cpus_are_offline_starts_when_one_returns)
{
	request_while_offline(false);
}

TEST(managed_line_enabled_while_its_cpus_are_offline_starts_when_one_returns)
{
	request_while_offline(true);
}

TEST(managed_line_keeps_its_target_without_a_handler_until_the_vectors_are_freed)
{
	struct msi_msg msg;
	struct vfx v;
	unsigned int irq0;

	vfx_init(&v, 2, &msix8_msi);
	CHECK_EQ(alloc_managed(&v), 3);
	irq0 = (unsigned int)pci_irq_vector(&v.dev, 0);
	for (unsigned int i = 0; i < 3; i++) {
		CHECK_EQ(request_vec(&v, i), 0);
		free_irq(irq0 + i, &v.calls[i]);
	}
	/* The unmanaged one gave its target back; the managed ones hold theirs. */
	CHECK(!irq_domain_is_activated(irq0));
	CHECK_EQ(msi_get_msg(irq0, &msg), 0);
	CHECK_EQ(msg.address_lo, 0);
	for (unsigned int i = 1; i < 3; i++) {
		CHECK(irq_domain_is_activated(irq0 + i));
		CHECK_EQ(msi_get_msg(irq0 + i, &msg), 0);
		CHECK_EQ(msg.address_lo, SIMPIC_MSI_ADDR | (i - 1) << SIMPIC_MSI_CPU_SHIFT);
	}
	pci_free_irq_vectors(&v.dev);
	CHECK_EQ(simpic_hier_free(v.fx.pic), VEC_COUNT);
	CHECK(!irq_affinity_is_managed(irq0 + 1));
}

/* --- notifiers and hints --- */

struct note {
	struct irq_affinity_notify	n;
	int				calls, releases;
	unsigned long			last;
	int				self_remove;	/* what removing itself answered */
	bool				try_self;
};

static void note_notify(struct irq_affinity_notify *n, const struct irq_cpumask *mask)
{
	struct note *x = (struct note *)n;

	x->calls++;
	x->last = mask->bits[0];
	if (x->try_self)
		x->self_remove = irq_set_affinity_notifier(n->irq, NULL);
}

static void note_release(struct irq_affinity_notify *n)
{
	((struct note *)n)->releases++;
}

TEST(affinity_notifier_is_told_each_change_and_released_once)
{
	struct note a = { .n = { .notify = note_notify, .release = note_release } };
	struct note b = a, bad = { .n = { .release = note_release } };
	struct vfx v;
	unsigned int irq;
	struct irq_cpumask one = cpu_only(1);

	vfx_init(&v, 2, &msix8_msi);
	CHECK_EQ(pci_alloc_irq_vectors(&v.dev, 1, 1, PCI_IRQ_MSIX), 1);
	irq = (unsigned int)pci_irq_vector(&v.dev, 0);
	CHECK_EQ(request_vec(&v, 0), 0);
	CHECK_EQ(irq_set_affinity_notifier(irq, &a.n), 0);
	CHECK_EQ(a.n.irq, irq);
	CHECK_EQ(irq_set_affinity(irq, &one), 0);
	CHECK_EQ(a.calls, 1);
	CHECK_EQ(a.last, 0x2ul);
	/* A refused move tells nothing. */
	CHECK_EQ(irq_set_affinity(irq, &(struct irq_cpumask){ .bits = { 0 } }), -EINVAL);
	CHECK_EQ(a.calls, 1);
	/* The /proc write is a change like any other. */
	{
		char path[48];

		irq_snprintf(path, sizeof(path), "/proc/irq/%u/smp_affinity", irq);
		CHECK_EQ(irq_proc_write(path, "3", 1), 0);
		CHECK_EQ(a.calls, 2);
		CHECK_EQ(a.last, 0x3ul);
	}
	/* Replaced: the old one released, the new one told. */
	CHECK_EQ(irq_set_affinity_notifier(irq, &b.n), 0);
	CHECK_EQ(a.releases, 1);
	CHECK_EQ(irq_set_affinity(irq, &one), 0);
	CHECK_EQ(a.calls, 2);
	CHECK_EQ(b.calls, 1);
	/* Removing itself from its own call would wait for itself: refused. */
	b.try_self = true;
	CHECK_EQ(irq_set_affinity(irq, &one), 0);
	CHECK_EQ(b.self_remove, -EBUSY);
	b.try_self = false;
	/* Removed: released, told nothing more. */
	CHECK_EQ(irq_set_affinity_notifier(irq, NULL), 0);
	CHECK_EQ(b.releases, 1);
	CHECK_EQ(irq_set_affinity(irq, &one), 0);
	CHECK_EQ(b.calls, 2);
	/* Misuse: one line each, nothing changed. */
	sim_console_clear();
	CHECK_EQ(irq_set_affinity_notifier(irq, &bad.n), -EINVAL);
	CHECK_EQ(irq_set_affinity_notifier(4000, &a.n), -EINVAL);
	CHECK_EQ(log_lines(), 2);
	CHECK_EQ(bad.releases, 0);
	/* Left set at the last free_irq(): cleared and released, with a report. */
	CHECK_EQ(irq_set_affinity_notifier(irq, &a.n), 0);
	sim_console_clear();
	free_irq(irq, &v.calls[0]);
	CHECK_EQ(a.releases, 2);
	CHECK(sim_console_contains("an affinity notifier set: cleared"));
	CHECK_EQ(request_vec(&v, 0), 0);
	CHECK_EQ(irq_set_affinity(irq, &one), 0);
	CHECK_EQ(a.calls, 2);
	free_irq(irq, &v.calls[0]);
	pci_free_irq_vectors(&v.dev);
}

TEST(affinity_hint_is_shown_in_proc_and_set_hint_moves_the_line)
{
	struct irq_cpumask hint = cpu_only(1), eff, offline = cpu_only(3);
	char path[48], buf[32];
	struct vfx v;
	unsigned int irq;

	vfx_init(&v, 4, &msix8_msi);
	CHECK_EQ(pci_alloc_irq_vectors(&v.dev, 1, 1, PCI_IRQ_MSIX), 1);
	irq = (unsigned int)pci_irq_vector(&v.dev, 0);
	CHECK_EQ(request_vec(&v, 0), 0);
	irq_snprintf(path, sizeof(path), "/proc/irq/%u/affinity_hint", irq);
	CHECK_EQ(irq_proc_read(path, buf, sizeof(buf)), 2);
	CHECK_STR(buf, "0\n");				/* none yet */
	CHECK_EQ(irq_proc_write(path, "1", 1), -EACCES);	/* the driver's, not the user's */
	/* update: the hint only, nothing moves. */
	CHECK_EQ(irq_update_affinity_hint(irq, &hint), 0);
	CHECK_EQ(irq_proc_read(path, buf, sizeof(buf)), 2);
	CHECK_STR(buf, "2\n");
	CHECK_EQ(irq_get_effective_affinity(irq, &eff), 0);
	CHECK(!cpumask_test_cpu(1, &eff) || cpumask_weight(&eff) > 1);
	/* set: the hint and the move. */
	hint = cpus_of(2, 2);
	CHECK_EQ(irq_set_affinity_hint(irq, &hint), 0);
	CHECK_EQ(irq_proc_read(path, buf, sizeof(buf)), 2);
	CHECK_STR(buf, "4\n");
	CHECK_EQ(irq_get_effective_affinity(irq, &eff), 0);
	CHECK(mask_is(&eff, 0x4));
	/* A move refused (no CPU online) is answered; the hint is kept, as Linux. */
	irq_cpu_set_online(3, false);
	CHECK_EQ(irq_set_affinity_hint(irq, &offline), -EINVAL);
	CHECK_EQ(irq_proc_read(path, buf, sizeof(buf)), 2);
	CHECK_STR(buf, "8\n");
	CHECK_EQ(irq_get_effective_affinity(irq, &eff), 0);
	CHECK(mask_is(&eff, 0x4));
	/* Cleared. */
	CHECK_EQ(irq_set_affinity_hint(irq, NULL), 0);
	CHECK_EQ(irq_proc_read(path, buf, sizeof(buf)), 2);
	CHECK_STR(buf, "0\n");
	/* No such line: refused with a report. */
	sim_console_clear();
	CHECK_EQ(irq_update_affinity_hint(4000, &hint), -EINVAL);
	CHECK_EQ(log_lines(), 1);
	/* Left set at the last free_irq(): cleared with a report. */
	CHECK_EQ(irq_update_affinity_hint(irq, &hint), 0);
	sim_console_clear();
	free_irq(irq, &v.calls[0]);
	CHECK(sim_console_contains("an affinity hint set: cleared"));
	CHECK_EQ(irq_proc_read(path, buf, sizeof(buf)), 2);
	CHECK_STR(buf, "0\n");
	/* A hint on a line freed without free_irq() goes with its descriptor. */
	CHECK_EQ(irq_update_affinity_hint(irq, &hint), 0);
	sim_console_clear();
	pci_free_irq_vectors(&v.dev);
	CHECK(sim_console_contains("freed with an affinity hint or notifier set"));
	CHECK_EQ(pci_alloc_irq_vectors(&v.dev, 1, 1, PCI_IRQ_MSIX), 1);
	irq_snprintf(path, sizeof(path), "/proc/irq/%d/affinity_hint", pci_irq_vector(&v.dev, 0));
	CHECK_EQ(irq_proc_read(path, buf, sizeof(buf)), 2);
	CHECK_STR(buf, "0\n");
	pci_free_irq_vectors(&v.dev);
}

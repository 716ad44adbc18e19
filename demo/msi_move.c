// SPDX-License-Identifier: MIT
/*
 * msi_move.c - the msi scenario on a controller line (see msi_move.h).
 */
#include <stdatomic.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>

#include "msi_move.h"

#define MSI_EVENTS	20u		/* per CPU */
#define ROUTE_BYTES	96

static const struct msi_move_env *cur;
static _Atomic unsigned long runs;

static irqreturn_t msi_handler(int irq, void *cookie)
{
	const struct edu *e = cookie;

	(void)irq;
	cur->ack(e, cur->status(e));
	atomic_fetch_add(&runs, 1);
	return IRQ_HANDLED;
}

/* Raise @n messages one at a time, each waiting for its handler run (an
 * edge raised again before it is taken would be one event). */
static bool messages(const struct msi_move_env *env, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		unsigned long want = atomic_load(&runs) + 1;

		env->raise(env->dev, 1);
		if (!scenario_wait_count(&runs, want))
			return false;
	}
	return true;
}

static unsigned long long msg_addr(const struct msi_msg *m)
{
	return (unsigned long long)m->address_hi << 32 | m->address_lo;
}

static bool same(const char *x, const char *y)
{
	while (*x && *x == *y)
		x++, y++;
	return *x == *y;
}

/* Runs of @irq on CPU0 and CPU1 since @base. */
static void runs_since(unsigned int irq, const unsigned long base[2], unsigned long got[2])
{
	for (unsigned int c = 0; c < 2; c++)
		got[c] = irq_stat_cpu(irq, c) - base[c];
}

void msi_move_scenario(struct scenario_tally *t, const struct msi_move_env *env)
{
	const char *name = "msi";
	static struct pci_msi_dev pdev;
	bool smp = cpumask_weight(irq_cpu_online_mask()) >= 2;
	unsigned int f0, fa, ff;
	unsigned long base[2], a[2] = { 0, 0 }, b[2] = { 0, 0 };
	struct msi_msg m0 = { 0, 0, 0 }, m1 = { 0, 0, 0 };
	char r0[ROUTE_BYTES] = "", r1[ROUTE_BYTES] = "", row[160];
	struct irq_cpumask mask;
	bool ok0, ok1 = true;
	int irq, err;
	/* As unsigned int for %x (uint32_t is unsigned long on some targets). */
	unsigned int rid = env->rid;

	cur = env;
	env->ack(env->dev, ~0u);
	f0 = env->free_count();
	err = pci_msi_dev_init(&pdev, env->cfg, env->cfg_ctx, env->rid);
	irq = err ? err : pci_enable_msi(&pdev, env->domain);
	if (irq < 0) {
		scenario_fail(t, name, "requester %02x:%02x.%u: MSI enable %d", rid >> 8,
			      (rid >> 3) & 0x1f, rid & 7, irq);
		return;
	}
	err = request_irq((unsigned int)irq, msi_handler, 0, "edu-msi", (void *)env->dev);
	fa = env->free_count();
	/* Start on CPU0, wherever the controller put the line. */
	cpumask_clear(&mask);
	cpumask_set_cpu(0, &mask);
	err = err ? err : irq_set_affinity((unsigned int)irq, &mask);
	msi_get_msg((unsigned int)irq, &m0);
	env->route((unsigned int)irq, r0, sizeof(r0));
	base[0] = irq_stat_cpu((unsigned int)irq, 0);
	base[1] = irq_stat_cpu((unsigned int)irq, 1);
	ok0 = !err && messages(env, MSI_EVENTS);
	runs_since((unsigned int)irq, base, a);
	scenario_proc_row((unsigned int)irq, row, sizeof(row));
	irq_log("msi: %s", row);

	if (smp) {
		cpumask_clear(&mask);
		cpumask_set_cpu(1, &mask);
		err = err ? err : irq_set_affinity((unsigned int)irq, &mask);
		msi_get_msg((unsigned int)irq, &m1);
		env->route((unsigned int)irq, r1, sizeof(r1));
		ok1 = !err && messages(env, MSI_EVENTS);
		runs_since((unsigned int)irq, base, b);
		b[0] -= a[0];
		b[1] -= a[1];
	}
	free_irq((unsigned int)irq, (void *)env->dev);
	err = err ? err : pci_disable_msi(&pdev);
	ff = env->free_count();
	if (!err && ok0 && ok1 && a[0] == MSI_EVENTS && a[1] == 0 && fa + 1 == f0 && ff == f0 &&
	    scenario_contains(row, env->proc_name) && scenario_contains(row, " Edge") && smp &&
	    b[0] == 0 && b[1] == MSI_EVENTS && !same(r0, r1))
		scenario_pass(t, name, "edu %02x:%02x.0 irq %d: %u messages (address 0x%llx, data "
			      "0x%x) -> %lu runs on CPU0, %s; moved: %s, message 0x%llx/0x%x, %lu "
			      "runs on CPU1, CPU0 +%lu; %s %u -> %u -> %u", rid >> 8,
			      (rid >> 3) & 0x1f, irq, MSI_EVENTS, msg_addr(&m0), (unsigned int)m0.data, a[0],
			      r0, r1, msg_addr(&m1), (unsigned int)m1.data, b[1], b[0], env->free_name, f0, fa, ff);
	else if (!err && ok0 && a[0] == MSI_EVENTS && fa + 1 == f0 && ff == f0 && !smp &&
		 scenario_contains(row, env->proc_name) && scenario_contains(row, " Edge"))
		scenario_pass(t, name, "edu %02x:%02x.0 irq %d: %u messages (address 0x%llx, data "
			      "0x%x) -> %lu runs, %s (uniprocessor: no move); %s %u -> %u -> %u",
			      rid >> 8, (rid >> 3) & 0x1f, irq, MSI_EVENTS, msg_addr(&m0),
			      (unsigned int)m0.data, a[0], r0, env->free_name, f0, fa, ff);
	else
		scenario_fail(t, name, "irq %d err %d: runs CPU0 %lu then %lu, CPU1 %lu then %lu "
			      "(want %u then %u on CPU1), route '%s' -> '%s', message 0x%llx/0x%x "
			      "-> 0x%llx/0x%x, %s %u %u %u, row '%s'", irq, err, a[0], b[0], a[1],
			      b[1], MSI_EVENTS, smp ? MSI_EVENTS : 0, r0, r1, msg_addr(&m0), (unsigned int)m0.data,
			      msg_addr(&m1), (unsigned int)m1.data, env->free_name, f0, fa, ff, row);
}

// SPDX-License-Identifier: MIT
/* hier_model.c - see hier_model.h. */
#include <string.h>
#include <genirq/errno.h>
#include <genirq/compat.h>
#include "hier_model.h"

void hm_init(struct hier_model *m)
{
	memset(m, 0, sizeof(*m));
	m->free_targets = HM_TARGETS;
}

/* The lowest run of @nr free numbers, or -1. */
static int lowest_run(const struct hier_model *m, unsigned int nr)
{
	for (unsigned int from = 0; from + nr <= HM_NUMS; from++) {
		unsigned int i = 0;

		while (i < nr && !m->used[from + i])
			i++;
		if (i == nr)
			return (int)from;
	}
	return -1;
}

int hm_alloc(struct hier_model *m, int d, unsigned int nvec, enum hm_fail fail, unsigned int k)
{
	struct hm_dev *dev = &m->dev[d];
	int first;

	if (dev->on)
		return -EBUSY;
	if (nvec == 0 || nvec > HM_VECS)
		return -EINVAL;
	first = lowest_run(m, nvec);
	if (first < 0)
		return -ENOSPC;
	/* Levels allocate bottom-up: the PIC's targets, then the middle level. */
	if (fail == HM_FAIL_PIC && k >= 1 && k <= nvec && k <= m->free_targets)
		return -ENOSPC;
	if (nvec > m->free_targets)
		return -ENOSPC;
	if (fail == HM_FAIL_MID && k >= 1 && k <= nvec)
		return -EIO;
	memset(dev, 0, sizeof(*dev));
	dev->on = true;
	dev->first = (unsigned int)first;
	dev->nvec = nvec;
	for (unsigned int i = 0; i < nvec; i++) {
		m->used[first + (int)i] = true;
		dev->active[i] = true;
	}
	m->free_targets -= nvec;
	return first;
}

int hm_free(struct hier_model *m, int d)
{
	struct hm_dev *dev = &m->dev[d];

	if (!dev->on)
		return -EINVAL;
	for (unsigned int v = 0; v < dev->nvec; v++)
		if (dev->requested[v])
			return -EBUSY;
	for (unsigned int i = 0; i < dev->nvec; i++)
		m->used[dev->first + i] = false;
	m->free_targets += dev->nvec;
	dev->on = false;
	return 0;
}

void hm_request(struct hier_model *m, int d, unsigned int v, bool on)
{
	m->dev[d].requested[v] = on;
	m->dev[d].active[v] = on;
	if (on && m->pending[d][v]) {
		m->pending[d][v] = false;
		m->dev[d].events[v]++;
	}
}

void hm_route(struct hier_model *m, int d, unsigned int v, unsigned int cpu)
{
	m->dev[d].route[v] = cpu;
}

/* A vector with a handler runs it once per write taken; without (or
 * with MSI-X off: every vector masked), the device holds it pending. */
void hm_fire(struct hier_model *m, int d, unsigned int v)
{
	if (m->dev[d].on && m->dev[d].requested[v])
		m->dev[d].events[v]++;
	else
		m->pending[d][v] = true;
}

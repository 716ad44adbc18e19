/* SPDX-License-Identifier: MIT */
/*
 * hier_model.h - a reference model of hierarchical allocation: devices
 * whose MSI-X vectors are lines of a three-level hierarchy (PCI-MSI on a
 * middle level on the simulated PIC, which has a fixed pool of targets).
 *
 * It says what each call must return and leave: which global numbers a
 * successful allocation gets (the lowest free run), that a refused or
 * failed one leaves everything as it was, which lines have handlers,
 * where each line is routed, and how many events each handler saw.
 * tests/fuzz/fuzz_hier.c runs the same calls on the core and compares.
 */
#ifndef GENIRQ_HIER_MODEL_H
#define GENIRQ_HIER_MODEL_H

#include <stdbool.h>
#include <genirq/compat.h>

#define HM_DEVS		4	/* devices, each with up to HM_VECS vectors */
#define HM_VECS		8
#define HM_TARGETS	12	/* PIC lines handed to the hierarchy */
#define HM_NUMS		64	/* global numbers of the machine */
#define HM_CPUS		2

struct hm_dev {
	bool		on;		/* vectors allocated */
	unsigned int	first, nvec;
	bool		requested[HM_VECS];
	/* Activated: from the enable to the last free_irq(), then from each request. */
	bool		active[HM_VECS];
	unsigned int	route[HM_VECS];	/* CPU of the vector's message */
	unsigned long	events[HM_VECS];	/* handler runs owed and seen */
};

struct hier_model {
	bool		used[HM_NUMS];		/* global numbers taken */
	unsigned int	free_targets;
	struct hm_dev	dev[HM_DEVS];
	/* The devices' pending bits: a write held while the vector is
	 * masked (no handler), sent when it is unmasked. */
	bool		pending[HM_DEVS][HM_VECS];
};

void hm_init(struct hier_model *m);
/* How an allocation may fail by injection: not, or at the k-th line of a level. */
enum hm_fail { HM_FAIL_NONE, HM_FAIL_PIC, HM_FAIL_MID };
/* The result expected of enabling @nvec vectors of device @d (the first
 * number or -errno); a success is recorded. */
int hm_alloc(struct hier_model *m, int d, unsigned int nvec, enum hm_fail fail, unsigned int k);
/* Disabling device @d: 0 (recorded), -EBUSY (a vector has a handler), -EINVAL (off). */
int hm_free(struct hier_model *m, int d);
/* A handler installed (@on) or freed; installing unmasks: a pending write is taken. */
void hm_request(struct hier_model *m, int d, unsigned int v, bool on);
void hm_route(struct hier_model *m, int d, unsigned int v, unsigned int cpu);
void hm_fire(struct hier_model *m, int d, unsigned int v);

#endif /* GENIRQ_HIER_MODEL_H */

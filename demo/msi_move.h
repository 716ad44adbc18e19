/* SPDX-License-Identifier: MIT */
/*
 * msi_move.h - the msi scenario of SCENARIOS.md for a machine whose MSI
 * target is a controller line it can describe (demo/msi_move.c): a PCI
 * device's MSI enabled through the machine's PCI-MSI domain, N messages
 * the device raises -> N handler runs on CPU0, a move to CPU1 -> the next
 * N on CPU1 and the route programmed for it, then free -> the
 * controller's allocator back where it was. Uniprocessor: no move.
 */
#ifndef GENIRQ_DEMO_MSI_MOVE_H
#define GENIRQ_DEMO_MSI_MOVE_H

#include <stddef.h>
#include <stdint.h>
#include <genirq/msi.h>

#include "scenario.h"

struct edu;	/* the machine's */

struct msi_move_env {
	struct irq_domain	*domain;	/* PCI-MSI */
	/* The device: its config space, requester ID, and its edu registers. */
	const struct pci_cfg_ops *cfg;
	void			*cfg_ctx;
	uint32_t		rid;
	const struct edu	*dev;
	void			(*raise)(const struct edu *e, uint32_t bits);
	void			(*ack)(const struct edu *e, uint32_t bits);
	uint32_t		(*status)(const struct edu *e);
	/* The controller's count of free targets, and its name ("free SPIs
	 * of the v2m frame"). */
	unsigned int		(*free_count)(void);
	const char		*free_name;
	/* Where line @irq is routed now, as text ("SPI 80 -> CPU0 (ITARGETSR
	 * 0x01)"). Return: its length, or -errno. */
	int			(*route)(unsigned int irq, char *buf, size_t size);
	/* What /proc/interrupts must show for the line ("GICv2m-PCI-MSI"). */
	const char		*proc_name;
};

void msi_move_scenario(struct scenario_tally *t, const struct msi_move_env *env);

#endif /* GENIRQ_DEMO_MSI_MOVE_H */

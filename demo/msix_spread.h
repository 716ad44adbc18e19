/* SPDX-License-Identifier: MIT */
/*
 * msix_spread.h - the msix-spread scenario of SCENARIOS.md on a
 * virtio-rng-pci device, for any machine with a PCI-MSI domain
 * (demo/msix_spread.c): its MSI-X vectors from
 * pci_alloc_irq_vectors_affinity(PCI_IRQ_MSIX | PCI_IRQ_AFFINITY), one
 * before (virtio's configuration vector) and one after the spread ones,
 * which are managed, one run of CPUs each. The queue's vector is routed
 * to each vector in turn: MSIX_SPREAD_EVENTS requests for random bytes ->
 * as many handler runs, all counted on the CPU the vector's target is on.
 * Then `echo N > /proc/irq/X/smp_affinity` on a managed vector is refused
 * with -EIO, nothing moved; and the CPUs of the last managed vector marked
 * offline (irq_cpu_set_online(): the CPUs keep running) shut its line
 * down, its target kept and a request held at the vector's MSI-X mask
 * bit; marked online again, the line starts and the held request runs
 * exactly once.
 *
 * The machine finds the device (VIRTIO_RNG_PCI_ID on bus 0), gives its
 * BARs addresses if nobody did, turns on its I/O and memory decoding and
 * bus mastering, and describes it here: configuration space and the
 * MSI-X table's BAR (struct pci_cfg_ops with its mmio ops), the legacy
 * virtio registers of BAR 0, and where a line is delivered. The vring
 * is the file's own memory, handed to the device by address: physical =
 * virtual on every machine that runs this.
 */
#ifndef GENIRQ_DEMO_MSIX_SPREAD_H
#define GENIRQ_DEMO_MSIX_SPREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/msi.h>

#include "scenario.h"

#define VIRTIO_RNG_PCI_ID	0x10051AF4u	/* transitional virtio-rng: device << 16 | vendor */
#define MSIX_SPREAD_VECTORS	4u		/* QEMU's -device virtio-rng-pci,vectors=4 */

struct msix_spread_env {
	struct irq_domain	*domain;	/* PCI-MSI */
	const struct pci_cfg_ops *cfg;		/* with mmio_read32/_write32 (the table) */
	void			*cfg_ctx;
	uint32_t		rid;		/* requester ID */
	unsigned int		slot;		/* its device number on bus 0 */
	/* The legacy virtio registers: @bytes (1, 2 or 4) at @off of BAR 0. */
	uint32_t		(*io_read)(unsigned int off, unsigned int bytes);
	void			(*io_write)(unsigned int off, unsigned int bytes, uint32_t val);
	/* Where line @irq is delivered: its CPU, and its target there as
	 * text ("vector 0x31", "LPI 8193"). Return: 0, or -errno. */
	int			(*target)(unsigned int irq, unsigned int *cpu, char *buf, size_t size);
};

/* @env NULL: the machine found no virtio-rng-pci device (a SKIP naming
 * the QEMU option). Needs two CPUs online, else a SKIP. */
void msix_spread_scenario(struct scenario_tally *t, const struct msix_spread_env *env);

/*
 * QEMU's virt machines (aarch64, riscv64) boot without firmware, so
 * nobody has placed the device's BARs (demo/msix_spread_virt.c). The
 * machine gives its PCIe host's windows and bus 0's configuration reads
 * and writes (@cfg: its context is the device number, unsigned int *;
 * NULL: no PCIe host).
 */
struct msix_spread_windows {
	const struct pci_cfg_ops *cfg;
	uint64_t	io_cpu, io_pci, io_size;	/* the I/O window, memory to the CPU */
	uint64_t	mem_cpu, mem_pci, mem_size;	/* the 32-bit memory window */
	void		(*barrier)(void);	/* a register write done before what follows */
};

/*
 * Find bus 0's virtio-rng-pci through @win, place its legacy registers
 * (BAR 0) in the I/O window and its MSI-X table (BAR 1) and modern
 * registers (BAR 4, unused) in its device number's megabyte of the memory
 * window, turn decoding and bus mastering on, and run
 * msix_spread_scenario() on it through @domain, its lines' targets told
 * by @target (struct msix_spread_env); no such device: its SKIP.
 */
void msix_spread_virt_scenario(struct scenario_tally *t, const struct msix_spread_windows *win,
			       struct irq_domain *domain,
			       int (*target)(unsigned int irq, unsigned int *cpu, char *buf,
					     size_t size));

#endif /* GENIRQ_DEMO_MSIX_SPREAD_H */

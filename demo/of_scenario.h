/* SPDX-License-Identifier: MIT */
/*
 * of_scenario.h - the devicetree scenario of the machines that boot with
 * a flattened device tree (aarch64 and riscv64 virt): devices' lines
 * found from the tree through the domain registry (<genirq/of_irq.h>).
 */
#ifndef GENIRQ_DEMO_OF_SCENARIO_H
#define GENIRQ_DEMO_OF_SCENARIO_H

struct scenario_tally;

/* A device node whose interrupt @index the scenario maps. */
struct of_scenario_dev {
	const char	*label;		/* "PL011" */
	int		node;		/* its offset in the blob; < 0: the machine has none */
	unsigned int	index;
	int		in_use;		/* the line the kernel runs it on, or -1 */
};

/*
 * SCENARIO devicetree: each device's line from irq_of_parse_and_map()
 * (the line in use when it has one; found again, not made twice), and
 * the INTA of PCI device @devfn[0..@nr_pci-1] under host node @pci_host
 * through its interrupt-map (irq_of_map_pci()); each line's domain must
 * be the one registered for the controller node the tree names, and a
 * trigger must be set. PASS lists each: line, controller node, hwirq,
 * trigger.
 */
void of_scenario_run(struct scenario_tally *t, const void *blob,
		     const struct of_scenario_dev *devs, unsigned int nr_devs,
		     int pci_host, const unsigned int *devfn, unsigned int nr_pci);

#endif /* GENIRQ_DEMO_OF_SCENARIO_H */

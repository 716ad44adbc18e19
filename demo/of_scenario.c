// SPDX-License-Identifier: MIT
/*
 * of_scenario.c - SCENARIO devicetree (of_scenario.h): the lines of the
 * machine's devices, each found from the tree the kernel booted with.
 */
#include <genirq/irq.h>
#include <genirq/irqdomain.h>
#include <genirq/of_irq.h>
#include <genirq/proc.h>
#include <genirq/compat.h>

#include "of_scenario.h"
#include "scenario.h"

#define OF_REPORT	300	/* the PASS detail: within scenario.c's line */

/* Check line @irq of fwspec @fw and add it to @out; NULL when it is wrong, with *@why. */
static const char *check_line(int irq, const struct irq_fwspec *fw, const char **why)
{
	struct irq_data *d;
	struct irq_domain *dom;

	if (irq < 0) {
		*why = "not mapped";
		return NULL;
	}
	d = irq_get_irq_data((unsigned int)irq);
	dom = d ? d->domain : NULL;
	if (!dom || dom != irq_find_matching_fwnode(fw->fwnode) || !irq_domain_fwnode_name(dom)) {
		*why = "not a line of the domain registered for its controller's node";
		return NULL;
	}
	if (!(d->trigger & IRQ_TYPE_SENSE_MASK)) {
		*why = "no trigger set";
		return NULL;
	}
	return irq_domain_fwnode_name(dom);
}

static void add(char *out, size_t size, size_t *at, const char *label, int irq, const char *node)
{
	struct irq_data *d = irq_get_irq_data((unsigned int)irq);
	int n = irq_snprintf(out + *at, size - *at, "%s%s irq %d = %s hwirq %lu %s", *at ? "; " : "",
			     label, irq, node, d->hwirq,
			     d->trigger & IRQ_TYPE_LEVEL_MASK ? "Level" : "Edge");

	if (n > 0)
		*at = *at + (size_t)n < size ? *at + (size_t)n : size - 1;
}

void of_scenario_run(struct scenario_tally *t, const void *blob,
		     const struct of_scenario_dev *devs, unsigned int nr_devs,
		     int pci_host, const unsigned int *devfn, unsigned int nr_pci)
{
	static char out[OF_REPORT];
	size_t at = 0;
	const char *why = NULL, *node;
	struct irq_fwspec fw;
	int irq;

	out[0] = '\0';
	for (unsigned int i = 0; i < nr_devs; i++) {
		if (devs[i].node < 0 || irq_of_parse_one(blob, devs[i].node, devs[i].index, &fw)) {
			scenario_fail(t, "devicetree", "%s: no interrupt %u in the tree", devs[i].label,
				      devs[i].index);
			return;
		}
		irq = irq_of_parse_and_map(blob, devs[i].node, devs[i].index);
		node = check_line(irq, &fw, &why);
		if (!node || (devs[i].in_use >= 0 && irq != devs[i].in_use)) {
			scenario_fail(t, "devicetree", "%s: irq %d (in use: %d): %s", devs[i].label, irq,
				      devs[i].in_use, why ? why : "another line than the one in use");
			return;
		}
		add(out, sizeof(out), &at, devs[i].label, irq, node);
	}
	for (unsigned int i = 0; i < nr_pci; i++) {
		char label[24];

		irq_snprintf(label, sizeof(label), "PCI 00:%02x.%u INTA", devfn[i] >> 3, devfn[i] & 7);
		if (irq_of_parse_pci(blob, pci_host, 0, devfn[i], 1, &fw)) {
			scenario_fail(t, "devicetree", "%s: not in the host's interrupt-map", label);
			return;
		}
		irq = irq_of_map_pci(blob, pci_host, 0, devfn[i], 1);
		node = check_line(irq, &fw, &why);
		if (!node) {
			scenario_fail(t, "devicetree", "%s: irq %d: %s", label, irq, why);
			return;
		}
		add(out, sizeof(out), &at, label, irq, node);
	}
	scenario_pass(t, "devicetree", "%s", out);
}

// SPDX-License-Identifier: MIT
/*
 * prom.c - device-tree lookups through the Open Firmware client interface
 * (SLOF or VOF), done once at boot before we take over the vectors. The
 * interface takes 32-bit big-endian cells; our image lies below 4 GiB.
 */
#include "pseries.h"

#define PROM_MAX_CELLS	12
#define PROM_FAILED	0xffffffffu

struct ppc64_machine machine;
static unsigned long prom_entry;

static uint32_t prom(const char *service, unsigned int nargs, uint32_t a0, uint32_t a1,
		     uint32_t a2, uint32_t a3)
{
	uint32_t cell[PROM_MAX_CELLS] = {
		(uint32_t)(uintptr_t)service, nargs, 1, a0, a1, a2, a3
	};

	if (ppc64_prom_call(cell, prom_entry) < 0)
		return PROM_FAILED;
	return cell[3 + nargs];
}

static uint32_t finddevice(const char *path)
{
	return prom("finddevice", 1, (uint32_t)(uintptr_t)path, 0, 0, 0);
}

static int getprop(uint32_t node, const char *name, void *buf, uint32_t len)
{
	if (node == 0 || node == PROM_FAILED)
		return -1;
	return (int)prom("getprop", 4, node, (uint32_t)(uintptr_t)name,
			 (uint32_t)(uintptr_t)buf, len);
}

static uint32_t getprop_u32(uint32_t node, const char *name, uint32_t dflt)
{
	uint32_t v;

	return getprop(node, name, &v, sizeof(v)) >= (int)sizeof(v) ? v : dflt;
}

static bool str_has(const char *buf, int len, const char *want)
{
	/* a property string list: "a\0b\0" */
	for (int i = 0; i < len; ) {
		int j = 0;

		while (i + j < len && want[j] && buf[i + j] == want[j])
			j++;
		if (!want[j] && (i + j == len || buf[i + j] == '\0'))
			return true;
		while (i < len && buf[i])
			i++;
		i++;
	}
	return false;
}

static void scan_cpus(void)
{
	uint32_t cpus = finddevice("/cpus");
	uint32_t node = cpus == PROM_FAILED ? 0 : prom("child", 1, cpus, 0, 0, 0);
	char type[16];

	for (; node && node != PROM_FAILED; node = prom("peer", 1, node, 0, 0, 0)) {
		int n = getprop(node, "device_type", type, sizeof(type));

		if (n <= 0 || !str_has(type, n, "cpu") || machine.nr_cpus == MAX_CPUS)
			continue;
		machine.server[machine.nr_cpus] =
			getprop_u32(node, "ibm,ppc-interrupt-server#s", machine.nr_cpus);
		machine.nr_cpus++;
		machine.tb_freq = getprop_u32(node, "timebase-frequency", 0);
	}
}

/* The first PCI host bridge: its BUID, memory window and INTA routing. */
static void scan_phb(void)
{
	static uint32_t map[32 * 4 * 7];	/* interrupt-map: 32 slots x 4 pins */
	uint32_t root = finddevice("/"), node, cell[28];
	char type[8];
	int n;

	node = root == PROM_FAILED ? 0 : prom("child", 1, root, 0, 0, 0);
	for (; node && node != PROM_FAILED; node = prom("peer", 1, node, 0, 0, 0)) {
		n = getprop(node, "device_type", type, sizeof(type));
		if (n > 0 && str_has(type, n, "pci"))
			break;
	}
	if (!node || node == PROM_FAILED || getprop(node, "reg", cell, 8) < 8)
		return;
	machine.phb_buid = (uint64_t)cell[0] << 32 | cell[1];
	/* ranges: (pci hi mid lo, cpu hi lo, size hi lo); 0x02000000 = 32-bit memory */
	n = getprop(node, "ranges", cell, sizeof(cell));
	for (int i = 0; i + 7 <= n / 4; i += 7)
		if ((cell[i] & 0x03000000u) == 0x02000000u) {
			machine.phb_mem_pci = cell[i + 2];
			machine.phb_mem_cpu = (uint64_t)cell[i + 3] << 32 | cell[i + 4];
			machine.phb_mem_size = cell[i + 6];
		}
	/* interrupt-map: (devfn<<8 0 0, pin, parent, irq, sense) */
	n = getprop(node, "interrupt-map", map, sizeof(map));
	for (int i = 0; i + 7 <= n / 4; i += 7)
		if (map[i + 3] == 1)
			machine.phb_inta[(map[i] >> 11) & 31] = map[i + 5];
}

int prom_scan(unsigned long entry)
{
	char path[128] = "/vdevice/vty@71000000";
	uint32_t node, irqs[2];
	char compat[64];
	int n;

	prom_entry = entry;
	node = finddevice("/chosen");
	n = getprop(node, "bootargs", machine.bootargs, sizeof(machine.bootargs) - 1);
	machine.bootargs[n > 0 ? n : 0] = '\0';
	n = getprop(node, "stdout-path", path, sizeof(path) - 1);
	path[n > 0 ? n : 21] = '\0';
	node = finddevice(path);
	machine.vty_reg = getprop_u32(node, "reg", 0x71000000u);
	machine.vty_irq = getprop(node, "interrupts", irqs, sizeof(irqs)) >= 4 ? irqs[0] : 0;
	node = finddevice("/event-sources/epow-events");
	machine.epow_irq = getprop(node, "interrupts", irqs, sizeof(irqs)) >= 4 ? irqs[0] : 0;

	node = finddevice("/interrupt-controller");
	n = getprop(node, "compatible", compat, sizeof(compat));
	machine.xics = n > 0 && str_has(compat, n, "IBM,ppc-xicp");

	node = finddevice("/rtas");
	machine.tok_set_xive = getprop_u32(node, "ibm,set-xive", 0);
	machine.tok_int_on = getprop_u32(node, "ibm,int-on", 0);
	machine.tok_int_off = getprop_u32(node, "ibm,int-off", 0);
	machine.tok_get_xive = getprop_u32(node, "ibm,get-xive", 0);
	machine.tok_os_term = getprop_u32(node, "ibm,os-term", 0);
	machine.tok_power_off = getprop_u32(node, "power-off", 0);
	machine.tok_start_cpu = getprop_u32(node, "start-cpu", 0);
	machine.tok_query_cpu = getprop_u32(node, "query-cpu-stopped-state", 0);
	machine.tok_read_pci = getprop_u32(node, "ibm,read-pci-config", 0);
	machine.tok_write_pci = getprop_u32(node, "ibm,write-pci-config", 0);
	machine.tok_change_msi = getprop_u32(node, "ibm,change-msi", 0);
	machine.tok_query_src = getprop_u32(node, "ibm,query-interrupt-source-number", 0);
	scan_phb();
	scan_cpus();
	return (machine.nr_cpus && machine.tb_freq && machine.tok_power_off) ? 0 : -1;
}

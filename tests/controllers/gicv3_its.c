// SPDX-License-Identifier: MIT
/*
 * gicv3_its.c - the GICv3 ITS driver on the host, with the GICv3 driver
 * under it, against a fake ITS (a trapped register file whose command
 * queue, read from the driver's memory, drives a model of the device,
 * translation and collection tables), fake redistributors (the LPI
 * registers) and a fake CPU interface: the tables and queue the ITS is
 * given, one collection per CPU on its redistributor's processor number
 * (MAPC, then INVALL),
 * MAPD/MAPTI at allocation with ITTs that do not overlap, the message
 * (GITS_TRANSLATER, the event), an event translated to its LPI on its
 * collection's CPU and ended there, enable bits changed with INV, MOVI
 * for affinity, all-or-nothing allocation, DISCARD and unmapping at free,
 * a stalled queue reported. Runs on the hosted port, in check-controllers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/irqdomain.h>
#include <genirq/msi.h>
#include <genirq/port.h>
#include <genirq/sim.h>
#include <genirq/chip/gicv3.h>
#include <genirq/chip/gicv3_its.h>
#include "fakeregs.h"
#include "fake_gic_sysreg.h"

/* The register maps and command formats, written down again from the
 * GICv3 architecture specification (not from the drivers). */
#define D_TYPER		0x0004u
#define R_CTLR		0x0000u
#define R_TYPER_LO	0x0008u
#define R_TYPER_HI	0x000cu
#define R_WAKER		0x0014u
#define R_PROPBASER	0x0070u
#define R_PENDBASER	0x0078u
#define RD_BYTES	0x20000u
#define T_CTLR		0x0000u
#define T_TYPER		0x0008u
#define T_CBASER	0x0080u
#define T_CWRITER	0x0088u
#define T_CREADR	0x0090u
#define T_BASER(n)	(0x0100u + 8u * (n))
#define TRANSLATER	0x10040u
#define NCPU		2u
#define PROCNUM0	3u		/* processor numbers that are not CPU numbers */
#define PROCNUM1	5u
#define MPIDR1		0x100u
#define LPIS		8u
#define DEVIDS		256u
#define ITE_BYTES	12u
#define EVENTS		32u
#define DEV_A		0x08u
#define DEV_B		0x10u
#define DEV_C		0x18u
#define FIRST_LPI	8192u
#define MEM_BYTES	ITS_MEM_BYTES(NCPU)

static struct gicv3 *g;

/* --- the fake redistributors: LPI tables fixed once LPIs are on --- */

static void redist_after(struct fake_file *f, const struct fake_acc *a)
{
	uint32_t r = a->off % RD_BYTES, base = a->off - r;

	if (a->op != 'W')
		return;
	if (r == R_WAKER)
		fake_put(f, a->off, a->val & ~4u);
	if ((r >= R_PROPBASER && r < R_PENDBASER + 8) && (fake_get(f, base + R_CTLR) & 1u))
		fake_error("redistributor %u: LPI table changed with LPIs on", a->off / RD_BYTES);
}

static struct fake_file dist = { .bytes = 0x10000 };
static struct fake_file redist = { .bytes = NCPU * RD_BYTES, .after = redist_after };

/* --- the fake ITS --- */

struct model {
	struct { bool valid; uint64_t itt; unsigned int size; } dte[DEVIDS];
	struct { bool valid; uint32_t lpi; uint16_t icid; } ite[DEVIDS][EVENTS];
	struct { bool valid; uint64_t rdbase; } cte[NCPU];
	bool		pending[LPIS];
	bool		inv_seen[LPIS];	/* an INV since the LPI was made pending */
	unsigned int	n_mapd, n_mapc, n_invall, n_mapti, n_movi, n_inv, n_sync, n_discard, n_unmapd;
	bool		stall_next;
} its_model;

static struct fake_file itsf;

static uint64_t get64(const struct fake_file *f, uint32_t off)
{
	return fake_get(f, off) | (uint64_t)fake_get(f, off + 4) << 32;
}

static uint64_t mem64(uint64_t addr)
{
	uint64_t v;

	memcpy(&v, (const void *)(uintptr_t)addr, 8);
	return v;
}

static unsigned int cpu_of_rdbase(uint64_t rdbase)
{
	return rdbase == PROCNUM0 ? 0 : rdbase == PROCNUM1 ? 1 : ~0u;
}

/* The LPI's configuration byte, from CPU @cpu's GICR_PROPBASER. */
static uint8_t lpi_config(unsigned int cpu, uint32_t lpi)
{
	uint64_t prop = (uint64_t)fake_peek(&redist, cpu * RD_BYTES + R_PROPBASER) |
			(uint64_t)fake_peek(&redist, cpu * RD_BYTES + R_PROPBASER + 4) << 32;
	uint8_t *table = (uint8_t *)(uintptr_t)(prop & 0x000ffffffffff000ull);

	CHECK((prop & 0x1f) == 13);		/* 14 bits of INTID */
	return table[lpi - FIRST_LPI];
}

static void take(unsigned int cpu, uint32_t lpi)
{
	unsigned int was = port_cpu_id();

	sim_cpu_switch(cpu);
	fake_icc_push(lpi);
	port_irq_disable();
	gicv3_handle(g, NULL);
	port_irq_enable();
	sim_cpu_switch(was);
}

/* An LPI made pending on its collection's CPU: taken there if enabled. */
static void raise_lpi(uint32_t lpi, uint16_t icid)
{
	unsigned int cpu = cpu_of_rdbase(its_model.cte[icid].rdbase);

	if (!its_model.cte[icid].valid || cpu >= NCPU) {
		fake_error("ITS: LPI %u on collection %u, which has no redistributor", lpi, icid);
		return;
	}
	if (lpi_config(cpu, lpi) & 1u)
		take(cpu, lpi);
	else {
		its_model.pending[lpi - FIRST_LPI] = true;
		its_model.inv_seen[lpi - FIRST_LPI] = false;
	}
}

/* The redistributors, once the CPU can take interrupts again: a pending
 * LPI whose enable bit an INV made them read is taken. */
static void deliver_pending(void)
{
	for (uint32_t devid = 0; devid < DEVIDS; devid++)
		for (uint32_t ev = 0; ev < EVENTS; ev++) {
			uint32_t lpi = its_model.ite[devid][ev].lpi;
			unsigned int cpu;

			if (!its_model.ite[devid][ev].valid || !its_model.pending[lpi - FIRST_LPI] ||
			    !its_model.inv_seen[lpi - FIRST_LPI])
				continue;
			cpu = cpu_of_rdbase(its_model.cte[its_model.ite[devid][ev].icid].rdbase);
			if (lpi_config(cpu, lpi) & 1u) {
				its_model.pending[lpi - FIRST_LPI] = false;
				take(cpu, lpi);
			}
		}
}

static bool itt_overlaps(uint32_t devid, uint64_t itt, unsigned int size)
{
	uint64_t end = itt + (2ull << size) * ITE_BYTES;

	for (uint32_t d = 0; d < DEVIDS; d++) {
		uint64_t o = its_model.dte[d].itt, oend = o + (2ull << its_model.dte[d].size) * ITE_BYTES;

		if (d != devid && its_model.dte[d].valid && itt < oend && o < end)
			return true;
	}
	return false;
}

static void command(const uint64_t dw[4])
{
	uint32_t devid = (uint32_t)(dw[0] >> 32), event = (uint32_t)dw[1];
	uint16_t icid = (uint16_t)dw[2];
	bool v = dw[2] >> 63;

	if ((dw[0] & 0xff) != 0x09 && (dw[0] & 0xff) != 0x05 && devid >= DEVIDS) {
		fake_error("ITS: device ID 0x%x", devid);
		return;
	}
	switch (dw[0] & 0xff) {
	case 0x08: {	/* MAPD */
		uint64_t itt = dw[2] & 0x000fffffffffff00ull;
		unsigned int size = dw[1] & 0x1f;

		if (v && (size + 1 > 16 || itt_overlaps(devid, itt, size)))
			fake_error("ITS: MAPD 0x%x: %u event bits, ITT 0x%llx overlaps", devid,
				   size + 1, (unsigned long long)itt);
		its_model.dte[devid].valid = v;
		its_model.dte[devid].itt = itt;
		its_model.dte[devid].size = size;
		if (!v)
			memset(its_model.ite[devid], 0, sizeof(its_model.ite[devid]));
		v ? its_model.n_mapd++ : its_model.n_unmapd++;
		break;
	}
	case 0x09:	/* MAPC */
		if (icid >= NCPU || cpu_of_rdbase((dw[2] >> 16) & 0xfffffffffull) >= NCPU)
			fake_error("ITS: MAPC %u to RDbase 0x%llx", icid,
				   (unsigned long long)((dw[2] >> 16) & 0xfffffffffull));
		else {
			its_model.cte[icid].valid = v;
			its_model.cte[icid].rdbase = (dw[2] >> 16) & 0xfffffffffull;
		}
		its_model.n_mapc++;
		break;
	case 0x0a: {	/* MAPTI */
		uint32_t lpi = (uint32_t)(dw[1] >> 32);

		if (!its_model.dte[devid].valid || event >= (2u << its_model.dte[devid].size) ||
		    event >= EVENTS || lpi < FIRST_LPI || lpi >= FIRST_LPI + LPIS || icid >= NCPU) {
			fake_error("ITS: MAPTI 0x%x event %u LPI %u ICID %u", devid, event, lpi, icid);
			break;
		}
		its_model.ite[devid][event].valid = true;
		its_model.ite[devid][event].lpi = lpi;
		its_model.ite[devid][event].icid = icid;
		its_model.n_mapti++;
		break;
	}
	case 0x01:	/* MOVI */
		if (event >= EVENTS || !its_model.ite[devid][event].valid || icid >= NCPU ||
		    !its_model.cte[icid].valid)
			fake_error("ITS: MOVI 0x%x event %u to %u", devid, event, icid);
		else
			its_model.ite[devid][event].icid = icid;
		its_model.n_movi++;
		break;
	case 0x0f:	/* DISCARD */
		if (event >= EVENTS || !its_model.ite[devid][event].valid)
			fake_error("ITS: DISCARD 0x%x event %u: not mapped", devid, event);
		else
			its_model.ite[devid][event].valid = false;
		its_model.n_discard++;
		break;
	case 0x0c:	/* INV: the configuration byte read again */
		its_model.n_inv++;
		if (event >= EVENTS || !its_model.ite[devid][event].valid)
			fake_error("ITS: INV 0x%x event %u: not mapped", devid, event);
		else
			its_model.inv_seen[its_model.ite[devid][event].lpi - FIRST_LPI] = true;
		break;
	case 0x0d:	/* INVALL */
		if (icid >= NCPU || !its_model.cte[icid].valid)
			fake_error("ITS: INVALL of collection %u, not mapped", icid);
		its_model.n_invall++;
		break;
	case 0x05:	/* SYNC */
		if (cpu_of_rdbase((dw[2] >> 16) & 0xfffffffffull) >= NCPU)
			fake_error("ITS: SYNC on RDbase 0x%llx",
				   (unsigned long long)((dw[2] >> 16) & 0xfffffffffull));
		its_model.n_sync++;
		break;
	default:
		fake_error("ITS: command 0x%02x", (unsigned int)(dw[0] & 0xff));
	}
}

/* CWRITER moved: read the queue up to it, as the ITS does. */
static void its_after(struct fake_file *f, const struct fake_acc *a)
{
	uint64_t cbaser = get64(f, T_CBASER), base = cbaser & 0x000ffffffffff000ull;
	unsigned int entries = (unsigned int)((cbaser & 0xff) + 1) * 4096u / 32u;
	uint32_t rd = fake_get(f, T_CREADR), wr = fake_get(f, T_CWRITER);

	if (a->op != 'W' || a->off != T_CWRITER || !(fake_get(f, T_CTLR) & 1u))
		return;
	if (!(cbaser >> 63) || (wr >> 5) >= entries) {
		fake_error("ITS: CWRITER 0x%x with CBASER 0x%llx", wr, (unsigned long long)cbaser);
		return;
	}
	if (its_model.stall_next) {
		its_model.stall_next = false;
		fake_put(f, T_CREADR, rd | 1u);
		return;
	}
	while (rd != wr) {
		uint64_t dw[4];

		for (unsigned int i = 0; i < 4; i++)
			dw[i] = mem64(base + (rd >> 5) * 32u + 8u * i);
		command(dw);
		rd = (((rd >> 5) + 1) % entries) << 5;
	}
	fake_put(f, T_CREADR, rd);
}

static struct fake_file itsf = { .bytes = 0x20000, .after = its_after };

/* The device's write of @m: the ITS translates (device ID, event). */
static void send(uint32_t devid, const struct msi_msg *m)
{
	uint64_t addr = (uint64_t)m->address_hi << 32 | m->address_lo;
	uint32_t ev = m->data;

	CHECK(addr == (uintptr_t)itsf.regs + TRANSLATER);
	if (addr != (uintptr_t)itsf.regs + TRANSLATER || ev >= EVENTS ||
	    !its_model.ite[devid][ev].valid) {
		fake_error("ITS: write of event %u by 0x%x translates to nothing", ev, devid);
		return;
	}
	raise_lpi(its_model.ite[devid][ev].lpi, its_model.ite[devid][ev].icid);
}

static struct msi_msg msgs[3][4];
static unsigned long runs[4];

static void write_msg(struct msi_dev *dev, unsigned int index, const struct msi_msg *msg)
{
	msgs[dev->id == DEV_A ? 0 : dev->id == DEV_B ? 1 : 2][index] = *msg;
}

static const struct msi_dev_ops dev_ops = { .write_msg = write_msg };

static irqreturn_t on_msi(int irq, void *dev)
{
	(void)irq;
	(*(unsigned long *)dev)++;
	return IRQ_HANDLED;
}

static void *its_mem;

static struct its *make(size_t bytes, unsigned int off, unsigned int lpis)
{
	struct its_config c = { .base = (uintptr_t)itsf.regs, .mem = (uint8_t *)its_mem + off,
				.mem_bytes = bytes, .nr_cpus = NCPU, .nr_lpis = lpis,
				.nr_devids = DEVIDS };

	return its_create(g, &c);
}

static void setup_fakes(void)
{
	struct gicv3_config cfg = { .nr_cpus = NCPU, .mpidr = { 0, MPIDR1 } };

	fake_file_map(&dist);
	fake_file_map(&redist);
	fake_file_map(&itsf);
	fake_poke(&dist, D_TYPER, 1);
	/* Physical LPIs, processor numbers 3 and 5; the second is the last. */
	fake_poke(&redist, R_TYPER_LO, 1u | PROCNUM0 << 8);
	fake_poke(&redist, R_TYPER_HI, 0);
	fake_poke(&redist, RD_BYTES + R_TYPER_LO, 1u | 1u << 4 | PROCNUM1 << 8);
	fake_poke(&redist, RD_BYTES + R_TYPER_HI, MPIDR1);
	fake_poke(&redist, R_WAKER, 6);
	fake_poke(&redist, RD_BYTES + R_WAKER, 6);
	/* GITS_TYPER: physical, 12-byte ITEs, 16 event and 16 device ID bits;
	 * BASER0 devices (8-byte entries), BASER1 collections (8-byte). */
	fake_poke(&itsf, T_TYPER, 1u | (ITE_BYTES - 1) << 4 | 15u << 8 | 15u << 13);
	fake_poke(&itsf, T_BASER(0) + 4, 1u << 24 | 7u << 16);
	fake_poke(&itsf, T_BASER(1) + 4, 4u << 24 | 7u << 16);
	cfg.dist = (uintptr_t)dist.regs;
	cfg.redist = (uintptr_t)redist.regs;
	g = gicv3_create(&cfg);
	CHECK(g != NULL);
	if (!g)
		exit(fake_report("gicv3-its host test"));
	gicv3_cpu_init(g);
	sim_cpu_switch(1);
	gicv3_cpu_init(g);
	sim_cpu_switch(0);
}

static bool in_mem(uint64_t addr)
{
	return addr >= (uintptr_t)its_mem && addr < (uintptr_t)its_mem + MEM_BYTES;
}

static void check_setup(struct its *its)
{
	uint64_t b0, cb;
	struct its_info in;

	fake_file_open(&itsf);
	b0 = get64(&itsf, T_BASER(0));
	cb = get64(&itsf, T_CBASER);
	CHECK(b0 >> 63 && ((b0 >> 56) & 7) == 1 && in_mem(b0 & 0xfffffffff000ull) &&
	      ((b0 >> 8) & 3) == 0 && ((b0 & 0xff) + 1) * 4096 >= DEVIDS * 8);
	CHECK(get64(&itsf, T_BASER(1)) >> 63 && ((get64(&itsf, T_BASER(1)) >> 56) & 7) == 4);
	CHECK(cb >> 63 && in_mem(cb & 0xfffffffff000ull));
	CHECK(fake_get(&itsf, T_CTLR) & 1u);
	fake_file_close(&itsf);
	for (unsigned int c = 0; c < NCPU; c++) {
		uint32_t hi = fake_peek(&redist, c * RD_BYTES + R_PENDBASER + 4);
		uint64_t pend = fake_peek(&redist, c * RD_BYTES + R_PENDBASER) |
				(uint64_t)(hi & 0xfffffu) << 32;

		CHECK((fake_peek(&redist, c * RD_BYTES + R_CTLR) & 1u) == 1);
		CHECK((pend & 0xffffu) == 0 && in_mem(pend) && (hi >> 30 & 1u));	/* PTZ */
		CHECK(fake_peek(&redist, c * RD_BYTES + R_PROPBASER) ==
		      fake_peek(&redist, R_PROPBASER));
	}
	CHECK(fake_peek(&redist, R_PENDBASER) != fake_peek(&redist, RD_BYTES + R_PENDBASER));
	CHECK(its_model.n_mapc == NCPU && its_model.n_invall == NCPU &&
	      its_model.cte[0].rdbase == PROCNUM0 &&
	      its_model.cte[1].rdbase == PROCNUM1 && its_model.n_sync == 1);
	its_get_info(its, &in);
	CHECK(in.dte_bytes == 8 && in.cte_bytes == 8 && in.ite_bytes == ITE_BYTES &&
	      in.dt_bytes == 4096 && in.cmds == 2 * NCPU + 1);
	CHECK(its_free_lpis(its) == LPIS);
}

int main(void)
{
	static struct msi_dev a = { .ops = &dev_ops, .id = DEV_A };
	static struct msi_dev b = { .ops = &dev_ops, .id = DEV_B };
	static struct msi_dev c = { .ops = &dev_ops, .id = DEV_C };
	static struct msi_dev far = { .ops = &dev_ops, .id = DEVIDS };
	static struct irq_domain *msi;	/* kept: domains are never freed */
	static struct its *its;
	struct gicv3_lpi_config lc = { .id_bits = 14, .nr_lpis = 1 };
	struct irq_cpumask cpu1, eff;
	unsigned long errs;
	long live;
	int irq, irq_b;

	if (sim_init(NCPU, 64) != 0)
		return 1;
	its_mem = aligned_alloc(0x10000, MEM_BYTES);
	setup_fakes();

	/* Refused: unaligned or too little memory, no LPIs, no physical LPIs. */
	CHECK(make(MEM_BYTES, 0x1000, LPIS) == NULL);
	CHECK(make(MEM_BYTES - 1, 0, LPIS) == NULL);
	CHECK(make(MEM_BYTES, 0, 0) == NULL && make(MEM_BYTES, 0, ITS_MAX_LPIS + 1) == NULL);
	fake_poke(&itsf, T_TYPER, 0);
	CHECK(make(MEM_BYTES, 0, LPIS) == NULL);
	fake_poke(&itsf, T_TYPER, 1u | (ITE_BYTES - 1) << 4 | 15u << 8 | 15u << 13);
	CHECK(fake_peek(&redist, R_CTLR) == 0);		/* nothing turned on */
	fake_nr_acc = 0;

	its = make(MEM_BYTES, 0, LPIS);
	CHECK(its != NULL);
	if (!its)
		return fake_report("gicv3-its host test");
	check_setup(its);
	lc.lpis = its_domain(its);
	CHECK(gicv3_lpi_init(g, &lc) == -EINVAL);	/* once */
	msi = msi_create_irq_domain(its_domain(its), "ITS-PCI-MSI", MSI_PARENT_EOI);
	CHECK(msi != NULL);
	if (!msi)
		return fake_report("gicv3-its host test");
	fake_nr_acc = 0;

	/* Device A, two vectors: MAPD with its ITT, MAPTI events 0 and 1 to
	 * LPIs 8192 and 8193 on CPU 0's collection, both disabled. */
	irq = msi_domain_alloc_irqs(msi, &a, 2);
	CHECK(irq >= 0);
	if (irq < 0)
		return fake_report("gicv3-its host test");
	CHECK(its_model.dte[DEV_A].valid && its_model.dte[DEV_A].size == 4 &&
	      in_mem(its_model.dte[DEV_A].itt) && (its_model.dte[DEV_A].itt & 0xff) == 0);
	CHECK(its_model.ite[DEV_A][0].valid && its_model.ite[DEV_A][0].lpi == FIRST_LPI &&
	      its_model.ite[DEV_A][0].icid == 0 && its_model.ite[DEV_A][1].lpi == FIRST_LPI + 1);
	CHECK(msgs[0][0].data == 0 && msgs[0][1].data == 1);
	CHECK(lpi_config(0, FIRST_LPI) == 0xa0 && lpi_config(1, FIRST_LPI + 1) == 0xa0);
	CHECK(its_free_lpis(its) == LPIS - 2);
	/* An event before its line is started stays pending; the unmask's INV
	 * delivers it. */
	send(DEV_A, &msgs[0][1]);
	CHECK(its_model.pending[1]);
	CHECK(request_irq((unsigned int)irq, on_msi, 0, "a0", &runs[0]) == 0);
	CHECK(request_irq((unsigned int)irq + 1, on_msi, 0, "a1", &runs[1]) == 0);
	deliver_pending();
	CHECK(lpi_config(0, FIRST_LPI) == 0xa1 && !its_model.pending[1] && runs[1] == 1);
	fake_nr_acc = 0;

	/* An event: its LPI taken on CPU 0 and ended with its INTID. */
	send(DEV_A, &msgs[0][0]);
	CHECK(runs[0] == 1 && irq_stat_cpu((unsigned int)irq, 0) == 1);
	LOG_IS({ 'R', FAKE_ICC_IAR1, FIRST_LPI, FAKE_MSR }, { 'W', FAKE_ICC_EOIR1, FIRST_LPI, FAKE_MSR });

	/* Vector 0 to CPU 1: MOVI to collection 1; the message stays. */
	cpumask_clear(&cpu1);
	cpumask_set_cpu(1, &cpu1);
	CHECK(irq_set_affinity((unsigned int)irq, &cpu1) == 0);
	CHECK(its_model.n_movi == 1 && its_model.ite[DEV_A][0].icid == 1);
	CHECK(irq_get_effective_affinity((unsigned int)irq, &eff) == 0 && cpumask_test_cpu(1, &eff));
	CHECK(msgs[0][0].data == 0);
	send(DEV_A, &msgs[0][0]);
	CHECK(runs[0] == 2 && irq_stat_cpu((unsigned int)irq, 1) == 1);
	CHECK(irq_set_affinity((unsigned int)irq, &cpu1) == 0 && its_model.n_movi == 1);

	/* A second device: its own ITT, the next LPI. */
	irq_b = msi_domain_alloc_irqs(msi, &b, 1);
	CHECK(irq_b >= 0 && its_model.dte[DEV_B].valid &&
	      its_model.dte[DEV_B].itt != its_model.dte[DEV_A].itt &&
	      its_model.ite[DEV_B][0].lpi == FIRST_LPI + 2 && msgs[1][0].data == 0);

	/* All or nothing: more vectors than LPIs; a device ID past the table. */
	live = sim_alloc_live();
	CHECK(msi_domain_alloc_irqs(msi, &c, LPIS - 3 + 1) < 0);
	CHECK(its_free_lpis(its) == LPIS - 3 && !its_model.dte[DEV_C].valid &&
	      !its_model.ite[DEV_C][0].valid && sim_alloc_live() == live);
	CHECK(msi_domain_alloc_irqs(msi, &far, 1) < 0 && its_free_lpis(its) == LPIS - 3);

	/* An LPI past the domain: spurious, not ended; one of it bound to no
	 * line: counted, ended. */
	fake_nr_acc = 0;
	take(0, FIRST_LPI + LPIS);
	LOG_IS({ 'R', FAKE_ICC_IAR1, FIRST_LPI + LPIS, FAKE_MSR });
	errs = irq_error_count();
	take(0, FIRST_LPI + LPIS - 1);
	CHECK(irq_error_count() == errs + 1);
	LOG_IS({ 'R', FAKE_ICC_IAR1, FIRST_LPI + LPIS - 1, FAKE_MSR },
	       { 'W', FAKE_ICC_EOIR1, FIRST_LPI + LPIS - 1, FAKE_MSR });

	/* A stalled queue: the allocation fails, nothing is left. */
	its_model.stall_next = true;
	CHECK(msi_domain_alloc_irqs(msi, &c, 1) < 0);
	CHECK(its_free_lpis(its) == LPIS - 3);

	/* Free: DISCARD each event, its LPI off, the device unmapped. */
	free_irq((unsigned int)irq, &runs[0]);
	free_irq((unsigned int)irq + 1, &runs[1]);
	CHECK(msi_domain_free_irqs(&a) == 0);
	CHECK(!its_model.dte[DEV_A].valid && its_model.dte[DEV_B].valid);
	CHECK((lpi_config(0, FIRST_LPI) & 1u) == 0 && its_free_lpis(its) == LPIS - 1);
	CHECK(msi_domain_free_irqs(&b) == 0 && !its_model.dte[DEV_B].valid);
	CHECK(its_free_lpis(its) == LPIS);
	/* The freed LPIs and ITT are handed out again. */
	CHECK(msi_domain_alloc_irqs(msi, &c, 1) >= 0 && its_model.ite[DEV_C][0].lpi == FIRST_LPI);
	CHECK(msi_domain_free_irqs(&c) == 0 && its_free_lpis(its) == LPIS);
	free(its_mem);
	return fake_report("gicv3-its host test");
}

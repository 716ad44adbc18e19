// SPDX-License-Identifier: MIT
/*
 * xics.c - the XICS driver on the host, against a fake PAPR hypervisor
 * that logs every hypercall and RTAS call: the exact sequences, the LIFO
 * EOIs, and the XISR 0 path that QEMU cannot produce; the IPI through
 * the generic IPI API (one reservation, XISR 2 dispatched to the taking
 * CPU's line, ipi_send_single() as H_IPI to the target server, after
 * irq_destroy_ipi() XISR 2 counted as an error and ended); MSI through
 * the RTAS services (ibm,change-msi for the device, its source from
 * ibm,query-interrupt-source-number, masked until started, the message
 * the firmware's, given back at free); the controller's states (masked
 * through ibm,get-xive, an IPI line's pending through H_IPOLL and H_IPI,
 * -EINVAL with no call where XICS cannot tell).
 * Runs on the hosted port (arch/host), in check-controllers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/ipi.h>
#include <genirq/msi.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/sim.h>
#include <genirq/chip/xics.h>
#include "fakeregs.h"

#define H_EOI		0x64
#define H_IPI		0x6c
#define H_IPOLL		0x70
#define H_XIRR		0x74
#define TOK_SET_XIVE	0x200a
#define TOK_GET_XIVE	0x200b
#define TOK_INT_OFF	0x200c
#define TOK_INT_ON	0x200d
#define TOK_QUERY_SRC	0x2018
#define TOK_CHANGE_MSI	0x2019
#define BUID		0x800000020000000ull
#define LOG_MAX		64

struct call { unsigned long op, a0, a1, a2; };
static struct call calls[LOG_MAX];
static unsigned int nr_calls;
static unsigned long xirr_queue[4];
static unsigned int xirr_head, xirr_tail;

static void log_call(unsigned long op, unsigned long a0, unsigned long a1, unsigned long a2)
{
	if (nr_calls < LOG_MAX)
		calls[nr_calls++] = (struct call){ op, a0, a1, a2 };
}

/* What the fake ICS and ICPs hold: source 0x1100's priority (and the
 * one ibm,int-off saved), each server's MFRR. */
static unsigned int vty_prio = 0xff, vty_saved = 0xff;
static unsigned long mfrr[2] = { 0xff, 0xff };

static long fake_hcall(unsigned long op, unsigned long a0, unsigned long a1, unsigned long *out)
{
	log_call(op, a0, a1, 0);
	*out = 0;
	if (op == H_IPI && a0 < 2)
		mfrr[a0] = a1;
	if (op == H_XIRR)
		*out = xirr_head < xirr_tail ? xirr_queue[xirr_head++] : 0xff000000ul;
	return 0;
}

/* H_IPOLL: the server's XIRR (nothing) and MFRR, nothing accepted. */
static long fake_hcall2(unsigned long op, unsigned long a0, unsigned long out[2])
{
	log_call(op, a0, 0, 0);
	out[0] = 0xff000000ul;
	out[1] = op == H_IPOLL && a0 < 2 ? mfrr[a0] : 0;
	return 0;
}

static int fake_rtas(unsigned int token, unsigned int nargs, const unsigned int *args,
		     unsigned int nret, unsigned int *rets)
{
	log_call(token, args[0], nargs > 1 ? args[1] : 0, nargs > 2 ? args[2] : 0);
	for (unsigned int i = 0; i < nret; i++)
		rets[i] = 0;
	if (args[0] == 0x1100 && token == TOK_SET_XIVE)
		vty_prio = vty_saved = args[2];
	if (args[0] == 0x1100 && token == TOK_INT_OFF)
		vty_prio = 0xff;
	if (args[0] == 0x1100 && token == TOK_INT_ON)
		vty_prio = vty_saved;
	if (token == TOK_GET_XIVE && nargs == 1 && nret == 3 && args[0] == 0x1100)
		rets[2] = vty_prio;
	if (token == TOK_CHANGE_MSI && nargs == 6 && nret >= 2 && args[3] == 3)
		rets[1] = args[4];			/* function MSI: as many as asked */
	if (token == TOK_QUERY_SRC && nargs == 4 && nret >= 2)
		rets[1] = 0x1300 + args[3];		/* QEMU's MSI sources */
	return 0;
}

/* The log since the last reset must be exactly @want. */
static bool log_is(const struct call *want, unsigned int n)
{
	bool ok = nr_calls == n;

	for (unsigned int i = 0; ok && i < n; i++)
		ok = memcmp(&calls[i], &want[i], sizeof(*want)) == 0;
	if (!ok)
		for (unsigned int i = 0; i < nr_calls; i++)
			fprintf(stderr, "  call %u: %#lx(%#lx, %#lx, %#lx)\n", i, calls[i].op,
				calls[i].a0, calls[i].a1, calls[i].a2);
	nr_calls = 0;
	return ok;
}

static struct xics *x;
static struct msi_msg msi_written;

static void msi_write_msg(struct msi_dev *dev, unsigned int index, const struct msi_msg *msg)
{
	(void)dev;
	(void)index;
	msi_written = *msg;
}

static const struct msi_dev_ops msi_ops = { .write_msg = msi_write_msg };
static struct irq_domain *msi;		/* kept: domains are never freed */
static unsigned int vty_calls, ipi_calls, ipi_wrong_line;
static int ipi_base;
static bool nest_once;

static void deliver(unsigned long xirr)
{
	if (xirr_head == xirr_tail)
		xirr_head = xirr_tail = 0;
	if (xirr_tail == sizeof(xirr_queue) / sizeof(xirr_queue[0]))
		abort();
	xirr_queue[xirr_tail++] = xirr;
	port_irq_disable();
	xics_handle(x, NULL);
	port_irq_enable();
}

static irqreturn_t vty_handler(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	vty_calls++;
	if (nest_once) {	/* a more favoured IPI arrives in the middle */
		nest_once = false;
		deliver(0x05000002ul);
	}
	return IRQ_HANDLED;
}

static irqreturn_t ipi_handler(int irq, void *dev)
{
	(void)dev;
	if (irq != ipi_get_irq((unsigned int)ipi_base, port_cpu_id()))
		ipi_wrong_line++;
	ipi_calls++;
	return IRQ_HANDLED;
}

int main(void)
{
	struct xics_hv hv = {
		.hcall = fake_hcall, .rtas = fake_rtas, .tok_set_xive = TOK_SET_XIVE,
		.tok_int_on = TOK_INT_ON, .tok_int_off = TOK_INT_OFF, .nr_cpus = 2,
		.tok_get_xive = TOK_GET_XIVE, .hcall2 = fake_hcall2,
		.tok_change_msi = TOK_CHANGE_MSI, .tok_query_src = TOK_QUERY_SRC, .msi_buid = BUID,
		.server = { 0, 1 },
	};
	struct irq_cpumask cpu1, both;
	int vty, ipi;

	if (sim_init(2, 64) != 0)
		return 1;
	x = xics_create(&hv);
	CHECK(x != NULL);
	CHECK(xics_map(x, 0x10, IRQ_TYPE_EDGE_RISING) == -EINVAL);
	vty = xics_map(x, 0x1100, IRQ_TYPE_EDGE_RISING);
	CHECK(vty >= 0);
	CHECK(log_is((struct call[]){ { TOK_SET_XIVE, 0x1100, 0, 0xff } }, 1));
	cpumask_clear(&both);
	cpumask_set_cpu(0, &both);
	cpumask_set_cpu(1, &both);
	ipi = ipi_base = irq_reserve_ipi(xics_domain(x), &both);
	CHECK(ipi >= 0 && ipi != vty && ipi + 1 != vty);
	CHECK(irq_reserve_ipi(xics_domain(x), &both) == -ENOSPC);	/* one MFRR per server */
	CHECK(log_is(NULL, 0));

	/* Startup routes the masked line (priority 0xff), then opens it. */
	CHECK(request_irq((unsigned int)vty, vty_handler, 0, "vty", &hv) == 0);
	CHECK(log_is((struct call[]){ { TOK_SET_XIVE, 0x1100, 0, 0xff },
				      { TOK_SET_XIVE, 0x1100, 0, 5 },
				      { TOK_INT_ON, 0x1100, 0, 0 } }, 3));

	/* One event: accept, handler, EOI with the XIRR as read. */
	deliver(0xff001100ul);
	CHECK(vty_calls == 1);
	CHECK(log_is((struct call[]){ { H_XIRR, 0, 0, 0 }, { H_EOI, 0xff001100ul, 0, 0 } }, 2));

	/* XISR 0: counted as spurious, nothing dispatched, no EOI. */
	deliver(0xff000000ul);
	CHECK(irq_spurious_count(0) == 1);
	CHECK(log_is((struct call[]){ { H_XIRR, 0, 0, 0 } }, 1));

	/* Nested: the IPI inside the VTY handler ends first (LIFO CPPR). */
	CHECK(request_irq((unsigned int)ipi, ipi_handler, IRQF_PERCPU, "IPI", &hv) == 0);
	CHECK(request_irq((unsigned int)ipi + 1, ipi_handler, IRQF_PERCPU, "IPI", &hv) == 0);
	nr_calls = 0;
	nest_once = true;
	deliver(0xff001100ul);
	CHECK(vty_calls == 2 && ipi_calls == 1);
	CHECK(log_is((struct call[]){ { H_XIRR, 0, 0, 0 }, { H_XIRR, 0, 0, 0 },
				      { H_IPI, 0, 0xff, 0 }, { H_EOI, 0x05000002ul, 0, 0 },
				      { H_EOI, 0xff001100ul, 0, 0 } }, 5));

	/* IPI to CPU1, taken there: MFRR cleared (ack) before the handler. */
	CHECK(ipi_send_single((unsigned int)ipi, 1) == 0);
	CHECK(log_is((struct call[]){ { H_IPI, 1, 4, 0 } }, 1));
	sim_cpu_switch(1);
	deliver(0xff000002ul);
	sim_cpu_switch(0);
	CHECK(ipi_calls == 2 && irq_stat_cpu((unsigned int)ipi + 1, 1) == 1);
	CHECK(irq_stat_cpu((unsigned int)ipi, 0) == 1 && ipi_wrong_line == 0);
	CHECK(log_is((struct call[]){ { H_XIRR, 0, 0, 0 }, { H_IPI, 1, 0xff, 0 },
				      { H_EOI, 0xff000002ul, 0, 0 } }, 3));

	/* Masked, re-routed to CPU1 (stays masked), unmasked there. */
	disable_irq((unsigned int)vty);
	cpumask_clear(&cpu1);
	cpumask_set_cpu(1, &cpu1);
	CHECK(irq_set_affinity((unsigned int)vty, &cpu1) == 0);
	enable_irq((unsigned int)vty);
	CHECK(log_is((struct call[]){ { TOK_INT_OFF, 0x1100, 0, 0 },
				      { TOK_SET_XIVE, 0x1100, 1, 0xff },
				      { TOK_SET_XIVE, 0x1100, 1, 5 },
				      { TOK_INT_ON, 0x1100, 0, 0 } }, 4));

	/*
	 * The controller's states. A source: masked from ibm,get-xive (as the
	 * ICS has it, not the core), set through int-off / set-xive + int-on;
	 * pending and active -EINVAL, no call made. An IPI line: pending is
	 * its CPU's server's MFRR (H_IPOLL), set and cleared by H_IPI there.
	 */
	{
		bool st = true;

		CHECK(irq_get_irqchip_state((unsigned int)vty, IRQCHIP_STATE_MASKED, &st) == 0 && !st);
		CHECK(log_is((struct call[]){ { TOK_GET_XIVE, 0x1100, 0, 0 } }, 1));
		CHECK(irq_set_irqchip_state((unsigned int)vty, IRQCHIP_STATE_MASKED, true) == 0);
		CHECK(irq_get_irqchip_state((unsigned int)vty, IRQCHIP_STATE_MASKED, &st) == 0 && st);
		CHECK(irq_get_masked((unsigned int)vty) == 0);
		CHECK(irq_set_irqchip_state((unsigned int)vty, IRQCHIP_STATE_MASKED, false) == 0);
		CHECK(log_is((struct call[]){ { TOK_INT_OFF, 0x1100, 0, 0 },
					      { TOK_GET_XIVE, 0x1100, 0, 0 },
					      { TOK_SET_XIVE, 0x1100, 1, 5 },
					      { TOK_INT_ON, 0x1100, 0, 0 } }, 4));
		CHECK(irq_get_irqchip_state((unsigned int)vty, IRQCHIP_STATE_PENDING, &st) == -EINVAL);
		CHECK(irq_get_irqchip_state((unsigned int)vty, IRQCHIP_STATE_ACTIVE, &st) == -EINVAL);
		CHECK(irq_set_irqchip_state((unsigned int)vty, IRQCHIP_STATE_PENDING, true) == -EINVAL);
		CHECK(log_is(NULL, 0));

		CHECK(irq_get_irqchip_state((unsigned int)ipi + 1, IRQCHIP_STATE_PENDING, &st) == 0 && !st);
		CHECK(irq_set_irqchip_state((unsigned int)ipi + 1, IRQCHIP_STATE_PENDING, true) == 0);
		CHECK(irq_get_irqchip_state((unsigned int)ipi + 1, IRQCHIP_STATE_PENDING, &st) == 0 && st);
		CHECK(irq_get_irqchip_state((unsigned int)ipi, IRQCHIP_STATE_PENDING, &st) == 0 && !st);
		CHECK(log_is((struct call[]){ { H_IPOLL, 1, 0, 0 }, { H_IPI, 1, 4, 0 },
					      { H_IPOLL, 1, 0, 0 }, { H_IPOLL, 0, 0, 0 } }, 4));
		sim_cpu_switch(1);
		deliver(0xff000002ul);		/* taken on CPU1: the ack clears the MFRR */
		sim_cpu_switch(0);
		CHECK(ipi_calls == 3 && irq_stat_cpu((unsigned int)ipi + 1, 1) == 2);
		CHECK(irq_get_irqchip_state((unsigned int)ipi + 1, IRQCHIP_STATE_PENDING, &st) == 0 && !st);
		CHECK(irq_set_irqchip_state((unsigned int)ipi, IRQCHIP_STATE_PENDING, true) == 0);
		CHECK(irq_set_irqchip_state((unsigned int)ipi, IRQCHIP_STATE_PENDING, false) == 0);
		CHECK(irq_get_irqchip_state((unsigned int)ipi, IRQCHIP_STATE_MASKED, &st) == -EINVAL);
		CHECK(log_is((struct call[]){ { H_XIRR, 0, 0, 0 }, { H_IPI, 1, 0xff, 0 },
					      { H_EOI, 0xff000002ul, 0, 0 }, { H_IPOLL, 1, 0, 0 },
					      { H_IPI, 0, 4, 0 }, { H_IPI, 0, 0xff, 0 } }, 6));
	}

	/* An unmapped source is counted by the core and still ended. */
	deliver(0xff001234ul);
	CHECK(irq_error_count() == 1);
	CHECK(log_is((struct call[]){ { H_XIRR, 0, 0, 0 }, { H_EOI, 0xff001234ul, 0, 0 } }, 2));

	/* The reservation given back: XISR 2 is no line's, counted and ended. */
	free_irq((unsigned int)ipi, &hv);
	free_irq((unsigned int)ipi + 1, &hv);
	CHECK(irq_destroy_ipi((unsigned int)ipi, NULL) == 0);
	deliver(0xff000002ul);
	CHECK(irq_error_count() == 2 && ipi_calls == 3);
	CHECK(log_is((struct call[]){ { H_XIRR, 0, 0, 0 }, { H_EOI, 0xff000002ul, 0, 0 } }, 2));
	CHECK(irq_reserve_ipi(xics_domain(x), &both) >= 0);	/* free again */

	/* MSI: the firmware's source for device 00:01.0, masked until started. */
	{
		struct msi_dev dev = { .ops = &msi_ops, .id = 0x08 };
		int m;

		msi = msi_create_irq_domain(xics_domain(x), "PCI-MSI", MSI_PARENT_EOI);
		CHECK(msi != NULL);
		nr_calls = 0;
		m = msi ? msi_domain_alloc_irqs(msi, &dev, 1) : -1;
		CHECK(m > 0 && xics_msi_lines(x) == 1);
		CHECK(log_is((struct call[]){ { TOK_CHANGE_MSI, 0x800, 0x8000000, 0x20000000 },
					      { TOK_QUERY_SRC, 0x800, 0x8000000, 0x20000000 },
					      { TOK_SET_XIVE, 0x1300, 0, 0xff } }, 3));
		CHECK(msi_written.address_hi == 0x400 && msi_written.address_lo == 0 &&
		      msi_written.data == 0x1300);
		CHECK(m > 0 && request_irq((unsigned int)m, vty_handler, 0, "msi", &hv) == 0);
		CHECK(log_is((struct call[]){ { TOK_SET_XIVE, 0x1300, 0, 0xff },
					      { TOK_SET_XIVE, 0x1300, 0, 5 },
					      { TOK_INT_ON, 0x1300, 0, 0 } }, 3));
		deliver(0xff001300ul);
		CHECK(vty_calls == 3 && irq_stat_cpu((unsigned int)m, 0) == 1);
		CHECK(log_is((struct call[]){ { H_XIRR, 0, 0, 0 }, { H_EOI, 0xff001300ul, 0, 0 } }, 2));
		free_irq((unsigned int)m, &hv);
		nr_calls = 0;
		CHECK(msi_domain_free_irqs(&dev) == 0 && xics_msi_lines(x) == 0);
		CHECK(log_is((struct call[]){ { TOK_SET_XIVE, 0x1300, 0, 0xff },
					      { TOK_CHANGE_MSI, 0x800, 0x8000000, 0x20000000 } }, 2));
	}

	/* A platform without ibm,get-xive and H_IPOLL: those states are -EINVAL, no call made. */
	{
		struct xics_hv bare = hv;
		struct xics *x2;
		bool st = false;
		int src, ipis;

		bare.tok_get_xive = 0;
		bare.hcall2 = NULL;
		x2 = xics_create(&bare);
		CHECK(x2 != NULL);
		src = x2 ? xics_map(x2, 0x1101, IRQ_TYPE_EDGE_RISING) : -1;
		ipis = x2 ? irq_reserve_ipi(xics_domain(x2), &both) : -1;
		CHECK(src >= 0 && ipis >= 0);
		nr_calls = 0;
		CHECK(irq_get_irqchip_state((unsigned int)src, IRQCHIP_STATE_MASKED, &st) == -EINVAL);
		CHECK(irq_get_irqchip_state((unsigned int)ipis, IRQCHIP_STATE_PENDING, &st) == -EINVAL);
		CHECK(log_is(NULL, 0));
		CHECK(irq_set_irqchip_state((unsigned int)ipis + 1, IRQCHIP_STATE_PENDING, true) == 0);
		CHECK(log_is((struct call[]){ { H_IPI, 1, 4, 0 } }, 1));
	}

	return fake_report("xics host test");
}

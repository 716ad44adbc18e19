// SPDX-License-Identifier: MIT
/*
 * nvic.c - the NVIC driver on the host, against a fake System Control
 * Space (a trapped register file): 64 lines (ICTR 1), three priority
 * bits (IPR keeps each byte's top three), ISER/ICER and ISPR/ICPR as
 * set/clear pairs over one enable and one pending bitmap, IABR read-only.
 * Checks the set-up (every line disabled, unpended, least urgent), the
 * priority probe, masking, priorities in IPR, dispatch by exception
 * number with no controller access per event, a level line masked at
 * once by disable_irq(), and the software replay (a pending set) of an
 * event an edge line took while disabled.
 * Runs on the hosted port (arch/host), in check-controllers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/priority.h>
#include <genirq/sim.h>
#include <genirq/chip/nvic.h>
#include "fakeregs.h"

/* The register map, written down again from the ARMv7-M ARM (B3.4), not from nvic.c. */
#define ICTR		0x004u
#define ISER1		0x104u
#define ICER0		0x180u
#define ICER1		0x184u
#define ISPR1		0x204u
#define ICPR0		0x280u
#define ICPR1		0x284u
#define IABR1		0x304u
#define IPR(n)		(0x400u + 4u * (n))
#define LINE		37u		/* word 1, bit 5; IPR word 9, byte 1 */
#define BIT		(1u << 5)

static uint32_t enabled[2], pending[2], active[2];
static unsigned int calls;

static uint32_t *set_clear(uint32_t off, bool *set)
{
	*set = (off & 0x80u) == 0;
	switch (off & ~0x87u) {
	case 0x100u:
		return &enabled[(off >> 2) & 1u];
	case 0x200u:
		return &pending[(off >> 2) & 1u];
	}
	return NULL;
}

static void before_read(struct fake_file *f, uint32_t off)
{
	bool set;
	uint32_t *r = set_clear(off, &set);

	if (off == ICTR)
		fake_put(f, off, 1);
	else if (r)
		fake_put(f, off, *r);
	else if ((off & ~4u) == 0x300u)
		fake_put(f, off, active[(off >> 2) & 1u]);
}

static void after(struct fake_file *f, const struct fake_acc *a)
{
	bool set;
	uint32_t *r;

	if (a->op != 'W')
		return;
	r = set_clear(a->off, &set);
	if (r)
		*r = set ? (*r | a->val) : (*r & ~a->val);
	else if (a->off >= IPR(0) && a->off < IPR(16))
		fake_put(f, a->off, a->val & 0xe0e0e0e0u);	/* three bits a byte */
	else
		fake_error("write of 0x%x to 0x%x: no writable register", a->val, a->off);
}

static struct fake_file regs = { .bytes = 0x1000, .before_read = before_read, .after = after };

static irqreturn_t on_line(int irq, void *dev)
{
	(void)irq;
	(void)dev;
	calls++;
	return IRQ_HANDLED;
}

/* An exception as the port's entry takes it: local interrupts off. */
static int take(struct nvic *n, unsigned int exc)
{
	unsigned long flags = port_irq_save();
	int ret = nvic_handle_exception(n, exc, NULL);

	port_irq_restore(flags);
	return ret;
}

int main(void)
{
	struct nvic *n;
	int irq;

	if (sim_init(1, 128) != 0)
		return 1;
	fake_file_map(&regs);
	fake_poke(&regs, IPR(9), 0x12345678u);

	/* More lines than ICTR says: refused, after the probe. */
	CHECK(nvic_create((uintptr_t)regs.regs, 65) == NULL);
	fake_nr_acc = 0;
	n = nvic_create((uintptr_t)regs.regs, 64);
	CHECK(n != NULL);
	CHECK(nvic_prio_bits(n) == 3);
	CHECK(nvic_prio_byte(n, 2) == 0x40);
	CHECK(fake_log_has('R', regs.index, ICTR, 1));
	CHECK(fake_log_has('W', regs.index, IPR(0), 0xff));
	CHECK(fake_log_has('W', regs.index, ICER0, ~0u) && fake_log_has('W', regs.index, ICER1, ~0u));
	CHECK(fake_log_has('W', regs.index, ICPR0, ~0u) && fake_log_has('W', regs.index, ICPR1, ~0u));
	for (unsigned int w = 0; w < 16; w++)
		CHECK(fake_peek(&regs, IPR(w)) == 0xe0e0e0e0u);	/* least urgent: 7 */
	fake_nr_acc = 0;

	/* A line: the request unmasks it through ISER. */
	CHECK(nvic_map(n, 64) == -EINVAL);
	irq = nvic_map(n, LINE);
	CHECK(irq >= 0);
	CHECK(request_irq((unsigned int)irq, on_line, 0, "line", &regs) == 0);
	CHECK(fake_log_has('W', regs.index, ISER1, BIT));
	CHECK(enabled[1] == BIT && enabled[0] == 0);
	fake_nr_acc = 0;

	/* Priorities: level 2 is 0x40 in the line's IPR byte, the others kept. */
	CHECK(irq_set_priority((unsigned int)irq, 2) == 0);
	CHECK(fake_peek(&regs, IPR(9)) == 0xe0e040e0u);
	CHECK(irq_set_priority((unsigned int)irq, 8) == -EINVAL);	/* 3 bits: 0..7 */
	CHECK(fake_peek(&regs, IPR(9)) == 0xe0e040e0u);
	CHECK(irq_get_priority((unsigned int)irq) == 2);
	fake_nr_acc = 0;

	/* An event: the handler runs, the controller is not touched. */
	CHECK(take(n, NVIC_FIRST_EXTERNAL + LINE) == 0);
	CHECK(calls == 1);
	LOG_EMPTY();
	CHECK(take(n, NVIC_FIRST_EXTERNAL + 64) == -EINVAL);
	CHECK(take(n, 15) == -EINVAL);			/* SysTick: no line */
	CHECK(calls == 1);

	/* A level line: disable_irq masks it at once (ICER); the event that
	 * comes meanwhile stays pending in the NVIC and is taken on the unmask. */
	disable_irq((unsigned int)irq);
	CHECK(fake_log_has('W', regs.index, ICER1, BIT));
	CHECK(enabled[1] == 0);
	pending[1] |= BIT;				/* the device asserts */
	fake_nr_acc = 0;
	enable_irq((unsigned int)irq);
	CHECK(fake_log_has('W', regs.index, ISER1, BIT));
	CHECK(!fake_log_has('W', regs.index, ISPR1, BIT));	/* nothing to replay */
	CHECK(take(n, NVIC_FIRST_EXTERNAL + LINE) == 0);	/* as the NVIC takes it */
	CHECK(calls == 2);
	pending[1] = 0;

	/* An edge line is disabled lazily: an event that comes is taken, the
	 * line masked (ICER), and replayed by a pending set (ISPR) on enable. */
	CHECK(irq_set_irq_type((unsigned int)irq, IRQ_TYPE_EDGE_FALLING) == -EINVAL);
	CHECK(irq_set_irq_type((unsigned int)irq, IRQ_TYPE_EDGE_RISING) == 0);
	fake_nr_acc = 0;
	disable_irq((unsigned int)irq);
	CHECK(enabled[1] == BIT);
	CHECK(take(n, NVIC_FIRST_EXTERNAL + LINE) == 0);
	CHECK(calls == 2);
	CHECK(fake_log_has('W', regs.index, ICER1, BIT));
	CHECK(enabled[1] == 0);
	fake_nr_acc = 0;
	enable_irq((unsigned int)irq);
	CHECK(fake_log_has('W', regs.index, ISER1, BIT));
	CHECK(fake_log_has('W', regs.index, ISPR1, BIT));
	CHECK(nvic_is_pending(n, LINE));
	CHECK(take(n, NVIC_FIRST_EXTERNAL + LINE) == 0);	/* the replay, as the NVIC takes it */
	CHECK(calls == 3);

	/* Pending and active bits, by line. */
	nvic_set_pending(n, LINE, false);
	CHECK(!nvic_is_pending(n, LINE) && pending[1] == 0);
	nvic_set_pending(n, 3, true);
	CHECK(pending[0] == 1u << 3 && nvic_is_pending(n, 3));
	active[1] = BIT;
	CHECK(nvic_is_active(n, LINE) && !nvic_is_active(n, LINE + 1));
	CHECK(fake_log_has('R', regs.index, IABR1, BIT));
	CHECK(!nvic_is_active(n, 64) && !nvic_is_pending(n, 64));

	/* The same through the controller state, one access each. */
	{
		bool st = false;

		active[1] = 0;
		pending[1] = 0;
		fake_nr_acc = 0;
		CHECK(irq_set_irqchip_state((unsigned int)irq, IRQCHIP_STATE_PENDING, true) == 0);
		CHECK(irq_get_irqchip_state((unsigned int)irq, IRQCHIP_STATE_PENDING, &st) == 0 && st);
		CHECK(irq_set_irqchip_state((unsigned int)irq, IRQCHIP_STATE_PENDING, false) == 0);
		LOG_IS({ 'W', ISPR1, BIT, regs.index }, { 'R', ISPR1, BIT, regs.index },
		       { 'W', ICPR1, BIT, regs.index });
		CHECK(irq_get_irqchip_state((unsigned int)irq, IRQCHIP_STATE_ACTIVE, &st) == 0 && !st);
		CHECK(irq_set_irqchip_state((unsigned int)irq, IRQCHIP_STATE_ACTIVE, true) == -EINVAL);
		LOG_IS({ 'R', IABR1, 0, regs.index });
		CHECK(irq_get_irqchip_state((unsigned int)irq, IRQCHIP_STATE_MASKED, &st) == 0 && !st);
		CHECK(irq_set_irqchip_state((unsigned int)irq, IRQCHIP_STATE_MASKED, true) == 0);
		CHECK(irq_set_irqchip_state((unsigned int)irq, IRQCHIP_STATE_MASKED, false) == 0);
		LOG_IS({ 'R', ISER1, BIT, regs.index }, { 'W', ICER1, BIT, regs.index },
		       { 'W', ISER1, BIT, regs.index });
	}

	free_irq((unsigned int)irq, &regs);
	CHECK(enabled[1] == 0);
	return fake_report("nvic host test");
}

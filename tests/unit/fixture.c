// SPDX-License-Identifier: MIT
#include <sched.h>
#include <string.h>
#include "fixture.h"

void fx_init(struct fixture *fx, unsigned int nr_cpus, enum simpic_style style)
{
	CHECK_EQ(sim_init(nr_cpus, 8192), 0);
	fx->nr_cpus = nr_cpus;
	fx->pic = simpic_create("sim", FIX_LINES, style);
	CHECK(fx->pic != NULL);
	sim_attach(fx->pic);
	sim_console_clear();
}

void dev_init(struct dev *d, struct fixture *fx, irq_hw_number_t hw, bool level)
{
	memset(d, 0, sizeof(*d));
	d->fx = fx;
	d->hw = hw;
	d->level = level;
	d->irq = simpic_map(fx->pic, hw, level ? IRQ_TYPE_LEVEL_HIGH : IRQ_TYPE_EDGE_RISING);
	CHECK(d->irq >= 0);
}

void dev_raise(struct dev *d)
{
	atomic_fetch_add(&d->want, 1);
	simpic_raise(d->fx->pic, d->hw);
}

irqreturn_t dev_handler(int irq, void *dev_id)
{
	struct dev *d = dev_id;
	irqreturn_t ret = IRQ_NONE;

	(void)irq;
	atomic_fetch_add(&d->in_handler, 1);
	atomic_fetch_add(&d->calls, 1);
	if (atomic_load(&d->freed))
		atomic_fetch_add(&d->after_free, 1);
	d->last_cpu = (int)port_cpu_id();
	d->last_preempt = irq_preempt_count();
	d->last_regs = get_irq_regs();
	if (d->last_regs)
		d->last_hw = ((struct sim_regs *)d->last_regs)->hwirq;
	/* Service every event the device has: one interrupt may cover many. */
	if (atomic_exchange(&d->want, 0) > 0) {
		atomic_fetch_add(&d->handled, 1);
		ret = IRQ_HANDLED;
		if (d->level)
			simpic_lower(d->fx->pic, d->hw);
	}
	atomic_fetch_sub(&d->in_handler, 1);
	return d->force ? d->force : ret;
}

int dev_request(struct dev *d, unsigned long flags, const char *name)
{
	return request_irq((unsigned int)d->irq, dev_handler, flags, name, d);
}

void fx_check_ended_once(struct fixture *fx, irq_hw_number_t hw, enum simpic_style style)
{
	struct simpic_line_stats s;

	simpic_line_stats(fx->pic, hw, &s);
	CHECK_EQ(style == SIMPIC_ACK ? s.acks : s.eois, s.delivered);
	CHECK(!s.in_service);
}

void fx_replay_lines_each_once(struct fixture *fx, struct dev *d, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		dev_init(&d[i], fx, (irq_hw_number_t)i, false);
		simpic_set_fault(fx->pic, (irq_hw_number_t)i, SIMPIC_NO_RETRIGGER);
		CHECK_EQ(dev_request(&d[i], 0, "dev"), 0);
	}
	for (int round = 1; round <= 2; round++) {
		for (unsigned int i = 0; i < n; i++) {
			disable_irq_nosync((unsigned int)d[i].irq);
			dev_raise(&d[i]);
		}
		sim_run(0);
		local_bh_disable();
		for (unsigned int i = 0; i < n; i++)
			enable_irq((unsigned int)d[i].irq);
		for (unsigned int i = 0; i < n; i++)
			CHECK_EQ(atomic_load(&d[i].calls), round - 1);
		local_bh_enable();
		for (unsigned int i = 0; i < n; i++) {
			CHECK_EQ(atomic_load(&d[i].calls), round);
			CHECK_EQ(atomic_load(&d[i].want), 0);
			CHECK_EQ(irq_stat_total((unsigned int)d[i].irq), 2ul * (unsigned long)round);
			fx_check_ended_once(fx, (irq_hw_number_t)i, SIMPIC_ACK);
		}
	}
}

void fx_drain_cpus01(void)
{
	unsigned int quiet = 0;

	while (quiet < 3) {
		unsigned int n = sim_run(0) + sim_run(1);

		do_softirq();
		quiet = n ? 0 : quiet + 1;
	}
}

void fx_wait_against_busy(void (*start)(void *), atomic_int *phase,
			  void (*waiter)(void *), void *arg, atomic_int *done)
{
	CHECK_EQ(sim_thread_start(1, start, NULL), 0);
	while (atomic_load(phase) != 1)
		sched_yield();
	CHECK_EQ(sim_thread_start(2, waiter, arg), 0);
	/* The waiter can't finish while the handler runs, however long. */
	for (int i = 0; i < 1000; i++) {
		CHECK_EQ(atomic_load(done), 0);
		sched_yield();
	}
	atomic_store(phase, 2);
	sim_thread_join_all();
	CHECK_EQ(atomic_load(done), 1);
}

char fx_out[4096];
static size_t fx_out_len;

void fx_out_write(const char *text, size_t len)
{
	if (fx_out_len + len < sizeof(fx_out)) {
		memcpy(fx_out + fx_out_len, text, len);
		fx_out_len += len;
		fx_out[fx_out_len] = '\0';
	}
}

void fx_out_reset(void)
{
	fx_out_len = 0;
	fx_out[0] = '\0';
}

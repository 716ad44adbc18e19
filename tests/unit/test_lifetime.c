// SPDX-License-Identifier: MIT
/*
 * Descriptor lifetime: a line is unmapped before it is freed, and a freed
 * descriptor is released only once no reader (a verb, a /proc view, a
 * walk of the table, a CPU dispatching it) can hold it any more.
 */
#include <sched.h>
#include <genirq/compat.h>
#include "fixture.h"

static const struct irq_chip quiet_chip = {
	.name	= "quiet",
	.mask	= NULL,
};

static void noop_mask(struct irq_data *d)
{
	(void)d;
}

static const struct irq_chip churn_chip = {
	.name	= "churn",
	.mask	= noop_mask,
	.unmask	= noop_mask,
	.ack	= noop_mask,
};

/* What a port does with a delivery of @hw: the domain entry, interrupts off. */
static int irq_domain_handle_hw(struct fixture *fx, irq_hw_number_t hw)
{
	struct sim_regs regs = { .hwirq = hw };
	unsigned long flags = port_irq_save();
	int ret = irq_handle_domain_entry(simpic_domain(fx->pic), hw, &regs);

	port_irq_restore(flags);
	return ret;
}

/* Three lines with a controller; line @busy of them has a handler. */
static int three_lines_one_busy(struct fixture *fx, int busy)
{
	int first;

	fx_init(fx, 1, SIMPIC_FASTEOI);
	first = irq_alloc_descs(-1, 3);
	CHECK(first >= 0);
	for (int i = 0; i < 3; i++)
		CHECK_EQ(irq_set_chip((unsigned int)(first + i), &quiet_chip, NULL), 0);
	CHECK_EQ(request_irq((unsigned int)(first + busy), dev_handler, 0, "busy", fx), 0);
	return first;
}

TEST(a_mapped_line_is_not_freed_until_it_is_disposed)
{
	struct fixture fx;
	struct dev d;
	char buf[2048];
	unsigned long errors;
	int irq, calls;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	irq = d.irq;
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	CHECK_EQ(irq_dispose_mapping((unsigned int)irq), -EBUSY);	/* has a handler */
	CHECK(sim_console_contains("irq_dispose_mapping refused"));
	free_irq((unsigned int)irq, &d);
	sim_console_clear();
	CHECK_EQ(irq_free_descs((unsigned int)irq, 1), -EBUSY);	/* still mapped */
	CHECK(sim_console_contains("still mapped"));
	CHECK(irq_to_desc((unsigned int)irq) != NULL);
	CHECK_EQ(irq_find_mapping(simpic_domain(fx.pic), 3), irq);
	/* Nothing changed: the line still works. */
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
	free_irq((unsigned int)irq, &d);

	CHECK_EQ(irq_dispose_mapping((unsigned int)irq), 0);
	CHECK(irq_to_desc((unsigned int)irq) == NULL);
	CHECK_EQ(irq_find_mapping(simpic_domain(fx.pic), 3), -ENOENT);
	CHECK_EQ(irq_dispose_mapping((unsigned int)irq), -EINVAL);
	/* An event on the unmapped hardware line is counted in ERR, not dispatched. */
	errors = irq_error_count();
	calls = atomic_load(&d.calls);
	CHECK_EQ(irq_domain_handle_hw(&fx, 3), -EINVAL);
	CHECK_EQ(irq_error_count(), errors + 1);
	CHECK_EQ(atomic_load(&d.calls), calls);
	CHECK(irq_proc_read("/proc/interrupts", buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "dev") == NULL);
	/* Mapped again, it gets a working line. */
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(dev_request(&d, 0, "again"), 0);
	dev_raise(&d);
	CHECK_EQ(atomic_load(&d.handled), 1);
}

TEST(freeing_a_range_with_one_busy_line_frees_nothing)
{
	struct fixture fx;
	int first = three_lines_one_busy(&fx, 1);

	CHECK_EQ(irq_free_descs((unsigned int)first, 3), -EBUSY);
	for (int i = 0; i < 3; i++)
		CHECK(irq_to_desc((unsigned int)(first + i)) != NULL);
	free_irq((unsigned int)first + 1, &fx);
	CHECK_EQ(irq_free_descs((unsigned int)first, 3), 0);
	for (int i = 0; i < 3; i++)
		CHECK(irq_to_desc((unsigned int)(first + i)) == NULL);
	CHECK_EQ(irq_alloc_descs(first, 3), first);	/* the numbers are free again */
}

/*
 * Churn: one CPU makes and frees lines, another reads every view and
 * walks the table, a third takes their events. Under ASan a descriptor
 * freed under a reader is a use after free; under TSan, a race.
 */
#define CHURN_ROUNDS	1000

static struct fixture cfx;
static atomic_int churn_done;

static irqreturn_t churn_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_HANDLED;
}

static void churn_numbers(void *arg)
{
	(void)arg;
	for (int r = 0; r < CHURN_ROUNDS; r++) {
		int irq = irq_alloc_descs(-1, 2);

		CHECK(irq >= 0);
		CHECK_EQ(irq_set_chip((unsigned int)irq, &churn_chip, NULL), 0);
		CHECK_EQ(request_irq((unsigned int)irq, churn_handler, 0, "churn", &cfx), 0);
		free_irq((unsigned int)irq, &cfx);
		CHECK_EQ(irq_free_descs((unsigned int)irq, 2), 0);
	}
	atomic_store(&churn_done, 1);
}

static void churn_mappings(void *arg)
{
	struct dev d;

	(void)arg;
	for (int r = 0; r < CHURN_ROUNDS; r++) {
		dev_init(&d, &cfx, 4 + (irq_hw_number_t)(r % 4), r & 1);
		CHECK_EQ(dev_request(&d, 0, "mapped"), 0);
		dev_raise(&d);
		free_irq((unsigned int)d.irq, &d);
		if (d.level)
			simpic_lower(cfx.pic, d.hw);
		CHECK_EQ(irq_dispose_mapping((unsigned int)d.irq), 0);
	}
	atomic_store(&churn_done, 1);
}

static void reads_everything(void *arg)
{
	char buf[4096], path[64];

	(void)arg;
	while (!atomic_load(&churn_done)) {
		CHECK(irq_proc_read("/proc/interrupts", buf, sizeof(buf)) > 0);
		CHECK(irq_proc_list("/proc/irq", buf, sizeof(buf)) > 0);
		for (unsigned int irq = 0; irq < 12; irq++) {
			snprintf(path, sizeof(path), "/proc/irq/%u/spurious", irq);
			irq_proc_read(path, buf, sizeof(buf));
			snprintf(path, sizeof(path), "/proc/irq/%u/smp_affinity", irq);
			irq_proc_read(path, buf, sizeof(buf));
			(void)irq_stat_total(irq);
			(void)can_request_irq(irq, IRQF_SHARED);
			(void)irq_get_depth(irq);
			synchronize_irq(irq);
		}
		irq_spurious_poll();
	}
}

static void takes_interrupts(void *arg)
{
	(void)arg;
	while (!atomic_load(&churn_done)) {
		sim_poll();
		sched_yield();
	}
}

static void churn(void (*maker)(void *))
{
	fx_init(&cfx, 4, SIMPIC_FASTEOI);
	atomic_store(&churn_done, 0);
	CHECK_EQ(sim_thread_start(1, reads_everything, NULL), 0);
	CHECK_EQ(sim_thread_start(2, takes_interrupts, NULL), 0);
	CHECK_EQ(sim_thread_start(3, maker, NULL), 0);
	sim_thread_join_all();
	CHECK_EQ(atomic_load(&churn_done), 1);
}

TEST(descriptor_churn_against_readers)
{
	churn(churn_numbers);
	for (unsigned int irq = 0; irq < 64; irq++)
		CHECK(irq_to_desc(irq) == NULL);
}

TEST(mapping_churn_against_readers_and_events)
{
	churn(churn_mappings);
	for (irq_hw_number_t hw = 4; hw < 8; hw++)
		CHECK_EQ(irq_find_mapping(simpic_domain(cfx.pic), hw), -ENOENT);
}

TEST(a_refused_free_leaves_every_line_requestable)
{
	struct fixture fx;
	int first = three_lines_one_busy(&fx, 2);

	CHECK_EQ(irq_free_descs((unsigned int)first, 3), -EBUSY);
	/* The lines before the busy one were not left half-freed. */
	CHECK_EQ(request_irq((unsigned int)first, dev_handler, 0, "a", &fx), 0);
	CHECK_EQ(request_irq((unsigned int)first + 1, dev_handler, 0, "b", &fx), 0);
}

/*
 * The freers' side of an event path without a barrier
 * (GENIRQ_PORT_MEMBARRIER, core/grace.c): freeing descriptors and
 * freeing a per-CPU line's handler each make every CPU execute a full
 * barrier before they wait for the CPUs, so that an event that raised
 * its count with a plain store is seen.
 */
TEST(freers_make_every_cpu_barrier_before_they_wait)
{
	struct fixture fx;
	struct dev d;
	unsigned long before;
	int irq;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	irq = irq_alloc_descs(-1, 1);
	CHECK(irq >= 0);
	before = sim_membarriers();
	irq_free_descs((unsigned int)irq, 1);
	CHECK(sim_membarriers() > before);

	dev_init(&d, &fx, 5, false);
	CHECK_EQ(irq_set_percpu((unsigned int)d.irq), 0);
	CHECK_EQ(request_irq((unsigned int)d.irq, dev_handler, IRQF_PERCPU, "tick", &d), 0);
	before = sim_membarriers();
	free_irq((unsigned int)d.irq, &d);
	CHECK(sim_membarriers() > before);
}

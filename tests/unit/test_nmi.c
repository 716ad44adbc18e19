// SPDX-License-Identifier: MIT
/* NMIs: request_nmi(), request_percpu_nmi(), their verbs and refusals. */
#include <sched.h>
#include <genirq/compat.h>
#include <genirq/irqdomain.h>
#include <genirq/nmi.h>
#include <genirq/percpu_irq.h>
#include "fixture.h"

/* The CPU's NMI input on the calling CPU: every NMI line the controller
 * has for it, taken whatever its local interrupts. Return: NMIs taken. */
static unsigned int take_nmis(struct fixture *fx)
{
	unsigned int cpu = port_cpu_id(), n = 0;
	irq_hw_number_t hw;

	while ((hw = simpic_iack_nmi(fx->pic, cpu)) != SIMPIC_SPURIOUS) {
		struct sim_regs regs = { .cpu = cpu, .hwirq = hw };

		CHECK_EQ(irq_handle_domain_nmi_entry(simpic_domain(fx->pic), hw, &regs), 0);
		n++;
	}
	return n;
}

/* Lines written to the console since it was cleared. */
static unsigned int console_lines(void)
{
	unsigned int n = 0;

	for (const char *p = sim_console(); *p; p++)
		n += *p == '\n';
	return n;
}

/* A refusal: @ret is @want, one console line that says @why. */
static void check_refused(int ret, int want, const char *why)
{
	CHECK_EQ(ret, want);
	CHECK_EQ(console_lines(), 1);
	CHECK(sim_console_contains(why));
	sim_console_clear();
}

TEST(nmi_is_taken_with_local_interrupts_off_in_nmi_context)
{
	struct fixture fx;
	struct dev nmi, dev;
	struct simpic_line_stats s;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&nmi, &fx, 5, false);
	dev_init(&dev, &fx, 6, false);
	CHECK_EQ(dev_request(&dev, 0, "dev"), 0);
	CHECK_EQ(request_nmi((unsigned int)nmi.irq, dev_handler, IRQF_NO_AUTOEN, "watchdog", &nmi), 0);
	CHECK(irq_is_nmi((unsigned int)nmi.irq));
	CHECK(!irq_is_nmi((unsigned int)dev.irq));
	simpic_line_stats(fx.pic, 5, &s);
	CHECK(s.nmi);
	CHECK_EQ(s.nmi_setups, 1);
	CHECK(s.masked);			/* requested disabled */
	enable_nmi((unsigned int)nmi.irq);
	simpic_line_stats(fx.pic, 5, &s);
	CHECK(!s.masked);

	/* A CPU with local interrupts off: the device waits, the NMI does not. */
	port_irq_disable();
	dev_raise(&dev);
	dev_raise(&nmi);
	CHECK_EQ(sim_run(0), 0);
	CHECK_EQ(take_nmis(&fx), 1);
	CHECK_EQ(atomic_load(&nmi.handled), 1);
	CHECK_EQ(atomic_load(&dev.calls), 0);
	CHECK(nmi.last_preempt & GENIRQ_NMI_MASK);
	CHECK(nmi.last_preempt & GENIRQ_HARDIRQ_MASK);
	CHECK_EQ(nmi.last_hw, 5);		/* where it was: the NMI's regs */
	CHECK_EQ(irq_preempt_count(), 0);
	CHECK(port_irqs_disabled());
	port_irq_enable();			/* takes what waited */
	CHECK_EQ(atomic_load(&dev.handled), 1);
	/* Counted in its own row, on the CPU that took it; ended once. */
	CHECK_EQ(irq_stat_cpu((unsigned int)nmi.irq, 0), 1);
	fx_check_ended_once(&fx, 5, SIMPIC_FASTEOI);
	CHECK_STR(sim_console(), "");

	/* disable_nmi_nosync() masks at once: nothing reaches the NMI input. */
	disable_nmi_nosync((unsigned int)nmi.irq);
	dev_raise(&nmi);
	CHECK_EQ(take_nmis(&fx), 0);
	CHECK_EQ(atomic_load(&nmi.calls), 1);
	enable_nmi((unsigned int)nmi.irq);
	CHECK_EQ(take_nmis(&fx), 1);
	CHECK_EQ(atomic_load(&nmi.calls), 2);

	disable_nmi_nosync((unsigned int)nmi.irq);
	CHECK_STR(free_nmi((unsigned int)nmi.irq, &nmi), "watchdog");
	CHECK_STR(sim_console(), "");
	free_irq((unsigned int)dev.irq, &dev);
}

TEST(free_nmi_gives_back_an_ordinary_line)
{
	struct fixture fx;
	struct dev d;
	struct simpic_line_stats s;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(request_nmi((unsigned int)d.irq, dev_handler, IRQF_NO_AUTOEN, "nmi", &d), 0);
	enable_nmi((unsigned int)d.irq);
	/* Still enabled: disabled first, and said so. */
	CHECK_STR(free_nmi((unsigned int)d.irq, &d), "nmi");
	CHECK_EQ(console_lines(), 1);
	CHECK(sim_console_contains("free_nmi of \"nmi\" still enabled: disabled first"));
	sim_console_clear();
	CHECK(!irq_is_nmi((unsigned int)d.irq));
	simpic_line_stats(fx.pic, 3, &s);
	CHECK(!s.nmi);
	CHECK_EQ(s.nmi_teardowns, 1);
	/* An ordinary line again: its events come through the interrupt input. */
	CHECK_EQ(dev_request(&d, 0, "d"), 0);
	dev_raise(&d);
	CHECK_EQ(take_nmis(&fx), 0);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.handled), 1);
	free_irq((unsigned int)d.irq, &d);
}

TEST(request_nmi_refusals_say_why_and_change_nothing)
{
	struct fixture fx, ack;
	struct dev d, busy;
	struct simpic_line_stats s;
	int pcpu;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 4, false);
	dev_init(&busy, &fx, 7, false);
	pcpu = simpic_map(fx.pic, 8, IRQ_TYPE_EDGE_RISING);
	CHECK_EQ(irq_set_percpu((unsigned int)pcpu), 0);
	CHECK_EQ(dev_request(&busy, 0, "busy"), 0);
	sim_console_clear();

	check_refused(request_nmi((unsigned int)d.irq, NULL, IRQF_NO_AUTOEN, "n", &d), -EINVAL,
		      "no handler");
	check_refused(request_nmi((unsigned int)d.irq, dev_handler, IRQF_NO_AUTOEN | IRQF_SHARED,
				  "n", &d), -EINVAL, "an NMI is never shared");
	check_refused(request_nmi((unsigned int)d.irq, dev_handler, IRQF_NO_AUTOEN | IRQF_ONESHOT,
				  "n", &d), -EINVAL, "an NMI is never shared");
	check_refused(request_nmi((unsigned int)d.irq, dev_handler,
				  IRQF_NO_AUTOEN | IRQF_COND_SUSPEND, "n", &d), -EINVAL,
		      "an NMI is never shared");
	check_refused(request_nmi((unsigned int)d.irq, dev_handler, 0, "n", &d), -EINVAL,
		      "requested disabled: IRQF_NO_AUTOEN");
	check_refused(request_nmi((unsigned int)busy.irq, dev_handler, IRQF_NO_AUTOEN, "n", &d),
		      -EBUSY, "the line has a handler");
	check_refused(request_nmi((unsigned int)pcpu, dev_handler, IRQF_NO_AUTOEN, "n", &d),
		      -EINVAL, "request_percpu_nmi() takes it");
	check_refused(request_nmi(FIX_LINES + 100, dev_handler, IRQF_NO_AUTOEN, "n", &d),
		      -EINVAL, "no such line");
	simpic_set_fault(fx.pic, 4, SIMPIC_NMI_FAILS);
	check_refused(request_nmi((unsigned int)d.irq, dev_handler, IRQF_NO_AUTOEN, "n", &d),
		      -EINVAL, "nmi_setup refused");
	simpic_set_fault(fx.pic, 4, 0);

	/* Nothing changed: an ordinary line without handler, never set up. */
	CHECK(!irq_is_nmi((unsigned int)d.irq));
	simpic_line_stats(fx.pic, 4, &s);
	CHECK(!s.nmi);
	CHECK_EQ(s.nmi_setups, 0);
	CHECK_EQ(dev_request(&d, 0, "d"), 0);
	free_irq((unsigned int)d.irq, &d);
	free_irq((unsigned int)busy.irq, &busy);

	/* A controller without NMIs (the ACK personality, as an 8259). */
	fx_init(&ack, 1, SIMPIC_ACK);
	dev_init(&d, &ack, 4, false);
	check_refused(request_nmi((unsigned int)d.irq, dev_handler, IRQF_NO_AUTOEN, "n", &d),
		      -EINVAL, "its controller has no NMIs");
	CHECK_EQ(dev_request(&d, 0, "d"), 0);
	free_irq((unsigned int)d.irq, &d);
}

TEST(an_nmi_line_refuses_the_ordinary_verbs_that_would_share_or_free_it)
{
	struct fixture fx;
	struct dev d, other;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 9, false);
	other = d;
	CHECK_EQ(request_nmi((unsigned int)d.irq, dev_handler, IRQF_NO_AUTOEN | IRQF_PERCPU,
			     "nmi", &d), 0);	/* Linux's IRQF_PERCPU: accepted */
	sim_console_clear();
	CHECK_EQ(request_irq((unsigned int)d.irq, dev_handler, IRQF_SHARED, "x", &other), -EBUSY);
	sim_console_clear();
	free_irq((unsigned int)d.irq, &d);
	CHECK_EQ(console_lines(), 1);
	CHECK(sim_console_contains("free_irq of an NMI refused"));
	sim_console_clear();
	CHECK(irq_is_nmi((unsigned int)d.irq));
	CHECK(free_nmi((unsigned int)d.irq, &other) == NULL);
	check_refused(0, 0, "free_nmi refused: not its dev_id");
	CHECK(irq_is_nmi((unsigned int)d.irq));
	CHECK(free_nmi((unsigned int)d.irq, &d) != NULL);
	CHECK(free_nmi((unsigned int)d.irq, &d) == NULL);
	check_refused(0, 0, "not an NMI of request_nmi()");
}

TEST(nmi_entry_of_a_line_that_is_no_nmi_runs_nothing_and_counts_an_error)
{
	struct fixture fx;
	struct dev d;
	unsigned long err = irq_error_count();
	struct sim_regs regs = { .hwirq = 2 };

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 2, false);
	CHECK_EQ(dev_request(&d, 0, "d"), 0);
	port_irq_disable();
	CHECK_EQ(irq_handle_domain_nmi_entry(simpic_domain(fx.pic), 2, &regs), -EINVAL);
	CHECK_EQ(irq_handle_domain_nmi_entry(simpic_domain(fx.pic), 30, &regs), -EINVAL);
	port_irq_enable();
	CHECK_EQ(atomic_load(&d.calls), 0);
	CHECK_EQ(irq_error_count(), err + 2);
	CHECK_EQ(irq_preempt_count(), 0);
	free_irq((unsigned int)d.irq, &d);
}

/* Per-CPU NMIs: a watchdog counter on each CPU. */
struct wd {
	atomic_int	runs;
	int		cpu_seen;
	unsigned int	preempt_seen;
	char		pad[36];
};

static struct wd wds[GENIRQ_NR_CPUS];

static irqreturn_t wd_handler(int irq, void *dev_id)
{
	struct wd *w = dev_id;

	(void)irq;
	atomic_fetch_add(&w->runs, 1);
	w->cpu_seen = (int)port_cpu_id();
	w->preempt_seen = irq_preempt_count();
	return IRQ_HANDLED;
}

/* CPU @cpu's local source raises per-CPU line @hw at its NMI input. */
static void percpu_nmi_on(struct fixture *fx, unsigned int cpu, irq_hw_number_t hw)
{
	struct sim_regs regs = { .cpu = cpu, .hwirq = hw };

	sim_cpu_switch(cpu);
	port_irq_disable();
	CHECK_EQ(irq_handle_domain_nmi_entry(simpic_domain(fx->pic), hw, &regs), 0);
	port_irq_enable();
	sim_cpu_switch(0);
}

static int on_cpu(unsigned int cpu, int (*fn)(unsigned int irq), unsigned int irq)
{
	int ret;

	sim_cpu_switch(cpu);
	ret = fn(irq);
	sim_cpu_switch(0);
	return ret;
}

static int enable_here(unsigned int irq)
{
	enable_percpu_nmi(irq, IRQ_TYPE_NONE);
	return 0;
}

static int disable_here(unsigned int irq)
{
	disable_percpu_nmi(irq);
	return 0;
}

static int teardown_here(unsigned int irq)
{
	teardown_percpu_nmi(irq);
	return 0;
}

TEST(percpu_nmi_runs_each_cpus_instance_in_nmi_context)
{
	struct fixture fx;
	struct simpic_line_stats s;
	unsigned int irq;

	fx_init(&fx, 3, SIMPIC_FASTEOI);
	memset(wds, 0, sizeof(wds));
	irq = (unsigned int)simpic_map(fx.pic, 10, IRQ_TYPE_EDGE_RISING);
	CHECK_EQ(request_percpu_nmi(irq, wd_handler, "wd", wds), 0);
	CHECK(irq_is_nmi(irq));
	simpic_line_stats(fx.pic, 10, &s);
	CHECK_EQ(s.nmi_setups, 0);		/* each CPU prepares its own */
	CHECK_EQ(on_cpu(1, prepare_percpu_nmi, irq), 0);
	CHECK_EQ(on_cpu(2, prepare_percpu_nmi, irq), 0);
	simpic_line_stats(fx.pic, 10, &s);
	CHECK_EQ(s.nmi_setups, 2);
	CHECK(s.masked);
	on_cpu(1, enable_here, irq);
	on_cpu(2, enable_here, irq);
	percpu_nmi_on(&fx, 1, 10);
	percpu_nmi_on(&fx, 2, 10);
	percpu_nmi_on(&fx, 2, 10);
	percpu_nmi_on(&fx, 0, 10);		/* CPU 0 never enabled it */
	CHECK_EQ(atomic_load(&wds[0].runs), 0);
	CHECK_EQ(atomic_load(&wds[1].runs), 1);
	CHECK_EQ(atomic_load(&wds[2].runs), 2);
	CHECK_EQ(wds[2].cpu_seen, 2);
	CHECK(wds[1].preempt_seen & GENIRQ_NMI_MASK);
	CHECK_EQ(irq_percpu_strays(irq), 1);
	CHECK_EQ(irq_stat_cpu(irq, 2), 2);
	CHECK_STR(sim_console(), "");

	/* Refusals while it is a per-CPU NMI. */
	check_refused(free_percpu_irq(irq, wds), -EINVAL, "an NMI (free_percpu_nmi() frees it)");
	check_refused(free_percpu_nmi(irq, wds), -EBUSY, "still enabled on a CPU");
	CHECK(irq_is_nmi(irq));
	on_cpu(1, disable_here, irq);
	on_cpu(2, disable_here, irq);
	on_cpu(1, teardown_here, irq);
	on_cpu(2, teardown_here, irq);
	simpic_line_stats(fx.pic, 10, &s);
	CHECK_EQ(s.nmi_teardowns, 2);
	CHECK(!s.nmi);
	CHECK_EQ(free_percpu_nmi(irq, wds), 0);
	CHECK(!irq_is_nmi(irq));
	CHECK_STR(sim_console(), "");
}

TEST(percpu_nmi_refusals_say_why_and_change_nothing)
{
	struct fixture fx, ack;
	unsigned int irq, plain;

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	memset(wds, 0, sizeof(wds));
	irq = (unsigned int)simpic_map(fx.pic, 11, IRQ_TYPE_EDGE_RISING);
	plain = (unsigned int)simpic_map(fx.pic, 12, IRQ_TYPE_EDGE_RISING);
	check_refused(request_percpu_nmi(irq, NULL, "wd", wds), -EINVAL, "no handler");
	check_refused(irq_request_percpu_nmi_stride(irq, wd_handler, "wd", NULL, 8), -EINVAL,
		      "no per-CPU instance");
	check_refused(prepare_percpu_nmi(irq), -EINVAL, "not a per-CPU NMI");
	CHECK_EQ(request_percpu_irq(plain, wd_handler, "tick", wds), 0);
	check_refused(request_percpu_nmi(plain, wd_handler, "wd", wds), -EBUSY,
		      "the line has a handler");
	check_refused(free_percpu_nmi(plain, wds), -EINVAL, "not an NMI (free_percpu_irq()");
	CHECK_EQ(free_percpu_irq(plain, wds), 0);
	CHECK(!irq_is_nmi(irq));

	fx_init(&ack, 1, SIMPIC_ACK);
	irq = (unsigned int)simpic_map(ack.pic, 11, IRQ_TYPE_EDGE_RISING);
	check_refused(request_percpu_nmi(irq, wd_handler, "wd", wds), -EINVAL,
		      "its controller has no NMIs");
	CHECK_EQ(request_percpu_irq(irq, wd_handler, "tick", wds), 0);
	CHECK_EQ(free_percpu_irq(irq, wds), 0);
}

/*
 * The hard-lockup pattern, with free_nmi() racing it: CPU 1 spins with
 * local interrupts off, taking only NMIs (its NMI input, polled as the
 * hardware would at each instruction); CPU 0 frees the NMI while CPU 1
 * may be in its handler. free_nmi() returns only once that run is over,
 * and no run starts after.
 */
static struct fixture race_fx;
static struct dev race_dev;
static atomic_int race_stop, race_spins;

static void spinning_cpu(void *arg)
{
	(void)arg;
	port_irq_disable();
	while (!atomic_load(&race_stop)) {
		dev_raise(&race_dev);
		take_nmis(&race_fx);
		atomic_fetch_add(&race_spins, 1);
		sched_yield();
	}
	port_irq_enable();
}

TEST(free_nmi_waits_for_the_handler_on_a_cpu_spinning_with_interrupts_off)
{
	struct irq_cpumask m;

	fx_init(&race_fx, 2, SIMPIC_FASTEOI);
	dev_init(&race_dev, &race_fx, 13, false);
	irq_cpumask_clear(&m);
	irq_cpumask_set_cpu(1, &m);
	CHECK_EQ(irq_set_affinity((unsigned int)race_dev.irq, &m), 0);
	atomic_store(&race_stop, 0);
	atomic_store(&race_spins, 0);
	CHECK_EQ(request_nmi((unsigned int)race_dev.irq, dev_handler, IRQF_NO_AUTOEN, "lockup",
			     &race_dev), 0);
	enable_nmi((unsigned int)race_dev.irq);
	CHECK_EQ(sim_thread_start(1, spinning_cpu, NULL), 0);
	while (atomic_load(&race_dev.handled) < 20)
		sched_yield();
	CHECK(free_nmi((unsigned int)race_dev.irq, &race_dev) != NULL);
	CHECK_EQ(atomic_load(&race_dev.in_handler), 0);
	atomic_store(&race_dev.freed, 1);
	/* CPU 1 goes on spinning: the line, disabled and no NMI, reaches it no more. */
	for (int spins = atomic_load(&race_spins); atomic_load(&race_spins) < spins + 50;)
		sched_yield();
	atomic_store(&race_stop, 1);
	sim_thread_join_all();
	CHECK_EQ(atomic_load(&race_dev.after_free), 0);
	CHECK(irq_stat_cpu((unsigned int)race_dev.irq, 1) >= 20);
	CHECK_EQ(irq_stat_cpu((unsigned int)race_dev.irq, 0), 0);
}

/* disable_irq() and synchronize_irq() of an NMI line wait for its handler
 * running on another CPU (it has no INPROGRESS: the per-CPU depth). */
static struct fixture busy_fx;
static int busy_irq;
static atomic_int busy_phase, busy_done;

static irqreturn_t busy_nmi(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	atomic_store(&busy_phase, 1);
	while (atomic_load(&busy_phase) != 2)
		sched_yield();
	return IRQ_HANDLED;
}

static void busy_start(void *arg)
{
	(void)arg;
	port_irq_disable();
	simpic_raise(busy_fx.pic, 14);
	CHECK_EQ(take_nmis(&busy_fx), 1);
	port_irq_enable();
}

static void busy_disable(void *arg)
{
	(void)arg;
	disable_irq((unsigned int)busy_irq);
	atomic_store(&busy_done, 1);
}

TEST(disable_irq_of_an_nmi_waits_for_its_handler_on_another_cpu)
{
	struct irq_cpumask m;

	fx_init(&busy_fx, 3, SIMPIC_FASTEOI);
	busy_irq = simpic_map(busy_fx.pic, 14, IRQ_TYPE_EDGE_RISING);
	irq_cpumask_clear(&m);
	irq_cpumask_set_cpu(1, &m);
	CHECK_EQ(irq_set_affinity((unsigned int)busy_irq, &m), 0);
	atomic_store(&busy_phase, 0);
	atomic_store(&busy_done, 0);
	CHECK_EQ(request_nmi((unsigned int)busy_irq, busy_nmi, IRQF_NO_AUTOEN, "busy", &m), 0);
	enable_nmi((unsigned int)busy_irq);
	fx_wait_against_busy(busy_start, &busy_phase, busy_disable, NULL, &busy_done);
	CHECK(free_nmi((unsigned int)busy_irq, &m) != NULL);
}

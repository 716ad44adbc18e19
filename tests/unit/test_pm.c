// SPDX-License-Identifier: MIT
/*
 * Wake lines and sleep (<genirq/pm.h>): enable_irq_wake() counted, its
 * misuse refused and reported, the controller asked through a hierarchy;
 * suspend_device_irqs() quiets the lines but wake and NO_SUSPEND ones,
 * keeps their events, a wake line's event wakes and is replayed, and
 * resume_device_irqs() (and the early resume) brings everything back.
 */
#include <sched.h>
#include <string.h>
#include <genirq/compat.h>
#include <genirq/irqdomain.h>
#include <genirq/pm.h>
#include "fixture.h"
#include "pm_cmd.h"
#include "shell.h"

/* How many times @needle was printed since the console was cleared. */
static unsigned int console_count(const char *needle)
{
	unsigned int n = 0;

	for (const char *p = sim_console(); (p = strstr(p, needle)) != NULL; p++)
		n++;
	return n;
}

static struct simpic_line_stats stats_of(struct fixture *fx, irq_hw_number_t hw)
{
	struct simpic_line_stats s;

	simpic_line_stats(fx->pic, hw, &s);
	return s;
}

TEST(wake_requests_are_counted_and_the_controller_asked_at_first_and_last)
{
	struct fixture fx;
	struct dev d;
	unsigned int irq;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 5, false);
	irq = (unsigned int)d.irq;
	CHECK_EQ(irq_get_wake_depth(irq), 0);
	for (int i = 1; i <= 3; i++) {
		CHECK_EQ(enable_irq_wake(irq), 0);
		CHECK_EQ(irq_get_wake_depth(irq), i);
	}
	CHECK_EQ(stats_of(&fx, 5).wake_calls, 1);	/* only the first asked */
	CHECK(stats_of(&fx, 5).wake);
	CHECK_EQ(disable_irq_wake(irq), 0);
	CHECK_EQ(disable_irq_wake(irq), 0);
	CHECK_EQ(stats_of(&fx, 5).wake_calls, 1);
	CHECK(stats_of(&fx, 5).wake);
	CHECK_EQ(disable_irq_wake(irq), 0);		/* the last release */
	CHECK_EQ(stats_of(&fx, 5).wake_calls, 2);
	CHECK(!stats_of(&fx, 5).wake);
	CHECK_EQ(irq_get_wake_depth(irq), 0);
	CHECK_EQ(irq_set_irq_wake(irq, true), 0);	/* the same verb, Linux's name */
	CHECK_EQ(irq_get_wake_depth(irq), 1);
}

TEST(wake_unbalanced_release_is_refused_and_reported)
{
	struct fixture fx;
	struct dev d;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&d, &fx, 2, false);
	sim_console_clear();
	CHECK_EQ(disable_irq_wake((unsigned int)d.irq), -EINVAL);
	CHECK_EQ(irq_get_wake_depth((unsigned int)d.irq), 0);
	CHECK_EQ(stats_of(&fx, 2).wake_calls, 0);	/* the controller was not asked */
	CHECK_EQ(console_count("unbalanced disable_irq_wake"), 1);
	CHECK_EQ(disable_irq_wake((unsigned int)d.irq), -EINVAL);
	CHECK_EQ(console_count("unbalanced disable_irq_wake"), 2);	/* one line a call */
	CHECK_EQ(enable_irq_wake(FIX_LINES + 40), -EINVAL);	/* no such line */
	CHECK_EQ(irq_get_wake_depth(FIX_LINES + 40), -EINVAL);
}

TEST(wake_requests_past_the_limit_are_refused)
{
	struct fixture fx;
	struct dev d;
	unsigned int irq;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&d, &fx, 2, false);
	irq = (unsigned int)d.irq;
	for (unsigned int i = 0; i < IRQ_WAKE_DEPTH_MAX; i++)
		CHECK_EQ(enable_irq_wake(irq), 0);
	sim_console_clear();
	CHECK_EQ(enable_irq_wake(irq), -EINVAL);
	CHECK_EQ(irq_get_wake_depth(irq), (int)IRQ_WAKE_DEPTH_MAX);
	CHECK_EQ(console_count("enable_irq_wake past its limit"), 1);
	CHECK_EQ(disable_irq_wake(irq), 0);
	CHECK_EQ(irq_get_wake_depth(irq), (int)IRQ_WAKE_DEPTH_MAX - 1);
}

TEST(wake_refused_by_the_controller_changes_nothing)
{
	struct fixture fx;
	struct dev d;
	unsigned int irq;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 7, false);
	irq = (unsigned int)d.irq;
	simpic_set_fault(fx.pic, 7, SIMPIC_WAKE_FAILS);
	CHECK_EQ(enable_irq_wake(irq), -EIO);
	CHECK_EQ(irq_get_wake_depth(irq), 0);
	CHECK_EQ(enable_irq_wake(irq), -EIO);		/* asked again: still the first */
	CHECK_EQ(stats_of(&fx, 7).wake_calls, 2);
	simpic_set_fault(fx.pic, 7, 0);
	CHECK_EQ(enable_irq_wake(irq), 0);
	simpic_set_fault(fx.pic, 7, SIMPIC_WAKE_FAILS);
	CHECK_EQ(disable_irq_wake(irq), -EIO);		/* the last release, refused */
	CHECK_EQ(irq_get_wake_depth(irq), 1);
	CHECK(stats_of(&fx, 7).wake);
}

/* A controller level that has no wake switch. */
static void nop(struct irq_data *d)
{
	(void)d;
}

static const struct irq_chip sleepless_chip = {
	.name	= "sleepless",
	.mask	= nop,
	.unmask	= nop,
	.ack	= nop,
};

TEST(wake_on_a_controller_that_cannot_is_enxio_named_once)
{
	struct fixture fx;
	char want[64];
	int irq;

	fx_init(&fx, 1, SIMPIC_ACK);
	irq = irq_alloc_descs(-1, 1);
	CHECK(irq >= 0);
	CHECK_EQ(irq_set_chip((unsigned int)irq, &sleepless_chip, NULL), 0);
	sim_console_clear();
	CHECK_EQ(enable_irq_wake((unsigned int)irq), -ENXIO);
	CHECK_EQ(enable_irq_wake((unsigned int)irq), -ENXIO);
	CHECK_EQ(irq_get_wake_depth((unsigned int)irq), 0);
	snprintf(want, sizeof(want), "irq %d: no level of its controller can wake", irq);
	CHECK_EQ(console_count(want), 1);		/* named once, not per call */
	CHECK_EQ(console_count("can wake"), 1);
	/* A flat line has no parent to ask either. */
	CHECK_EQ(irq_chip_set_wake_parent(irq_get_irq_data((unsigned int)irq), 1), -ENXIO);
}

/* A child level over the simulated PIC: with or without a wake switch of its own. */
static unsigned int child_wakes;

static int child_set_wake(struct irq_data *d, unsigned int on)
{
	child_wakes++;
	return irq_chip_set_wake_parent(d, on);
}

static const struct irq_chip child_plain = {
	.name	= "child",
	.mask	= irq_chip_mask_parent,
	.unmask	= irq_chip_unmask_parent,
	.eoi	= irq_chip_eoi_parent,
};

static const struct irq_chip child_waking = {
	.name		= "child-wake",
	.mask		= irq_chip_mask_parent,
	.unmask		= irq_chip_unmask_parent,
	.eoi		= irq_chip_eoi_parent,
	.set_wake	= child_set_wake,
};

static int child_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr, void *arg)
{
	for (unsigned int i = 0; i < nr; i++)
		irq_domain_set_hwirq_and_chip(d, virq + i, i, arg, NULL);
	return 0;
}

static const struct irq_domain_ops child_ops = { .alloc = child_alloc };

static void wake_through_hierarchy(const struct irq_chip *chip, unsigned int own_calls)
{
	struct fixture fx;
	struct irq_domain *d;
	struct irq_data *top;
	int irq;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	CHECK_EQ(simpic_enable_hierarchy(fx.pic, 16, 8), 0);
	d = irq_domain_create_hierarchy(simpic_domain(fx.pic), "child", 0, &child_ops, NULL);
	CHECK(d != NULL);
	irq = irq_domain_alloc_irqs(d, 1, -1, (void *)chip);
	CHECK(irq >= 0);
	top = irq_get_irq_data((unsigned int)irq);
	child_wakes = 0;
	CHECK_EQ(enable_irq_wake((unsigned int)irq), 0);
	CHECK_EQ(child_wakes, own_calls);
	CHECK(stats_of(&fx, top->parent_data->hwirq).wake);	/* the PIC level can */
	CHECK_EQ(disable_irq_wake((unsigned int)irq), 0);
	CHECK(!stats_of(&fx, top->parent_data->hwirq).wake);
	CHECK_EQ(stats_of(&fx, top->parent_data->hwirq).wake_calls, 2);
}

TEST(wake_falls_back_to_the_parent_level)
{
	wake_through_hierarchy(&child_plain, 0);
}

TEST(wake_of_a_child_level_that_asks_its_parent)
{
	wake_through_hierarchy(&child_waking, 1);
}

/* The lines of a sleep: plain, wake, NO_SUSPEND (edge), and a plain level line. */
struct sleep {
	struct fixture	fx;
	struct dev	plain, wake, live, level;
};

static void sleep_init(struct sleep *s, enum simpic_style style)
{
	fx_init(&s->fx, 1, style);
	dev_init(&s->plain, &s->fx, 3, false);
	dev_init(&s->wake, &s->fx, 4, false);
	dev_init(&s->live, &s->fx, 5, false);
	dev_init(&s->level, &s->fx, 6, true);
	CHECK_EQ(dev_request(&s->plain, 0, "plain"), 0);
	CHECK_EQ(dev_request(&s->wake, 0, "button"), 0);
	CHECK_EQ(dev_request(&s->live, IRQF_NO_SUSPEND, "timer"), 0);
	CHECK_EQ(dev_request(&s->level, 0, "level"), 0);
	CHECK_EQ(enable_irq_wake((unsigned int)s->wake.irq), 0);
}

static void suspend_keeps_events_and_a_wake_line_wakes(enum simpic_style style)
{
	struct sleep s;
	char text[128];

	sleep_init(&s, style);
	suspend_device_irqs();
	CHECK_EQ(irq_get_depth((unsigned int)s.plain.irq), 1);
	CHECK_EQ(irq_get_depth((unsigned int)s.level.irq), 1);
	CHECK_EQ(irq_get_depth((unsigned int)s.wake.irq), 0);	/* armed, not disabled */
	CHECK_EQ(irq_get_depth((unsigned int)s.live.irq), 0);
	CHECK(!pm_wakeup_pending());

	/* Asleep: only the NO_SUSPEND line runs its handler. */
	dev_raise(&s.plain);
	dev_raise(&s.level);
	dev_raise(&s.live);
	sim_run(0);
	CHECK_EQ(atomic_load(&s.plain.calls), 0);
	CHECK_EQ(atomic_load(&s.level.calls), 0);
	CHECK_EQ(atomic_load(&s.live.calls), 1);
	CHECK(!pm_wakeup_pending());
	CHECK_EQ(irq_pm_wakeup_irq(), -ENOENT);

	/* The wake line: its event wakes, its handler waits for the resume. */
	dev_raise(&s.wake);
	sim_run(0);
	CHECK_EQ(atomic_load(&s.wake.calls), 0);
	CHECK(pm_wakeup_pending());
	CHECK_EQ(irq_pm_wakeup_irq(), s.wake.irq);
	CHECK_EQ(irq_get_depth((unsigned int)s.wake.irq), 1);
	snprintf(text, sizeof(text), "%d button\n", s.wake.irq);
	CHECK_EQ(irq_pm_wakeup_reason(text + 64, 64), (int)strlen(text));
	CHECK_STR(text + 64, text);
	dev_raise(&s.wake);				/* a second press: no second reason */
	sim_run(0);
	CHECK_EQ(irq_pm_wakeup_irq(), s.wake.irq);

	resume_device_irqs();
	sim_run(0);
	/* Every kept event ran once, the wake line's too; nothing is left disabled. */
	CHECK_EQ(atomic_load(&s.plain.calls), 1);
	CHECK_EQ(atomic_load(&s.level.calls), 1);
	CHECK_EQ(atomic_load(&s.wake.calls), 1);
	CHECK_EQ(atomic_load(&s.live.calls), 1);
	CHECK_EQ(atomic_load(&s.wake.want), 0);
	const struct dev *all[] = { &s.plain, &s.wake, &s.live, &s.level };

	for (unsigned int i = 0; i < 4; i++) {
		CHECK_EQ(irq_get_depth((unsigned int)all[i]->irq), 0);
		fx_check_ended_once(&s.fx, all[i]->hw, style);
	}
	CHECK_EQ(irq_pm_wakeup_irq(), s.wake.irq);	/* the reason stays until the next sleep */
	CHECK(!sim_console_contains("unbalanced"));
	/* Awake, the lines behave as before. */
	dev_raise(&s.plain);
	dev_raise(&s.wake);
	sim_run(0);
	CHECK_EQ(atomic_load(&s.plain.calls), 2);
	CHECK_EQ(atomic_load(&s.wake.calls), 2);
}

TEST_EACH_CHIP(suspend_keeps_events_and_a_wake_line_wakes, suspend_keeps_events_and_a_wake_line_wakes)

/* An edge kept by a controller that cannot retrigger, nor latch while masked. */
TEST(suspend_edge_replayed_in_software)
{
	struct sleep s;

	sleep_init(&s, SIMPIC_FASTEOI);
	simpic_set_fault(s.fx.pic, 3, SIMPIC_NO_RETRIGGER | SIMPIC_DROP_MASKED_EDGE);
	suspend_device_irqs();
	dev_raise(&s.plain);
	sim_run(0);
	CHECK_EQ(atomic_load(&s.plain.calls), 0);
	CHECK(!pm_wakeup_pending());		/* not a wake line */
	resume_device_irqs();
	sim_run(0);
	CHECK_EQ(atomic_load(&s.plain.calls), 1);
	CHECK_EQ(atomic_load(&s.plain.handled), 1);
}

TEST(suspend_leaves_a_line_a_driver_disabled_disabled)
{
	struct sleep s;

	sleep_init(&s, SIMPIC_ACK);
	disable_irq((unsigned int)s.plain.irq);
	suspend_device_irqs();
	CHECK_EQ(irq_get_depth((unsigned int)s.plain.irq), 2);
	resume_device_irqs();
	CHECK_EQ(irq_get_depth((unsigned int)s.plain.irq), 1);
	resume_device_irqs();			/* a resume without a sleep: nothing */
	CHECK_EQ(irq_get_depth((unsigned int)s.plain.irq), 1);
	CHECK_EQ(irq_get_depth((unsigned int)s.level.irq), 0);
	CHECK(!sim_console_contains("unbalanced"));
}

TEST(suspend_leaves_unused_and_chained_lines_alone)
{
	struct fixture fx;
	struct dev unused;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&unused, &fx, 9, false);
	suspend_device_irqs();
	CHECK_EQ(irq_get_depth((unsigned int)unused.irq), 1);	/* as before: never started */
	resume_device_irqs();
	CHECK_EQ(irq_get_depth((unsigned int)unused.irq), 1);
	CHECK(!sim_console_contains("unbalanced"));
}

TEST(wake_without_a_sleep_just_runs_the_handler)
{
	struct sleep s;

	sleep_init(&s, SIMPIC_FASTEOI);
	dev_raise(&s.wake);
	sim_run(0);
	CHECK_EQ(atomic_load(&s.wake.calls), 1);
	CHECK(!pm_wakeup_pending());
}

TEST(early_resume_lines_come_back_first)
{
	struct fixture fx;
	struct dev early, late;

	fx_init(&fx, 1, SIMPIC_ACK);
	dev_init(&early, &fx, 1, false);
	dev_init(&late, &fx, 2, false);
	CHECK_EQ(dev_request(&early, IRQF_EARLY_RESUME, "early"), 0);
	CHECK_EQ(dev_request(&late, 0, "late"), 0);
	suspend_device_irqs();
	dev_raise(&early);
	sim_run(0);
	irq_pm_syscore_resume();
	sim_run(0);
	CHECK_EQ(irq_get_depth((unsigned int)early.irq), 0);
	CHECK_EQ(atomic_load(&early.calls), 1);	/* its kept edge, replayed */
	CHECK_EQ(irq_get_depth((unsigned int)late.irq), 1);
	resume_device_irqs();
	CHECK_EQ(irq_get_depth((unsigned int)early.irq), 0);	/* not enabled twice */
	CHECK_EQ(irq_get_depth((unsigned int)late.irq), 0);
	CHECK(!sim_console_contains("unbalanced"));
}

static irqreturn_t other_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_NONE;
}

static void no_suspend_shared(unsigned long other_flags, unsigned int reports)
{
	struct fixture fx;
	struct dev d;
	int other;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 8, false);
	CHECK_EQ(dev_request(&d, IRQF_SHARED | IRQF_NO_SUSPEND, "timer"), 0);
	CHECK_EQ(request_irq((unsigned int)d.irq, other_handler, IRQF_SHARED | other_flags,
			     "other", &other), 0);
	sim_console_clear();
	suspend_device_irqs();
	CHECK_EQ(irq_get_depth((unsigned int)d.irq), 0);	/* live either way */
	dev_raise(&d);
	sim_run(0);
	CHECK_EQ(atomic_load(&d.calls), 1);
	resume_device_irqs();
	suspend_device_irqs();
	resume_device_irqs();
	CHECK_EQ(console_count("IRQF_NO_SUSPEND shared"), reports);	/* once per line */
}

TEST(no_suspend_shared_with_a_plain_handler_is_reported)
{
	no_suspend_shared(0, 1);
}

TEST(no_suspend_shared_with_cond_suspend_is_accepted)
{
	no_suspend_shared(IRQF_COND_SUSPEND, 0);
}

TEST(pm_system_wakeup_is_a_software_reason)
{
	struct sleep s;
	char text[32];

	sleep_init(&s, SIMPIC_ACK);
	suspend_device_irqs();
	pm_system_wakeup();
	CHECK(pm_wakeup_pending());
	CHECK_EQ(irq_pm_wakeup_irq(), -ENOENT);
	irq_pm_wakeup_reason(text, sizeof(text));
	CHECK_STR(text, "software\n");
	resume_device_irqs();
	suspend_device_irqs();			/* a new sleep forgets it */
	CHECK(!pm_wakeup_pending());
	irq_pm_wakeup_reason(text, sizeof(text));
	CHECK_STR(text, "none\n");
	resume_device_irqs();
}

TEST(proc_shows_wake_lines_and_the_reason)
{
	struct sleep s;
	char buf[128], path[64], want[64];

	sleep_init(&s, SIMPIC_FASTEOI);
	snprintf(path, sizeof(path), "/proc/irq/%d/wakeup", s.wake.irq);
	CHECK(irq_proc_read(path, buf, sizeof(buf)) > 0);
	CHECK_STR(buf, "enabled\ndepth 1\nstate live\n");
	suspend_device_irqs();
	CHECK(irq_proc_read(path, buf, sizeof(buf)) > 0);
	CHECK_STR(buf, "enabled\ndepth 1\nstate armed\n");
	snprintf(path, sizeof(path), "/proc/irq/%d/wakeup", s.plain.irq);
	CHECK(irq_proc_read(path, buf, sizeof(buf)) > 0);
	CHECK_STR(buf, "disabled\ndepth 0\nstate suspended\n");
	dev_raise(&s.wake);
	sim_run(0);
	CHECK(irq_proc_read("/sys/power/wakeup_reason", buf, sizeof(buf)) > 0);
	snprintf(want, sizeof(want), "%d button\n", s.wake.irq);
	CHECK_STR(buf, want);
	CHECK_EQ(irq_proc_write("/sys/power/wakeup_reason", "1", 1), -ENOENT);
	resume_device_irqs();
	CHECK(irq_proc_read(path, buf, sizeof(buf)) > 0);
	CHECK_STR(buf, "disabled\ndepth 0\nstate live\n");
	snprintf(path, sizeof(path), "/proc/irq/%d", s.plain.irq);
	CHECK(irq_proc_list(path, buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "wakeup\n") != NULL);
}

/* The demo shell's raise and suspend, on the simulated machine. */
static char shell_out[4096];
static size_t shell_len;

static void shell_write(const char *text, size_t len)
{
	if (shell_len + len >= sizeof(shell_out))
		shell_len = 0;
	memcpy(shell_out + shell_len, text, len);
	shell_len += len;
	shell_out[shell_len] = '\0';
}

static void shell_type(struct shell *sh, const char *keys)
{
	shell_len = 0;
	shell_out[0] = '\0';
	while (*keys)
		shell_input(sh, *keys++);
}

TEST(shell_raise_injects_at_the_controller)
{
	static struct shell sh;
	struct fixture fx;
	struct dev d;
	char line[32], want[96];

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	shell_init(&sh, shell_write, NULL, 0);
	dev_init(&d, &fx, 6, false);
	CHECK_EQ(dev_request(&d, 0, "dev"), 0);
	atomic_store(&d.want, 1);
	snprintf(line, sizeof(line), "raise %d\r", d.irq);
	shell_type(&sh, line);
	CHECK_EQ(atomic_load(&d.handled), 1);
	snprintf(want, sizeof(want), "irq %d raised at its controller: events 0 -> 1 (+1)\n",
		 d.irq);
	CHECK(strstr(shell_out, want) != NULL);
	shell_type(&sh, "raise 1000\r");
	CHECK(strstr(shell_out, "error: raise") != NULL);
}

/* The machine's wait: time passes; the third wait, the button is pressed. */
static struct sleep *idle_sleep;
static unsigned int idles;

static void sim_idle(void)
{
	CHECK_EQ(atomic_load(&idle_sleep->plain.calls), 0);	/* asleep: never runs */
	CHECK_EQ(atomic_load(&idle_sleep->wake.calls), 0);
	if (++idles == 3)
		dev_raise(&idle_sleep->wake);
	dev_raise(&idle_sleep->live);		/* a NO_SUSPEND timer ticks meanwhile */
	dev_raise(&idle_sleep->plain);		/* a suspended device fires too */
	sim_run(0);
}

static const struct shell_machine sim_machine = { .idle = sim_idle };

TEST(shell_suspend_waits_for_the_wake_line)
{
	static struct shell sh;
	struct sleep s;
	char want[96];

	sleep_init(&s, SIMPIC_FASTEOI);
	CHECK_EQ(disable_irq_wake((unsigned int)s.wake.irq), 0);
	shell_init(&sh, shell_write, NULL, 0);
	shell_type(&sh, "suspend\r");			/* no machine wait */
	CHECK(strstr(shell_out, "no wait for an interrupt") != NULL);
	sh.machine = &sim_machine;
	shell_type(&sh, "suspend\r");			/* no wake line */
	CHECK(strstr(shell_out, "error: suspend") != NULL);
	CHECK_EQ(idles, 0);
	idle_sleep = &s;
	snprintf(want, sizeof(want), "suspend %d\r", s.wake.irq);
	shell_type(&sh, want);
	CHECK_EQ(idles, 3);
	CHECK(strstr(shell_out, "suspended: waiting for a wake line\n") != NULL);
	/*
	 * Asleep, the NO_SUSPEND line took its three events; the plain line
	 * one, which masked it, kept; the wake line one, which woke.
	 */
	snprintf(want, sizeof(want), "events while suspended: live %d+3; wake %d+1; suspended %d+1\n",
		 s.live.irq, s.wake.irq, s.plain.irq);
	CHECK(strstr(shell_out, want) != NULL);
	snprintf(want, sizeof(want), "wakeup_reason %d button\n", s.wake.irq);
	CHECK(strstr(shell_out, want) != NULL);
	sim_run(0);
	CHECK_EQ(atomic_load(&s.wake.calls), 1);
	CHECK_EQ(atomic_load(&s.plain.calls), 1);
	CHECK_EQ(atomic_load(&s.live.calls), 3);
	CHECK_EQ(irq_get_wake_depth((unsigned int)s.wake.irq), 0);	/* N's wake was for this sleep */
}

/*
 * `suspend timer`: the machine's wake timer (a line of its own, requested
 * at the first use) is the only wake line. A key on the console (a level
 * line, suspended: masked at once) does not wake the machine; the timer,
 * fired at the third wait once armed, does. The key's event is held and
 * delivered at the resume. Without a wake timer, or with one whose line
 * cannot be had, `suspend timer` is refused with the reason.
 */
static struct sleep *timer_sleep;
static struct dev alarm_dev;
static unsigned int armed_ms, timer_idles;

static int alarm_setup(void)
{
	int err;

	dev_init(&alarm_dev, &timer_sleep->fx, 7, false);
	err = dev_request(&alarm_dev, 0, "alarm");
	return err ? err : alarm_dev.irq;
}

static int alarm_setup_fails(void)
{
	return -EBUSY;
}

static void alarm_arm(unsigned int ms)
{
	armed_ms = ms;
}

static void timer_idle(void)
{
	if (++timer_idles <= 3)				/* asleep: never runs */
		CHECK_EQ(atomic_load(&timer_sleep->level.calls), 0);
	if (timer_idles == 1)
		dev_raise(&timer_sleep->level);		/* a key typed */
	if (timer_idles == 3 && armed_ms)
		dev_raise(&alarm_dev);
	dev_raise(&timer_sleep->live);
	sim_run(0);
}

static const struct shell_machine timer_machine = { .idle = timer_idle };

TEST(shell_suspend_timer_wakes_by_the_timer_not_the_console)
{
	static const struct pm_wake_timer broken = { .name = "broken", .setup = alarm_setup_fails,
						     .arm = alarm_arm };
	static const struct pm_wake_timer alarm = { .name = "alarm", .setup = alarm_setup,
						    .arm = alarm_arm };
	static struct shell sh;
	struct sleep s;
	char want[128];

	sleep_init(&s, SIMPIC_FASTEOI);
	CHECK_EQ(disable_irq_wake((unsigned int)s.wake.irq), 0);
	shell_init(&sh, shell_write, NULL, 0);
	sh.machine = &timer_machine;
	timer_sleep = &s;
	pm_set_wake_timer(NULL);
	shell_type(&sh, "suspend timer\r");
	CHECK(strstr(shell_out, "error: suspend: no such device (-19): this machine has no timer "
			     "line to wake it") != NULL);
	/* Booted with wake=timer: a plain suspend is suspend timer. */
	pm_set_wake_by_timer(true);
	shell_len = 0;
	shell_out[0] = '\0';
	shell_type(&sh, "suspend\r");
	CHECK(strstr(shell_out, "error: suspend: no such device (-19): this machine has no timer "
			     "line to wake it") != NULL);
	pm_set_wake_by_timer(false);
	shell_len = 0;
	shell_out[0] = '\0';
	shell_type(&sh, "suspend\r");
	CHECK(strstr(shell_out, "no wake line (suspend N makes line N one)") != NULL);
	CHECK_EQ(timer_idles, 0);
	pm_set_wake_timer(&broken);
	shell_type(&sh, "suspend timer\r");
	CHECK(strstr(shell_out, "its wake timer broken has no line (-16)") != NULL);
	CHECK_EQ(timer_idles, 0);
	CHECK_EQ(armed_ms, 0);

	pm_set_wake_timer(&alarm);
	shell_type(&sh, "suspend timer\r");
	CHECK_EQ(armed_ms, PM_WAKE_TIMER_MS);
	/* The key (first wait) did not wake it; the fourth wait is after the resume. */
	CHECK_EQ(timer_idles, 4);
	snprintf(want, sizeof(want), "wake timer: alarm, irq %d, fires %u ms or later from now; "
		 "the console is no wake line\n", alarm_dev.irq, PM_WAKE_TIMER_MS);
	CHECK(strstr(shell_out, want) != NULL);
	snprintf(want, sizeof(want), "events while suspended: live %d+3; wake %d+1; suspended none\n",
		 s.live.irq, alarm_dev.irq);
	CHECK(strstr(shell_out, want) != NULL);
	snprintf(want, sizeof(want), "suspended lines after the resume: %d+1\n", s.level.irq);
	CHECK(strstr(shell_out, want) != NULL);
	snprintf(want, sizeof(want), "wakeup_reason %d alarm\n", alarm_dev.irq);
	CHECK(strstr(shell_out, want) != NULL);
	CHECK_EQ(atomic_load(&s.level.handled), 1);	/* the key, delivered at the resume */
	CHECK_EQ(atomic_load(&alarm_dev.handled), 1);
	CHECK_EQ(irq_get_wake_depth((unsigned int)alarm_dev.irq), 0);
	pm_set_wake_timer(NULL);
}

/*
 * Suspend and resume on one CPU while another takes the lines' events:
 * the wake line's entry is switched and switched back under its lock
 * while events run through it (TSan sees every access), and no edge is
 * lost: once the last resume ran, every event raised has been handled.
 * Each sleep waits for a new round of raises, so the two CPUs overlap
 * however the host schedules their threads.
 */
#define SLEEPS		200
static struct sleep race;
static atomic_int sleeps_done;
static atomic_uint raise_rounds;

static void raises_on_cpu1(void *arg)
{
	(void)arg;
	while (!atomic_load(&sleeps_done)) {
		dev_raise(&race.plain);
		dev_raise(&race.wake);
		sim_poll();
		atomic_fetch_add(&raise_rounds, 1);
	}
}

static void sleeps_on_cpu2(void *arg)
{
	(void)arg;
	for (unsigned int i = 0; i < SLEEPS; i++) {
		while (atomic_load(&raise_rounds) <= i)
			sched_yield();
		suspend_device_irqs();
		resume_device_irqs();
	}
	atomic_store(&sleeps_done, 1);
}

TEST(suspend_and_resume_race_events_on_another_cpu)
{
	struct irq_cpumask cpu1;

	fx_init(&race.fx, 3, SIMPIC_FASTEOI);
	dev_init(&race.plain, &race.fx, 3, false);
	dev_init(&race.wake, &race.fx, 4, false);
	CHECK_EQ(dev_request(&race.plain, 0, "plain"), 0);
	CHECK_EQ(dev_request(&race.wake, 0, "button"), 0);
	CHECK_EQ(enable_irq_wake((unsigned int)race.wake.irq), 0);
	/* The simulated clock stands still: 50,000 events would be a storm. */
	CHECK_EQ(irq_set_storm_limit((unsigned int)race.plain.irq, 0, 0), 0);
	CHECK_EQ(irq_set_storm_limit((unsigned int)race.wake.irq, 0, 0), 0);
	cpumask_clear(&cpu1);
	cpumask_set_cpu(1, &cpu1);
	CHECK_EQ(irq_set_affinity((unsigned int)race.plain.irq, &cpu1), 0);
	CHECK_EQ(irq_set_affinity((unsigned int)race.wake.irq, &cpu1), 0);
	CHECK_EQ(sim_thread_start(1, raises_on_cpu1, NULL), 0);
	CHECK_EQ(sim_thread_start(2, sleeps_on_cpu2, NULL), 0);
	sim_thread_join_all();
	fx_drain_cpus01();
	CHECK_EQ(irq_get_depth((unsigned int)race.plain.irq), 0);
	CHECK_EQ(irq_get_depth((unsigned int)race.wake.irq), 0);
	CHECK_EQ(atomic_load(&race.plain.want), 0);
	CHECK_EQ(atomic_load(&race.wake.want), 0);
	CHECK(atomic_load(&race.wake.handled) > 0);
	CHECK(!sim_console_contains("unbalanced"));
}

/* The debugfs dump's wdepth is the line's wake requests (it said 0 always). */
TEST(debugfs_wdepth_is_the_wake_requests)
{
	struct sleep s;
	char path[64], buf[2048];

	sleep_init(&s, SIMPIC_FASTEOI);
	CHECK_EQ(enable_irq_wake((unsigned int)s.wake.irq), 0);	/* two held */
	snprintf(path, sizeof(path), "/sys/kernel/debug/irq/irqs/%d", s.wake.irq);
	CHECK(irq_proc_read(path, buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "\nwdepth:   2\n") != NULL);
	snprintf(path, sizeof(path), "/sys/kernel/debug/irq/irqs/%d", s.plain.irq);
	CHECK(irq_proc_read(path, buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "\nwdepth:   0\n") != NULL);
}

/* A second suspend without a resume changes nothing: one resume undoes it. */
TEST(suspend_twice_needs_one_resume)
{
	struct sleep s;

	sleep_init(&s, SIMPIC_ACK);
	suspend_device_irqs();
	suspend_device_irqs();
	CHECK_EQ(irq_get_depth((unsigned int)s.plain.irq), 1);
	resume_device_irqs();
	CHECK_EQ(irq_get_depth((unsigned int)s.plain.irq), 0);
	CHECK_EQ(irq_get_depth((unsigned int)s.level.irq), 0);
}

// SPDX-License-Identifier: MIT
/* The demo shell's line editing, as a person types at a terminal. */
#include "fixture.h"
#include <genirq/compat.h>
#include <genirq/irqdomain.h>
#include "shell.h"

static char out[8192];
static size_t out_len;

static void out_write(const char *text, size_t len)
{
	if (out_len + len >= sizeof(out))
		out_len = 0;
	memcpy(out + out_len, text, len);
	out_len += len;
	out[out_len] = '\0';
}

static void type(struct shell *sh, const char *keys)
{
	while (*keys)
		shell_input(sh, *keys++);
}

static struct shell *fresh_shell(void)
{
	static struct shell sh;
	static struct fixture fx;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	shell_init(&sh, out_write, NULL, 0);
	out_len = 0;
	out[0] = '\0';
	return &sh;
}

TEST(shell_arrow_and_function_keys_leave_the_line_as_typed)
{
	struct shell *sh = fresh_shell();

	/* "he", up arrow, left arrow, Ctrl+Right, F5 (ESC [ 1 5 ~), SS3 Home, then "lp" */
	type(sh, "he\x1b[A\x1b[D\x1b[1;5C\x1b[15~\x1bOHlp\r");
	CHECK(strstr(out, "error") == NULL);
	CHECK(strstr(out, "cat /proc/interrupts") != NULL);	/* help's text: it ran */
	CHECK_EQ(sh->lines, 1);
}

/* A lone ESC (no Meta bindings here) is dropped alone: the next byte counts. */
TEST(shell_lone_esc_drops_only_itself)
{
	struct shell *sh = fresh_shell();

	type(sh, "\x1bhelp\r");
	CHECK(strstr(out, "unknown command") == NULL);
	CHECK(strstr(out, "cat /proc/interrupts") != NULL);
	CHECK_EQ(sh->lines, 1);
	out_len = 0;
	out[0] = '\0';
	type(sh, "\x1b\r");			/* ESC, then Enter: a new prompt */
	CHECK(strstr(out, "genirq> ") != NULL);
	CHECK_EQ(sh->esc, 0);
}

TEST(shell_line_editing_backspace_ctrl_u_ctrl_c_and_tab)
{
	struct shell *sh = fresh_shell();

	type(sh, "hxx\b\x7f" "elp\r");		/* backspace and delete */
	CHECK(strstr(out, "error") == NULL);
	CHECK_EQ(sh->lines, 1);
	out_len = 0;
	type(sh, "bogus\x15help\r");		/* Ctrl-U: start again */
	CHECK(strstr(out, "unknown command") == NULL);
	CHECK_EQ(sh->lines, 2);
	out_len = 0;
	out[0] = '\0';
	type(sh, "bogus\x03");			/* Ctrl-C: the line is dropped */
	CHECK(strstr(out, "^C") != NULL);
	type(sh, "\r");
	CHECK(strstr(out, "unknown command") == NULL);
	out_len = 0;
	out[0] = '\0';
	type(sh, "cat\t/proc/interrupts\r");	/* TAB counts as a space */
	CHECK(strstr(out, "CPU0") != NULL);
	CHECK(strstr(out, "error") == NULL);
}

/* irqtop's machine: each idle call is 10 ms in which the device fires once. */
static struct dev top_dev;
static struct rx_ring top_rx;
static unsigned int top_idles, top_key_at;

static void top_idle(void)
{
	sim_time_advance(10 * 1000 * 1000);
	dev_raise(&top_dev);
	if (++top_idles == top_key_at)
		rx_ring_put(&top_rx, 0x03);	/* Ctrl-C */
}

static const struct shell_machine top_machine = { .idle = top_idle };

static struct shell *top_shell(void)
{
	struct shell *sh = fresh_shell();
	static struct fixture fx;

	fx_init(&fx, 1, SIMPIC_FASTEOI);
	dev_init(&top_dev, &fx, 2, false);
	CHECK_EQ(dev_request(&top_dev, 0, "ticker"), 0);
	memset(&top_rx, 0, sizeof(top_rx));
	top_idles = 0;
	top_key_at = 0;
	sh->machine = &top_machine;
	return sh;
}

static unsigned int count_of(const char *text, const char *needle)
{
	unsigned int n = 0;

	for (const char *p = text; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

TEST(shell_irqtop_n_shows_n_screens_of_rates_a_second_apart)
{
	struct shell *sh = top_shell();
	uint64_t t0 = sim_time_ns();

	CHECK_EQ(shell_exec(sh, "irqtop 2"), 0);
	CHECK_EQ(count_of(out, "irqtop: 1000 ms, 1 CPUs, 1 lines, busiest first\n"), 2);
	CHECK_EQ(count_of(out, "   0 ticker                100         100       100\n"), 1);
	CHECK_EQ(count_of(out, "   0 ticker                100         200       100\n"), 1);
	CHECK_EQ(count_of(out, "\033["), 0);		/* a count: plain text, no screen control */
	CHECK_EQ(sim_time_ns() - t0, 2000ull * 1000 * 1000);
	CHECK_EQ(top_idles, 200);
}

TEST(shell_irqtop_without_n_refreshes_until_ctrl_c_and_takes_it)
{
	struct shell *sh = top_shell();

	sh->rx = &top_rx;
	top_key_at = 250;			/* after the second screen */
	CHECK_EQ(shell_exec(sh, "irqtop"), 0);
	CHECK(strstr(out, "Ctrl-C stops it") != NULL);
	CHECK_EQ(count_of(out, "\033[H\033[J"), 2);
	CHECK_EQ(count_of(out, "busiest first"), 2);
	CHECK_EQ(top_idles, 250);
	CHECK_EQ(rx_ring_get(&top_rx), -1);	/* the Ctrl-C was irqtop's */
}

/* Pasted "irqtop", then "ticks": ticks is the next command, not a key. */
TEST(shell_irqtop_keeps_typed_ahead_input_for_the_shell)
{
	struct shell *sh = top_shell();
	const char *ahead = "ticks\r";

	sh->rx = &top_rx;
	for (const char *p = ahead; *p; p++)
		rx_ring_put(&top_rx, *p);
	top_key_at = 150;
	CHECK_EQ(shell_exec(sh, "irqtop"), 0);
	CHECK_EQ(top_idles, 150);		/* ran on past the typed-ahead bytes */
	CHECK_EQ(count_of(out, "busiest first"), 1);
	for (const char *p = ahead; *p; p++)	/* every byte kept, in order */
		CHECK_EQ(rx_ring_get(&top_rx), (unsigned char)*p);
	CHECK_EQ(rx_ring_get(&top_rx), -1);	/* the Ctrl-C taken */
}

/* Ctrl-C typed behind other input still stops irqtop, and only it is taken. */
TEST(shell_irqtop_n_stops_at_once_on_ctrl_c)
{
	struct shell *sh = top_shell();

	sh->rx = &top_rx;
	rx_ring_put(&top_rx, 'x');
	top_key_at = 150;			/* in the second of 5 seconds */
	CHECK_EQ(shell_exec(sh, "irqtop 5"), 0);
	CHECK_EQ(top_idles, 150);
	CHECK_EQ(count_of(out, "busiest first"), 1);
	CHECK_EQ(rx_ring_get(&top_rx), 'x');
	CHECK_EQ(rx_ring_get(&top_rx), -1);
}

TEST(shell_irqtop_without_a_key_source_shows_one_screen)
{
	struct shell *sh = top_shell();

	CHECK_EQ(shell_exec(sh, "irqtop"), 0);
	CHECK_EQ(count_of(out, "busiest first"), 1);
	CHECK_EQ(top_idles, 100);
}

TEST(shell_irqtop_bad_arguments_are_refused_before_any_wait)
{
	static const char *const bad[] = { "irqtop 0", "irqtop x", "irqtop 101", "irqtop 1 2",
					   "irqtop -1" };
	struct shell *sh = top_shell();

	for (unsigned int i = 0; i < GENIRQ_ARRAY_SIZE(bad); i++) {
		out_len = 0;
		out[0] = '\0';
		CHECK_EQ(shell_exec(sh, bad[i]), -EINVAL);
		CHECK(strstr(out, "error: irqtop: invalid argument (-22); usage: irqtop [N]") != NULL);
		CHECK(strstr(out, "busiest") == NULL);
	}
	CHECK_EQ(top_idles, 0);
}

TEST(shell_cat_shows_the_debugfs_dump_and_refuses_bad_numbers)
{
	struct shell *sh = top_shell();

	CHECK_EQ(shell_exec(sh, "cat /sys/kernel/debug/irq/irqs/0"), 0);
	CHECK(strstr(out, "handler:  handle_fasteoi_irq\naction:   ticker\n") != NULL);
	out_len = 0;
	out[0] = '\0';
	CHECK_EQ(shell_exec(sh, "cat /sys/kernel/debug/irq/irqs/4096"), -ENOENT);
	CHECK(strstr(out, "error: cat: no such file or directory (-2)") != NULL);
	CHECK_EQ(shell_exec(sh, "ls /sys/kernel/debug/irq/irqs"), 0);
	CHECK(strstr(out, "\n0\n") != NULL);
}

/* On one CPU, a mask of CPU 1: the answer names the CPU that is not there. */
TEST(shell_affinity_to_a_cpu_that_does_not_exist_says_which)
{
	struct shell *sh = top_shell();

	CHECK_EQ(shell_exec(sh, "echo 2 > /proc/irq/0/smp_affinity"), -EINVAL);
	CHECK(strstr(out, "error: echo: invalid argument (-22): CPU 1 does not exist, this machine has 1 CPU\n") != NULL);
	CHECK(strstr(out, "cannot route") == NULL);
	out_len = 0;
	out[0] = '\0';
	CHECK_EQ(shell_exec(sh, "echo 0 > /proc/irq/0/smp_affinity"), -EINVAL);
	CHECK(strstr(out, "error: echo: invalid argument (-22): the mask names no CPU\n") != NULL);
	out_len = 0;
	out[0] = '\0';
	CHECK_EQ(shell_exec(sh, "echo x > /proc/irq/0/smp_affinity"), -EINVAL);
	CHECK(strstr(out, "error: echo: invalid argument (-22); usage: echo MASK") != NULL);
}

/*
 * A line moved only from its own event (as an IO-APIC edge line), idle:
 * the write is said to wait for the next event, the dump shows the move
 * pending, and the event carries it out.
 */
TEST(shell_affinity_move_at_the_next_event_is_said_and_shown_pending)
{
	struct shell *sh = fresh_shell();
	static struct fixture fx;
	static struct dev d;
	char cmd[64];

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	dev_init(&d, &fx, 3, false);
	CHECK_EQ(dev_request(&d, 0, "edge"), 0);
	irq_data_set_move_at_event(irq_get_irq_data((unsigned int)d.irq), true);
	snprintf(cmd, sizeof(cmd), "echo 2 > /proc/irq/%d/smp_affinity", d.irq);
	CHECK_EQ(shell_exec(sh, cmd), 0);
	CHECK(strstr(out, "moves to CPU 1 at its next event; until then it stays on CPU 0\n") != NULL);
	snprintf(cmd, sizeof(cmd), "cat /sys/kernel/debug/irq/irqs/%d", d.irq);
	CHECK_EQ(shell_exec(sh, cmd), 0);
	CHECK(strstr(out, "IRQS_MOVE_PENDING") != NULL);
	CHECK(strstr(out, "affinity: 1\neffectiv: 0\n") != NULL);	/* CPU lists */
	dev_raise(&d);
	sim_run(0);
	sim_run(1);
	out_len = 0;
	out[0] = '\0';
	CHECK_EQ(shell_exec(sh, cmd), 0);
	CHECK(strstr(out, "IRQS_MOVE_PENDING") == NULL);
	CHECK(strstr(out, "affinity: 1\neffectiv: 1\n") != NULL);
	/* A move the controller makes at once: nothing more to say. */
	out_len = 0;
	out[0] = '\0';
	irq_data_set_move_at_event(irq_get_irq_data((unsigned int)d.irq), false);
	snprintf(cmd, sizeof(cmd), "echo 1 > /proc/irq/%d/smp_affinity", d.irq);
	CHECK_EQ(shell_exec(sh, cmd), 0);
	CHECK_STR(out, "");
}

static int stub_ticks(struct shell *sh)
{
	shell_printf(sh, "1 tick\n");
	return 0;
}

static unsigned int stub_poweroffs;

static void stub_poweroff(struct shell *sh)
{
	(void)sh;
	stub_poweroffs++;
}

static void stub_dmesg(struct shell *sh)
{
	shell_printf(sh, "boot log\n");
}

/* A machine with a clock, a log and a power switch, no probe, no stacks. */
static const struct shell_machine partial_machine = {
	.ticks		= stub_ticks,
	.poweroff	= stub_poweroff,
	.dmesg		= stub_dmesg,
};

/* Every command help lists, run as its first word alone: each answers
 * (its usage at worst), none "no such device"; one it does not list does. */
TEST(shell_help_lists_only_what_the_machine_has_and_each_entry_works)
{
	struct shell *sh = fresh_shell();
	char help[4096], *p, word[32];
	unsigned int listed = 0;

	sh->machine = &partial_machine;
	CHECK_EQ(shell_exec(sh, "help"), 0);
	snprintf(help, sizeof(help), "%s", out);
	CHECK(strstr(help, "  ticks") != NULL);
	CHECK(strstr(help, "  dmesg") != NULL);
	CHECK(strstr(help, "  poweroff") != NULL);
	CHECK(strstr(help, "  probe") == NULL);
	CHECK(strstr(help, "  stacks") == NULL);
	CHECK(strstr(help, "QEMU") == NULL);
	for (p = help; (p = strstr(p, "\n  ")) != NULL; ) {
		size_t n = 0;

		for (p += 3; p[n] && p[n] != ' ' && p[n] != '\n' && n + 1 < sizeof(word); n++)
			word[n] = p[n];
		word[n] = '\0';
		if (!strcmp(word, "keys:"))
			continue;
		out_len = 0;
		out[0] = '\0';
		CHECK(shell_exec(sh, word) != -ENODEV);
		CHECK(strstr(out, "no such device") == NULL);
		listed++;
	}
	CHECK(listed >= 12);
	CHECK_EQ(stub_poweroffs, 1);
	CHECK_EQ(shell_exec(sh, "stacks"), -ENODEV);
}

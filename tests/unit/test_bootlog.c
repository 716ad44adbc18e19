// SPDX-License-Identifier: MIT
/* The demo kernels' boot log: a quiet boot keeps its details for dmesg. */
#include "fixture.h"
#include "bootlog.h"
#include "scenario.h"
#include "shell.h"

static char screen[4096];
static size_t screen_len;

/* A console as the ports have it: the log sees each write first. */
static void console(const char *text, size_t len)
{
	if (!bootlog_write(text, len))
		return;
	if (screen_len + len >= sizeof(screen))
		len = sizeof(screen) - 1 - screen_len;
	memcpy(screen + screen_len, text, len);
	screen_len += len;
	screen[screen_len] = '\0';
}

static void say(const char *text)
{
	console(text, strlen(text));
}

static void wipe(void)
{
	screen_len = 0;
	screen[0] = '\0';
}

static void no_label(const char *prefix)
{
	(void)prefix;
}

static void quiet_boot(struct scenario_tally *t)
{
	t->write = console;
	t->label = no_label;
	t->reveal = bootlog_reveal;
	t->quiet = true;
	wipe();
	say("banner\n");
	bootlog_begin(bootlog_hides("", t->quiet), console);
	say("genirq: msi: detail\r\n");
	scenario_expect(t, "a stuck interrupt line, disabled");
	say("genirq: irq 11: nobody cared\n");
	scenario_expect_end(t);
	scenario_pass(t, "one", "fine");
	scenario_skip(t, "two", "no harness");
}

static const struct shell_machine log_machine = { .dmesg = bootlog_show };

/* A quiet boot: banner and one summary on the console; dmesg has the rest. */
TEST(bootlog_quiet_boot_shows_banner_and_summary_and_dmesg_the_details)
{
	struct scenario_tally t = { 0 };
	static struct shell sh;

	quiet_boot(&t);
	bootlog_end();
	CHECK_EQ(scenario_summary(&t), 0);
	CHECK_STR(screen, "banner\nboot self-tests: 1 passed, 1 need a harness or hardware "
		  "(make check); 1 fault provoked on purpose (dmesg)\n");
	wipe();
	shell_init(&sh, console, NULL, 0);
	sh.machine = &log_machine;
	CHECK_EQ(shell_exec(&sh, "dmesg"), 0);
	CHECK_STR(screen, "genirq: msi: detail\n"
		  "expected: a stuck interrupt line, disabled, provoked by a self-test\n"
		  "genirq: irq 11: nobody cared\n");
	/* After the boot, the console shows everything and keeps nothing. */
	wipe();
	say("genirq> ticks\n");
	CHECK_STR(screen, "genirq> ticks\n");
	CHECK_EQ(shell_exec(&sh, "dmesg extra"), -EINVAL);
}

/* A self-test that fails shows what the log hid, then its FAIL line. */
TEST(bootlog_a_failure_in_a_quiet_boot_shows_the_hidden_log_first)
{
	struct scenario_tally t = { 0 };

	quiet_boot(&t);
	scenario_fail(&t, "three", "broken");
	CHECK(strstr(screen, "banner\ngenirq: msi: detail\n") == screen);
	CHECK(strstr(screen, "genirq: irq 11: nobody cared\nSCENARIO three: FAIL broken\n") != NULL);
	CHECK_EQ(scenario_summary(&t), 1);
}

/* "verbose" (or a harness) shows every line as it comes. */
TEST(bootlog_verbose_shows_every_line)
{
	CHECK(bootlog_hides("", true));
	CHECK(bootlog_hides(NULL, true));
	CHECK(!bootlog_hides("console=ttyS0 verbose", true));
	CHECK(!bootlog_hides("", false));
	wipe();
	bootlog_begin(false, console);
	say("detail\n");
	bootlog_end();
	CHECK_STR(screen, "detail\n");
}

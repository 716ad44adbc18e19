// SPDX-License-Identifier: MIT
/* The demo shell's line editing, as a person types at a terminal. */
#include "fixture.h"
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

// SPDX-License-Identifier: MIT
/*
 * fuzz_shell.c - the demo shell's line editor and command line.
 *
 * Bytes go through shell_input() as a serial line would bring them; each
 * line ending is a command. A command that printed an error must have
 * changed nothing (masks, depths, counters); any command prints at most
 * one error line; the whole input is also tried once through
 * shell_exec() as a single line.
 */
#include "fuzz.h"
#include "shell.h"

static struct shell sh;
static char out[64 * 1024];
static size_t out_len;

static void out_write(const char *text, size_t len)
{
	FUZZ_ASSERT(len <= SHELL_OUT_MAX + SHELL_LINE_MAX + 64, "write of %zu bytes", len);
	if (out_len + len >= sizeof(out))
		out_len = 0;
	memcpy(out + out_len, text, len);
	out_len += len;
	out[out_len] = '\0';
}

/* Lines of @hay that start with @needle. */
static unsigned int count(const char *hay, const char *needle)
{
	size_t len = strlen(needle);
	unsigned int n = strncmp(hay, needle, len) == 0;

	for (const char *p = hay; (p = strchr(p, '\n')) != NULL; p++)
		n += strncmp(p + 1, needle, len) == 0;
	return n;
}

/*
 * One command's output, from @from: a failure changed nothing and said so
 * in one line (echo may print "error:" itself, so it is not counted).
 */
static void judge(size_t from, const struct fuzz_state *before, const char *cmd)
{
	struct fuzz_state after;
	const char *o = out + (from <= out_len ? from : 0);
	unsigned int errors = count(o, "error:");

	fuzz_snapshot(&after);
	if (strstr(cmd, "echo"))
		errors = errors ? 1 : 0;
	FUZZ_ASSERT(errors <= 1, "%u error lines for one command:\n%s", errors, o);
	if (errors)
		FUZZ_ASSERT(fuzz_state_equal(before, &after), "failed command changed state:\n%s", o);
	for (unsigned int i = 0; i < FUZZ_LINES; i++)
		FUZZ_ASSERT(after.depth[i] >= 0, "negative depth");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_state before;
	char *line;

	fuzz_machine();
	shell_init(&sh, out_write, NULL, 0);
	out_len = 0;
	out[0] = '\0';
	fuzz_snapshot(&before);
	for (size_t i = 0; i < size; i++) {
		char c = (char)data[i];

		if (c == '\r' || c == '\n') {
			size_t from = out_len;

			char cmd[SHELL_LINE_MAX];

			memcpy(cmd, sh.line, sh.len);
			cmd[sh.len] = '\0';
			fuzz_snapshot(&before);
			shell_input(&sh, c);
			judge(from, &before, cmd);
		} else {
			shell_input(&sh, c);
		}
	}
	shell_input(&sh, '\n');
	fuzz_restore();

	/* The whole input as one command line. */
	line = malloc(size + 1);
	memcpy(line, data, size);
	line[size] = '\0';
	fuzz_snapshot(&before);
	{
		size_t from = out_len;
		int ret = shell_exec(&sh, line);

		if (ret && !strstr(line, "echo"))
			FUZZ_ASSERT(count(out + from, "error:") == 1, "error %d printed %u lines", ret,
				    count(out + from, "error:"));
		judge(from, &before, line);
	}
	fuzz_restore();
	free(line);
	return 0;
}

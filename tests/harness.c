// SPDX-License-Identifier: MIT
/*
 * harness.c - the test runner (see harness.h).
 *
 * Usage: <binary> [-j] [name-substring...]; -j runs one test in this
 * process (no fork), for debuggers: each test starts the core afresh in
 * its own process, so tests run one after the other in one process would
 * see each other's lines, and -j refuses to select more than one. Exit
 * status 0 only when every selected test passed and at least one ran.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"

#define MAX_TESTS	512

struct test {
	const char	*name;
	void		(*fn)(void);
};

static struct test tests[MAX_TESTS];
static int nr_tests;

void test_register(const char *name, void (*fn)(void))
{
	if (nr_tests == MAX_TESTS) {
		fprintf(stderr, "harness: more than %d tests\n", MAX_TESTS);
		exit(2);
	}
	tests[nr_tests++] = (struct test){ name, fn };
}

void test_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	fprintf(stdout, "  %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stdout, fmt, ap);
	va_end(ap);
	fprintf(stdout, "\n");
	fflush(stdout);
	_exit(1);
}

static int cmp_test(const void *a, const void *b)
{
	return strcmp(((const struct test *)a)->name, ((const struct test *)b)->name);
}

static bool selected(const char *name, int argc, char **argv, int first)
{
	if (first >= argc)
		return true;
	for (int i = first; i < argc; i++)
		if (strstr(name, argv[i]))
			return true;
	return false;
}

long test_env_number(const char *name, long dflt, long lo, long hi)
{
	const char *env = getenv(name);
	char *end;
	long v;

	if (!env)
		return dflt;
	errno = 0;
	v = strtol(env, &end, 10);
	if (*env < '0' || *env > '9' || *end || errno || v < lo || v > hi) {
		fprintf(stderr, "%s=%s: not a number from %ld to %ld\n", name, env, lo, hi);
		exit(2);
	}
	return v;
}

/* TEST_HANG_SECONDS from the environment, else 600. */
static unsigned int hang_seconds(void)
{
	return (unsigned int)test_env_number("TEST_HANG_SECONDS", 600, 1, 1000000000);
}

static bool run_one(const struct test *t, bool fork_it)
{
	pid_t pid;
	int status;

	fflush(stdout);
	if (!fork_it) {
		t->fn();
		return true;
	}
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return false;
	}
	if (pid == 0) {
		/*
		 * A hang is a failure, not a stuck suite: a test that has not
		 * ended after TEST_HANG_SECONDS (a limit far above any test's
		 * time, TSan included; not a speed bound) is killed and said so.
		 */
		alarm(hang_seconds());
		t->fn();
		fflush(stdout);
		_exit(0);
	}
	if (waitpid(pid, &status, 0) < 0)
		return false;
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
		printf("  still running after %u s: hung, killed\n", hang_seconds());
	else if (WIFSIGNALED(status))
		printf("  killed by signal %d\n", WTERMSIG(status));
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

int main(int argc, char **argv)
{
	int first = 1, passed = 0, failed = 0;
	bool fork_it = true;

	if (argc > 1 && strcmp(argv[1], "-j") == 0) {
		fork_it = false;
		first = 2;
	}
	hang_seconds();		/* a bad value stops here, before any test */
	qsort(tests, (size_t)nr_tests, sizeof(tests[0]), cmp_test);
	if (!fork_it) {
		int n = 0;

		for (int i = 0; i < nr_tests; i++)
			n += selected(tests[i].name, argc, argv, first);
		if (n != 1) {
			fprintf(stderr, "-j runs exactly one test in this process; %d selected "
				"(name a single test)\n", n);
			return 2;
		}
	}
	for (int i = 0; i < nr_tests; i++) {
		if (!selected(tests[i].name, argc, argv, first))
			continue;
		if (run_one(&tests[i], fork_it)) {
			printf("TEST %s: PASS\n", tests[i].name);
			passed++;
		} else {
			printf("TEST %s: FAIL\n", tests[i].name);
			failed++;
		}
	}
	printf("%d passed, %d failed\n", passed, failed);
	return (failed == 0 && passed > 0) ? 0 : 1;
}

/* SPDX-License-Identifier: MIT */
/*
 * shell.h - the demo kernels' serial shell, shared by every port and the
 * host build (where it is also fuzzed).
 *
 * Feed it bytes with shell_input(); it echoes, edits (backspace or DEL
 * erase a character, Ctrl-U the line, Ctrl-C drops it, TAB is a space),
 * and runs a line at CR or LF. Every machine has the same commands and
 * help text: help, cat, ls, echo ... > PATH, disable N, enable N, stats,
 * threads, irqtop [N], and ticks, probe [N], poweroff through the
 * machine's struct shell_machine.
 * A kernel may add commands a harness types (no usage: not in help).
 * A kernel whose receive interrupt fills a struct rx_ring (rxring.h) sets
 * sh->rx and calls shell_feed() from its idle loop: lost input is then
 * reported, and counted in `stats`.
 * Any input gives at worst a one-line "error: ..." and a new prompt.
 * Freestanding: only the genirq core's formatting is used.
 */
#ifndef GENIRQ_DEMO_SHELL_H
#define GENIRQ_DEMO_SHELL_H

#include <stdbool.h>
#include <genirq/compat.h>
#include <stddef.h>

#include "rxring.h"

#define SHELL_LINE_MAX	256		/* longest command line, with its NUL */
#define SHELL_OUT_MAX	8192		/* largest view cat prints whole */
#define SHELL_ARGS_MAX	8
#define SHELL_PROBE_DEVS 2		/* probe N: 1 or 2 */

struct shell;
struct irq_text;

struct shell_cmd {
	const char	*name;
	const char	*usage;		/* for help; NULL: a harness's command, not listed */
	/* Return 0, or a negative errno that the shell turns into one line. */
	int		(*run)(struct shell *sh, int argc, char **argv);
};

/* What ticks, probe and poweroff do on this machine (NULL: -ENOSYS). */
struct shell_machine {
	/* Print one line: timer ticks and the machine's clock. */
	int	(*ticks)(struct shell *sh);
	/* Autoprobe device @dev's line (1, 2: COM1, COM2 or two edus); print it. */
	int	(*probe)(struct shell *sh, unsigned int dev);
	/* The interrupt stacks' rows (high-water, overflows), in the columns
	 * of /proc/interrupts: counts of another kind, kept out of it. */
	void	(*stacks)(struct irq_text *t);
	/* Leave QEMU: with the PASS status when no self-test failed. */
	void	(*poweroff)(struct shell *sh);
	/* Wait for the next interrupt (or a moment), interrupts on: irqtop's
	 * waits. NULL: port_delay_us() in 1 ms steps. */
	void	(*idle)(void);
	/* What this machine is, first in help; NULL: nothing said. */
	const char *about;
	/* The boot's log (dmesg); NULL: no log kept. */
	void	(*dmesg)(struct shell *sh);
};

struct shell {
	void			(*write)(const char *text, size_t len);
	const struct shell_machine *machine;	/* NULL: no ticks, probe, poweroff */
	const struct shell_cmd	*cmds;		/* the kernel's own commands */
	unsigned int		nr_cmds;
	char			line[SHELL_LINE_MAX];
	size_t			len;
	bool			overflow;	/* this line is too long: drop it */
	bool			bad_byte;	/* this line has a control/non-ASCII byte */
	bool			last_cr;	/* swallow the LF of a CRLF */
	unsigned char		esc;		/* inside a terminal escape sequence */
	struct rx_ring		*rx;		/* input ring of shell_feed(); NULL: none */
	bool			input_ended;	/* no more input will come: irqtop
						 * without N stops after a screen */
	unsigned long		bytes;		/* bytes fed to shell_input() */
	unsigned long		lines;		/* command lines run */
	unsigned long		lost_shown;	/* input losses already reported */
	char			why[80];	/* why the command failed; "": the usage */
	char			out[SHELL_OUT_MAX];
};

/* A write that drops the text: for a shell run only for its commands' effects. */
void shell_discard(const char *text, size_t len);
void shell_init(struct shell *sh, void (*write)(const char *text, size_t len),
		const struct shell_cmd *cmds, unsigned int nr_cmds);
void shell_prompt(struct shell *sh);
/* Feed one received byte. */
void shell_input(struct shell *sh, char c);
/* Feed every byte waiting in sh->rx; report bytes the ring or the UART
 * lost since the last call as one error line. */
void shell_feed(struct shell *sh);
/* The statistics line: lines run, and sh->rx's counters (also `stats`). */
void shell_stats(struct shell *sh);
/* Run one command line (NUL-ended, no newline). Return: 0 or -errno. */
int shell_exec(struct shell *sh, const char *line);
/* printf to the shell's console. */
void shell_printf(struct shell *sh, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Why the running command fails, printed in place of its usage. */
void shell_set_why(struct shell *sh, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Are @a and @b the same string? */
bool shell_str_eq(const char *a, const char *b);
/* Parse a decimal number < limit. Return: 0 or -EINVAL. */
int shell_parse_uint(const char *s, unsigned long limit, unsigned long *out);

#endif /* GENIRQ_DEMO_SHELL_H */

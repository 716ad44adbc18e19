// SPDX-License-Identifier: MIT
/*
 * shell.c - the demo shell (see shell.h).
 */
#include <stdarg.h>
#include <genirq/interrupt.h>
#include <genirq/compat.h>
#include <genirq/irq.h>
#include <genirq/port.h>
#include <genirq/proc.h>
#include <genirq/top.h>

#include "shell.h"
#include "trace_cmd.h"
#include "pm_cmd.h"

#define PROMPT	"genirq> "
#define KEY_CTRL_C	0x03
#define KEY_BS		0x08
#define KEY_CTRL_U	0x15
#define KEY_DEL		0x7f
#define KEY_ESC		0x1b

/* Where shell_input() is in a terminal's escape sequence (arrow keys...). */
enum { ESC_NONE, ESC_START, ESC_CSI };

static size_t str_len(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

static bool str_eq(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

static void put(struct shell *sh, const char *s)
{
	sh->write(s, str_len(s));
}

void shell_printf(struct shell *sh, const char *fmt, ...)
{
	char buf[SHELL_LINE_MAX + 64];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = irq_vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	sh->write(buf, (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
}

void shell_discard(const char *text, size_t len)
{
	(void)text;
	(void)len;
}

static const char *err_text(int err)
{
	switch (-err) {
	case ENOENT:	return "no such file or directory";
	case EIO:	return "input/output error";
	case ENOMEM:	return "out of memory";
	case EBUSY:	return "busy";
	case EACCES:	return "read-only";
	case EISDIR:	return "is a directory";
	case EINVAL:	return "invalid argument";
	case ENOSPC:	return "no space";
	case ENOSYS:	return GENIRQ_ENABLED(GENIRQ_TEXT_VIEWS) ? "no controller"
							 : "not built (GENIRQ_TEXT_VIEWS 0)";
	case ENODEV:	return "no such device";
	case EOVERFLOW:	return "CPU number too large";
	default:	return "failed";
	}
}

int shell_parse_uint(const char *s, unsigned long limit, unsigned long *out)
{
	unsigned long v = 0;

	if (!*s)
		return -EINVAL;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -EINVAL;
		v = v * 10 + (unsigned long)(*s - '0');
		if (v >= limit)
			return -EINVAL;
	}
	*out = v;
	return 0;
}

/* Print a view; say so when it did not fit. */
static void show(struct shell *sh, int len)
{
	size_t n = (size_t)len < sizeof(sh->out) ? (size_t)len : sizeof(sh->out) - 1;

	sh->write(sh->out, n);
	if ((size_t)len >= sizeof(sh->out))
		shell_printf(sh, "\n[truncated: %d of %d bytes shown]\n", (int)n, len);
}

static int cmd_cat(struct shell *sh, int argc, char **argv)
{
	int len;

	if (argc != 2)
		return -EINVAL;
	len = irq_proc_read(argv[1], sh->out, sizeof(sh->out));
	if (len < 0)
		return len;
	show(sh, len);
	return 0;
}

static int cmd_threads(struct shell *sh, int argc, char **argv)
{
	(void)argv;
	if (argc != 1)
		return -EINVAL;
	show(sh, irq_show_threads(sh->out, sizeof(sh->out)));
	return 0;
}

static int cmd_ls(struct shell *sh, int argc, char **argv)
{
	int len;

	if (argc > 2)
		return -EINVAL;
	len = irq_proc_list(argc == 2 ? argv[1] : "/proc/irq", sh->out, sizeof(sh->out));
	if (len < 0)
		return len;
	show(sh, len);
	return 0;
}

/* Say why a command failed, in place of the usage (shell_exec() prints it). */
void shell_set_why(struct shell *sh, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	irq_vsnprintf(sh->why, sizeof(sh->why), fmt, ap);
	va_end(ap);
}

/* Is @path /proc/irq/N/smp_affinity[_list]? Then N in *@irq, and the form. */
static bool affinity_path(const char *path, unsigned int *irq, bool *list)
{
	static const char dir[] = "/proc/irq/", file[] = "smp_affinity";
	unsigned long v = 0;
	size_t i, n = 0;

	for (i = 0; dir[i]; i++)
		if (path[i] != dir[i])
			return false;
	for (; path[i] >= '0' && path[i] <= '9' && n < 9; i++, n++)
		v = v * 10 + (unsigned long)(path[i] - '0');
	if (!n || path[i++] != '/')
		return false;
	for (size_t k = 0; file[k]; k++, i++)
		if (path[i] != file[k])
			return false;
	*list = str_eq(path + i, "_list");
	*irq = (unsigned int)v;
	return *list || !path[i];
}

/* An affinity mask refused: which of its CPUs the machine lacks, or none online. */
static void why_mask_refused(struct shell *sh, const char *text, bool list)
{
	struct irq_cpumask m, online;
	unsigned int cpu, nr = port_nr_cpus();
	int err = list ? cpumask_parselist(text, str_len(text), &m) :
			 cpumask_parse(text, str_len(text), &m);

	if (err)
		return;				/* not a mask: the usage says what is */
	cpu = cpumask_first(&m);
	irq_cpu_online_get(&online);
	if (cpumask_empty(&m))
		shell_set_why(sh, "the mask names no CPU");
	else if (cpu >= nr)
		shell_set_why(sh, "CPU %u does not exist, this machine has %u CPU%s", cpu, nr,
			      nr == 1 ? "" : "s");
	else if (!cpumask_and(&m, &m, &online))
		shell_set_why(sh, "no CPU of the mask is online");
}

/* A move the line's controller cannot make: name it. */
static void why_cannot_route(struct shell *sh, unsigned int irq)
{
	const struct irq_data *d = irq_get_irq_data(irq);
	const char *chip = d && d->chip && d->chip->name ? d->chip->name : "none";

	shell_set_why(sh, "irq %u's controller (%s) cannot route it to other CPUs", irq, chip);
}

/* A CPU list of /proc/irq/N/@file, without its newline. */
static const char *cpu_list(unsigned int irq, const char *file, char *buf, size_t size)
{
	char path[48];
	int n;

	irq_snprintf(path, sizeof(path), "/proc/irq/%u/%s", irq, file);
	n = irq_proc_read(path, buf, size);
	if (n < 1 || (size_t)n >= size)
		return "?";
	buf[n - 1] = '\0';
	return buf;
}

/*
 * A move accepted but not made: the line moves from its own next event
 * (an IO-APIC edge line), so an idle line stays where it was. Say so.
 */
static void tell_move_pending(struct shell *sh, unsigned int irq)
{
	struct irq_cpumask want, eff;
	char to[48], from[48];

	if (irq_get_affinity(irq, &want) || irq_get_effective_affinity(irq, &eff) ||
	    !cpumask_and(&want, &want, irq_cpu_online_mask()) || cpumask_and(&eff, &eff, &want))
		return;
	shell_printf(sh, "irq %u moves to CPU%s %s at its next event; until then it stays on CPU %s\n",
		     irq, cpumask_weight(&want) == 1 ? "" : "s",
		     cpu_list(irq, "smp_affinity_list", to, sizeof(to)),
		     cpu_list(irq, "effective_affinity_list", from, sizeof(from)));
}

/* echo TEXT > PATH: the only redirection is a write to a /proc view. */
static int cmd_echo(struct shell *sh, int argc, char **argv)
{
	unsigned int irq;
	bool list;
	int gt = -1, err;

	for (int i = 1; i < argc; i++)
		if (str_eq(argv[i], ">"))
			gt = i;
	if (gt < 0) {
		for (int i = 1; i < argc; i++)
			shell_printf(sh, "%s%s", i > 1 ? " " : "", argv[i]);
		put(sh, "\n");
		return 0;
	}
	if (gt != 2 || argc != 4)
		return -EINVAL;
	err = irq_proc_write(argv[3], argv[1], str_len(argv[1]));
	if (!affinity_path(argv[3], &irq, &list))
		return err;
	if (err == -EINVAL)
		why_mask_refused(sh, argv[1], list);
	else if (err == -EIO && irq_affinity_is_managed(irq))
		shell_set_why(sh, "irq %u's affinity is managed (spread when its "
			      "vectors were allocated)", irq);
	else if (err == -EIO)
		why_cannot_route(sh, irq);
	else if (err == 0)
		tell_move_pending(sh, irq);
	return err;
}

static int line_arg(char *arg, unsigned int *irq)
{
	unsigned long v;

	if (shell_parse_uint(arg, irq_nr_irqs(), &v) || !irq_to_desc((unsigned int)v))
		return -ENOENT;
	*irq = (unsigned int)v;
	return 0;
}

static int cmd_disable(struct shell *sh, int argc, char **argv)
{
	unsigned int irq;
	int err = argc == 2 ? line_arg(argv[1], &irq) : -EINVAL;

	if (err)
		return err;
	disable_irq(irq);
	shell_printf(sh, "irq %u disabled (depth %d)\n", irq, irq_get_depth(irq));
	return 0;
}

static int cmd_enable(struct shell *sh, int argc, char **argv)
{
	unsigned int irq;
	int err = argc == 2 ? line_arg(argv[1], &irq) : -EINVAL;

	if (err)
		return err;
	if (irq_get_depth(irq) == 0) {
		shell_printf(sh, "error: enable %u: not disabled\n", irq);
		return 0;
	}
	enable_irq(irq);
	shell_printf(sh, "irq %u enabled (depth %d)\n", irq, irq_get_depth(irq));
	return 0;
}

static int cmd_help(struct shell *sh, int argc, char **argv);

static int cmd_ticks(struct shell *sh, int argc, char **argv)
{
	(void)argv;
	if (argc != 1)
		return -EINVAL;
	return sh->machine && sh->machine->ticks ? sh->machine->ticks(sh) : -ENODEV;
}

static int cmd_probe(struct shell *sh, int argc, char **argv)
{
	unsigned long dev = 1;

	if (argc > 2 || (argc == 2 && (shell_parse_uint(argv[1], SHELL_PROBE_DEVS + 1, &dev) ||
				       dev == 0)))
		return -EINVAL;
	return sh->machine && sh->machine->probe ? sh->machine->probe(sh, (unsigned int)dev) : -ENODEV;
}

static int cmd_stacks(struct shell *sh, int argc, char **argv)
{
	struct irq_text t;

	(void)argv;
	if (argc != 1)
		return -EINVAL;
	if (!sh->machine || !sh->machine->stacks)
		return -ENODEV;
	irq_text_init(&t, sh->out, sizeof(sh->out));
	sh->machine->stacks(&t);
	show(sh, (int)t.len);
	return 0;
}

static int cmd_dmesg(struct shell *sh, int argc, char **argv)
{
	(void)argv;
	if (argc != 1)
		return -EINVAL;
	if (!sh->machine || !sh->machine->dmesg)
		return -ENODEV;
	sh->machine->dmesg(sh);
	return 0;
}

static int cmd_poweroff(struct shell *sh, int argc, char **argv)
{
	(void)argv;
	if (argc != 1)
		return -EINVAL;
	if (!sh->machine || !sh->machine->poweroff)
		return -ENODEV;
	sh->machine->poweroff(sh);
	return 0;
}

static int cmd_stats(struct shell *sh, int argc, char **argv)
{
	(void)argv;
	if (argc != 1)
		return -EINVAL;
	shell_stats(sh);
	return 0;
}

/*
 * irqtop: two snapshots a second apart, alternating. Static: one shell
 * runs one command at a time, and a kernel's stack is small.
 */
#define IRQTOP_LINES		48
#define IRQTOP_INTERVAL_MS	1000u
#define IRQTOP_MAX_SCREENS	100	/* irqtop N: at most 100 s */
#define IRQTOP_CLEAR		"\033[H\033[J"	/* home, clear: the next screen in place */

static struct irq_top_line top_lines[2][IRQTOP_LINES];
static struct irq_top_row top_rows[IRQTOP_LINES];

/*
 * Ctrl-C in the input stops irqtop: take it, and leave every other byte,
 * typed ahead or while irqtop ran, to the shell after it.
 */
static bool ctrl_c_pressed(struct shell *sh)
{
	int c;

	for (unsigned int i = 0; sh->rx && (c = rx_ring_peek(sh->rx, i)) >= 0; i++)
		if (c == KEY_CTRL_C) {
			rx_ring_take(sh->rx, i);
			return true;
		}
	return false;
}

/* Let @ms of the machine's time pass. Return: true if Ctrl-C ended it. */
static bool top_wait(struct shell *sh, unsigned int ms)
{
	uint64_t end = port_time_ns() + (uint64_t)ms * 1000000u;

	while (port_time_ns() < end) {
		if (ctrl_c_pressed(sh))
			return true;
		if (sh->machine && sh->machine->idle)
			sh->machine->idle();
		else
			port_delay_us(1000);
	}
	return false;
}

/* irqtop [N]: N screens a second apart; without N, until Ctrl-C. Ctrl-C ends either. */
static int cmd_irqtop(struct shell *sh, int argc, char **argv)
{
	struct irq_top_snap snap[2], *old = &snap[0], *now = &snap[1], *swap;
	bool until_key = argc == 1 && sh->rx;
	unsigned long screens = 1;

	if (argc > 2 || (argc == 2 && (shell_parse_uint(argv[1], IRQTOP_MAX_SCREENS + 1, &screens) ||
				       screens == 0)))
		return -EINVAL;
	irq_top_snap_init(old, top_lines[0], IRQTOP_LINES);
	irq_top_snap_init(now, top_lines[1], IRQTOP_LINES);
	if (until_key)
		put(sh, "irqtop: a new screen every second; Ctrl-C stops it\n");
	irq_top_sample(old);
	for (unsigned long i = 0; until_key ? !(i && sh->input_ended) : i < screens; i++) {
		if (top_wait(sh, IRQTOP_INTERVAL_MS))
			break;
		irq_top_sample(now);
		if (until_key)
			put(sh, IRQTOP_CLEAR);
		show(sh, irq_top_show(old, now, top_rows, IRQTOP_LINES, sh->out, sizeof(sh->out)));
		swap = old;
		old = now;
		now = swap;
	}
	return 0;
}

static const struct shell_cmd builtins[] = {
	{ "help",	"help",				cmd_help },
	{ "cat",	"cat /proc/interrupts | /proc/irq/N/FILE | /proc/irq/prof_cpu_mask | "
			"/sys/kernel/debug/irq/irqs/N", cmd_cat },
	{ "ls",		"ls [/proc/irq | /proc/irq/N | /sys/kernel/debug/irq/irqs]", cmd_ls },
	{ "echo",	"echo MASK > /proc/irq/N/smp_affinity[_list] | /proc/irq/prof_cpu_mask", cmd_echo },
	{ "disable",	"disable N",			cmd_disable },
	{ "enable",	"enable N",			cmd_enable },
	{ "stats",	"stats (lines run, input bytes received and lost)", cmd_stats },
	{ "threads",	"threads (threaded handlers: wake-ups, runs, CPU, priority, the CPU asked for, state)", cmd_threads },
	{ "irqtop",	"irqtop [N] (lines by rate over a second, per CPU; N screens, or until Ctrl-C)",
			cmd_irqtop },
	{ "ticks",	"ticks (timer ticks and the machine's clock)", cmd_ticks },
	{ "probe",	"probe [1|2] (autoprobe the line of the machine's first or second device)", cmd_probe },
	{ "stacks",	"stacks (interrupt stack high-water marks and overflows, per CPU)", cmd_stacks },
	{ "dmesg",	"dmesg (the boot's log: the self-tests' details and the faults they provoked)",
	  cmd_dmesg },
	{ "poweroff",	"poweroff (end the demo: the machine stops)", cmd_poweroff },
	{ "trace",	"trace start [N] | stop | reset | status | dump (trace events; dump for scripts/trace.py)",
	  shell_cmd_trace },
	{ "raise",	"raise N (make line N pending at its controller)", shell_cmd_raise },
	{ "suspend",	"suspend [N|timer] (lines suspended, wait for a wake line: N, or the wake timer)",
	  shell_cmd_suspend },
};

/* Does this machine have builtin @c? Help lists only the commands it has. */
static bool offered(const struct shell *sh, const struct shell_cmd *c)
{
	const struct shell_machine *m = sh->machine;

	if (c->run == cmd_ticks)
		return m && m->ticks;
	if (c->run == cmd_probe)
		return m && m->probe;
	if (c->run == cmd_stacks)
		return m && m->stacks;
	if (c->run == cmd_dmesg)
		return m && m->dmesg;
	if (c->run == cmd_poweroff)
		return m && m->poweroff;
	if (c->run == shell_cmd_suspend)
		return m && m->idle;	/* it waits in the machine's idle */
	return true;
}

static int cmd_help(struct shell *sh, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	if (sh->machine && sh->machine->about)
		shell_printf(sh, "%s\n", sh->machine->about);
	for (unsigned int i = 0; i < GENIRQ_ARRAY_SIZE(builtins); i++)
		if (offered(sh, &builtins[i]))
			shell_printf(sh, "  %s\n", builtins[i].usage);
	for (unsigned int i = 0; i < sh->nr_cmds; i++)
		if (sh->cmds[i].usage)
			shell_printf(sh, "  %s\n", sh->cmds[i].usage);
	put(sh, "  keys: backspace, Ctrl-U erases the line, Ctrl-C drops it or stops irqtop\n");
	return 0;
}

static const struct shell_cmd *find(struct shell *sh, const char *name)
{
	for (unsigned int i = 0; i < GENIRQ_ARRAY_SIZE(builtins); i++)
		if (str_eq(builtins[i].name, name))
			return &builtins[i];
	for (unsigned int i = 0; i < sh->nr_cmds; i++)
		if (str_eq(sh->cmds[i].name, name))
			return &sh->cmds[i];
	return NULL;
}

int shell_exec(struct shell *sh, const char *text)
{
	char buf[SHELL_LINE_MAX];
	char *argv[SHELL_ARGS_MAX + 1];
	const struct shell_cmd *cmd;
	int argc = 0, err;
	size_t n = 0;

	for (; text[n]; n++) {
		unsigned char u = (unsigned char)text[n];

		if (n + 1 >= sizeof(buf)) {
			shell_printf(sh, "error: line too long (max %d bytes)\n", SHELL_LINE_MAX - 1);
			return -EINVAL;
		}
		/* As shell_input() refuses them: never echo them back in an error. */
		if ((u < 0x20 && u != '\t') || u >= 0x7f) {
			shell_printf(sh, "error: control or non-ASCII byte in line, ignored\n");
			return -EINVAL;
		}
		buf[n] = text[n];
	}
	buf[n] = '\0';
	for (char *p = buf; *p;) {
		while (*p == ' ' || *p == '\t')
			*p++ = '\0';
		if (!*p)
			break;
		if (argc == SHELL_ARGS_MAX) {
			shell_printf(sh, "error: more than %d words\n", SHELL_ARGS_MAX);
			return -EINVAL;
		}
		argv[argc++] = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
	}
	argv[argc] = NULL;
	if (argc == 0)
		return 0;
	sh->lines++;
	cmd = find(sh, argv[0]);
	if (!cmd) {
		shell_printf(sh, "error: unknown command '%s' (try help)\n", argv[0]);
		return -ENOENT;
	}
	sh->why[0] = '\0';
	err = cmd->run(sh, argc, argv);
	if (err && sh->why[0])
		shell_printf(sh, "error: %s: %s (%d): %s\n", argv[0], err_text(err), err, sh->why);
	else if (err)
		shell_printf(sh, "error: %s: %s (%d); usage: %s\n", argv[0], err_text(err), err,
			     cmd->usage);
	return err;
}

void shell_init(struct shell *sh, void (*write)(const char *text, size_t len),
		const struct shell_cmd *cmds, unsigned int nr_cmds)
{
	sh->write = write;
	sh->machine = NULL;
	sh->cmds = cmds;
	sh->nr_cmds = nr_cmds;
	sh->len = 0;
	sh->overflow = false;
	sh->bad_byte = false;
	sh->last_cr = false;
	sh->esc = ESC_NONE;
	sh->rx = NULL;
	sh->input_ended = false;
	sh->bytes = 0;
	sh->lines = 0;
	sh->lost_shown = 0;
}

void shell_prompt(struct shell *sh)
{
	put(sh, PROMPT);
}

static void clear_line(struct shell *sh)
{
	sh->len = 0;
	sh->overflow = false;
	sh->bad_byte = false;
}

static void end_line(struct shell *sh)
{
	put(sh, "\n");
	if (sh->overflow)
		shell_printf(sh, "error: line too long (max %d bytes), ignored\n", SHELL_LINE_MAX - 1);
	else if (sh->bad_byte)
		put(sh, "error: control or non-ASCII byte in line, ignored\n");
	else {
		sh->line[sh->len] = '\0';
		shell_exec(sh, sh->line);
	}
	clear_line(sh);
	shell_prompt(sh);
}

/*
 * A terminal's escape sequence (ESC [ ... final, ESC O x: arrow, Home,
 * function keys) is swallowed whole: the shell has no history or cursor
 * movement, and the line typed so far stays as it was. Return: true if
 * @u belonged to one.
 */
static bool escape_byte(struct shell *sh, unsigned char u)
{
	switch (sh->esc) {
	case ESC_NONE:
		if (u != KEY_ESC)
			return false;
		sh->esc = ESC_START;
		return true;
	case ESC_START:
		if (u == '[' || u == 'O') {
			sh->esc = ESC_CSI;
			return true;
		}
		sh->esc = ESC_NONE;	/* a lone ESC: no Meta keys here, the byte counts */
		return escape_byte(sh, u);
	default:
		if (u >= 0x40 && u <= 0x7e)	/* the final byte */
			sh->esc = ESC_NONE;
		else if (u < 0x20 || u > 0x3f)	/* not a parameter byte: give up */
			sh->esc = ESC_NONE;
		return true;
	}
}

void shell_input(struct shell *sh, char c)
{
	unsigned char u = (unsigned char)c;
	bool was_cr = sh->last_cr;

	sh->bytes++;
	if (escape_byte(sh, u))
		return;
	sh->last_cr = (c == '\r');
	if (c == '\n' && was_cr)
		return;			/* the LF of a CRLF */
	if (c == '\r' || c == '\n') {
		end_line(sh);
		return;
	}
	if (u == KEY_BS || u == KEY_DEL) {
		if (sh->len && !sh->overflow) {
			sh->len--;
			put(sh, "\b \b");
		}
		return;
	}
	if (u == KEY_CTRL_U) {		/* erase what is shown, start again */
		for (size_t i = sh->overflow ? 0 : sh->len; i; i--)
			put(sh, "\b \b");
		clear_line(sh);
		return;
	}
	if (u == KEY_CTRL_C) {		/* drop the line, a new prompt */
		put(sh, "^C\n");
		clear_line(sh);
		shell_prompt(sh);
		return;
	}
	if (c == '\t')
		u = (unsigned char)(c = ' ');	/* words are split on spaces anyway */
	if (u < 0x20 || u >= 0x7f) {
		sh->bad_byte = true;
		return;
	}
	if (sh->len + 1 >= SHELL_LINE_MAX) {
		sh->overflow = true;
		return;
	}
	sh->line[sh->len++] = c;
	sh->write(&c, 1);
}

void shell_feed(struct shell *sh)
{
	unsigned long lost;
	int c;

	while ((c = rx_ring_get(sh->rx)) >= 0)
		shell_input(sh, (char)c);
	lost = rx_ring_lost(sh->rx);
	if (lost != sh->lost_shown) {
		shell_printf(sh, "\nerror: %lu input bytes lost (receive buffer full or UART "
			     "overrun; see stats)\n", lost - sh->lost_shown);
		sh->lost_shown = lost;
		shell_prompt(sh);
	}
}

bool shell_str_eq(const char *a, const char *b)
{
	return str_eq(a, b);
}

void shell_stats(struct shell *sh)
{
	shell_printf(sh, "shell: %lu lines run", sh->lines);
	if (sh->rx)
		shell_printf(sh, "; input %lu bytes, %lu dropped (buffer full), %lu UART overruns",
			     atomic_load(&sh->rx->received), atomic_load(&sh->rx->dropped),
			     atomic_load(&sh->rx->overruns));
	put(sh, "\n");
}

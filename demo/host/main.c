// SPDX-License-Identifier: MIT
/*
 * main.c - genirq on a simulated two-CPU machine, in a terminal.
 *
 * A 100 Hz timer, a serial port receiving a message, and two devices
 * sharing one level line. On a terminal (or with --shell) it is the demo
 * shell: the machine runs in real time, a tick every 10 ms, while the
 * shell waits for input and while irqtop waits. Otherwise (or with
 * --tour) a scripted tour: three simulated seconds showing
 * /proc/interrupts each second, the serial line moved to CPU 1 halfway,
 * then a few shell commands; simulated time runs as fast as it can.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/proc.h>
#include <genirq/sim.h>

#include "shell.h"

#define TICK_NS		(10ull * 1000 * 1000)	/* 100 Hz */
#define TICK_MS		10
#define SECONDS		3
/* After a stall (a suspended terminal), catch up at most a second at once. */
#define MAX_CATCH_UP	100
#define KEY_CTRL_D	0x04

enum { HW_TIMER = 0, HW_SERIAL = 4, HW_SHARED = 11 };

static struct simpic *pic;
static unsigned long ticks, timer_softirqs;
static const char message[] = "hello from the simulated serial port\n";
static size_t rx_pos, rx_ready;
static char rx_buf[sizeof(message)];
static int edu_want[2];

static void out(const char *text, size_t len)
{
	fwrite(text, 1, len, stdout);
	fflush(stdout);			/* the shell's echo, a byte at a time */
}

static irqreturn_t timer_irq(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	ticks++;
	raise_softirq(TIMER_SOFTIRQ);
	irq_spurious_poll();
	return IRQ_HANDLED;
}

static void timer_softirq(void)
{
	timer_softirqs++;
}

/* The receive interrupt drains the FIFO: every byte that has arrived. */
static irqreturn_t serial_irq(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	if (rx_pos == rx_ready)
		return IRQ_NONE;
	while (rx_pos < rx_ready) {
		rx_buf[rx_pos] = message[rx_pos];
		rx_pos++;
	}
	simpic_lower(pic, HW_SERIAL);
	return IRQ_HANDLED;
}

static irqreturn_t edu_irq(int irq, void *dev_id)
{
	int *want = dev_id;

	(void)irq;
	if (!*want)
		return IRQ_NONE;	/* the other device on the line */
	*want = 0;
	if (!edu_want[0] && !edu_want[1])
		simpic_lower(pic, HW_SHARED);
	return IRQ_HANDLED;
}

static void must(int err, const char *what)
{
	if (err < 0) {
		fprintf(stderr, "genirq-demo: %s failed (%d)\n", what, err);
		_exit(1);
	}
}

static void setup(void)
{
	int t, s, e;

	must(sim_init(2, 256), "sim_init");
	pic = simpic_create("simpic", 16, SIMPIC_FASTEOI);
	if (!pic)
		must(-ENOMEM, "simpic_create");
	sim_attach(pic);
	open_softirq(TIMER_SOFTIRQ, timer_softirq);
	must(t = simpic_map(pic, HW_TIMER, IRQ_TYPE_EDGE_RISING), "map timer");
	must(s = simpic_map(pic, HW_SERIAL, IRQ_TYPE_LEVEL_HIGH), "map serial");
	must(e = simpic_map(pic, HW_SHARED, IRQ_TYPE_LEVEL_HIGH), "map shared");
	must(request_irq((unsigned int)t, timer_irq, IRQF_DISABLED, "timer", NULL), "timer");
	must(request_irq((unsigned int)s, serial_irq, 0, "serial", &rx_pos), "serial");
	must(request_irq((unsigned int)e, edu_irq, IRQF_SHARED, "edu-a", &edu_want[0]), "edu-a");
	must(request_irq((unsigned int)e, edu_irq, IRQF_SHARED, "edu-b", &edu_want[1]), "edu-b");
}

/* One 10 ms tick of the simulated machine: the timer, and the devices. */
static void run_tick(unsigned int tick)
{
	sim_time_advance(TICK_NS);
	simpic_raise(pic, HW_TIMER);
	if (rx_ready < sizeof(message) - 1 && tick % 8 == 0) {
		rx_ready++;			/* one byte on the wire */
		simpic_raise(pic, HW_SERIAL);
	}
	if (tick % 25 == 0) {
		edu_want[tick % 2] = 1;
		simpic_raise(pic, HW_SHARED);
	}
	sim_run(0);
	sim_run(1);
}

/* Standard input as the machine's console: its receive ring. */
static struct shell sh;
static struct rx_ring rx;
static bool realtime;
static unsigned int tick_in_second;
static uint64_t clock_ms;		/* real time the machine has caught up to */

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static void next_tick(void)
{
	run_tick(tick_in_second);
	tick_in_second = (tick_in_second + 1) % 100;
}

/* Run the machine up to now, a tick per 10 ms of real time passed. */
static void catch_up(void)
{
	uint64_t now = now_ms();
	unsigned int n = 0;

	while (clock_ms + TICK_MS <= now && n++ < MAX_CATCH_UP) {
		clock_ms += TICK_MS;
		next_tick();
	}
	if (clock_ms + TICK_MS <= now)
		clock_ms = now;		/* too far behind: skip ahead */
}

/* Wait up to @ms for input, then take what there is into the ring (the
 * console's receive interrupt). Ctrl-D on a terminal ends the input. */
static void read_input(struct shell *sh, int ms)
{
	struct pollfd p = { .fd = 0, .events = POLLIN };
	char buf[256];
	ssize_t n;

	if (sh->input_ended) {
		poll(NULL, 0, ms);
		return;
	}
	if (poll(&p, 1, ms) <= 0)
		return;
	n = read(0, buf, sizeof(buf));
	if (n < 0 && errno == EINTR)
		return;
	if (n <= 0)
		sh->input_ended = true;
	for (ssize_t i = 0; i < n && !sh->input_ended; i++) {
		if (buf[i] == KEY_CTRL_D && isatty(0))
			sh->input_ended = true;
		else
			rx_ring_put(&rx, buf[i]);
	}
}

/* The shell's waits (irqtop) run the machine on: in the shell, at the
 * pace of real time, input still arriving (Ctrl-C stops irqtop). */
static void host_idle(void)
{
	uint64_t now;

	if (!realtime) {
		next_tick();
		return;
	}
	now = now_ms();
	read_input(&sh, clock_ms + TICK_MS > now ? (int)(clock_ms + TICK_MS - now) : 0);
	catch_up();
}

static void run_for_a_second(unsigned int second, struct shell *sh)
{
	for (unsigned int tick = 0; tick < 100; tick++)
		run_tick(tick);
	printf("\n--- after %u simulated second(s): %lu ticks, %lu timer softirqs ---\n",
	       second, ticks, timer_softirqs);
	shell_exec(sh, "cat /proc/interrupts");
}

static void run_script(struct shell *sh, const char *const *lines)
{
	for (; *lines; lines++) {
		printf("genirq> %s\n", *lines);
		shell_exec(sh, *lines);
	}
}

static int host_ticks(struct shell *sh)
{
	shell_printf(sh, "%lu ticks at 100 Hz of simulated time, %lu timer softirqs\n", ticks,
		     timer_softirqs);
	return 0;
}

static void host_poweroff(struct shell *sh)
{
	(void)sh;
	printf("power off\n");
	exit(0);
}

/* No probe: nothing here can be made to interrupt on request. */
static const struct shell_machine machine = {
	.ticks		= host_ticks,
	.poweroff	= host_poweroff,
	.idle		= host_idle,
	.about		= "the hosted simulator: 2 simulated CPUs, a 100 Hz timer, a serial port and "
			  "two devices on one level line; its time runs while the shell waits; "
			  "poweroff or Ctrl-D leaves",
};

static struct termios saved_tty;

static void restore_tty(void)
{
	tcsetattr(0, TCSANOW, &saved_tty);
}

/* A terminal as a serial console: bytes as typed, no echo of its own
 * (the shell echoes), Ctrl-C a byte for the shell rather than a signal. */
static void raw_tty(void)
{
	struct termios t;

	if (!isatty(0) || tcgetattr(0, &saved_tty))
		return;
	t = saved_tty;
	t.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ISIG | IEXTEN);
	t.c_iflag &= ~(tcflag_t)(IXON | ICRNL);
	t.c_cc[VMIN] = 1;
	t.c_cc[VTIME] = 0;
	if (tcsetattr(0, TCSANOW, &t) == 0)
		atexit(restore_tty);
}

/* The shell, the machine running in real time until the input ends. */
static void run_shell(void)
{
	realtime = true;
	clock_ms = now_ms();
	sh.rx = &rx;
	raw_tty();
	printf("genirq on the hosted simulator; type help (poweroff or Ctrl-D leaves)\n");
	shell_prompt(&sh);
	for (;;) {
		shell_feed(&sh);
		if (sh.input_ended && rx_ring_empty(&rx))
			break;
		host_idle();
	}
	printf("\n");
}

static void run_tour(void)
{
	static const char *const middle[] = { "echo 2 > /proc/irq/1/smp_affinity",
					      "cat /proc/irq/1/effective_affinity_list", NULL };
	static const char *const end[] = { "ls /proc/irq", "ls /proc/irq/2",
					   "cat /proc/irq/2/spurious",
					   "echo 4 > /proc/irq/1/smp_affinity",
					   "cat /sys/kernel/debug/irq/irqs/1", "irqtop 1", "bogus",
					   NULL };

	for (unsigned int second = 1; second <= SECONDS; second++) {
		run_for_a_second(second, &sh);
		if (second == 1)
			run_script(&sh, middle);
	}
	printf("serial received: %.*s", (int)rx_pos, rx_buf);
	run_script(&sh, end);
}

int main(int argc, char **argv)
{
	bool shell = isatty(0);

	if (argc > 2 || (argc == 2 && strcmp(argv[1], "--shell") && strcmp(argv[1], "--tour"))) {
		fprintf(stderr, "usage: genirq-demo [--shell | --tour]\n"
			"  --shell  the shell (the default on a terminal), the machine in real time\n"
			"  --tour   a scripted tour of three simulated seconds (the default otherwise)\n");
		return 2;
	}
	if (argc == 2)
		shell = strcmp(argv[1], "--shell") == 0;
	setvbuf(stdout, NULL, _IOLBF, 0);
	sim_console_echo(true);
	setup();
	shell_init(&sh, out, NULL, 0);
	sh.machine = &machine;
	printf("genirq demo: 2 simulated CPUs; timer (100 Hz), serial, and two devices "
	       "sharing one level line\n");
	if (shell)
		run_shell();
	else
		run_tour();
	return 0;
}

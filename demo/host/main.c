// SPDX-License-Identifier: MIT
/*
 * main.c - genirq on a simulated two-CPU machine, in a terminal.
 *
 * A 100 Hz timer, a serial port receiving a message, and two devices
 * sharing one level line fire for three simulated seconds; the demo shows
 * /proc/interrupts each second, moves the serial line to CPU 1 halfway,
 * and ends with a few shell commands (irqtop runs the machine on while
 * it waits). `genirq-demo --shell` then reads commands from standard
 * input (try `help`).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <unistd.h>

#include <genirq/hardirq.h>
#include <genirq/compat.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/proc.h>
#include <genirq/sim.h>

#include "shell.h"

#define TICK_NS		(10ull * 1000 * 1000)	/* 100 Hz */
#define SECONDS		3

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

/* The shell's waits (irqtop) run the machine on, a tick at a time. */
static void host_idle(void)
{
	static unsigned int tick;

	run_tick(tick++ % 100);
}

/* A key for irqtop: a line typed on standard input (taken whole). */
static bool host_key(struct shell *sh)
{
	struct pollfd p = { .fd = 0, .events = POLLIN };
	int c;

	(void)sh;
	if (poll(&p, 1, 0) <= 0)
		return false;
	while ((c = getchar()) != EOF && c != '\n')
		;
	return true;
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
	.key		= host_key,
};

int main(int argc, char **argv)
{
	static struct shell sh;
	static const char *const middle[] = { "echo 2 > /proc/irq/1/smp_affinity",
					      "cat /proc/irq/1/effective_affinity_list", NULL };
	static const char *const end[] = { "ls /proc/irq", "ls /proc/irq/2",
					   "cat /proc/irq/2/spurious",
					   "echo 4 > /proc/irq/1/smp_affinity",
					   "cat /sys/kernel/debug/irq/irqs/1", "irqtop 1", "bogus",
					   NULL };
	bool interactive = argc > 1 && strcmp(argv[1], "--shell") == 0;

	if (argc > 1 && !interactive) {
		fprintf(stderr, "usage: genirq-demo [--shell]\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	sim_console_echo(true);
	setup();
	shell_init(&sh, out, NULL, 0);
	sh.machine = &machine;
	printf("genirq demo: 2 simulated CPUs; timer (100 Hz), serial, and two devices "
	       "sharing one level line\n");
	for (unsigned int second = 1; second <= SECONDS; second++) {
		run_for_a_second(second, &sh);
		if (second == 1)
			run_script(&sh, middle);
	}
	printf("serial received: %.*s", (int)rx_pos, rx_buf);
	run_script(&sh, end);
	if (!interactive)
		return 0;
	shell_prompt(&sh);
	for (int c; (c = getchar()) != EOF;)
		shell_input(&sh, (char)c);
	printf("\n");
	return 0;
}

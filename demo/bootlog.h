/* SPDX-License-Identifier: MIT */
/*
 * bootlog.h - the boot's log, as the shell's `dmesg` shows it.
 *
 * Everything a demo kernel prints from its banner to its self-tests'
 * summary is kept here: the core's reports, the devices' details, the
 * faults the self-tests provoke on purpose. A boot without a harness
 * (make run) shows only the banner, the summary line and the prompt on
 * the console; the kernel argument "verbose" (or "harness") shows every
 * line as it comes. Each port's console passes its output through
 * bootlog_write() before its device.
 */
#ifndef GENIRQ_DEMO_BOOTLOG_H
#define GENIRQ_DEMO_BOOTLOG_H

#include <stdbool.h>
#include <stddef.h>

#define BOOTLOG_BYTES	8192	/* a verbose boot prints about 2 KiB; more is cut */

struct shell;

/* From the banner on: keep what is printed; show it too unless @hide.
 * @write is the console's (bootlog_reveal() writes the log with it). */
void bootlog_begin(bool hide, void (*write)(const char *text, size_t len));
/* Before the summary line: stop keeping, show everything from here on. */
void bootlog_end(void);
/* A self-test failed or the kernel fails: end the log and, if it hid
 * anything, write it all on the console now (scenario_tally's reveal). */
void bootlog_reveal(void);
/* The kernel dies: end the log and, if it hid anything, write it with
 * @raw (a console write that takes no lock: the dying CPU may hold it). */
void bootlog_fatal(void (*raw)(const char *text, size_t len));
/*
 * @len bytes of console output (the caller holds its console's lock):
 * kept while the log is open. Return: whether the console shows them.
 */
bool bootlog_write(const char *text, size_t len);
/* Should the boot hide its details? Not under a harness, nor with "verbose". */
bool bootlog_hides(const char *bootargs, bool quiet);
/* dmesg: the log, through the shell. */
void bootlog_show(struct shell *sh);

#endif /* GENIRQ_DEMO_BOOTLOG_H */

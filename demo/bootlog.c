// SPDX-License-Identifier: MIT
/*
 * bootlog.c - the boot's log (see bootlog.h).
 */
#include <stdatomic.h>

#include "bootlog.h"
#include "scenario.h"
#include "shell.h"

static char text[BOOTLOG_BYTES];
static size_t used;
static bool cut;			/* more came than the log holds */
static atomic_bool keeping, hiding;
static void (*console)(const char *text, size_t len);

void bootlog_begin(bool hide, void (*write)(const char *text, size_t len))
{
	console = write;
	used = 0;
	cut = false;
	atomic_store(&hiding, hide);
	atomic_store(&keeping, true);
}

void bootlog_end(void)
{
	atomic_store(&keeping, false);
	atomic_store(&hiding, false);
}

void bootlog_reveal(void)
{
	if (console)
		bootlog_fatal(console);
}

void bootlog_fatal(void (*raw)(const char *text, size_t len))
{
	bool hid = atomic_load(&keeping) && atomic_load(&hiding);

	bootlog_end();
	if (hid)
		raw(text, used);
}

bool bootlog_write(const char *s, size_t len)
{
	if (!atomic_load(&keeping))
		return true;
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\r')
			continue;	/* the console's own line ends */
		if (used < sizeof(text))
			text[used++] = s[i];
		else
			cut = true;
	}
	return !atomic_load(&hiding);
}

bool bootlog_hides(const char *bootargs, bool quiet)
{
	return quiet && !scenario_contains(bootargs ? bootargs : "", "verbose");
}

void bootlog_show(struct shell *sh)
{
	if (atomic_load(&keeping))
		return;		/* not before the boot has written it */
	sh->write(text, used);
	if (cut)
		shell_printf(sh, "(the log ends here: it keeps the first %u bytes)\n",
			     (unsigned int)sizeof(text));
}

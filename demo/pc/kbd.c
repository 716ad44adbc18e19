// SPDX-License-Identifier: MIT
/*
 * kbd.c - the i8042 keyboard on IRQ 1: scancodes are counted, not decoded
 * (the shell reads the serial line; the keyboard shows a second live ISA
 * source in /proc/interrupts, e.g. after QEMU's monitor "sendkey a").
 */
#include "demo.h"

#define I8042_DATA	0x60
#define I8042_STATUS	0x64	/* read: status; write: command */
#define STATUS_OUT_FULL	0x01
#define STATUS_IN_FULL	0x02
#define CMD_READ_CONFIG	0x20
#define CMD_WRITE_CONFIG 0x60
#define CONFIG_KBD_INT	0x01
#define KBD_IRQ		x86_isa_irq(1)
#define POLL_LIMIT	100000u	/* a missing controller must not hang the boot */

static volatile unsigned long scancodes;

static bool wait_status(uint8_t bit, bool set)
{
	for (unsigned int i = 0; i < POLL_LIMIT; i++)
		if (((inb(I8042_STATUS) & bit) != 0) == set)
			return true;
	return false;
}

static irqreturn_t kbd_irq(int irq, void *dev)
{
	unsigned int n = 0;

	(void)irq;
	(void)dev;
	while (inb(I8042_STATUS) & STATUS_OUT_FULL) {
		(void)inb(I8042_DATA);
		n++;
	}
	scancodes += n;
	return IRQ_RETVAL(n);
}

int kbd_request(void)
{
	uint8_t config;
	int err;

	while (inb(I8042_STATUS) & STATUS_OUT_FULL)
		(void)inb(I8042_DATA);
	err = request_irq(KBD_IRQ, kbd_irq, IRQF_DISABLED, "keyboard", (void *)&scancodes);
	if (err)
		return err;
	/* Make sure the controller raises IRQ 1 for keyboard bytes. */
	if (!wait_status(STATUS_IN_FULL, false))
		return 0;
	outb(I8042_STATUS, CMD_READ_CONFIG);
	if (!wait_status(STATUS_OUT_FULL, true))
		return 0;
	config = inb(I8042_DATA);
	if (!(config & CONFIG_KBD_INT) && wait_status(STATUS_IN_FULL, false)) {
		outb(I8042_STATUS, CMD_WRITE_CONFIG);
		if (wait_status(STATUS_IN_FULL, false))
			outb(I8042_DATA, config | CONFIG_KBD_INT);
	}
	return 0;
}

unsigned long kbd_scancodes(void)
{
	return scancodes;
}

/* SPDX-License-Identifier: MIT */
/*
 * fakeregs.h - fake register files for the controller tests: every access
 * a driver makes, memory-mapped (trapped), port I/O or MSR (through the
 * fake x86 accessors of fake_x86_io.h), goes into one log that the test
 * compares with what the hardware must see.
 *
 * A memory-mapped file is kept PROT_NONE. Each access faults; the fault
 * handler opens the file, lets the fake prepare a read, and sets the trap
 * flag; after the one instruction the trap handler checks that it was one
 * aligned 32-bit word and changed nothing else on its page, logs it (the
 * value decoded in the file's byte order), lets the fake react, and closes
 * the file again. x86-64 Linux hosts only (page-fault error code, EFLAGS.TF).
 */
#ifndef GENIRQ_TESTS_FAKEREGS_H
#define GENIRQ_TESTS_FAKEREGS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Where an access went: a mapped file's index (0, 1, ...) or one of these. */
#define FAKE_PIO	100u
#define FAKE_MSR	101u
#define FAKE_MAX_FILES	4u
#define FAKE_LOG_MAX	1024u

struct fake_acc {
	char		op;		/* 'R' or 'W' */
	uint32_t	off;		/* offset in the file, port, or MSR */
	uint32_t	val;
	unsigned int	space;		/* FAKE_PIO, FAKE_MSR, else the file's index */
};

struct fake_file {
	uint32_t	bytes;		/* a multiple of the page size */
	bool		big_endian;
	uintptr_t	at;		/* a fixed address to map at, or 0 */
	/* The fake's reactions, with the file open; either may be NULL. */
	void		(*before_read)(struct fake_file *f, uint32_t off);
	void		(*after)(struct fake_file *f, const struct fake_acc *a);
	uint8_t		*regs;		/* set by fake_file_map() */
	uint8_t		*shadow;	/* the contents as last seen */
	unsigned int	index;
};

extern struct fake_acc fake_log[FAKE_LOG_MAX];
extern unsigned int fake_nr_acc, fake_failures;

#define CHECK(c) do { if (!(c)) { fake_failures++; \
	fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #c); } } while (0)

/* A failure of the driver seen by a fake (printf-like). */
void fake_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Map @f (PROT_NONE) and trap its accesses from now on. Exits on failure. */
void fake_file_map(struct fake_file *f);
void fake_file_unmap(struct fake_file *f);
/* Open or close the whole file for the test's own (unlogged) accesses. */
void fake_file_open(struct fake_file *f);
void fake_file_close(struct fake_file *f);
/* With the file open: a word in its byte order (put also updates the shadow). */
uint32_t fake_get(const struct fake_file *f, uint32_t off);
void fake_put(struct fake_file *f, uint32_t off, uint32_t v);
/* The same, opening and closing the file around it. */
uint32_t fake_peek(struct fake_file *f, uint32_t off);
void fake_poke(struct fake_file *f, uint32_t off, uint32_t v);
/* From after(): leave the page of @off open (untrapped) until the next
 * access elsewhere, e.g. so a driver's long poll runs at full speed. */
void fake_leave_page_open(struct fake_file *f, uint32_t off);

/* Port I/O and MSRs: what the fake x86 accessors call. */
extern uint32_t (*fake_pio_in)(uint16_t port, unsigned int bytes);
extern void (*fake_pio_out)(uint16_t port, uint32_t v, unsigned int bytes);
extern uint64_t (*fake_msr_read)(uint32_t msr);
extern void (*fake_msr_write)(uint32_t msr, uint64_t v);
/* Append an access to the log (for fakes of other buses). */
void fake_log_add(char op, uint32_t off, uint32_t val, unsigned int space);

bool fake_acc_eq(const struct fake_acc *a, const struct fake_acc *b);
/* The log since the last check holds @op of @val at @off in @space
 * (in any order, among other accesses); nothing is cleared. */
bool fake_log_has(char op, unsigned int space, uint32_t off, uint32_t val);
/* The accesses since the last check must be exactly @want; clears the log. */
bool fake_log_is(const struct fake_acc *want, unsigned int n, int line);

#define ACCS(...)	((const struct fake_acc[]){ __VA_ARGS__ })
#define LOG_IS(...)	CHECK(fake_log_is(ACCS(__VA_ARGS__), \
			      sizeof(ACCS(__VA_ARGS__)) / sizeof(struct fake_acc), __LINE__))
#define LOG_EMPTY()	CHECK(fake_log_is(NULL, 0, __LINE__))

/* Print the verdict and return main()'s status. */
int fake_report(const char *what);

#endif /* GENIRQ_TESTS_FAKEREGS_H */

// SPDX-License-Identifier: MIT
/*
 * fakeregs.c - trapped memory-mapped register files, port I/O and MSR
 * fakes, and the one access log of the controller tests (fakeregs.h).
 */
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include "fakeregs.h"
#include "fake_x86_io.h"

#if !defined(__x86_64__) || !defined(__linux__)
#error "fakeregs traps register accesses with x86-64 Linux page faults and single steps"
#endif

#define PAGE_BYTES	4096u
#define TRAP_FLAG	0x100		/* EFLAGS.TF: trap after one instruction */
#define PF_WRITE	0x2		/* page-fault error code: the access was a write */

struct fake_acc fake_log[FAKE_LOG_MAX];
unsigned int fake_nr_acc, fake_failures;

static struct fake_file *files[FAKE_MAX_FILES];
static unsigned int nr_files;
static struct { struct fake_file *f; uint32_t off; bool write, armed; } step;
static struct { struct fake_file *f; uint32_t off; } leave_open;

void fake_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "fake: ");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	fake_failures++;
}

void fake_log_add(char op, uint32_t off, uint32_t val, unsigned int space)
{
	if (fake_nr_acc < FAKE_LOG_MAX)
		fake_log[fake_nr_acc++] = (struct fake_acc){ op, off, val, space };
}

/* --- the byte array, in the file's byte order --- */

uint32_t fake_get(const struct fake_file *f, uint32_t off)
{
	const uint8_t *b = f->regs + off;

	if (f->big_endian)
		return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
	return (uint32_t)b[3] << 24 | (uint32_t)b[2] << 16 | (uint32_t)b[1] << 8 | b[0];
}

void fake_put(struct fake_file *f, uint32_t off, uint32_t v)
{
	for (unsigned int i = 0; i < 4; i++) {
		unsigned int shift = f->big_endian ? 24 - 8 * i : 8 * i;

		f->regs[off + i] = f->shadow[off + i] = (uint8_t)(v >> shift);
	}
}

static void protect(struct fake_file *f, int prot)
{
	if (mprotect(f->regs, f->bytes, prot) != 0)
		abort();
}

void fake_file_open(struct fake_file *f)
{
	protect(f, PROT_READ | PROT_WRITE);
}

void fake_file_close(struct fake_file *f)
{
	protect(f, PROT_NONE);
}

uint32_t fake_peek(struct fake_file *f, uint32_t off)
{
	uint32_t v;

	fake_file_open(f);
	v = fake_get(f, off);
	fake_file_close(f);
	return v;
}

void fake_poke(struct fake_file *f, uint32_t off, uint32_t v)
{
	fake_file_open(f);
	fake_put(f, off, v);
	fake_file_close(f);
}

void fake_leave_page_open(struct fake_file *f, uint32_t off)
{
	leave_open.f = f;
	leave_open.off = off;
}

/* --- trapping the driver's accesses --- */

static struct fake_file *file_of(uintptr_t a)
{
	for (unsigned int i = 0; i < nr_files; i++)
		if (a >= (uintptr_t)files[i]->regs && a < (uintptr_t)files[i]->regs + files[i]->bytes)
			return files[i];
	return NULL;
}

static void on_fault(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;
	struct fake_file *f = file_of((uintptr_t)si->si_addr);

	(void)sig;
	if (!f || step.armed) {
		signal(SIGSEGV, SIG_DFL);	/* a real fault: take it again, unhandled */
		return;
	}
	for (unsigned int i = 0; i < nr_files; i++)	/* one left open by a poll */
		if (files[i] != f)
			fake_file_close(files[i]);
	step.f = f;
	step.off = (uint32_t)((uintptr_t)si->si_addr - (uintptr_t)f->regs);
	step.write = (uc->uc_mcontext.gregs[REG_ERR] & PF_WRITE) != 0;
	step.armed = true;
	fake_file_open(f);
	if (!step.write && f->before_read)
		f->before_read(f, step.off & ~3u);
	uc->uc_mcontext.gregs[REG_EFL] |= TRAP_FLAG;
}

static void on_step(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;
	struct fake_file *f = step.f;
	uint32_t off = step.off, page = off & ~(PAGE_BYTES - 1);
	struct fake_acc a;

	(void)sig;
	(void)si;
	uc->uc_mcontext.gregs[REG_EFL] &= ~TRAP_FLAG;
	if (!step.armed) {
		signal(SIGTRAP, SIG_DFL);
		return;
	}
	step.armed = false;
	if (off % 4)
		fake_error("unaligned access at %#x", off);
	for (uint32_t i = page; i < page + PAGE_BYTES; i++)
		if (f->regs[i] != f->shadow[i] && (!step.write || i / 4 != off / 4))
			fake_error("access at %#x changed byte %#x", off, i);
	off &= ~3u;
	memcpy(f->shadow + off, f->regs + off, 4);
	a = (struct fake_acc){ step.write ? 'W' : 'R', off, fake_get(f, off), f->index };
	fake_log_add(a.op, a.off, a.val, a.space);
	if (f->after)
		f->after(f, &a);
	fake_file_close(f);
	if (leave_open.f) {
		f = leave_open.f;
		off = leave_open.off;
		leave_open.f = NULL;
		if (mprotect(f->regs + off - off % PAGE_BYTES, PAGE_BYTES, PROT_READ | PROT_WRITE))
			abort();
	}
}

/* The user SIGSEGV handler must win over the sanitizer's. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "allow_user_segv_handler=1:detect_leaks=1";
}

void fake_file_map(struct fake_file *f)
{
	struct sigaction sa;
	int flags = MAP_PRIVATE | MAP_ANONYMOUS | (f->at ? MAP_FIXED_NOREPLACE : 0);

	f->regs = mmap((void *)f->at, f->bytes, PROT_NONE, flags, -1, 0);
	f->shadow = calloc(1, f->bytes);	/* as the fresh mapping: zero */
	if (f->regs == MAP_FAILED || (f->at && f->regs != (uint8_t *)f->at) || !f->shadow ||
	    nr_files == FAKE_MAX_FILES) {
		fprintf(stderr, "fake: cannot map a register file of %#x bytes at %#lx\n",
			f->bytes, (unsigned long)f->at);
		exit(1);
	}
	f->index = nr_files;
	files[nr_files++] = f;
	memset(&sa, 0, sizeof(sa));
	sa.sa_flags = SA_SIGINFO;
	sa.sa_sigaction = on_fault;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGSEGV, &sa, NULL) != 0)
		abort();
	sa.sa_sigaction = on_step;
	if (sigaction(SIGTRAP, &sa, NULL) != 0)
		abort();
}

void fake_file_unmap(struct fake_file *f)
{
	munmap(f->regs, f->bytes);
	free(f->shadow);
	files[f->index] = files[--nr_files];
	files[f->index]->index = f->index;
}

/* --- port I/O and MSRs --- */

static uint32_t no_pio_in(uint16_t port, unsigned int bytes)
{
	fake_error("unexpected port read of %u bytes at %#x", bytes, port);
	return ~0u;
}

static void no_pio_out(uint16_t port, uint32_t v, unsigned int bytes)
{
	fake_error("unexpected port write of %u bytes at %#x (%#x)", bytes, port, v);
}

static uint64_t no_msr_read(uint32_t msr)
{
	fake_error("unexpected rdmsr %#x", msr);
	return 0;
}

static void no_msr_write(uint32_t msr, uint64_t v)
{
	fake_error("unexpected wrmsr %#x (%#llx)", msr, (unsigned long long)v);
}

uint32_t (*fake_pio_in)(uint16_t port, unsigned int bytes) = no_pio_in;
void (*fake_pio_out)(uint16_t port, uint32_t v, unsigned int bytes) = no_pio_out;
uint64_t (*fake_msr_read)(uint32_t msr) = no_msr_read;
void (*fake_msr_write)(uint32_t msr, uint64_t v) = no_msr_write;

uint32_t fake_x86_in(uint16_t port, unsigned int bytes)
{
	uint32_t v = fake_pio_in(port, bytes);

	fake_log_add('R', port, v, FAKE_PIO);
	return v;
}

void fake_x86_out(uint16_t port, uint32_t v, unsigned int bytes)
{
	fake_log_add('W', port, v, FAKE_PIO);
	fake_pio_out(port, v, bytes);
}

uint64_t fake_x86_rdmsr(uint32_t msr)
{
	uint64_t v = fake_msr_read(msr);

	fake_log_add('R', msr, (uint32_t)v, FAKE_MSR);
	return v;
}

void fake_x86_wrmsr(uint32_t msr, uint64_t v)
{
	fake_log_add('W', msr, (uint32_t)v, FAKE_MSR);
	fake_msr_write(msr, v);
}

/* --- checking --- */

static void print_accs(const struct fake_acc *a, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		fprintf(stderr, "  %c %#07x %#010x  (%s %u)\n", a[i].op, a[i].off, a[i].val,
			a[i].space == FAKE_PIO ? "port" : a[i].space == FAKE_MSR ? "msr" :
			a[i].space < FAKE_MAX_FILES ? "file" : "space", a[i].space);
}

bool fake_log_has(char op, unsigned int space, uint32_t off, uint32_t val)
{
	const struct fake_acc want = { op, off, val, space };

	for (unsigned int i = 0; i < fake_nr_acc; i++)
		if (fake_acc_eq(&fake_log[i], &want))
			return true;
	return false;
}

bool fake_acc_eq(const struct fake_acc *a, const struct fake_acc *b)
{
	return a->op == b->op && a->off == b->off && a->val == b->val && a->space == b->space;
}

bool fake_log_is(const struct fake_acc *want, unsigned int n, int line)
{
	bool ok = fake_nr_acc == n;

	for (unsigned int i = 0; ok && i < n; i++)
		ok = fake_acc_eq(&fake_log[i], &want[i]);
	if (!ok) {
		fprintf(stderr, "line %d: register accesses differ; got:\n", line);
		print_accs(fake_log, fake_nr_acc);
		fprintf(stderr, " wanted:\n");
		print_accs(want, n);
	}
	fake_nr_acc = 0;
	return ok;
}

int fake_report(const char *what)
{
	printf("%s: %s (%u failed checks)\n", what, fake_failures ? "FAIL" : "PASS", fake_failures);
	return fake_failures ? 1 : 0;
}

// SPDX-License-Identifier: MIT
/* The /proc views and the cpumask text forms: bounded, exact, strict. */
#include <string.h>
#include "fixture.h"
#include "shell.h"
#include <genirq/compat.h>

static int rd(const char *path, char *buf, size_t size)
{
	return irq_proc_read(path, buf, size);
}

TEST(cpumask_hex_parse_accepts_linux_forms)
{
	struct irq_cpumask m;

	CHECK_EQ(cpumask_parse("3", 1, &m), 0);
	CHECK(cpumask_test_cpu(0, &m) && cpumask_test_cpu(1, &m) && !cpumask_test_cpu(2, &m));
	CHECK_EQ(cpumask_parse("2\n", 2, &m), 0);
	CHECK(!cpumask_test_cpu(0, &m) && cpumask_test_cpu(1, &m));
	CHECK_EQ(cpumask_parse("0,00000001", 10, &m), 0);
	CHECK_EQ(cpumask_first(&m), 0);
	CHECK_EQ(cpumask_parse("80000000", 8, &m), 0);
	CHECK_EQ(cpumask_first(&m), 31);
	CHECK_EQ(cpumask_parse("0000000000", 10, &m), -EINVAL);	/* a group > 8 digits */
	CHECK_EQ(cpumask_parse("00000000,00000000,4", 19, &m), 0);
	CHECK_EQ(cpumask_first(&m), 2);
	/* Each comma-separated group is 32 bits, however many digits it shows. */
	CHECK_EQ(cpumask_parse("0,4", 3, &m), 0);
	CHECK_EQ(cpumask_first(&m), 2);
	CHECK_EQ(cpumask_parse("1,0", 3, &m), -EOVERFLOW);		/* CPU 32 */
}

TEST(cpumask_hex_parse_rejects_garbage_and_changes_nothing)
{
	static const char *bad[] = { "", "\n", "x", "0x3", "3 ", " 3", "-1", ",3", "3,",
				     "1,,2", "3\n\n", "g", "\xff", "3\0" };
	struct irq_cpumask m, keep;

	cpumask_clear(&keep);
	cpumask_set_cpu(5, &keep);
	for (unsigned int i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		size_t len = strlen(bad[i]) + (i == 13 ? 1 : 0);

		m = keep;
		CHECK_EQ(cpumask_parse(bad[i], len, &m), -EINVAL);
		CHECK(cpumask_equal(&m, &keep));
	}
	m = keep;
	CHECK_EQ(cpumask_parse("1,00000000", 10, &m), -EOVERFLOW);	/* CPU 32 of 32 */
	CHECK(cpumask_equal(&m, &keep));
	CHECK_EQ(cpumask_parse(NULL, 3, &m), -EINVAL);
}

TEST(cpumask_list_parse_and_print_round_trip)
{
	struct irq_cpumask m;
	char buf[64];

	CHECK_EQ(cpumask_parselist("0-3,5", 5, &m), 0);
	CHECK_EQ(cpumask_weight(&m), 5);
	CHECK_EQ(cpumask_print_list(buf, sizeof(buf), &m), 5);
	CHECK_STR(buf, "0-3,5");
	CHECK_EQ(cpumask_print(buf, sizeof(buf), &m, 8), 2);
	CHECK_STR(buf, "2f");
	CHECK_EQ(cpumask_parselist("", 0, &m), 0);
	CHECK(cpumask_empty(&m));
	CHECK_EQ(cpumask_parselist("7\n", 2, &m), 0);
	CHECK_EQ(cpumask_first(&m), 7);
	CHECK_EQ(cpumask_parselist("3-1", 3, &m), -EINVAL);
	CHECK_EQ(cpumask_parselist("1,", 2, &m), -EINVAL);
	CHECK_EQ(cpumask_parselist("1-", 2, &m), -EINVAL);
	CHECK_EQ(cpumask_parselist("a", 1, &m), -EINVAL);
	CHECK_EQ(cpumask_parselist("0-99", 4, &m), -EOVERFLOW);
	CHECK_EQ(cpumask_parselist("99999999999999999999", 20, &m), -EOVERFLOW);
	CHECK_EQ(cpumask_first(&m), 7);					/* untouched */
}

TEST(cpumask_print_groups_like_linux)
{
	struct irq_cpumask m;
	char buf[64];

	cpumask_setall(&m, 2);
	CHECK_EQ(cpumask_print(buf, sizeof(buf), &m, 2), 1);
	CHECK_STR(buf, "3");
	cpumask_setall(&m, 32);
	CHECK_EQ(cpumask_print(buf, sizeof(buf), &m, 32), 8);
	CHECK_STR(buf, "ffffffff");
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK_EQ(cpumask_print(buf, sizeof(buf), &m, 12), 3);
	CHECK_STR(buf, "002");
	/* Truncation: reported by the length, buffer stays terminated. */
	CHECK_EQ(cpumask_print(buf, 2, &m, 12), 3);
	CHECK_STR(buf, "0");
}

static void two_lines(struct fixture *fx, struct dev *a, struct dev *b)
{
	fx_init(fx, 2, SIMPIC_FASTEOI);
	dev_init(a, fx, 3, false);
	dev_init(b, fx, 4, true);
	CHECK_EQ(dev_request(a, 0, "uart"), 0);
	CHECK_EQ(dev_request(b, IRQF_SHARED, "edu-a"), 0);
}

TEST(proc_interrupts_shows_cpus_counts_chip_trigger_and_handlers)
{
	struct fixture fx;
	struct dev a, b, b2;
	char buf[4096];
	int n;

	two_lines(&fx, &a, &b);
	b2 = b;
	CHECK_EQ(dev_request(&b2, IRQF_SHARED, "edu-b"), 0);
	dev_raise(&a);
	dev_raise(&a);
	n = rd("/proc/interrupts", buf, sizeof(buf));
	CHECK(n > 0 && (size_t)n < sizeof(buf));
	CHECK_STR(buf,
		  "            CPU0       CPU1       \n"
		  "   0:          2          0  simpic-eoi    3-edge      uart\n"
		  "   1:          0          0  simpic-eoi    4-level     edu-a, edu-b\n"
		  " SPU:          0          0   Spurious interrupts\n"
		  " ERR:          0\n");
	CHECK_EQ(rd("interrupts", buf, sizeof(buf)), n);	/* "/proc" is optional */
}

TEST(proc_hidden_line_leaves_the_list_but_keeps_counting)
{
	struct fixture fx;
	struct dev a, b;
	char buf[4096];

	two_lines(&fx, &a, &b);
	CHECK_EQ(irq_set_proc_hidden(0, true), 0);
	dev_raise(&a);
	CHECK(rd("/proc/interrupts", buf, sizeof(buf)) > 0);
	CHECK_STR(buf,
		  "            CPU0       CPU1       \n"
		  "   1:          0          0  simpic-eoi    4-level     edu-a\n"
		  " SPU:          0          0   Spurious interrupts\n"
		  " ERR:          0\n");
	CHECK_EQ(irq_stat_total(0), 1);			/* still dispatched and counted */
	CHECK(rd("/proc/irq/0/spurious", buf, sizeof(buf)) > 0);	/* still in /proc/irq */
	CHECK_EQ(irq_set_proc_hidden(0, false), 0);
	CHECK(rd("/proc/interrupts", buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "   0:          1          0  simpic-eoi    3-edge      uart\n") != NULL);
	CHECK_EQ(irq_set_proc_hidden(99, true), -EINVAL);
}

/*
 * The layout of arm64, riscv and powerpc Linux (GENERIC_IRQ_SHOW_LEVEL):
 * the hardware line, then "Level" or "Edge"; x86's "4-level" otherwise.
 */
TEST(proc_interrupts_level_layout_names_the_trigger_apart)
{
	struct fixture fx;
	struct dev a, b;
	char buf[4096];

	two_lines(&fx, &a, &b);
	irq_proc_set_show_level(true);
	CHECK(rd("/proc/interrupts", buf, sizeof(buf)) > 0);
	irq_proc_set_show_level(false);
	CHECK_STR(buf,
		  "            CPU0       CPU1       \n"
		  "   0:          0          0  simpic-eoi    3 Edge      uart\n"
		  "   1:          0          0  simpic-eoi    4 Level     edu-a\n"
		  " SPU:          0          0   Spurious interrupts\n"
		  " ERR:          0\n");
	CHECK(rd("/proc/interrupts", buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "simpic-eoi    4-level     edu-a\n") != NULL);
}

static unsigned long two(unsigned int cpu)
{
	return cpu + 2;
}

/* A row name one wider than the column (IPI10 in this four-wide one; IPI0
 * in a kernel's three-wide) keeps the counts in their columns, as Linux's
 * IPIn rows. */
TEST(proc_row_names_wider_than_the_column_keep_the_counts_aligned)
{
	struct fixture fx;
	struct dev a, b;
	struct irq_text t;
	char buf[512];

	two_lines(&fx, &a, &b);
	irq_text_init(&t, buf, sizeof(buf));
	irq_proc_row(&t, "LOC", two, "Local");
	irq_proc_row(&t, "IPI0", two, "Function call interrupts");
	irq_proc_row(&t, "IPI10", two, "Wake-up interrupts");
	CHECK_STR(buf, " LOC:          2          3   Local\n"
		       "IPI0:          2          3   Function call interrupts\n"
		       "IPI10:         2          3   Wake-up interrupts\n");
}

TEST(proc_read_reports_truncation_and_never_overflows)
{
	struct fixture fx;
	struct dev a, b;
	char buf[64];
	int n;

	two_lines(&fx, &a, &b);
	memset(buf, 'Z', sizeof(buf));
	n = rd("/proc/interrupts", buf, 20);
	CHECK(n > 20);
	CHECK_EQ(strlen(buf), 19);
	CHECK_EQ(buf[20], 'Z');
	CHECK_EQ(rd("/proc/interrupts", buf, 0), n);
}

TEST(proc_affinity_files_read_and_write)
{
	struct fixture fx;
	struct dev a, b;
	struct simpic_line_stats s;
	char buf[64];

	two_lines(&fx, &a, &b);
	CHECK_EQ(rd("/proc/irq/0/smp_affinity", buf, sizeof(buf)), 2);
	CHECK_STR(buf, "3\n");
	CHECK_EQ(rd("/proc/irq/0/smp_affinity_list", buf, sizeof(buf)), 4);
	CHECK_STR(buf, "0-1\n");
	CHECK_EQ(rd("/proc/irq/0/effective_affinity", buf, sizeof(buf)), 2);
	CHECK_STR(buf, "1\n");
	CHECK_EQ(irq_proc_write("/proc/irq/0/smp_affinity", "2\n", 2), 0);
	simpic_line_stats(fx.pic, 3, &s);
	CHECK_EQ(s.route, 1);
	CHECK_EQ(rd("/proc/irq/0/effective_affinity_list", buf, sizeof(buf)), 2);
	CHECK_STR(buf, "1\n");
	CHECK_EQ(irq_proc_write("/proc/irq/0/smp_affinity_list", "0", 1), 0);
	CHECK_EQ(rd("/proc/irq/0/smp_affinity", buf, sizeof(buf)), 2);
	CHECK_STR(buf, "1\n");
	dev_raise(&a);
	sim_run(0);
	CHECK_EQ(irq_stat_cpu(0, 0), 1);
}

TEST(proc_affinity_write_errors_change_nothing)
{
	struct fixture fx;
	struct dev a, b;
	char buf[64];

	two_lines(&fx, &a, &b);
	CHECK_EQ(irq_proc_write("/proc/irq/0/smp_affinity", "2", 1), 0);
	CHECK_EQ(irq_proc_write("/proc/irq/0/smp_affinity", "4", 1), -EINVAL);	/* CPU 2 offline */
	CHECK_EQ(irq_proc_write("/proc/irq/0/smp_affinity", "0", 1), -EINVAL);
	CHECK_EQ(irq_proc_write("/proc/irq/0/smp_affinity", "zz", 2), -EINVAL);
	CHECK_EQ(irq_proc_write("/proc/irq/0/smp_affinity", "1,00000000", 10), -EOVERFLOW);
	CHECK_EQ(irq_proc_write("/proc/irq/0/smp_affinity_list", "5-1", 3), -EINVAL);
	CHECK_EQ(irq_proc_write("/proc/irq/0/effective_affinity", "1", 1), -EACCES);
	CHECK_EQ(irq_proc_write("/proc/irq/0/spurious", "1", 1), -EACCES);
	CHECK_EQ(irq_proc_write("/proc/interrupts", "1", 1), -EACCES);
	CHECK_EQ(irq_proc_write("/proc/irq/99/smp_affinity", "1", 1), -ENOENT);
	CHECK_EQ(irq_proc_write("/proc/irq/0/nonsense", "1", 1), -ENOENT);
	CHECK_EQ(irq_proc_write("/proc/irq/0/uart", "1", 1), -EISDIR);
	CHECK_EQ(rd("/proc/irq/0/smp_affinity", buf, sizeof(buf)), 2);
	CHECK_STR(buf, "2\n");
}

/* On @nr_cpus CPUs, line 0 on a controller that cannot route (no set_affinity). */
static unsigned int fixed_line(struct fixture *fx, unsigned int nr_cpus)
{
	static const struct irq_chip fixed = { .name = "fixed" };
	static int cookie;
	int irq;

	fx_init(fx, nr_cpus, SIMPIC_FASTEOI);
	irq = irq_alloc_descs(-1, 1);
	CHECK_EQ(irq, 0);
	CHECK_EQ(irq_set_chip((unsigned int)irq, &fixed, NULL), 0);
	CHECK_EQ(request_irq((unsigned int)irq, dev_handler, 0, "fixed", &cookie), 0);
	return (unsigned int)irq;
}

TEST(proc_affinity_on_controller_that_cannot_route_is_eio)
{
	struct fixture fx;

	fixed_line(&fx, 2);
	CHECK_EQ(irq_proc_write("/proc/irq/0/smp_affinity", "1", 1), -EIO);
	CHECK_EQ(irq_proc_write("/proc/irq/0/smp_affinity", "3", 1), -EIO);
}

/* The shell names the controller that cannot route, and why the write failed. */
TEST(shell_affinity_on_controller_that_cannot_route_names_it)
{
	struct fixture fx;
	static struct shell sh;

	fixed_line(&fx, 2);
	shell_init(&sh, fx_out_write, NULL, 0);
	fx_out_reset();
	CHECK_EQ(shell_exec(&sh, "echo 1 > /proc/irq/0/smp_affinity"), -EIO);
	CHECK(strstr(fx_out, "error: echo: input/output error (-5): irq 0's controller "
			  "(fixed) cannot route it to other CPUs\n") != NULL);
}

/*
 * A mask naming no CPU of this machine is the caller's mistake, said
 * before whether the line can be routed: on one CPU, "2" asks for a CPU 1
 * that does not exist (-EINVAL), not for a routing the controller lacks.
 */
TEST(proc_affinity_to_cpus_that_do_not_exist_is_einval_before_routing)
{
	struct fixture fx;
	struct irq_cpumask m;
	unsigned int irq = fixed_line(&fx, 1);

	CHECK_EQ(irq_proc_write("/proc/irq/0/smp_affinity", "2", 1), -EINVAL);
	CHECK_EQ(irq_proc_write("/proc/irq/0/smp_affinity", "0", 1), -EINVAL);
	CHECK_EQ(irq_proc_write("/proc/irq/0/smp_affinity_list", "1", 1), -EINVAL);
	cpumask_clear(&m);
	cpumask_set_cpu(1, &m);
	CHECK_EQ(irq_set_affinity(irq, &m), -EINVAL);
	/* CPU 0 exists: the controller's answer. */
	CHECK_EQ(irq_proc_write("/proc/irq/0/smp_affinity", "3", 1), -EIO);
}

TEST(proc_prof_cpu_mask_reads_and_writes)
{
	struct fixture fx;
	char buf[32];

	fx_init(&fx, 2, SIMPIC_FASTEOI);
	CHECK_EQ(rd("/proc/irq/prof_cpu_mask", buf, sizeof(buf)), 2);
	CHECK_STR(buf, "3\n");
	CHECK_EQ(irq_proc_write("/proc/irq/prof_cpu_mask", "1\n", 2), 0);
	CHECK_EQ(rd("/proc/irq/prof_cpu_mask", buf, sizeof(buf)), 2);
	CHECK_STR(buf, "1\n");
	CHECK_EQ(irq_proc_write("/proc/irq/prof_cpu_mask", "q", 1), -EINVAL);
	CHECK_EQ(rd("/proc/irq/prof_cpu_mask", buf, sizeof(buf)), 2);
	CHECK_STR(buf, "1\n");
}

TEST(proc_listing_has_lines_and_one_entry_per_named_handler)
{
	struct fixture fx;
	struct dev a, b;
	char buf[256];

	two_lines(&fx, &a, &b);
	CHECK(irq_proc_list("/proc/irq", buf, sizeof(buf)) > 0);
	CHECK_STR(buf, "prof_cpu_mask\n0/\n1/\n");
	CHECK(irq_proc_list("/proc/irq/1", buf, sizeof(buf)) > 0);
	CHECK_STR(buf, "smp_affinity\nsmp_affinity_list\neffective_affinity\n"
		       "effective_affinity_list\nspurious\ncost\npriority\nthreads\nwakeup\n"
		       "affinity_hint\nedu-a/\n");
	CHECK_EQ(irq_proc_list("/proc/irq/7", buf, sizeof(buf)), -ENOENT);
	CHECK_EQ(irq_proc_list("/proc/irq/1/spurious", buf, sizeof(buf)), -ENOENT);
	CHECK_EQ(irq_proc_list("/nope", buf, sizeof(buf)), -ENOENT);
}

TEST(proc_paths_are_parsed_strictly)
{
	struct fixture fx;
	struct dev a, b;
	char buf[256];
	static const char *bad[] = { "/proc/irq/01/smp_affinity", "/proc/irq/-1/smp_affinity",
				     "/proc/irq/99999999999999/smp_affinity", "/proc/irq//smp_affinity",
				     "/proc/irq/0smp_affinity", "/proc/irq/0/smp_affinity/x",
				     "/proc/irqs", "/proc/interruptsX", "", "/proc/irq/0/../1/spurious" };

	two_lines(&fx, &a, &b);
	for (unsigned int i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CHECK_EQ(rd(bad[i], buf, sizeof(buf)) < 0, 1);
	CHECK_EQ(rd("/proc/irq/0", buf, sizeof(buf)), -EISDIR);
	CHECK_EQ(rd("/proc/irq/0/uart", buf, sizeof(buf)), -EISDIR);
	CHECK_EQ(rd(NULL, buf, sizeof(buf)), -EISDIR);
}

TEST(snprintf_formats_and_bounds)
{
	char buf[32];

	CHECK_EQ(irq_snprintf(buf, sizeof(buf), "%d|%5u|%-4x|%05d|%s", -42, 7u, 0xabu, -3, "hi"), 23);
	CHECK_STR(buf, "-42|    7|ab  |-0003|hi");
	CHECK_EQ(irq_snprintf(buf, sizeof(buf), "%lu %llx %zu %c%%", 123456789UL, 0x1ffffffffULL,
			      (size_t)9, 'z'), 24);
	CHECK_STR(buf, "123456789 1ffffffff 9 z%");
	CHECK_EQ(irq_snprintf(buf, 4, "abcdef"), 6);
	CHECK_STR(buf, "abc");
	const char *volatile none = NULL;

	CHECK_EQ(irq_snprintf(buf, sizeof(buf), "%s|%-3s|%3s", none, "a", "b"), 14);
	CHECK_STR(buf, "(null)|a  |  b");
}

TEST(log_lines_are_cut_at_256_bytes)
{
	struct fixture fx;
	char big[400];

	fx_init(&fx, 1, SIMPIC_ACK);
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	sim_console_clear();
	irq_log("%s", big);
	CHECK_EQ(strlen(sim_console()), 255);		/* 254 bytes and the newline */
	CHECK(strstr(sim_console(), "...\n") != NULL);
}

/*
 * The SPU row appears once, before ERR: where a port's rows place it
 * (x86: LOC, SPU, CAL), else after the port's rows.
 */
TEST(proc_spurious_row_once_where_the_port_places_it)
{
	struct fixture fx;
	struct dev a, b;
	struct irq_text t;
	char buf[512], all[4096];
	const char *loc, *spu, *cal, *err;

	two_lines(&fx, &a, &b);
	irq_text_init(&t, buf, sizeof(buf));
	irq_proc_row(&t, "LOC", two, "Local");
	irq_proc_show_spurious(&t);
	irq_proc_row(&t, "CAL", two, "Function call interrupts");
	irq_proc_show_spurious(&t);	/* the core's own call after the port's rows */
	loc = strstr(buf, " LOC:");
	spu = strstr(buf, " SPU:");
	cal = strstr(buf, " CAL:");
	CHECK(loc && spu && cal && loc < spu && spu < cal);
	CHECK(strstr(spu + 1, " SPU:") == NULL);
	/* A port that places no SPU row (the hosted one): the core's, after its rows, before ERR. */
	CHECK(irq_proc_read("/proc/interrupts", all, sizeof(all)) > 0);
	spu = strstr(all, " SPU:");
	err = strstr(all, " ERR:");
	CHECK(spu && err && spu < err && strstr(spu + 1, " SPU:") == NULL);
}

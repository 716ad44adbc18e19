/* SPDX-License-Identifier: MIT */
/*
 * config.h - every build setting of genirq, in one place.
 *
 * An embedder sets its own in a header of its own and names it with
 * -DGENIRQ_CONFIG_FILE='"path/to/genirq_config.h"' on every compile of the
 * core, its controllers and its callers (genirq.mk and CMakeLists.txt do
 * this when GENIRQ_CONFIG_FILE is set); a setting left out keeps the
 * default below. docs/embedding.md has the same table with what each
 * costs. Settings that size public structures (GENIRQ_NR_CPUS) must be the
 * same for every object of a build.
 *
 *  setting               default   what it sets
 *  GENIRQ_NR_CPUS        32        most CPUs a build can index (per-CPU
 *                                  state, cpumasks, controllers' per-CPU
 *                                  arrays)
 *  GENIRQ_MAX_IRQS       8192      global irq numbers run 0..GENIRQ_MAX_IRQS-1
 *  GENIRQ_TRACE_EVENTS   8         events in each CPU's trace ring, a power
 *                                  of two (32 bytes each; 8 KiB at 32
 *                                  CPUs): a build that traces asks for
 *                                  more (the demo kernels: 2048)
 *  GENIRQ_ARENA_BYTES    32768     the static arena descriptors, actions and
 *                                  counters come from when the port has no
 *                                  port_alloc()
 *  GENIRQ_HANDLERS_IRQS_ON  0      1: the 2004 rule, a handler runs with
 *                                  local interrupts on unless its request
 *                                  says IRQF_DISABLED; 0: every handler
 *                                  runs with them off, as in Linux since
 *                                  2.6.35 (IRQF_DISABLED changes nothing)
 *  GENIRQ_FLOW_PATHS     1         how the edge, fasteoi and simple
 *                        (0 at -Os) flows are compiled. 1: each as three
 *                                  paths (a claimed line's solo call, its
 *                                  chain, the locked event), each without
 *                                  the others' code, the fewest
 *                                  instructions an event; 0: one body for
 *                                  the three, one copy of the chain: 2.4
 *                                  KB less text (riscv64, -Os), a few
 *                                  instructions more an event (figures at
 *                                  core/flow.c's FLOW_ENTRY()). Only
 *                                  flow.c reads it
 *  GENIRQ_ERRNO_HEADER   (none)    a header with the embedder's errno values
 *                                  (e.g. <errno.h> of newlib): GENIRQ_E*
 *                                  take them; without it, Linux's values
 *
 * Features, each 1 (built in, the default) or 0 (left out). A feature left
 * out is a set of core files the kit does not build (GENIRQ_FEATURES in
 * genirq.mk, CMakeLists.txt and make lib names the features kept;
 * GENIRQ_SRCS_<feature> lists each one's files), and its verbs become
 * inline stubs in the public headers, so callers still compile; what
 * each stub does is written with it. The sizes are the feature's own
 * text at -Os with one CPU on aarch64 (docs/embedding.md has riscv64's).
 *
 *  GENIRQ_THREADS        1         threaded handlers (thread.c, nested.c):
 *                                  request_threaded_irq() with a thread
 *                                  function, forced threading, the runner.
 *                                  0: such a request is -ENOSYS.
 *                                  Costs 3.0 KB of text (aarch64, -Os)
 *  GENIRQ_MSI            1         MSI domains and PCI MSI/MSI-X (msi.c),
 *                                  pci_alloc_irq_vectors() (pci_vectors.c),
 *                                  managed affinity spreading (spread.c),
 *                                  affinity hints and notifiers
 *                                  (affinity_notify.c).
 *                                  0: msi_create_irq_domain() and
 *                                  irq_create_affinity_masks() are NULL,
 *                                  the others -ENOSYS. 4.7 KB without
 *                                  the vectors, hints and spreading
 *  GENIRQ_IPI            1         IPI lines (ipi.c). 0: -ENOSYS. 2.2 KB
 *  GENIRQ_AUTOPROBE      1         probe_irq_on()/probe_irq_off()
 *                                  (autoprobe.c). 0: no line is found
 *                                  (probe_irq_off() is 0). 1.3 KB
 *  GENIRQ_STORM          1         the handled-storm rule (storm.c). 0: a
 *                                  storm is never throttled, the setters
 *                                  are -ENOSYS (the stuck-line rule
 *                                  stays). 2.2 KB
 *  GENIRQ_TEXT_VIEWS     1         /proc/interrupts, /proc/irq and
 *                                  debugfs as text (proc.c, debugfs.c;
 *                                  needs GENIRQ_REPORTS, the formatter).
 *                                  0: irq_proc_*() are -ENOSYS. 9.2 KB
 *  GENIRQ_COST           1         per-line cost accounting and irqtop
 *                                  (cost.c, top.c). 0: -ENOSYS, and a
 *                                  snapshot holds no line. 3.1 KB
 *  GENIRQ_TRACE          1         the trace rings (trace.c). 0: the core's
 *                                  trace points compile to nothing,
 *                                  irq_trace_line() is -ENOSYS, no ring
 *                                  (GENIRQ_TRACE_EVENTS unused). 2.6 KB,
 *                                  and the rings' 32 bytes an event a CPU
 *  GENIRQ_PERCPU_IRQ     1         request_percpu_irq() and its verbs
 *                                  (percpu_irq.c): one handler with a
 *                                  per-CPU dev_id. 0: a request is
 *                                  -ENOSYS (logged); irq_set_percpu()
 *                                  and its flow stay. 2.3 KB
 *  GENIRQ_PRIORITY       1         per-line priorities and zero-latency
 *                                  lines (priority.c). 0: setting one is
 *                                  -ENOSYS (logged), no line has one or
 *                                  is zero-latency, each controller keeps
 *                                  its default. 0.9 KB
 *  GENIRQ_PM             1         wake lines, suspend and resume of lines
 *                                  (pm.c, <genirq/pm.h>). 0: a wake
 *                                  request is -ENOSYS, suspend and resume
 *                                  do nothing
 *  GENIRQ_NMI            1         NMI and pseudo-NMI lines (nmi.c,
 *                                  <genirq/nmi.h>). 0: an NMI request is
 *                                  -ENOSYS (logged), no line is an NMI
 *  GENIRQ_REPORTS        1         console text: the core's reports
 *                                  (stuck lines and their handlers, each
 *                                  misuse's line, "logged" above) and the
 *                                  formatter they are written with
 *                                  (format.c: irq_log(), irq_snprintf(),
 *                                  irq_text_*()). 0: the core writes no
 *                                  console line (its rules, the stuck-line
 *                                  disable included, and every errno
 *                                  stay), irq_log() writes nothing,
 *                                  irq_snprintf() and irq_cpumask_print()
 *                                  are -ENOSYS. 6.8 KB: format.c's 2.1
 *                                  KB, the lines' strings and the code
 *                                  that writes them
 *  GENIRQ_DEVRES         1         owner-grouped requests (devres.c:
 *                                  devm_request_irq(), devm_free_irq(),
 *                                  irq_owner_release()). 0: a request
 *                                  through an owner is -ENOSYS (logged),
 *                                  a free or release does nothing. 0.9 KB
 *  GENIRQ_FWNODE         1         domains by firmware node
 *                                  (domain_fwnode.c: irq_domain_set_fwnode(),
 *                                  irq_find_matching_fwnode(),
 *                                  irq_create_fwspec_mapping(), the
 *                                  irq_domain_xlate_*() decoders) and
 *                                  tree domains (irqdomain_tree.c).
 *                                  0: -ENOSYS, no domain is found,
 *                                  irq_domain_create_tree() is NULL
 *                                  (logged); a port maps its lines with
 *                                  irq_create_mapping(). 1.5 KB
 *  GENIRQ_HIERARCHY      1         hierarchical (stacked) domains
 *                                  (domain_hier.c: irq_domain_create_
 *                                  hierarchy(), irq_domain_alloc_irqs(),
 *                                  activation through the levels, the
 *                                  irq_chip_*_parent() helpers). 0: every
 *                                  domain is flat; making a hierarchy is
 *                                  NULL or -ENOSYS, a helper finds no
 *                                  parent. MSI and IPI lines need it.
 *                                  4.2 KB
 *  GENIRQ_SPURIOUS       1         the stuck-line rule (spurious.c): a
 *                                  line with more than 99,900 of 100,000
 *                                  events unhandled is reported ("nobody
 *                                  cared") and disabled, then polled and
 *                                  re-enabled by irq_spurious_poll().
 *                                  0: no event is judged and no line is
 *                                  disabled as stuck (a line nobody
 *                                  serves keeps firing); the storm rule,
 *                                  noirqdebug, irq_spurious_poll() (its
 *                                  throttles), the reports of bogus
 *                                  returns, the SPU and ERR counts stay.
 *                                  1.4 KB
 *  GENIRQ_FREE_LINES     1         lines can be freed: irq_free_descs(),
 *                                  irq_dispose_mapping(), and with them
 *                                  the grace periods that keep a freed
 *                                  descriptor until no CPU holds it
 *                                  (grace.c: the verbs' read sections,
 *                                  irq_desc_read_lock()). 0: a line once
 *                                  made stays for the system's life, as
 *                                  a kernel that sets its lines up at
 *                                  boot has them: freeing is -ENOSYS
 *                                  (logged) and changes nothing, a read
 *                                  section is empty. free_irq() stays.
 *                                  MSI and hierarchical domains need it.
 *                                  0.3 KB; 1.1 KB with the freeing paths
 *                                  and the verbs' read sections
 */
#ifndef GENIRQ_CONFIG_H
#define GENIRQ_CONFIG_H

#ifdef GENIRQ_CONFIG_FILE
# include GENIRQ_CONFIG_FILE
#endif

#ifndef GENIRQ_NR_CPUS
# define GENIRQ_NR_CPUS		32
#endif
#ifndef GENIRQ_MAX_IRQS
# define GENIRQ_MAX_IRQS	8192
#endif
#ifndef GENIRQ_TRACE_EVENTS
# define GENIRQ_TRACE_EVENTS	8
#endif
#ifndef GENIRQ_ARENA_BYTES
# define GENIRQ_ARENA_BYTES	(32 * 1024)
#endif
#ifndef GENIRQ_HANDLERS_IRQS_ON
# define GENIRQ_HANDLERS_IRQS_ON	0
#endif
/* The flows' form follows what the build optimises for (core/flow.c). */
#ifndef GENIRQ_FLOW_PATHS
# ifdef __OPTIMIZE_SIZE__
#  define GENIRQ_FLOW_PATHS	0
# else
#  define GENIRQ_FLOW_PATHS	1
# endif
#endif
#ifndef GENIRQ_THREADS
# define GENIRQ_THREADS		1
#endif
#ifndef GENIRQ_MSI
# define GENIRQ_MSI		1
#endif
#ifndef GENIRQ_IPI
# define GENIRQ_IPI		1
#endif
#ifndef GENIRQ_AUTOPROBE
# define GENIRQ_AUTOPROBE	1
#endif
#ifndef GENIRQ_STORM
# define GENIRQ_STORM		1
#endif
#ifndef GENIRQ_TEXT_VIEWS
# define GENIRQ_TEXT_VIEWS	1
#endif
#ifndef GENIRQ_COST
# define GENIRQ_COST		1
#endif
#ifndef GENIRQ_TRACE
# define GENIRQ_TRACE		1
#endif
#ifndef GENIRQ_PERCPU_IRQ
# define GENIRQ_PERCPU_IRQ	1
#endif
#ifndef GENIRQ_PRIORITY
# define GENIRQ_PRIORITY	1
#endif
#ifndef GENIRQ_PM
# define GENIRQ_PM		1
#endif
#ifndef GENIRQ_NMI
# define GENIRQ_NMI		1
#endif
#ifndef GENIRQ_REPORTS
# define GENIRQ_REPORTS		1
#endif
#ifndef GENIRQ_DEVRES
# define GENIRQ_DEVRES		1
#endif
#ifndef GENIRQ_FWNODE
# define GENIRQ_FWNODE		1
#endif
#ifndef GENIRQ_HIERARCHY
# define GENIRQ_HIERARCHY	1
#endif
#ifndef GENIRQ_SPURIOUS
# define GENIRQ_SPURIOUS	1
#endif
#ifndef GENIRQ_FREE_LINES
# define GENIRQ_FREE_LINES	1
#endif

/* MSI vectors and the lines of a hierarchy are freed with their levels. */
#if (GENIRQ_MSI || GENIRQ_HIERARCHY) && !GENIRQ_FREE_LINES
# error "GENIRQ_MSI and GENIRQ_HIERARCHY need GENIRQ_FREE_LINES (their lines are freed: irq_domain_free_irqs()): keep FREE_LINES in GENIRQ_FEATURES or leave MSI and HIERARCHY out"
#endif

/* The views are text: they are written with the formatter console text brings. */
#if GENIRQ_TEXT_VIEWS && !GENIRQ_REPORTS
# error "GENIRQ_TEXT_VIEWS needs GENIRQ_REPORTS (the formatter the views are written with, core/format.c): keep REPORTS in GENIRQ_FEATURES or leave TEXT_VIEWS out"
#endif

/*
 * The settings every object of a build must share, GENIRQ_NR_CPUS (it
 * sizes public structures), GENIRQ_MAX_IRQS, GENIRQ_HANDLERS_IRQS_ON
 * (the flows and request_irq() decide together) and the eighteen features
 * (a caller built without one calls its inline stubs, not the core's
 * verbs), spelled into one symbol name that every C object including a
 * genirq header outside the core refers to (8 bytes of read-only data
 * each) and the core defines (core/desc.c): an object built with other
 * settings fails to link, naming the settings it was built with
 * (genirq_config_cpus4_irqs8192_irqson0_feat111111111111111111, the features in
 * the table's order). Each must be a plain decimal number for that, the
 * features 0 or 1.
 */
#define GENIRQ_CONFIG_PASTE(c, i, h, t, m, p, a, s, v, o, r, q, y, w, n, e, d, f, x, u, l) \
	genirq_config_cpus##c##_irqs##i##_irqson##h##_feat##t##m##p##a##s##v##o##r##q##y##w##n##e##d##f##x##u##l
#define GENIRQ_CONFIG_NAME(c, i, h, t, m, p, a, s, v, o, r, q, y, w, n, e, d, f, x, u, l) \
	GENIRQ_CONFIG_PASTE(c, i, h, t, m, p, a, s, v, o, r, q, y, w, n, e, d, f, x, u, l)
#define GENIRQ_CONFIG_SYMBOL \
	GENIRQ_CONFIG_NAME(GENIRQ_NR_CPUS, GENIRQ_MAX_IRQS, GENIRQ_HANDLERS_IRQS_ON, \
			   GENIRQ_THREADS, GENIRQ_MSI, GENIRQ_IPI, GENIRQ_AUTOPROBE, GENIRQ_STORM, \
			   GENIRQ_TEXT_VIEWS, GENIRQ_COST, GENIRQ_TRACE, GENIRQ_PERCPU_IRQ, \
			   GENIRQ_PRIORITY, GENIRQ_PM, GENIRQ_NMI, GENIRQ_REPORTS, \
			   GENIRQ_DEVRES, GENIRQ_FWNODE, GENIRQ_HIERARCHY, GENIRQ_SPURIOUS, \
			   GENIRQ_FREE_LINES)

/* (The core's own objects, built together by the kit, define it instead.) */
#if !defined(__ASSEMBLER__) && !defined(GENIRQ_CORE_INTERNALS_H)
# ifdef __cplusplus
extern "C" const char GENIRQ_CONFIG_SYMBOL;
# else
extern const char GENIRQ_CONFIG_SYMBOL;
# endif
# if defined(__GNUC__) || defined(__clang__)
static const char *const genirq_config_check __attribute__((used)) = &GENIRQ_CONFIG_SYMBOL;
# endif
#endif

#endif /* GENIRQ_CONFIG_H */

/* SPDX-License-Identifier: MIT */
/*
 * The minimal configuration `make size` measures and the minimal host
 * tests (tests/minimal/) build with: one CPU, 64 lines, a 1 KiB arena (a
 * port with a heap gives port_alloc() instead: the 1 KiB holds no line;
 * a port without one sizes GENIRQ_ARENA_BYTES for its lines, about 2 KiB
 * for the first line of a group of 64 and 384 bytes for each further one
 * on a 64-bit ISA, 1.1 KiB and 320 bytes on Cortex-M3, as
 * demo/mps2/genirq_config_minimal.h does; a build of at most 64 lines
 * keeps its one group's part once made), and no optional feature
 * (genirq.mk's GENIRQ_FEATURES empty sets each switch to 0; they are set
 * here too, so a compile outside the kit agrees). A file that includes it
 * may set a larger arena first (demo/virt/genirq_config_minimal.h).
 */
#define GENIRQ_NR_CPUS		1
#define GENIRQ_MAX_IRQS		64
#ifndef GENIRQ_ARENA_BYTES
# define GENIRQ_ARENA_BYTES	1024
#endif
#define GENIRQ_THREADS		0
#define GENIRQ_MSI		0
#define GENIRQ_IPI		0
#define GENIRQ_AUTOPROBE	0
#ifndef GENIRQ_STORM
# define GENIRQ_STORM		0
#endif
#define GENIRQ_TEXT_VIEWS	0
#define GENIRQ_COST		0
#define GENIRQ_TRACE		0
#define GENIRQ_PERCPU_IRQ	0
/* (A port whose controller nests by priority keeps them: demo/mps2.) */
#ifndef GENIRQ_PRIORITY
# define GENIRQ_PRIORITY	0
#endif
#define GENIRQ_PM		0
#define GENIRQ_NMI		0
/* (A port whose own shell formats text keeps it: demo/mps2, demo/virt.) */
#ifndef GENIRQ_REPORTS
# define GENIRQ_REPORTS		0
#endif
#ifndef GENIRQ_DEVRES
# define GENIRQ_DEVRES		0
#endif
/* (A port whose lines come from a device tree keeps these: demo/virt.) */
#ifndef GENIRQ_FWNODE
# define GENIRQ_FWNODE		0
#endif
#ifndef GENIRQ_HIERARCHY
# define GENIRQ_HIERARCHY	0
#endif
/* (A port that wants lines nobody serves disabled keeps the stuck-line rule.) */
#ifndef GENIRQ_SPURIOUS
# define GENIRQ_SPURIOUS	0
#endif
/* (A port that frees lines, or maps MSIs or hierarchies, keeps it.) */
#ifndef GENIRQ_FREE_LINES
# define GENIRQ_FREE_LINES	0
#endif

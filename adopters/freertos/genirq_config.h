/* SPDX-License-Identifier: MIT */
/* genirq_config.h - genirq's settings for FreeRTOS on one hart. */
#define GENIRQ_NR_CPUS	1
#define GENIRQ_MAX_IRQS	64
#define GENIRQ_ARENA_BYTES	(8 * 1024)	/* three lines, two threads */

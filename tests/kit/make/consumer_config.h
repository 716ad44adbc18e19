/* SPDX-License-Identifier: MIT */
/* A consumer's genirq settings: four CPUs, the rest as <genirq/config.h> has it. */
#define GENIRQ_NR_CPUS	4

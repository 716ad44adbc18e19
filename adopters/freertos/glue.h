/* SPDX-License-Identifier: MIT */
/* glue.h - what the glue's files share. */
#include <genirq/interrupt.h>
extern struct plic *glue_plic;
extern volatile unsigned long glue_edu_threads, glue_softirqs;
extern int glue_edu_irq;
void glue_genirq_init(void);
void glue_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
__attribute__((noreturn)) void glue_exit(unsigned int status);
__attribute__((noreturn)) void glue_fail(const char *why);

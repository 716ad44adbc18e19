/* SPDX-License-Identifier: MIT */
/* pseries_asm.h - the pseries demo kernel's boot constants (boot.S). */
#ifndef GENIRQ_DEMO_PSERIES_ASM_H
#define GENIRQ_DEMO_PSERIES_ASM_H

#define PROM_FRAME		288	/* header, r2, r13-r31, MSR */
#define BOOT_STACK_BYTES	32768

#endif /* GENIRQ_DEMO_PSERIES_ASM_H */

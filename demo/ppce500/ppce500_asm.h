/* SPDX-License-Identifier: MIT */
/*
 * ppce500_asm.h - the ppce500 demo kernel's memory map: the effective
 * addresses of its TLB1 mappings (boot.S cpu_setup).
 */
#ifndef GENIRQ_DEMO_PPCE500_ASM_H
#define GENIRQ_DEMO_PPCE500_ASM_H

#define CCSR_EA		0xE0000000	/* PA 0xF_E000_0000, 1 MiB */
#define SPIN_EA		0xEF000000	/* PA 0xF_EF00_0000, 4 KiB: spin table */
#define PCI_EA		0xC0000000	/* PA 0xC_0000_0000, 16 MiB: PCI memory */
#define PCIIO_EA	0xE1000000	/* PA 0xF_E100_0000, 64 KiB: PCI I/O */

#endif /* GENIRQ_DEMO_PPCE500_ASM_H */

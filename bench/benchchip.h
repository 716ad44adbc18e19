/* SPDX-License-Identifier: MIT */
/*
 * benchchip.h - the benchmark's controller: every primitive is a real
 * out-of-line function that writes one volatile register, so the cost of
 * reaching the controller is in every figure, for genirq and the floor
 * alike.
 */
#ifndef GENIRQ_BENCH_CHIP_H
#define GENIRQ_BENCH_CHIP_H

#include <genirq/irq.h>

/* Edge/level controller: ack + mask/unmask (handle_edge_irq, handle_level_irq). */
extern const struct irq_chip benchchip_ack;
/* One end-of-interrupt per delivery, no ack (handle_fasteoi_irq). */
extern const struct irq_chip benchchip_eoi;

/* The same primitives on a hardware line number, for the floor. */
void benchchip_ack_hw(unsigned long hw);
void benchchip_eoi_hw(unsigned long hw);
void benchchip_mask_hw(unsigned long hw);
void benchchip_unmask_hw(unsigned long hw);

#endif /* GENIRQ_BENCH_CHIP_H */

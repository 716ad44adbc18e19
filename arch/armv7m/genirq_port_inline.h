/* SPDX-License-Identifier: MIT */
/*
 * genirq_port_inline.h - the armv7m port's fast path (<genirq/port.h>,
 * GENIRQ_PORT_INLINE): one CPU; local interrupts off is BASEPRI at
 * GENIRQ_ARMV7M_BASEPRI (the exceptions at that priority byte or below
 * are held; the more urgent ones, zero-latency, are not), on is BASEPRI 0.
 */
#ifndef GENIRQ_ARMV7M_PORT_INLINE_H
#define GENIRQ_ARMV7M_PORT_INLINE_H

/*
 * The kernel's level as a priority byte: the top bit, so it means the same
 * on every implementation (2 to 8 priority bits). Bytes 0x00-0x7f are
 * zero-latency, 0x80-0xff the kernel's.
 */
#ifndef GENIRQ_ARMV7M_BASEPRI
# define GENIRQ_ARMV7M_BASEPRI	0x80
#endif

#ifndef __ASSEMBLER__
static inline unsigned int port_cpu_id_fast(void)
{
	return 0;
}

static inline void port_irq_enable_fast(void)
{
	__asm__ __volatile__("msr basepri, %0" :: "r"(0) : "memory");
}

static inline void port_irq_disable_fast(void)
{
	__asm__ __volatile__("msr basepri_max, %0" :: "r"(GENIRQ_ARMV7M_BASEPRI) : "memory");
}
#endif

#endif /* GENIRQ_ARMV7M_PORT_INLINE_H */

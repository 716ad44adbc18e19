/* SPDX-License-Identifier: MIT */
/*
 * compat.h - the 2004 flag names, for drivers written against them.
 */
#ifndef GENIRQ_COMPAT_H
#define GENIRQ_COMPAT_H

#include <genirq/interrupt.h>

#define SA_SHIRQ		IRQF_SHARED
#define SA_INTERRUPT		IRQF_DISABLED
#define SA_SAMPLE_RANDOM	IRQF_SAMPLE_RANDOM

#endif /* GENIRQ_COMPAT_H */

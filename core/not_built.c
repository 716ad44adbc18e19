// SPDX-License-Identifier: MIT
/*
 * not_built.c - the one console line a left-out feature's stub gives
 * (<genirq/interrupt.h>: irq_not_built()).
 */
#include "internals.h"

/* Only the stubs of left-out features call it: a build with all of them has none. */
#if !GENIRQ_PERCPU_IRQ || !GENIRQ_PRIORITY || !GENIRQ_DEVRES
int irq_not_built(unsigned int irq, const char *what, const char *feature)
{
	irq_log("irq %u: %s, but %s is 0 in this build", irq, what, feature);
	return -ENOSYS;
}
#endif

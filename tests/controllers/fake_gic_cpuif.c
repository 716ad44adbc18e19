// SPDX-License-Identifier: MIT
/*
 * fake_gic_cpuif.c - the fake GICv3 CPU interface of the controller tests
 * (fake_gic_sysreg.h): ICC_IAR1_EL1 pops the INTIDs a test queued with
 * fake_icc_push() (1023, nothing pending, when none is left), the last
 * ICC_SGI1R_EL1 value is kept, ICC_RPR_EL1 reads fake_icc_rpr, ICC_PMR_EL1
 * reads what was last written, PSTATE.I is kept in fake_cpu_irq_masked,
 * every access goes into the fakeregs log.
 */
#include <string.h>

#include "fakeregs.h"
#include "fake_gic_sysreg.h"

#define QMAX	8u

static uint32_t queue[QMAX];
static unsigned int queued;
uint64_t fake_icc_sgi1r;
uint64_t fake_icc_rpr = 0xff;	/* idle: no interrupt active */
uint64_t fake_icc_pmr = 0xf0;	/* open */
bool fake_cpu_irq_masked;

void fake_icc_push(uint32_t intid)
{
	if (queued == QMAX) {
		fake_error("fake CPU interface: more than %u INTIDs queued", QMAX);
		return;
	}
	queue[queued++] = intid;
}

uint64_t fake_icc_read(uint32_t reg)
{
	uint64_t v = 0;

	if (reg == FAKE_ICC_RPR)
		v = fake_icc_rpr;
	if (reg == FAKE_ICC_PMR)
		v = fake_icc_pmr;
	if (reg == FAKE_ICC_IAR1) {
		v = 1023;
		if (queued) {
			v = queue[0];
			memmove(queue, queue + 1, --queued * sizeof(queue[0]));
		}
	}
	fake_log_add('R', reg, (uint32_t)v, FAKE_MSR);
	return v;
}

void fake_icc_write(uint32_t reg, uint64_t v)
{
	if (reg == FAKE_ICC_SGI1R)
		fake_icc_sgi1r = v;
	if (reg == FAKE_ICC_PMR)
		fake_icc_pmr = v;
	if (reg == FAKE_DAIFSET_I || reg == FAKE_DAIFCLR_I)
		fake_cpu_irq_masked = reg == FAKE_DAIFSET_I;
	fake_log_add('W', reg, (uint32_t)v, FAKE_MSR);
}

/* SPDX-License-Identifier: MIT */
/*
 * fake_x86_io.h - the accessors of controllers/x86_pio.h for host tests:
 * port I/O and MSRs go to the fakes of fakeregs.c and into its log.
 *
 * tests/controllers.mk compiles the x86 controllers with
 * `-include tests/controllers/fake_x86_io.h`. This file defines the real
 * header's guard as well, so the drivers' own #include "x86_pio.h" then
 * adds nothing and the drivers compile unchanged against these.
 */
#ifndef GENIRQ_TESTS_FAKE_X86_IO_H
#define GENIRQ_TESTS_FAKE_X86_IO_H
#define GENIRQ_CONTROLLERS_X86_PIO_H	/* stands in for controllers/x86_pio.h */

#include <stdint.h>

uint32_t fake_x86_in(uint16_t port, unsigned int bytes);
void fake_x86_out(uint16_t port, uint32_t v, unsigned int bytes);
uint64_t fake_x86_rdmsr(uint32_t msr);
void fake_x86_wrmsr(uint32_t msr, uint64_t v);

static inline void outb(uint16_t port, uint8_t v)
{
	fake_x86_out(port, v, 1);
}

static inline uint8_t inb(uint16_t port)
{
	return (uint8_t)fake_x86_in(port, 1);
}

static inline void outl(uint16_t port, uint32_t v)
{
	fake_x86_out(port, v, 4);
}

static inline uint32_t inl(uint16_t port)
{
	return fake_x86_in(port, 4);
}

static inline uint64_t rdmsr(uint32_t msr)
{
	return fake_x86_rdmsr(msr);
}

static inline void wrmsr(uint32_t msr, uint64_t v)
{
	fake_x86_wrmsr(msr, v);
}

#endif /* GENIRQ_TESTS_FAKE_X86_IO_H */

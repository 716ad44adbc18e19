/* SPDX-License-Identifier: MIT */
/*
 * x86_pio.h - x86 port I/O, for the x86 controllers (i8259) and the x86
 * ports that wire them (arch/x86/x86.h includes it).
 */
#ifndef GENIRQ_CONTROLLERS_X86_PIO_H
#define GENIRQ_CONTROLLERS_X86_PIO_H

#include <stdint.h>

static inline void outb(uint16_t port, uint8_t v)
{
	__asm__ __volatile__("outb %0, %1" : : "a"(v), "Nd"(port));
}

static inline uint8_t inb(uint16_t port)
{
	uint8_t v;

	__asm__ __volatile__("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline void outl(uint16_t port, uint32_t v)
{
	__asm__ __volatile__("outl %0, %1" : : "a"(v), "Nd"(port));
}

static inline uint32_t inl(uint16_t port)
{
	uint32_t v;

	__asm__ __volatile__("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

#endif /* GENIRQ_CONTROLLERS_X86_PIO_H */

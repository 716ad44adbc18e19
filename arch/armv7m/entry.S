/* SPDX-License-Identifier: MIT */
/*
 * entry.S - the armv7m port kit's exception entry and stack switches.
 *
 * armv7m_irq_entry is the vector of every genirq exception. The hardware
 * has stacked r0-r3, r12, lr, pc and xPSR (on the process stack when it
 * interrupted thread code, else on the main stack) and runs it at the
 * exception's priority; BASEPRI is not stacked, so the entry keeps the
 * interrupted code's, raises it to the kernel's level (local interrupts
 * off, as the core wants them for dispatch), calls
 * armv7m_irq_dispatch(IPSR, frame) and puts it back before the exception
 * return.
 */
#include "genirq_port_inline.h"

	.syntax unified
	.thumb
	.text

	.global	armv7m_irq_entry
	.type	armv7m_irq_entry, %function
	.thumb_func
armv7m_irq_entry:
	mrs	r0, ipsr
	tst	lr, #4			/* EXC_RETURN bit 2: the frame is on PSP */
	ite	eq
	mrseq	r1, msp
	mrsne	r1, psp
	mrs	r2, basepri
	push	{r2, lr}		/* 8 bytes: the stack stays 8-aligned */
	movs	r3, #GENIRQ_ARMV7M_BASEPRI
	msr	basepri_max, r3
	bl	armv7m_irq_dispatch
	pop	{r2, r3}
	msr	basepri, r2
	bx	r3
	.size	armv7m_irq_entry, . - armv7m_irq_entry

/* void armv7m_start_thread(uintptr_t top, void (*fn)(void)): @fn in
 * thread mode on the process stack (PSP) from @top; it never returns. MSP,
 * the hardirq stack, is what it was. */
	.global	armv7m_start_thread
	.type	armv7m_start_thread, %function
	.thumb_func
armv7m_start_thread:
	msr	psp, r0
	mrs	r2, control
	orr	r2, r2, #2		/* SPSEL: thread mode uses PSP */
	msr	control, r2
	isb
	blx	r1
1:	b	1b
	.size	armv7m_start_thread, . - armv7m_start_thread

/* void port_softirq_on_stack(void (*fn)(void)): @fn on the softirq stack. */
	.global	port_softirq_on_stack
	.type	port_softirq_on_stack, %function
	.thumb_func
port_softirq_on_stack:
	push	{r4, lr}
	mov	r4, sp
	ldr	r1, =armv7m_softirq_stack
	ldr	r1, [r1]
	mov	sp, r1
	blx	r0
	mov	sp, r4
	pop	{r4, pc}
	.size	port_softirq_on_stack, . - port_softirq_on_stack

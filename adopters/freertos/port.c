// SPDX-License-Identifier: MIT
/*
 * port.c - genirq's port contract on FreeRTOS's RISC-V port (machine
 * mode, one hart): local interrupts are mstatus.MIE, time is the CLINT's
 * mtime, threaded handlers run as FreeRTOS tasks woken by a task
 * notification, and the port's trap handler gives machine external
 * interrupts to the PLIC driver.
 */
#include <genirq/chip/plic.h>
#include <genirq/hardirq.h>
#include <genirq/port.h>
#include "FreeRTOS.h"
#include "task.h"
#include "glue.h"

#define MSTATUS_MIE	8UL
#define MCAUSE_MEXT	(1UL << 63 | 11)
#define MTIME		(*(volatile uint64_t *)0x0200bff8)	/* 10 MHz */
#define UART		((volatile uint8_t *)0x10000000)

struct plic *glue_plic;

unsigned long port_irq_save(void)
{
	unsigned long old;

	__asm__ __volatile__("csrrci %0, mstatus, 8" : "=r"(old) : : "memory");
	return old & MSTATUS_MIE;
}

void port_irq_restore(unsigned long flags)
{
	if (flags & MSTATUS_MIE)
		port_irq_enable();
}

void port_irq_enable(void)
{
	__asm__ __volatile__("csrsi mstatus, 8" : : : "memory");
}

void port_irq_disable(void)
{
	__asm__ __volatile__("csrci mstatus, 8" : : : "memory");
}

bool port_irqs_disabled(void)
{
	unsigned long v;

	__asm__ __volatile__("csrr %0, mstatus" : "=r"(v));
	return !(v & MSTATUS_MIE);
}

unsigned int port_cpu_id(void)
{
	return 0;
}

unsigned int port_nr_cpus(void)
{
	return 1;
}

uint64_t port_time_ns(void)
{
	return MTIME * 100u;
}

void port_console_write(const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		while (!(UART[5] & 0x20))
			;
		UART[0] = (uint8_t)text[i];
	}
}

/* --- threads: a task per threaded action, woken by a notification --- */

static void irq_task(void *arg)
{
	for (;;) {
		ulTaskNotifyTake(pdTRUE, portMAX_DELAY);
		irq_thread_handle(arg);
	}
}

int port_irq_thread_create(struct irq_thread *t, const char *name, int prio)
{
	TaskHandle_t task;

	(void)prio;	/* above every test task: Linux's real-time threads */
	if (xTaskCreate(irq_task, name, 2 * configMINIMAL_STACK_SIZE, t,
			configMAX_PRIORITIES - 1, &task) != pdPASS)
		return -GENIRQ_ENOMEM;
	vTaskSetThreadLocalStoragePointer(task, 0, t);
	irq_thread_set_port_data(t, task);
	return 0;
}

/* FromISR in any context, interrupts off: a task-level critical section
 * would turn them on at its end, inside genirq's. */
void port_irq_thread_wake(struct irq_thread *t, unsigned int cpu)
{
	BaseType_t woken = pdFALSE;
	unsigned long flags = port_irq_save();

	(void)cpu;
	vTaskNotifyGiveFromISR(irq_thread_port_data(t), &woken);
	port_irq_restore(flags);
	if (woken && irq_in_interrupt())
		portYIELD_FROM_ISR(woken);
	else if (woken && flags)
		taskYIELD();
}

void port_irq_thread_stop(struct irq_thread *t)
{
	vTaskDelete(irq_thread_port_data(t));
}

struct irq_thread *port_irq_thread_current(void)
{
	if (irq_in_interrupt() || xTaskGetSchedulerState() == taskSCHEDULER_NOT_STARTED)
		return NULL;
	return pvTaskGetThreadLocalStoragePointer(NULL, 0);
}

/* FreeRTOS's trap handler, on its ISR stack, interrupts off. */
void freertos_risc_v_application_interrupt_handler(unsigned long mcause);
void freertos_risc_v_application_interrupt_handler(unsigned long mcause)
{
	if (mcause != MCAUSE_MEXT)
		glue_fail("unexpected interrupt");
	plic_handle(glue_plic, NULL);
}

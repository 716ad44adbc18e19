// SPDX-License-Identifier: MIT
/*
 * port.c - genirq on FreeRTOS's RISC-V port, beyond the kit's
 * machine-mode primitives (arch/riscv64/machine/port.c): the console,
 * threaded handlers as FreeRTOS tasks woken by a notification, and the
 * PLIC's machine-mode context fed by the port's trap handler.
 */
#include <genirq/chip/plic.h>
#include <genirq/hardirq.h>
#include <genirq/port.h>
#include "FreeRTOS.h"
#include "task.h"
#include "timers.h"
#include "glue.h"

#define MCAUSE_MEXT	(1UL << 63 | 11)
#define PLIC_BASE	0x0c000000UL	/* QEMU virt */
#define PLIC_SOURCES	95
#define UART		((volatile uint8_t *)0x10000000)	/* ns16550 */
#define UART_LSR	5
#define LSR_THRE	0x20	/* transmitter holding register empty */

struct plic *glue_plic;
static bool in_trap;

void port_console_write(const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		while (!(UART[UART_LSR] & LSR_THRE))
			;
		UART[0] = (uint8_t)text[i];
	}
}

static void irq_task(void *t)
{
	for (;;) {
		ulTaskNotifyTake(pdTRUE, portMAX_DELAY);
		irq_thread_handle(t);
	}
}

/* Above every test task, as Linux's threads are real-time ones. */
int port_irq_thread_create(struct irq_thread *t, const char *name, int prio)
{
	TaskHandle_t task;

	(void)prio;
	if (xTaskCreate(irq_task, name, 2 * configMINIMAL_STACK_SIZE, t,
			configMAX_PRIORITIES - 1, &task) != pdPASS)
		return -GENIRQ_ENOMEM;
	vTaskSetThreadLocalStoragePointer(task, 0, t);
	irq_thread_set_port_data(t, task);
	return 0;
}

/* The FromISR call with interrupts off in any context: a task-level
 * critical section would turn them on at its end, inside genirq's. */
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

/* FreeRTOS's trap handler calls this on its ISR stack, interrupts off. */
void freertos_risc_v_application_interrupt_handler(unsigned long mcause);
void freertos_risc_v_trap_handler(void);
void freertos_risc_v_application_interrupt_handler(unsigned long mcause)
{
	if (mcause != MCAUSE_MEXT)
		glue_fail("unexpected interrupt");
	in_trap = true;
	plic_handle(glue_plic, NULL);
	in_trap = false;
}

static void softirq_later(void *unused, uint32_t unused2)
{
	(void)unused, (void)unused2;
	do_softirq();
}

/* Softirqs run with interrupts on, and FreeRTOS's trap handler does not
 * nest (a trap restarts the ISR stack): those pending as an interrupt
 * ends run in the timer task instead, as Linux's ksoftirqd would. */
void port_softirq_on_stack(void (*fn)(void))
{
	if (in_trap)
		xTimerPendFunctionCallFromISR(softirq_later, NULL, 0, NULL);
	else
		fn();
}

/* FreeRTOS's trap handler in direct mode; genirq and the PLIC (QEMU
 * virt: 95 sources) on hart 0's machine-mode context. */
void glue_genirq_init(void)
{
	static const unsigned long hart0;
	struct plic_config cfg = { .base = PLIC_BASE, .nr_sources = PLIC_SOURCES };

	__asm__ __volatile__("csrw mtvec, %0" : : "r"(freertos_risc_v_trap_handler));
	irq_core_init(GENIRQ_MAX_IRQS);
	irq_cpu_set_online(0, true);
	if (plic_contexts(&cfg, &hart0, 1, true) || !(glue_plic = plic_create(&cfg)))
		glue_fail("PLIC");
	plic_cpu_init(glue_plic);
}

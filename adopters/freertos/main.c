// SPDX-License-Identifier: MIT
/*
 * main.c - FreeRTOS's standard test tasks on genirq (QEMU virt, machine
 * mode): genirq and its PLIC driver set up, the UART's receive interrupt
 * as a threaded handler (a FreeRTOS task echoes the bytes), the test
 * tasks started, and a check task that reports every 5 s and ends the
 * run after 60 s of guest time with /proc/interrupts.
 */
#include <stdarg.h>
#include <string.h>
#include <genirq/chip/plic.h>
#include <genirq/port.h>
#include <genirq/proc.h>
#include "FreeRTOS.h"
#include "task.h"
#include "BlockQ.h"
#include "GenQTest.h"
#include "IntQueue.h"
#include "IntSemTest.h"
#include "QPeek.h"
#include "StreamBufferInterrupt.h"
#include "TaskNotify.h"
#include "TimerDemo.h"
#include "recmutex.h"
#include "semtest.h"
#include "glue.h"

#define UART		((volatile uint8_t *)0x10000000)
#define SIFIVE_TEST	(*(volatile uint32_t *)0x00100000)
#define CHECK_MS	5000u
#define RUN_MS		60000u

void freertos_risc_v_trap_handler(void);
volatile unsigned long glue_uart_bytes;

void glue_printf(const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = irq_vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	port_console_write(buf, n < (int)sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
}

void glue_exit(unsigned int status)
{
	for (;;)
		SIFIVE_TEST = status << 16 | 0x3333;	/* QEMU exits with @status */
}

void glue_fail(const char *why)
{
	glue_printf("FAIL: %s\n", why);
	glue_exit(1);
}

/* The UART's receive interrupt: ONESHOT, the line masked until this
 * thread has drained the FIFO. */
static irqreturn_t uart_thread(int irq, void *dev)
{
	(void)irq, (void)dev;
	while (UART[5] & 1) {
		glue_printf("uart: got '%c'\n", UART[0]);
		glue_uart_bytes++;
	}
	return IRQ_HANDLED;
}

static const char *failed_test(void)
{
	static unsigned long threads;
	const char *what = NULL;

	if (!xAreIntQueueTasksStillRunning())
		what = "IntQueue";
	if (!xAreInterruptSemaphoreTasksStillRunning())
		what = "IntSemTest";
	if (!xIsInterruptStreamBufferDemoStillRunning())
		what = "StreamBufferInterrupt";
	if (!xAreBlockingQueuesStillRunning())
		what = "BlockQ";
	if (!xAreQueuePeekTasksStillRunning())
		what = "QPeek";
	if (!xAreGenericQueueTasksStillRunning())
		what = "GenQTest";
	if (!xAreRecursiveMutexTasksStillRunning())
		what = "recmutex";
	if (!xAreSemaphoreTasksStillRunning())
		what = "semtest";
	if (!xAreTaskNotificationTasksStillRunning())
		what = "TaskNotify";
	if (!xAreTimerDemoTasksStillRunning(pdMS_TO_TICKS(CHECK_MS)))
		what = "TimerDemo";
	if (threads == glue_edu_threads)
		what = "edu thread";
	threads = glue_edu_threads;
	return what;
}

static void check_task(void *arg)
{
	static char text[2048];
	TickType_t wake = xTaskGetTickCount();
	const char *failed;

	(void)arg;
	for (;;) {
		vTaskDelayUntil(&wake, pdMS_TO_TICKS(CHECK_MS));
		if ((failed = failed_test()))
			glue_fail(failed);
		glue_printf("check: all tests pass at %lu ms\n", (unsigned long)wake);
		if (wake >= pdMS_TO_TICKS(RUN_MS))
			break;
	}
	irq_proc_read("/proc/interrupts", text, sizeof(text));
	port_console_write(text, strlen(text));
	glue_printf("SCENARIOS: 1 passed, 0 failed, 0 skipped\n");
	glue_exit(33);
}

int main(void)
{
	static const struct plic_config plic = {
		.base = 0x0c000000, .nr_sources = 95, .nr_cpus = 1, .context = { 0 },
	};
	int uart;

	__asm__ __volatile__("csrw mtvec, %0" : : "r"(freertos_risc_v_trap_handler));
	irq_core_init(GENIRQ_MAX_IRQS);
	irq_cpu_set_online(0, true);
	glue_plic = plic_create(&plic);
	if (!glue_plic)
		glue_fail("plic_create");
	plic_cpu_init(glue_plic);
	uart = plic_map(glue_plic, 10, IRQ_TYPE_LEVEL_HIGH);
	if (uart < 0 || request_threaded_irq((unsigned int)uart, NULL, uart_thread,
					     IRQF_ONESHOT, "uart", NULL))
		glue_fail("the UART's interrupt");
	UART[1] = 1;	/* IER: receive data available */
	vStartInterruptQueueTasks();
	vStartInterruptSemaphoreTasks();
	vStartStreamBufferInterruptDemo();
	vStartBlockingQueueTasks(tskIDLE_PRIORITY + 2);
	vStartQueuePeekTasks();
	vStartGenericQueueTasks(tskIDLE_PRIORITY);
	vStartRecursiveMutexTasks();
	vStartSemaphoreTasks(tskIDLE_PRIORITY + 1);
	vStartTaskNotifyTask();
	vStartTimerDemoTask(50);
	xTaskCreate(check_task, "check", 2 * configMINIMAL_STACK_SIZE, NULL,
		    configMAX_PRIORITIES - 1, NULL);
	glue_printf("genirq: FreeRTOS %s ready for input\n", tskKERNEL_VERSION_NUMBER);
	vTaskStartScheduler();
	glue_fail("the scheduler returned");
}

/* FreeRTOS's hooks */
void vApplicationTickHook(void)
{
	vTimerPeriodicISRTests();
	xNotifyTaskFromISR();
}

void vApplicationMallocFailedHook(void)
{
	glue_fail("out of heap");
}

void vApplicationStackOverflowHook(TaskHandle_t task, char *name)
{
	(void)task;
	glue_fail(name);
}

void vAssertCalled(const char *file, uint32_t line)
{
	glue_printf("assert %s:%u\n", file, (unsigned int)line);
	glue_fail("configASSERT");
}

/* What FreeRTOS's sources take from <string.h> besides GENIRQ_LIBC. */
size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

int strcmp(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return (unsigned char)*a - (unsigned char)*b;
}

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

#define UART		((volatile uint8_t *)0x10000000)	/* ns16550 */
#define UART_IER	1
#define IER_RX		0x01	/* receive data available */
#define UART_LSR	5
#define LSR_DR		0x01	/* data ready */
#define SIFIVE_TEST	(*(volatile uint32_t *)0x00100000)
#define TEST_FAIL	0x3333	/* QEMU exits with the status in the top half */
#define CHECK_MS	5000u
#define RUN_MS		60000u

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
		SIFIVE_TEST = status << 16 | TEST_FAIL;
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
	while (UART[UART_LSR] & LSR_DR)
		glue_printf("uart: got '%c'\n", UART[0]);
	return IRQ_HANDLED;
}

static BaseType_t timers_ok(void)
{
	return xAreTimerDemoTasksStillRunning(pdMS_TO_TICKS(CHECK_MS));
}

/* Has @count moved since the last check? */
static BaseType_t advanced(volatile unsigned long *count, unsigned long *seen)
{
	BaseType_t moved = *seen != *count;

	*seen = *count;
	return moved;
}

static BaseType_t edu_thread_ran(void)
{
	static unsigned long seen;

	return advanced(&glue_edu_threads, &seen);
}

static BaseType_t softirq_ran(void)
{
	static unsigned long seen;

	return advanced(&glue_softirqs, &seen);
}

static const struct {
	const char	*name;
	BaseType_t	(*ok)(void);
} tests[] = {
	{ "IntQueue", xAreIntQueueTasksStillRunning },
	{ "IntSemTest", xAreInterruptSemaphoreTasksStillRunning },
	{ "StreamBufferInterrupt", xIsInterruptStreamBufferDemoStillRunning },
	{ "BlockQ", xAreBlockingQueuesStillRunning },
	{ "QPeek", xAreQueuePeekTasksStillRunning },
	{ "GenQTest", xAreGenericQueueTasksStillRunning },
	{ "recmutex", xAreRecursiveMutexTasksStillRunning },
	{ "semtest", xAreSemaphoreTasksStillRunning },
	{ "TaskNotify", xAreTaskNotificationTasksStillRunning },
	{ "TimerDemo", timers_ok },
	{ "the edu device's thread", edu_thread_ran },
	{ "the softirq", softirq_ran },
};

static void check_task(void *arg)
{
	static char text[2048];
	TickType_t wake = xTaskGetTickCount();
	unsigned long tasks;

	(void)arg;
	for (;;) {
		vTaskDelayUntil(&wake, pdMS_TO_TICKS(CHECK_MS));
		for (size_t i = 0; i < sizeof(tests) / sizeof(tests[0]); i++)
			if (tests[i].ok() != pdTRUE)
				glue_fail(tests[i].name);
		glue_printf("check: all tests pass at %lu ms\n", (unsigned long)wake);
		if (wake >= pdMS_TO_TICKS(RUN_MS))
			break;
	}
	irq_proc_read("/proc/interrupts", text, sizeof(text));
	port_console_write(text, strlen(text));
	glue_printf("edu thread: %lu runs, softirq: %lu runs\n", glue_edu_threads, glue_softirqs);
	tasks = uxTaskGetNumberOfTasks();
	free_irq((unsigned int)glue_edu_irq, NULL);	/* its thread's task deleted */
	vTaskDelay(1);					/* the idle task frees it */
	glue_printf("free_irq: the edu's thread task %s\n",
		    uxTaskGetNumberOfTasks() == tasks - 1 ? "deleted" : "still there");
	glue_printf("SCENARIOS: 1 passed, 0 failed, 0 skipped\n");
	glue_exit(33);
}

int main(void)
{
	int uart;

	glue_genirq_init();
	uart = plic_map(glue_plic, 10, IRQ_TYPE_LEVEL_HIGH);
	if (uart < 0 || request_threaded_irq((unsigned int)uart, NULL, uart_thread,
					     IRQF_ONESHOT, "uart", NULL))
		glue_fail("the UART's interrupt");
	UART[UART_IER] = IER_RX;
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

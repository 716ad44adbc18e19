/* SPDX-License-Identifier: MIT */
/* FreeRTOSConfig.h - the QEMU virt demo's settings, for RV64 and genirq. */
#include_next <FreeRTOSConfig.h>
#undef configCPU_CLOCK_HZ
#define configCPU_CLOCK_HZ				10000000UL	/* mtime on virt */
#undef configUSE_PORT_OPTIMISED_TASK_SELECTION
#define configUSE_PORT_OPTIMISED_TASK_SELECTION	0	/* no libgcc for lp64 */
#define configNUM_THREAD_LOCAL_STORAGE_POINTERS	1	/* a task's genirq thread */
#define configKERNEL_PROVIDED_STATIC_MEMORY		1

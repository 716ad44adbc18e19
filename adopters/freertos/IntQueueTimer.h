/* SPDX-License-Identifier: MIT */
void vInitialiseTimerForIntQueueTest(void);

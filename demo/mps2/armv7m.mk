# demo/mps2/armv7m.mk - the mps2-an385 demo kernel's build on armv7m, over
# the port kit arch/armv7m/: Cortex-M3, the NVIC, SysTick, CMSDK UART0 and
# timers, linked without a C library (demo/libc.c gives what the compiler
# may call); rules: the top Makefile's port template; checks:
# demo/mps2/check.mk; the machine: docs/armv7m.md.
armv7m_CC	:= arm-none-eabi-gcc
# -Os: the size an MCU build takes. -fno-common: every object's data in .bss.
armv7m_CFLAGS	:= -Os -g -mcpu=cortex-m3 $(GENIRQ_ARCH_CFLAGS_armv7m) -ffreestanding -nostdlib -fno-builtin \
		   -fno-stack-protector -fno-common -ffunction-sections -fdata-sections
armv7m_ASFLAGS	:= $(CSTD) $(WARN) $(armv7m_CFLAGS)
armv7m_LDFLAGS	:= $(armv7m_CFLAGS) -Wl,--gc-sections
armv7m_DIRS	:= arch/armv7m
armv7m_ASM	:= arch/armv7m/entry.S
armv7m_LDS	:= demo/mps2/link.ld
armv7m_CTRL	:= nvic
# What an embedder of the port kit defines besides the port contract (make check-kit).
armv7m_KIT_HOOKS	:= armv7m_irq_dispatch armv7m_softirq_stack
armv7m_MACHINE	:= mps2
armv7m_DEMO_SRCS := $(wildcard demo/mps2/*.c) demo/guard_smash.c demo/port_selftest.c demo/port_boot.c
armv7m_DEPS	:= cross-armv7m qemu-arm
# The machine, its console on stdio; semihosting for the exit status and the
# kernel arguments (-append reaches the guest as its command line). The
# board's own Ethernet chip gets a restricted user network: unplugged,
# QEMU warns "nic lan9118.0 has no peer" at each start.
armv7m_qemu	= qemu-system-arm -M mps2-an385 -display none -nodefaults -no-reboot \
		  -nic user,model=lan9118,restrict=on \
		  -semihosting-config enable=on,target=native -kernel $(BUILD)/armv7m/kernel.elf
# -icount shift=0 (one instruction a nanosecond; idle time still follows
# the host's): SysTick's ticks then never fall behind the dual timer when
# the host runs the vCPU late, as they did by up to 40% on a loaded
# 2-core machine (timer-ticks failed all three spans).
armv7m_QEMU	= $(armv7m_qemu) -icount shift=0 -serial stdio
armv7m_PASS	:= 33

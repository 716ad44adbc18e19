# arch/i386/port.mk - the i386 port's variables (rules: the top Makefile's
# port template; checks: demo/pc/check.mk).
i386_CC		:= i686-linux-gnu-gcc
i386_CFLAGS	:= -O2 -g -ffreestanding -fno-builtin -fno-pic -fno-pie -fno-stack-protector \
		   -fno-asynchronous-unwind-tables -mgeneral-regs-only -march=i686
i386_ASFLAGS	:= -m32
i386_LDFLAGS	:= -no-pie -Wl,-z,max-page-size=0x1000
i386_DIRS	:= arch/x86 arch/i386
i386_CTRL	:= i8259
i386_MACHINE	:= pc
i386_DEMO_SRCS	:= $(filter-out demo/pc/scenarios-%,$(wildcard demo/pc/*.c)) demo/pc/scenarios-i386.c demo/guard_smash.c
i386_DEPS	:= cross qemu-x86
# The pc machine (demo/pc/machine.mk); i386_QEMU_1UART is without COM2.
i386_QEMU_1UART	:= $(call pc_qemu,i386,)
i386_QEMU	:= $(i386_QEMU_1UART) -serial null
i386_PASS	:= 33

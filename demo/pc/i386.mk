# demo/pc/i386.mk - the pc demo kernel's build on i386, over the port kit
# arch/x86 and arch/i386/: the i386 port's variables (rules: the top Makefile's
# port template; checks: demo/pc/check.mk).
i386_CC		:= i686-linux-gnu-gcc
i386_CFLAGS	:= -O2 -g -ffreestanding -fno-builtin -fno-pic -fno-stack-protector \
		   -fno-asynchronous-unwind-tables $(GENIRQ_ARCH_CFLAGS_i386) -march=i686
i386_ASFLAGS	:= -m32
i386_LDFLAGS	:= -no-pie -Wl,-z,max-page-size=0x1000
i386_DIRS	:= arch/x86 arch/i386
# The port kit's stubs, then the demo kernel's start; its memory map.
i386_ASM	:= arch/i386/entry.S demo/pc/start-i386.S
i386_LDS	:= demo/pc/link-i386.ld
# The port kit's folders and what its embedder defines besides the port contract (make check-kit).
i386_KIT_DIRS	:= arch/x86 arch/i386
i386_KIT_HOOKS	:= i386_exception
i386_CTRL	:= x86_apic
i386_MACHINE	:= pc
i386_DEMO_SRCS	:= $(filter-out demo/pc/scenarios-% demo/pc/boot-% demo/pc/smp-%,$(wildcard demo/pc/*.c)) demo/pc/boot-i386.c demo/pc/scenarios-i386.c demo/guard_smash.c
i386_DEPS	:= cross qemu-x86
# The pc machine (demo/pc/machine.mk); i386_QEMU_1UART is without COM2.
i386_QEMU_1UART	:= $(call pc_qemu,i386,)
i386_QEMU	:= $(i386_QEMU_1UART) -serial null
i386_PASS	:= 33

# demo/pc/x86_64.mk - the pc demo kernel's build on x86_64, over the port kit
# arch/x86 and arch/x86_64/: the x86_64 port's variables (PVH, LAPIC, IO-APIC,
# SMP; rules: the top Makefile's port template; checks: demo/pc/check.mk).
x86_64_CC	:= gcc
x86_64_CFLAGS	:= -O2 -g -m64 -ffreestanding -fno-builtin -fno-pic -fno-pie -fno-stack-protector \
		   -fno-asynchronous-unwind-tables $(GENIRQ_ARCH_CFLAGS_x86_64) -mcmodel=small
x86_64_ASFLAGS	:= -m64
x86_64_LDFLAGS	:= -m64 -no-pie -Wl,-z,max-page-size=0x1000
x86_64_DIRS	:= arch/x86 arch/x86_64
# The port kit's stubs, then the demo kernel's start; its memory map.
x86_64_ASM	:= arch/x86_64/entry.S demo/pc/start-x86_64.S demo/pc/bare-x86_64.S
x86_64_LDS	:= demo/pc/link-x86_64.ld
# The port kit's folders and what its embedder defines besides the port contract (make check-kit).
x86_64_KIT_DIRS	:= arch/x86 arch/x86_64
x86_64_KIT_HOOKS	:= x86_64_exception
x86_64_CTRL	:= x86_apic
x86_64_MACHINE	:= pc
x86_64_DEMO_SRCS := $(filter-out demo/pc/scenarios-% demo/pc/boot-% demo/pc/smp-%,$(wildcard demo/pc/*.c)) demo/pc/boot-x86_64.c demo/pc/smp-x86_64.c demo/pc/scenarios-x86_64.c \
		    demo/pc/scenarios-x86_64-msi.c demo/pc/smp-nmi-x86_64.c demo/nmi_cmd.c demo/guard_smash.c \
		    demo/msix_spread.c
x86_64_DEPS	:= qemu-x86
X64_SMP		?= 2
# The pc machine (demo/pc/machine.mk) with X64_SMP CPUs.
x86_64_QEMU_1UART := $(call pc_qemu,x86_64,-smp $(X64_SMP) -device virtio-rng-pci$(comma)addr=6$(comma)vectors=4)
x86_64_QEMU	:= $(x86_64_QEMU_1UART) -serial null
x86_64_PASS	:= 33

# arch/x86_64/port.mk - the x86_64 port's variables (PVH, LAPIC, IO-APIC,
# SMP; rules: the top Makefile's port template; checks: demo/pc/check.mk).
x86_64_CC	:= gcc
x86_64_CFLAGS	:= -O2 -g -m64 -ffreestanding -fno-builtin -fno-pic -fno-pie -fno-stack-protector \
		   -fno-asynchronous-unwind-tables -mgeneral-regs-only -mno-red-zone -mcmodel=small
x86_64_ASFLAGS	:= -m64
x86_64_LDFLAGS	:= -m64 -no-pie -Wl,-z,max-page-size=0x1000
x86_64_DIRS	:= arch/x86 arch/x86_64
x86_64_CTRL	:= controllers/i8259.c controllers/lapic.c controllers/ioapic.c
x86_64_MACHINE	:= pc
x86_64_DEMO_SRCS := $(filter-out demo/pc/scenarios-%,$(wildcard demo/pc/*.c)) demo/pc/scenarios-x86_64.c
x86_64_DEPS	:= qemu-x86
X64_SMP		?= 2
# As i386's machine (arch/i386/port.mk), with X64_SMP CPUs.
x86_64_QEMU_1UART := qemu-system-x86_64 -accel $(X86_ACCEL) -smp $(X64_SMP) \
		   -kernel $(BUILD)/x86_64/kernel.elf -display none \
		   -serial stdio -monitor none -no-reboot -nic none \
		   -device isa-debug-exit,iobase=0xf4,iosize=0x04 \
		   -device edu,addr=4 -device edu,addr=8
x86_64_QEMU	:= $(x86_64_QEMU_1UART) -serial null
x86_64_PASS	:= 33

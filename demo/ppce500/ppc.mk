# demo/ppce500/ppc.mk - the ppce500 demo kernel's build on ppc, over the port
# kit arch/ppc/: the 32-bit PowerPC port's variables: e500v2 on QEMU
# -M ppce500 (rules: the top Makefile's port template; checks:
# demo/ppce500/check.mk).
ppc_CC		:= powerpc-linux-gnu-gcc
ppc_CFLAGS	:= -O2 -g -ffreestanding -nostdlib -fno-builtin -fno-stack-protector -fno-pic \
		   $(GENIRQ_ARCH_CFLAGS_ppc) -mcpu=8548 -mbig-endian -msdata=none -G 0 \
		   -DGENIRQ_PPC_TB_HZ=400000000u -DGENIRQ_PPC_CPUS=2
ppc_ASFLAGS	:= -mcpu=8548 -Wa,-mregnames -D__ASSEMBLER__
ppc_LDFLAGS	:= -no-pie
ppc_DIRS	:= arch/ppc
# The port kit's exception stubs, then the demo kernel's boot; its memory map.
ppc_ASM		:= arch/ppc/entry.S demo/ppce500/boot.S
ppc_LDS		:= demo/ppce500/link.ld
ppc_CTRL	:= mpic
# What an embedder of the port kit defines besides the port contract (make check-kit).
ppc_KIT_HOOKS	:= ppc_exception
ppc_MACHINE	:= ppce500
ppc_DEMO_SRCS	:= $(wildcard demo/ppce500/*.c)
ppc_DEPS	:= cross qemu-ppc
# -icount: the virtual clock follows executed instructions, so the MPIC
# timer and the timebase keep step whatever the host's load (docs/ppc.md).
# Two edus share MPIC source 3 (slots 2 and 6); pvpanic-pci is the PASS
# exit (status 1), a GPIO power-off (status 0) the failure one.
ppc_MACHINE_CMD	:= qemu-system-ppc -M ppce500 -cpu e500v2_v30 -m 128 -nographic -monitor none \
		   -no-reboot -net none -serial stdio -serial null
ppc_DEVS	:= -device edu,addr=2 -device edu,addr=6 -device pvpanic-pci,addr=3 \
		   -action panic=exit-failure
ppc_QEMU	:= $(ppc_MACHINE_CMD) -icount shift=3 -smp 2 $(ppc_DEVS) -kernel $(BUILD)/ppc/kernel.elf
ppc_PASS	:= 1

# demo/virt/aarch64.mk - the virt demo kernel's build on aarch64, over the port
# kit arch/aarch64/: the 64-bit Arm port's variables: QEMU virt with
# a GICv3 (or GICv2 with GIC=2), PSCI, a PL011 console and a PL061 GPIO
# (rules: the top Makefile's port template; checks: demo/virt/check.mk).
aarch64_CC	:= aarch64-linux-gnu-gcc
# -mstrict-align: the MMU stays off, so all data is Device memory, where
# an unaligned access faults. -mgeneral-regs-only: no FP/SIMD state to save.
# -fomit-frame-pointer: nothing walks x29 chains here (the exception dump
# prints registers, not a backtrace), so no function pays for one.
aarch64_CFLAGS	:= -O2 -g -ffreestanding -nostdlib -fno-builtin -fno-stack-protector \
		   $(GENIRQ_ARCH_CFLAGS_aarch64) -mstrict-align -fno-pie -fomit-frame-pointer \
		   -DGENIRQ_AARCH64_CPUS=4
aarch64_ASFLAGS	:= $(CSTD) $(WARN) $(aarch64_CFLAGS)
aarch64_LDFLAGS	:= $(aarch64_CFLAGS) -no-pie -Wl,--no-dynamic-linker
aarch64_DIRS	:= of arch/aarch64
# The port kit's entry, then the demo kernel's boot; its memory map.
aarch64_ASM	:= arch/aarch64/entry.S demo/virt/boot.S
aarch64_LDS	:= demo/virt/link.ld
aarch64_CTRL	:= gicv3 gicv3_its gicv2 gicv2m pl061
# What an embedder of the port kit defines besides the port contract (make check-kit).
aarch64_KIT_HOOKS	:= aarch64_sync aarch64_bad_exception
aarch64_MACHINE	:= virt
aarch64_DEMO_SRCS := $(wildcard demo/virt/*.c) demo/of_scenario.c demo/guard_smash.c demo/port_selftest.c \
		     demo/port_boot.c demo/nmi_cmd.c demo/msix_spread.c demo/msix_spread_virt.c
aarch64_DEPS	:= cross qemu-arm
# $(call aarch64_qemu,GIC,CPUS): the machine, two edu devices on one INTx
# line (slots 1 and 5: the interrupt-map swizzle gives both INTA the same
# SPI), plain TCG. Semihosting only for its exit call, which sets QEMU's
# exit status (demo/virt/console.c).
aarch64_qemu	= qemu-system-aarch64 -M virt,gic-version=$(1) -cpu cortex-a57 -m 128M \
		  -accel tcg -nodefaults -display none -no-reboot -smp $(2) \
		  -semihosting-config enable=on,target=native \
		  -device edu,addr=1 -device edu,addr=5 -device virtio-rng-pci,addr=6,vectors=4 -kernel $(BUILD)/aarch64/kernel.elf
aarch64_QEMU	= $(call aarch64_qemu,$(or $(GIC),3),$(or $(SMP),2)) -serial stdio
aarch64_PASS	:= 33

# demo/virt-riscv/riscv64.mk - the virt demo kernel's build on riscv64,
# over the port kit arch/riscv64/: QEMU virt in supervisor mode under the
# OpenSBI that QEMU ships (fw_dynamic, started by -bios default), with the
# PLIC, or with the AIA (rules: the top Makefile's port template; checks:
# demo/virt-riscv/check.mk).
riscv64_CC	:= riscv64-linux-gnu-gcc
# No FPU code (sstatus.FS stays off), no linker relaxation against a gp
# we never set up, code anywhere in the low 2 GiB around the link address.
riscv64_CFLAGS	:= -O2 -g -ffreestanding -nostdlib -fno-builtin -fno-stack-protector \
		   -march=rv64imac_zicsr_zifencei -mabi=lp64 -mcmodel=medany -mno-relax \
		   -DGENIRQ_RISCV64_CPUS=4
riscv64_ASFLAGS	:= $(CSTD) $(WARN) $(riscv64_CFLAGS)
riscv64_LDFLAGS	:= $(riscv64_CFLAGS) -no-pie -Wl,--no-relax
riscv64_DIRS	:= of arch/riscv64
# The port kit's trap entry, then the demo kernel's boot; its memory map.
riscv64_ASM	:= arch/riscv64/entry.S demo/virt-riscv/boot.S
riscv64_LDS	:= demo/virt-riscv/link.ld
riscv64_CTRL	:= plic aplic imsic
# What an embedder of the port kit defines besides the port contract (make check-kit).
riscv64_KIT_HOOKS	:= riscv64_exception riscv64_set_timer
riscv64_MACHINE	:= virt-riscv
riscv64_DEMO_SRCS := $(wildcard demo/virt-riscv/*.c) demo/of_scenario.c demo/guard_smash.c demo/port_selftest.c demo/port_boot.c \
		     demo/msix_spread.c demo/msix_spread_virt.c
riscv64_DEPS	:= cross qemu-riscv
# $(call riscv64_qemu,CPUS[,MACHINE OPTIONS]): two edu devices in slots 1
# and 5, whose INTA both land on PLIC source 33 (the device tree's
# interrupt-map); the kernel's exits are the sifive_test device's
# statuses (33 PASS, 1 failure).
riscv64_qemu	= qemu-system-riscv64 -M virt$(2) -bios default -smp $(1) -nodefaults -display none \
		  -no-reboot -device edu,addr=1 -device edu,addr=5 -device virtio-rng-pci,addr=6,vectors=4 \
		  -kernel $(BUILD)/riscv64/kernel.elf
# make run ARCH=riscv64 AIA=1: the AIA machine (APLIC in MSI mode, IMSIC)
# instead of the PLIC, as aarch64's GIC=2 picks its other controller.
riscv64_QEMU	= $(call riscv64_qemu,$(or $(SMP),2),$(if $(filter-out 0,$(AIA)),$(comma)aia=aplic-imsic)) \
		  -serial stdio
riscv64_PASS	:= 33
# make run: the view opens on the kernel's banner; OpenSBI's, before it, is
# kept in build/riscv64/firmware.log (VERBOSE=1 shows it).
riscv64_HOLD	:= genirq demo kernel

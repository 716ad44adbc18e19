# demo/pseries/ppc64.mk - the pseries demo kernel's build on ppc64, over the port
# kit arch/ppc64/: the 64-bit big-endian PowerPC port's variables:
# QEMU pseries (XICS), booted by QEMU's built-in VOF, or SLOF with
# FIRMWARE=slof (rules: the top Makefile's port template; checks:
# demo/pseries/check.mk).
ppc64_CC	:= powerpc64-linux-gnu-gcc
ppc64_CFLAGS	:= -O2 -g -ffreestanding -nostdlib -fno-builtin -fno-stack-protector -mbig-endian \
		   -mabi=elfv1 -mcpu=power4 $(GENIRQ_ARCH_CFLAGS_ppc64) -Wa,-mregnames \
		   -DGENIRQ_PPC64_CPUS=4
ppc64_ASFLAGS	:= $(CSTD) $(WARN) $(ppc64_CFLAGS)
ppc64_LDFLAGS	:= $(ppc64_CFLAGS) -Wl,--no-dynamic-linker
ppc64_DIRS	:= arch/ppc64
# The port kit's exception stubs, then the demo kernel's boot; its memory map.
ppc64_ASM	:= arch/ppc64/entry.S demo/pseries/boot.S
ppc64_LDS	:= demo/pseries/link.ld
ppc64_CTRL	:= xics
# What an embedder of the port kit defines besides the port contract (make check-kit).
ppc64_KIT_HOOKS	:= ppc64_trap
ppc64_MACHINE	:= pseries
ppc64_DEMO_SRCS	:= $(wildcard demo/pseries/*.c) demo/guard_smash.c demo/port_selftest.c demo/port_boot.c
ppc64_DEPS	:= cross qemu-ppc
# $(call ppc64_qemu,FIRMWARE,CPUS): vof or slof. -action panic=exit-failure:
# RTAS ibm,os-term (the failure exit) ends QEMU with 1; power-off is 0,
# which demo/pseries/qemu-status.sh turns into the PASS status 33.
PPC64_CAPS	:= cap-cfpc=broken,cap-sbbc=broken,cap-ibs=broken,cap-ccf-assist=off
PPC64_MACHINE	:= -M pseries,x-vof=on,ic-mode=xics,$(PPC64_CAPS)
ppc64_qemu	= qemu-system-ppc64 $(if $(filter slof,$(1)),$(subst x-vof=on$(comma),,$(PPC64_MACHINE)),$(PPC64_MACHINE)) \
		  -nodefaults -display none -no-reboot -smp $(2) -action panic=exit-failure \
		  -device edu,addr=1 -device edu,addr=5 -kernel $(BUILD)/ppc64/kernel.elf
ppc64_QEMU	= demo/pseries/qemu-status.sh $(call ppc64_qemu,$(FIRMWARE),$(or $(SMP),2)) -serial stdio
ppc64_PASS	:= 33

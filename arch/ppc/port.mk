# arch/ppc/port.mk - the 32-bit PowerPC port: e500v2 on QEMU -M ppce500.
#
#   make check-ppc   build, boot every scenario under the QEMU harness,
#                    then an interactive-shell session
#   make run-ppc     boot the shell on this terminal (scripted demo when
#                    stdin is not a terminal)

PPC_CC		:= powerpc-linux-gnu-gcc
PPC_BUILD	:= $(BUILD)/ppc
PPC_CFLAGS	:= $(CSTD) $(WARN) $(INC) -Idemo -Iarch/ppc -O2 -g -ffreestanding -nostdlib \
		   -fno-builtin -fno-stack-protector -fno-pic -fno-pie -mcpu=8548 -msoft-float \
		   -mbig-endian -msdata=none -G 0 -mno-altivec
PPC_ASFLAGS	:= -Iarch/ppc -mcpu=8548 -Wa,-mregnames -D__ASSEMBLER__
PPC_SRCS	:= $(CORE_SRCS) controllers/mpic.c demo/shell.c demo/scenario.c demo/libc.c \
		   $(filter-out arch/ppc/boot.S,$(wildcard arch/ppc/*.c))
PPC_OBJS	:= $(patsubst %.c,$(PPC_BUILD)/%.o,$(PPC_SRCS)) $(PPC_BUILD)/arch/ppc/boot.o
PPC_ELF		:= $(PPC_BUILD)/genirq-ppce500.elf
PPC_HDRS	:= $(CORE_HDRS) $(wildcard arch/ppc/*.h demo/*.h)

PPC_QEMU	:= qemu-system-ppc -M ppce500 -cpu e500v2_v30 -m 128 -nographic -monitor none \
		   -no-reboot -net none -serial stdio -serial null
PPC_TEST_DEVS	:= -device edu,addr=2 -device edu,addr=6 -device pvpanic-pci,addr=3 \
		   -action panic=exit-failure
PPC_HARNESS	:= python3 scripts/qemu-harness.py

$(PPC_BUILD)/%.o: %.c $(PPC_HDRS)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(PPC_CC) $(PPC_CFLAGS) -c $< -o $@

$(PPC_BUILD)/arch/ppc/boot.o: arch/ppc/boot.S arch/ppc/ppc_asm.h
	$(Q)mkdir -p $(dir $@)
	$(Q)$(PPC_CC) $(PPC_ASFLAGS) -c $< -o $@

$(PPC_ELF): $(PPC_OBJS) arch/ppc/kernel.ld
	$(PPC_CC) -nostdlib -static -no-pie -Wl,--no-warn-rwx-segments -T arch/ppc/kernel.ld -o $@ $(PPC_OBJS) -lgcc

.PHONY: ppc-deps check-ppc run-ppc
ppc-deps:
	$(Q)scripts/deps.sh cross qemu-ppc

check-ppc: ppc-deps $(PPC_ELF)
	$(PPC_HARNESS) --name ppc-boot --timeout 60 --pass-status 1 --log $(PPC_BUILD)/boot.log \
		--expect '^KERNEL PASS' -- $(PPC_QEMU) $(PPC_TEST_DEVS) -kernel $(PPC_ELF)

run-ppc: ppc-deps $(PPC_ELF)
	$(PPC_QEMU) -kernel $(PPC_ELF)

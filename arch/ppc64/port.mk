# arch/ppc64/port.mk - the 64-bit big-endian PowerPC port: QEMU pseries
# (XICS), booted by QEMU's built-in VOF in the tests and by SLOF in one.

PPC64_CC	:= powerpc64-linux-gnu-gcc
comma		:= ,
PPC64_OUT	:= $(BUILD)/ppc64
PPC64_ELF	:= $(PPC64_OUT)/genirq-ppc64.elf
PPC64_CFLAGS	:= $(CSTD) $(WARN) $(INC) -O2 -g -ffreestanding -nostdlib -fno-builtin \
		   -fno-stack-protector -mbig-endian -mabi=elfv1 -mcpu=power4 -msoft-float \
		   -mno-altivec -mno-vsx -Wa,-mregnames
PPC64_SRCS	:= $(CORE_SRCS) controllers/xics.c demo/shell.c demo/scenario.c demo/libc.c \
		   $(wildcard arch/ppc64/*.c)
PPC64_OBJS	:= $(PPC64_OUT)/head.o $(patsubst %.c,$(PPC64_OUT)/%.o,$(PPC64_SRCS))

PPC64_CAPS	:= cap-cfpc=broken,cap-sbbc=broken,cap-ibs=broken,cap-ccf-assist=off
PPC64_QEMU_VOF	:= qemu-system-ppc64 -M pseries,x-vof=on,ic-mode=xics,$(PPC64_CAPS) \
		   -nodefaults -serial stdio -display none -no-reboot -smp 2 \
		   -action panic=exit-failure -device edu,addr=1 -device edu,addr=5 \
		   -kernel $(PPC64_ELF)
PPC64_QEMU_SLOF	:= $(subst x-vof=on$(comma),,$(PPC64_QEMU_VOF))
# The shell part: move the VTY (irq 1) to CPU1, so the rest of this very
# input arrives there, and show it in /proc/interrupts.
PPC64_INPUT	:= hello genirq\necho 2 > /proc/irq/1/smp_affinity\ncat /proc/irq/1/smp_affinity\nls /proc/irq\ncat /proc/irq/prof_cpu_mask\nfrobnicate\necho 4 > /proc/irq/1/smp_affinity\nipi 0\nipi 1\nuptime\ncat /proc/interrupts\npoweroff\n
PPC64_HARNESS	= scripts/qemu-harness.py --pass-status 33 --timeout 90 \
		  --ready 'genirq: ready for input' --input '$(PPC64_INPUT)' \
		  --monitor $(PPC64_OUT)/$(1).mon --monitor-after 'genirq: waiting for EPOW' \
		  --monitor-cmd system_powerdown \
		  --expect '^SCENARIOS: [0-9]+ passed, 0 failed' \
		  --expect '^echo: hello genirq' \
		  --expect 'SCENARIO epow: PASS' --expect 'SCENARIO uart-rx-echo: PASS' \
		  --expect 'SCENARIO replay-after-enable: PASS' \
		  --expect '^ +1: +[0-9]+ +[1-9][0-9]* +XICS +4352-edge +vty' \
		  --expect 'error: unknown command .frobnicate' --expect '"edu-deaf"' \
		  --expect 'error: echo: .*-22' --expect 'IPI to cpu0: 1 handled' \
		  --expect 'IPI to cpu1: 1 handled' --expect '^genirq: power-off' \
		  --log $(PPC64_OUT)/$(1).log --name ppc64-$(1) -- arch/ppc64/qemu-status.sh

$(PPC64_OUT)/head.o: arch/ppc64/head.S arch/ppc64/asm.h
	$(Q)mkdir -p $(dir $@)
	$(PPC64_CC) $(PPC64_CFLAGS) -c $< -o $@

$(PPC64_OUT)/%.o: %.c $(CORE_HDRS) $(wildcard arch/ppc64/*.h demo/*.h)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(PPC64_CC) $(PPC64_CFLAGS) -c $< -o $@

$(PPC64_ELF): $(PPC64_OBJS) arch/ppc64/kernel.ld
	$(PPC64_CC) $(PPC64_CFLAGS) -static -Wl,--no-dynamic-linker -T arch/ppc64/kernel.ld \
		-o $@ $(PPC64_OBJS) -lgcc

.PHONY: ppc64 check-ppc64 run-ppc64
ppc64: $(PPC64_ELF)

check-ppc64:
	$(Q)scripts/deps.sh cross qemu-ppc
	$(Q)$(MAKE) --no-print-directory $(PPC64_ELF)
	$(Q)rm -f $(PPC64_OUT)/vof.mon $(PPC64_OUT)/slof.mon
	$(Q)$(call PPC64_HARNESS,vof) $(PPC64_QEMU_VOF) -monitor unix:$(PPC64_OUT)/vof.mon,server=on,wait=off
	$(Q)$(call PPC64_HARNESS,slof) $(PPC64_QEMU_SLOF) -monitor unix:$(PPC64_OUT)/slof.mon,server=on,wait=off

# With a terminal: the shell on it (Ctrl-A X quits QEMU; the EPOW and
# input scenarios wait 20 s of guest time, then SKIP). Without one: the
# scripted demo through the harness, transcript printed.
run-ppc64:
	$(Q)scripts/deps.sh cross qemu-ppc
	$(Q)$(MAKE) --no-print-directory $(PPC64_ELF)
	$(Q)if [ -t 0 ]; then \
		$(PPC64_QEMU_$(if $(filter slof,$(FIRMWARE)),SLOF,VOF)) -serial mon:stdio 2>/dev/null || \
		$(subst -serial stdio,-serial mon:stdio,$(PPC64_QEMU_$(if $(filter slof,$(FIRMWARE)),SLOF,VOF))); \
	else \
		rm -f $(PPC64_OUT)/run.mon; \
		$(call PPC64_HARNESS,run) $(PPC64_QEMU_VOF) -monitor unix:$(PPC64_OUT)/run.mon,server=on,wait=off \
			&& cat $(PPC64_OUT)/run.log; \
	fi

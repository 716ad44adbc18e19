# arch/ppc64/port.mk - the 64-bit big-endian PowerPC port: QEMU pseries
# (XICS), booted by QEMU's built-in VOF in the tests and by SLOF in one.
#
#   make check-ppc64           XICS host test, VOF run, SLOF run, failure-exit run
#   make bench-ppc64           dispatch cost in instructions (VOF, -icount shift=0)
#   make run ARCH=ppc64        the shell on this terminal (VOF);
#                              FIRMWARE=slof for SLOF, SMP=1 for one CPU

comma		:= ,
PPC64_CC	:= powerpc64-linux-gnu-gcc
PPC64_OUT	:= $(BUILD)/ppc64
PPC64_ELF	:= $(PPC64_OUT)/genirq-ppc64.elf
PPC64_CFLAGS	:= $(CSTD) $(WARN) $(INC) -DGENIRQ_PORT_INLINE -Iarch/ppc64 -O2 -g -ffreestanding -nostdlib -fno-builtin \
		   -fno-stack-protector -mbig-endian -mabi=elfv1 -mcpu=power4 -msoft-float \
		   -mno-altivec -mno-vsx -Wa,-mregnames
PPC64_SRCS	:= $(CORE_SRCS) controllers/xics.c demo/shell.c demo/scenario.c demo/libc.c \
		   $(filter-out %-host-test.c,$(wildcard arch/ppc64/*.c))
PPC64_OBJS	:= $(PPC64_OUT)/head.o $(patsubst %.c,$(PPC64_OUT)/%.o,$(PPC64_SRCS))

# -action panic=exit-failure: RTAS ibm,os-term (our failure exit) ends QEMU with 1.
PPC64_CAPS	:= cap-cfpc=broken,cap-sbbc=broken,cap-ibs=broken,cap-ccf-assist=off
PPC64_MACHINE	:= -M pseries,x-vof=on,ic-mode=xics,$(PPC64_CAPS)
PPC64_QEMU	= qemu-system-ppc64 $(if $(filter slof,$(1)),$(subst x-vof=on$(comma),,$(PPC64_MACHINE)),$(PPC64_MACHINE)) \
		  -nodefaults -display none -no-reboot -smp $(2) -action panic=exit-failure \
		  -device edu,addr=1 -device edu,addr=5 -kernel $(PPC64_ELF)
PPC64_MON	= -serial stdio -monitor unix:$(PPC64_OUT)/$(1).mon,server=on,wait=off

# Typed after "genirq: ready for input": the echo line, then the shell,
# which moves the VTY (irq 1) to CPU1 so the rest of this very input
# arrives there, visible in /proc/interrupts.
PPC64_INPUT	:= hello genirq\necho 2 > /proc/irq/1/smp_affinity\ncat /proc/irq/1/smp_affinity\nls /proc/irq\ncat /proc/irq/prof_cpu_mask\nfrobnicate\necho 4 > /proc/irq/1/smp_affinity\nipi 0\nipi 1\nuptime\ncat /proc/interrupts\npoweroff\n
# Pasted in one piece: each IPI handler raises a softirq, and the VTY
# interrupts of the rest of the paste arrive while it runs (irq-in-softirq
# on the hardirq stack); then the same on CPU1 with the VTY moved there.
PPC64_IPI_ROUND	= $(call repeat,$(1),ipi~$(2)\nxxxxxxxxxxxxxxxxxxxx\n)
PPC64_IPI_PASTE	:= hello genirq\n$(call PPC64_IPI_ROUND,100,0)echo 2 > /proc/irq/1/smp_affinity\n$\
		   $(call PPC64_IPI_ROUND,50,1)stats\npoweroff\n
# 300 short commands pasted in one piece with the VTY moved to CPU1 (which
# wakes the shell's CPU0): every line runs, nothing is dropped.
PPC64_CMD_PASTE	:= hello genirq\necho 2 > /proc/irq/1/smp_affinity\n$(call repeat,300,uptime\n)stats\npoweroff\n
PPC64_PASTE_OK	:= '^shell: 302 lines run; input [0-9]+ bytes, 0 dropped \(buffer full\), 0 UART overruns'

# $(1) run name, $(2) PASS status, $(3) input
PPC64_HARNESS	= rm -f $(PPC64_OUT)/$(1).mon; \
		  scripts/qemu-harness.py --name ppc64-$(1) --pass-status $(2) --timeout 90 \
		  --ready 'genirq: ready for input' --input '$(3)' --log $(PPC64_OUT)/$(1).log \
		  --monitor $(PPC64_OUT)/$(1).mon --monitor-after 'genirq: waiting for EPOW' \
		  --monitor-cmd system_powerdown --expect '^SCENARIOS: [0-9]+ passed, 0 failed'
PPC64_EXPECT	:= --expect '^echo: hello genirq' \
		   --expect 'SCENARIO epow: PASS' --expect 'SCENARIO uart-rx-echo: PASS' \
		   --expect 'SCENARIO replay-after-enable: PASS' \
		   --expect 'SCENARIO affinity-move: PASS' --expect 'SCENARIO ipi-pingpong: PASS' \
		   --expect '^ +1: +[0-9]+ +[1-9][0-9]* +XICS +4352-edge +vty' \
		   --expect 'error: unknown command .frobnicate' --expect '"edu-deaf"' \
		   --expect 'error: echo: .*-22' --expect 'IPI to cpu0: 1 handled' \
		   --expect 'IPI to cpu1: 1 handled' --expect '^genirq: power-off'

$(PPC64_OUT)/head.o: arch/ppc64/head.S arch/ppc64/asm.h
	$(Q)mkdir -p $(dir $@)
	$(Q)$(PPC64_CC) $(PPC64_CFLAGS) -c $< -o $@

$(PPC64_OUT)/%.o: %.c $(CORE_HDRS) $(wildcard arch/ppc64/*.h demo/*.h)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(PPC64_CC) $(PPC64_CFLAGS) -c $< -o $@

$(PPC64_ELF): $(PPC64_OBJS) arch/ppc64/kernel.ld
	$(Q)$(PPC64_CC) $(PPC64_CFLAGS) -static -Wl,--no-dynamic-linker -Wl,--no-warn-rwx-segments -Wl,--build-id=none \
		-T arch/ppc64/kernel.ld -o $@ $(PPC64_OBJS) -lgcc

.PHONY: ppc64 check-ppc64 run-ppc64 bench-ppc64
ppc64: $(PPC64_ELF)

# Power-off (QEMU 0) is the kernel's PASS exit, os-term (1) its failure
# exit; qemu-status.sh turns 0 into 33 for the harness.
check-ppc64:
	$(Q)scripts/deps.sh cross qemu-ppc
	$(Q)$(MAKE) --no-print-directory $(PPC64_ELF)
	$(Q)$(call PPC64_HARNESS,vof,33,$(PPC64_INPUT)) $(PPC64_EXPECT) \
		-- arch/ppc64/qemu-status.sh $(call PPC64_QEMU,vof,2) $(call PPC64_MON,vof)
	$(Q)$(call PPC64_HARNESS,slof,33,$(PPC64_INPUT)) $(PPC64_EXPECT) --quiet \
		-- arch/ppc64/qemu-status.sh $(call PPC64_QEMU,slof,2) $(call PPC64_MON,slof)
	$(Q)$(call PPC64_HARNESS,ipi-paste,33,$(PPC64_IPI_PASTE)) --quiet --paste \
		--expect '^shell: 302 lines run; input [0-9]+ bytes, 0 dropped' --expect '^genirq: power-off' \
		-- arch/ppc64/qemu-status.sh $(call PPC64_QEMU,vof,2) $(call PPC64_MON,ipi-paste)
	$(Q)$(call PPC64_HARNESS,cmd-paste,33,$(PPC64_CMD_PASTE)) --quiet --paste \
		--expect $(PPC64_PASTE_OK) --expect '^genirq: power-off' \
		-- arch/ppc64/qemu-status.sh $(call PPC64_QEMU,vof,2) $(call PPC64_MON,cmd-paste)
	$(Q)$(call PPC64_HARNESS,fail,1,hello genirq\ntrap\n) --quiet \
		--expect '^exception 0x700 on cpu 0' --expect '^NIP 0' \
		--expect 'OS terminated: unexpected exception' \
		-- $(call PPC64_QEMU,vof,1) $(call PPC64_MON,fail)

# -append bench: boot, the self-IPI through genirq and through a bare
# handler, the guest-bench line, power-off. One CPU: under icount the
# virtual clock also counts the other vCPU's instructions.
bench-ppc64:
	$(Q)scripts/deps.sh cross qemu-ppc
	$(Q)$(MAKE) --no-print-directory $(PPC64_ELF)
	$(Q)rm -f $(PPC64_OUT)/bench.mon
	$(Q)scripts/qemu-harness.py --name ppc64-bench --pass-status 33 --timeout 60 --quiet \
		--log $(PPC64_OUT)/bench.log --expect 'SCENARIO guest-bench: PASS' \
		-- arch/ppc64/qemu-status.sh $(call PPC64_QEMU,vof,1) $(call PPC64_MON,bench) \
		-icount shift=0,sleep=off -append bench >/dev/null \
		|| { echo "bench-ppc64: the bench kernel failed (see $(PPC64_OUT)/bench.log)"; exit 1; }
	$(Q)grep -h "^guest-bench:" $(PPC64_OUT)/bench.log \
		|| { echo "bench-ppc64: no guest-bench line in $(PPC64_OUT)/bench.log"; exit 1; }

# With a terminal: the shell on it (-append interactive: the scenarios
# that need a harness SKIP), the QEMU monitor behind Ctrl-A C, where
# system_powerdown raises the EPOW interrupt; Ctrl-A X quits. Without a
# terminal: the scripted check run, transcript printed.
run-ppc64:
	$(Q)scripts/deps.sh cross qemu-ppc
	$(Q)$(MAKE) --no-print-directory $(PPC64_ELF)
	$(Q)if [ -t 0 ]; then \
		$(call PPC64_QEMU,$(FIRMWARE),$(if $(SMP),$(SMP),2)) -serial mon:stdio \
			-append interactive; \
	else \
		$(call PPC64_HARNESS,run,33,$(PPC64_INPUT)) -- arch/ppc64/qemu-status.sh \
			$(call PPC64_QEMU,$(FIRMWARE),2) $(call PPC64_MON,run) \
			&& cat $(PPC64_OUT)/run.log; \
	fi

# Passed three runs in a row on the 2-core host (VOF ~8 s, SLOF ~16 s).
PORT_CHECKS	+= check-ppc64

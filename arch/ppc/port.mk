# arch/ppc/port.mk - the 32-bit PowerPC port: e500v2 on QEMU -M ppce500.
#
#   make check-ppc   the MPIC driver on the host (both byte orders), then
#                    build, boot every scenario under the QEMU harness,
#                    then an interactive-shell session
#   make run-ppc     boot the shell on this terminal (scripted demo when
#                    stdin is not a terminal)
#   make bench-ppc   instructions from a self-IPI to the handler and back,
#                    genirq and a bare floor (arch/ppc/bench.c)

PPC_CC		:= powerpc-linux-gnu-gcc
PPC_BUILD	:= $(BUILD)/ppc
PPC_CFLAGS	:= $(CSTD) $(WARN) $(INC) -Idemo -Iarch/ppc -DGENIRQ_PORT_INLINE -O2 -g -ffreestanding -nostdlib \
		   -fno-builtin -fno-stack-protector -fno-pic -fno-pie -mcpu=8548 -msoft-float \
		   -mbig-endian -msdata=none -G 0 -mno-altivec
PPC_ASFLAGS	:= -Iarch/ppc -mcpu=8548 -Wa,-mregnames -D__ASSEMBLER__
PPC_SRCS	:= $(CORE_SRCS) controllers/mpic.c demo/shell.c demo/scenario.c demo/libc.c \
		   $(filter-out %-host-test.c,$(wildcard arch/ppc/*.c))
PPC_OBJS	:= $(patsubst %.c,$(PPC_BUILD)/%.o,$(PPC_SRCS)) $(PPC_BUILD)/arch/ppc/boot.o
PPC_ELF		:= $(PPC_BUILD)/genirq-ppce500.elf
PPC_HDRS	:= $(CORE_HDRS) $(wildcard arch/ppc/*.h demo/*.h)

# -icount: the virtual clock follows executed instructions, so the MPIC
# timer and the timebase keep step whatever the host's load (docs/ppc.md).
PPC_MACHINE	:= qemu-system-ppc -M ppce500 -cpu e500v2_v30 -m 128 -nographic -monitor none \
		   -no-reboot -net none -serial stdio -serial null
PPC_QEMU	:= $(PPC_MACHINE) -icount shift=3
# Two edus share MPIC source 3 (slots 2 and 6); pvpanic-pci is the PASS exit (status 1).
PPC_DEVS	:= -device edu,addr=2 -device edu,addr=6 -device pvpanic-pci,addr=3 \
		   -action panic=exit-failure
PPC_HARNESS	:= python3 scripts/qemu-harness.py
PPC_READY	:= genirq ppc: ready
PPC_RXTEST	:= rxtest The-quick-brown-fox-jumps-over-the-lazy-dog-0123456789\r
# After the boot scenarios: uart-rx-echo, then a shell session with the
# affinity move (the UART line to CPU1 and back), then the summary.
PPC_SESSION	:= $(PPC_RXTEST)help\rcat /proc/interrupts\rls /proc/irq\r$\
		   cat /proc/irq/1/smp_affinity\recho 4 > /proc/irq/1/smp_affinity\r$\
		   echo 2 > /proc/irq/1/smp_affinity\rcat /proc/irq/1/effective_affinity\r$\
		   cat /proc/interrupts\recho 1 > /proc/irq/1/smp_affinity\rticks\rprobe\r$\
		   bogus-command\r\x01\x7f\rcat /proc/irq/3/spurious\rfinish\r
PPC_EXPECT	:= --expect '^KERNEL PASS' --expect 'SCENARIO uart-rx-echo: PASS' \
		   --expect 'genirq> rxtest The-quick-brown-fox' \
		   --expect '^ +1: +[0-9]+ +[0-9]+ +MPIC +42-level +uart0, uart1' \
		   --expect '^ +2: +[0-9]+ +0 +MPIC +200-edge +timer' \
		   --expect '^ +4: +1000 +1000 +MPIC +196-percpu +ipi' \
		   --expect '^ *SPU: +[1-9]' \
		   --expect 'smp_affinity\r?\n1\r?\n' \
		   --expect 'echo 4 > /proc/irq/1/smp_affinity\r?\nerror: echo: invalid argument' \
		   --expect 'effective_affinity\r?\n2\r?\n' \
		   --expect '^ +1: +[0-9]+ +([4-9]|[1-9][0-9]+) +MPIC +42-level' \
		   --expect 'ticks [0-9]+ \((9|10|11) in 100 ms' \
		   --expect 'probe: edu-a interrupts on irq 3 ' \
		   --expect "error: unknown command 'bogus-command'" \
		   --expect 'error: control or non-ASCII byte' \
		   --expect 'state normal'

# Pasted in one piece (no byte delay): 30 blocking `ticks` (100 ms each),
# with 270 short commands queued behind them, then the statistics line:
# every line runs, no byte dropped by the receive ring, no UART overrun.
PPC_CMD_PASTE	:= $(PPC_RXTEST)$(call repeat,30,ticks\r)$(call repeat,270,echo~ok\r)stats\rfinish\r
PPC_PASTE_OK	:= '^shell: 302 lines run; input [0-9]+ bytes, 0 dropped \(buffer full\), 0 UART overruns'
# The UART's line flapping between the CPUs, pasted: no wedge, no lost byte.
PPC_FLAP_PASTE	:= $(PPC_RXTEST)$(call repeat,25,echo~2~>~/proc/irq/1/smp_affinity\rticks\r$\
		   echo~1~>~/proc/irq/1/smp_affinity\rticks\r)stats\rfinish\r
PPC_FLAP_OK	:= '^shell: 102 lines run; input [0-9]+ bytes, 0 dropped \(buffer full\), 0 UART overruns'

$(PPC_BUILD)/%.o: %.c $(PPC_HDRS)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(PPC_CC) $(PPC_CFLAGS) -c $< -o $@

$(PPC_BUILD)/arch/ppc/boot.o: arch/ppc/boot.S arch/ppc/ppc_asm.h
	$(Q)mkdir -p $(dir $@)
	$(Q)$(PPC_CC) $(PPC_ASFLAGS) -c $< -o $@

$(PPC_ELF): $(PPC_OBJS) arch/ppc/kernel.ld
	$(PPC_CC) -nostdlib -static -no-pie -Wl,--no-warn-rwx-segments -T arch/ppc/kernel.ld \
		-o $@ $(PPC_OBJS) -lgcc

.PHONY: ppc-deps check-ppc run-ppc bench-ppc
ppc-deps:
	$(Q)scripts/deps.sh cross qemu-ppc

# Two CPUs: every scenario and the shell session. One CPU: the SMP ones skip.
check-ppc: ppc-deps $(PPC_ELF)
	$(Q)$(PPC_HARNESS) --name ppc-smp2 --timeout 90 --pass-status 1 --log $(PPC_BUILD)/check-smp2.log \
		--ready '$(PPC_READY)' --input '$(PPC_SESSION)' --byte-delay 0.002 $(PPC_EXPECT) \
		-- $(PPC_QEMU) -smp 2 $(PPC_DEVS) -kernel $(PPC_ELF)
	$(Q)$(PPC_HARNESS) --name ppc-smp1 --timeout 90 --pass-status 1 --log $(PPC_BUILD)/check-smp1.log \
		--quiet --ready '$(PPC_READY)' --input '$(PPC_RXTEST)bench\rfinish\r' --byte-delay 0.002 \
		--expect '^KERNEL PASS' --expect 'SCENARIO uart-rx-echo: PASS' \
		--expect 'SCENARIO ipi-pingpong: SKIP uniprocessor' \
		--expect '^error: bench: 1002 instructions read [0-9]+ ticks over 5 phases, want 2004' \
		-- $(PPC_QEMU) -smp 1 $(PPC_DEVS) -kernel $(PPC_ELF)
	$(Q)$(PPC_HARNESS) --name ppc-paste --timeout 90 --pass-status 1 --log $(PPC_BUILD)/check-paste.log \
		--quiet --ready '$(PPC_READY)' --input '$(PPC_CMD_PASTE)' --paste \
		--expect '^KERNEL PASS' --expect $(PPC_PASTE_OK) \
		-- $(PPC_QEMU) -smp 2 $(PPC_DEVS) -kernel $(PPC_ELF)
	$(Q)$(PPC_HARNESS) --name ppc-flap --timeout 90 --pass-status 1 --log $(PPC_BUILD)/check-flap.log \
		--quiet --ready '$(PPC_READY)' --input '$(PPC_FLAP_PASTE)' --paste \
		--expect '^KERNEL PASS' --expect $(PPC_FLAP_OK) \
		-- $(PPC_QEMU) -smp 2 $(PPC_DEVS) -kernel $(PPC_ELF)
	$(Q)$(call ppc_must_fail,fault,^EXCEPTION program .IVOR6.)
	$(Q)$(call ppc_must_fail,overflow,^KERNEL FAIL: interrupt stack overflow)

# The shell's `bench` under -icount shift=0, where the timebase counts
# 2 ticks per 5 instructions (docs/ppc.md, "Dispatch cost"); then the
# usual end, so the run is also judged PASS or FAIL.
bench-ppc: ppc-deps $(PPC_ELF)
	$(Q)out=$$($(PPC_HARNESS) --name ppc-bench --quiet --timeout 90 --pass-status 1 \
		--log $(PPC_BUILD)/bench.log --ready '$(PPC_READY)' \
		--input '$(PPC_RXTEST)bench\rfinish\r' --byte-delay 0.002 \
		--expect '^KERNEL PASS' --expect '^guest-bench: ' \
		-- $(PPC_MACHINE) -icount shift=0,sleep=off -smp 2 $(PPC_DEVS) -kernel $(PPC_ELF)) || \
	{ echo "$$out"; echo "bench-ppc: FAIL: no PASS with a guest-bench line (see $(PPC_BUILD)/bench.log)"; exit 1; }
	$(Q)grep -aE '^(bench|guest-bench): ' $(PPC_BUILD)/bench.log | tr -d '\r'

# $(call ppc_must_fail,COMMAND,REGEX): the shell command must end the run
# as a failure (QEMU status 0, which is never a pass) after printing REGEX.
define ppc_must_fail
out=$$($(PPC_HARNESS) --name ppc-$(1) --quiet --timeout 30 --pass-status 1 \
	--log $(PPC_BUILD)/check-$(1).log --ready '$(PPC_READY)' --input '$(1)\r' \
	-- $(PPC_QEMU) -smp 1 $(PPC_DEVS) -kernel $(PPC_ELF)); \
if echo "$$out" | grep -q 'QEMU exit status 0, PASS is 1' && \
   grep -q '$(2)' $(PPC_BUILD)/check-$(1).log && \
   grep -q '^KERNEL FAIL' $(PPC_BUILD)/check-$(1).log; then \
	echo "ppc-$(1): PASS (failure detected: KERNEL FAIL, QEMU status 0, refused)"; \
else echo "$$out"; echo "ppc-$(1): FAIL (see $(PPC_BUILD)/check-$(1).log)"; exit 1; fi
endef

PORT_CHECKS	+= check-ppc

# arch/x86_64/port.mk - the x86_64 demo kernel (PVH, LAPIC, IO-APIC, SMP).
#
#   make check-x86_64   build, run the boot scenarios on 2 CPUs and a shell session
#   make run-x86_64     boot 2 CPUs with the shell on the terminal
#   make bench-x86_64   the deterministic dispatch instruction count
#   make debug-x86_64   QEMU halted with a gdb stub

# QEMU_ACCEL=kvm asks for KVM (no -icount then); TCG otherwise.
X86_ACCEL	?= $(or $(QEMU_ACCEL),tcg)
comma		:= ,
X64_CC		:= gcc
X64_OUT		:= $(BUILD)/x86_64
X64_KERNEL	:= $(X64_OUT)/kernel.elf
X64_CFLAGS	:= $(CSTD) $(WARN) $(INC) -Idemo -Iarch/x86 -Iarch/x86_64 -DGENIRQ_PORT_INLINE -O2 -g -m64 \
		   -ffreestanding -fno-builtin -fno-pic -fno-pie -fno-stack-protector \
		   -fno-asynchronous-unwind-tables -mgeneral-regs-only -mno-red-zone \
		   -mcmodel=small
X64_SRCS	:= $(CORE_SRCS) controllers/i8259.c controllers/lapic.c controllers/ioapic.c \
		   demo/shell.c demo/scenario.c demo/libc.c \
		   $(sort $(wildcard arch/x86/*.c)) $(sort $(wildcard arch/x86_64/*.c))
X64_OBJS	:= $(addprefix $(X64_OUT)/obj/,$(X64_SRCS:.c=.o)) $(X64_OUT)/obj/arch/x86_64/boot.o
X64_HDRS	:= $(CORE_HDRS) $(wildcard demo/*.h arch/x86/*.h arch/x86_64/*.h)
X64_SMP		?= 2
# X64_QEMU adds COM2 (0x2F8, IO-APIC pin 3) as `-serial null`: the kernel
# makes it interrupt itself (loopback, THRE); X64_QEMU_1UART is without.
X64_QEMU_1UART	:= qemu-system-x86_64 -accel $(X86_ACCEL) -smp $(X64_SMP) -kernel $(X64_KERNEL) -display none \
		   -serial stdio -monitor none -no-reboot -nic none \
		   -device isa-debug-exit,iobase=0xf4,iosize=0x04 \
		   -device edu,addr=4 -device edu,addr=8
X64_QEMU	:= $(X64_QEMU_1UART) -serial null
X64_ICOUNT	:= $(if $(filter tcg,$(X86_ACCEL)),-icount shift=0$(comma)sleep=off)
X64_PASS	:= 33
X64_HARNESS	:= python3 scripts/qemu-harness.py --pass-status $(X64_PASS) --timeout 90

$(X64_OUT)/obj/%.o: %.c $(X64_HDRS)
	$(Q)mkdir -p $(dir $@)
	@echo "  CC [x86_64] $<"
	$(Q)$(X64_CC) $(X64_CFLAGS) -c $< -o $@

$(X64_OUT)/obj/arch/x86_64/boot.o: arch/x86_64/boot.S arch/x86/stubs.h
	$(Q)mkdir -p $(dir $@)
	@echo "  AS [x86_64] $<"
	$(Q)$(X64_CC) -m64 -c $< -o $@

$(X64_KERNEL): $(X64_OBJS) arch/x86_64/link.ld
	@echo "  LD [x86_64] $@"
	$(Q)$(X64_CC) -m64 -nostdlib -static -no-pie -Wl,-T,arch/x86_64/link.ld \
		-Wl,-z,max-page-size=0x1000 -Wl,--build-id=none -Wl,--no-warn-rwx-segments \
		-o $@ $(X64_OBJS) -lgcc

PORT_CHECKS	+= check-x86_64
RUN_DEFAULT	:= run-x86_64

.PHONY: kernel-x86_64 check-x86_64 run-x86_64 run-x86_64 bench-x86_64 debug-x86_64
kernel-x86_64: $(X64_KERNEL)

check-x86_64:
	$(Q)scripts/deps.sh qemu-x86
	$(Q)$(MAKE) --no-print-directory -j2 $(X64_KERNEL)
	$(Q)$(X64_HARNESS) --name x86_64-scenarios --ready RX-READY --input '0123456789R' \
		--byte-delay 0.05 --log $(X64_OUT)/scenarios.log \
		--expect '^echo: 0123456789' --expect '^SCENARIO boot: PASS .*COM2 on irq 3 ' \
		--expect '^SCENARIO autoprobe: PASS COM1 THRE found on irq 4; COM2 THRE on irq 3' \
		-- $(X64_QEMU) $(X64_ICOUNT)
	$(Q)$(X64_HARNESS) --name x86_64-smp4-scenarios-no-com2 --quiet --log $(X64_OUT)/smp4.log \
		--expect 'boot: PASS .* 4/4 CPU.*COM2 absent' --expect '^SCENARIO autoprobe: PASS .*COM2 absent' \
		-- $(X64_QEMU_1UART) $(X64_ICOUNT) -smp 4 -append norx
	$(Q)$(X64_HARNESS) --name x86_64-shell --quiet --ready RX-READY --byte-delay 0.02 \
		--input '0123456789R\rcat /proc/interrupts\recho 2 > /proc/irq/4/smp_affinity\rcat /proc/interrupts\rcat /proc/irq/4/smp_affinity_list\rcat /proc/irq/4/effective_affinity_list\rticks\rhelp\rls /proc/irq/4\rcat /proc/interrupts\recho 4 > /proc/irq/4/smp_affinity\recho 1 > /proc/irq/4/smp_affinity\rcat /proc/irq/prof_cpu_mask\rprobe\rprobe 2\rdisable 3\rprobe 2\renable 3\rprobe 0\rdisable 24\rdisable 2\rprobe\renable 2\renable 24\rbogus\rpoweroff\r' \
		--log $(X64_OUT)/shell.log \
		--expect '^ +2: +[0-9]+ +[0-9]+ +IO-APIC +2-edge +timer' \
		--expect '^ +4: +[0-9]+ +0 +IO-APIC +4-edge +serial' \
		--expect '^ +4: +[0-9]+ +[1-9][0-9]+ +IO-APIC +4-edge +serial' \
		--expect '^ +2[0-9]: +[1-9][0-9]* +[1-9][0-9]* +LAPIC +0-percpu +local-timer' \
		--expect '^ *SPU: ' --expect '^ NMI: ' --expect '^ *ERR: ' \
		--expect 'smp_affinity_list\r?\n1\r?\n' --expect 'effective_affinity_list\r?\n1\r?\n' \
		--expect 'echo 4 > /proc/irq/4/smp_affinity\r?\nerror: echo: invalid argument' \
		--expect 'probe\r?\n4\r?\n' --expect 'probe 2\r?\n3\r?\n' --expect 'probe 0\r?\nerror: ' \
		--expect 'irq 3 disabled \(depth 1\)\r?\ngenirq> probe 2\r?\n3\r?\ngenirq> enable 3\r?\nirq 3 enabled \(depth 0\)' \
		--expect '^ +3: +[1-9][0-9]* +[0-9]+ +IO-APIC +3-edge +serial' \
		--expect 'irq 2 disabled \(depth 1\)\r?\ngenirq> probe\r?\n4\r?\n' --expect 'irq 2 enabled \(depth 0\)' \
		--expect 'irq 24 disabled \(depth 1\)' --expect 'irq 24 enabled \(depth 0\)' \
		--expect "error: unknown command 'bogus'" --expect 'power off \(scenarios passed\)' \
		-- $(X64_QEMU) $(X64_ICOUNT) -append shell

bench-x86_64:
	$(Q)$(MAKE) --no-print-directory -j2 $(X64_KERNEL)
	$(Q)$(X64_HARNESS) --name x86_64-bench --quiet --log $(X64_OUT)/bench.log \
		--expect 'guest-bench: ' -- $(X64_QEMU) $(X64_ICOUNT) -append norx >/dev/null || \
		{ echo "bench-x86_64: the kernel failed or printed no guest-bench line (see $(X64_OUT)/bench.log)"; exit 1; }
	$(Q)grep -hE "dispatch:|guest-bench:" $(X64_OUT)/bench.log

run-x86_64:
	$(Q)scripts/deps.sh qemu-x86
	$(Q)$(MAKE) --no-print-directory -j2 $(X64_KERNEL)
	$(Q)if [ -t 0 ]; then \
		echo "genirq x86_64 ($(X64_SMP) CPUs): type 0123456789R when asked, then shell commands (help, poweroff)"; \
		$(X64_QEMU) -append shell; s=$$?; [ $$s -eq $(X64_PASS) ] || { echo "QEMU exit status $$s"; exit 1; }; \
	else \
		$(X64_HARNESS) --name x86_64-demo --ready RX-READY --byte-delay 0.02 \
			--input '0123456789R\rcat /proc/interrupts\recho 2 > /proc/irq/4/smp_affinity\rticks\rcat /proc/interrupts\rpoweroff\r' \
			-- $(X64_QEMU) $(X64_ICOUNT) -append shell; \
	fi

debug-x86_64:
	$(Q)$(MAKE) --no-print-directory -j2 $(X64_KERNEL)
	@echo "QEMU is halted; attach with: gdb $(X64_KERNEL) -ex 'target remote :1234'"
	$(X64_QEMU) -append shell -s -S

# `make debug ARCH=<isa>`: the top Makefile has no debug target; each port
# adds debug-<isa>, and this rule picks one (x86_64 when ARCH is unset).
.PHONY: debug
debug: debug-$(or $(ARCH),x86_64)

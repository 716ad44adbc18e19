# arch/i386/port.mk - the i386 demo kernel: build, check, run.
#
#   make check-i386   build, run the boot scenarios and a shell session in QEMU
#   make run-i386     boot with the shell on the terminal (scripted demo if
#                     stdin is not a terminal); also `make run ARCH=i386`
#   make bench-i386   the deterministic dispatch instruction counts (the
#                     guest-bench line: genirq and bare, int $n to the handler)

# QEMU_ACCEL=kvm asks for KVM (no -icount then); TCG otherwise: a /dev/kvm
# that exists is not a KVM that works (shared/qemu/x86.md).
X86_ACCEL	?= $(or $(QEMU_ACCEL),tcg)
comma		:= ,
I386_CC		:= i686-linux-gnu-gcc
I386_OUT	:= $(BUILD)/i386
I386_KERNEL	:= $(I386_OUT)/kernel.elf
I386_CFLAGS	:= $(CSTD) $(WARN) $(INC) -Idemo -Iarch/x86 -Iarch/i386 -DGENIRQ_PORT_INLINE -O2 -g \
		   -ffreestanding -fno-builtin -fno-pic -fno-pie -fno-stack-protector \
		   -fno-asynchronous-unwind-tables -mgeneral-regs-only -march=i686
I386_SRCS	:= $(CORE_SRCS) controllers/i8259.c demo/shell.c demo/scenario.c demo/libc.c \
		   $(sort $(wildcard arch/x86/*.c)) $(sort $(wildcard arch/i386/*.c))
I386_OBJS	:= $(addprefix $(I386_OUT)/obj/,$(I386_SRCS:.c=.o)) $(I386_OUT)/obj/arch/i386/boot.o
I386_HDRS	:= $(CORE_HDRS) $(wildcard demo/*.h arch/x86/*.h arch/i386/*.h)

# QEMU: TCG only (the host's /dev/kvm is not a working KVM), two edu
# devices sharing PIRQD (IRQ 11), no NIC on that line, exit via port 0xf4.
# I386_QEMU adds COM2 (0x2F8, IRQ 3) as `-serial null`: the kernel makes it
# interrupt itself (loopback, THRE); I386_QEMU_1UART is the machine without.
# The checks add -icount: with plain TCG a loaded host starves the vCPU and
# QEMU drops PIT ticks (44 of 50 seen), which timer-ticks rightly fails.
I386_ICOUNT	:= $(if $(filter tcg,$(X86_ACCEL)),-icount shift=0$(comma)sleep=off)
I386_QEMU_1UART	:= qemu-system-i386 -accel $(X86_ACCEL) -kernel $(I386_KERNEL) -display none \
		   -serial stdio -monitor none -no-reboot -nic none \
		   -device isa-debug-exit,iobase=0xf4,iosize=0x04 \
		   -device edu,addr=4 -device edu,addr=8
I386_QEMU	:= $(I386_QEMU_1UART) -serial null
I386_PASS	:= 33
I386_HARNESS	:= python3 scripts/qemu-harness.py --pass-status $(I386_PASS) --timeout 60

$(I386_OUT)/obj/%.o: %.c $(I386_HDRS)
	$(Q)mkdir -p $(dir $@)
	@echo "  CC [i386] $<"
	$(Q)$(I386_CC) $(I386_CFLAGS) -c $< -o $@

$(I386_OUT)/obj/arch/i386/boot.o: arch/i386/boot.S arch/x86/stubs.h
	$(Q)mkdir -p $(dir $@)
	@echo "  AS [i386] $<"
	$(Q)$(I386_CC) -m32 -c $< -o $@

$(I386_KERNEL): $(I386_OBJS) arch/i386/link.ld
	@echo "  LD [i386] $@"
	$(Q)$(I386_CC) -nostdlib -static -no-pie -Wl,-T,arch/i386/link.ld -Wl,-z,max-page-size=0x1000 \
		-Wl,--build-id=none -Wl,--no-warn-rwx-segments -o $@ $(I386_OBJS) -lgcc

PORT_CHECKS	+= check-i386

.PHONY: check-i386 run-i386 kernel-i386 bench-i386
kernel-i386: $(I386_KERNEL)

check-i386:
	$(Q)scripts/deps.sh cross qemu-x86
	$(Q)$(MAKE) --no-print-directory -j2 $(I386_KERNEL)
	$(Q)$(I386_HARNESS) --name i386-scenarios --ready RX-READY --input '0123456789R' \
		--byte-delay 0.05 --log $(I386_OUT)/scenarios.log \
		--expect '^echo: 0123456789' --expect '^SCENARIO boot: PASS .*COM2 on irq 3 ' \
		--expect '^SCENARIO autoprobe: PASS COM1 THRE found on irq 4; COM2 THRE on irq 3' \
		-- $(I386_QEMU) $(I386_ICOUNT)
	$(Q)$(I386_HARNESS) --name i386-no-com2 --quiet --log $(I386_OUT)/no-com2.log \
		--expect '^SCENARIO boot: PASS .*COM2 absent' --expect '^SCENARIO autoprobe: PASS .*COM2 absent' \
		-- $(I386_QEMU_1UART) $(I386_ICOUNT) -append norx
	$(Q)$(I386_HARNESS) --name i386-shell --quiet --ready RX-READY --byte-delay 0.02 \
		--input '0123456789R\rhelp\rcat /proc/interrupts\rls /proc/irq\rcat /proc/irq/4/smp_affinity\rcat /proc/irq/4/effective_affinity\recho 2 > /proc/irq/4/smp_affinity\recho 1 > /proc/irq/4/smp_affinity\rcat /proc/irq/prof_cpu_mask\rprobe\rprobe 2\rdisable 3\rprobe 2\renable 3\rprobe 3\rprobe x 1\rdisable 0\rprobe\rticks\renable 0\rbogus\rticks\rcat /proc/interrupts\rpoweroff\r' \
		--monitor $(I386_OUT)/monitor.sock --monitor-after RX-READY \
		--monitor-cmd 'sendkey a' --monitor-cmd 'sendkey b' \
		--log $(I386_OUT)/shell.log \
		--expect '^ +0: +[0-9]+ +XT-PIC +0-edge +timer' \
		--expect '^ +4: +[0-9]+ +XT-PIC +4-edge +serial' \
		--expect '^ +2: +0 +XT-PIC +2-edge +\(cascade\)' \
		--expect '^ *SPU: +[1-9]' --expect '^ NMI: ' --expect '^ *ERR: ' \
		--expect 'smp_affinity\r?\n1\r?\n' --expect 'effective_affinity\r?\n1\r?\n' \
		--expect 'smp_affinity\r?\nerror: echo: ' \
		--expect 'probe\r?\n4\r?\n' --expect 'probe 2\r?\n3\r?\n' \
		--expect 'irq 3 disabled \(depth 1\)\r?\ngenirq> probe 2\r?\n3\r?\ngenirq> enable 3\r?\nirq 3 enabled \(depth 0\)' \
		--expect 'probe 3\r?\nerror: ' --expect 'probe x 1\r?\nerror: ' \
		--expect '^ +3: +[1-9][0-9]* +XT-PIC +3-edge +serial' \
		--expect 'irq 0 disabled \(depth 1\)\r?\ngenirq> probe\r?\n4\r?\n' --expect 'irq 0 enabled \(depth 0\)' \
		--expect "error: unknown command 'bogus'" \
		--expect 'ticks at 100 Hz' --expect '^ +1: +[1-9][0-9]* +XT-PIC +1-edge +keyboard' --expect 'power off \(scenarios passed\)' \
		-- $(I386_QEMU) $(I386_ICOUNT) -append shell -monitor unix:$(I386_OUT)/monitor.sock,server=on,wait=off

# The counts need -icount shift=0 (TSC = instructions): no KVM here.
bench-i386:
	$(Q)scripts/deps.sh cross qemu-x86
	$(Q)$(MAKE) --no-print-directory -j2 $(I386_KERNEL)
	$(Q)out=$$($(I386_HARNESS) --name i386-bench --quiet --log $(I386_OUT)/bench.log \
		--expect '^genirq: guest-bench: .* genirq [0-9]+ [0-9]+, bare [0-9]+ [0-9]+ ' \
		-- $(I386_QEMU) -icount shift=0$(comma)sleep=off -append norx) || \
		{ echo "bench-i386: FAIL: $$(echo "$$out" | grep -m1 'i386-bench: FAIL' || echo 'harness failed') (transcript: $(I386_OUT)/bench.log)"; exit 1; }
	$(Q)grep -hE '^genirq: (guest-bench|XT-PIC line)' $(I386_OUT)/bench.log

run-i386:
	$(Q)scripts/deps.sh cross qemu-x86
	$(Q)$(MAKE) --no-print-directory -j2 $(I386_KERNEL)
	$(Q)if [ -t 0 ]; then \
		echo "genirq i386: type 0123456789R when asked, then shell commands (help, poweroff)"; \
		$(I386_QEMU) -append shell; s=$$?; [ $$s -eq $(I386_PASS) ] || { echo "QEMU exit status $$s"; exit 1; }; \
	else \
		$(I386_HARNESS) --name i386-demo --ready RX-READY --byte-delay 0.02 \
			--input '0123456789R\rcat /proc/interrupts\rprobe\rticks\rpoweroff\r' \
			-- $(I386_QEMU) $(I386_ICOUNT) -append shell; \
	fi

.PHONY: debug-i386
debug-i386:
	$(Q)$(MAKE) --no-print-directory -j2 $(I386_KERNEL)
	@echo "QEMU is halted; attach with: gdb $(I386_KERNEL) -ex 'target remote :1234'"
	$(I386_QEMU) -append shell -s -S

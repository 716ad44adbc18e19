# adopters/freertos/adopter.mk - FreeRTOS-Kernel's RISC-V port on QEMU
# virt (riscv64, machine mode, -bios none) with genirq's PLIC driver for
# its external interrupts, running FreeRTOS's own standard test tasks
# (adopters/freertos/README.md).
#
#   make check-adopter-freertos   build, run 60 s of guest time, judge
#   make run ADOPTER=freertos     boot it (the run ends itself after 60 s)
ADOPTERS	+= freertos
FREERTOS_KERNEL	?= $(ADOPTERS_SHARED)/freertos-kernel
FREERTOS_DEMO	?= $(ADOPTERS_SHARED)/freertos-demo

FR_DIR		:= adopters/freertos
FR_OUT		:= $(BUILD)/adopters/freertos
FR_ELF		:= $(FR_OUT)/freertos.elf

# Guest time follows the instruction count (8 ns each) and the RTC
# follows guest time: the timer tests' margins hold on a busy host.
FR_QEMU_BARE	= qemu-system-riscv64 -M virt -bios none -smp 1 -nodefaults -display none -no-reboot \
		  -icount shift=3,sleep=off -rtc clock=vm -kernel $(FR_ELF)
FR_QEMU		= $(FR_QEMU_BARE) -device edu,addr=1
fr_trees	= $(call adopter_tree,freertos,FREERTOS_KERNEL,tasks.c); \
		  $(call adopter_tree,freertos,FREERTOS_DEMO,FreeRTOS/Demo/Common/Minimal/IntQueue.c)

.PHONY: kernel-adopter-freertos check-adopter-freertos run-adopter-freertos
kernel-adopter-freertos:
	$(Q)$(fr_trees); scripts/deps.sh cross qemu-riscv && $(MAKE) --no-print-directory -s -j2 -f $(FR_DIR)/build.mk \
		BUILD=$(BUILD) FREERTOS_KERNEL=$(FREERTOS_KERNEL) FREERTOS_DEMO=$(FREERTOS_DEMO)

# Passes on QEMU's PASS status (33), the check task's line at 60 s of
# guest time (every earlier check passed, or the run would have ended),
# the bytes typed echoed by the UART's thread, a non-zero count of each
# device's line in /proc/interrupts (expect.txt). Then a run without the
# edu device must end in FAIL, QEMU status 1, and be refused.
check-adopter-freertos:
	$(Q)$(fr_trees); $(MAKE) --no-print-directory kernel-adopter-freertos && \
	$(HARNESS) --name adopter-freertos --pass-status 33 --timeout $(QEMU_TIMEOUT) \
		--ready 'ready for input' --input 'genirq' --log $(FR_OUT)/check.log \
		--expect-file $(FR_DIR)/expect.txt -- $(FR_QEMU) -serial stdio && \
	out=$$($(HARNESS) --name adopter-freertos-no-edu --pass-status 33 --timeout $(QEMU_TIMEOUT) --quiet \
		--log $(FR_OUT)/no-edu.log -- $(FR_QEMU_BARE) -serial stdio); \
	if echo "$$out" | grep -q 'FAIL.*QEMU exit status 1, PASS is 33' && \
	   grep -q "^FAIL: IntQueue's interrupts" $(FR_OUT)/no-edu.log; then \
		echo "adopter-freertos-no-edu: PASS (no edu device: FAIL reported, QEMU status 1, run refused)"; \
	else echo "$$out"; echo "adopter-freertos-no-edu: FAIL (not refused)"; exit 1; fi

run-adopter-freertos:
	$(Q)$(fr_trees); $(MAKE) --no-print-directory kernel-adopter-freertos && \
	{ $(FR_QEMU) -serial mon:stdio; s=$$?; [ $$s -eq 33 ] || { echo "QEMU exit status $$s"; exit 1; }; }

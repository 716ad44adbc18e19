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
FR_QEMU		= qemu-system-riscv64 -M virt -bios none -smp 1 -nodefaults -display none -no-reboot \
		  -icount shift=3,sleep=off -rtc clock=vm -device edu,addr=1 -kernel $(FR_ELF)
fr_trees	= $(call adopter_tree,freertos,FREERTOS_KERNEL,tasks.c); \
		  $(call adopter_tree,freertos,FREERTOS_DEMO,FreeRTOS/Demo/Common/Minimal/IntQueue.c)

.PHONY: kernel-adopter-freertos check-adopter-freertos run-adopter-freertos
kernel-adopter-freertos:
	$(Q)$(fr_trees); scripts/deps.sh cross qemu-riscv && $(MAKE) --no-print-directory -s -j2 -f $(FR_DIR)/build.mk \
		BUILD=$(BUILD) FREERTOS_KERNEL=$(FREERTOS_KERNEL) FREERTOS_DEMO=$(FREERTOS_DEMO)

# Passes on QEMU's PASS status (33), the check task's line at 60 s of
# guest time (every earlier check passed, or the run would have ended),
# the bytes typed echoed by the UART's thread, and a non-zero count of
# each device's line in /proc/interrupts.
check-adopter-freertos:
	$(Q)$(fr_trees); $(MAKE) --no-print-directory kernel-adopter-freertos && \
	$(HARNESS) --name adopter-freertos --pass-status 33 --timeout $(QEMU_TIMEOUT) \
		--ready 'ready for input' --input 'genirq' --log $(FR_OUT)/check.log \
		--expect-file $(FR_DIR)/expect.txt -- $(FR_QEMU) -serial stdio

run-adopter-freertos:
	$(Q)$(fr_trees); $(MAKE) --no-print-directory kernel-adopter-freertos && \
	{ $(FR_QEMU) -serial mon:stdio; s=$$?; [ $$s -eq 33 ] || { echo "QEMU exit status $$s"; exit 1; }; }

# adopters/freertos/build.mk - the FreeRTOS image, built as an embedder
# builds genirq: through the kit (genirq.mk), with its own settings file.
# Run from the repository's root by adopter.mk (a make of its own, so
# these settings do not reach the tree's other builds):
#   make -f adopters/freertos/build.mk FREERTOS_KERNEL=... FREERTOS_DEMO=...
BUILD		?= build
Q		?= @
GENIRQ_DIR	:= $(CURDIR)
FR_DIR		:= adopters/freertos
FR_OUT		:= $(BUILD)/adopters/freertos
FR_ELF		:= $(FR_OUT)/freertos.elf
FR_VIRT		= $(FREERTOS_DEMO)/FreeRTOS/Demo/RISC-V_RV32_QEMU_VIRT_GCC
FR_TESTS	:= IntQueue IntSemTest StreamBufferInterrupt BlockQ QPeek GenQTest recmutex \
		   semtest TaskNotify TimerDemo
GENIRQ_CONFIG_FILE := $(FR_DIR)/genirq_config.h
# Threaded handlers, /proc/interrupts and the stuck-line rule (a line
# nobody serves is disabled, not left to starve the tasks); no MSI, IPIs,
# autoprobe, storm rule, cost accounting, tracing or line freeing (its
# lines are made once, at boot) on this machine.
GENIRQ_FEATURES	:= THREADS TEXT_VIEWS REPORTS SPURIOUS
include $(GENIRQ_DIR)/genirq.mk

FR_CC		:= riscv64-linux-gnu-gcc
# The compiler's own headers only (<stdint.h>, <stdarg.h>...): Debian's
# cross compiler would otherwise reach the host's /usr/include.
FR_GCC_INC	:= $(shell $(FR_CC) -print-file-name=include 2>/dev/null)
FR_CFLAGS	= -march=rv64imac_zicsr_zifencei -mabi=lp64 -mcmodel=medany -O2 -g \
		  -ffreestanding -fno-builtin -fno-pic -fno-pie -ffunction-sections -fdata-sections \
		  -nostdinc -D_LIBC_LIMITS_H_ -isystem $(FR_GCC_INC) \
		  -I$(FR_DIR) -I$(FR_DIR)/include -I$(FR_VIRT) -I$(FREERTOS_DEMO)/FreeRTOS/Demo/Common/include \
		  -I$(FREERTOS_KERNEL)/include -I$(FREERTOS_KERNEL)/portable/GCC/RISC-V \
		  -I$(FREERTOS_KERNEL)/portable/GCC/RISC-V/chip_specific_extensions/RISCV_MTIME_CLINT_no_extensions \
		  $(GENIRQ_CFLAGS)
# Sources by origin: the kernel, the demo tree, genirq (the kit), the glue.
FR_SRCS_K	:= tasks.c list.c queue.c timers.c event_groups.c stream_buffer.c \
		   portable/MemMang/heap_4.c portable/GCC/RISC-V/port.c portable/GCC/RISC-V/portASM.S
FR_SRCS_D	:= $(addprefix FreeRTOS/Demo/Common/Minimal/,$(addsuffix .c,$(FR_TESTS))) \
		   FreeRTOS/Demo/RISC-V_RV32_QEMU_VIRT_GCC/build/gcc/start.S
FR_SRCS_G	:= $(patsubst $(GENIRQ_DIR)/%,%,$(GENIRQ_SRCS) $(GENIRQ_CTRL_plic) $(GENIRQ_PORT_riscv64_machine) $(GENIRQ_LIBC))
FR_SRCS_A	:= $(notdir $(wildcard $(FR_DIR)/*.c))
FR_OBJS		= $(addprefix $(FR_OUT)/k/,$(addsuffix .o,$(FR_SRCS_K))) \
		  $(addprefix $(FR_OUT)/d/,$(addsuffix .o,$(FR_SRCS_D))) \
		  $(addprefix $(FR_OUT)/g/,$(addsuffix .o,$(FR_SRCS_G))) \
		  $(addprefix $(FR_OUT)/a/,$(addsuffix .o,$(FR_SRCS_A)))
FR_HDRS		:= $(wildcard $(FR_DIR)/*.h $(FR_DIR)/include/*.h) $(wildcard include/genirq/*.h include/genirq/chip/*.h core/*.h)

$(FR_OUT)/k/%.o: $(FREERTOS_KERNEL)/% $(FR_HDRS)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(FR_CC) $(FR_CFLAGS) -c $< -o $@
$(FR_OUT)/d/%.o: $(FREERTOS_DEMO)/% $(FR_HDRS)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(FR_CC) $(FR_CFLAGS) -c $< -o $@
$(FR_OUT)/g/%.o: $(GENIRQ_DIR)/% $(FR_HDRS)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(FR_CC) $(FR_CFLAGS) $(GENIRQ_WARN) -c $< -o $@
$(FR_OUT)/a/%.o: $(FR_DIR)/% $(FR_HDRS)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(FR_CC) $(FR_CFLAGS) $(GENIRQ_WARN) -Werror -c $< -o $@

$(FR_ELF): $(FR_OBJS) $(FR_DIR)/link.ld
	$(Q)$(FR_CC) -nostdlib -static -no-pie -mcmodel=medany -march=rv64imac_zicsr_zifencei -mabi=lp64 \
		-Wl,--build-id=none -Wl,--gc-sections -Wl,--no-warn-rwx-segments -T $(FR_DIR)/link.ld \
		-Wl,-Map,$(FR_OUT)/freertos.map -o $@ $(FR_OBJS)


.DEFAULT_GOAL := $(FR_ELF)

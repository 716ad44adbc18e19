# build.mk - xv6's own Makefile with genirq built in through the kit.
# Run in the patched tree: make -f build.mk GENIRQ_DIR=... XV6_GLUE=...
# (adopter.mk does). ioapic.c and picirq.c are left out: genirq's
# IO-APIC and 8259 drivers replace them.
GENIRQ_CONFIG_FILE := $(XV6_GLUE)/genirq_config.h
include Makefile
include $(GENIRQ_DIR)/genirq.mk

GENIRQ_XV6_SRCS	:= $(GENIRQ_SRCS) $(GENIRQ_CTRL_x86_apic) $(GENIRQ_PORT_x86)
GENIRQ_XV6_OBJS	:= $(patsubst $(GENIRQ_DIR)/%.c,genirq/%.o,$(GENIRQ_XV6_SRCS)) genirq_xv6.o
OBJS		:= $(filter-out ioapic.o picirq.o,$(OBJS)) $(GENIRQ_XV6_OBJS) \
		   $(shell $(CC) -m32 -print-libgcc-file-name)

kernel: $(GENIRQ_XV6_OBJS)

genirq/%.o: $(GENIRQ_DIR)/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -ffreestanding $(GENIRQ_CFLAGS) -c -o $@ $<

# xv6's headers use GNU C (asm).
genirq_xv6.o: $(XV6_GLUE)/genirq_xv6.c
	$(CC) $(CFLAGS) -ffreestanding $(GENIRQ_CFLAGS) -std=gnu11 -I. -c -o $@ $<

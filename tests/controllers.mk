# controllers.mk - every controller driver on the host, against a fake of
# its registers (tests/controllers/, docs/reliability.md). Included by the
# top Makefile.
#
#   make check-controllers   build and run each controller test (ASan+UBSan,
#                            the MPIC one in both byte orders), then build
#                            each against the mutated drivers that
#                            tests/controllers/mutants.sh lists: every one
#                            must fail

CTRL_OUT	:= $(BUILD)/controllers
CTRL_CFLAGS	:= $(HOST_CFLAGS) $(TEST_INC) $(SAN_ASAN)
# The x86 drivers reach port I/O and MSRs through a fake (fake_x86_io.h).
CTRL_X86	:= -include tests/controllers/fake_x86_io.h
CTRL_TESTS	:= mpic xics i8259 ioapic lapic gicv3 gicv3_its gicv2 gicv2m pl061 plic aplic imsic x86_vector x86_apic nvic
CTRL_BASE_SRCS	:= $(CORE_SRCS) arch/host/host.c controllers/simpic.c tests/controllers/fakeregs.c
CTRL_BASE_OBJS	:= $(patsubst %.c,$(CTRL_OUT)/obj/%.o,$(CTRL_BASE_SRCS))
CTRL_HDRS	:= $(CORE_HDRS) $(wildcard tests/controllers/*.h controllers/*.h)

# Which driver each test runs, and its extra flags.
CTRL_DRIVER_mpic	:= controllers/mpic.c
CTRL_DRIVER_xics	:= controllers/xics.c
CTRL_DRIVER_i8259	:= controllers/i8259.c
CTRL_DRIVER_ioapic	:= controllers/ioapic.c controllers/x86_vector.c
CTRL_DRIVER_lapic	:= controllers/lapic.c
CTRL_DRIVER_gicv3	:= controllers/gicv3.c controllers/gic_common.c tests/controllers/fake_gic_cpuif.c
CTRL_DRIVER_gicv2	:= controllers/gicv2.c controllers/gic_common.c
CTRL_DRIVER_gicv3_its	:= controllers/gicv3_its.c controllers/gicv3.c controllers/gic_common.c \
			   tests/controllers/fake_gic_cpuif.c
CTRL_DRIVER_gicv2m	:= controllers/gicv2m.c controllers/gicv2.c controllers/gic_common.c
CTRL_DRIVER_pl061	:= controllers/pl061.c
CTRL_DRIVER_plic	:= controllers/plic.c
CTRL_DRIVER_aplic	:= controllers/aplic.c
CTRL_DRIVER_imsic	:= controllers/imsic.c
CTRL_DRIVER_x86_vector	:= controllers/x86_vector.c
CTRL_DRIVER_nvic	:= controllers/nvic.c
CTRL_FLAGS_i8259	:= $(CTRL_X86)
CTRL_FLAGS_lapic	:= $(CTRL_X86)
# The GICv3's CPU interface is system registers: a fake of them (fake_gic_sysreg.h).
CTRL_FLAGS_gicv3	:= -include tests/controllers/fake_gic_sysreg.h
CTRL_FLAGS_gicv3_its	:= -include tests/controllers/fake_gic_sysreg.h
# The IMSIC driver reaches the AIA CSRs through a fake (fake_riscv_csr.h).
CTRL_RISCV	:= -include tests/controllers/fake_riscv_csr.h
CTRL_FLAGS_imsic	:= $(CTRL_RISCV)
# How each runs (the MPIC: both byte orders).
CTRL_RUN_mpic		:= be le
CTRL_RUN_xics		:= -
CTRL_RUN_i8259		:= -
CTRL_RUN_ioapic		:= -
CTRL_RUN_lapic		:= -
CTRL_RUN_gicv3		:= -
CTRL_RUN_gicv2		:= -
CTRL_RUN_gicv2m		:= -
CTRL_RUN_gicv3_its	:= -
CTRL_RUN_pl061		:= -
CTRL_RUN_plic		:= -
CTRL_RUN_aplic		:= -
CTRL_RUN_imsic		:= -
CTRL_RUN_x86_vector	:= -
CTRL_RUN_x86_apic	:= - madt
CTRL_RUN_nvic		:= -

$(CTRL_OUT)/obj/%.o: %.c $(CTRL_HDRS)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(CTRL_CFLAGS) -c $< -o $@

define ctrl_test
$(CTRL_OUT)/$(1): tests/controllers/$(1).c $(CTRL_DRIVER_$(1)) $(CTRL_BASE_OBJS) $(CTRL_HDRS)
	$(Q)$(CC) $(CTRL_CFLAGS) $(CTRL_FLAGS_$(1)) -o $$@ tests/controllers/$(1).c \
		$(CTRL_DRIVER_$(1)) $(CTRL_BASE_OBJS) -lpthread
endef
$(foreach t,$(filter-out lapic x86_apic,$(CTRL_TESTS)),$(eval $(call ctrl_test,$(t))))

# The local APIC driver's registers are at 0xFEE00000, inside ASan's
# shadow gap: that test is built from source with UBSan only.
$(CTRL_OUT)/lapic: tests/controllers/lapic.c controllers/lapic.c $(CTRL_BASE_SRCS) $(CTRL_HDRS)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(HOST_CFLAGS) $(TEST_INC) -fsanitize=undefined -fno-sanitize-recover=all \
		$(CTRL_X86) -o $@ tests/controllers/lapic.c controllers/lapic.c $(CTRL_BASE_SRCS) -lpthread

# The APIC machine in one piece: the local APIC too, so UBSan only.
CTRL_DRIVER_x86_apic	:= controllers/x86_apic.c controllers/lapic.c controllers/ioapic.c \
			   controllers/x86_vector.c controllers/i8259.c
$(CTRL_OUT)/x86_apic: tests/controllers/x86_apic.c $(CTRL_DRIVER_x86_apic) $(CTRL_BASE_SRCS) $(CTRL_HDRS)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(HOST_CFLAGS) $(TEST_INC) -fsanitize=undefined -fno-sanitize-recover=all \
		$(CTRL_X86) -o $@ tests/controllers/x86_apic.c $(CTRL_DRIVER_x86_apic) $(CTRL_BASE_SRCS) -lpthread

.PHONY: check-controllers
check-controllers: $(addprefix $(CTRL_OUT)/,$(CTRL_TESTS))
	$(Q)set -e; $(foreach t,$(CTRL_TESTS),$(foreach a,$(CTRL_RUN_$(t)),$(CTRL_OUT)/$(t) $(filter-out -,$(a));))
	$(Q)JOBS=$(JOBS) CC='$(CC)' CFLAGS='$(CTRL_CFLAGS)' X86='$(CTRL_X86)' RISCV='$(CTRL_RISCV)' BASE='$(CTRL_BASE_OBJS)' \
		tests/controllers/mutants.sh $(CTRL_OUT)/mutants

# The minimal configuration (tests/kit/config_minimal.h: one CPU, 64 lines,
# no optional feature), built from genirq.mk's lists as an embedder's
# build takes them (GENIRQ_SRCS_BASE: the left-out features' files are not
# compiled):
#   make unit-minimal    the hosted port's tests of it (tests/minimal/),
#                        under ASan+UBSan, and a check that no symbol of a
#                        left-out feature is in the program
#   make check-minimal   both of these (part of make check):
#   make check-minimal-headers  every public header alone, as C11 and as
#                        C++11, and the typical callers (every controller,
#                        the demo shell, the kit's consumer) compile in it
MIN_CONFIG	:= tests/kit/config_minimal.h
MIN_FLAGS	:= $(CSTD) $(WARN) -Iinclude -include $(MIN_CONFIG) $(patsubst %,-DGENIRQ_%=0,$(GENIRQ_FEATURE_NAMES))
MIN_SRCS	:= $(GENIRQ_SRCS_BASE) $(HOST_SRCS) tests/harness.c tests/unit/fixture.c \
		   $(sort $(wildcard tests/minimal/*.c))
# Names only the left-out files define: none may be in the minimal program.
MIN_ABSENT	:= irq_thread_primary msi_domain_alloc_irqs irq_reserve_ipi probe_irq_on \
		   irq_storm_check irq_proc_read irq_debugfs_show handle_cost_irq irq_top_sample \
		   irq_trace_desc_event handle_trace_irq

.PHONY: unit-minimal check-minimal-headers check-minimal
check-minimal: unit-minimal check-minimal-headers
$(BUILD)/unit-minimal: $(MIN_SRCS) $(MIN_CONFIG) $(CORE_HDRS) $(TEST_HDRS) | $(BUILD)
	$(CC) $(MIN_FLAGS) -O2 -g -D_GNU_SOURCE $(HOST_INC) -DGENIRQ_PORT_INLINE $(TEST_INC) $(SAN_ASAN) \
		-o $@ $(MIN_SRCS) -lpthread

unit-minimal: $(BUILD)/unit-minimal
	$(Q)ASAN_OPTIONS=detect_leaks=1 $(BUILD)/unit-minimal
	$(Q)found=$$(nm $(BUILD)/unit-minimal | awk '{print $$NF}' | grep -xE '$(subst $(nothing) ,|,$(MIN_ABSENT))'); \
	if [ -n "$$found" ]; then echo "unit-minimal: left-out features linked in: $$found"; exit 1; fi; \
	echo "unit-minimal: $(words $(MIN_ABSENT)) symbols of left-out features absent from the program"

check-minimal-headers: $(CORE_HDRS) $(MIN_CONFIG)
	$(Q)for h in $(PUBLIC_HDRS); do \
		printf '#include <%s>\n' $$h | $(CC) $(MIN_FLAGS) -fsyntax-only -x c - || exit 1; \
		printf '#include <%s>\n' $$h | \
			$(CXX) -std=c++11 -Wall -Wextra -Werror -Iinclude -include $(MIN_CONFIG) -fsyntax-only -x c++ - || exit 1; \
	done
	$(Q)for f in $(sort $(wildcard controllers/*.c)) $(SHELL_SRCS) tests/kit/consumer.c; do \
		$(CC) $(MIN_FLAGS) -D_GNU_SOURCE $(HOST_INC) -Idemo -fsyntax-only $$f || exit 1; \
	done
	@echo "check-minimal-headers: $(words $(PUBLIC_HDRS)) public headers (C11, C++11), every controller, the shell and the kit's consumer compile in the minimal configuration"
